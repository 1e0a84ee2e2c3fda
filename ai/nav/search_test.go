package nav

import (
	"errors"
	"math"
	"slices"
	"testing"

	"diorama/internal/testenv"
	"diorama/mathx"
)

// Seed 002, Table C.1: "AStarHelper CalculatePath | Graph (n1, n2, n3, n4)
// | n1, n4 | n1, n2, n3, n4". The fixture's edges are not given; this
// graph has a chain n1-n2-n3-n4 and a tempting but dearer shortcut n1→n3.
func TestSeed002FourNodeAStar(t *testing.T) {
	g := NewGraph()
	n := make([]int, 4)
	for i := range n {
		n[i] = g.AddNode(mathx.V2(float64(i)*10, 0))
	}
	for i := 0; i < 3; i++ {
		if err := g.AddBoth(n[i], n[i+1], 10); err != nil {
			t.Fatal(err)
		}
	}
	if err := g.AddEdge(n[0], n[2], 25); err != nil {
		t.Fatal(err)
	}
	s := NewSearcher()
	path, st, err := s.AStarGraph(g, n[0], n[3], nil)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(path, []int{n[0], n[1], n[2], n[3]}) || st.Cost != 30 {
		t.Fatalf("path %v cost %v, want [0 1 2 3] cost 30", path, st.Cost)
	}
}

// seed004Graph rebuilds the lecture's class exercise (Ahlquist and Novak,
// ch. 6) from the edges its worked solution relaxes: G–F 20, G–H 8, H–A 7,
// A–C 7, F–D 23, C–B 6, C–D 8, C–E 8. I, J and K appear in the solution's
// header but are never reached before D is settled; here they hang off E
// and B with weights that cannot shorten anything.
func seed004Graph(t *testing.T) (*Graph, map[string]int) {
	g := NewGraph()
	id := map[string]int{}
	for _, c := range "ABCDEFGHIJK" {
		id[string(c)] = g.AddNode(mathx.Vec2{})
	}
	for _, e := range []struct {
		a, b string
		w    float64
	}{{"G", "F", 20}, {"G", "H", 8}, {"H", "A", 7}, {"A", "C", 7}, {"F", "D", 23},
		{"C", "B", 6}, {"C", "D", 8}, {"C", "E", 8}, {"E", "I", 9}, {"I", "J", 4}, {"B", "K", 12}} {
		if err := g.AddBoth(id[e.a], id[e.b], e.w); err != nil {
			t.Fatal(err)
		}
	}
	return g, id
}

// TestSeed004DijkstraGToD replays the lecture's worked example: from G,
// the tentative costs A15 B28 C22 D30 E30 F20 H8, the settling order
// G H A F C B D, and the route G H A C D of cost 30.
func TestSeed004DijkstraGToD(t *testing.T) {
	g, id := seed004Graph(t)
	s := NewSearcher()
	s.record = true
	if err := s.DijkstraGraph(g, id["G"]); err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]float64{"G": 0, "H": 8, "A": 15, "F": 20, "C": 22, "B": 28, "D": 30, "E": 30} {
		if d := s.GraphDist(id[name]); d != want {
			t.Errorf("dist G→%s = %v, want %v", name, d, want)
		}
	}
	var order string
	for _, v := range s.order[:7] {
		order += string(rune('A' + v))
	}
	if order != "GHAFCBD" {
		t.Errorf("settling order %s, want GHAFCBD", order)
	}
	path, err := s.GraphPathTo(id["D"], nil)
	if err != nil {
		t.Fatal(err)
	}
	var route string
	for _, v := range path {
		route += string(rune('A' + v))
	}
	if route != "GHACD" {
		t.Fatalf("route %s, want GHACD", route)
	}
	// The single-pair search stops as soon as D is settled.
	p2, st, err := s.AStarGraph(g, id["G"], id["D"], nil)
	if err != nil || !slices.Equal(p2, path) || st.Cost != 30 || st.Expanded != 7 {
		t.Fatalf("A* G→D: %v cost %v expanded %d err %v", p2, st.Cost, st.Expanded, err)
	}
	// And the lookup table gives the same route hop by hop.
	tab, err := NewNextHopTable(g)
	if err != nil {
		t.Fatal(err)
	}
	p3, err := tab.Path(id["G"], id["D"], nil)
	if err != nil || PathCost(g, p3) != 30 {
		t.Fatalf("table route %v cost %v err %v", p3, PathCost(g, p3), err)
	}
	if tab.Next(id["G"], id["D"]) != id["H"] || tab.Bytes() != 11*11 {
		t.Fatalf("table next %d bytes %d", tab.Next(id["G"], id["D"]), tab.Bytes())
	}
}

