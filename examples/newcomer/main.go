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
		g.shootAtPlayer(a.Entity)
	}
	for _, m := range ev.MoveFailures() {
		g.shootAtPlayer(m.Entity)
	}
}

// shootAtPlayer makes e shoot at the player when e sees it.
func (g *game) shootAtPlayer(e scene.Entity) {
	from, to := g.w.Pos(e).XY(), g.w.Pos(g.player).XY()
	if g.w.Alive(g.player) && g.w.Nav().LineOfSight(from, to) {
		g.shoot(scene.BulletDef{Owner: e, Vel: to.Sub(from).Unit()})
	}
}

// shoot fires b from its owner along b.Vel, a unit direction (nothing
// when it is zero), at the game's bullet speed, size and lifetime.
func (g *game) shoot(b scene.BulletDef) {
	if dir := b.Vel; dir.LenSq() > 0 {
		b.Pos, b.Z, b.Vel, b.Radius, b.TTL = g.w.Pos(b.Owner).XY().Add(dir.Scale(0.45)), 0.5, dir.Scale(9), 0.08, 120
		g.w.Bullets().Fire(b)
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
		g.shoot(scene.BulletDef{Owner: g.player, Vel: aim})
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
