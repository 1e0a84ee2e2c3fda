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
	g := s.grid
	st := int32(g.stride)
	x, y := g.xy(p)
	var j int32
	switch {
	case dx != 0 && dy != 0:
		if c := g.cost; !(c[p+dx+dy*st] > 0 && c[p+dx] > 0 && c[p+dy*st] > 0) {
			return
		}
		j = s.jumpDiag(p+dx+dy*st, x+int(dx), y+int(dy), int(dx), int(dy))
	case dy == 0:
		k := s.jumpH(x+int(dx), y, int(dx))
		if k < 0 {
			return
		}
		j = p + int32(k-x)
	default:
		k := s.jumpV(x, y+int(dy), int(dy))
		if k < 0 {
			return
		}
		j = p + int32(k-y)*st
	}
	if j < 0 || s.rec[j].st == s.gen+1 {
		return
	}
	x1, y1 := g.xy(j)
	s.relaxFx(j, p, s.rec[p].g+octFx(x1-x, y1-y))
}

// jumpH scans row y from column x in direction dir (±1) and returns the
// column of the first jump point: the goal, or a cell with a forced
// neighbour. It returns -1 at a wall or the edge. It reads the grid's
// precomputed stop masks, 64 cells at a time.
func (s *Searcher) jumpH(x, y, dir int) int {
	g := s.grid
	if x < 0 || x >= g.w {
		return -1
	}
	goal := -1
	if y == s.gy {
		goal = s.gx
	}
	o := y * g.rw
	if dir > 0 {
		return scanFwd(g.stopE[o:o+g.rw], g.rows[o:o+g.rw], x, goal)
	}
	return scanBack(g.stopW[o:o+g.rw], g.rows[o:o+g.rw], x, goal)
}

// jumpV is jumpH down (dir 1) or up (dir -1) column x from row y,
// returning a row.
func (s *Searcher) jumpV(x, y, dir int) int {
	g := s.grid
	if y < 0 || y >= g.h {
		return -1
	}
	goal := -1
	if x == s.gx {
		goal = s.gy
	}
	o := x * g.cw
	if dir > 0 {
		return scanFwd(g.stopS[o:o+g.cw], g.cols[o:o+g.cw], y, goal)
	}
	return scanBack(g.stopN[o:o+g.cw], g.cols[o:o+g.cw], y, goal)
}

// scanFwd finds the first set bit of stop at or after p and returns its
// position when that cell is free in line (a jump point), -1 when it is
// blocked or past the end; the goal position wins when it comes first.
func scanFwd(stop, line []uint64, p, goal int) int {
	i := p >> 6
	m := stop[i] & (^uint64(0) << (p & 63))
	for m == 0 {
		i++
		if i == len(stop) {
			if goal >= p {
				return goal
			}
			return -1
		}
		m = stop[i]
	}
	k := i<<6 + bits.TrailingZeros64(m)
	if goal >= p && goal <= k {
		return goal
	}
	if line[i]>>(k&63)&1 == 0 {
		return -1
	}
	return k
}

// scanBack is scanFwd toward position 0.
func scanBack(stop, line []uint64, p, goal int) int {
	i := p >> 6
	m := stop[i] & (^uint64(0) >> (63 - p&63))
	for m == 0 {
		i--
		if i < 0 {
			if goal >= 0 && goal <= p {
				return goal
			}
			return -1
		}
		m = stop[i]
	}
	k := i<<6 + 63 - bits.LeadingZeros64(m)
	if goal >= k && goal <= p {
		return goal
	}
	if line[i]>>(k&63)&1 == 0 {
		return -1
	}
	return k
}

// jumpDiag walks diagonally from q = (x, y) and returns the first cell
// from which a straight jump along either component finds something, or
// the goal; -1 when blocked. Off the goal's row and column the two probes
// are written out here: the first stop bit past the cell, a jump point if
// that cell is free.
func (s *Searcher) jumpDiag(q int32, x, y, dx, dy int) int32 {
	g := s.grid
	c := g.cost
	st := int32(g.stride)
	d := int32(dx) + int32(dy)*st
	hs, vs := g.stopE, g.stopS
	if dx < 0 {
		hs = g.stopW
	}
	if dy < 0 {
		vs = g.stopN
	}
	rows, cols, rw, cw := g.rows, g.cols, g.rw, g.cw
	for {
		if c[q] <= 0 {
			return -1
		}
		if q == s.goal {
			return q
		}
		if y == s.gy || x == s.gx {
			if s.jumpH(x+dx, y, dx) >= 0 || s.jumpV(x, y+dy, dy) >= 0 {
				return q
			}
		} else {
			if hx := x + dx; uint(hx) < uint(g.w) {
				o := y * rw
				if probe(hs[o:o+rw], rows[o:o+rw], hx, dx) {
					return q
				}
			}
			if vy := y + dy; uint(vy) < uint(g.h) {
				o := x * cw
				if probe(vs[o:o+cw], cols[o:o+cw], vy, dy) {
					return q
				}
			}
		}
		if !(c[q+int32(dx)] > 0 && c[q+int32(dy)*st] > 0) {
			return -1
		}
		q += d
		x, y = x+dx, y+dy
	}
}

// probe reports whether a scan of a line from p in direction dir stops at
// a free cell (a jump point) rather than a wall or the end.
func probe(stop, line []uint64, p, dir int) bool {
	i := p >> 6
	if dir > 0 {
		m := stop[i] & (^uint64(0) << (p & 63))
		for m == 0 {
			if i++; i == len(stop) {
				return false
			}
			m = stop[i]
		}
		return line[i]>>bits.TrailingZeros64(m)&1 != 0
	}
	m := stop[i] & (^uint64(0) >> (63 - p&63))
	for m == 0 {
		if i--; i < 0 {
			return false
		}
		m = stop[i]
	}
	return line[i]>>(63-bits.LeadingZeros64(m))&1 != 0
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