// randomGraph returns a connected-ish random directed graph with nodes on a
// plane and edge weights at least their length (so the heuristic matters).
func randomGraph(r *mathx.Rand, n, deg int) *Graph {
	g := NewGraph()
	for i := 0; i < n; i++ {
		g.AddNode(mathx.V2(r.Range(0, 100), r.Range(0, 100)))
	}
	for a := 0; a < n; a++ {
		for k := 0; k < deg; k++ {
			b := r.IntN(n)
			if b != a {
				_ = g.AddEdge(a, b, g.Pos(a).Dist(g.Pos(b))*r.Range(1, 2))
			}
		}
	}
	return g
}

// TestNextHopTableMatchesDijkstra: on random graphs, every table route is
// a least-cost path and every unreachable pair is reported as such.
func TestNextHopTableMatchesDijkstra(t *testing.T) {
	r := mathx.NewRand(4)
	for _, n := range []int{40, 300} {
		g := randomGraph(r, n, 2)
		tab, err := NewNextHopTable(g)
		if err != nil {
			t.Fatal(err)
		}
		want := n * n
		if n > 256 {
			want *= 2
		}
		if tab.Bytes() != want {
			t.Fatalf("%d nodes: %d bytes, want %d", n, tab.Bytes(), want)
		}
		s := NewSearcher()
		var p []int
		for a := 0; a < n; a += 7 {
			if err := s.DijkstraGraph(g, a); err != nil {
				t.Fatal(err)
			}
			for b := 0; b < n; b++ {
				d := s.GraphDist(b)
				p, err = tab.Path(a, b, p)
				if math.IsInf(d, 1) {
					if !errors.Is(err, ErrNoPath) {
						t.Fatalf("%d→%d unreachable but table gives %v", a, b, p)
					}
					continue
				}
				if err != nil || math.Abs(PathCost(g, p)-d) > 1e-9 {
					t.Fatalf("%d→%d: table cost %v, Dijkstra %v (%v)", a, b, PathCost(g, p), d, err)
				}
			}
		}
	}
}

// TestLookupTableMemorySeed004 checks the lecture's figure: 256 nodes need
// 8-bit entries and 65,536 of them, 64 KiB.
func TestLookupTableMemorySeed004(t *testing.T) {
	g := NewGraph()
	for i := 0; i < 256; i++ {
		g.AddNode(mathx.V2(float64(i), 0))
		if i > 0 {
			_ = g.AddBoth(i-1, i, 1)
		}
	}
	tab, err := NewNextHopTable(g)
	if err != nil {
		t.Fatal(err)
	}
	if tab.Bytes() != 65536 {
		t.Fatalf("256 nodes: %d bytes, want 65536", tab.Bytes())
	}
	if tab.Next(0, 255) != 1 || tab.Next(255, 0) != 254 {
		t.Fatal("wrong hops on a line")
	}
	g.AddNode(mathx.V2(300, 0)) // 257 nodes: two bytes each
	tab, _ = NewNextHopTable(g)
	if tab.Bytes() != 2*257*257 || tab.Next(0, 256) != -1 {
		t.Fatalf("257 nodes: %d bytes, next %d", tab.Bytes(), tab.Next(0, 256))
	}
}

