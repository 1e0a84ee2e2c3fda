package nav

import (
	"math/bits"

	"diorama/mathx"
)

// JPS finds a shortest path on a uniform-cost 8-way grid with Jump Point
// Search (Harabor and Grastien 2011, in its no-corner-cutting form): it
// prunes symmetric paths and jumps along straight and diagonal lines,
// expanding only jump points. The path appended to dst[:0] lists every
// cell, like AStar's. It returns ErrNotUniform on other grids.
func (s *Searcher) JPS(g *Grid, from, to mathx.Point, dst []mathx.Point) ([]mathx.Point, Stats, error) {
	if err := s.BeginGrid(g, from, to, true); err != nil {
		return dst[:0], Stats{}, err
	}
	s.Step(-1)
	return s.GridResult(dst)
}

func sgn(v int) int32 {
	switch {
	case v > 0:
		return 1
	case v < 0:
		return -1
	}
	return 0
}

// expandJPS generates p's pruned successors and relaxes the jump point
// found along each.
func (s *Searcher) expandJPS(p int32) {
	c := s.grid.cost
	st := int32(s.grid.stride)
	free := func(i int32) bool { return c[i] > 0 }
	par := s.rec[p].par
	if par < 0 {
		// The start: every legal direction.
		for dy := int32(-1); dy <= 1; dy++ {
			for dx := int32(-1); dx <= 1; dx++ {
				if dx == 0 && dy == 0 {
					continue
				}
				if dx != 0 && dy != 0 && !(free(p+dx) && free(p+dy*st)) {
					continue
				}
				s.jumpFrom(p, dx, dy)
			}
		}
		return
	}
	px, py := s.grid.xy(par)
	x, y := s.grid.xy(p)
	dx, dy := sgn(x-px), sgn(y-py)
	switch {
	case dx != 0 && dy != 0:
		fx, fy := free(p+dx), free(p+dy*st)
		if fx {
			s.jumpFrom(p, dx, 0)
		}
		if fy {
			s.jumpFrom(p, 0, dy)
		}
		if fx && fy {
			s.jumpFrom(p, dx, dy)
		}
	case dx != 0:
		ahead := free(p + dx)
		if ahead {
			s.jumpFrom(p, dx, 0)
		}
		for _, sy := range [2]int32{-1, 1} {
			if free(p+sy*st) && !free(p-dx+sy*st) { // forced
				s.jumpFrom(p, 0, sy)
				if ahead {
					s.jumpFrom(p, dx, sy)
				}
			}
		}
	default:
		ahead := free(p + dy*st)
		if ahead {
			s.jumpFrom(p, 0, dy)
		}
		for _, sx := range [2]int32{-1, 1} {
			if free(p+sx) && !free(p+sx-dy*st) { // forced
				s.jumpFrom(p, sx, 0)
				if ahead {
					s.jumpFrom(p, sx, dy)
				}
			}
		}
	}
}

func (s *Searcher) jumpFrom(p, dx, dy int32) {
	var j int32
	st := int32(s.grid.stride)
	if dx != 0 && dy != 0 {
		if c := s.grid.cost; !(c[p+dx+dy*st] > 0 && c[p+dx] > 0 && c[p+dy*st] > 0) {
			return
		}
		j = s.jumpDiag(p+dx+dy*st, dx, dy)
	} else {
		j = s.jumpStraight(p+dx+dy*st, dx+dy*st, dx == 0)
	}
	if j < 0 || s.rec[j].st == s.gen+1 {
		return
	}
	x0, y0 := s.grid.xy(p)
	x1, y1 := s.grid.xy(j)
	s.relaxFx(j, p, s.rec[p].g+octFx(x1-x0, y1-y0))
}

