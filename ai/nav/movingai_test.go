package nav

import (
	"errors"
	"math"
	"strings"
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

func TestParseMovingAIErrors(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", "missing"},
		{"type octile\nheight 2\nwidth 2\nmap\n..\n.", "line 6"},
		{"type octile\nheight 2\nwidth 2\nmap\n..\n.x", "line 6 column 2"},
		{"type octile\nheight 0\nwidth 2\nmap\n", "line 2"},
		{"type octile\nheight 99999\nwidth 99999\nmap\n", "line 2"},
		{"type hex\n", "line 1"},
		{"type octile\nmap\n", "before width"},
	} {
		_, err := ParseMovingAIMap(strings.NewReader(c.in))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want it to mention %q", c.in, err, c.want)
		}
	}
	for _, c := range []struct{ in, want string }{
		{"version 1\n0\tm.map\t4\t4\t0\t0\t3\t3\t4.2\n0\tm.map\t4\t4\t0\t0\t9\t3\t4.2\n", "line 3"},
		{"version 1\n0 m.map 4 4 0 0 3 3\n", "8 fields"},
		{"version 1\n0 m.map 4 4 -1 0 3 3 1\n", "field 5 (start x)"},
		{"version 1\n0 m.map 4 4 0 0 3 3 NaN\n", "field 9"},
		{"version 7\n", "unsupported"},
	} {
		_, err := ParseScenarios(strings.NewReader(c.in))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want it to mention %q", c.in, err, c.want)
		}
	}
	g, err := ParseMovingAIMap(strings.NewReader("type octile\nheight 2\nwidth 3\nmap\n.@.\nT..\n"))
	if err != nil {
		t.Fatal(err)
	}
	if g.W() != 3 || g.H() != 2 || g.Walkable(1, 0) || g.Walkable(0, 1) || !g.Walkable(2, 1) {
		t.Fatal("map tiles parsed wrong")
	}
	sc, err := ParseScenarios(strings.NewReader("version 1\n3\tmaps/x.map\t3\t2\t0\t0\t2\t1\t2.41421356\n"))
	if err != nil || len(sc) != 1 || sc[0].Bucket != 3 || sc[0].Goal != (mathx.Point{X: 2, Y: 1}) || sc[0].Optimal != 2.41421356 {
		t.Fatalf("scenario parsed wrong: %+v %v", sc, err)
	}
	if _, err := ParseScenarios(strings.NewReader("version 1\n0 m 1 1 0 0 0 0 0\n")); errors.Is(err, ErrNoPath) {
		t.Fatal("unexpected")
	}
}

// FuzzMovingAI feeds arbitrary bytes to both parsers: they must return a
// value or an error, never panic, and a parsed map must be searchable.
func FuzzMovingAI(f *testing.F) {
	f.Add([]byte("type octile\nheight 2\nwidth 3\nmap\n.@.\nT..\n"))
	f.Add([]byte("version 1\n0\tm.map\t3\t2\t0\t0\t2\t1\t2.4142\n"))
	f.Add([]byte("type octile\nheight 1\nwidth 1\nmap\n.\n"))
	f.Add([]byte("type octile\r\nheight 3\r\nwidth 1\r\nmap\r\n.\r\n.\r\n.\r\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		g, err := ParseMovingAIMap(strings.NewReader(string(b)))
		if err == nil {
			// Searches on the parsed map agree (or fail alike).
			s := NewSearcher()
			a, b := mathx.Point{}, mathx.Point{X: g.W() - 1, Y: g.H() - 1}
			_, s1, e1 := s.AStar(g, a, b, nil)
			_, s2, e2 := s.JPS(g, a, b, nil)
			_, s3, e3 := s.JPSPlus(g, a, b, nil)
			if (e1 == nil) != (e2 == nil) || (e1 == nil) != (e3 == nil) {
				t.Fatalf("A* %v, JPS %v, JPS+ %v", e1, e2, e3)
			}
			if e1 == nil && (math.Abs(s1.Cost-s2.Cost) > 1e-9 || math.Abs(s1.Cost-s3.Cost) > 1e-9) {
				t.Fatalf("costs A* %v, JPS %v, JPS+ %v", s1.Cost, s2.Cost, s3.Cost)
			}
		}
		sc, err := ParseScenarios(strings.NewReader(string(b)))
		if err == nil {
			for _, s := range sc {
				if s.Start.X >= s.W || s.Goal.Y >= s.H || math.IsNaN(s.Optimal) {
					t.Fatalf("accepted bad scenario %+v", s)
				}
			}
		}
	})
}
