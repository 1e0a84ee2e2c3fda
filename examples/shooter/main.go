// Shooter is a small twin-stick game: WASD moves, the arrow keys (or the
// mouse button, toward the cursor) fire. Two enemies walk to the player
// around the walls and shoot when they see it; three hits kill one.
package main

import (
	"embed"
	"fmt"
	"image/color"
	"log"

	"diorama/level"
	"diorama/mathx"
	"diorama/platform"
	"diorama/platform/auto"
	"diorama/scene"
)

//go:embed level.txt
var files embed.FS

const W, H = 480, 320

// game embeds a scene.View, which draws the world (platform.Game's Draw).
type game struct {
	*scene.View
	w           *scene.World
	player      scene.Entity
	enemy       scene.LookID
	score, cool int
}

func newGame(seed uint64) (*game, error) {
	g := &game{}
	var player, enemy scene.LookID
	w, err := level.LoadASCII(files, "level.txt", level.Options{TileWidth: 32, Seed: seed, CharacterHealth: 12,
		Prepare: func(w *scene.World) (err error) {
			player, err = w.Looks().Placeholder(color.NRGBA{60, 130, 230, 255}, 0.3, 0.9)
			if err == nil {
				enemy, err = w.Looks().Placeholder(color.NRGBA{220, 70, 50, 255}, 0.3, 0.9)
			}
			return err
		},
		Looks: func(class string) scene.LookID {
			return map[string]scene.LookID{"player": player, "enemy": enemy}[class]
		}})
	if err != nil {
		return nil, err
	}
	g.player, _ = w.Find("player")
	dot, _ := scene.PlaceholderBullet(color.NRGBA{255, 230, 120, 255}, 4)
	w.Bullets().SetSprite(dot)
	g.enemy = enemy
	g.w, g.View = w, scene.NewView(w, W, H)
	g.LookAt(mathx.V3(8, 5.5, 0)) // the whole level is in view
	return g, nil
}

// shoot fires a bullet from e along dir, or at the player when it is in sight.
func (g *game) shoot(e scene.Entity, atPlayer bool, dir ...mathx.Vec2) {
	from, to := g.w.Pos(e).XY(), g.w.Pos(g.player).XY()
	if atPlayer && g.w.Nav().LineOfSight(from, to) {
		dir = append(dir, to.Sub(from).Unit())
	}
	dmg := int32(1) // an enemy's bullet; the player's hit four times as hard: three kill
	if e == g.player {
		dmg = 4
	}
	if len(dir) > 0 && dir[0].LenSq() > 0 {
		g.w.Bullets().Fire(scene.BulletDef{Pos: from.Add(dir[0].Scale(0.45)), Z: 0.5, Vel: dir[0].Scale(9), Radius: 0.08, Damage: dmg, Owner: e, TTL: 120})
	}
}

// react is the game's rules on what the world's last Step did.
func (g *game) react() {
	w := g.w
	ev := &w.Events
	for _, h := range ev.BulletHits() {
		if w.Alive(h.Target) && w.Kind(h.Target) == scene.Character {
			w.Looks().Flash(h.Target, color.RGBA{255, 255, 255, 255}, 8)
			w.Damage(h.Target, h.Damage, h.Owner) // a death lands in ev.Deaths()
		}
	}
	for _, d := range ev.Deaths() {
		if d.Entity != g.player { // score, and a new enemy at spawn point 0 or 2 (1 is the player's)
			g.score += 100
			at := w.Pos(w.AppendEntities(nil, scene.SpawnPoint)[2*w.Rand.IntN(2)])
			w.Create(scene.EntityDef{Kind: scene.Character, Class: "enemy", Pos: at, Radius: 0.3, Health: 12, Look: g.enemy})
		}
	}
	// An enemy that got there, or cannot, shoots if it sees the player.
	for _, a := range ev.Arrivals() {
		g.shoot(a.Entity, true)
	}
	for _, m := range ev.MoveFailures() {
		g.shoot(m.Entity, true)
	}
}

func (g *game) Update(in *platform.Input) error {
	w := g.w
	if w.Alive(g.player) {
		st := platform.ReadSticks(in, nil, nil) // WASD, arrows, a gamepad
		w.SetVelocity(g.player, g.ScreenDir(st.Move.X, st.Move.Y).Unit().Scale(3))
		aim := g.ScreenDir(st.Aim.X, st.Aim.Y).Unit()
		if in.MouseDown(platform.MouseLeft) {
			m := in.Mouse()
			aim = g.ScreenToWorld(m.X, m.Y).XY().Sub(w.Pos(g.player).XY()).Unit()
		}
		if g.cool--; aim.LenSq() > 0 && g.cool <= 0 {
			g.cool = 10
			g.shoot(g.player, false, aim)
		}
		if w.Tick()%60 == 0 { // once a second each enemy plans a walk to the player
			for _, e := range w.AppendEntities(nil, scene.Character) {
				if e != g.player {
					w.Nav().MoveTo(e, w.Pos(g.player).XY(), 2)
				}
			}
		}
	}
	w.Step()
	g.react()
	g.HUD = append(g.HUD[:0], fmt.Sprintf("score %d   health %d", g.score, w.Health(g.player)))
	return nil
}

func main() {
	g, err := newGame(1)
	if err == nil {
		err = auto.Run(g, platform.Config{Title: "Diorama shooter", Width: W, Height: H}, auto.Options{Name: "shooter"})
	}
	if err != nil && !platform.IsQuit(err) {
		log.Fatal(err)
	}
}
