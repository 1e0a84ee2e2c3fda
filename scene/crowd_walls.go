package scene

import (
	"math"

	"diorama/ai/steer"
	"diorama/mathx"
	"diorama/physics"
)

// wallCell is the side, in world units, of the wall index's cells.
const wallCell = 4

// maxOccCells bounds the cell count of the wall index's fine occupancy
// table.
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
	lastC      float64 // float64(cols-1), float64(rows-1): cellNear's clamps
	lastR      float64
	start      []int32
	ids        []int32
	// occ is the occupancy test of the fine grid (fcols×frows cells of
	// side 1/finv from origin: a quarter of a cell, or larger so that
	// there are at most maxOccCells): occ[r*(fcols+1)+c] counts the fine
	// cells, in columns < c of rows < r, that some segment's box touches
	// (a summed-area table). A query whose area (widened as the walk
	// widens it) touches none of them returns at once: no segment's box
	// can meet it.
	occ          []int32
	fcols, frows int
	finv         float64 // 1 / the fine cells' side
	flastC       float64 // float64(fcols-1), float64(frows-1)
	flastR       float64
	walls        int // physics walls indexed (the index is rebuilt when more are added)
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
		// Counted in floats: with 32-bit ints the product of walls a
		// billion units apart overflows (and made a panic on 386).
		fc := math.Max(1, math.Ceil((box.Max.X-box.Min.X)/wi.cell))
		fr := math.Max(1, math.Ceil((box.Max.Y-box.Min.Y)/wi.cell))
		if fc*fr <= maxWallCells {
			wi.cols, wi.rows = int(fc), int(fr)
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
	wi.lastC, wi.lastR = float64(wi.cols-1), float64(wi.rows-1)
	wi.buildOcc(box)
}

// buildOcc builds the fine occupancy table over box (the walls' union):
// fine cells of a quarter of a cell's side, doubled until there are at
// most maxOccCells of them. A segment marks every fine cell from that of
// its box's low corner to that of its high corner (fineCol, fineRow):
// those are monotone in the coordinate, so a point where the box meets a
// query's area lies in a marked cell inside the query's fine cells.
func (wi *wallIndex) buildOcc(box mathx.AABB) {
	// Counted in floats, so that no product overflows; a side grown to
	// +Inf (not for walls within physics' ±1e9) leaves one fine cell.
	dx, dy, side := box.Max.X-box.Min.X, box.Max.Y-box.Min.Y, wi.cell/4
	for {
		fc, fr := math.Max(1, math.Ceil(dx/side)), math.Max(1, math.Ceil(dy/side))
		if fc*fr <= maxOccCells {
			wi.fcols, wi.frows = int(fc), int(fr)
			break
		}
		if math.IsInf(side, 1) {
			wi.fcols, wi.frows = 1, 1
			break
		}
		side *= 2
	}
	wi.finv = 1 / side
	wi.flastC, wi.flastR = float64(wi.fcols-1), float64(wi.frows-1)
	w := wi.fcols + 1
	wi.occ = make([]int32, w*(wi.frows+1))
	// Marks first (1 at row r+1, column c+1), then the running sums.
	for k := range wi.boxes {
		b := &wi.boxes[k]
		c0, c1 := wi.fineCol(b.x0), wi.fineCol(b.x1)
		r0, r1 := wi.fineRow(b.y0), wi.fineRow(b.y1)
		for r := r0; r <= r1; r++ {
			row := wi.occ[(r+1)*w:]
			for c := c0; c <= c1; c++ {
				row[c+1] = 1
			}
		}
	}
	for r := 1; r <= wi.frows; r++ {
		for c := 1; c <= wi.fcols; c++ {
			wi.occ[r*w+c] += wi.occ[r*w+c-1] + wi.occ[(r-1)*w+c] - wi.occ[(r-1)*w+c-1]
		}
	}
}

// fineCol returns the fine column holding x, clamped to the table: a
// monotone function of x (a subtraction, a multiplication by a positive
// constant and a floor, each monotone in its rounding); column 0 for NaN.
func (wi *wallIndex) fineCol(x float64) int {
	f := (x - wi.origin.X) * wi.finv
	if !(f > 0) {
		return 0
	}
	if f >= wi.flastC {
		return wi.fcols - 1
	}
	return int(f)
}

// fineRow is fineCol for y.
func (wi *wallIndex) fineRow(y float64) int {
	f := (y - wi.origin.Y) * wi.finv
	if !(f > 0) {
		return 0
	}
	if f >= wi.flastR {
		return wi.frows - 1
	}
	return int(f)
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
	// int(min(f, last)) for f > 0, by a comparison: f is never NaN here
	// (x and y are finite).
	c, r := 0, 0
	if fx > 0 {
		c = wi.cols - 1
		if fx < wi.lastC {
			c = int(fx)
		}
	}
	if fy > 0 {
		r = wi.rows - 1
		if fy < wi.lastR {
			r = int(fy)
		}
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
	if wi.cols == 0 {
		return dst
	}
	if lo, hi := area.Min, area.Max; lo.X <= hi.X && lo.Y <= hi.Y {
		// When no segment's box touches the fine cells of the area
		// widened by at least what the walk widens it by (m below: the
		// sum of the sides is at least the larger), none meets it:
		// nothing to walk. (A non-finite area may stop here too, with
		// the answer it gets below; fineCol and fineRow take any float.)
		mf := float64(1e-6*((hi.X-lo.X)+(hi.Y-lo.Y))) + 1e-9
		x0, y0, x1, y1 := lo.X-mf, lo.Y-mf, hi.X+mf, hi.Y+mf
		// fineCol and fineRow, with one test for the common case of an
		// area inside the table (x0 <= x1 and y0 <= y1, so f of the low
		// corner above 0 and f of the high corner below the last cell
		// bound all four).
		var fc0, fc1, fr0, fr1 int
		fx0, fx1 := (x0-wi.origin.X)*wi.finv, (x1-wi.origin.X)*wi.finv
		fy0, fy1 := (y0-wi.origin.Y)*wi.finv, (y1-wi.origin.Y)*wi.finv
		if fx0 > 0 && fy0 > 0 && fx1 < wi.flastC && fy1 < wi.flastR {
			fc0, fc1, fr0, fr1 = int(fx0), int(fx1), int(fy0), int(fy1)
		} else {
			fc0, fc1, fr0, fr1 = wi.fineCol(x0), wi.fineCol(x1), wi.fineRow(y0), wi.fineRow(y1)
		}
		o, w := wi.occ, wi.fcols+1
		f0, f1 := fr0*w, (fr1+1)*w
		if o[f1+fc1+1]-o[f0+fc1+1]-o[f1+fc0]+o[f0+fc0] == 0 {
			return dst
		}
	}
	if !area.Min.IsFinite() || !area.Max.IsFinite() {
		return dst
	}
	// Segments whose box misses the area (widened by a hair, so that no
	// segment a rounding could touch is left out) cannot cross it.
	m := float64(1e-6*max(area.Max.X-area.Min.X, area.Max.Y-area.Min.Y)) + 1e-9
	x0, y0, x1, y1 := area.Min.X-m, area.Min.Y-m, area.Max.X+m, area.Max.Y+m
	c0, r0 := wi.cellNear(area.Min.X, area.Min.Y)
	c1, r1 := wi.cellNear(area.Max.X, area.Max.Y)
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
