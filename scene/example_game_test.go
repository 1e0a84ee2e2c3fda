package scene_test

import (
	"fmt"
	"image"
	"testing/fstest"

	"diorama/atlas"
	"diorama/iso"
	"diorama/level"
	"diorama/mathx"
	"diorama/scene"
)

// A look from a sprite sheet: frames named "tank_E", "tank_S", ... (one
// per facing) make a tank that turns with its heading; a clip "boom"
// makes an effect that plays whatever the facing.
func ExampleAtlasLooks() {
	b := atlas.NewBuilder(atlas.Options{})
	for _, n := range []string{"tank_E", "tank_S", "tank_W", "tank_N", "boom_0", "boom_1"} {
		_ = b.Add(n, image.NewRGBA(image.Rect(0, 0, 16, 12))) // an artist's images
	}
	sheet, _ := b.Build() // or atlas.LoadTexturePacker / LoadAsepriteJSON
	sheet.Clips = append(sheet.Clips, atlas.Clip{Name: "boom", Frames: []int{4, 5}, Durations: []int{50, 50}})

	looks, _ := scene.NewAtlasLooks(sheet) // the frames become sprites once, for every world
	w := newWorld()
	tank, err := looks.Look("tank", w.Looks().Facings(4), 60)
	fmt.Println(len(tank.Frames), "tank frames, facings", w.Looks().Facings(4).Names, err)
	boom, err := looks.Look("boom", w.Looks().Facings(4), 60)
	fmt.Println(len(boom.Clips[scene.Idle][0].Frames), "boom frames of", boom.Clips[scene.Idle][0].Durations, "ticks", err)
	// Output:
	// 4 tank frames, facings [E S W N] <nil>
	// 2 boom frames of [3 3] ticks <nil>
}

// A level file by its extension, and a point the game moves itself (an
// AI player's stick) walked round a wall by a Route.
func ExampleRoute() {
	fsys := fstest.MapFS{"l.lev": {Data: []byte("wwwww\nws--w\nwww-w\nw---w\nwwwww\n")}}
	w, err := level.Load(fsys, "l.lev", level.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	n, _ := w.Nav().Floor()
	var r scene.Route
	p, goal := mathx.V2(1.5, 1.5), mathx.V2(1.5, 3.5)
	steps := 0
	for ; steps < 500; steps++ {
		d, ok := r.Toward(n, p, goal)
		if !ok {
			break
		}
		p = p.Add(d.Scale(0.1))
	}
	fmt.Printf("arrived near (%.0f, %.0f) after %d steps, round the wall\n", p.X-0.5, p.Y-0.5, steps)
	// Output: arrived near (1, 3) after 50 steps, round the wall
}

// A game's own data rides with the entity it belongs to.
func ExampleWorld_SetData() {
	type brain struct{ mood string }
	w := newWorld()
	e, _ := w.Create(scene.EntityDef{Kind: scene.Character, Radius: 0.3, Pos: mathx.V3(2, 2, 0), Data: &brain{"calm"}})
	w.Damage(e, 5, scene.Entity{})
	for _, d := range w.Events.Damages() {
		if b, ok := w.Data(d.Entity).(*brain); ok {
			b.mood = "angry"
		}
	}
	fmt.Println(w.Data(e).(*brain).mood)
	// Output: angry
}

// newWorld is a 16×16 diamond world for the examples.
func newWorld() *scene.World {
	p, _ := iso.Dimetric(32)
	g, _ := iso.NewDiamond(p, 16, 16)
	w, _ := scene.NewWorld(scene.Config{Grid: g})
	return w
}
