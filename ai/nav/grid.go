package nav

import (
	"fmt"
	"math"
	"math/bits"

	"diorama/mathx"
)

// Conn is a grid's connectivity: how many neighbours a cell has.
type Conn uint8

// The grid connectivities.
const (
	// Four connects each cell to its orthogonal neighbours, cost 1.
	Four Conn = 4
	// Eight adds the diagonals (cost √2) without corner cutting: a
	// diagonal step needs both orthogonal neighbours free.
	Eight Conn = 8
	// Hex connects each cell to six neighbours in "odd-r" offset layout:
	// odd rows are shifted half a cell to the right. Every step costs 1.
	Hex Conn = 6
)

// MaxGridCells bounds a grid's cell count (a 4096×4096 map).
const MaxGridCells = 1 << 24

// Grid is a rectangular map of cells, each either blocked or walkable with a
// cost multiplier (1 by default). Stepping into a cell costs the step length
// (1, or √2 for a diagonal) times that cell's cost.
//
// Internally the grid carries a one-cell blocked border so searches never
// test bounds. A Grid may be searched by several Searchers at once only
// after [Grid.Prepare] (and [Grid.PrepareJPSPlus] for JPS+) and while
// nobody modifies it: searches otherwise refresh its caches lazily.
type Grid struct {
	w, h   int
	conn   Conn
	stride int
	divM   uint64    // 2^64 / stride rounded up, for row
	cost   []float32 // padded; 0 means blocked

	nonUnit  int // walkable cells whose cost is not 1
	dirty    bool
	minCost  float64
	comp     []int32 // padded; connected component per cell, -1 blocked
	stack    []int32
	maxComps int32
	hexE     [6]int32 // odd-r neighbour offsets on even rows
	hexO     [6]int32 // and on odd rows

	// Walkability bitsets for Jump Point Search: rows[y*rw+i] holds cells
	// (64i..64i+63, y), cols[x*cw+i] holds cells (x, 64i..64i+63).
	rows, cols []uint64
	rw, cw     int
	// Stop masks for the JPS scans, laid out like rows and cols: bit k
	// is set where a scan moving east (stopE), west (stopW), south
	// (stopS) or north (stopN) must stop: a blocked cell, or one with a
	// forced neighbour (free beside it, blocked beside the cell before).
	stopE, stopW, stopS, stopN []uint64
	// Jump masks, same layout: bit k is set where a straight scan
	// starting at k in that direction stops at a free cell (a jump point)
	// rather than a wall or the edge, the goal aside. Diagonal jumps test
	// one bit per probe.
	jumpE, jumpW, jumpS, jumpN []uint64

	// nb holds, per padded cell of an 8-way grid, a bit per legal move
	// (E, W, N, S, NE, NW, SE, SW: see fxDX), diagonals only when both
	// cells beside them are free (no corner cutting).
	nb    []uint8
	nbOff [8]int32 // padded-index offset of each move

	version   uint64     // bumped by every change
	jp        [][8]int16 // JPS+ jump distances per padded cell and direction
	jpVersion uint64     // version jp was built for, +1 (0: never)
}

// NewGrid returns a w×h grid with the given connectivity and every cell
// walkable at cost 1. It fails on an empty or absurdly large size or an
// unknown connectivity.
func NewGrid(w, h int, conn Conn) (*Grid, error) {
	if w <= 0 || h <= 0 {
		return nil, fmt.Errorf("%w: %d×%d", ErrEmptyMap, w, h)
	}
	if w > MaxGridCells || h > MaxGridCells || w > MaxGridCells/h { // w*h would overflow a 32-bit int
		return nil, fmt.Errorf("%w: %d×%d", ErrTooLarge, w, h)
	}
	if conn != Four && conn != Eight && conn != Hex {
		return nil, fmt.Errorf("nav: unknown connectivity %d", conn)
	}
	g := &Grid{w: w, h: h, conn: conn, stride: w + 2, dirty: true}
	g.divM = reciprocal(g.stride)
	s := int32(g.stride)
	g.hexE = [6]int32{1, -1, -s - 1, -s, s - 1, s}
	g.hexO = [6]int32{1, -1, -s, -s + 1, s, s + 1}
	g.cost = make([]float32, (w+2)*(h+2))
	for y := 0; y < h; y++ {
		row := g.cost[(y+1)*g.stride+1 : (y+1)*g.stride+1+w]
		for i := range row {
			row[i] = 1
		}
	}
	return g, nil
}

// W returns the grid's width in cells.
func (g *Grid) W() int { return g.w }

// H returns the grid's height in cells.
func (g *Grid) H() int { return g.h }

// Conn returns the grid's connectivity.
func (g *Grid) Conn() Conn { return g.conn }

