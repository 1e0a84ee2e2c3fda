package scene

import (
	"image"
	"image/color"
	"slices"
	"testing"

	"diorama/atlas"
	"diorama/internal/testenv"
	"diorama/iso"
	"diorama/mathx"
	"diorama/physics"
	"diorama/raster"
)

// renderFrame renders w at alpha into a 256×160 frame whose screen is the
// map's pixels (as litPixels).
func renderFrame(t *testing.T, w *World, alpha float64) *raster.Frame {
	t.Helper()
	cam := iso.NewCamera(256, 160)
	cam.Center = mathx.V2(128, 80)
	fr, err := raster.NewFrame(256, 160)
	if err != nil {
		t.Fatal(err)
	}
	dl := raster.NewDrawList()
	if _, err := w.Render(dl, iso.NewPainter(w.Grid, cam), alpha); err != nil {
		t.Fatal(err)
	}
	dl.Draw(fr)
	return fr
}

func countColour(f *raster.Frame, c color.RGBA) int {
	n := 0
	for y := 0; y < f.Rect.Dy(); y++ {
		for x := 0; x < f.Rect.Dx(); x++ {
			if f.RGBAAt(x, y) == c {
				n++
			}
		}
	}
	return n
}

// TestBulletLookAndTag: each bullet is drawn with its own look, a
// directional look by its flight (east and south frames differ), the
// world's bullet sprite when it has none; its Tag comes back in BulletHit
// and Bullets.Near.
func TestBulletLookAndTag(t *testing.T) {
	w := testWorld(t, 8, 8, 1)
	red, green, blue := color.RGBA{255, 0, 0, 255}, color.RGBA{0, 255, 0, 255}, color.RGBA{0, 0, 255, 255}
	w.Bullets().SetSprite(dot(blue))
	dirs := atlas.Directions(4, 0) // screen east, south, west, north
	rocket, err := w.Looks().Add(&Look{Dirs: dirs, Frames: []*raster.Sprite{dot(red), dot(green), dot(red), dot(green)}})
	if err != nil {
		t.Fatal(err)
	}
	w.Bullets().Fire(BulletDef{Pos: mathx.V2(2, 2), Vel: mathx.V2(0.01, -0.01), Look: rocket, Tag: 7})
	w.Bullets().Fire(BulletDef{Pos: mathx.V2(4, 2), Vel: mathx.V2(0.01, 0.01), Look: rocket, Tag: 8})
	w.Bullets().Fire(BulletDef{Pos: mathx.V2(2, 4), Vel: mathx.V2(0.01, 0)})
	wantPanic(t, "Bullets.Fire", func() { w.Bullets().Fire(BulletDef{Pos: mathx.V2(2, 4), Look: 99}) })
	f := renderFrame(t, w, 1)
	if r, g, b := countColour(f, red), countColour(f, green), countColour(f, blue); r != 1 || g != 1 || b != 1 {
		t.Errorf("red %d green %d blue %d pixels, want one of each", r, g, b)
	}
	near := w.Bullets().Near(mathx.V2(2, 2), 0.5, nil)
	if len(near) != 1 || near[0].Tag != 7 || near[0].Pos != mathx.V2(2, 2) {
		t.Errorf("Bullets.Near = %+v, want the tag-7 bullet at (2,2)", near)
	}
	if n := len(w.Bullets().Near(mathx.V2(3, 3), 5, near)); n != 3 {
		t.Errorf("Bullets.Near within 5: %d bullets, want 3", n)
	}
	if w.bullets.looked != 2 {
		t.Errorf("%d bullets counted with a look, want 2", w.bullets.looked)
	}
	if !w.Bullets().Remove(near[0].ID) || w.bullets.looked != 1 {
		t.Errorf("after removing one: %d bullets counted with a look, want 1", w.bullets.looked)
	}
	var tags []int32
	w.Bullets().Fire(BulletDef{Pos: mathx.V2(7.9, 4), Vel: mathx.V2(300, 0), Tag: 42})
	w.Step()
	for _, h := range w.Events.BulletHits() {
		tags = append(tags, h.Tag)
	}
	if len(tags) != 1 || tags[0] != 42 {
		t.Errorf("hits carried tags %v, want [42]", tags)
	}
}

// TestObjectClipPlays: an object's look plays its clip from its first
// frame, one frame per tick (an explosion effect).
func TestObjectClipPlays(t *testing.T) {
	w := testWorld(t, 8, 8, 1)
	cols := []color.RGBA{{255, 0, 0, 255}, {0, 255, 0, 255}, {0, 0, 255, 255}}
	l := &Look{Frames: []*raster.Sprite{dot(cols[0]), dot(cols[1]), dot(cols[2])}, Dirs: atlas.Directions(1, 0)}
	l.Clips[Idle] = []*atlas.Clip{{Name: "boom", Frames: []int{0, 1, 2}, Durations: []int{1, 1, 1}}}
	id, err := w.Looks().Add(l)
	if err != nil {
		t.Fatal(err)
	}
	w.Step()
	w.Step()
	mustCreate(t, w, EntityDef{Kind: Object, Pos: mathx.V3(3, 3, 0), Look: id, Lifetime: 3})
	for k, c := range cols {
		if n := countColour(renderFrame(t, w, 1), c); n != 1 {
			t.Errorf("tick %d: %d pixels of frame %d's colour, want 1", k, n, k)
		}
		w.Step()
	}
	if w.Len() != 0 {
		t.Errorf("%d entities after the lifetime, want 0", w.Len())
	}
}

