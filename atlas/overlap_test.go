package atlas

import (
	"image"
	"math/rand/v2"
	"testing"
)

// bruteOverlap is the obvious O(n²) check: the reference.
func bruteOverlap(frames []Frame) bool {
	for i := range frames {
		for j := i + 1; j < len(frames); j++ {
			a, b := frames[i], frames[j]
			if a.Page == b.Page && a.Rect != b.Rect && a.Rect.Overlaps(b.Rect) {
				return true
			}
		}
	}
	return false
}

// TestFirstOverlapMatchesBrute: on random sets of rectangles (touching,
// aliased, nested, on several pages) the sweep finds an overlap exactly
// when the brute force does, and the pair it names does overlap.
func TestFirstOverlapMatchesBrute(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := 0; trial < 3000; trial++ {
		n := 1 + rng.IntN(30)
		var fs []Frame
		for range n {
			x, y := rng.IntN(40), rng.IntN(40)
			w, h := 1+rng.IntN(12), 1+rng.IntN(12)
			if rng.IntN(4) == 0 && len(fs) > 0 {
				fs = append(fs, fs[rng.IntN(len(fs))]) // an alias
				continue
			}
			fs = append(fs, Frame{Page: rng.IntN(2), Rect: image.Rect(x, y, x+w, y+h)})
		}
		a, b, ok := firstOverlap(fs)
		if want := bruteOverlap(fs); ok != want {
			t.Fatalf("trial %d: sweep %v, brute force %v: %v", trial, ok, want, fs)
		}
		if ok && (a >= b || fs[a].Page != fs[b].Page || !fs[a].Rect.Overlaps(fs[b].Rect) || fs[a].Rect == fs[b].Rect) {
			t.Fatalf("trial %d: named %d and %d, which do not overlap", trial, a, b)
		}
	}
	// A packed grid of touching frames, many aliases: no overlap.
	var grid []Frame
	for y := 0; y < 64; y++ {
		for x := 0; x < 64; x++ {
			grid = append(grid, Frame{Rect: image.Rect(x*4, y*4, x*4+4, y*4+4)}, Frame{Rect: image.Rect(0, 0, 4, 4)})
		}
	}
	if _, _, ok := firstOverlap(grid); ok {
		t.Fatal("touching grid reported as overlapping")
	}
}

// BenchmarkOverlap65536: the check on 65,536 frames laid out as one tall
// column (the old sweep's worst case, 9–12 s), a 256×256 grid, and 8 pages
// of 8,192 frames.
func BenchmarkOverlap65536(b *testing.B) {
	col := make([]Frame, 65536)
	for i := range col {
		col[i] = Frame{Rect: image.Rect(0, i*2, 2, i*2+2)}
	}
	grid := make([]Frame, 0, 65536)
	for y := 0; y < 256; y++ {
		for x := 0; x < 256; x++ {
			grid = append(grid, Frame{Rect: image.Rect(x*8, y*8, x*8+8, y*8+8)})
		}
	}
	pages := make([]Frame, 0, 65536)
	for p := 0; p < 8; p++ {
		for i := 0; i < 8192; i++ {
			pages = append(pages, Frame{Page: p, Rect: image.Rect(0, i*2, 4, i*2+2)})
		}
	}
	for _, c := range []struct {
		name string
		fs   []Frame
	}{{"column", col}, {"grid", grid}, {"pages", pages}} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				if _, _, ok := firstOverlap(c.fs); ok {
					b.Fatal("overlap")
				}
			}
			b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N), "ms/check")
		})
	}
}
