package nav

import (
	"fmt"
	"math"

	"diorama/mathx"
)

type kind uint8

const (
	kindGrid4 kind = iota
	kindGrid8
	kindHex
	kindJPS
	kindJPSPlus
	kindGraph
	kindFx8 // A* on a uniform 8-way grid, in fixed point (fast.go)
)

// Stats describes the last search.
type Stats struct {
	// Expanded counts the nodes taken off the open list (closed).
	Expanded int
	// Cost is the path's cost (for uniform grids, its length).
	Cost float64
	// Partial is true when the goal was unreachable and, because
	// Searcher.Nearest was set, the path leads to the reachable node
	// nearest the goal instead.
	Partial bool
}

// Searcher runs searches and owns their work arrays, sized on first use
// and reused after, so repeated queries allocate nothing. A Searcher is
// not safe for concurrent use; give each goroutine its own.
type Searcher struct {
	// MaxExpand, when positive, stops a search after that many
	// expansions with ErrBudget (or a partial path when Nearest is set).
	MaxExpand int
	// Nearest makes an unreachable goal return the path to the reachable
	// node closest to it (by the search heuristic's distance) with
	// Stats.Partial set, instead of ErrNoPath. A*, JPS and JPS+ end
	// equally close: A* meets the closest cell while exhausting the
	// start's component, while JPS and JPS+ (which close only jump
	// points) look that cell up first, scanning out from the goal, and
	// search a shortest path to it. Among equally close cells A* keeps
	// the one reached cheapest, JPS the one nearest the start in octile
	// distance. With MaxExpand the partial path leads to the closest node
	// closed before the budget ran out.
	Nearest bool

	g, h   []float64
	parent []int32
	state  []uint32 // gen: open, gen+1: closed, older: unseen
	gen    uint32   // advanced by 2 per search
	open   openHeap
	order  []int32 // nodes in the order they were closed (Dijkstra)

	// The fixed-point searches (kindFx8, kindJPS, kindJPSPlus) use rec
	// and ring (A*) or rq (JPS) instead of g, h, parent, state and open.
	fx     bool
	rec    []fxNode
	ring   ringQueue
	rq     radixQueue
	bestHx uint64

	kind      kind
	grid      *Grid
	graph     *Graph
	start     int32
	goal      int32 // -1: settle everything
	gx, gy    int   // the goal searched for
	ngx, ngy  int   // the goal asked for, which Nearest measures against
	gpos      mathx.Vec2
	hk        float64
	expanded  int
	best      int32
	bestH     float64
	found     bool
	finished  bool
	budgetHit bool
	record    bool
	// redirected says the goal asked for was unreachable and Nearest
	// made a JPS search aim at the closest reachable cell instead.
	redirected bool

	poly *polySearch // PolyMesh.FindPath's work arrays
}

// NewSearcher returns a Searcher with no limits.
func NewSearcher() *Searcher { return &Searcher{} }

func (s *Searcher) prepare(n int, fx bool) {
	s.fx = fx
	if fx {
		if len(s.rec) < n {
			s.rec = make([]fxNode, n)
		}
	} else if len(s.g) < n {
		s.g = make([]float64, n)
		s.h = make([]float64, n)
		s.parent = make([]int32, n)
		s.state = make([]uint32, n)
	}
	if !fx {
		s.open.reset(len(s.g), false)
	}
	s.gen += 2
	if s.gen >= math.MaxUint32-2 {
		clear(s.state)
		for i := range s.rec {
			s.rec[i].st = 0
		}
		s.gen = 2
	}
	s.expanded = 0
	s.found, s.finished, s.budgetHit = false, false, false
	s.order = s.order[:0]
	s.best, s.bestH = -1, math.Inf(1)
}

// forget drops the last search's results before a new one starts, so a
// call that fails on its arguments leaves nothing stale behind: GridDist
// and GraphDist report +Inf and GridResult and GraphResult ErrNoPath
// until a search succeeds.
func (s *Searcher) forget() {
	s.grid, s.graph = nil, nil
	s.found, s.finished, s.budgetHit = false, true, false
	s.best = -1
	s.goal = -2 // no Dijkstra result
	s.redirected = false
}

func (s *Searcher) gridCell(g *Grid, p mathx.Point, what string) (int32, error) {
	if !g.In(p.X, p.Y) {
		return 0, fmt.Errorf("%w: %s (%d,%d) on a %d×%d grid", ErrOutOfBounds, what, p.X, p.Y, g.w, g.h)
	}
	i := g.idx(p.X, p.Y)
	if g.cost[i] <= 0 {
		return 0, fmt.Errorf("%w: %s (%d,%d)", ErrBlocked, what, p.X, p.Y)
	}
	return i, nil
}

