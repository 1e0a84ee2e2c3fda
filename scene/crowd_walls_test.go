package scene

import (
	"math"
	"slices"
	"testing"

	"diorama/ai/steer"
	"diorama/internal/testenv"
	"diorama/mathx"
	"diorama/physics"
)

// wantQuery is query's contract worked out over every segment, without
// the index's tables: a segment is answered when its cells (its box
// widened by 0.01, as build indexes it) share a cell with the area's
// cells (the cells of its corners, taken by a multiplication as query
// takes them) and its box meets the area widened by the walk's margin;
// in the order of its first cell among the area's (row, then column),
// then of the segments. The crowd's steering hashes depend on the
// segments a query returns and on their order.
func wantQuery(wi *wallIndex, area mathx.AABB) []steer.Segment {
	if wi.cols == 0 || !area.Min.IsFinite() || !area.Max.IsFinite() {
		return nil
	}
	near := func(v, origin float64, n int) int {
		if f := (v - origin) * wi.inv; f > 0 {
			return int(min(f, float64(n-1)))
		}
		return 0
	}
	c0, r0 := near(area.Min.X, wi.origin.X, wi.cols), near(area.Min.Y, wi.origin.Y, wi.rows)
	c1, r1 := near(area.Max.X, wi.origin.X, wi.cols), near(area.Max.Y, wi.origin.Y, wi.rows)
	if c0 > c1 || r0 > r1 {
		return nil // an inverted area has no cells
	}
	m := float64(1e-6*max(area.Max.X-area.Min.X, area.Max.Y-area.Min.Y)) + 1e-9
	x0, y0, x1, y1 := area.Min.X-m, area.Min.Y-m, area.Max.X+m, area.Max.Y+m
	type hit struct{ r, c, id int }
	var hits []hit
	for id, sg := range wi.segs {
		sc0, sr0 := wi.cellOf(min(sg.A.X, sg.B.X)-0.01, min(sg.A.Y, sg.B.Y)-0.01)
		sc1, sr1 := wi.cellOf(max(sg.A.X, sg.B.X)+0.01, max(sg.A.Y, sg.B.Y)+0.01)
		if sc1 < c0 || sc0 > c1 || sr1 < r0 || sr0 > r1 {
			continue
		}
		if min(sg.A.X, sg.B.X) > x1 || max(sg.A.X, sg.B.X) < x0 || min(sg.A.Y, sg.B.Y) > y1 || max(sg.A.Y, sg.B.Y) < y0 {
			continue
		}
		hits = append(hits, hit{max(sr0, r0), max(sc0, c0), id})
	}
	slices.SortStableFunc(hits, func(a, b hit) int {
		if a.r != b.r {
			return a.r - b.r
		}
		return a.c - b.c
	})
	var out []steer.Segment
	for _, h := range hits {
		out = append(out, wi.segs[h.id])
	}
	return out
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

// TestWallIndexMatchesContract: on perf's level, random tile maps and
// free walls, every query returns wantQuery's segments in wantQuery's
// order, for random areas and the edge cases of wallAreas: the fine
// occupancy test never drops a segment the walk would find.
func TestWallIndexMatchesContract(t *testing.T) {
	n := 60000
	if testing.Short() {
		n = 10000
	}
	for li, lay := range wallLayouts(t) {
		var wi wallIndex
		wi.build(lay.ph)
		rng := mathx.NewRand(uint64(100 + li))
		// wantQuery looks at every segment: about 15 million looks a
		// layout.
		n := min(n, max(3000, 15_000_000/max(len(wi.segs), 1)))
		var got []steer.Segment
		empty, found := 0, 0
		for _, a := range wallAreas(&wi, rng, n) {
			got = wi.query(a, got[:0])
			if want := wantQuery(&wi, a); !slices.Equal(got, want) {
				t.Fatalf("%s: area %v: %d segments %v, want %d %v", lay.name, a, len(got), got, len(want), want)
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
	if n := testenv.AllocsOver(100, func() { got = wi.query(mathx.AABB{Min: mathx.V2(4, 7), Max: mathx.V2(8, 11)}, got[:0]) }); n != 0 {
		t.Fatalf("query allocated %d times in 100 calls", n)
	}
}