// randomCostGrid returns a grid with ~25% walls and costs in [1, 4].
func randomCostGrid(r *mathx.Rand, w, h int, conn Conn, uniform bool) *Grid {
	g, _ := NewGrid(w, h, conn)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			switch {
			case r.Chance(0.25):
				g.SetBlocked(x, y, true)
			case !uniform:
				_ = g.SetCost(x, y, r.Range(1, 4))
			}
		}
	}
	return g
}

// TestAStarMatchesDijkstra is a property test: on random weighted grids of
// each connectivity, A*'s cost equals Dijkstra's distance, unreachable
// goals agree, and the path's own cost adds up.
func TestAStarMatchesDijkstra(t *testing.T) {
	r := mathx.NewRand(7)
	for _, conn := range []Conn{Four, Eight, Hex} {
		for trial := 0; trial < 20; trial++ {
			g := randomCostGrid(r, 24, 19, conn, trial%2 == 0)
			s, d := NewSearcher(), NewSearcher()
			var p []mathx.Point
			for q := 0; q < 20; q++ {
				a := mathx.Pt(r.IntN(24), r.IntN(19))
				b := mathx.Pt(r.IntN(24), r.IntN(19))
				if !g.Walkable(a.X, a.Y) || !g.Walkable(b.X, b.Y) {
					continue
				}
				if err := d.DijkstraGrid(g, a); err != nil {
					t.Fatal(err)
				}
				want := d.GridDist(b)
				var st Stats
				var err error
				p, st, err = s.AStar(g, a, b, p)
				if math.IsInf(want, 1) {
					if !errors.Is(err, ErrNoPath) || st.Expanded != 0 {
						t.Fatalf("conn %d %v→%v: unreachable, got %v after %d expansions", conn, a, b, err, st.Expanded)
					}
					continue
				}
				if err != nil || math.Abs(st.Cost-want) > 1e-9 {
					t.Fatalf("conn %d %v→%v: A* %v (%v), Dijkstra %v", conn, a, b, st.Cost, err, want)
				}
				if c := gridPathCost(t, g, p); math.Abs(c-want) > 1e-6 {
					t.Fatalf("conn %d: path cost %v, want %v", conn, c, want)
				}
			}
		}
	}
}

// gridPathCost recomputes a path's cost step by step, checking each step
// is a neighbour move of the grid's connectivity.
func gridPathCost(t *testing.T, g *Grid, p []mathx.Point) float64 {
	t.Helper()
	c := 0.0
	for i := 1; i < len(p); i++ {
		a, b := p[i-1], p[i]
		dx, dy := b.X-a.X, b.Y-a.Y
		step := 1.0
		switch g.Conn() {
		case Four:
			if absI(dx)+absI(dy) != 1 {
				t.Fatalf("bad 4-way step %v→%v", a, b)
			}
		case Eight:
			if absI(dx) > 1 || absI(dy) > 1 || dx == 0 && dy == 0 {
				t.Fatalf("bad 8-way step %v→%v", a, b)
			}
			if dx != 0 && dy != 0 {
				if !g.Walkable(a.X+dx, a.Y) || !g.Walkable(a.X, a.Y+dy) {
					t.Fatalf("corner cut %v→%v", a, b)
				}
				step = math.Sqrt2
			}
		case Hex:
			if HexDistance(a, b) != 1 {
				t.Fatalf("bad hex step %v→%v", a, b)
			}
		}
		c += step * g.Cost(b.X, b.Y)
	}
	return c
}