// TestSilhouetteOnlyWhenHidden: a character with a silhouette standing
// behind a wall block (the block drawn after it covers its middle) is
// drawn again over the wall in the silhouette colour; in front of the
// block, or without a silhouette, it is not.
func TestSilhouetteOnlyWhenHidden(t *testing.T) {
	ghost := color.RGBA{0, 0, 255, 255}
	for _, c := range []struct {
		name     string
		pos      mathx.Vec3
		on, want bool
	}{
		{"behind the wall", mathx.V3(2.5, 2.5, 0), true, true},
		{"behind, no silhouette", mathx.V3(2.5, 2.5, 0), false, false},
		{"in front of the wall", mathx.V3(4.5, 4.5, 0), true, false},
		{"beside the wall", mathx.V3(0.5, 6.5, 0), true, false},
	} {
		w := testWorld(t, 8, 8, 1)
		body := image.NewRGBA(image.Rect(0, 0, 8, 16))
		for k := range body.Pix {
			body.Pix[k] = 255
		}
		look, err := w.Looks().Add(&Look{Sprite: raster.MustSprite(body)})
		if err != nil {
			t.Fatal(err)
		}
		block := image.NewRGBA(image.Rect(0, 0, 32, 48))
		for k := 0; k < len(block.Pix); k += 4 {
			block.Pix[k], block.Pix[k+1], block.Pix[k+2], block.Pix[k+3] = 90, 90, 90, 255
		}
		box := iso.Footprint(3, 3, 1, 1, 0, 2)
		sp := w.Grid.ToScreen(mathx.V3(4, 4, 0)) // the block's lowest corner
		mustCreate(t, w, EntityDef{Kind: Object, Pos: mathx.V3(3.5, 3.5, 0), Solid: true, Extent: mathx.V2(0.5, 0.5),
			Drawing: iso.Object{Box: box, Parts: []iso.Part{{Sprite: raster.MustSprite(block), At: mathx.Point{X: int(sp.X) - 16, Y: int(sp.Y) - 48}}}}})
		e := mustCreate(t, w, EntityDef{Kind: Character, Pos: c.pos, Radius: 0.2, Height: 0.5, Look: look})
		if c.on {
			w.Looks().SetSilhouette(e, ghost)
		}
		got := countColour(renderFrame(t, w, 1), ghost) > 0
		if got != c.want {
			t.Errorf("%s: silhouette drawn %v, want %v", c.name, got, c.want)
		}
	}
}

// TestShowHealthBar: a hit entity shows a bar whose red part is its
// health's share of 32 pixels, for the given ticks only.
func TestShowHealthBar(t *testing.T) {
	w := testWorld(t, 8, 8, 1)
	e := mustCreate(t, w, EntityDef{Kind: Character, Pos: mathx.V3(3, 3, 0), Radius: 0.2, Health: 100})
	w.Damage(e, 25, Entity{})
	w.Looks().ShowHealth(e, 2)
	fill := DefaultBarStyle.Fill
	for tick, want := range []int{24 * 4, 24 * 4, 0} {
		if n := countColour(renderFrame(t, w, 1), fill); n != want {
			t.Errorf("tick %d: %d red pixels, want %d", tick, n, want)
		}
		w.Step()
	}
	if msg := panics(func() { w.Looks().ShowHealth(Entity{}, 1) }); msg != "" {
		t.Errorf("ShowHealth of a nil handle panicked: %s", msg)
	}
}

// The bullet rules (lifetimes, leaving the map) run on the physics'
// workers when there are many bullets: the same edge hits in the same
// order, the same state, as on one worker, and no allocation per tick.
func TestBulletRulesParallel(t *testing.T) {
	run := func(workers int) ([]BulletID, uint64, uint64) {
		w := testWorld(t, 32, 32, 5)
		w.Phys.SetWorkers(workers)
		defer w.Phys.Close()
		var edges []BulletID
		k := 0
		step := func() { // 400 bullets a tick, in every direction, some leaving the map
			for range 400 {
				k++
				w.Bullets().Fire(BulletDef{Pos: mathx.V2(16, 16), Vel: mathx.FromAngle(float64(k) * 0.01).Scale(4 + float64(k%25)), TTL: int32(20 + k%40)})
			}
			w.Step()
			for _, h := range w.Events.BulletHits() {
				if h.Edge {
					edges = append(edges, h.Bullet)
				}
			}
		}
		for range 150 {
			step()
		}
		// The rules ran on several chunks of slots (StepBulletsThen).
		if c := physics.BulletChunks(&w.Bullets().P); c < 3 {
			t.Fatalf("%d bullet chunks, want several", c)
		}
		// Compared before the allocation count: AllocsOver measures a
		// window again when the runtime allocated in it, so how many
		// ticks it runs may differ from run to run.
		hash, seen := w.StateHash(), len(edges)
		allocs := testenv.AllocsOver(10, step)
		return edges[:seen], hash, allocs
	}
	e1, h1, _ := run(1)
	for _, n := range []int{2, 3, 16} {
		e2, h2, a2 := run(n)
		if len(e1) == 0 || !slices.Equal(e1, e2) || h1 != h2 {
			t.Errorf("%d workers: %d edge hits (1 worker %d), hash %x against %x", n, len(e2), len(e1), h2, h1)
		}
		if a2 != 0 {
			t.Errorf("%v allocations in 10 ticks with %d workers", a2, n)
		}
	}
}