// BeginGrid starts an A* search (or JPS when jps is true) on g without
// running it; advance it with Step and read it with GridResult. AStar and
// JPS are Begin, Step to the end and GridResult in one call.
func (s *Searcher) BeginGrid(g *Grid, from, to mathx.Point, jps bool) error {
	s.forget()
	if g == nil {
		return ErrEmptyMap
	}
	a, err := s.gridCell(g, from, "start")
	if err != nil {
		return err
	}
	b, err := s.gridCell(g, to, "goal")
	if err != nil {
		return err
	}
	if jps && (g.conn != Eight || !g.Uniform()) {
		return ErrNotUniform
	}
	g.Prepare()
	fx := g.conn == Eight && g.Uniform()
	s.prepare(len(g.cost), fx)
	s.grid, s.graph = g, nil
	switch {
	case jps:
		s.kind = kindJPS
	case fx:
		s.kind = kindFx8
	case g.conn == Four:
		s.kind = kindGrid4
	case g.conn == Eight:
		s.kind = kindGrid8
	default:
		s.kind = kindHex
	}
	s.start, s.goal = a, b
	s.gx, s.gy = to.X, to.Y
	s.ngx, s.ngy = to.X, to.Y
	s.hk = g.minCost
	if g.comp[a] != g.comp[b] {
		if !s.Nearest {
			s.finished = true // different components: no search needed
			return nil
		}
		if jps {
			// JPS closes only jump points, so the nearest one it meets
			// need not be the nearest reachable cell: find that cell
			// first and search for it instead.
			s.goal = g.nearestInComp(g.comp[a], to, from)
			s.gx, s.gy = g.xy(s.goal)
			s.redirected = true
		}
	}
	if fx {
		s.seedFx(a)
	} else {
		s.seed(a)
	}
	return nil
}

func (s *Searcher) seed(a int32) {
	s.open.ties = s.hk > 0 // Dijkstra keeps strict first-in, first-out ties
	s.state[a] = s.gen
	s.g[a] = 0
	s.h[a] = s.heur(a)
	s.parent[a] = -1
	s.open.push(a, s.h[a], 0)
}

// AStar finds a least-cost path from one cell to another and appends it,
// start and goal included, to dst[:0]. Errors: ErrOutOfBounds and
// ErrBlocked for bad endpoints, ErrNoPath when the goal is unreachable
// (found in constant time when start and goal lie in different
// components), ErrBudget when MaxExpand ran out.
func (s *Searcher) AStar(g *Grid, from, to mathx.Point, dst []mathx.Point) ([]mathx.Point, Stats, error) {
	if err := s.BeginGrid(g, from, to, false); err != nil {
		return dst[:0], Stats{}, err
	}
	s.Step(-1)
	return s.GridResult(dst)
}

// Step advances the search begun by BeginGrid or BeginGraph by at most
// budget expansions (all of them when budget < 0) and reports whether it
// has finished.
func (s *Searcher) Step(budget int) bool {
	if s.fx {
		return s.stepFx(budget)
	}
	for !s.finished {
		if budget == 0 {
			return false
		}
		if budget > 0 {
			budget--
		}
		s.next()
	}
	return true
}

// next closes one node and expands it.
func (s *Searcher) next() {
	if s.open.len() == 0 {
		s.finished = true
		return
	}
	cur := s.open.pop()
	s.state[cur] = s.gen + 1
	s.expanded++
	if s.record {
		s.order = append(s.order, cur)
	}
	if cur == s.goal {
		s.found, s.finished = true, true
		return
	}
	if s.Nearest {
		if h := s.h[cur]; h < s.bestH || (h == s.bestH && s.g[cur] < s.g[s.best]) {
			s.best, s.bestH = cur, h
		}
	}
	if s.MaxExpand > 0 && s.expanded >= s.MaxExpand {
		s.budgetHit, s.finished = true, true
		return
	}
	switch s.kind {
	case kindGrid8:
		s.expand8(cur)
	case kindGrid4:
		s.expand4(cur)
	case kindHex:
		s.expandHex(cur)
	case kindJPS:
		s.expandJPS(cur)
	case kindJPSPlus:
		s.expandJPSPlus(cur)
	case kindGraph:
		s.expandGraph(cur)
	}
}

