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
	"diorama/raster"
)

func dot(c color.RGBA) *raster.Sprite {
	img := image.NewRGBA(image.Rect(0, 0, 1, 1))
	img.SetRGBA(0, 0, c)
	return raster.MustSprite(img)
}

// litPixels renders w at alpha and returns the non-background pixels.
func litPixels(t *testing.T, w *World, alpha float64) []image.Point {
	t.Helper()
	fr := renderFrame(t, w, alpha)
	var out []image.Point
	for y := 0; y < 160; y++ {
		for x := 0; x < 256; x++ {
			if fr.RGBAAt(x, y).A != 0 {
				out = append(out, image.Pt(x, y))
			}
		}
	}
	return out
}

// TestRenderInterpolates: a character moving one unit per tick along x is
// drawn at the previous tick's position for alpha 0, the last one for
// alpha 1 and halfway between for 0.5 (Dimetric(32): x steps 16 pixels
// right and 8 down; the world origin is at map pixel (128, 0)). Bullets
// interpolate the same way.
func TestRenderInterpolates(t *testing.T) {
	w := testWorld(t, 8, 8, 1)
	look, err := w.Looks().Add(&Look{Sprite: dot(color.RGBA{255, 255, 255, 255})})
	if err != nil {
		t.Fatal(err)
	}
	e := mustCreate(t, w, EntityDef{Kind: Character, Pos: mathx.V3(2, 2, 0), Vel: mathx.V2(60, 0), Radius: 0.2, Look: look})
	w.Step()
	if p := w.Pos(e); p.Dist(mathx.V3(3, 2, 0)) > 1e-12 {
		t.Fatalf("moved to %v", p)
	}
	for _, c := range []struct {
		alpha float64
		want  image.Point
	}{
		{0, image.Pt(128, 31)},   // (2,2): (0, 32) + origin, sprite bottom on the feet
		{1, image.Pt(144, 39)},   // (3,2): (16, 40)
		{0.5, image.Pt(136, 35)}, // (2.5,2): (8, 36)
		{-3, image.Pt(128, 31)},  // clamped
		{7, image.Pt(144, 39)},
	} {
		got := litPixels(t, w, c.alpha)
		if len(got) != 1 || got[0] != c.want {
			t.Errorf("alpha %v: lit %v, want %v", c.alpha, got, c.want)
		}
	}
	// A bullet: the same rule, at its height.
	if !w.Remove(e) {
		t.Fatal("not removed")
	}
	w.Bullets().SetSprite(dot(color.RGBA{255, 0, 0, 255}))
	w.Bullets().Fire(BulletDef{Pos: mathx.V2(4, 4), Z: 1, Vel: mathx.V2(0, 30)})
	w.Step() // (4, 4) → (4, 4.5)
	for _, c := range []struct {
		alpha float64
		want  image.Point
	}{
		{0, image.Pt(128, 8*8-16-1)},     // z = 1 lifts it 16 pixels
		{1, image.Pt(128-8, 8*8+4-16-1)}, // y + 0.5: 8 left, 4 down
	} {
		got := litPixels(t, w, c.alpha)
		if len(got) != 1 || got[0] != c.want {
			t.Errorf("bullet alpha %v: lit %v, want %v", c.alpha, got, c.want)
		}
	}
}

// TestAnimationFacing: a character with 4-facing walk and idle clips picks
// the clip of its screen heading and state, and advances one frame per
// tick.
func TestAnimationFacing(t *testing.T) {
	w := testWorld(t, 16, 16, 1)
	var frames []*raster.Sprite
	for k := 0; k < 16; k++ {
		frames = append(frames, dot(color.RGBA{uint8(k * 16), 0, 0, 255}))
	}
	dirs := atlas.Directions(4, 0) // E, S, W, N on screen
	l := &Look{Frames: frames, Dirs: dirs}
	for s := 0; s < int(NumAnimStates); s++ {
		for d := 0; d < 4; d++ {
			base := (s*4 + d) * 2 % 16
			l.Clips[s] = append(l.Clips[s], &atlas.Clip{Name: "c", Frames: []int{base, base + 1}, Durations: []int{1, 1}})
		}
	}
	id, err := w.Looks().Add(l)
	if err != nil {
		t.Fatal(err)
	}
	e := mustCreate(t, w, EntityDef{Kind: Character, Pos: mathx.V3(8, 8, 0), Radius: 0.2, Look: id})
	frameOf := func() int { return w.player[e.Slot()].Frame() }
	// Idle, facing world +x, which projects to screen (16, 8): 26.6°,
	// nearest E, so the idle-E clip's first frame.
	if w.Looks().Anim(e) != Idle || w.dir[e.Slot()] != 0 || frameOf() != 0 {
		t.Fatalf("anim %v dir %d frame %d", w.Looks().Anim(e), w.dir[e.Slot()], frameOf())
	}
	// Walk along world +y: screen (−16, 8), 153°: nearest W (180°), facing 2.
	w.SetVelocity(e, mathx.V2(0, 2))
	w.Step()
	if w.Looks().Anim(e) != Walk || w.dir[e.Slot()] != 2 {
		t.Fatalf("anim %v dir %d", w.Looks().Anim(e), w.dir[e.Slot()])
	}
	base := (1*4 + 2) * 2 % 16
	if frameOf() != base+1 { // restarted on the walk-W clip, then advanced one tick
		t.Fatalf("frame %d, want %d", frameOf(), base+1)
	}
	w.Step()
	if frameOf() != base {
		t.Fatalf("frame %d after two ticks, want %d (looped)", frameOf(), base)
	}
	// Walk along world −x−y: screen straight up: N (3).
	w.SetVelocity(e, mathx.V2(-1, -1))
	w.Step()
	if w.dir[e.Slot()] != 3 {
		t.Fatalf("dir %d, want 3 (N)", w.dir[e.Slot()])
	}
	// Bad looks are refused.
	if _, err := w.Looks().Add(&Look{}); err == nil {
		t.Fatal("empty look accepted")
	}
	bad := &Look{Frames: frames, Dirs: dirs}
	bad.Clips[Walk] = []*atlas.Clip{{Frames: []int{99}, Durations: []int{1}}, nil, nil, nil}
	if _, err := w.Looks().Add(bad); err == nil {
		t.Fatal("clip with a missing frame accepted")
	}
}