// In reports whether (x, y) is a cell of the grid.
func (g *Grid) In(x, y int) bool { return x >= 0 && y >= 0 && x < g.w && y < g.h }

func (g *Grid) idx(x, y int) int32 { return int32((y+1)*g.stride + x + 1) }

func (g *Grid) xy(p int32) (int, int) {
	y := g.row(p)
	return int(p) - y*g.stride - 1, y - 1
}

// reciprocal returns 2^64 / d rounded up, for Grid.row (d ≥ 2).
func reciprocal(d int) uint64 { return ^uint64(0)/uint64(d) + 1 }

// row returns p / stride (a padded row) by multiplying with the
// precomputed reciprocal divM (Lemire, Kaser and Kurz 2019: exact for
// 32-bit operands), which is several times cheaper than a division.
func (g *Grid) row(p int32) int {
	hi, _ := bits.Mul64(g.divM, uint64(uint32(p)))
	return int(hi)
}

// Walkable reports whether (x, y) is inside the grid and not blocked.
func (g *Grid) Walkable(x, y int) bool { return g.In(x, y) && g.cost[g.idx(x, y)] > 0 }

// Cost returns the cost multiplier of (x, y), or +Inf when it is blocked or
// outside.
func (g *Grid) Cost(x, y int) float64 {
	if !g.Walkable(x, y) {
		return math.Inf(1)
	}
	return float64(g.cost[g.idx(x, y)])
}

// SetBlocked blocks or frees (x, y); a freed cell gets cost 1. Cells
// outside the grid are ignored.
func (g *Grid) SetBlocked(x, y int, blocked bool) {
	if !g.In(x, y) {
		return
	}
	c := float32(1)
	if blocked {
		c = 0
	}
	g.setRaw(g.idx(x, y), c)
}

// SetCost sets the cost multiplier of a walkable cell. The cost must be
// finite and at least 1e-3: negative, zero, NaN and infinite costs are
// rejected with ErrBadCost (use SetBlocked for walls).
func (g *Grid) SetCost(x, y int, c float64) error {
	if !g.In(x, y) {
		return fmt.Errorf("%w: cell (%d,%d)", ErrOutOfBounds, x, y)
	}
	if !(c >= 1e-3) || math.IsInf(c, 0) || c > math.MaxFloat32 {
		return fmt.Errorf("%w: %v at (%d,%d)", ErrBadCost, c, x, y)
	}
	g.setRaw(g.idx(x, y), float32(c))
	return nil
}

func (g *Grid) setRaw(p int32, c float32) {
	old := g.cost[p]
	if old == c {
		return
	}
	if old > 0 && old != 1 {
		g.nonUnit--
	}
	if c > 0 && c != 1 {
		g.nonUnit++
	}
	g.cost[p] = c
	g.dirty = true
	g.version++
}

// Uniform reports whether every walkable cell costs 1.
func (g *Grid) Uniform() bool { return g.nonUnit == 0 }

// Prepare computes the grid's cached data (connected components, smallest
// cost) now instead of at the next search, so the grid can then be read by
// several Searchers concurrently.
func (g *Grid) Prepare() {
	if !g.dirty {
		return
	}
	g.minCost = math.Inf(1)
	for _, c := range g.cost {
		if c > 0 && float64(c) < g.minCost {
			g.minCost = float64(c)
		}
	}
	if math.IsInf(g.minCost, 1) {
		g.minCost = 1
	}
	g.label()
	g.bits()
	if g.conn == Eight {
		g.moves()
	}
	g.dirty = false
}

// bits fills the walkability bitsets.
func (g *Grid) bits() {
	g.rw, g.cw = (g.w+63)/64, (g.h+63)/64
	if len(g.rows) != g.rw*g.h {
		g.rows = make([]uint64, g.rw*g.h)
		g.cols = make([]uint64, g.cw*g.w)
	} else {
		clear(g.rows)
		clear(g.cols)
	}
	for y := 0; y < g.h; y++ {
		for x := 0; x < g.w; x++ {
			if g.cost[g.idx(x, y)] > 0 {
				g.rows[y*g.rw+x>>6] |= 1 << (x & 63)
				g.cols[x*g.cw+y>>6] |= 1 << (y & 63)
			}
		}
	}
	g.stopE, g.stopW = stops(g.stopE, g.stopW, g.rows, g.rw, g.h)
	g.stopS, g.stopN = stops(g.stopS, g.stopN, g.cols, g.cw, g.w)
	g.jumpE, g.jumpW = jumps(g.jumpE, g.jumpW, g.stopE, g.stopW, g.rows, g.rw, g.h, g.w)
	g.jumpS, g.jumpN = jumps(g.jumpS, g.jumpN, g.stopS, g.stopN, g.cols, g.cw, g.w, g.h)
}