func (s *Searcher) heur(n int32) float64 {
	if s.hk == 0 {
		return 0
	}
	switch s.kind {
	case kindGraph:
		d := s.graph.pos[n].Sub(s.gpos)
		return s.hk * math.Sqrt(d.X*d.X+d.Y*d.Y)
	case kindHex:
		x, y := s.grid.xy(n)
		return s.hk * float64(HexDistance(mathx.Point{X: x, Y: y}, mathx.Point{X: s.gx, Y: s.gy}))
	}
	st := s.grid.stride
	dx, dy := int(n)%st-1-s.gx, int(n)/st-1-s.gy
	if s.kind == kindGrid4 {
		return s.hk * float64(absI(dx)+absI(dy))
	}
	return s.hk * octile(dx, dy)
}

func (s *Searcher) relax(n, from int32, ng float64) {
	st := s.state[n]
	if st < s.gen {
		s.state[n] = s.gen
		h := s.heur(n)
		s.h[n], s.g[n], s.parent[n] = h, ng, from
		s.open.push(n, ng+h, ng)
		return
	}
	if st != s.gen || ng >= s.g[n] {
		return
	}
	s.g[n], s.parent[n] = ng, from
	s.open.decrease(n, ng+s.h[n], ng)
}

func (s *Searcher) expand4(p int32) {
	c := s.grid.cost
	st := int32(s.grid.stride)
	g0 := s.g[p]
	for _, o := range [4]int32{1, -1, st, -st} {
		if k := c[p+o]; k > 0 {
			s.relax(p+o, p, g0+float64(k))
		}
	}
}

// expand8 relaxes the up to eight neighbours of p on an 8-way grid. The
// eight moves are written out one by one (same code, different offsets)
// so the hot loop has no per-neighbour call or table.
func (s *Searcher) expand8(p int32) {
	c := s.grid.cost
	st := int32(s.grid.stride)
	x, y := int(p)%int(st)-1, int(p)/int(st)-1
	g0 := s.g[p]
	state, gen := s.state, s.gen
	e, w, n, so := c[p+1] > 0, c[p-1] > 0, c[p-st] > 0, c[p+st] > 0
	if e {
		q, ng := p+1, g0+float64(c[p+1])
		if stq := state[q]; stq < gen {
			state[q] = gen
			s.push8(q, p, ng, x+1, y)
		} else if stq == gen && ng < s.g[q] {
			s.g[q], s.parent[q] = ng, p
			s.open.decrease(q, ng+s.h[q], ng)
		}
	}
	if w {
		q, ng := p-1, g0+float64(c[p-1])
		if stq := state[q]; stq < gen {
			state[q] = gen
			s.push8(q, p, ng, x-1, y)
		} else if stq == gen && ng < s.g[q] {
			s.g[q], s.parent[q] = ng, p
			s.open.decrease(q, ng+s.h[q], ng)
		}
	}
	if n {
		q, ng := p-st, g0+float64(c[p-st])
		if stq := state[q]; stq < gen {
			state[q] = gen
			s.push8(q, p, ng, x, y-1)
		} else if stq == gen && ng < s.g[q] {
			s.g[q], s.parent[q] = ng, p
			s.open.decrease(q, ng+s.h[q], ng)
		}
	}
	if so {
		q, ng := p+st, g0+float64(c[p+st])
		if stq := state[q]; stq < gen {
			state[q] = gen
			s.push8(q, p, ng, x, y+1)
		} else if stq == gen && ng < s.g[q] {
			s.g[q], s.parent[q] = ng, p
			s.open.decrease(q, ng+s.h[q], ng)
		}
	}
	if n && e && c[p-st+1] > 0 {
		q, ng := p-st+1, g0+math.Sqrt2*float64(c[p-st+1])
		if stq := state[q]; stq < gen {
			state[q] = gen
			s.push8(q, p, ng, x+1, y-1)
		} else if stq == gen && ng < s.g[q] {
			s.g[q], s.parent[q] = ng, p
			s.open.decrease(q, ng+s.h[q], ng)
		}
	}
	if n && w && c[p-st-1] > 0 {
		q, ng := p-st-1, g0+math.Sqrt2*float64(c[p-st-1])
		if stq := state[q]; stq < gen {
			state[q] = gen
			s.push8(q, p, ng, x-1, y-1)
		} else if stq == gen && ng < s.g[q] {
			s.g[q], s.parent[q] = ng, p
			s.open.decrease(q, ng+s.h[q], ng)
		}
	}
	if so && e && c[p+st+1] > 0 {
		q, ng := p+st+1, g0+math.Sqrt2*float64(c[p+st+1])
		if stq := state[q]; stq < gen {
			state[q] = gen
			s.push8(q, p, ng, x+1, y+1)
		} else if stq == gen && ng < s.g[q] {
			s.g[q], s.parent[q] = ng, p
			s.open.decrease(q, ng+s.h[q], ng)
		}
	}
	if so && w && c[p+st-1] > 0 {
		q, ng := p+st-1, g0+math.Sqrt2*float64(c[p+st-1])
		if stq := state[q]; stq < gen {
			state[q] = gen
			s.push8(q, p, ng, x-1, y+1)
		} else if stq == gen && ng < s.g[q] {
			s.g[q], s.parent[q] = ng, p
			s.open.decrease(q, ng+s.h[q], ng)
		}
	}
}

