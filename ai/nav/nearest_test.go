package nav

import (
	"math"
	"testing"

	"diorama/internal/testenv"
	"diorama/mathx"
)

// TestNearestSameDistance is a property test on random uniform 8-way
// grids with goals the start cannot reach: with Nearest set, A*, JPS and
// JPS+ each return a legal partial path, shortest to its end cell, and
// that end cell is a closest reachable cell to the goal (its fixed-point
// octile distance equals a brute-force minimum over the start's
// component). Reachable goals are still reached, not marked partial.
func TestNearestSameDistance(t *testing.T) {
	r := mathx.NewRand(21)
	names := [3]string{"A*", "JPS", "JPS+"}
	ref := NewSearcher()
	var ss [3]*Searcher
	for i := range ss {
		ss[i] = NewSearcher()
		ss[i].Nearest = true
	}
	var p, q []mathx.Point
	unreachable := 0
	for trial := 0; trial < 60; trial++ {
		w, h := r.IntRange(2, 40), r.IntRange(2, 30)
		density := []float64{0.25, 0.35, 0.45}[trial%3]
		g, _ := NewGrid(w, h, Eight)
		for y := 0; y < h; y++ {
			for x := 0; x < w; x++ {
				if r.Chance(density) {
					g.SetBlocked(x, y, true)
				}
			}
		}
		for k := 0; k < 25; k++ {
			a := mathx.Pt(r.IntN(w), r.IntN(h))
			b := mathx.Pt(r.IntN(w), r.IntN(h))
			if !g.Walkable(a.X, a.Y) || !g.Walkable(b.X, b.Y) {
				continue
			}
			reach := g.Connected(a, b)
			// Brute force: the least octile distance to b over the cells
			// reachable from a.
			best := uint64(math.MaxUint64)
			for y := 0; y < h; y++ {
				for x := 0; x < w; x++ {
					if c := mathx.Pt(x, y); g.Walkable(x, y) && g.Connected(a, c) {
						best = min(best, octFx(x-b.X, y-b.Y))
					}
				}
			}
			if !reach {
				unreachable++
			}
			for i, s := range ss {
				var st Stats
				var err error
				switch i {
				case 0:
					p, st, err = s.AStar(g, a, b, p)
				case 1:
					p, st, err = s.JPS(g, a, b, p)
				default:
					p, st, err = s.JPSPlus(g, a, b, p)
				}
				if err != nil {
					t.Fatalf("trial %d %s %v→%v: %v", trial, names[i], a, b, err)
				}
				end := p[len(p)-1]
				if st.Partial == reach {
					t.Fatalf("trial %d %s %v→%v: partial %v, goal reachable %v", trial, names[i], a, b, st.Partial, reach)
				}
				l := checkGridPath(t, g, p, a, end)
				if d := octFx(end.X-b.X, end.Y-b.Y); d != best {
					t.Fatalf("trial %d %s %v→%v: ends at %v, %d from the goal; the closest reachable cell is %d away",
						trial, names[i], a, b, end, d, best)
				}
				// The partial path is a shortest path to its end.
				var want Stats
				q, want, err = ref.AStar(g, a, end, q)
				if err != nil {
					t.Fatal(err)
				}
				if math.Abs(l-want.Cost) > 1e-9 || math.Abs(st.Cost-want.Cost) > 1e-9 {
					t.Fatalf("trial %d %s %v→%v: path to %v of length %v cost %v, shortest %v",
						trial, names[i], a, b, end, l, st.Cost, want.Cost)
				}
			}
		}
	}
	if unreachable < 100 {
		t.Fatalf("only %d unreachable goals tried", unreachable)
	}
}

// TestNearestZeroAllocs: a partial JPS or JPS+ query (the nearest cell
// looked up, then searched for) allocates nothing after warm-up.
func TestNearestZeroAllocs(t *testing.T) {
	g, err := ParseGrid([]string{
		"........#.....",
		"........#.....",
		"........#.....",
		"........#.....",
	}, Eight)
	if err != nil {
		t.Fatal(err)
	}
	s := NewSearcher()
	s.Nearest = true
	dst := make([]mathx.Point, 0, 64)
	a, b := mathx.Pt(0, 0), mathx.Pt(12, 3)
	for name, f := range map[string]func(){
		"JPS":  func() { dst, _, _ = s.JPS(g, a, b, dst) },
		"JPS+": func() { dst, _, _ = s.JPSPlus(g, a, b, dst) },
	} {
		f()
		if end := dst[len(dst)-1]; end != mathx.Pt(7, 3) {
			t.Fatalf("%s: ends at %v, want (7,3)", name, end)
		}
		if n := testenv.AllocsOver(20, f); n != 0 {
			t.Errorf("%s nearest: %v allocs in 20 queries", name, n)
		}
	}
}

// BenchmarkNearest: partial queries toward a goal sealed inside a walled
// box on the open 256×256 map. A* exhausts the start's component; JPS and
// JPS+ look the closest reachable cell up and search for it.
func BenchmarkNearest(b *testing.B) {
	g, qs := openMap()
	for i := 110; i <= 145; i++ { // the box's wall, interior left open
		g.SetBlocked(i, 110, true)
		g.SetBlocked(i, 145, true)
		g.SetBlocked(110, i, true)
		g.SetBlocked(145, i, true)
	}
	goal := mathx.Pt(127, 127)
	g.SetBlocked(goal.X, goal.Y, false)
	var starts []mathx.Point
	for _, q := range qs {
		if g.Walkable(q[0].X, q[0].Y) && !g.Connected(q[0], goal) {
			starts = append(starts, q[0])
		}
	}
	g.PrepareJPSPlus()
	for mode, name := range []string{"AStar", "JPS", "JPSPlus"} {
		b.Run(name, func(b *testing.B) {
			s := NewSearcher()
			s.Nearest = true
			path := make([]mathx.Point, 0, 4096)
			run := func(a mathx.Point) (st Stats) {
				switch mode {
				case 0:
					path, st, _ = s.AStar(g, a, goal, path)
				case 1:
					path, st, _ = s.JPS(g, a, goal, path)
				case 2:
					path, st, _ = s.JPSPlus(g, a, goal, path)
				}
				if !st.Partial {
					b.Fatal("goal reached")
				}
				return st
			}
			for _, a := range starts {
				run(a)
			}
			b.ReportAllocs()
			b.ResetTimer()
			c0 := cpuNanos()
			nodes := 0
			for i := 0; i < b.N; i++ {
				nodes += run(starts[i%len(starts)]).Expanded
			}
			b.ReportMetric(float64(cpuNanos()-c0)/float64(b.N), "cpu-ns/query")
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/query")
		})
	}
}
