package nav

import "math/bits"

// Searches on uniform-cost 8-way grids (A*, JPS, JPS+) run in fixed
// point: a straight step costs fxStraight = 985 and a diagonal fxDiag =
// 1393, the convergent of √2 = 1393/985 + 3.7e-7, so path costs are
// exact integers, the octile heuristic stays exactly consistent for these
// costs, and the open list can be a bucket queue (ringQueue, for A*) or a
// radix heap (radixQueue, for the long jumps of JPS). An octile length
// a + b√2 (a straight and b diagonal steps) maps to a·985 + b·1393, off
// by b·3.6e-4 units: since |a + b√2| ≥ 1/(2√2·|b|) for integers with
// b ≠ 0, two different lengths order the same way in both as long as their
// diagonal counts differ by under 985, and beyond that a path found is at
// most 2.6e-7 relatively longer than the optimum (Moving AI lengths are
// given to 1e-5). Stats.Cost is recomputed exactly from the path's steps.
// Keys stay below 2^35 for the largest grid (MaxGridCells diagonal
// steps).
const (
	fxStraight = 985
	fxDiag     = 1393
)

// fxNode is a node's search record on the fixed-point path, all in one
// cache line fetch: its cost from the start, parent and state (s.gen:
// open, s.gen+1: closed, older: unseen).
type fxNode struct {
	g   uint64
	par int32
	st  uint32
}

// The eight moves in the order of Grid.nb's bits: E, W, N, S, NE, NW, SE,
// SW.
var (
	fxDX   = [8]int{1, -1, 0, 0, 1, -1, 1, -1}
	fxDY   = [8]int{0, 0, -1, 1, -1, -1, 1, 1}
	fxStep = [8]uint64{fxStraight, fxStraight, fxStraight, fxStraight, fxDiag, fxDiag, fxDiag, fxDiag}
)

// octFx returns the fixed-point octile length of a (dx, dy) offset,
// without branches (the signs and the larger side vary from call to call
// and would be mispredicted).
func octFx(dx, dy int) uint64 {
	sx, sy := dx>>(bits.UintSize-1), dy>>(bits.UintSize-1)
	dx, dy = (dx^sx)-sx, (dy^sy)-sy
	return uint64(max(dx, dy))*fxStraight + uint64(min(dx, dy))*(fxDiag-fxStraight)
}

// fxHeur returns the heuristic of padded cell p.
func (s *Searcher) fxHeur(p int32) uint64 {
	x, y := s.grid.xy(p)
	return octFx(x-s.gx, y-s.gy)
}

func (s *Searcher) seedFx(a int32) {
	s.rec[a] = fxNode{g: 0, par: -1, st: s.gen}
	h := s.fxHeur(a)
	if s.kind == kindFx8 {
		s.ring.reset(h)
		s.ring.push(h, a)
		return
	}
	s.rq.reset()
	s.rq.push(h, a)
}

// stepFx is Step for the fixed-point searches.
func (s *Searcher) stepFx(budget int) bool {
	if s.kind == kindFx8 && !s.Nearest && s.MaxExpand <= 0 {
		return s.runFx8(budget)
	}
	closed := s.gen + 1
	for !s.finished {
		if budget == 0 {
			return false
		}
		if budget > 0 {
			budget--
		}
		var p int32
		if s.kind == kindFx8 {
			p = s.ring.pop(s.rec, closed)
		} else {
			p = s.rq.pop(s.rec, closed)
		}
		if p < 0 {
			s.finished = true
			break
		}
		s.rec[p].st = closed
		s.expanded++
		if p == s.goal {
			s.found, s.finished = true, true
			break
		}
		if s.Nearest {
			x, y := s.grid.xy(p)
			h := octFx(x-s.ngx, y-s.ngy)
			if s.best < 0 || h < s.bestHx || (h == s.bestHx && s.rec[p].g < s.rec[s.best].g) {
				s.best, s.bestHx = p, h
			}
		}
		if s.MaxExpand > 0 && s.expanded >= s.MaxExpand {
			s.budgetHit, s.finished = true, true
			break
		}
		switch s.kind {
		case kindFx8:
			s.expandFx8(p)
		case kindJPS:
			s.expandJPS(p)
		case kindJPSPlus:
			s.expandJPSPlus(p)
		}
	}
	return true
}

// runFx8 is stepFx for A* without Nearest or MaxExpand: the loop the
// benchmarks time, with the expansion written in.
func (s *Searcher) runFx8(budget int) bool {
	g := s.grid
	rec, nb, offs := s.rec, g.nb, &g.nbOff
	st := g.stride
	gen := s.gen
	closed := gen + 1
	goal, gx, gy := s.goal, s.gx+1, s.gy+1 // padded goal coordinates
	q := &s.ring
	for !s.finished {
		if budget == 0 {
			return false
		}
		budget--
		p := q.pop(rec, closed)
		if p < 0 {
			s.finished = true
			break
		}
		rec[p].st = closed
		s.expanded++
		if p == goal {
			s.found, s.finished = true, true
			break
		}
		py := g.row(p)
		ax, ay := int(p)-py*st-gx, py-gy // p relative to the goal
		g0 := rec[p].g
		for m := nb[p]; m != 0; m &= m - 1 {
			d := bits.TrailingZeros8(m)
			n := p + offs[d]
			r := &rec[n]
			ng := g0 + fxStep[d]
			// One hard-to-predict branch instead of two: an unseen
			// node counts as infinitely far, a closed one as at 0
			// (both selected by conditional moves).
			old, rs := r.g, r.st
			if rs < gen {
				old = ^uint64(0)
			}
			if rs == closed {
				old = 0
			}
			if ng < old {
				r.st, r.g, r.par = gen, ng, p
				q.push(ng+octFx(ax+fxDX[d], ay+fxDY[d]), n)
			}
		}
	}
	return true
}

// expandFx8 relaxes the legal moves of p, read from the grid's
// precomputed neighbour mask (corner-cutting rule folded in).
func (s *Searcher) expandFx8(p int32) {
	g := s.grid
	rec := s.rec
	st := g.stride
	offs := &g.nbOff
	py := g.row(p)
	ax, ay := int(p)-py*st-1-s.gx, py-1-s.gy // p relative to the goal
	g0 := rec[p].g
	gen := s.gen
	for m := g.nb[p]; m != 0; m &= m - 1 {
		d := bits.TrailingZeros8(m)
		q := p + offs[d]
		r := &rec[q]
		ng := g0 + fxStep[d]
		if r.st < gen {
			r.st, r.g, r.par = gen, ng, p
		} else if r.st == gen && ng < r.g {
			r.g, r.par = ng, p
		} else {
			continue
		}
		s.ring.push(ng+octFx(ax+fxDX[d], ay+fxDY[d]), q)
	}
}

// relaxFxXY offers cell q = (x, y) the cost ng through from, on the
// radix queue (JPS, JPS+).
func (s *Searcher) relaxFxXY(q, from int32, ng uint64, x, y int) {
	r := &s.rec[q]
	if r.st < s.gen {
		r.st, r.g, r.par = s.gen, ng, from
	} else if r.st == s.gen && ng < r.g {
		r.g, r.par = ng, from
	} else {
		return
	}
	s.rq.push(ng+octFx(x-s.gx, y-s.gy), q)
}