// push8 opens a newly seen cell (x, y) with the octile heuristic.
func (s *Searcher) push8(q, from int32, ng float64, x, y int) {
	h := s.hk * octile(x-s.gx, y-s.gy)
	s.h[q], s.g[q], s.parent[q] = h, ng, from
	s.open.push(q, ng+h, ng)
}

func (s *Searcher) expandHex(p int32) {
	c := s.grid.cost
	g0 := s.g[p]
	for _, o := range hexOffs(s.grid, p) {
		if k := c[p+o]; k > 0 {
			s.relax(p+o, p, g0+float64(k))
		}
	}
}

func (s *Searcher) expandGraph(p int32) {
	g0 := s.g[p]
	for _, e := range s.graph.adj[p] {
		if !e.Off {
			s.relax(e.To, p, g0+e.W)
		}
	}
}

// end returns the node the result path leads to, or an error.
func (s *Searcher) end() (int32, bool, error) {
	switch {
	case s.found:
		return s.goal, s.redirected, nil
	case !s.finished:
		return -1, false, fmt.Errorf("nav: search not finished")
	case s.Nearest && s.best >= 0:
		return s.best, true, nil
	case s.budgetHit:
		return -1, false, ErrBudget
	}
	return -1, false, ErrNoPath
}

// GridResult appends the path found by the last grid search to dst[:0].
func (s *Searcher) GridResult(dst []mathx.Point) ([]mathx.Point, Stats, error) {
	dst = dst[:0]
	n, partial, err := s.end()
	st := Stats{Expanded: s.expanded, Partial: partial}
	if err != nil {
		return dst, st, err
	}
	if s.fx {
		dst, st.Cost = s.fxPath(n, dst)
		return dst, st, nil
	}
	st.Cost = s.g[n]
	return s.gridPath(n, dst), st, nil
}

func (s *Searcher) gridPath(n int32, dst []mathx.Point) []mathx.Point {
	for ; n >= 0; n = s.parent[n] {
		x, y := s.grid.xy(n)
		dst = append(dst, mathx.Point{X: x, Y: y})
	}
	reversePts(dst)
	return dst
}

func reversePts(p []mathx.Point) {
	for i, j := 0, len(p)-1; i < j; i, j = i+1, j-1 {
		p[i], p[j] = p[j], p[i]
	}
}

// DijkstraGrid settles every cell reachable from `from` (single-source
// Dijkstra). Read the results with GridDist and GridPathTo. A call that
// fails leaves no results: every cell then reads as unreachable.
func (s *Searcher) DijkstraGrid(g *Grid, from mathx.Point) error {
	s.forget()
	if g == nil {
		return ErrEmptyMap
	}
	a, err := s.gridCell(g, from, "start")
	if err != nil {
		return err
	}
	g.Prepare()
	s.prepare(len(g.cost), false)
	s.grid, s.graph = g, nil
	s.kind = kindGrid8
	switch g.conn {
	case Four:
		s.kind = kindGrid4
	case Hex:
		s.kind = kindHex
	}
	s.start, s.goal, s.hk = a, -1, 0
	s.seed(a)
	nearest, max := s.Nearest, s.MaxExpand
	s.Nearest, s.MaxExpand = false, 0
	s.Step(-1)
	s.Nearest, s.MaxExpand = nearest, max
	return nil
}

