// Newcomer is the small game a new user asks for first: a Tiled isometric
// map, a player moved with WASD (arrows or the mouse fire), two enemies
// that find their way to the player and shoot, three hits kill, a score,
// and game over with R to restart.
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

//go:embed arena.tmx tiles.png
var files embed.FS

const W, H = 480, 320

type game struct {
	*scene.View
	w           *scene.World
	player      scene.Entity
	enemy       scene.LookID
	score, cool int
	over, seed  uint64
}

// start builds the level into g (from scratch: a restart calls it again).
func (g *game) start(seed uint64) error {
	*g = game{seed: seed}
	var player scene.LookID
	w, err := level.LoadTiled(files, "arena.tmx", level.Options{Seed: seed, CharacterHealth: 3,
		Prepare: func(w *scene.World) (err error) {
			if player, err = w.Looks().Placeholder(color.NRGBA{60, 130, 230, 255}, 0.3, 1); err == nil {
				g.enemy, err = w.Looks().Placeholder(color.NRGBA{220, 70, 50, 255}, 0.3, 1)
			}
			return err
		},
		Looks: func(class string) scene.LookID {
			return map[string]scene.LookID{"player": player, "enemy": g.enemy}[class]
		}})
	if err != nil {
		return err
	}
	g.player, _ = w.Find("hero")
	dot, _ := scene.PlaceholderBullet(color.NRGBA{255, 230, 120, 255}, 4)
	w.Bullets().SetSprite(dot)
	g.w, g.View = w, scene.NewView(w, W, H)
	g.Target, g.HUDAlign = g.player, scene.AlignCenter
	return nil
}

// react is the game's rules on what the world's last Step did.
func (g *game) react() {
	w, ev := g.w, &g.w.Events
	for _, h := range ev.BulletHits() { // every bullet takes one of three hit points
		if w.Alive(h.Target) && w.Kind(h.Target) == scene.Character && h.Owner != h.Target {
			w.Looks().Flash(h.Target, color.RGBA{255, 255, 255, 255}, 8)
			w.Damage(h.Target, 1, h.Owner) // a death lands in ev.Deaths()
		}
	}
	for _, d := range ev.Deaths() {
		if d.Entity == g.player {
			g.over = w.Tick()
			continue
		}
		g.score += 100 // and a new enemy at a spawn point
		spawns := w.AppendEntities(nil, scene.SpawnPoint)
		at := w.Pos(spawns[w.Rand.IntN(len(spawns))])
		w.Create(scene.EntityDef{Kind: scene.Character, Class: "enemy", Pos: at, Radius: 0.3, Health: 3, Look: g.enemy})
	}
	for _, a := range ev.Arrivals() { // an enemy that got there, or cannot, shoots if it sees the player
		g.shoot(a.Entity, g.aimAtPlayer(a.Entity))
	}
	for _, m := range ev.MoveFailures() {
		g.shoot(m.Entity, g.aimAtPlayer(m.Entity))
	}
}

// aimAtPlayer is the direction from e to the player when e sees it.
func (g *game) aimAtPlayer(e scene.Entity) mathx.Vec2 {
	from, to := g.w.Pos(e).XY(), g.w.Pos(g.player).XY()
	if !g.w.Alive(g.player) || !g.w.Nav().LineOfSight(from, to) {
		return mathx.Vec2{}
	}
	return to.Sub(from).Unit()
}

// shoot fires a bullet from e along dir (nothing when dir is zero).
func (g *game) shoot(e scene.Entity, dir mathx.Vec2) {
	if dir.LenSq() > 0 {
		from := g.w.Pos(e).XY()
		g.w.Bullets().Fire(scene.BulletDef{Pos: from.Add(dir.Scale(0.45)), Z: 0.5, Vel: dir.Scale(9), Radius: 0.08, Owner: e, TTL: 120})
	}
}

func (g *game) Update(in *platform.Input) error {
	w := g.w
	if g.over > 0 { // game over: R builds the level again and closes the old world
		if in.KeyPressed(platform.KeyR) {
			defer w.Close()
			return g.start(g.seed + 1)
		}
		return nil
	}
	st := platform.ReadSticks(in, nil, nil) // WASD, arrows, a gamepad
	w.SetVelocity(g.player, g.ScreenDir(st.Move.X, st.Move.Y).Unit().Scale(3))
	aim := g.ScreenDir(st.Aim.X, st.Aim.Y).Unit()
	if in.MouseDown(platform.MouseLeft) {
		m := in.Mouse()
		aim = g.ScreenToWorld(m.X, m.Y).XY().Sub(w.Pos(g.player).XY()).Unit()
	}
	if g.cool--; aim.LenSq() > 0 && g.cool <= 0 {
		g.cool = 10
		g.shoot(g.player, aim)
	}
	if w.Tick()%60 == 0 { // once a second each enemy plans a walk to the player
		for _, e := range w.AppendEntities(nil, scene.Character) {
			if e != g.player {
				w.Nav().MoveTo(e, w.Pos(g.player).XY(), 2)
			}
		}
	}
	w.Step()
	g.react()
	g.HUD = append(g.HUD[:0], fmt.Sprintf("score %d   health %d", g.score, max(0, w.Health(g.player))))
	if g.over > 0 {
		g.Banner = []string{"GAME OVER", fmt.Sprintf("score %d - press R to play again", g.score)}
	}
	return nil
}

func main() {
	g := &game{}
	err := g.start(1)
	if err == nil {
		err = auto.Run(g, platform.Config{Title: "Diorama newcomer", Width: W, Height: H}, auto.Options{Name: "newcomer"})
	}
	if err != nil && !platform.IsQuit(err) {
		log.Fatal(err)
	}
}
