package scene

import (
	"image/color"
	"math"
	"testing"

	"diorama/mathx"
	"diorama/raster"
)

// TestView: screen directions map to the world directions drawn that way
// at the same length; the view follows its target where it is drawn;
// ScreenToWorld inverts LookAt at the frame's centre; HUD lines are drawn.
func TestView(t *testing.T) {
	w, _ := roomWorld(t, false)
	v := NewView(w, 320, 200)
	for _, c := range []struct{ x, y float64 }{{1, 0}, {0, 1}, {-1, 0}, {0.6, -0.8}} {
		d := v.ScreenDir(c.x, c.y)
		if math.Abs(d.Len()-math.Hypot(c.x, c.y)) > 1e-12 {
			t.Fatalf("ScreenDir(%v,%v) = %v: length changed", c.x, c.y, d)
		}
		s := w.Grid.ScreenVec(mathx.V3(d.X, d.Y, 0))
		if s.Unit().Sub(mathx.V2(c.x, c.y).Unit()).Len() > 1e-9 {
			t.Fatalf("ScreenDir(%v,%v) = %v is drawn along %v", c.x, c.y, d, s.Unit())
		}
	}
	if v.ScreenDir(0, 0) != (mathx.Vec2{}) {
		t.Fatal("zero direction")
	}
	v.LookAt(mathx.V3(5, 4, 0))
	if p := v.ScreenToWorld(160, 100); p.XY().Dist(mathx.V2(5, 4)) > 0.05 {
		t.Fatalf("centre of the frame is %v, want (5,4)", p)
	}
	hero := mustCreate(t, w, EntityDef{Kind: Character, Pos: mathx.V3(3, 3, 0), Radius: 0.3})
	v.Target = hero
	w.SetVelocity(hero, mathx.V2(2, 0))
	w.Step()
	v.HUD = []string{"score 100"}
	f, _ := raster.NewFrame(320, 200)
	v.Draw(f, 0.5)
	if want := w.Grid.ToScreen(w.Looks().DrawPos(hero, 0.5)); v.Cam.Center != want {
		t.Fatalf("camera at %v, the hero is drawn at %v", v.Cam.Center, want)
	}
	lit := 0
	for y := 8; y < 20; y++ {
		for x := 8; x < 80; x++ {
			if f.RGBAAt(x, y) == (color.RGBA{255, 255, 255, 255}) {
				lit++
			}
		}
	}
	if lit == 0 {
		t.Fatal("no HUD text drawn")
	}
	id, err := w.Looks().Placeholder(color.NRGBA{200, 0, 0, 255}, 0.3, 1)
	if err != nil {
		t.Fatalf("placeholder look %v %v", id, err)
	}
	w.Looks().Set(hero, id)
	wantPanic(t, "Looks.Set", func() { w.Looks().Set(hero, id+5) })
}

// HUD lines go left, centre or right by HUDAlign, and Banner lines are
// centred in the frame both ways: the lit pixels' box sits where the
// alignment puts the measured text.
func TestViewAlignedText(t *testing.T) {
	w, _ := roomWorld(t, false)
	v := NewView(w, 320, 200)
	v.Background = color.RGBA{0, 0, 0, 255}
	v.World.Layers = nil // text only
	white := color.RGBA{255, 255, 255, 255}
	box := func(f *raster.Frame, y0, y1 int) (x0, x1, yy0, yy1 int) {
		x0, yy0 = 1<<30, 1<<30
		for y := y0; y < y1; y++ {
			for x := 0; x < f.W(); x++ {
				if f.RGBAAt(x, y) == white {
					x0, x1, yy0, yy1 = min(x0, x), max(x1, x+1), min(yy0, y), max(yy1, y+1)
				}
			}
		}
		return
	}
	tw, _ := raster.DefaultFont().Measure("GAME OVER")
	for _, c := range []struct {
		a      Align
		lo, hi int // where the text's left edge may be
	}{{AlignLeft, 8, 10}, {AlignCenter, (320-tw)/2 - 1, (320-tw)/2 + 2}, {AlignRight, 320 - 8 - tw, 320 - 8 - tw + 3}} {
		v.HUD, v.HUDAlign, v.Banner = []string{"GAME OVER"}, c.a, nil
		f, _ := raster.NewFrame(320, 200)
		v.Draw(f, 0)
		if x0, x1, _, _ := box(f, 0, 40); x0 < c.lo || x0 > c.hi || x1 > 320-7 {
			t.Fatalf("align %d: text spans x %d..%d, want its left edge in %d..%d", c.a, x0, x1, c.lo, c.hi)
		}
	}
	v.HUD, v.Banner = nil, []string{"GAME OVER", "press R"}
	f, _ := raster.NewFrame(320, 200)
	v.Draw(f, 0)
	x0, x1, y0, y1 := box(f, 0, 200)
	if d := (x0 + x1) - 320; d < -4 || d > 4 {
		t.Fatalf("banner spans x %d..%d: not centred", x0, x1)
	}
	if d := (y0 + y1) - 200; d < -8 || d > 8 {
		t.Fatalf("banner spans y %d..%d: not centred", y0, y1)
	}
}

// WorldToScreen is where ScreenToWorld comes back from, wherever the
// camera is and at any zoom: a scripted click on an entity lands on it.
func TestViewWorldToScreen(t *testing.T) {
	w, _ := roomWorld(t, false)
	v := NewView(w, 320, 200)
	rng := mathx.NewRand(5)
	for k := range 200 {
		v.Cam.Zoom = 1 + k%3
		v.LookAt(mathx.V3(rng.Range(0, 10), rng.Range(0, 10), 0))
		p := mathx.V3(rng.Range(0, 10), rng.Range(0, 10), 0)
		s := v.WorldToScreen(p)
		if q := v.ScreenToWorld(s.X, s.Y); q.Dist(p) > 1e-9 {
			t.Fatalf("%v drawn at %v, which shows %v", p, s, q)
		}
	}
}