// GridDist returns the cost from the last DijkstraGrid source to p, or
// +Inf when p is unreachable, blocked or outside.
func (s *Searcher) GridDist(p mathx.Point) float64 {
	if s.grid == nil || s.goal != -1 || !s.grid.In(p.X, p.Y) {
		return math.Inf(1)
	}
	i := s.grid.idx(p.X, p.Y)
	if s.state[i] != s.gen+1 {
		return math.Inf(1)
	}
	return s.g[i]
}

// GridPathTo appends the least-cost path from the last DijkstraGrid source
// to p to dst[:0], or returns ErrNoPath.
func (s *Searcher) GridPathTo(p mathx.Point, dst []mathx.Point) ([]mathx.Point, error) {
	if math.IsInf(s.GridDist(p), 1) {
		return dst[:0], ErrNoPath
	}
	return s.gridPath(s.grid.idx(p.X, p.Y), dst[:0]), nil
}

// BeginGraph starts an A* search on a graph without running it; advance it
// with Step and read it with GraphResult.
func (s *Searcher) BeginGraph(g *Graph, from, to int) error {
	s.forget()
	if g == nil || len(g.pos) == 0 {
		return ErrEmptyMap
	}
	if from < 0 || from >= len(g.pos) || to < 0 || to >= len(g.pos) {
		return fmt.Errorf("%w: nodes %d→%d in a graph of %d", ErrOutOfBounds, from, to, len(g.pos))
	}
	g.Prepare()
	s.prepare(len(g.pos), false)
	s.grid, s.graph, s.kind = nil, g, kindGraph
	s.start, s.goal = int32(from), int32(to)
	s.gpos, s.hk = g.pos[to], g.hscale
	s.seed(int32(from))
	return nil
}

// AStarGraph finds a least-cost path between two nodes and appends its
// node ids, both ends included, to dst[:0].
func (s *Searcher) AStarGraph(g *Graph, from, to int, dst []int) ([]int, Stats, error) {
	if err := s.BeginGraph(g, from, to); err != nil {
		return dst[:0], Stats{}, err
	}
	s.Step(-1)
	return s.GraphResult(dst)
}

// GraphResult appends the path found by the last graph search to dst[:0].
func (s *Searcher) GraphResult(dst []int) ([]int, Stats, error) {
	dst = dst[:0]
	n, partial, err := s.end()
	st := Stats{Expanded: s.expanded, Partial: partial}
	if err != nil {
		return dst, st, err
	}
	st.Cost = s.g[n]
	return s.graphPath(n, dst), st, nil
}

func (s *Searcher) graphPath(n int32, dst []int) []int {
	for ; n >= 0; n = s.parent[n] {
		dst = append(dst, int(n))
	}
	for i, j := 0, len(dst)-1; i < j; i, j = i+1, j-1 {
		dst[i], dst[j] = dst[j], dst[i]
	}
	return dst
}

// DijkstraGraph settles every node reachable from `from`. Read the results
// with GraphDist and GraphPathTo. A call that fails leaves no results:
// every node then reads as unreachable.
func (s *Searcher) DijkstraGraph(g *Graph, from int) error {
	s.forget()
	if g == nil || len(g.pos) == 0 {
		return ErrEmptyMap
	}
	if from < 0 || from >= len(g.pos) {
		return fmt.Errorf("%w: node %d in a graph of %d", ErrOutOfBounds, from, len(g.pos))
	}
	g.Prepare()
	s.prepare(len(g.pos), false)
	s.grid, s.graph, s.kind = nil, g, kindGraph
	s.start, s.goal, s.hk = int32(from), -1, 0
	s.seed(int32(from))
	nearest, max := s.Nearest, s.MaxExpand
	s.Nearest, s.MaxExpand = false, 0
	s.Step(-1)
	s.Nearest, s.MaxExpand = nearest, max
	return nil
}

// GraphDist returns the cost from the last DijkstraGraph source to n, or
// +Inf when n is unreachable or does not exist.
func (s *Searcher) GraphDist(n int) float64 {
	if s.graph == nil || s.goal != -1 || n < 0 || n >= len(s.graph.pos) || s.state[n] != s.gen+1 {
		return math.Inf(1)
	}
	return s.g[n]
}

// GraphPathTo appends the least-cost path from the last DijkstraGraph
// source to n to dst[:0], or returns ErrNoPath.
func (s *Searcher) GraphPathTo(n int, dst []int) ([]int, error) {
	if math.IsInf(s.GraphDist(n), 1) {
		return dst[:0], ErrNoPath
	}
	return s.graphPath(int32(n), dst[:0]), nil
}