// jumpStraight walks from q by step d (±1 horizontally, ±stride when
// vertical) and returns the first jump point: the goal, or a cell with a
// forced neighbour. It returns -1 at a wall. It scans 64 cells at a time
// in the grid's walkability bitsets.
func (s *Searcher) jumpStraight(q, d int32, vertical bool) int32 {
	g := s.grid
	x, y := g.xy(q)
	if !vertical {
		if y < 0 || y >= g.h {
			return -1
		}
		line := g.rows[y*g.rw : (y+1)*g.rw]
		var up, down []uint64
		if y > 0 {
			up = g.rows[(y-1)*g.rw : y*g.rw]
		}
		if y+1 < g.h {
			down = g.rows[(y+1)*g.rw : (y+2)*g.rw]
		}
		goal := -1
		if y == s.gy {
			goal = s.gx
		}
		r := scanLine(line, up, down, x, int(d), g.w, goal)
		if r < 0 {
			return -1
		}
		return g.idx(r, y)
	}
	if x < 0 || x >= g.w {
		return -1
	}
	line := g.cols[x*g.cw : (x+1)*g.cw]
	var left, right []uint64
	if x > 0 {
		left = g.cols[(x-1)*g.cw : x*g.cw]
	}
	if x+1 < g.w {
		right = g.cols[(x+1)*g.cw : (x+2)*g.cw]
	}
	goal := -1
	if x == s.gx {
		goal = s.gy
	}
	dir := 1
	if d < 0 {
		dir = -1
	}
	r := scanLine(line, left, right, y, dir, g.h, goal)
	if r < 0 {
		return -1
	}
	return g.idx(x, r)
}

func word(b []uint64, i int) uint64 {
	if i < 0 || i >= len(b) {
		return 0
	}
	return b[i]
}

// scanLine walks a line of n cells (bit i of line set = cell i walkable)
// from position p in direction dir and returns the first position that is
// the goal or has a forced neighbour: a walkable cell beside it (in a or
// b, the neighbouring lines) whose cell one step back is blocked. It
// returns -1 when it reaches a blocked cell or the end of the line first.
func scanLine(line, a, b []uint64, p, dir, n, goal int) int {
	if p < 0 || p >= n {
		return -1
	}
	if dir > 0 {
		for i := p >> 6; i < len(line); i++ {
			wa, wb := word(a, i), word(b, i)
			// forced at k: side free at k and blocked at k-1
			fa := wa &^ (wa<<1 | word(a, i-1)>>63)
			fb := wb &^ (wb<<1 | word(b, i-1)>>63)
			stop := ^line[i] | fa | fb
			if goal >= 0 && goal>>6 == i {
				stop |= 1 << (goal & 63)
			}
			if i == p>>6 {
				stop &= ^uint64(0) << (p & 63)
			}
			if stop == 0 {
				continue
			}
			k := i<<6 + bits.TrailingZeros64(stop)
			if k == goal {
				return goal
			}
			if k >= n || line[i]>>(k&63)&1 == 0 {
				return -1
			}
			return k
		}
		return -1
	}
	for i := p >> 6; i >= 0; i-- {
		wa, wb := word(a, i), word(b, i)
		// forced at k: side free at k and blocked at k+1
		fa := wa &^ (wa>>1 | word(a, i+1)<<63)
		fb := wb &^ (wb>>1 | word(b, i+1)<<63)
		stop := ^line[i] | fa | fb
		if goal >= 0 && goal>>6 == i {
			stop |= 1 << (goal & 63)
		}
		if i == p>>6 {
			stop &= ^uint64(0) >> (63 - p&63)
		}
		if stop == 0 {
			continue
		}
		k := i<<6 + 63 - bits.LeadingZeros64(stop)
		if k == goal {
			return goal
		}
		if line[i]>>(k&63)&1 == 0 {
			return -1
		}
		return k
	}
	return -1
}

// jumpDiag walks diagonally from q and returns the first cell from which a
// straight jump finds something, or the goal; -1 when blocked.
func (s *Searcher) jumpDiag(q, dx, dy int32) int32 {
	c := s.grid.cost
	st := int32(s.grid.stride)
	for {
		if c[q] <= 0 {
			return -1
		}
		if q == s.goal {
			return q
		}
		if s.jumpStraight(q+dx, dx, false) >= 0 || s.jumpStraight(q+dy*st, dy*st, true) >= 0 {
			return q
		}
		if !(c[q+dx] > 0 && c[q+dy*st] > 0) {
			return -1
		}
		q += dx + dy*st
	}
}

// jpsPath expands the chain of jump points ending at n into every cell.
func (s *Searcher) jpsPath(n int32, dst []mathx.Point) []mathx.Point {
	for n >= 0 {
		x, y := s.grid.xy(n)
		p := s.rec[n].par
		if p < 0 {
			dst = append(dst, mathx.Point{X: x, Y: y})
			break
		}
		px, py := s.grid.xy(p)
		dx, dy := int(sgn(px-x)), int(sgn(py-y))
		for x != px || y != py {
			dst = append(dst, mathx.Point{X: x, Y: y})
			x, y = x+dx, y+dy
		}
		n = p
	}
	reversePts(dst)
	return dst
}
