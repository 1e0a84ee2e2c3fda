package testgame

import (
	"testing"

	"diorama/platform"
	"diorama/raster"
)

func TestPatternDeterministicAndDistinct(t *testing.T) {
	a, _ := raster.NewFrame(64, 32)
	b, _ := raster.NewFrame(64, 32)
	Pattern(a, 7)
	Pattern(b, 7)
	if string(a.Pix) != string(b.Pix) {
		t.Fatal("same seed, different pattern")
	}
	for y := 0; y < 32; y++ {
		for x := 0; x < 64; x++ {
			p := a.RGBAAt(x, y)
			if p.A != 255 {
				t.Fatalf("pixel %d,%d not opaque", x, y)
			}
			if x > 0 && a.RGBAAt(x-1, y) == p || y > 0 && a.RGBAAt(x, y-1) == p {
				t.Fatalf("pixel %d,%d equals a neighbour", x, y)
			}
		}
	}
	Pattern(b, 8)
	if string(a.Pix) == string(b.Pix) {
		t.Fatal("seed ignored")
	}
}

func TestGameDrawsCursorAndSticks(t *testing.T) {
	g := New(80, 40, 1)
	in := platform.NewInput(80, 40)
	in.Push(platform.Event{Kind: platform.TouchDown, Pointer: 1, X: 10, Y: 20})
	in.Push(platform.Event{Kind: platform.TouchMove, Pointer: 1, X: 15, Y: 20})
	if err := g.Update(in); err != nil {
		t.Fatal(err)
	}
	f, _ := raster.NewFrame(80, 40)
	g.Draw(f, 0)
	if f.RGBAAt(15+3, 20).R != 255 || f.RGBAAt(15, 20+3).G != 255 {
		t.Fatal("cursor cross missing")
	}
	if geo := g.Left.Geometry(); !geo.Active || geo.Knob.X != 15 {
		t.Fatalf("left stick %+v", geo)
	}
}
