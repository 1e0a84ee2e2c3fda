package raster

import (
	"image"
	"image/color"
	"math"
	"math/rand/v2"
	"testing"

	"diorama/mathx"
)

var half = color.RGBA{60, 30, 0, 128} // translucent: double blending shows

// drawnSet returns the pixels of f that differ from transparent black and
// checks that every one of them holds exactly v (drawn once).
func drawnSet(t *testing.T, f *Frame, v color.RGBA) map[image.Point]int {
	t.Helper()
	got := map[image.Point]int{}
	for y := 0; y < f.H(); y++ {
		for x := 0; x < f.W(); x++ {
			p := f.RGBAAt(x, y)
			if p == (color.RGBA{}) {
				continue
			}
			if p != v {
				t.Fatalf("pixel (%d,%d) = %v, want %v (drawn more than once?)", x, y, p, v)
			}
			got[image.Pt(x, y)] = 1
		}
	}
	return got
}

func TestLineIsBresenham(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for iter := 0; iter < 2000; iter++ {
		x0, y0, x1, y1 := r.IntN(64), r.IntN(64), r.IntN(64), r.IntN(64)
		f := mustFrame(t, 64, 64)
		Line(f, f.Rect, x0, y0, x1, y1, half)
		got := drawnSet(t, f, half)
		want := refLinePixels(x0, y0, x1, y1)
		if len(got) != len(want) {
			t.Fatalf("line %v: %d pixels, want %d", [4]int{x0, y0, x1, y1}, len(got), len(want))
		}
		for _, p := range want {
			if got[p] == 0 {
				t.Fatalf("line %v misses %v", [4]int{x0, y0, x1, y1}, p)
			}
		}
	}
}

// Clipping a line, even one with far-away end points, selects exactly the
// pixels of the unclipped line inside the clip.
func TestLineClipKeepsPixels(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for iter := 0; iter < 500; iter++ {
		x0, y0, x1, y1 := r.IntN(400)-200, r.IntN(400)-200, r.IntN(400)-200, r.IntN(400)-200
		clip := image.Rect(r.IntN(32), r.IntN(32), r.IntN(32), r.IntN(32)).Canon()
		f := mustFrame(t, 32, 32)
		Line(f, clip, x0, y0, x1, y1, half)
		got := drawnSet(t, f, half)
		n := 0
		for _, p := range refLinePixels(x0, y0, x1, y1) {
			if p.In(clip) {
				n++
				if got[p] == 0 {
					t.Fatalf("clipped line misses %v", p)
				}
			}
		}
		if n != len(got) {
			t.Fatalf("clipped line drew %d pixels, want %d", len(got), n)
		}
	}
}

func TestStrokeCircleIsMidpoint(t *testing.T) {
	for rad := 0; rad < 120; rad++ {
		f := mustFrame(t, 260, 260)
		StrokeCircle(f, f.Rect, 130, 130, rad, half)
		got := drawnSet(t, f, half)
		want := refCirclePixels(rad)
		if len(got) != len(want) {
			t.Fatalf("r=%d: %d pixels, want %d", rad, len(got), len(want))
		}
		for p := range want {
			if got[p.Add(image.Pt(130, 130))] == 0 {
				t.Fatalf("r=%d misses %v", rad, p)
			}
		}
	}
	// A huge circle clipped to a small frame matches the reference there.
	const big = 2000
	want := refCirclePixels(big)
	f := mustFrame(t, 40, 40)
	StrokeCircle(f, f.Rect, 20-big, 20, big, half) // the right-most arc crosses the frame
	got := drawnSet(t, f, half)
	n := 0
	for p := range want {
		q := p.Add(image.Pt(20-big, 20))
		if q.In(f.Rect) {
			n++
			if got[q] == 0 {
				t.Fatalf("big circle misses %v", q)
			}
		}
	}
	if n == 0 || n != len(got) {
		t.Fatalf("big circle: drew %d, want %d", len(got), n)
	}
}

func TestStrokeRectOnce(t *testing.T) {
	for _, r := range []image.Rectangle{image.Rect(2, 2, 10, 7), image.Rect(1, 1, 2, 9), image.Rect(3, 3, 9, 4), image.Rect(0, 0, 1, 1), image.Rect(4, 4, 6, 6)} {
		f := mustFrame(t, 12, 12)
		StrokeRect(f, f.Rect, r, half)
		got := drawnSet(t, f, half)
		n := 0
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				if x == r.Min.X || y == r.Min.Y || x == r.Max.X-1 || y == r.Max.Y-1 {
					n++
					if got[image.Pt(x, y)] == 0 {
						t.Fatalf("%v misses (%d,%d)", r, x, y)
					}
				}
			}
		}
		if n != len(got) {
			t.Fatalf("%v: %d pixels want %d", r, len(got), n)
		}
	}
}

