package scene

import (
	"math"
	"slices"
	"testing"

	"diorama/ai/steer"
	"diorama/mathx"
	"diorama/physics"
)

// The wall index's queries against a reference: refWallIndex below is
// the index as it was before the fine occupancy table (session 9 of
// issue 27), kept verbatim but for its names. The crowd's steering
// hashes depend on the segments a query returns and on their order, so
// the index must answer every area exactly as the reference does.

// refWallCell is the side, in world units, of the wall index's cells.
const refWallCell = 4

// refMaxOccCells bounds the wall index's cell count for its occupancy table.
const refMaxOccCells = 1 << 20

// refMaxWallCells bounds the wall index's cell count; walls spread wider get
// larger cells.
const refMaxWallCells = 1 << 22

// refWallIndex answers the crowd's wall queries (steer.WallQuery) from the
// physics world's walls: each wall's exposed faces (physics'
// WallFaces) as segments, bucketed in square cells (a CSR table:
// segments of cell c are ids[start[c]:start[c+1]], in segment order).
type refWallIndex struct {
	segs       []steer.Segment
	boxes      []refSegBox // per segment, what a query tests
	origin     mathx.Vec2
	cell, inv  float64 // cell side and its inverse
	cols, rows int
	start      []int32
	ids        []int32
	// occ[(r)*(cols+1)+c] counts the cells holding a segment in columns
	// < c of rows < r (a summed-area table): a query over cells with
	// none returns at once, without visiting them. Nil for indexes of
	// over refMaxOccCells cells.
	occ   []int32
	walls int // physics walls indexed (the index is rebuilt when more are added)
}

// refSegBox is what a query reads of a segment: its box and its first cell
// (column, row), side by side in memory.
type refSegBox struct {
	x0, y0, x1, y1 float64
	c, r           int32
}