func TestHexDistance(t *testing.T) {
	// Odd-r layout: (0,0)'s neighbours are (1,0) (-1,0) (-1,-1) (0,-1)
	// (-1,1) (0,1); (0,1)'s are (1,1) (-1,1) (0,0) (1,0) (0,2) (1,2).
	for _, p := range []mathx.Point{mathx.Pt(1, 0), mathx.Pt(-1, 0), mathx.Pt(-1, -1), mathx.Pt(0, -1), mathx.Pt(-1, 1), mathx.Pt(0, 1)} {
		if HexDistance(mathx.Pt(0, 0), p) != 1 {
			t.Errorf("(0,0)-%v not adjacent", p)
		}
	}
	for _, p := range []mathx.Point{mathx.Pt(1, 1), mathx.Pt(-1, 1), mathx.Pt(0, 0), mathx.Pt(1, 0), mathx.Pt(0, 2), mathx.Pt(1, 2)} {
		if HexDistance(mathx.Pt(0, 1), p) != 1 {
			t.Errorf("(0,1)-%v not adjacent", p)
		}
	}
	if d := HexDistance(mathx.Pt(0, 0), mathx.Pt(3, 4)); d != 5 {
		t.Errorf("distance %d, want 5", d)
	}
	g, _ := NewGrid(6, 6, Hex)
	s := NewSearcher()
	p, st, err := s.AStar(g, mathx.Pt(0, 0), mathx.Pt(3, 4), nil)
	if err != nil || st.Cost != 5 || len(p) != 6 {
		t.Fatalf("hex path %v cost %v err %v", p, st.Cost, err)
	}
}

// TestBadInput: outside, in a wall, disconnected, negative and NaN costs,
// empty maps and graphs, budgets: errors, never a panic or long search.
func TestBadInput(t *testing.T) {
	if _, err := NewGrid(0, 5, Eight); !errors.Is(err, ErrEmptyMap) {
		t.Errorf("empty grid: %v", err)
	}
	if _, err := NewGrid(1<<20, 1<<20, Eight); !errors.Is(err, ErrTooLarge) {
		t.Errorf("huge grid: %v", err)
	}
	if _, err := ParseGrid(nil, Eight); !errors.Is(err, ErrEmptyMap) {
		t.Errorf("empty rows: %v", err)
	}
	g, err := ParseGrid([]string{
		"..#..",
		"..#..",
		"..#..",
	}, Eight)
	if err != nil {
		t.Fatal(err)
	}
	s := NewSearcher()
	for _, c := range []struct {
		a, b mathx.Point
		want error
	}{
		{mathx.Pt(-1, 0), mathx.Pt(0, 0), ErrOutOfBounds},
		{mathx.Pt(0, 0), mathx.Pt(5, 0), ErrOutOfBounds},
		{mathx.Pt(2, 1), mathx.Pt(0, 0), ErrBlocked},
		{mathx.Pt(0, 0), mathx.Pt(2, 2), ErrBlocked},
		{mathx.Pt(0, 0), mathx.Pt(4, 2), ErrNoPath},
	} {
		_, st, err := s.AStar(g, c.a, c.b, nil)
		if !errors.Is(err, c.want) || st.Expanded != 0 {
			t.Errorf("A* %v→%v: %v after %d expansions, want %v", c.a, c.b, err, st.Expanded, c.want)
		}
		_, _, err = s.JPS(g, c.a, c.b, nil)
		if !errors.Is(err, c.want) {
			t.Errorf("JPS %v→%v: %v, want %v", c.a, c.b, err, c.want)
		}
		_, _, err = s.JPSPlus(g, c.a, c.b, nil)
		if !errors.Is(err, c.want) {
			t.Errorf("JPS+ %v→%v: %v, want %v", c.a, c.b, err, c.want)
		}
	}
	if _, _, err := s.AStar(nil, mathx.Pt(0, 0), mathx.Pt(0, 0), nil); err == nil {
		t.Error("nil grid accepted")
	}
	for _, c := range []float64{-1, 0, math.NaN(), math.Inf(1)} {
		if err := g.SetCost(0, 0, c); !errors.Is(err, ErrBadCost) {
			t.Errorf("cost %v: %v", c, err)
		}
	}
	if err := g.SetCost(9, 0, 2); !errors.Is(err, ErrOutOfBounds) {
		t.Errorf("cost outside: %v", err)
	}
	// JPS refuses weighted and non-8-way grids.
	_ = g.SetCost(0, 0, 2)
	if _, _, err := s.JPS(g, mathx.Pt(0, 0), mathx.Pt(1, 0), nil); !errors.Is(err, ErrNotUniform) {
		t.Errorf("JPS on weighted grid: %v", err)
	}
	long, _ := NewGrid(40000, 2, Eight)
	if _, _, err := s.JPSPlus(long, mathx.Pt(0, 0), mathx.Pt(39999, 1), nil); !errors.Is(err, ErrTooLarge) {
		t.Errorf("JPS+ on a 40000-wide grid: %v", err)
	}
	g4, _ := NewGrid(3, 3, Four)
	if _, _, err := s.JPS(g4, mathx.Pt(0, 0), mathx.Pt(1, 0), nil); !errors.Is(err, ErrNotUniform) {
		t.Errorf("JPS on 4-way grid: %v", err)
	}

	gr := NewGraph()
	if _, _, err := s.AStarGraph(gr, 0, 0, nil); !errors.Is(err, ErrEmptyMap) {
		t.Errorf("empty graph: %v", err)
	}
	a, b, c := gr.AddNode(mathx.V2(0, 0)), gr.AddNode(mathx.V2(1, 0)), gr.AddNode(mathx.V2(math.NaN(), 0))
	if err := gr.AddEdge(a, b, -1); !errors.Is(err, ErrBadCost) {
		t.Errorf("negative weight: %v", err)
	}
	if err := gr.AddEdge(a, b, math.NaN()); !errors.Is(err, ErrBadCost) {
		t.Errorf("NaN weight: %v", err)
	}
	if err := gr.AddEdge(a, 7, 1); !errors.Is(err, ErrOutOfBounds) {
		t.Errorf("missing node: %v", err)
	}
	_ = gr.AddEdge(a, b, 1)
	if _, _, err := s.AStarGraph(gr, a, c, nil); !errors.Is(err, ErrNoPath) {
		t.Errorf("disconnected graph: %v", err)
	}
	if _, _, err := s.AStarGraph(gr, b, a, nil); !errors.Is(err, ErrNoPath) {
		t.Errorf("one-way edge walked backwards: %v", err)
	}
	if _, _, err := s.AStarGraph(gr, a, 3, nil); !errors.Is(err, ErrOutOfBounds) {
		t.Errorf("bad node: %v", err)
	}
	if _, err := NewNextHopTable(NewGraph()); !errors.Is(err, ErrEmptyMap) {
		t.Errorf("empty table: %v", err)
	}
}

