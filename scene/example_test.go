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

// IsoMob's Listing 5.1 in Go: listeners on the bullet-collide event run in
// subscription order, synchronously.
func ExampleBus() {
	var collide scene.Bus[string]
	collide.Subscribe(func(who string) { fmt.Println(who, "takes damage") })
	ricochet := collide.Subscribe(func(string) { fmt.Println("ricochet") })
	collide.Subscribe(func(string) { fmt.Println("scene removes the bullet") })
	collide.Dispatch("objA")
	collide.Unsubscribe(ricochet)
	collide.Dispatch("objB")
	// Output:
	// objA takes damage
	// ricochet
	// scene removes the bullet
	// objB takes damage
	// scene removes the bullet
}

// A bullet fired at a character: the hit event names the target, a
// listener applies the damage, and the scene removes the bullet at the end
// of the tick.
func ExampleWorld_Step() {
	p, _ := iso.Dimetric(32)
	g, _ := iso.NewDiamond(p, 16, 16)
	w, _ := scene.NewWorld(scene.Config{Grid: g, Seed: 1})
	target, _ := w.Create(scene.EntityDef{Kind: scene.Character, Name: "target", Pos: mathx.V3(8, 4, 0), Radius: 0.5, Health: 10})
	w.Events.BulletHit.Subscribe(func(h scene.BulletHitEvent) {
		fmt.Printf("tick %d: %s hit at %v\n", w.Tick(), w.Name(h.Target), h.Point)
		w.Damage(h.Target, h.Damage, h.Owner)
	})
	w.Bullets().Fire(scene.BulletDef{Pos: mathx.V2(2, 4), Vel: mathx.V2(11, 0), Damage: 4})
	for k := 0; k < 60; k++ {
		w.Step()
	}
	fmt.Println("health", w.Health(target), "bullets", w.Bullets().Len())
	// Output:
	// tick 29: target hit at (7.5,4)
	// health 6 bullets 0
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
