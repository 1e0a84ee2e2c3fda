package nav

import (
	"math"

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
	par := s.parent[p]
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
	if j < 0 || s.state[j] == s.gen+1 {
		return
	}
	x0, y0 := s.grid.xy(p)
	x1, y1 := s.grid.xy(j)
	ax, ay := absI(x1-x0), absI(y1-y0)
	if ax < ay {
		ax, ay = ay, ax
	}
	s.relax(j, p, s.g[p]+float64(ax-ay)+math.Sqrt2*float64(ay))
}

// jumpStraight walks from q by step d (±1 horizontally, ±stride when
// vertical) and returns the first jump point: the goal, or a cell with a
// forced neighbour. It returns -1 at a wall.
func (s *Searcher) jumpStraight(q, d int32, vertical bool) int32 {
	c := s.grid.cost
	st := int32(s.grid.stride)
	side := st // the perpendicular step
	if vertical {
		side = 1
	}
	for {
		if c[q] <= 0 {
			return -1
		}
		if q == s.goal {
			return q
		}
		if (c[q+side] > 0 && c[q-d+side] <= 0) || (c[q-side] > 0 && c[q-d-side] <= 0) {
			return q
		}
		q += d
	}
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
		p := s.parent[n]
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