// TestNearestAndBudget: an unreachable goal with Nearest set gives a path
// to the reachable cell nearest it; MaxExpand stops a search early.
func TestNearestAndBudget(t *testing.T) {
	g, _ := ParseGrid([]string{
		"......#...",
		"......#...",
		"......#...",
		"......#...",
	}, Eight)
	s := NewSearcher()
	s.Nearest = true
	p, st, err := s.AStar(g, mathx.Pt(0, 0), mathx.Pt(9, 2), nil)
	if err != nil || !st.Partial || p[len(p)-1] != mathx.Pt(5, 2) {
		t.Fatalf("nearest: %v partial %v err %v", p, st.Partial, err)
	}
	if st.Expanded != 24 {
		t.Fatalf("nearest search expanded %d cells, want the 24 reachable", st.Expanded)
	}
	s.Nearest = false
	s.MaxExpand = 3
	big, _ := NewGrid(100, 100, Eight)
	_, st, err = s.AStar(big, mathx.Pt(0, 0), mathx.Pt(99, 99), nil)
	if !errors.Is(err, ErrBudget) || st.Expanded != 3 {
		t.Fatalf("budget: %v after %d", err, st.Expanded)
	}
	// Sliced: Begin, Step in small slices, then read the result.
	s.MaxExpand = 0
	if err := s.BeginGrid(big, mathx.Pt(0, 0), mathx.Pt(99, 99), false); err != nil {
		t.Fatal(err)
	}
	steps := 0
	for !s.Step(10) {
		steps++
	}
	p, st, err = s.GridResult(p)
	if err != nil || len(p) != 100 || math.Abs(st.Cost-99*math.Sqrt2) > 1e-9 || steps < 9 {
		t.Fatalf("sliced: %d cells cost %v err %v after %d slices", len(p), st.Cost, err, steps)
	}
}