// jumps computes the forward and backward jump masks (see Grid.jumpE) of
// n lines of ww words and length cells each from their stop masks.
func jumps(fwd, back, sf, sb, lines []uint64, ww, n, length int) ([]uint64, []uint64) {
	if len(fwd) != len(lines) {
		fwd = make([]uint64, len(lines))
		back = make([]uint64, len(lines))
	} else {
		clear(fwd)
		clear(back)
	}
	for l := 0; l < n; l++ {
		o := l * ww
		cur := false // past the end: no jump point
		for k := length - 1; k >= 0; k-- {
			w, b := o+k>>6, uint64(1)<<(k&63)
			if sf[w]&b != 0 {
				cur = lines[w]&b != 0
			}
			if cur {
				fwd[w] |= b
			}
		}
		cur = false
		for k := 0; k < length; k++ {
			w, b := o+k>>6, uint64(1)<<(k&63)
			if sb[w]&b != 0 {
				cur = lines[w]&b != 0
			}
			if cur {
				back[w] |= b
			}
		}
	}
	return fwd, back
}

// stops computes the forward and backward stop masks of n lines of ww
// words each (see Grid.stopE), reusing fwd and back when they fit.
func stops(fwd, back, lines []uint64, ww, n int) ([]uint64, []uint64) {
	if len(fwd) != len(lines) {
		fwd = make([]uint64, len(lines))
		back = make([]uint64, len(lines))
	}
	side := func(l, i int) uint64 {
		if l < 0 || l >= n || i < 0 || i >= ww {
			return 0
		}
		return lines[l*ww+i]
	}
	for l := 0; l < n; l++ {
		for i := 0; i < ww; i++ {
			f, b := ^lines[l*ww+i], ^lines[l*ww+i]
			for _, o := range [2]int{l - 1, l + 1} {
				w := side(o, i)
				// forward: side free at k and blocked at k-1
				f |= w &^ (w<<1 | side(o, i-1)>>63)
				// backward: side free at k and blocked at k+1
				b |= w &^ (w>>1 | side(o, i+1)<<63)
			}
			fwd[l*ww+i], back[l*ww+i] = f, b
		}
	}
	return fwd, back
}

// moves fills the neighbour masks of an 8-way grid.
func (g *Grid) moves() {
	if len(g.nb) != len(g.cost) {
		g.nb = make([]uint8, len(g.cost))
	}
	st := g.stride
	s32 := int32(st)
	g.nbOff = [8]int32{1, -1, -s32, s32, 1 - s32, -1 - s32, 1 + s32, s32 - 1}
	c := g.cost
	for p := range g.nb {
		if c[p] <= 0 || p < st || p >= len(c)-st {
			g.nb[p] = 0
			continue
		}
		e, w, n, s := c[p+1] > 0, c[p-1] > 0, c[p-st] > 0, c[p+st] > 0
		var m uint8
		if e {
			m |= 1
		}
		if w {
			m |= 2
		}
		if n {
			m |= 4
		}
		if s {
			m |= 8
		}
		if n && e && c[p-st+1] > 0 {
			m |= 16
		}
		if n && w && c[p-st-1] > 0 {
			m |= 32
		}
		if s && e && c[p+st+1] > 0 {
			m |= 64
		}
		if s && w && c[p+st-1] > 0 {
			m |= 128
		}
		g.nb[p] = m
	}
}

// label floods connected components. For 4- and 8-way grids they are the
// same, since a diagonal step without corner cutting has an orthogonal
// detour through free cells.
func (g *Grid) label() {
	if len(g.comp) != len(g.cost) {
		g.comp = make([]int32, len(g.cost))
	}
	for i := range g.comp {
		g.comp[i] = -1
	}
	var id int32
	s := int32(g.stride)
	for y := 0; y < g.h; y++ {
		for x := 0; x < g.w; x++ {
			p := g.idx(x, y)
			if g.cost[p] == 0 || g.comp[p] >= 0 {
				continue
			}
			g.comp[p] = id
			st := append(g.stack[:0], p)
			for len(st) > 0 {
				q := st[len(st)-1]
				st = st[:len(st)-1]
				if g.conn == Hex {
					offs := hexOffs(g, q)
					for _, o := range offs {
						n := q + o
						if g.cost[n] > 0 && g.comp[n] < 0 {
							g.comp[n] = id
							st = append(st, n)
						}
					}
					continue
				}
				for _, n := range [4]int32{q - 1, q + 1, q - s, q + s} {
					if g.cost[n] > 0 && g.comp[n] < 0 {
						g.comp[n] = id
						st = append(st, n)
					}
				}
			}
			g.stack = st
			id++
		}
	}
	g.maxComps = id
}

