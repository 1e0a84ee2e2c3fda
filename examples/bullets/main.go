// Bullets: a bullet-hell pattern from the centre of an arena, thousands of
// bullets alive at once (Bullets.Fire: twelve spiral arms every tick and a
// ring of 120 every quarter second), with the bullet count and the time
// the simulation step and the drawing take printed on screen.
package main

import (
	"fmt"
	"image/color"
	"log"
	"math"
	"time"

	"diorama/iso"
	"diorama/mathx"
	"diorama/platform"
	"diorama/platform/auto"
	"diorama/raster"
	"diorama/scene"
)

const W, H, side = 480, 320, 30 // view size; the arena is side×side tiles

type game struct {
	w          *scene.World
	boss       scene.Entity
	pt         *iso.Painter
	dl         *raster.DrawList
	now        func() time.Time // the clock for the timings (time.Now)
	step, draw time.Duration    // smoothed timings
}

func newGame() (*game, error) {
	p, _ := iso.Dimetric(16)
	grid, err := iso.NewDiamond(p, side, side)
	if err != nil {
		return nil, err
	}
	w, err := scene.NewWorld(scene.Config{Grid: grid, Seed: 1, MaxBullets: 8192})
	if err != nil {
		return nil, err
	}
	floor := iso.TileLayer{Tiles: make([]int32, side*side), Sprites: []*raster.Sprite{
		raster.MustSprite(iso.TileImage(p, color.RGBA{40, 44, 62, 255})), raster.MustSprite(iso.TileImage(p, color.RGBA{48, 52, 72, 255}))}}
	for k := range floor.Tiles {
		floor.Tiles[k] = int32((k%side + k/side) % 2) // a checkerboard
	}
	w.Layers = []scene.Layer{{Name: "floor", TileLayer: floor}}
	look, err := scene.PlaceholderLook(p, color.NRGBA{200, 80, 200, 255}, 0.6, 1.2)
	if err != nil {
		return nil, err
	}
	id, err := w.Looks().Add(look)
	if err != nil {
		return nil, err
	}
	boss, err := w.Create(scene.EntityDef{Kind: scene.Character, Pos: mathx.V3(side/2, side/2, 0), Radius: 0.6, Health: 1, Look: id})
	if err != nil {
		return nil, err
	}
	dot, err := scene.PlaceholderBullet(color.NRGBA{255, 150, 90, 255}, 3)
	if err != nil {
		return nil, err
	}
	w.Bullets().SetSprite(dot)
	cam := iso.NewCamera(W, H)
	cam.Center = grid.ToScreen(mathx.V3(side/2, side/2, 0))
	return &game{w: w, boss: boss, pt: iso.NewPainter(grid, cam), dl: raster.NewDrawList(), now: time.Now}, nil
}

// fire launches one bullet from the boss's edge along angle a at speed v.
func (g *game) fire(a, v float64) {
	d := mathx.FromAngle(a)
	g.w.Bullets().Fire(scene.BulletDef{Pos: g.w.Pos(g.boss).XY().Add(d.Scale(0.7)), Z: 0.6, Vel: d.Scale(v), Radius: 0.05, Damage: 1, Owner: g.boss, TTL: 360})
}

func (g *game) Update(*platform.Input) error {
	start := g.now()
	t := float64(g.w.Tick()) * g.w.Dt()
	for arm := range 12 { // spiral: the arms turn 1.3 radians a second
		g.fire(1.3*t+float64(arm)*math.Pi/6, 4)
	}
	if g.w.Tick()%15 == 0 { // ring
		for k := range 120 {
			g.fire(float64(k)*math.Pi/60-0.7*t, 2.5)
		}
	}
	g.w.Step()
	smooth(&g.step, g.now().Sub(start))
	return nil
}

func (g *game) Draw(f *raster.Frame, alpha float64) {
	start := g.now()
	g.dl.Reset()
	g.dl.Clear(color.RGBA{12, 12, 20, 255})
	g.w.Render(g.dl, g.pt, alpha) // the text goes over the finished frame
	g.dl.Draw(f)
	smooth(&g.draw, g.now().Sub(start))
	msg := fmt.Sprintf("%d bullets   step %.2f ms   draw %.2f ms", g.w.Bullets().Len(), ms(g.step), ms(g.draw))
	raster.DefaultFont().Draw(f, f.Rect, msg, 8, 8, color.RGBA{255, 255, 255, 255})
}

// smooth folds a new measure d into the running average avg.
func smooth(avg *time.Duration, d time.Duration) {
	if *avg == 0 {
		*avg = d
	}
	*avg += (d - *avg) / 16
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

func main() {
	g, err := newGame()
	if err == nil {
		err = auto.Run(g, platform.Config{Title: "Diorama bullets", Width: W, Height: H}, auto.Options{Name: "bullets"})
	}
	if err != nil && !platform.IsQuit(err) {
		log.Fatal(err)
	}
}