// TestZeroAllocs: after warm-up, queries allocate nothing.
func TestZeroAllocs(t *testing.T) {
	r := mathx.NewRand(3)
	g := randomCostGrid(r, 64, 64, Eight, true)
	g.SetBlocked(0, 0, false)
	g.SetBlocked(63, 63, false)
	for x := 0; x < 64; x++ { // make sure the corners connect
		g.SetBlocked(x, 0, false)
		g.SetBlocked(63, x, false)
	}
	s := NewSearcher()
	dst := make([]mathx.Point, 0, 4096)
	a, b := mathx.Pt(0, 0), mathx.Pt(63, 63)
	s.AStar(g, a, b, dst)
	s.JPS(g, a, b, dst)
	s.JPSPlus(g, a, b, dst)
	if n := testenv.AllocsOver(20, func() { s.AStar(g, a, b, dst) }); n != 0 {
		t.Errorf("A*: %v allocs in 20 queries", n)
	}
	if n := testenv.AllocsOver(20, func() { s.JPS(g, a, b, dst) }); n != 0 {
		t.Errorf("JPS: %v allocs in 20 queries", n)
	}
	if n := testenv.AllocsOver(20, func() { s.JPSPlus(g, a, b, dst) }); n != 0 {
		t.Errorf("JPS+: %v allocs in 20 queries", n)
	}
	gr := randomGraph(r, 500, 3)
	gp := make([]int, 0, 500)
	s.AStarGraph(gr, 0, 499, gp)
	if n := testenv.AllocsOver(20, func() { s.AStarGraph(gr, 0, 499, gp) }); n != 0 {
		t.Errorf("graph A*: %v allocs in 20 queries", n)
	}
	if n := testenv.AllocsOver(20, func() { s.DijkstraGrid(g, a) }); n != 0 {
		t.Errorf("Dijkstra: %v allocs in 20 runs", n)
	}
	// Navmesh corridor, portals and funnel.
	m, err := Build(roomsMap(64, 64, 2), MeshOptions{Method: Greedy})
	if err != nil {
		t.Fatal(err)
	}
	from, to := mathx.V2(2.5, 2.5), mathx.V2(60.5, 60.5)
	if m.PolyAt(from) < 0 || m.PolyAt(to) < 0 {
		t.Fatal("test points not on the mesh")
	}
	cor := make([]int, 0, 1024)
	portals := make([][2]mathx.Vec2, 0, 1024)
	pts := make([]mathx.Vec2, 0, 1024)
	meshQuery := func() {
		cor, _, _ = m.FindPath(s, from, to, cor)
		portals, _ = m.Portals(from, to, cor, portals)
		pts = Funnel(portals, pts)
	}
	meshQuery()
	if n := testenv.AllocsOver(20, meshQuery); n != 0 {
		t.Errorf("mesh path: %v allocs in 20 queries", n)
	}
	// The queue, once warmed up.
	q := NewPathQueue(g)
	cb := func(int, []mathx.Point, error) {}
	tick := func() {
		q.Push(1, a, b)
		q.Push(2, b, a)
		for q.Pending() > 0 {
			q.Update(100, cb)
		}
	}
	tick()
	if n := testenv.AllocsOver(20, tick); n != 0 {
		t.Errorf("path queue: %v allocs in 20 ticks", n)
	}
}

