package iso

import (
	"math"
	"testing"

	"diorama/mathx"
)

// On a diamond map, FitCamera keeps every corner of the view inside the
// diamond (never its empty corners) wherever the camera is sent, leaves
// a centre that already fits alone, and centres a view too large for the
// diamond. On a staggered map the view stays off the zig-zag half tiles.
func TestFitCameraShape(t *testing.T) {
	p, err := Dimetric(32)
	if err != nil {
		t.Fatal(err)
	}
	g, err := NewDiamond(p, 20, 20) // 640×320 map pixels
	if err != nil {
		t.Fatal(err)
	}
	b := g.Bounds()
	A, B := float64(b.Dx())/2, float64(b.Dy())/2
	cx, cy := float64(b.Min.X)+A, float64(b.Min.Y)+B
	inside := func(x, y float64) bool { return math.Abs(x-cx)/A+math.Abs(y-cy)/B <= 1+1e-9 }
	rng := mathx.NewRand(3)
	for _, zoom := range []int{2, 3} {
		c := NewCamera(240, 160)
		c.SetZoom(zoom)
		g.FitCamera(c)
		if !c.Diamond || c.Limits != b {
			t.Fatalf("limits %v diamond %v", c.Limits, c.Diamond)
		}
		hw, hh := 120/float64(zoom), 80/float64(zoom)
		moved := 0
		for range 2000 {
			want := mathx.V2(rng.Range(-200, 840), rng.Range(-200, 520))
			c.Center = want
			c.Clamp()
			for _, d := range [4][2]float64{{-1, -1}, {1, -1}, {-1, 1}, {1, 1}} {
				if x, y := c.Center.X+d[0]*hw, c.Center.Y+d[1]*hh; !inside(x, y) {
					t.Fatalf("zoom %d: view at %v shows %v,%v outside the diamond", zoom, c.Center, x, y)
				}
			}
			if c.Center != want {
				moved++
			} else if !inside(want.X, want.Y) {
				t.Fatalf("centre %v outside the map kept", want)
			}
		}
		// A centre that fits stays where it is.
		c.Center = mathx.V2(cx+10, cy-5)
		c.Clamp()
		if c.Center != mathx.V2(cx+10, cy-5) {
			t.Fatalf("a fitting centre moved to %v", c.Center)
		}
		if moved == 0 || moved == 2000 {
			t.Fatalf("zoom %d: %d of 2000 centres moved", zoom, moved)
		}
	}
	// Too large a view: the diamond's centre.
	c := NewCamera(600, 300)
	g.FitCamera(c)
	c.Center = mathx.V2(100, 100)
	c.Clamp()
	if c.Center != mathx.V2(cx, cy) {
		t.Fatalf("large view at %v, want the centre %v,%v", c.Center, cx, cy)
	}
	// Staggered: the box without its half-tile edges.
	s, err := NewStaggered(p, 20, 40, StaggerY, StaggerOdd)
	if err != nil {
		t.Fatal(err)
	}
	c = NewCamera(200, 100)
	s.FitCamera(c)
	sb := s.Bounds()
	if c.Diamond || c.Limits != mathx.R(sb.Min.X+16, sb.Min.Y+8, sb.Max.X-16, sb.Max.Y-8) {
		t.Fatalf("staggered limits %v of bounds %v", c.Limits, sb)
	}
}
