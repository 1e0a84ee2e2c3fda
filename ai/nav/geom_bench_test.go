package nav

import (
	"fmt"
	"math"
	"testing"
	"time"

	"diorama/internal/testenv"
	"diorama/mathx"
)

type geomCase struct {
	name string
	opt  GeomOptions
}

func geomCases(b mathx.AABB) []geomCase {
	return []geomCase{
		{"tri", GeomOptions{Method: Triangulate, Bounds: b, Radius: 1}},
		{"tri-raw", GeomOptions{Method: Triangulate, Bounds: b, Radius: 1, NoMerge: true}},
		{"grow-c0.5", GeomOptions{Method: SeedGrow, Bounds: b, Radius: 1, Cell: 0.5}},
		{"grow-c0.25", GeomOptions{Method: SeedGrow, Bounds: b, Radius: 1, Cell: 0.25}},
		{"grow-c0.25-full", GeomOptions{Method: SeedGrow, Bounds: b, Radius: 1, Cell: 0.25, Iterations: -1}},
	}
}

// pathStats plans n random queries whose ends are on the mesh and
// returns the mean and worst ratio of funnel length to the true shortest
// path, and the fraction of reachable queries the mesh missed.
func pathStats(m *PolyMesh, seed uint64, n int) (mean, worst, missed float64) {
	r := mathx.NewRand(seed)
	s := NewSearcher()
	var path []mathx.Vec2
	var corr []int
	var ports [][2]mathx.Vec2
	w := m.walk
	got, miss := 0, 0
	for tries := 0; got+miss < n && tries < 100*n; tries++ {
		a := mathx.V2(r.Range(w.Min.X, w.Max.X), r.Range(w.Min.Y, w.Max.Y))
		b := mathx.V2(r.Range(w.Min.X, w.Max.X), r.Range(w.Min.Y, w.Max.Y))
		if m.blocked(a) || m.blocked(b) {
			continue
		}
		ref := visShortest(m, a, b)
		if math.IsInf(ref, 1) || ref < 1 {
			continue
		}
		var err error
		path, corr, ports, err = m.Path(s, a, b, corr, ports, path)
		if err != nil {
			miss++ // start or goal off the mesh, or no corridor
			continue
		}
		q := PathLength(path) / ref
		mean += q
		worst = math.Max(worst, q)
		got++
	}
	return mean / float64(got), worst, float64(miss) / float64(got+miss)
}

// BenchmarkGeomBuild builds both kinds of mesh on random fields (mixed
// boxes, rotated boxes, circles, convex and concave polygons) and
// reports polygons, coverage of the true free area, and (small field)
// funnel path length over the visibility-graph shortest path.
func BenchmarkGeomBuild(b *testing.B) {
	for _, f := range []struct {
		n int
		b mathx.AABB
	}{{25, fieldBounds}, {400, mathx.AABB{Max: mathx.V2(400, 240)}}} {
		obs := randomField(7, f.n, f.b)
		exact, err := BuildGeom(obs, GeomOptions{Bounds: f.b, Radius: 1})
		if err != nil {
			b.Fatal(err)
		}
		for _, c := range geomCases(f.b) {
			b.Run(fmt.Sprintf("obs=%d/%s", f.n, c.name), func(b *testing.B) {
				m, err := BuildGeom(obs, c.opt)
				if err != nil {
					b.Fatal(err)
				}
				var mean, worst, missed float64
				if f.n <= 25 {
					mean, worst, missed = pathStats(m, 11, 100)
				}
				b.ResetTimer()
				for b.Loop() {
					if _, err := BuildGeom(obs, c.opt); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(m.Count()), "polys")
				b.ReportMetric(m.Area()/exact.Area(), "area-cover")
				if f.n <= 25 {
					b.ReportMetric(mean, "len/shortest")
					b.ReportMetric(worst, "worst-len/shortest")
					b.ReportMetric(missed, "missed-frac")
				}
			})
		}
	}
}

