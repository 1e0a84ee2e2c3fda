package scene_test

import (
	"fmt"
	"image/color"

	"diorama/iso"
	"diorama/loop"
	"diorama/mathx"
	"diorama/raster"
	"diorama/scene"
)

// A bullet fired at a character: after the Step in which it hits, the
// game reads the hit (it names the target) and applies the damage; the
// scene removed the bullet at the end of that Step.
func ExampleWorld_Step() {
	p, _ := iso.Dimetric(32)
	g, _ := iso.NewDiamond(p, 16, 16)
	w, _ := scene.NewWorld(scene.Config{Grid: g, Seed: 1})
	target, _ := w.Create(scene.EntityDef{Kind: scene.Character, Name: "target", Pos: mathx.V3(8, 4, 0), Radius: 0.5, Health: 10})
	w.Bullets().Fire(scene.BulletDef{Pos: mathx.V2(2, 4), Vel: mathx.V2(11, 0), Damage: 4})
	for k := 0; k < 60; k++ {
		w.Step()
		for _, h := range w.Events.BulletHits() {
			fmt.Printf("tick %d: %s hit at %v\n", w.Tick(), w.Name(h.Target), h.Point)
			w.Damage(h.Target, h.Damage, h.Owner)
		}
	}
	fmt.Println("health", w.Health(target), "bullets", w.Bullets().Len())
	// Output:
	// tick 30: target hit at (7.5,4)
	// health 6 bullets 0
}

// A game's rules read the events after each Step, in the order it
// chooses: the hits' damage first, then the deaths it caused (indexing
// Deaths again each turn, since an explosion may add more).
func ExampleEvents() {
	w := newWorld()
	for k := range 3 {
		w.Create(scene.EntityDef{Kind: scene.Character, Name: fmt.Sprint("crate", k), Pos: mathx.V3(8, 4+float64(k), 0), Radius: 0.4, Health: 1})
	}
	w.Bullets().Fire(scene.BulletDef{Pos: mathx.V2(2, 4), Vel: mathx.V2(20, 0), Damage: 1})
	for range 30 {
		w.Step()
		ev := &w.Events
		for _, h := range ev.BulletHits() {
			w.Damage(h.Target, h.Damage, h.Owner)
		}
		for i := 0; i < len(ev.Deaths()); i++ {
			d := ev.Deaths()[i] // readable until the next Step
			fmt.Println(w.Name(d.Entity), "bursts at", w.Pos(d.Entity))
			w.Bullets().Blast(w.Pos(d.Entity).XY(), 1.1, 1, 0, d.Entity)
		}
	}
	fmt.Println(w.Len(), "left")
	// Output:
	// crate0 bursts at (8,4,0)
	// crate1 bursts at (8,5,0)
	// crate2 bursts at (8,6,0)
	// 0 left
}

// Driving a world with the fixed-step clock: ticks at 60 per second, one
// render per frame with the clock's interpolation factor.
func ExampleWorld_Render() {
	p, _ := iso.Dimetric(32)
	g, _ := iso.NewDiamond(p, 8, 8)
	w, _ := scene.NewWorld(scene.Config{Grid: g})
	look, _ := w.Looks().Add(&scene.Look{Sprite: raster.MustSprite(iso.TileImage(p, color.RGBA{255, 255, 255, 255}))})
	hero, _ := w.Create(scene.EntityDef{Kind: scene.Character, Pos: mathx.V3(2, 2, 0), Vel: mathx.V2(1, 0), Radius: 0.3, Look: look})

	cam := iso.NewCamera(320, 200)
	pt := iso.NewPainter(g, cam)
	dl := raster.NewDrawList()
	frame, _ := raster.NewFrame(320, 200)
	h := loop.NewHeadless(loop.Config{TPS: 60})
	h.FrameTime = 25_000_000 // 40 frames per second: 1.5 ticks per frame
	h.Render = func(alpha float64) {
		cam.Follow(g.ToScreen(w.Pos(hero)))
		dl.Reset()
		w.Render(dl, pt, alpha)
		dl.Draw(frame)
	}
	frames := h.Run(60, func(uint64) { w.Step() })
	p3 := w.Pos(hero)
	fmt.Printf("%d frames, %d ticks, hero at (%.3f, %.3f), %d draw commands\n", frames, w.Tick(), p3.X, p3.Y, dl.Len())
	// Output:
	// 40 frames, 60 ticks, hero at (3.000, 2.000), 1 draw commands
}
