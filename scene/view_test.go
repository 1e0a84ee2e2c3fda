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
	if want := w.Grid.ToScreen(w.DrawPos(hero, 0.5)); v.Cam.Center != want {
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
	id, err := w.PlaceholderLook(color.NRGBA{200, 0, 0, 255}, 0.3, 1)
	if err != nil || w.SetLook(hero, id) != nil || w.SetLook(hero, id+5) == nil {
		t.Fatalf("placeholder look %v %v", id, err)
	}
}
