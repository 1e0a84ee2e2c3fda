package nav

import (
	"runtime"
	"testing"

	"diorama/internal/testenv"
	"diorama/mathx"
)

// cpuNanos returns the process's user+system CPU time. The machine is
// shared, so wall time per query swings with the load; CPU time much less.
func cpuNanos() int64 { return int64(testenv.CPUTime()) }

// benchQueries runs every scenario of each Moving AI map b.N times with
// the given search and reports ns, expanded nodes and allocations per
// query.
func benchQueries(b *testing.B, mode int) {
	for _, m := range loadMovingAI(b) {
		b.Run(m.name, func(b *testing.B) {
			s := NewSearcher()
			path := make([]mathx.Point, 0, 1<<14)
			run := func() int {
				n := 0
				for _, sc := range m.scens {
					var st Stats
					switch mode {
					case 0:
						path, st, _ = s.AStar(m.grid, sc.Start, sc.Goal, path)
					case 1:
						path, st, _ = s.JPS(m.grid, sc.Start, sc.Goal, path)
					case 2:
						path, st, _ = s.JPSPlus(m.grid, sc.Start, sc.Goal, path)
					}
					n += st.Expanded
				}
				return n
			}
			run() // warm-up
			var ms0, ms1 runtime.MemStats
			runtime.ReadMemStats(&ms0)
			b.ResetTimer()
			c0 := cpuNanos()
			nodes := 0
			for i := 0; i < b.N; i++ {
				nodes += run()
			}
			b.StopTimer()
			cpu := cpuNanos() - c0
			runtime.ReadMemStats(&ms1)
			q := float64(b.N * len(m.scens))
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/q, "ns/query")
			b.ReportMetric(float64(cpu)/q, "cpu-ns/query")
			b.ReportMetric(float64(nodes)/q, "nodes/query")
			b.ReportMetric(float64(ms1.Mallocs-ms0.Mallocs)/q, "allocs/query")
		})
	}
}

// BenchmarkAStar: A* over all scenarios of each shared Moving AI map.
func BenchmarkAStar(b *testing.B) { benchQueries(b, 0) }

// BenchmarkJPS: Jump Point Search over the same scenarios.
func BenchmarkJPS(b *testing.B) { benchQueries(b, 1) }

// BenchmarkJPSPlus: JPS+ (precomputed jump distances, built before the
// timer starts) over the same scenarios.
func BenchmarkJPSPlus(b *testing.B) { benchQueries(b, 2) }

// openMap returns a 256×256 8-way grid, open but for 60 scattered
// rectangular obstacles (2 to 12 cells a side), and 200 connected query
// pairs far apart.
func openMap() (*Grid, [][2]mathx.Point) {
	r := mathx.NewRand(256)
	g, _ := NewGrid(256, 256, Eight)
	for i := 0; i < 60; i++ {
		x, y, w, h := r.IntN(256), r.IntN(256), 2+r.IntN(11), 2+r.IntN(11)
		for yy := y; yy < y+h; yy++ {
			for xx := x; xx < x+w; xx++ {
				g.SetBlocked(xx, yy, true)
			}
		}
	}
	g.Prepare()
	var q [][2]mathx.Point
	for len(q) < 200 {
		a, c := mathx.Pt(r.IntN(256), r.IntN(256)), mathx.Pt(r.IntN(256), r.IntN(256))
		if g.Connected(a, c) && Octile(a, c) > 100 {
			q = append(q, [2]mathx.Point{a, c})
		}
	}
	return g, q
}

// BenchmarkOpenMap compares A*, JPS and JPS+ on an open 256×256 map.
func BenchmarkOpenMap(b *testing.B) {
	g, qs := openMap()
	g.PrepareJPSPlus()
	for mode, name := range []string{"AStar", "JPS", "JPSPlus"} {
		b.Run(name, func(b *testing.B) {
			s := NewSearcher()
			path := make([]mathx.Point, 0, 4096)
			run := func(q [2]mathx.Point) (st Stats) {
				switch mode {
				case 0:
					path, st, _ = s.AStar(g, q[0], q[1], path)
				case 1:
					path, st, _ = s.JPS(g, q[0], q[1], path)
				case 2:
					path, st, _ = s.JPSPlus(g, q[0], q[1], path)
				}
				return st
			}
			for _, q := range qs { // warm-up: the work arrays reach full size
				run(q)
			}
			b.ReportAllocs()
			b.ResetTimer()
			c0 := cpuNanos()
			nodes := 0
			for i := 0; i < b.N; i++ {
				nodes += run(qs[i%len(qs)]).Expanded
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N), "ns/query")
			b.ReportMetric(float64(cpuNanos()-c0)/float64(b.N), "cpu-ns/query")
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/query")
		})
	}
}

