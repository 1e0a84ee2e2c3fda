package nav

import (
	"fmt"

	"diorama/mathx"
)

// JPS+ (Rabin's precomputed Jump Point Search): for every cell and each of
// the eight directions the grid stores how far the search may jump: a
// positive distance reaches the next jump point, zero or a negative one
// counts the legal steps before a wall. Queries then never scan; the goal
// is caught by comparing its offset with those distances.

// The eight directions, clockwise from north.
var jpDir = [8][2]int{{0, -1}, {1, -1}, {1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}}

// jpNext lists the directions worth trying after arriving along each
// direction (the pruned neighbours, no corner cutting); after a straight
// move the two sides and the forward diagonals, after a diagonal move its
// two components and itself.
var jpNext = [8][]int8{
	0: {6, 7, 0, 1, 2}, // N: W NW N NE E
	1: {0, 1, 2},       // NE: N NE E
	2: {0, 1, 2, 3, 4}, // E
	3: {2, 3, 4},       // SE
	4: {2, 3, 4, 5, 6}, // S
	5: {4, 5, 6},       // SW
	6: {4, 5, 6, 7, 0}, // W
	7: {6, 7, 0},       // NW
}

var jpAll = []int8{0, 1, 2, 3, 4, 5, 6, 7}

// maxJPSPlusSide keeps jump distances within int16.
const maxJPSPlusSide = 32000

// JPSPlus is JPS with the jump distances precomputed (16 bytes per cell,
// built on first use and again after any change to the grid): the same
// shortest paths as JPS and A*, found without scanning. It needs a
// uniform-cost 8-way grid (ErrNotUniform otherwise).
func (s *Searcher) JPSPlus(g *Grid, from, to mathx.Point, dst []mathx.Point) ([]mathx.Point, Stats, error) {
	if g != nil && (g.w > maxJPSPlusSide || g.h > maxJPSPlusSide) {
		s.forget()
		return dst[:0], Stats{}, fmt.Errorf("%w: %d×%d for JPS+ (sides up to %d)", ErrTooLarge, g.w, g.h, maxJPSPlusSide)
	}
	if err := s.BeginGrid(g, from, to, true); err != nil {
		return dst[:0], Stats{}, err
	}
	g.prepareJP()
	s.kind = kindJPSPlus
	s.Step(-1)
	return s.GridResult(dst)
}

// PrepareJPSPlus builds the JPS+ tables now instead of at the next
// JPSPlus query (for concurrent readers, or to keep the cost out of a
// frame). It does nothing on grids JPSPlus refuses.
func (g *Grid) PrepareJPSPlus() {
	g.Prepare()
	if g.w <= maxJPSPlusSide && g.h <= maxJPSPlusSide {
		g.prepareJP()
	}
}

func (g *Grid) prepareJP() {
	if g.jpVersion == g.version+1 {
		return
	}
	if n := len(g.cost); len(g.jp) != n {
		g.jp = make([][8]int16, n)
	}
	st := g.stride
	free := func(p int) bool { return g.cost[p] > 0 }
	off := func(d int) int { return jpDir[d][0] + jpDir[d][1]*st }
	// forced reports whether cell q, entered moving along straight
	// direction d, has a forced neighbour: a side cell free whose cell
	// one step back is blocked.
	forced := func(q, d int) bool {
		back := -off(d)
		for _, sd := range [2]int{(d + 2) % 8, (d + 6) % 8} {
			side := off(sd)
			if free(q+side) && !free(q+back+side) {
				return true
			}
		}
		return false
	}
	// Straight directions: sweep each line against the direction so the
	// next cell's distance is known.
	for _, d := range []int{0, 2, 4, 6} {
		o := off(d)
		xs, ys := order(g.w, jpDir[d][0]), order(g.h, jpDir[d][1])
		for _, y := range ys {
			for _, x := range xs {
				p := int(g.idx(x, y))
				q := p + o
				switch {
				case !free(p) || !free(q):
					g.jp[p][d] = 0
				case forced(q, d):
					g.jp[p][d] = 1
				case g.jp[q][d] > 0:
					g.jp[p][d] = g.jp[q][d] + 1
				default:
					g.jp[p][d] = g.jp[q][d] - 1
				}
			}
		}
	}
	// Diagonals: a step is legal when both orthogonal neighbours are free;
	// a cell from which a straight jump along either component reaches a
	// jump point is a diagonal jump point.
	for _, d := range []int{1, 3, 5, 7} {
		o := off(d)
		ca, cb := (d+7)%8, (d+1)%8 // the two straight components
		xs, ys := order(g.w, jpDir[d][0]), order(g.h, jpDir[d][1])
		for _, y := range ys {
			for _, x := range xs {
				p := int(g.idx(x, y))
				q := p + o
				switch {
				case !free(p) || !free(q) || !free(p+off(ca)) || !free(p+off(cb)):
					g.jp[p][d] = 0
				case g.jp[q][ca] > 0 || g.jp[q][cb] > 0:
					g.jp[p][d] = 1
				case g.jp[q][d] > 0:
					g.jp[p][d] = g.jp[q][d] + 1
				default:
					g.jp[p][d] = g.jp[q][d] - 1
				}
			}
		}
	}
	g.jpVersion = g.version + 1
}

