package nav

import (
	"math"
	"testing"

	"diorama/mathx"
)

// checkGridPath verifies that p runs from a to b through legal 8-way moves
// (no corner cutting) and returns its octile length.
func checkGridPath(t *testing.T, g *Grid, p []mathx.Point, a, b mathx.Point) float64 {
	t.Helper()
	if len(p) == 0 || p[0] != a || p[len(p)-1] != b {
		t.Fatalf("path %v does not run %v→%v", p, a, b)
	}
	l := 0.0
	for i := 1; i < len(p); i++ {
		q, r := p[i-1], p[i]
		dx, dy := r.X-q.X, r.Y-q.Y
		if absI(dx) > 1 || absI(dy) > 1 || (dx == 0 && dy == 0) || !g.Walkable(r.X, r.Y) {
			t.Fatalf("illegal step %v→%v", q, r)
		}
		if dx != 0 && dy != 0 {
			if !g.Walkable(q.X+dx, q.Y) || !g.Walkable(q.X, q.Y+dy) {
				t.Fatalf("corner cut %v→%v", q, r)
			}
			l += math.Sqrt2
		} else {
			l++
		}
	}
	return l
}

func sameLen(got, want float64) bool {
	return math.Abs(got-want) <= 1e-3*math.Max(1, want) || math.Abs(got-want) <= 0.01
}

// TestMovingAIOptimal checks every scenario of every shared Moving AI map:
// A*, JPS, JPS+ and Dijkstra paths are legal and as long as the listed
// optimum.
// In -short mode Dijkstra runs on every 7th scenario.
func TestMovingAIOptimal(t *testing.T) {
	maps := loadMovingAI(t)
	s, sj, sd, sp := NewSearcher(), NewSearcher(), NewSearcher(), NewSearcher()
	var path []mathx.Point
	stride := 1
	if testing.Short() {
		stride = 7
	}
	total := 0
	for _, m := range maps {
		t.Run(m.name, func(t *testing.T) {
			for i, sc := range m.scens {
				if sc.W != m.grid.W() || sc.H != m.grid.H() {
					t.Fatalf("scenario %d: size %d×%d, map %d×%d", i, sc.W, sc.H, m.grid.W(), m.grid.H())
				}
				var st Stats
				var err error
				path, st, err = s.AStar(m.grid, sc.Start, sc.Goal, path)
				if err != nil {
					t.Fatalf("A* scenario %d %v→%v: %v", i, sc.Start, sc.Goal, err)
				}
				l := checkGridPath(t, m.grid, path, sc.Start, sc.Goal)
				if !sameLen(l, sc.Optimal) || !sameLen(st.Cost, sc.Optimal) {
					t.Fatalf("A* scenario %d %v→%v: length %.5f cost %.5f, optimal %.5f", i, sc.Start, sc.Goal, l, st.Cost, sc.Optimal)
				}
				path, st, err = sj.JPS(m.grid, sc.Start, sc.Goal, path)
				if err != nil {
					t.Fatalf("JPS scenario %d: %v", i, err)
				}
				l = checkGridPath(t, m.grid, path, sc.Start, sc.Goal)
				if !sameLen(l, sc.Optimal) || !sameLen(st.Cost, sc.Optimal) {
					t.Fatalf("JPS scenario %d %v→%v: length %.5f cost %.5f, optimal %.5f", i, sc.Start, sc.Goal, l, st.Cost, sc.Optimal)
				}
				path, st, err = sp.JPSPlus(m.grid, sc.Start, sc.Goal, path)
				if err != nil {
					t.Fatalf("JPS+ scenario %d: %v", i, err)
				}
				l = checkGridPath(t, m.grid, path, sc.Start, sc.Goal)
				if !sameLen(l, sc.Optimal) || !sameLen(st.Cost, sc.Optimal) {
					t.Fatalf("JPS+ scenario %d %v→%v: length %.5f cost %.5f, optimal %.5f", i, sc.Start, sc.Goal, l, st.Cost, sc.Optimal)
				}
				if i%stride == 0 {
					if err := sd.DijkstraGrid(m.grid, sc.Start); err != nil {
						t.Fatal(err)
					}
					path, err = sd.GridPathTo(sc.Goal, path)
					if err != nil {
						t.Fatalf("Dijkstra scenario %d: %v", i, err)
					}
					l = checkGridPath(t, m.grid, path, sc.Start, sc.Goal)
					if d := sd.GridDist(sc.Goal); !sameLen(l, sc.Optimal) || !sameLen(d, sc.Optimal) {
						t.Fatalf("Dijkstra scenario %d: length %.5f dist %.5f, optimal %.5f", i, l, d, sc.Optimal)
					}
				}
				total++
			}
		})
	}
	t.Logf("%d scenarios checked", total)
}
