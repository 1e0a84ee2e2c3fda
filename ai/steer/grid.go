package steer

import (
	"math"

	"diorama/mathx"
)

// Bins is a uniform grid of square cells over the unbounded plane,
// folded onto a fixed number of buckets (a torus of buckets: cell (x, y)
// lands in bucket (x mod W, y mod H)) so that its memory depends on the
// number of points, not on how far apart they are, and neighbouring cells
// sit in neighbouring buckets (a row of cells is one run of memory).
// Build it from a set of points once per tick (a counting sort, O(N)),
// then ask for neighbours. A query visits the cells the query disc
// overlaps; points that share a bucket with another cell are told apart
// by their stored cell coordinates, so results are exact and each point
// appears once.
//
// Results come in a deterministic order (bucket order, then point index)
// that depends only on the points and the cell size.
type Bins struct {
	cell, inv float64
	mask      uint32
	wbits     uint32  // the torus is 1<<wbits buckets wide
	wmask     uint32  // 1<<wbits - 1
	hmask     uint32  // (1<<(bits-wbits)) - 1
	start     []int32 // bucket b holds sorted entries start[b]..start[b+1]
	ids       []int32 // point index of each sorted entry
	pos       []mathx.Vec2
	cx, cy    []int32 // cell of each sorted entry
	pcx, pcy  []int32 // cell of each point, by point index
	bucket    []uint32
}

// cellMax bounds cell coordinates so that int32 arithmetic cannot wrap;
// points beyond it share the border cells (still correct, only slower).
const cellMax = 1 << 28

func (g *Bins) cellOf(v float64) int32 {
	c := math.Floor(v * g.inv)
	if !(c > -cellMax) {
		return -cellMax
	}
	if c > cellMax {
		return cellMax
	}
	return int32(c)
}

// bucketOf returns the bucket of cell (x, y).
func (g *Bins) bucketOf(x, y int32) uint32 {
	return uint32(x)&g.wmask | (uint32(y)&g.hmask)<<g.wbits
}

// rowRun returns the bucket range [b0, b1] holding cells x0..x1 of row y
// when they are one run of buckets (they do not wrap around the torus),
// and ok false otherwise.
func (g *Bins) rowRun(x0, x1, y int32) (b0, b1 uint32, ok bool) {
	if uint32(x0)&g.wmask+uint32(x1-x0) > g.wmask {
		return 0, 0, false
	}
	b0 = g.bucketOf(x0, y)
	return b0, b0 + uint32(x1-x0), true
}

// Build indexes pts with cells of the given size (> 0). Points for which
// skip reports true (may be nil) and non-finite points are left out.
// It reuses the grid's memory, allocating only when the point count grows.
func (g *Bins) Build(pts []mathx.Vec2, cell float64, skip []bool) {
	g.prepare(len(pts), cell)
	g.cells(pts, skip, 0, len(pts))
	g.sortPoints(pts)
}

// prepare sizes the grid for n points in cells of the given size.
func (g *Bins) prepare(n int, cell float64) {
	if !(cell > 0) || !mathx.IsFinite(cell) {
		cell = 1
	}
	g.cell, g.inv = cell, 1/cell
	nb := 16
	for nb < 2*n {
		nb <<= 1
	}
	g.mask = uint32(nb - 1)
	bits := uint32(0)
	for 1<<bits < nb {
		bits++
	}
	g.wbits = (bits + 1) / 2
	g.wmask = 1<<g.wbits - 1
	g.hmask = 1<<(bits-g.wbits) - 1
	if cap(g.start) < nb+1 {
		g.start = make([]int32, nb+1)
	}
	g.start = g.start[:nb+1]
	g.bucket = grow(g.bucket, n)
	g.pcx = grow(g.pcx, n)
	g.pcy = grow(g.pcy, n)
}

// cells finds the cells and buckets of points [lo, hi); it writes only
// those points' entries, so parts may run at once.
func (g *Bins) cells(pts []mathx.Vec2, skip []bool, lo, hi int) {
	for i := lo; i < hi; i++ {
		p := pts[i]
		if (skip != nil && skip[i]) || !p.IsFinite() {
			g.bucket[i] = math.MaxUint32
			continue
		}
		x, y := g.cellOf(p.X), g.cellOf(p.Y)
		g.pcx[i], g.pcy[i] = x, y
		g.bucket[i] = g.bucketOf(x, y)
	}
}