func randPoly(r *rand.Rand, n int, size float64) []mathx.Vec2 {
	pts := make([]mathx.Vec2, n)
	for i := range pts {
		pts[i] = mathx.V2(r.Float64()*size-size/8, r.Float64()*size-size/8)
	}
	return pts
}

// Aliased fills cover exactly the pixels whose centre is inside by the
// nonzero rule (random self-intersecting polygons, several contours).
func TestFillPathNonzero(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for iter := 0; iter < 300; iter++ {
		pts := randPoly(r, 3+r.IntN(9), 40)
		var ends []int
		if r.IntN(2) == 0 { // a second contour
			first := len(pts)
			pts = append(pts, randPoly(r, 3+r.IntN(5), 40)...)
			ends = []int{first, len(pts)}
		}
		f := mustFrame(t, 40, 40)
		FillPath(f, f.Rect, pts, ends, half, false)
		got := drawnSet(t, f, half)
		for y := 0; y < 40; y++ {
			for x := 0; x < 40; x++ {
				c := mathx.V2(float64(x)+0.5, float64(y)+0.5)
				in := refInside(c, pts, ends)
				if in != (got[image.Pt(x, y)] == 1) {
					// Centres exactly on an edge may go either way.
					if onEdge(c, pts, ends) {
						continue
					}
					t.Fatalf("iter %d pixel (%d,%d): filled %v, inside %v", iter, x, y, !in, in)
				}
			}
		}
	}
}

func onEdge(p mathx.Vec2, pts []mathx.Vec2, ends []int) bool {
	if ends == nil {
		ends = []int{len(pts)}
	}
	start := 0
	for _, e := range ends {
		c := pts[start:e]
		start = e
		for i := range c {
			if mathx.SegmentDist(p, c[i], c[(i+1)%len(c)]) < 1e-9 {
				return true
			}
		}
	}
	return false
}

// Antialiased fills: pixels fully inside get exactly the colour, pixels
// far outside nothing, and the total coverage matches the area.
func TestFillPathAACoverage(t *testing.T) {
	white := color.RGBA{255, 255, 255, 255}
	f := mustFrame(t, 64, 64)
	c := mathx.V2(31.3, 30.7)
	const rad = 20.0
	FillCircle(f, f.Rect, c, rad, white, true)
	sum := 0.0
	for y := 0; y < 64; y++ {
		for x := 0; x < 64; x++ {
			a := float64(f.RGBAAt(x, y).A)
			sum += a / 255
			d := mathx.V2(float64(x)+0.5, float64(y)+0.5).Dist(c)
			if d < rad-1 && a != 255 {
				t.Fatalf("inside pixel (%d,%d) alpha %v", x, y, a)
			}
			if d > rad+1 && a != 0 {
				t.Fatalf("outside pixel (%d,%d) alpha %v", x, y, a)
			}
		}
	}
	if area := math.Pi * rad * rad; math.Abs(sum-area) > area*0.005 {
		t.Fatalf("coverage %v, area %v", sum, area)
	}
}

// A translucent thick polyline with round joins blends each pixel at most
// once: overlapping segment quads and join circles are one nonzero union.
func TestThickLineNoDoubleBlend(t *testing.T) {
	f := mustFrame(t, 64, 64)
	pts := []mathx.Vec2{{X: 5, Y: 5}, {X: 50, Y: 10}, {X: 20, Y: 40}, {X: 55, Y: 55}}
	ThickLine(f, f.Rect, pts, 7, half, false, true)
	drawnSet(t, f, half) // fails on any pixel blended twice
}

func TestClearRectReplaces(t *testing.T) {
	f := mustFrame(t, 8, 6)
	f.Clear(color.RGBA{9, 9, 9, 255})
	ClearRect(f, image.Rect(2, 1, 20, 4), half)
	for y := 0; y < 6; y++ {
		for x := 0; x < 8; x++ {
			want := color.RGBA{9, 9, 9, 255}
			if x >= 2 && y >= 1 && y < 4 {
				want = half // replaced, not blended
			}
			if got := f.RGBAAt(x, y); got != want {
				t.Fatalf("(%d,%d) = %v want %v", x, y, got, want)
			}
		}
	}
	ClearRect(nil, image.Rect(0, 0, 1, 1), half)
}
