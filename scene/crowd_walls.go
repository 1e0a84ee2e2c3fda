package scene

import (
	"math"

	"diorama/ai/steer"
	"diorama/mathx"
	"diorama/physics"
)

// wallCell is the side, in world units, of the wall index's cells.
const wallCell = 4

// maxOccCells bounds the wall index's cell count for its occupancy table.
const maxOccCells = 1 << 20

// maxWallCells bounds the wall index's cell count; walls spread wider get
// larger cells.
const maxWallCells = 1 << 22

// wallIndex answers the crowd's wall queries (steer.WallQuery) from the
// physics world's walls: each wall's exposed faces (physics'
// WallFaces) as segments, bucketed in square cells (a CSR table:
// segments of cell c are ids[start[c]:start[c+1]], in segment order).
type wallIndex struct {
	segs       []steer.Segment
	boxes      []segBox // per segment, what a query tests
	origin     mathx.Vec2
	cell, inv  float64 // cell side and its inverse
	cols, rows int
	start      []int32
	ids        []int32
	// occ[(r)*(cols+1)+c] counts the cells holding a segment in columns
	// < c of rows < r (a summed-area table): a query over cells with
	// none returns at once, without visiting them. Nil for indexes of
	// over maxOccCells cells.
	occ   []int32
	walls int // physics walls indexed (the index is rebuilt when more are added)
}

// segBox is what a query reads of a segment: its box and its first cell
// (column, row), side by side in memory.
type segBox struct {
	x0, y0, x1, y1 float64
	c, r           int32
}

// build indexes the walls of ph.
func (wi *wallIndex) build(ph *physics.Space) {
	n := ph.WallCount()
	wi.walls = n
	wi.segs, wi.boxes = wi.segs[:0], wi.boxes[:0]
	if n == 0 {
		wi.cols, wi.rows = 0, 0
		return
	}
	box := ph.Wall(0)
	for i := 1; i < n; i++ {
		box = box.Union(ph.Wall(i))
	}
	wi.origin = box.Min
	wi.cell = wallCell
	for {
		wi.cols = max(1, int(math.Ceil((box.Max.X-box.Min.X)/wi.cell)))
		wi.rows = max(1, int(math.Ceil((box.Max.Y-box.Min.Y)/wi.cell)))
		if wi.cols*wi.rows <= maxWallCells {
			break
		}
		wi.cell *= 2
	}
	wi.inv = 1 / wi.cell
	type span struct{ c0, r0, c1, r1 int }
	var spans []span
	for i := 0; i < n; i++ {
		b, f := ph.Wall(i), ph.WallFaces(i)
		x0, y0, x1, y1 := b.Min.X, b.Min.Y, b.Max.X, b.Max.Y
		faces := [4]steer.Segment{
			{A: mathx.V2(x0, y0), B: mathx.V2(x1, y0)}, // low y (TileBox's top)
			{A: mathx.V2(x1, y0), B: mathx.V2(x1, y1)}, // high x
			{A: mathx.V2(x0, y1), B: mathx.V2(x1, y1)}, // high y
			{A: mathx.V2(x0, y0), B: mathx.V2(x0, y1)}, // low x
		}
		for k, sg := range faces {
			if f&(1<<k) == 0 {
				continue
			}
			c0, r0 := wi.cellOf(math.Min(sg.A.X, sg.B.X)-0.01, math.Min(sg.A.Y, sg.B.Y)-0.01)
			c1, r1 := wi.cellOf(math.Max(sg.A.X, sg.B.X)+0.01, math.Max(sg.A.Y, sg.B.Y)+0.01)
			wi.segs = append(wi.segs, sg)
			wi.boxes = append(wi.boxes, segBox{
				x0: min(sg.A.X, sg.B.X), y0: min(sg.A.Y, sg.B.Y), x1: max(sg.A.X, sg.B.X), y1: max(sg.A.Y, sg.B.Y),
				c: int32(c0), r: int32(r0),
			})
			spans = append(spans, span{c0, r0, c1, r1})
		}
	}
	// Counting sort of (cell, segment) pairs, segment order kept.
	wi.start = make([]int32, wi.cols*wi.rows+1)
	for _, s := range spans {
		for r := s.r0; r <= s.r1; r++ {
			for c := s.c0; c <= s.c1; c++ {
				wi.start[r*wi.cols+c+1]++
			}
		}
	}
	for c := 1; c < len(wi.start); c++ {
		wi.start[c] += wi.start[c-1]
	}
	wi.ids = make([]int32, wi.start[len(wi.start)-1])
	fill := make([]int32, wi.cols*wi.rows)
	copy(fill, wi.start)
	for id, s := range spans {
		for r := s.r0; r <= s.r1; r++ {
			for c := s.c0; c <= s.c1; c++ {
				k := r*wi.cols + c
				wi.ids[fill[k]] = int32(id)
				fill[k]++
			}
		}
	}
	wi.occ = nil
	if wi.cols*wi.rows <= maxOccCells {
		w := wi.cols + 1
		wi.occ = make([]int32, w*(wi.rows+1))
		for r := 0; r < wi.rows; r++ {
			for c := 0; c < wi.cols; c++ {
				k := r*wi.cols + c
				v := wi.occ[r*w+c+1] + wi.occ[(r+1)*w+c] - wi.occ[r*w+c]
				if wi.start[k+1] > wi.start[k] {
					v++
				}
				wi.occ[(r+1)*w+c+1] = v
			}
		}
	}
}