// Connected reports whether a path exists between two walkable cells.
func (g *Grid) Connected(a, b mathx.Point) bool {
	if !g.Walkable(a.X, a.Y) || !g.Walkable(b.X, b.Y) {
		return false
	}
	g.Prepare()
	return g.comp[g.idx(a.X, a.Y)] == g.comp[g.idx(b.X, b.Y)]
}

// hexOffs returns the six padded-index offsets of q's neighbours in odd-r
// layout.
func hexOffs(g *Grid, q int32) *[6]int32 {
	if (int(q)/g.stride-1)&1 == 0 {
		return &g.hexE
	}
	return &g.hexO
}

// HexDistance returns the number of steps between two cells of an odd-r hex
// grid.
func HexDistance(a, b mathx.Point) int {
	aq := a.X - (a.Y-(a.Y&1))/2
	bq := b.X - (b.Y-(b.Y&1))/2
	dq, dr := aq-bq, a.Y-b.Y
	return (absI(dq) + absI(dr) + absI(dq+dr)) / 2
}

// Octile returns the 8-way distance between two cells: √2 per diagonal
// step, 1 per straight step.
func Octile(a, b mathx.Point) float64 { return octile(a.X-b.X, a.Y-b.Y) }

// octile is the octile length of a (dx, dy) offset: max-min straight
// steps and min diagonal ones.
func octile(dx, dy int) float64 {
	dx, dy = absI(dx), absI(dy)
	if dx < dy {
		dx, dy = dy, dx
	}
	return float64(dx-dy) + math.Sqrt2*float64(dy)
}

func absI(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// ParseGrid builds a grid from rows of text: '.' and 'G' are walkable,
// every other byte is blocked. All rows must have the same length.
func ParseGrid(rows []string, conn Conn) (*Grid, error) {
	if len(rows) == 0 || len(rows[0]) == 0 {
		return nil, ErrEmptyMap
	}
	g, err := NewGrid(len(rows[0]), len(rows), conn)
	if err != nil {
		return nil, err
	}
	for y, r := range rows {
		if len(r) != g.w {
			return nil, fmt.Errorf("nav: row %d has %d cells, want %d", y, len(r), g.w)
		}
		for x := 0; x < len(r); x++ {
			switch r[x] {
			case '.', 'G':
			default:
				g.SetBlocked(x, y, true)
			}
		}
	}
	return g, nil
}

// nearestInComp returns the cell of component c closest to goal by the
// fixed-point octile distance (the measure of the 8-way searches' Nearest
// option); among equally close cells, the one closest to from, then the
// first met. It scans square rings outward from goal and stops once a
// ring cannot hold anything closer, so a goal just behind a wall costs a
// few rings. c must be a component of the grid (so a cell exists).
func (g *Grid) nearestInComp(c int32, goal, from mathx.Point) int32 {
	n := nearestScan{g: g, c: c, goal: goal, from: from, best: -1}
	rmax := max(goal.X, g.w-1-goal.X, goal.Y, g.h-1-goal.Y)
	for r := 0; r <= rmax; r++ {
		if n.best >= 0 && uint64(r)*fxStraight > n.bh {
			break // every cell from here on is farther
		}
		x0, x1 := max(goal.X-r, 0), min(goal.X+r, g.w-1)
		if y := goal.Y - r; y >= 0 {
			n.row(y, x0, x1)
		}
		if y := goal.Y + r; r > 0 && y < g.h {
			n.row(y, x0, x1)
		}
		y0, y1 := max(goal.Y-r+1, 0), min(goal.Y+r-1, g.h-1)
		if x := goal.X - r; r > 0 && x >= 0 {
			n.col(x, y0, y1)
		}
		if x := goal.X + r; r > 0 && x < g.w {
			n.col(x, y0, y1)
		}
	}
	return n.best
}

// nearestScan is nearestInComp's running best.
type nearestScan struct {
	g          *Grid
	c          int32
	goal, from mathx.Point
	best       int32
	bh, bs     uint64 // best's distance to goal and to from
}

func (n *nearestScan) row(y, x0, x1 int) {
	for x := x0; x <= x1; x++ {
		n.try(x, y)
	}
}

func (n *nearestScan) col(x, y0, y1 int) {
	for y := y0; y <= y1; y++ {
		n.try(x, y)
	}
}

func (n *nearestScan) try(x, y int) {
	p := n.g.idx(x, y)
	if n.g.comp[p] != n.c {
		return
	}
	h := octFx(x-n.goal.X, y-n.goal.Y)
	if n.best >= 0 && h > n.bh {
		return
	}
	d := octFx(x-n.from.X, y-n.from.Y)
	if n.best < 0 || h < n.bh || d < n.bs {
		n.best, n.bh, n.bs = p, h, d
	}
}