// TestJPSMatchesAStar: on random uniform 8-way grids of several widths
// (one to four 64-cell words per row) and densities, changing now and
// then, JPS and JPS+ find paths as short as A*'s, through legal steps,
// and agree on unreachable goals.
func TestJPSMatchesAStar(t *testing.T) {
	r := mathx.NewRand(21)
	for _, sz := range [][2]int{{7, 5}, {64, 64}, {65, 30}, {130, 70}, {200, 41}} {
		for _, dens := range []float64{0, 0.05, 0.2, 0.35} {
			g, _ := NewGrid(sz[0], sz[1], Eight)
			for y := 0; y < sz[1]; y++ {
				for x := 0; x < sz[0]; x++ {
					if r.Chance(dens) {
						g.SetBlocked(x, y, true)
					}
				}
			}
			s, j := NewSearcher(), NewSearcher()
			var p []mathx.Point
			for q := 0; q < 40; q++ {
				a, b := mathx.Pt(r.IntN(sz[0]), r.IntN(sz[1])), mathx.Pt(r.IntN(sz[0]), r.IntN(sz[1]))
				if !g.Walkable(a.X, a.Y) || !g.Walkable(b.X, b.Y) {
					continue
				}
				_, sa, ea := s.AStar(g, a, b, nil)
				var sj Stats
				var ej error
				p, sj, ej = j.JPS(g, a, b, p)
				if (ea == nil) != (ej == nil) {
					t.Fatalf("%v density %v %v→%v: A* %v, JPS %v", sz, dens, a, b, ea, ej)
				}
				if ea != nil {
					continue
				}
				if l := checkGridPath(t, g, p, a, b); math.Abs(l-sa.Cost) > 1e-9 || math.Abs(sj.Cost-sa.Cost) > 1e-9 {
					t.Fatalf("%v density %v %v→%v: JPS %v (walked %v), A* %v", sz, dens, a, b, sj.Cost, l, sa.Cost)
				}
				p, sj, ej = j.JPSPlus(g, a, b, p)
				if ej != nil {
					t.Fatalf("%v density %v %v→%v: JPS+ %v", sz, dens, a, b, ej)
				}
				if l := checkGridPath(t, g, p, a, b); math.Abs(l-sa.Cost) > 1e-9 || math.Abs(sj.Cost-sa.Cost) > 1e-9 {
					t.Fatalf("%v density %v %v→%v: JPS+ %v (walked %v), A* %v", sz, dens, a, b, sj.Cost, l, sa.Cost)
				}
				if q%10 == 9 {
					// The map changes: JPS+ must rebuild its tables.
					c := mathx.Pt(r.IntN(sz[0]), r.IntN(sz[1]))
					g.SetBlocked(c.X, c.Y, !g.Walkable(c.X, c.Y))
				}
			}
		}
	}
}

// TestGridGraphTable: a small weighted grid of each connectivity as an
// explicit graph; its lookup-table routes cost what A* on the grid finds.
func TestGridGraphTable(t *testing.T) {
	r := mathx.NewRand(31)
	for _, conn := range []Conn{Four, Eight, Hex} {
		g := randomCostGrid(r, 14, 11, conn, false)
		gr, node, err := GridGraph(g)
		if err != nil {
			t.Fatal(err)
		}
		tab, err := NewNextHopTable(gr)
		if err != nil {
			t.Fatal(err)
		}
		s := NewSearcher()
		var route []int
		for q := 0; q < 200; q++ {
			a, b := mathx.Pt(r.IntN(14), r.IntN(11)), mathx.Pt(r.IntN(14), r.IntN(11))
			na, nb := node[a.Y*14+a.X], node[b.Y*14+b.X]
			if na < 0 || nb < 0 {
				continue
			}
			_, st, err := s.AStar(g, a, b, nil)
			var terr error
			route, terr = tab.Path(int(na), int(nb), route)
			if (err == nil) != (terr == nil) {
				t.Fatalf("conn %d %v→%v: grid %v, table %v", conn, a, b, err, terr)
			}
			if err == nil && math.Abs(PathCost(gr, route)-st.Cost) > 1e-9 {
				t.Fatalf("conn %d %v→%v: table %v, grid %v", conn, a, b, PathCost(gr, route), st.Cost)
			}
		}
	}
	if _, _, err := GridGraph(nil); !errors.Is(err, ErrEmptyMap) {
		t.Errorf("nil grid: %v", err)
	}
}