// countRange is part r of parts of a parallel sortPoints: it counts the
// points of buckets [b0, b1), the r-th of parts equal bucket ranges, into
// start[b+1], and returns how many there are.
func (g *Bins) countRange(r, parts int) int32 {
	nb := len(g.start) - 1
	b0, b1 := uint32(nb*r/parts), uint32(nb*(r+1)/parts)
	for b := b0; b < b1; b++ {
		g.start[b+1] = 0
	}
	var n int32
	for _, b := range g.bucket {
		if b >= b0 && b < b1 { // skipped points (MaxUint32) never are
			g.start[b+1]++
			n++
		}
	}
	return n
}

// scatterRange is part r of a parallel sortPoints after countRange: the
// range's points, in point order, into the entries from base on. It
// leaves start[b+1] at the end of bucket b, as sortPoints does.
func (g *Bins) scatterRange(pts []mathx.Vec2, r, parts int, base int32) {
	nb := len(g.start) - 1
	b0, b1 := uint32(nb*r/parts), uint32(nb*(r+1)/parts)
	for b := b0; b < b1; b++ {
		c := g.start[b+1]
		g.start[b+1] = base // bucket b's cursor
		base += c
	}
	for i, b := range g.bucket {
		if b >= b0 && b < b1 {
			k := g.start[b+1]
			g.start[b+1]++
			g.ids[k] = int32(i)
			g.pos[k] = pts[i]
			g.cx[k], g.cy[k] = g.pcx[i], g.pcy[i]
		}
	}
}

// sortPoints counts the points per bucket and sorts them into bucket
// order (a stable counting sort: point order within a bucket).
func (g *Bins) sortPoints(pts []mathx.Vec2) {
	nb := len(g.start) - 1
	clear(g.start)
	used := 0
	for _, b := range g.bucket {
		if b != math.MaxUint32 {
			g.start[b+1]++
			used++
		}
	}
	for b := 1; b <= nb; b++ {
		g.start[b] += g.start[b-1]
	}
	g.ids = grow(g.ids, used)
	g.pos = grow(g.pos, used)
	g.cx = grow(g.cx, used)
	g.cy = grow(g.cy, used)
	// Fill using start[b] as a cursor, then shift back.
	for i, b := range g.bucket {
		if b == math.MaxUint32 {
			continue
		}
		k := g.start[b]
		g.start[b]++
		g.ids[k] = int32(i)
		g.pos[k] = pts[i]
		g.cx[k], g.cy[k] = g.pcx[i], g.pcy[i]
	}
	copy(g.start[1:], g.start[:nb])
	g.start[0] = 0
}

func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n, n+n/4)
	}
	return s[:n]
}

// Len returns the number of indexed points.
func (g *Bins) Len() int { return len(g.ids) }

// Query appends to dst the indices of the indexed points within radius
// of p (distance <= radius) and returns dst. It allocates only if dst
// must grow.
func (g *Bins) Query(p mathx.Vec2, radius float64, dst []int32) []int32 {
	if g.mask == 0 || !p.IsFinite() || !(radius >= 0) {
		return dst
	}
	x0, x1 := g.cellOf(p.X-radius), g.cellOf(p.X+radius)
	y0, y1 := g.cellOf(p.Y-radius), g.cellOf(p.Y+radius)
	r2 := radius * radius
	if (int64(x1)-int64(x0)+1)*(int64(y1)-int64(y0)+1) > int64(len(g.start)) {
		// The disc covers more cells than there are buckets: scan all.
		for k := range g.ids {
			if g.pos[k].DistSq(p) <= r2 {
				dst = append(dst, g.ids[k])
			}
		}
		return dst
	}
	for y := y0; y <= y1; y++ {
		for x := x0; x <= x1; x++ {
			b := g.bucketOf(x, y)
			for k := g.start[b]; k < g.start[b+1]; k++ {
				if g.cx[k] != x || g.cy[k] != y {
					continue
				}
				if g.pos[k].DistSq(p) <= r2 {
					dst = append(dst, g.ids[k])
				}
			}
		}
	}
	return dst
}