// BenchmarkGeomUpdate moves one obstacle back and forth (one
// MoveObstacle per op) on a 400×240 field of 400 obstacles and reports
// the cost per update in µs and the polygons replaced.
func BenchmarkGeomUpdate(b *testing.B) {
	bounds := mathx.AABB{Max: mathx.V2(400, 240)}
	obs := randomField(7, 400, bounds)
	for _, c := range geomCases(bounds) {
		if c.name == "grow-c0.25-full" {
			continue
		}
		b.Run(c.name, func(b *testing.B) {
			m, err := BuildGeom(obs, c.opt)
			if err != nil {
				b.Fatal(err)
			}
			id, _, err := m.AddObstacle(BoxObstacle(mathx.V2(200, 120), mathx.V2(3, 1), 0.4))
			if err != nil {
				b.Fatal(err)
			}
			pos := [2]Obstacle{
				BoxObstacle(mathx.V2(200, 120), mathx.V2(3, 1), 0.4),
				BoxObstacle(mathx.V2(203, 121), mathx.V2(3, 1), 0.9),
			}
			removed := 0
			n := 0
			start := time.Now()
			for b.Loop() {
				st, err := m.MoveObstacle(id, pos[n%2])
				if err != nil {
					b.Fatal(err)
				}
				removed += st.Removed
				n++
			}
			b.ReportMetric(float64(time.Since(start).Microseconds())/float64(n), "µs/update")
			b.ReportMetric(float64(removed)/float64(n), "polys-replaced")
			b.ReportMetric(float64(m.Count()), "polys")
		})
	}
}

// BenchmarkGeomReplan1000 is one obstacle update followed by 1,000
// agents replanning (corridor search + funnel) across the 400×240 field;
// it reports the update's µs and the replanning's µs per agent.
func BenchmarkGeomReplan1000(b *testing.B) {
	bounds := mathx.AABB{Max: mathx.V2(400, 240)}
	obs := randomField(7, 400, bounds)
	for _, c := range geomCases(bounds)[:3] {
		b.Run(c.name, func(b *testing.B) {
			m, err := BuildGeom(obs, c.opt)
			if err != nil {
				b.Fatal(err)
			}
			id, _, err := m.AddObstacle(BoxObstacle(mathx.V2(200, 120), mathx.V2(3, 1), 0.4))
			if err != nil {
				b.Fatal(err)
			}
			pos := [2]Obstacle{
				BoxObstacle(mathx.V2(200, 120), mathx.V2(3, 1), 0.4),
				BoxObstacle(mathx.V2(203, 121), mathx.V2(3, 1), 0.9),
			}
			type agent struct{ from, to mathx.Vec2 }
			var agents []agent
			r := mathx.NewRand(5)
			for len(agents) < 1000 {
				a := mathx.V2(r.Range(1, 399), r.Range(1, 239))
				g := mathx.V2(r.Range(1, 399), r.Range(1, 239))
				if m.PolyAt(a) >= 0 && m.PolyAt(g) >= 0 {
					agents = append(agents, agent{a, g})
				}
			}
			s := NewSearcher()
			var path []mathx.Vec2
			var corr []int
			var ports [][2]mathx.Vec2
			var tUpd, tPlan time.Duration
			n := 0
			for b.Loop() {
				t0 := time.Now()
				if _, err := m.MoveObstacle(id, pos[n%2]); err != nil {
					b.Fatal(err)
				}
				t1 := time.Now()
				for _, ag := range agents {
					path, corr, ports, _ = m.Path(s, ag.from, ag.to, corr, ports, path)
				}
				tPlan += time.Since(t1)
				tUpd += t1.Sub(t0)
				n++
			}
			b.ReportMetric(float64(tUpd.Microseconds())/float64(n), "µs/update")
			b.ReportMetric(float64(tPlan.Nanoseconds())/float64(n)/1000/1000, "µs/agent-replan")
		})
	}
}

// TestGeomPathAllocs: a warmed-up query with room in its scratch slices
// allocates nothing.
func TestGeomPathAllocs(t *testing.T) {
	m, err := BuildGeom(randomField(3, 25, fieldBounds), GeomOptions{Bounds: fieldBounds, Radius: 1})
	if err != nil {
		t.Fatal(err)
	}
	s := NewSearcher()
	// the longest of a few random reachable queries
	r := mathx.NewRand(8)
	var a, g mathx.Vec2
	var path []mathx.Vec2
	var corr []int
	var ports [][2]mathx.Vec2
	for range 200 {
		p := mathx.V2(r.Range(0, 100), r.Range(0, 60))
		q := mathx.V2(r.Range(0, 100), r.Range(0, 60))
		var err error
		path, corr, ports, err = m.Path(s, p, q, corr, ports, path)
		if err == nil && len(corr) > 10 && p.Dist(q) > a.Dist(g) {
			a, g = p, q
		}
	}
	if a == g {
		t.Fatal("no long query found")
	}
	m.Graph().Prepare()
	if n := testenv.AllocsOver(50, func() {
		path, corr, ports, _ = m.Path(s, a, g, corr, ports, path)
		m.PolyAt(g)
		m.Clear(a, g)
	}); n != 0 {
		t.Fatalf("%v allocations in 50 queries", n)
	}
}