// cellOf returns the cell holding (x, y), clamped to the index.
func (wi *wallIndex) cellOf(x, y float64) (int, int) {
	c := math.Floor((x - wi.origin.X) / wi.cell)
	r := math.Floor((y - wi.origin.Y) / wi.cell)
	return int(min(max(c, 0), float64(wi.cols-1))), int(min(max(r, 0), float64(wi.rows-1)))
}

// cellNear is cellOf by a multiplication instead of two divisions and
// floors: it may give the neighbouring cell for a point within a rounding
// of a cell's edge, which a query may use since every segment is indexed
// in the cells of its box widened by 0.01 (and the result is filtered by
// the segments' boxes).
func (wi *wallIndex) cellNear(x, y float64) (int, int) {
	fx, fy := (x-wi.origin.X)*wi.inv, (y-wi.origin.Y)*wi.inv
	c, r := 0, 0
	if fx > 0 {
		c = int(min(fx, float64(wi.cols-1)))
	}
	if fy > 0 {
		r = int(min(fy, float64(wi.rows-1)))
	}
	return c, r
}

// query is a steer.WallQuery: each segment whose cells and box overlap
// area, once, in the order of the first cell (row by row) that holds it. A
// segment covers a rectangle of cells, so the first of them inside the
// query's cells is (max of the first columns, max of the first rows): it
// is reported there and skipped in the others. query writes nothing, so
// the crowd's force-pass goroutines may call it at once.
func (wi *wallIndex) query(area mathx.AABB, dst []steer.Segment) []steer.Segment {
	if wi.cols == 0 || !area.Min.IsFinite() || !area.Max.IsFinite() {
		return dst
	}
	c0, r0 := wi.cellNear(area.Min.X, area.Min.Y)
	c1, r1 := wi.cellNear(area.Max.X, area.Max.Y)
	if o := wi.occ; o != nil {
		w := wi.cols + 1
		if o[(r1+1)*w+c1+1]-o[r0*w+c1+1]-o[(r1+1)*w+c0]+o[r0*w+c0] == 0 {
			return dst // no cell of the query holds a segment
		}
	}
	// Segments whose box misses the area (widened by a hair, so that no
	// segment a rounding could touch is left out) cannot cross it.
	m := float64(1e-6*max(area.Max.X-area.Min.X, area.Max.Y-area.Min.Y)) + 1e-9
	x0, y0, x1, y1 := area.Min.X-m, area.Min.Y-m, area.Max.X+m, area.Max.Y+m
	for r := r0; r <= r1; r++ {
		row := r * wi.cols
		for c := c0; c <= c1; c++ {
			for _, id := range wi.ids[wi.start[row+c]:wi.start[row+c+1]] {
				b := &wi.boxes[id]
				if max(int(b.c), c0) != c || max(int(b.r), r0) != r {
					continue
				}
				if b.x0 > x1 || b.x1 < x0 || b.y0 > y1 || b.y1 < y0 {
					continue
				}
				dst = append(dst, wi.segs[id])
			}
		}
	}
	return dst
}
