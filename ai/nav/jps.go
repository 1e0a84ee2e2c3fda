package nav

import (
	"math"
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
	x, y := s.grid.xy(p)
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
				s.jumpFrom(p, x, y, dx, dy)
			}
		}
		return
	}
	px, py := s.grid.xy(par)
	dx, dy := sgn(x-px), sgn(y-py)
	switch {
	case dx != 0 && dy != 0:
		fx, fy := free(p+dx), free(p+dy*st)
		if fx {
			s.jumpFrom(p, x, y, dx, 0)
		}
		if fy {
			s.jumpFrom(p, x, y, 0, dy)
		}
		if fx && fy {
			s.jumpFrom(p, x, y, dx, dy)
		}
	case dx != 0:
		ahead := free(p + dx)
		if ahead {
			s.jumpFrom(p, x, y, dx, 0)
		}
		for _, sy := range [2]int32{-1, 1} {
			if free(p+sy*st) && !free(p-dx+sy*st) { // forced
				s.jumpFrom(p, x, y, 0, sy)
				if ahead {
					s.jumpFrom(p, x, y, dx, sy)
				}
			}
		}
	default:
		ahead := free(p + dy*st)
		if ahead {
			s.jumpFrom(p, x, y, 0, dy)
		}
		for _, sx := range [2]int32{-1, 1} {
			if free(p+sx) && !free(p+sx-dy*st) { // forced
				s.jumpFrom(p, x, y, sx, 0)
				if ahead {
					s.jumpFrom(p, x, y, sx, dy)
				}
			}
		}
	}
}

// jumpFrom jumps from p = (x, y) in direction (dx, dy) and relaxes the
// jump point found, if any.
func (s *Searcher) jumpFrom(p int32, x, y int, dx, dy int32) {
	g := s.grid
	st := int32(g.stride)
	var j int32
	x1, y1 := x, y
	switch {
	case dx != 0 && dy != 0:
		if c := g.cost; !(c[p+dx+dy*st] > 0 && c[p+dx] > 0 && c[p+dy*st] > 0) {
			return
		}
		j, x1, y1 = s.jumpDiag(p+dx+dy*st, x+int(dx), y+int(dy), int(dx), int(dy))
	case dy == 0:
		x1 = s.jumpH(x+int(dx), y, int(dx))
		j = p + int32(x1-x)
	default:
		y1 = s.jumpV(x, y+int(dy), int(dy))
		j = p + int32(y1-y)*st
	}
	if x1 < 0 || y1 < 0 {
		return
	}
	s.relaxFxXY(j, p, s.rec[p].g+octFx(x1-x, y1-y), x1, y1)
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
	if goal < 0 && (dir > 0 && g.jumpE[o+x>>6]>>(x&63)&1 == 0 || dir < 0 && g.jumpW[o+x>>6]>>(x&63)&1 == 0) {
		return -1 // no jump point ahead
	}
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
	if goal < 0 && (dir > 0 && g.jumpS[o+y>>6]>>(y&63)&1 == 0 || dir < 0 && g.jumpN[o+y>>6]>>(y&63)&1 == 0) {
		return -1 // no jump point ahead
	}
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
// the goal, with its coordinates; -1s when blocked. Off the goal's row and column each probe is
// one bit of the grid's jump masks.
func (s *Searcher) jumpDiag(q int32, x, y, dx, dy int) (int32, int, int) {
	g := s.grid
	c := g.cost
	st := int32(g.stride)
	d := int32(dx) + int32(dy)*st
	hs, vs := g.jumpE, g.jumpS
	if dx < 0 {
		hs = g.jumpW
	}
	if dy < 0 {
		vs = g.jumpN
	}
	rw, cw := g.rw, g.cw
	for {
		if c[q] <= 0 {
			return -1, -1, -1
		}
		if q == s.goal {
			return q, x, y
		}
		if y == s.gy || x == s.gx {
			if s.jumpH(x+dx, y, dx) >= 0 || s.jumpV(x, y+dy, dy) >= 0 {
				return q, x, y
			}
		} else {
			if hx := x + dx; uint(hx) < uint(g.w) && hs[y*rw+hx>>6]>>(hx&63)&1 != 0 {
				return q, x, y
			}
			if vy := y + dy; uint(vy) < uint(g.h) && vs[x*cw+vy>>6]>>(vy&63)&1 != 0 {
				return q, x, y
			}
		}
		if !(c[q+int32(dx)] > 0 && c[q+int32(dy)*st] > 0) {
			return -1, -1, -1
		}
		q += d
		x, y = x+dx, y+dy
	}
}

// fxPath appends the cells of the parent chain ending at n (single steps
// for A*, jumps for JPS and JPS+) to dst, start first, and returns them
// with the path's exact octile length.
func (s *Searcher) fxPath(n int32, dst []mathx.Point) ([]mathx.Point, float64) {
	var a, b int // straight and diagonal steps
	st := s.grid.stride
	x, y := s.grid.xy(n)
	for {
		p := s.rec[n].par
		if p < 0 {
			dst = append(dst, mathx.Point{X: x, Y: y})
			break
		}
		py := int(p) / st
		px := int(p) - py*st - 1
		py--
		dx, dy := px-x, py-y
		ax, ay := absI(dx), absI(dy)
		k := max(ax, ay)
		a += k - min(ax, ay)
		b += min(ax, ay)
		sx, sy := int(sgn(dx)), int(sgn(dy))
		for i := 0; i < k; i++ {
			dst = append(dst, mathx.Point{X: x, Y: y})
			x, y = x+sx, y+sy
		}
		n = p
	}
	reversePts(dst)
	return dst, float64(a) + float64(b)*math.Sqrt2
}