// roomsMap returns a w×h tile map of rooms: walls every 16 tiles with
// doorways, and random pillars and crates.
func roomsMap(w, h int, seed uint64) *TileMap {
	r := mathx.NewRand(seed)
	tm, _ := NewTileMap(w, h)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			if x%16 == 0 || y%16 == 0 {
				tm.Set(x, y, Wall)
			}
		}
	}
	for y := 0; y < h; y += 16 {
		for x := 0; x < w; x += 16 {
			tm.Set(x+4+r.IntN(8), y, Open)
			tm.Set(x, y+4+r.IntN(8), Open)
			if r.Chance(0.3) {
				tm.Set(x+8, y, Door)
			}
		}
	}
	for i := 0; i < w*h/40; i++ {
		x, y := r.IntN(w), r.IntN(h)
		tm.Set(x, y, Wall)
		if r.Bool() {
			tm.Set(x+1, y, Wall)
		}
	}
	return tm
}

// BenchmarkNavmeshBuild256 builds a navmesh of a 256×256 rooms map with
// each method (target: under 10 ms).
func BenchmarkNavmeshBuild256(b *testing.B) {
	tm := roomsMap(256, 256, 1)
	for _, c := range []struct {
		name string
		opt  MeshOptions
	}{
		{"Strips", MeshOptions{Method: Strips}},
		{"Greedy", MeshOptions{Method: Greedy}},
		{"GreedySub2R0.4", MeshOptions{Method: Greedy, Sub: 2, Radius: 0.4}},
	} {
		b.Run(c.name, func(b *testing.B) {
			var m *Mesh
			c0 := cpuNanos()
			for i := 0; i < b.N; i++ {
				m, _ = Build(tm, c.opt)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/1e6, "ms/build")
			b.ReportMetric(float64(cpuNanos()-c0)/float64(b.N)/1e6, "cpu-ms/build")
			b.ReportMetric(float64(m.Count()), "polygons")
		})
	}
}

// BenchmarkNavmeshBlock measures one run-time Block plus Unblock of a 3×3
// obstacle on the 256×256 mesh (the dynamic update).
func BenchmarkNavmeshBlock(b *testing.B) {
	tm := roomsMap(256, 256, 1)
	m, _ := Build(tm, MeshOptions{Method: Greedy})
	r := mathx.NewRand(3)
	b.ResetTimer()
	c0 := cpuNanos()
	for i := 0; i < b.N; i++ {
		x, y := r.IntN(250), r.IntN(250)
		m.Block(mathx.R(x, y, x+3, y+3))
		m.Unblock(mathx.R(x, y, x+3, y+3))
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/1e3, "µs/block+unblock")
	b.ReportMetric(float64(cpuNanos()-c0)/float64(b.N)/1e3, "cpu-µs/block+unblock")
}