// build indexes the walls of ph.
func (wi *refWallIndex) build(ph *physics.Space) {
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
	wi.cell = refWallCell
	for {
		wi.cols = max(1, int(math.Ceil((box.Max.X-box.Min.X)/wi.cell)))
		wi.rows = max(1, int(math.Ceil((box.Max.Y-box.Min.Y)/wi.cell)))
		if wi.cols*wi.rows <= refMaxWallCells {
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
			wi.boxes = append(wi.boxes, refSegBox{
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
	if wi.cols*wi.rows <= refMaxOccCells {
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
func (wi *refWallIndex) cellOf(x, y float64) (int, int) {
	c := math.Floor((x - wi.origin.X) / wi.cell)
	r := math.Floor((y - wi.origin.Y) / wi.cell)
	return int(min(max(c, 0), float64(wi.cols-1))), int(min(max(r, 0), float64(wi.rows-1)))
}

// cellNear is cellOf by a multiplication instead of two divisions and
// floors: it may give the neighbouring cell for a point within a rounding
// of a cell's edge, which a query may use since every segment is indexed
// in the cells of its box widened by 0.01 (and the result is filtered by
// the segments' boxes).
func (wi *refWallIndex) cellNear(x, y float64) (int, int) {
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
func (wi *refWallIndex) query(area mathx.AABB, dst []steer.Segment) []steer.Segment {
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

// wallLayout is a physics world with walls to index.
type wallLayout struct {
	name string
	ph   *physics.Space
}

// perfRoomSolid is perf's level (perf/level.go's roomSolid): a one-tile
// wall ring and 2×2 pillars at the same places in every 24-tile room.
func perfRoomSolid(size int) []bool {
	const room = 24
	pillars := [][2]int{{5, 8}, {15, 5}, {17, 14}, {7, 16}}
	solid := make([]bool, size*size)
	for k := 0; k < size; k++ {
		solid[k], solid[(size-1)*size+k], solid[k*size], solid[k*size+size-1] = true, true, true, true
	}
	for bj := 0; bj+room <= size+room/2; bj += room {
		for bi := 0; bi+room <= size+room/2; bi += room {
			for _, pl := range pillars {
				i, j := bi+pl[0], bj+pl[1]
				if i+1 >= size-1 || j+1 >= size-1 {
					continue
				}
				solid[j*size+i], solid[j*size+i+1] = true, true
				solid[(j+1)*size+i], solid[(j+1)*size+i+1] = true, true
			}
		}
	}
	return solid
}

func wallSpace(t *testing.T) *physics.Space {
	t.Helper()
	ph, err := physics.NewSpace(physics.SpaceDef{Bounds: mathx.AABB{Min: mathx.V2(-100, -100), Max: mathx.V2(600, 600)}, CellSize: 4})
	if err != nil {
		t.Fatal(err)
	}
	return ph
}

func addTiles(t *testing.T, ph *physics.Space, tm physics.SolidTiles) {
	t.Helper()
	if _, _, err := ph.AddSolidTiles(tm); err != nil {
		t.Fatal(err)
	}
}

// wallLayouts returns perf's 461-tile level and its 24-tile room, random
// tile maps (dense and sparse, with tiles of odd sizes off the origin),
// walls at fractional places, and walls spread so wide that both the
// index's cells and the fine cells are enlarged.
func wallLayouts(t *testing.T) []wallLayout {
	var out []wallLayout
	for _, size := range []int{461, 24} {
		ph := wallSpace(t)
		addTiles(t, ph, physics.SolidTiles{Cols: size, Rows: size, TileW: 1, TileH: 1, Solid: perfRoomSolid(size)})
		out = append(out, wallLayout{"perf room " + itoa(size), ph})
	}
	rng := mathx.NewRand(27)
	for k, d := range []struct {
		cols, rows int
		tw, th     float64
		origin     mathx.Vec2
		density    float64
	}{
		{37, 53, 1, 1, mathx.V2(0, 0), 0.1},
		{64, 64, 1, 1, mathx.V2(-3, 5), 0.4},
		{41, 29, 0.7, 1.3, mathx.V2(-5.3, 2.1), 0.2},
		{90, 70, 2.5, 2.5, mathx.V2(1.75, -7.5), 0.05},
	} {
		solid := make([]bool, d.cols*d.rows)
		for i := range solid {
			solid[i] = rng.Chance(d.density)
		}
		ph := wallSpace(t)
		addTiles(t, ph, physics.SolidTiles{Cols: d.cols, Rows: d.rows, TileW: d.tw, TileH: d.th, Origin: d.origin, Solid: solid})
		out = append(out, wallLayout{"tiles " + itoa(k), ph})
	}
	// Free walls: fractional boxes, some on multiples of the cell side,
	// thin ones, and two tile maps on top (overlapping walls).
	ph := wallSpace(t)
	for range 300 {
		x, y := rng.Range(-20, 120), rng.Range(-20, 120)
		if rng.Chance(0.2) {
			x, y = 4*math.Round(x/4), 4*math.Round(y/4)
		}
		w, h := rng.Range(0.001, 6), rng.Range(0.001, 6)
		if _, err := ph.AddWall(mathx.AABB{Min: mathx.V2(x, y), Max: mathx.V2(x+w, y+h)}, 1); err != nil {
			t.Fatal(err)
		}
	}
	addTiles(t, ph, physics.SolidTiles{Cols: 20, Rows: 20, TileW: 1, TileH: 1, Origin: mathx.V2(10, 10), Solid: perfRoomSolid(20)})
	out = append(out, wallLayout{"free walls", ph})
	// Spread walls: 10,000 units wide, so the index's cells double (over
	// maxWallCells) and the fine cells grow past a quarter of them.
	ph = wallSpace(t)
	for range 400 {
		x, y := rng.Range(-5000, 5000), rng.Range(-5000, 5000)
		if _, err := ph.AddWall(mathx.AABB{Min: mathx.V2(x, y), Max: mathx.V2(x+rng.Range(0.5, 40), y+rng.Range(0.5, 40))}, 1); err != nil {
			t.Fatal(err)
		}
	}
	out = append(out, wallLayout{"spread walls", ph})
	// Extreme walls: as far apart as physics allows (±1e9), and walls
	// near the origin as well.
	ph = wallSpace(t)
	for _, b := range []mathx.AABB{
		{Min: mathx.V2(-1e9, 0), Max: mathx.V2(-0.9e9, 1)},
		{Min: mathx.V2(0.9e9, -3), Max: mathx.V2(1e9, 1e9)},
		{Min: mathx.V2(2, 2), Max: mathx.V2(4, 3)},
		{Min: mathx.V2(7.5, -1), Max: mathx.V2(8, 6)},
	} {
		if _, err := ph.AddWall(b, 1); err != nil {
			t.Fatal(err)
		}
	}
	out = append(out, wallLayout{"extreme walls", ph})
	return out
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

// wallAreas returns query areas over the index: random boxes of a
// unit's feeler reach and of other sizes, corners on cell and fine-cell
// borders and on segment ends (and one float step off them), points,
// inverted boxes, boxes outside the index or partly out, huge ones (the
// widening overflows), and non-finite ones.
func wallAreas(wi *wallIndex, rng *mathx.Rand, n int) []mathx.AABB {
	lo := wi.origin
	hi := lo.Add(mathx.V2(float64(wi.cols)*wi.cell, float64(wi.rows)*wi.cell))
	span := hi.Sub(lo)
	coord := func(axis int) float64 {
		o, s := lo.X, span.X
		if axis == 1 {
			o, s = lo.Y, span.Y
		}
		switch rng.IntN(8) {
		case 0: // a cell border
			return o + wi.cell*float64(rng.IntRange(-1, int(s/wi.cell)+1))
		case 1: // a fine cell border
			return o + float64(rng.IntRange(-1, int(s*wi.finv)+1))/wi.finv
		case 2, 3: // a segment's end, or one step off it
			sg := wi.segs[rng.IntN(len(wi.segs))]
			v := sg.A.X
			if axis == 1 {
				v = sg.A.Y
			}
			if rng.Bool() {
				v = sg.B.X
				if axis == 1 {
					v = sg.B.Y
				}
			}
			switch rng.IntN(3) {
			case 0:
				v = math.Nextafter(v, math.Inf(1))
			case 1:
				v = math.Nextafter(v, math.Inf(-1))
			}
			return v
		}
		return rng.Range(o-0.1*s, o+1.1*s)
	}
	var out []mathx.AABB
	huge := 0 // a huge area walks every cell: a few hundred of them
	for len(out) < n {
		var a mathx.AABB
		k := rng.IntN(20)
		if k == 17 {
			if huge++; huge > 200 {
				continue
			}
		}
		switch {
		case k < 10: // around a point, of a unit's reach or another size
			h := 1.0
			if k >= 5 {
				h = rng.Range(0, 1) * rng.Range(0, 1) * 12
			}
			c := mathx.V2(coord(0), coord(1))
			a = mathx.BoxAround(c, mathx.V2(h, h*rng.Range(0.5, 1.5)))
		case k < 15: // corners on borders and segment ends
			a = mathx.AABB{Min: mathx.V2(coord(0), coord(1)), Max: mathx.V2(coord(0), coord(1))}
			if rng.Chance(0.8) {
				a.Min.X, a.Max.X = min(a.Min.X, a.Max.X), max(a.Min.X, a.Max.X)
				a.Min.Y, a.Max.Y = min(a.Min.Y, a.Max.Y), max(a.Min.Y, a.Max.Y)
			}
		case k < 16: // a point
			p := mathx.V2(coord(0), coord(1))
			a = mathx.AABB{Min: p, Max: p}
		case k < 17: // outside, or partly out
			d := span.Scale(rng.Range(-3, 3))
			a = mathx.BoxAround(lo.Add(d), mathx.V2(rng.Range(0, 2), rng.Range(0, 2)*span.Y))
		case k < 18: // huge
			big := []float64{1e15, 1e300, math.MaxFloat64}[rng.IntN(3)]
			a = mathx.AABB{Min: mathx.V2(-big, coord(1)), Max: mathx.V2(big*rng.Range(0, 1), coord(1)+rng.Range(0, 3))}
			if rng.Bool() {
				a.Min.X, a.Min.Y, a.Max.X, a.Max.Y = a.Min.Y, a.Min.X, a.Max.Y, a.Max.X
			}
		default: // non-finite
			bad := []float64{math.NaN(), math.Inf(1), math.Inf(-1)}[rng.IntN(3)]
			a = mathx.BoxAround(mathx.V2(coord(0), coord(1)), mathx.V2(1, 1))
			switch rng.IntN(4) {
			case 0:
				a.Min.X = bad
			case 1:
				a.Min.Y = bad
			case 2:
				a.Max.X = bad
			default:
				a.Max.Y = bad
			}
		}
		out = append(out, a)
	}
	return out
}

// TestWallIndexMatchesReference: on perf's level, random tile maps and
// free walls, every query returns the reference's segments in the
// reference's order, for random areas and the edge cases of wallAreas.
func TestWallIndexMatchesReference(t *testing.T) {
	n := 60000
	if testing.Short() {
		n = 10000
	}
	for li, lay := range wallLayouts(t) {
		var wi wallIndex
		var ref refWallIndex
		wi.build(lay.ph)
		ref.build(lay.ph)
		if !slices.Equal(wi.segs, ref.segs) {
			t.Fatalf("%s: %d segments, reference %d (or in another order)", lay.name, len(wi.segs), len(ref.segs))
		}
		rng := mathx.NewRand(uint64(100 + li))
		n := n
		if wi.cols*wi.rows > 1<<20 {
			n /= 20 // the reference walks millions of cells per large area
		}
		var got, want []steer.Segment
		empty, found := 0, 0
		for _, a := range wallAreas(&wi, rng, n) {
			got, want = wi.query(a, got[:0]), ref.query(a, want[:0])
			if !slices.Equal(got, want) {
				t.Fatalf("%s: area %v: %d segments %v, reference %d %v", lay.name, a, len(got), got, len(want), want)
			}
			if len(got) == 0 {
				empty++
			} else {
				found++
			}
		}
		// Both kinds of answer are exercised.
		if empty < n/20 || found < n/20 {
			t.Errorf("%s: %d areas with segments, %d without, of %d", lay.name, found, empty, n)
		}
		t.Logf("%s: %d segments, cell %v (%d×%d), fine cell %v (%d×%d); %d areas with segments, %d without",
			lay.name, len(wi.segs), wi.cell, wi.cols, wi.rows, 1/wi.finv, wi.fcols, wi.frows, found, empty)
	}
}

// TestWallIndexEmptyAndAppend: an index of no walls answers nothing, and
// a query appends to what dst holds.
func TestWallIndexEmptyAndAppend(t *testing.T) {
	ph := wallSpace(t)
	var wi wallIndex
	wi.build(ph)
	if got := wi.query(mathx.AABB{Min: mathx.V2(-1e9, -1e9), Max: mathx.V2(1e9, 1e9)}, nil); len(got) != 0 {
		t.Fatalf("no walls: got %v", got)
	}
	addTiles(t, ph, physics.SolidTiles{Cols: 24, Rows: 24, TileW: 1, TileH: 1, Solid: perfRoomSolid(24)})
	wi.build(ph)
	keep := steer.Segment{A: mathx.V2(-7, -7), B: mathx.V2(-8, -8)}
	got := wi.query(mathx.AABB{Min: mathx.V2(4, 7), Max: mathx.V2(8, 11)}, []steer.Segment{keep})
	if len(got) < 2 || got[0] != keep {
		t.Fatalf("append to dst: got %v", got)
	}
	if n := testing.AllocsPerRun(100, func() { got = wi.query(mathx.AABB{Min: mathx.V2(4, 7), Max: mathx.V2(8, 11)}, got[:0]) }); n != 0 {
		t.Fatalf("query allocates %v times", n)
	}
}