// order returns 0..n-1 sweeping against direction d (so a cell's
// neighbour one step along d comes first).
func order(n, d int) []int {
	out := make([]int, n)
	for i := range out {
		if d > 0 {
			out[i] = n - 1 - i
		} else {
			out[i] = i
		}
	}
	return out
}

// expandJPSPlus relaxes the successors of p: for each pruned direction,
// the goal when it lies on that line within reach, a target jump point
// aligned with the goal on a diagonal, or the precomputed jump point.
func (s *Searcher) expandJPSPlus(p int32) {
	g := s.grid
	st := g.stride
	x, y := g.xy(p)
	dirs := jpAll
	var buf [5]int8
	if par := s.rec[p].par; par >= 0 {
		px, py := g.xy(par)
		a := int(jpDirOf[(sgn(y-py)+1)*3+sgn(x-px)+1])
		dirs = jpNext[a]
		if a&1 == 0 {
			// Arrived straight: ahead, and each side (with the forward
			// diagonal toward it) only when forced, as in JPS.
			c := g.cost
			back := -jpOff(a, st)
			buf[0] = int8(a)
			k := 1
			for _, sd := range [2]int{(a + 6) & 7, (a + 2) & 7} {
				side := jpOff(sd, st)
				if c[int(p)+side] > 0 && c[int(p)+back+side] <= 0 {
					diag := (a + sd) / 2 // the diagonal between a and sd
					if a+sd == 6 && a != 2 && a != 4 {
						diag = 7 // between N and W
					}
					buf[k], buf[k+1] = int8(sd), int8(diag)
					k += 2
				}
			}
			dirs = buf[:k]
		}
	}
	gx, gy := s.gx-x, s.gy-y
	jp := &g.jp[p]
	g0 := s.rec[p].g
	for _, d := range dirs {
		dist := int(jp[d])
		dx, dy := jpDir[d][0], jpDir[d][1]
		reach := dist
		if reach < 0 {
			reach = -reach
		}
		steps := 0
		var c uint64
		if dx == 0 || dy == 0 {
			// straight: the goal on this line, no farther than reach
			if (dx == 0 && gx == 0 && gy*dy > 0 && gy*dy <= reach) || (dy == 0 && gy == 0 && gx*dx > 0 && gx*dx <= reach) {
				steps = absI(gx + gy)
			} else if dist > 0 {
				steps = dist
			}
			c = uint64(steps) * fxStraight
		} else {
			ax, ay := gx*dx, gy*dy // goal offsets along this diagonal's axes
			if k := min(ax, ay); ax > 0 && ay > 0 && k <= reach && (ax == ay || s.clearToGoal(p+int32(k*(dx+dy*st)), ax, ay, dx, dy)) {
				steps = k // the cell level with the goal, which it sees
			} else if dist > 0 {
				steps = dist
			}
			c = uint64(steps) * fxDiag
		}
		if steps == 0 {
			continue
		}
		s.relaxFxXY(p+int32(steps*(dx+dy*st)), p, g0+c, x+steps*dx, y+steps*dy)
	}
}

// clearToGoal reports whether cell t, reached on a diagonal (dx, dy) and
// level with the goal (ax ≠ ay steps away along the diagonal's axes), has
// a free straight line to it: the goal lies within the free stretch its
// table gives in that direction. Otherwise t is no jump point unless the
// diagonal table says so (Rabin's target jump point, kept to the cases
// plain JPS would stop at, which saves expansions on rooms and corridors).
func (s *Searcher) clearToGoal(t int32, ax, ay, dx, dy int) bool {
	var d int8
	if ax < ay { // level with the goal's column: straight along dy
		d = 0
		if dy > 0 {
			d = 4
		}
	} else {
		d = 6
		if dx > 0 {
			d = 2
		}
	}
	return absI(ay-ax) <= absI(int(s.grid.jp[t][d]))
}

// jpOff returns the padded-index offset of direction d.
func jpOff(d, stride int) int { return jpDir[d][0] + jpDir[d][1]*stride }

// jpDirOf maps (sgn dy + 1)·3 + sgn dx + 1 to a jpDir index.
var jpDirOf = [9]int8{7, 0, 1, 6, 0, 2, 5, 4, 3}
