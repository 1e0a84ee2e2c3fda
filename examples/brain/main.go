// Brain: a guard run by a state machine (ai/fsm) patrols the hall until it
// sees you (Navigator.LineOfSight, 7 tiles), chases and shoots, and below half health
// flees to cover (Navigator.FindCover), recovers, patrols. WASD moves you, arrows fire.
package main

import (
	"embed"
	"fmt"
	"image/color"
	"log"

	"diorama/ai/fsm"
	"diorama/iso"
	"diorama/level"
	"diorama/mathx"
	"diorama/platform"
	"diorama/platform/auto"
	"diorama/raster"
	"diorama/scene"
)

//go:embed level.txt
var files embed.FS

const W, H, hurt = 480, 320, fsm.Event(1)

var route = []mathx.Vec2{{X: 2.5, Y: 2.5}, {X: 13.5, Y: 2.5}, {X: 13.5, Y: 9.5}, {X: 2.5, Y: 9.5}}

type game struct {
	w              *scene.World
	you, guard     scene.Entity
	brain          *fsm.Machine[*game]
	wp, cool, rest int
	seen           bool         // the guard sees you this tick
	pt             *iso.Painter // and its camera
	dl             *raster.DrawList
}

var patrol, chase, flee fsm.State[*game]

func init() {
	alert := &fsm.State[*game]{Name: "alert", Initial: &patrol, On: []fsm.Transition[*game]{{Event: hurt, To: &flee,
		Guard: func(g *game) bool { return g.w.Health(g.guard) < 50 }}}}
	patrol = fsm.State[*game]{Name: "patrol", Parent: alert,
		Enter: func(g *game, _ *fsm.Machine[*game]) { g.w.Nav().MoveTo(g.guard, route[g.wp], 1.5) },
		Execute: func(g *game, m *fsm.Machine[*game]) {
			if g.seen {
				m.Change(&chase)
			} else if !g.w.Nav().Moving(g.guard) { // at the corner (or stuck): on to the next
				g.wp = (g.wp + 1) % len(route)
				m.Change(&patrol)
			}
		}}
	chase = fsm.State[*game]{Name: "chase", Parent: alert, Execute: func(g *game, m *fsm.Machine[*game]) {
		if !g.seen {
			m.Change(&patrol)
		} else if g.w.Tick()%30 == 0 { // walk at you, and shoot
			g.w.Nav().MoveTo(g.guard, g.w.Pos(g.you).XY(), 2.2)
			g.shoot(g.guard, g.w.Pos(g.you).XY().Sub(g.w.Pos(g.guard).XY()), 5)
		}
	}}
	flee = fsm.State[*game]{Name: "flee", Enter: func(g *game, _ *fsm.Machine[*game]) {
		g.rest = 300
		if at, ok := g.w.Nav().FindCover(g.w.Pos(g.guard).XY(), g.w.Pos(g.you).XY(), 10); ok {
			g.w.Nav().MoveTo(g.guard, at, 3)
		}
	}, Execute: func(g *game, m *fsm.Machine[*game]) {
		if g.rest--; g.rest == 0 {
			g.w.Damage(g.guard, -60, scene.Entity{}) // recovered
			m.Change(&patrol)
		}
	}}
}

// shoot fires a bullet from e along dir, starting just outside its body.
func (g *game) shoot(e scene.Entity, dir mathx.Vec2, dmg int32) {
	g.w.Bullets().Fire(scene.BulletDef{Pos: g.w.Pos(e).XY().Add(dir.Unit().Scale(0.45)), Z: 0.5, Vel: dir.Unit().Scale(8), Radius: 0.08, Damage: dmg, Owner: e, TTL: 90})
}

func newGame() (*game, error) {
	w, err := level.LoadASCII(files, "level.txt", level.Options{TileWidth: 32, Seed: 1})
	if err != nil {
		return nil, err
	}
	g := &game{w: w, pt: iso.NewPainter(w.Grid, iso.NewCamera(W, H)), dl: raster.NewDrawList()}
	g.pt.Cam.Center = w.Grid.ToScreen(mathx.V3(8, 6, 0))
	for i, who := range []*scene.Entity{&g.you, &g.guard} { // blue you at the centre, the red guard in a corner
		l, err := scene.PlaceholderLook(w.Grid.Proj, []color.NRGBA{{60, 130, 230, 255}, {220, 70, 50, 255}}[i], 0.3, 0.9)
		var id scene.LookID
		if err == nil {
			id, err = w.Looks().Add(l)
		}
		if err == nil {
			*who, err = w.Create(scene.EntityDef{Kind: scene.Character, Pos: []mathx.Vec3{{X: 7.5, Y: 6}, {X: 2.5, Y: 2.5}}[i], Radius: 0.3, Health: 100, Look: id})
		}
		if err != nil {
			return nil, err
		}
	}
	dot, _ := scene.PlaceholderBullet(color.NRGBA{255, 230, 120, 255}, 4)
	w.Bullets().SetSprite(dot)
	g.brain = fsm.New(g, 4)
	return g, g.brain.Start(&patrol)
}

func (g *game) Update(in *platform.Input) error {
	one := map[bool]float64{true: 1}
	ax := func(a, b platform.Key) float64 { return one[in.KeyDown(b)] - one[in.KeyDown(a)] }
	x, y := ax(platform.KeyA, platform.KeyD), ax(platform.KeyW, platform.KeyS)
	g.w.SetVelocity(g.you, mathx.V2(x+y, y-x).Unit().Scale(3)) // screen to world
	x, y = ax(platform.KeyArrowLeft, platform.KeyArrowRight), ax(platform.KeyArrowUp, platform.KeyArrowDown)
	if g.cool--; (x != 0 || y != 0) && g.cool <= 0 {
		g.cool = 12
		g.shoot(g.you, mathx.V2(x+y, y-x), 20)
	}
	if a, b := g.w.Pos(g.guard).XY(), g.w.Pos(g.you).XY(); g.w.Alive(g.guard) {
		g.seen = a.Dist(b) < 7 && g.w.Nav().LineOfSight(a, b)
		g.brain.Update()
	}
	g.w.Step()
	for _, h := range g.w.Events.BulletHits() { // what the tick's bullets hit
		if g.w.Alive(h.Target) {
			g.w.Looks().Flash(h.Target, color.RGBA{255, 255, 255, 255}, 8)
			g.w.Damage(h.Target, h.Damage, h.Owner)
			if h.Target == g.guard {
				g.brain.Post(hurt)
			}
		}
	}
	return nil
}

func (g *game) Draw(f *raster.Frame, alpha float64) {
	g.dl.Reset()
	g.dl.Clear(color.RGBA{28, 30, 40, 255})
	d, _ := g.w.Render(g.dl, g.pt, alpha)
	g.dl.Text(d, raster.DefaultFont(), fmt.Sprintf("guard: %s (%d hp)   you: %d hp", g.brain.Current().Name, g.w.Health(g.guard), g.w.Health(g.you)), 8, 8, color.RGBA{255, 255, 255, 255})
	g.dl.Draw(f)
}

func main() {
	g, err := newGame()
	if err == nil {
		err = auto.Run(g, platform.Config{Title: "Diorama brain", Width: W, Height: H}, auto.Options{Name: "brain"})
	}
	if err != nil && !platform.IsQuit(err) {
		log.Fatal(err)
	}
}
