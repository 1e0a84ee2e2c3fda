package physics

import (
	"math"
	"slices"

	"diorama/mathx"
)

// grid is a uniform-grid broad phase rebuilt by counting sort: an item goes
// into every cell its box touches, and building costs O(items + cells
// touched) plus one pass over the cell counters, never a scan of all cells
// per item. Items outside the grid bounds are clamped into the edge cells,
// so nothing is ever lost; it only gets slower far outside the bounds.
// Items in a cell are in ascending id order, which keeps every traversal
// deterministic.
type grid struct {
	ox, oy float64 // origin (bounds min)
	cell   float64
	inv    float64
	nx, ny int
	fx, fy float64 // float64(nx), float64(ny)
	start  []int32 // cell c holds items[start[c]:start[c+1]]
	items  []int32
	ibox   []mathx.AABB // items[k]'s real (not grown) box, for cache-friendly rejects
	cursor []int32
	rng    []cellRange // scratch, per item id
	// full has bit c set when cell c holds an item: a few bits per cell
	// stay in cache where the start offsets of a large grid do not, so a
	// walk over mostly empty cells (units against sparse walls) tests
	// them first.
	full []uint64
}

// has reports whether cell c holds an item (false before the first
// build, when no cell does).
func (g *grid) has(c int) bool { return c>>6 < len(g.full) && g.full[c>>6]&(1<<(c&63)) != 0 }

type cellRange struct{ x0, y0, x1, y1 int32 }

func newGrid(bounds mathx.AABB, cell float64) grid {
	nx := int(math.Ceil((bounds.Max.X - bounds.Min.X) / cell))
	ny := int(math.Ceil((bounds.Max.Y - bounds.Min.Y) / cell))
	nx = max(nx, 1)
	ny = max(ny, 1)
	return grid{
		ox: bounds.Min.X, oy: bounds.Min.Y, cell: cell, inv: 1 / cell, nx: nx, ny: ny, fx: float64(nx), fy: float64(ny),
		start:  make([]int32, nx*ny+1),
		cursor: make([]int32, nx*ny),
	}
}

func (g *grid) cellX(x float64) int {
	f := (x - g.ox) * g.inv
	if !(f >= 0) { // also catches NaN
		return 0
	}
	if f >= g.fx {
		return g.nx - 1
	}
	return int(f)
}

func (g *grid) cellY(y float64) int {
	f := (y - g.oy) * g.inv
	if !(f >= 0) {
		return 0
	}
	if f >= g.fy {
		return g.ny - 1
	}
	return int(f)
}

func (g *grid) rangeOf(b mathx.AABB) cellRange {
	return cellRange{int32(g.cellX(b.Min.X)), int32(g.cellY(b.Min.Y)), int32(g.cellX(b.Max.X)), int32(g.cellY(b.Max.Y))}
}

// build fills the grid with ids, each at boxes[id] grown by margin.
func (g *grid) build(ids []int32, boxes []mathx.AABB, margin float64) {
	cnt := g.cursor
	clear(cnt)
	if cap(g.rng) < len(boxes) {
		g.rng = make([]cellRange, len(boxes), cap(boxes))
	}
	g.rng = g.rng[:len(boxes)]
	total := 0
	for _, id := range ids {
		r := g.rangeOf(boxes[id].Expand(margin))
		g.rng[id] = r
		if dx, dy := int(r.x1-r.x0), int(r.y1-r.y0); dx <= 1 && dy <= 1 {
			// At most 2×2 cells (items smaller than a cell): no loops, so
			// no mispredicted loop exits. A zero step adds 0 to the same
			// counter.
			c := int(r.y0)*g.nx + int(r.x0)
			cnt[c]++
			cnt[c+dx] += int32(dx)
			cnt[c+dy*g.nx] += int32(dy)
			cnt[c+dy*g.nx+dx] += int32(dx & dy)
			total += (dx + 1) * (dy + 1)
			continue
		}
		for y := r.y0; y <= r.y1; y++ {
			row := int(y) * g.nx
			for x := r.x0; x <= r.x1; x++ {
				cnt[row+int(x)]++
			}
		}
		total += int(r.x1-r.x0+1) * int(r.y1-r.y0+1)
	}
	s := int32(0)
	for c := range cnt {
		g.start[c] = s
		s += cnt[c]
		cnt[c] = g.start[c]
	}
	g.start[len(cnt)] = s
	if words := (len(cnt) + 63) / 64; cap(g.full) < words {
		g.full = make([]uint64, words)
	} else {
		g.full = g.full[:words]
		clear(g.full)
	}
	for c := range cnt {
		if g.start[c+1] != g.start[c] {
			g.full[c>>6] |= 1 << (c & 63)
		}
	}
	if cap(g.items) < total {
		g.items = make([]int32, total, total+total/4)
		g.ibox = make([]mathx.AABB, total, total+total/4)
	}
	g.items = g.items[:total]
	g.ibox = g.ibox[:total]
	for _, id := range ids {
		r := g.rng[id]
		if dx, dy := int(r.x1-r.x0), int(r.y1-r.y0); dx <= 1 && dy <= 1 {
			// As above. Writes with a zero step land on a slot that the
			// write to the same cell with a step of one, which always
			// follows (cells in the order far corner, below, right, first),
			// fills again with the same item.
			c := int(r.y0)*g.nx + int(r.x0)
			b := &boxes[id]
			g.put(c+dy*g.nx+dx, id, b, dx&dy)
			g.put(c+dy*g.nx, id, b, dy)
			g.put(c+dx, id, b, dx)
			g.put(c, id, b, 1)
			continue
		}
		for y := r.y0; y <= r.y1; y++ {
			row := int(y) * g.nx
			for x := r.x0; x <= r.x1; x++ {
				c := row + int(x)
				g.items[cnt[c]] = id
				g.ibox[cnt[c]] = boxes[id]
				cnt[c]++
			}
		}
	}
}

// put writes item id with box b at cell c's cursor and advances the
// cursor by step (0 or 1).
func (g *grid) put(c int, id int32, b *mathx.AABB, step int) {
	k := g.cursor[c]
	g.items[k] = id
	g.ibox[k] = *b
	g.cursor[c] += int32(step)
}

// near2x2 returns, in dst's storage, the bits of the cells c for which
// c, c+1, c+nx or c+nx+1 holds an item (the 2×2 block from c; at the
// last column c+1 is the next row's first cell, which only sets more
// bits than needed).
func (g *grid) near2x2(dst []uint64) []uint64 {
	n := g.nx * g.ny
	dst = slices.Grow(dst[:0], len(g.full))[:len(g.full)]
	clear(dst)
	for c := 0; c < n; c++ {
		if g.has(c) || g.has(c+1) || g.has(c+g.nx) || g.has(c+g.nx+1) {
			dst[c>>6] |= 1 << (c & 63)
		}
	}
	return dst
}

func (g *grid) cellItems(c int) []int32 { return g.items[g.start[c]:g.start[c+1]] }