// TestRenderWorkersSamePicture: a world of 6,000 entities (characters
// with plain looks, looks with parts, tinted ones, hidden ones, objects
// drawn as iso.Objects, some on a layer, silhouettes, health bars) renders the same frame, pixel
// for pixel, with 1, 2, 3 and 8 workers (World.SetWorkers: the grouping
// by layer and the culling then run in parts), at several alphas and
// camera positions (the grouping, culling and marks' scans then run in
// parts), and the split frame allocates nothing.
func TestRenderWorkersSamePicture(t *testing.T) {
	build := func() *World {
		w := testWorld(t, 64, 64, 3)
		floor, err := floorLayer(w.Grid, color.RGBA{90, 130, 80, 255}, func(k int) bool { return k%7 != 0 })
		if err != nil {
			t.Fatal(err)
		}
		w.Layers = append(w.Layers, Layer{Name: "floor", TileLayer: floor}, Layer{Name: "top"})
		red, green, blue := color.RGBA{200, 0, 0, 255}, color.RGBA{0, 200, 0, 200}, color.RGBA{0, 0, 200, 255}
		plain, err := w.Looks().Add(&Look{Sprite: block(6, 10, red)})
		if err != nil {
			t.Fatal(err)
		}
		turret := LookPart{Frames: []*raster.Sprite{block(3, 3, green), block(3, 3, blue)}, Dirs: atlas.Directions(2, 0), Offset: mathx.Point{Y: -6}}
		parted, err := w.Looks().Add(&Look{Sprite: block(8, 6, blue), Parts: []LookPart{turret}})
		if err != nil {
			t.Fatal(err)
		}
		r := mathx.NewRand(5)
		for k := 0; k < 6000; k++ {
			p := mathx.V3(r.Range(1, 63), r.Range(1, 63), 0)
			d := EntityDef{Kind: Character, Pos: p, Vel: mathx.V2(r.Range(-3, 3), r.Range(-3, 3)), Radius: 0.1, Look: plain, Health: 3, MaxHealth: 10}
			switch k % 9 {
			case 1:
				d.Look = parted
			case 2:
				d.DrawLayer = "floor"
			case 3:
				d = EntityDef{Kind: Object, Pos: p, Drawing: iso.Object{
					Box:   iso.Box{Min: p, Max: p.Add(mathx.V3(0.5, 0.5, 1))},
					Parts: []iso.Part{{Sprite: block(5, 5, green), At: mathx.Pt(int(w.Grid.ToScreen(p).X)-2, int(w.Grid.ToScreen(p).Y)-5)}},
				}}
			}
			e := mustCreate(t, w, d)
			switch k % 11 {
			case 4:
				w.Looks().SetHidden(e, true)
			case 5:
				w.Looks().SetTint(e, color.NRGBA{255, 255, 0, 128})
			case 6:
				w.Looks().SetSilhouette(e, color.RGBA{0, 255, 255, 160})
			}
			if k%13 == 0 {
				w.Looks().ShowHealth(e, 100)
			}
		}
		w.Step()
		return w
	}
	type view struct {
		center mathx.Vec3
		alpha  float64
	}
	views := []view{{mathx.V3(32, 32, 0), 0.5}, {mathx.V3(10, 50, 0), 0}, {mathx.V3(60, 5, 0), 1}}
	var ref []*raster.Frame
	for _, n := range []int{1, 2, 3, 8} {
		w := build()
		w.SetWorkers(n)
		cam := iso.NewCamera(320, 200)
		pt := iso.NewPainter(w.Grid, cam)
		dl := raster.NewDrawList()
		render := func(v view) *raster.Frame {
			cam.Center = w.Grid.ToScreen(v.center)
			fr, _ := raster.NewFrame(320, 200)
			dl.Reset()
			if _, err := w.Render(dl, pt, v.alpha); err != nil {
				t.Fatal(err)
			}
			dl.Draw(fr)
			return fr
		}
		for k, v := range views {
			fr := render(v)
			if n == 1 {
				ref = append(ref, fr)
				continue
			}
			if !slices.Equal(fr.Pix, ref[k].Pix) {
				t.Fatalf("%d workers, view %d: the frame differs from one worker's", n, k)
			}
		}
		if n > 1 {
			cam.Center = w.Grid.ToScreen(views[0].center)
			if a := testenv.AllocsOver(5, func() {
				dl.Reset()
				if _, err := w.Render(dl, pt, 0.5); err != nil {
					t.Fatal(err)
				}
			}); a != 0 {
				t.Errorf("%d workers: %d allocations in 5 frames", n, a)
			}
		}
		w.Close()
	}
}