// BenchmarkAgents1000 re-plans 1,000 agents at once. Grid: every agent
// queues an A* request on the open 256×256 map in one tick and the queue
// serves them under a per-tick budget of 20,000 expansions, so no tick
// stalls (reported: time per tick, ticks to serve all 1,000, the most
// expansions spent in one tick). Mesh: every agent plans a corridor and
// funnels it on the 256×256 rooms navmesh, all in one tick.
func BenchmarkAgents1000(b *testing.B) {
	const agents, budget = 1000, 20_000
	b.Run("GridQueue", func(b *testing.B) {
		g, _ := openMap()
		r := mathx.NewRand(5)
		var qs [agents][2]mathx.Point
		for i := range qs {
			for {
				a, c := mathx.Pt(r.IntN(256), r.IntN(256)), mathx.Pt(r.IntN(256), r.IntN(256))
				if g.Connected(a, c) {
					qs[i] = [2]mathx.Point{a, c}
					break
				}
			}
		}
		q := NewPathQueue(g)
		done := 0
		cb := func(id int, p []mathx.Point, err error) { done++ }
		for id, p := range qs { // warm-up round
			q.Push(id, p[0], p[1])
		}
		for q.Pending() > 0 {
			q.Update(budget, cb)
		}
		b.ReportAllocs()
		b.ResetTimer()
		ticks, maxSpent := 0, 0
		c0 := cpuNanos()
		for i := 0; i < b.N; i++ {
			for id, p := range qs {
				q.Push(id, p[0], p[1])
			}
			for q.Pending() > 0 {
				if s := q.Update(budget, cb); s > maxSpent {
					maxSpent = s
				}
				ticks++
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/1e6, "ms/1000agents")
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(ticks)/1e6, "ms/tick")
		b.ReportMetric(float64(cpuNanos()-c0)/float64(ticks)/1e6, "cpu-ms/tick")
		b.ReportMetric(float64(ticks)/float64(b.N), "ticks")
		b.ReportMetric(float64(maxSpent), "max-expansions/tick")
	})
	b.Run("MeshQueue", func(b *testing.B) {
		m, _ := Build(roomsMap(256, 256, 1), MeshOptions{Method: Greedy})
		r := mathx.NewRand(6)
		var qs [agents][2]mathx.Vec2
		for i := range qs {
			for {
				a, c := mathx.V2(r.Range(0, 256), r.Range(0, 256)), mathx.V2(r.Range(0, 256), r.Range(0, 256))
				if m.PolyAt(a) >= 0 && m.PolyAt(c) >= 0 {
					qs[i] = [2]mathx.Vec2{a, c}
					break
				}
			}
		}
		q := NewMeshQueue(m)
		cb := func(id int, cor []int, err error) {}
		const meshBudget = 20_000
		for id, p := range qs { // warm-up round
			q.Push(id, p[0], p[1])
		}
		for q.Pending() > 0 {
			q.Update(meshBudget, cb)
		}
		b.ReportAllocs()
		b.ResetTimer()
		ticks, maxSpent := 0, 0
		c0 := cpuNanos()
		for i := 0; i < b.N; i++ {
			for id, p := range qs {
				q.Push(id, p[0], p[1])
			}
			for q.Pending() > 0 {
				if s := q.Update(meshBudget, cb); s > maxSpent {
					maxSpent = s
				}
				ticks++
			}
		}
		b.ReportMetric(float64(cpuNanos()-c0)/float64(ticks)/1e6, "cpu-ms/tick")
		b.ReportMetric(float64(ticks)/float64(b.N), "ticks")
		b.ReportMetric(float64(maxSpent), "max-expansions/tick")
	})
	b.Run("Navmesh", func(b *testing.B) {
		m, _ := Build(roomsMap(256, 256, 1), MeshOptions{Method: Greedy})
		r := mathx.NewRand(6)
		var qs [agents][2]mathx.Vec2
		s := NewSearcher()
		for i := range qs {
			for {
				a, c := mathx.V2(r.Range(0, 256), r.Range(0, 256)), mathx.V2(r.Range(0, 256), r.Range(0, 256))
				if _, _, err := m.FindPath(s, a, c, nil); err == nil {
					qs[i] = [2]mathx.Vec2{a, c}
					break
				}
			}
		}
		cor := make([]int, 0, 4096)
		portals := make([][2]mathx.Vec2, 0, 4096)
		path := make([]mathx.Vec2, 0, 4096)
		b.ReportAllocs()
		b.ResetTimer()
		c0 := cpuNanos()
		nodes := 0
		for i := 0; i < b.N; i++ {
			for _, q := range qs {
				var st Stats
				cor, st, _ = m.FindPath(s, q[0], q[1], cor)
				portals, _ = m.Portals(q[0], q[1], cor, portals)
				path = Funnel(portals, path)
				nodes += st.Expanded
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/1e6, "ms/1000agents")
		b.ReportMetric(float64(cpuNanos()-c0)/float64(b.N)/1e6, "cpu-ms/1000agents")
		b.ReportMetric(float64(nodes)/float64(b.N*agents), "polys-expanded/agent")
	})
}

// BenchmarkNextHopTable builds the all-pairs table of a 256-node graph
// and reads routes from it.
func BenchmarkNextHopTable(b *testing.B) {
	g := randomGraph(mathx.NewRand(1), 256, 4)
	var t *NextHopTable
	b.Run("Build", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			t, _ = NewNextHopTable(g)
		}
		b.ReportMetric(float64(t.Bytes()), "bytes")
	})
	b.Run("Path", func(b *testing.B) {
		p := make([]int, 0, 256)
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			p, _ = t.Path(i%256, (i*7+3)%256, p)
		}
	})
}

// BenchmarkJPSPlusPrepare builds the JPS+ tables of the open 256×256 map.
func BenchmarkJPSPlusPrepare(b *testing.B) {
	g, _ := openMap()
	for i := 0; i < b.N; i++ {
		g.version++ // force a rebuild
		g.prepareJP()
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/1e6, "ms/build")
}
