package iso

import (
	"fmt"
	"image/color"
	"math"
	"testing"

	"diorama/internal/testenv"
	"diorama/mathx"
	"diorama/raster"
)

// newGrids returns orthogonal grids in every render order (one with odd
// tile sizes) and hexagonal grids on both stagger axes and indices, with
// several side lengths (0: a staggered map; a full side: bricks).
func newGrids(t testing.TB, cols, rows int) []*Grid {
	t.Helper()
	var gs []*Grid
	for _, o := range []RenderOrder{RightDown, RightUp, LeftDown, LeftUp} {
		g, err := NewOrthogonal(32, 24, 24, cols, rows, o)
		if err != nil {
			t.Fatal(err)
		}
		gs = append(gs, g)
	}
	g, err := NewOrthogonal(15, 9, 7, cols, rows, RightDown)
	if err != nil {
		t.Fatal(err)
	}
	gs = append(gs, g)
	// Odd sides and odd tiles too, as Tiled rounds them (see NewHexagonal).
	for _, hs := range [][3]int{{32, 28, 14}, {28, 32, 12}, {14, 12, 6}, {20, 16, 0}, {16, 16, 16}, {30, 26, 2},
		{65, 65, 31}, {64, 64, 31}, {15, 13, 5}, {14, 12, 5}, {13, 11, 1}, {12, 9, 9}} {
		for _, a := range []StaggerAxis{StaggerY, StaggerX} {
			for _, ix := range []StaggerIndex{StaggerOdd, StaggerEven} {
				g, err := NewHexagonal(hs[0], hs[1], hs[2], 20, cols, rows, a, ix)
				if err != nil {
					t.Fatal(err)
				}
				gs = append(gs, g)
			}
		}
	}
	return gs
}

func layoutName(g *Grid) string {
	if g.Layout == Orthogonal {
		return fmt.Sprintf("orthogonal order=%d %dx%d", g.Order, g.tw, g.th)
	}
	return fmt.Sprintf("hexagonal axis=%d index=%d %dx%d side %d", g.Axis, g.Index, g.tw, g.th, g.HexSide)
}

// hexRef holds libtiled's HexagonalRenderer::RenderParams, computed
// independently of the grid.
type hexRef struct {
	tw, th, sideLenX, sideLenY, sideOffX, sideOffY, colW, rowH int
	staggerX, even                                             bool
}

func refOf(g *Grid) hexRef {
	r := hexRef{tw: g.tw, th: g.th, staggerX: g.Axis == StaggerX, even: g.Index == StaggerEven}
	if r.staggerX {
		r.sideLenX = g.HexSide
	} else {
		r.sideLenY = g.HexSide
	}
	r.sideOffX = (r.tw - r.sideLenX) / 2
	r.sideOffY = (r.th - r.sideLenY) / 2
	r.colW = r.sideOffX + r.sideLenX
	r.rowH = r.sideOffY + r.sideLenY
	return r
}

// refTopLeft is Tiled's tileToScreenCoords for orthogonal and hexagonal
// maps.
func refTopLeft(g *Grid, x, y int) mathx.Point {
	if g.Layout == Orthogonal {
		return mathx.Pt(x*g.tw, y*g.th)
	}
	r := refOf(g)
	if r.staggerX {
		py := y * (r.th + r.sideLenY)
		if (x&1 == 1) != r.even {
			py += r.rowH
		}
		return mathx.Pt(x*r.colW, py)
	}
	px := x * (r.tw + r.sideLenX)
	if (y&1 == 1) != r.even {
		px += r.colW
	}
	return mathx.Pt(px, y*r.rowH)
}

// refPolygon is Tiled's tileToScreenPolygon (duplicate corners removed
// where a side offset is zero does not matter for containment).
func refPolygon(g *Grid, x, y int) []mathx.Vec2 {
	tl := refTopLeft(g, x, y).Vec()
	if g.Layout == Orthogonal {
		w, h := float64(g.tw), float64(g.th)
		return []mathx.Vec2{tl, tl.Add(mathx.V2(w, 0)), tl.Add(mathx.V2(w, h)), tl.Add(mathx.V2(0, h))}
	}
	r := refOf(g)
	pts := [][2]int{
		{0, r.th - r.sideOffY}, {0, r.sideOffY}, {r.sideOffX, 0}, {r.tw - r.sideOffX, 0},
		{r.tw, r.sideOffY}, {r.tw, r.th - r.sideOffY}, {r.tw - r.sideOffX, r.th}, {r.sideOffX, r.th},
	}
	out := make([]mathx.Vec2, len(pts))
	for k, p := range pts {
		out[k] = tl.Add(mathx.V2(float64(p[0]), float64(p[1])))
	}
	return out
}

// insideStrict reports whether p is inside the convex polygon and at
// least eps from each of its edges' lines (false near edges).
func insideStrict(poly []mathx.Vec2, p mathx.Vec2, eps float64) (in, near bool) {
	sign := 0.0
	for k := range poly {
		a, b := poly[k], poly[(k+1)%len(poly)]
		d := b.Sub(a)
		l := math.Hypot(d.X, d.Y)
		if l == 0 {
			continue
		}
		c := (d.X*(p.Y-a.Y) - d.Y*(p.X-a.X)) / l
		if math.Abs(c) < eps {
			near = true
			continue
		}
		if sign == 0 {
			sign = math.Copysign(1, c)
		} else if math.Copysign(1, c) != sign {
			return false, near
		}
	}
	return !near, near
}

func refBounds(g *Grid) mathx.Rect {
	if g.Layout == Orthogonal {
		return mathx.R(0, 0, g.Cols*g.tw, g.Rows*g.th)
	}
	r := refOf(g)
	if r.staggerX {
		h := g.Rows * (r.th + r.sideLenY)
		if g.Cols > 1 {
			h += r.rowH
		}
		return mathx.R(0, 0, g.Cols*r.colW+r.sideOffX, h)
	}
	w := g.Cols * (r.tw + r.sideLenX)
	if g.Rows > 1 {
		w += r.colW
	}
	return mathx.R(0, 0, w, g.Rows*r.rowH+r.sideOffY)
}

// Tile boxes, bounds and the world ↔ tile ↔ screen round trip against
// Tiled's formulas.
func TestNewLayoutsMatchTiled(t *testing.T) {
	for _, size := range [][2]int{{11, 9}, {1, 6}, {7, 1}} {
		for _, g := range newGrids(t, size[0], size[1]) {
			if b := g.Bounds(); b != refBounds(g) {
				t.Fatalf("%s %v: bounds %v, Tiled %v", layoutName(g), size, b, refBounds(g))
			}
			for row := 0; row < g.Rows; row++ {
				for col := 0; col < g.Cols; col++ {
					b := g.TileBounds(col, row, 0)
					if want := refTopLeft(g, col, row); b.Min != want || b.Dx() != g.tw || b.Dy() != g.th {
						t.Fatalf("%s: tile (%d,%d) box %v, Tiled top-left %v", layoutName(g), col, row, b, want)
					}
					if e := g.TileBounds(col, row, 5); e != b.Add(mathx.Pt(0, -5)) {
						t.Fatalf("%s: lifted box %v", layoutName(g), e)
					}
					i, j := g.TileCell(col, row)
					if c, r := g.CellTile(i, j); c != col || r != row {
						t.Fatalf("%s: tile (%d,%d) → cell (%d,%d) → (%d,%d)", layoutName(g), col, row, i, j, c, r)
					}
					// The world centre of the tile is its box's centre.
					s := g.ToScreen(g.TileCenter(col, row, 0))
					want := mathx.V2(float64(b.Min.X)+float64(g.tw)/2, float64(b.Min.Y)+float64(g.th)/2)
					if s.Sub(want).Len() > 1e-9 {
						t.Fatalf("%s: centre of (%d,%d) at %v, want %v", layoutName(g), col, row, s, want)
					}
					if c, r, ok := g.Pick(s, 0); !ok || c != col || r != row {
						t.Fatalf("%s: Pick(centre of %d,%d) = %d,%d,%v", layoutName(g), col, row, c, r, ok)
					}
					s2 := g.ToScreen(g.TileCenter(col, row, 13.0/float64(g.Proj.ZPixels)))
					if c, r, ok := g.Pick(s2, 13); !ok || c != col || r != row {
						t.Fatalf("%s: elevated Pick = %d,%d,%v", layoutName(g), c, r, ok)
					}
					w := mathx.V3(float64(i)+0.3, float64(j)+0.8, 0.25)
					if back := g.ToWorld(g.ToScreen(w), w.Z); back.Sub(w).Len() > 1e-9 {
						t.Fatalf("%s: world %v → %v", layoutName(g), w, back)
					}
				}
			}
		}
	}
}

// Every pixel is owned by exactly one tile's shape: picking agrees with
// Tiled's polygons wherever a pixel centre is clearly inside one, every
// pixel picked lies in its tile's box, and every tile owns the same number
// of pixels (its area: hexagons tile the plane exactly).
func TestNewLayoutsPickPartition(t *testing.T) {
	for _, g := range newGrids(t, 8, 7) {
		count := make([]int, g.Cols*g.Rows)
		b := g.Bounds()
		for py := b.Min.Y - 4; py < b.Max.Y+4; py++ {
			for px := b.Min.X - 4; px < b.Max.X+4; px++ {
				c, r, ok := g.PickPixel(px, py, 0)
				centre := mathx.V2(float64(px)+0.5, float64(py)+0.5)
				if ok {
					if !(mathx.Point{X: px, Y: py}).In(g.TileBounds(c, r, 0)) {
						t.Fatalf("%s: pixel (%d,%d) picked (%d,%d) outside its box", layoutName(g), px, py, c, r)
					}
					count[r*g.Cols+c]++
					if in, near := insideStrict(refPolygon(g, c, r), centre, 1e-9); !in && !near {
						t.Fatalf("%s: pixel (%d,%d) picked (%d,%d) outside its polygon", layoutName(g), px, py, c, r)
					}
				}
			}
		}
		// Any pixel whose centre is clearly inside a tile's polygon is
		// picked as that tile.
		for row := 0; row < g.Rows; row++ {
			for col := 0; col < g.Cols; col++ {
				poly, tb := refPolygon(g, col, row), g.TileBounds(col, row, 0)
				for py := tb.Min.Y; py < tb.Max.Y; py++ {
					for px := tb.Min.X; px < tb.Max.X; px++ {
						in, _ := insideStrict(poly, mathx.V2(float64(px)+0.5, float64(py)+0.5), 1e-9)
						if c, r, ok := g.PickPixel(px, py, 0); in && (!ok || c != col || r != row) {
							t.Fatalf("%s: pixel (%d,%d) inside tile (%d,%d), picked (%d,%d,%v)", layoutName(g), px, py, col, row, c, r, ok)
						}
					}
				}
			}
		}
		area := g.tw * g.th
		if g.Layout == Hexagonal {
			area = g.Proj.TileW * g.Proj.TileH / 2
		}
		for k, n := range count {
			if n != area {
				t.Fatalf("%s: tile %d owns %d pixels, want %d", layoutName(g), k, n, area)
			}
		}
	}
}

// Points exactly on edges and corners (a quarter-pixel lattice hits them
// all): exactly one tile owns each, and Pick returns it.
func TestNewLayoutsPickExactOnEdges(t *testing.T) {
	for _, g := range newGrids(t, 6, 6) {
		if g.Layout != Hexagonal {
			continue
		}
		b := g.TileBounds(2, 2, 0) // an interior tile and its surroundings
		for y := 4 * b.Min.Y; y <= 4*b.Max.Y; y++ {
			for x := 4 * b.Min.X; x <= 4*b.Max.X; x++ {
				X, Y := int64(x)*SubPixel/4, int64(y)*SubPixel/4
				owners, oc, or := 0, -1, -1
				for row := 0; row < g.Rows; row++ {
					for col := 0; col < g.Cols; col++ {
						i, j := g.TileCell(col, row)
						// the hexagon's centre: the lattice point, moved by
						// half a pixel when the side is odd
						cx := int64(g.origin.X+(i-j)*g.Proj.TileW/2)*SubPixel + int64(g.half.X*SubPixel)
						cy := int64(g.origin.Y+(i+j+1)*g.Proj.TileH/2)*SubPixel + int64(g.half.Y*SubPixel)
						if g.hexOwns(X-cx, Y-cy) {
							owners++
							oc, or = col, row
						}
					}
				}
				if owners != 1 {
					t.Fatalf("%s: point (%v,%v) has %d owners", layoutName(g), float64(x)/4, float64(y)/4, owners)
				}
				if c, r, ok := g.Pick(mathx.V2(float64(x)/4, float64(y)/4), 0); !ok || c != oc || r != or {
					t.Fatalf("%s: Pick(%v,%v) = %d,%d, owner %d,%d", layoutName(g), float64(x)/4, float64(y)/4, c, r, oc, or)
				}
			}
		}
	}
}

// Sub-pixel picking agrees with pixel picking and with Tiled's polygons
// for random points, and refuses non-finite input.
func TestNewLayoutsPickRandomPoints(t *testing.T) {
	rnd := mathx.NewRand(5)
	for _, g := range newGrids(t, 9, 8) {
		b := g.Bounds()
		for k := 0; k < 3000; k++ {
			p := mathx.V2(rnd.Range(float64(b.Min.X)-10, float64(b.Max.X)+10), rnd.Range(float64(b.Min.Y)-10, float64(b.Max.Y)+10))
			p = mathx.V2(math.Floor(p.X*SubPixel)/SubPixel, math.Floor(p.Y*SubPixel)/SubPixel)
			c, r, ok := g.Pick(p, 0)
			if ok {
				if in, near := insideStrict(refPolygon(g, c, r), p, 1e-9); !in && !near {
					t.Fatalf("%s: %v picked (%d,%d) outside its polygon", layoutName(g), p, c, r)
				}
			}
			// A point at a pixel centre picks as that pixel.
			px, py := int(math.Floor(p.X)), int(math.Floor(p.Y))
			c1, r1, ok1 := g.Pick(mathx.V2(float64(px)+0.5, float64(py)+0.5), 0)
			c2, r2, ok2 := g.PickPixel(px, py, 0)
			if c1 != c2 || r1 != r2 || ok1 != ok2 {
				t.Fatalf("%s: pixel (%d,%d) Pick %d,%d,%v PickPixel %d,%d,%v", layoutName(g), px, py, c1, r1, ok1, c2, r2, ok2)
			}
		}
		for _, bad := range []mathx.Vec2{{X: math.NaN()}, {Y: math.Inf(1)}, {X: 1e300}} {
			if _, _, ok := g.Pick(bad, 0); ok {
				t.Fatalf("%s: Pick(%v) ok", layoutName(g), bad)
			}
		}
		// Huge pixel coordinates do not overflow into the map.
		if _, _, ok := g.PickPixel(math.MaxInt, math.MinInt, math.MaxInt); ok {
			t.Fatalf("%s: huge pixel picked a tile", layoutName(g))
		}
	}
}

// drawKey is Tiled's draw order for the new layouts: render order for
// orthogonal maps; for hexagonal maps rows top to bottom and, with
// StaggerX, a row's unshifted columns before its shifted ones, left to
// right.
func drawKey(g *Grid, t Tile) [3]int {
	if g.Layout == Orthogonal {
		x, y := t.Col, t.Row
		if g.Order == LeftDown || g.Order == LeftUp {
			x = -x
		}
		if g.Order == RightUp || g.Order == LeftUp {
			y = -y
		}
		return [3]int{y, 0, x}
	}
	pass := 0
	if g.Axis == StaggerX && (t.Col&1 == 1) != (g.Index == StaggerEven) {
		pass = 1
	}
	return [3]int{t.Row, pass, t.Col}
}

func keyLess(a, b [3]int) bool {
	for k := range a {
		if a[k] != b[k] {
			return a[k] < b[k]
		}
	}
	return false
}

// Culling returns exactly the tiles a brute-force scan finds, in Tiled's
// draw order.
// randomView is a random view around map bounds b (often off the map,
// sometimes empty) and a random overdraw.
func randomView(rnd *mathx.Rand, b mathx.Rect) (mathx.Rect, Overdraw) {
	x0 := rnd.IntRange(b.Min.X-300, b.Max.X+100)
	y0 := rnd.IntRange(b.Min.Y-300, b.Max.Y+100)
	view := mathx.R(x0, y0, x0+rnd.IntRange(0, 400), y0+rnd.IntRange(0, 300))
	return view, Overdraw{Up: rnd.IntRange(0, 80), Down: rnd.IntRange(0, 20), Side: rnd.IntRange(0, 10)}
}

func TestNewLayoutsAppendVisible(t *testing.T) {
	rnd := mathx.NewRand(12)
	var got []Tile
	var grids []*Grid
	for _, s := range [][2]int{{13, 17}, {7, 1}, {1, 6}} {
		grids = append(grids, newGrids(t, s[0], s[1])...)
	}
	for _, g := range grids {
		b := g.Bounds()
		for k := 0; k < 150; k++ {
			view, od := randomView(rnd, b)
			got = g.AppendVisible(got[:0], view, od)
			want := bruteVisible(g, view, od)
			if len(got) != len(want) {
				t.Fatalf("%s view %v od %+v: %d tiles, want %d", layoutName(g), view, od, len(got), len(want))
			}
			seen := map[Tile]bool{}
			for n, tl := range got {
				if !want[tl] || seen[tl] {
					t.Fatalf("%s: unexpected or repeated tile %v", layoutName(g), tl)
				}
				seen[tl] = true
				if n > 0 && !keyLess(drawKey(g, got[n-1]), drawKey(g, tl)) {
					t.Fatalf("%s: %v drawn after %v, not in Tiled's order", layoutName(g), tl, got[n-1])
				}
			}
		}
	}
}

func TestNewLayoutsAppendVisibleDoesNotAllocate(t *testing.T) {
	o, _ := NewOrthogonal(32, 32, 32, 1000, 1000, LeftUp)
	h, _ := NewHexagonal(32, 28, 14, 28, 1000, 1000, StaggerX, StaggerEven)
	for _, g := range []*Grid{o, h} {
		cam := NewCamera(800, 480)
		cam.Center = mathx.V2(16000, 14000)
		buf := g.AppendVisible(nil, cam.View(), Overdraw{Up: 64})
		if n := testenv.AllocsOver(100, func() { buf = g.AppendVisible(buf[:0], cam.View(), Overdraw{Up: 64}) }); n != 0 {
			t.Fatalf("%s: %v allocations in 100 culls", layoutName(g), n)
		}
		// Proportional to the view: about (800/column step)·(544/row step)
		// tiles: 25·17 orthogonal, 35·20 hexagonal.
		if len(buf) < 300 || len(buf) > 850 {
			t.Fatalf("%s: %d visible tiles", layoutName(g), len(buf))
		}
	}
}

// Odd tile sizes and sides are rounded as Tiled's RenderParams (1.10.1
// and later) rounds them, computed here from the sizes in the file: the
// box size of every grid of newGrids, and the tile positions of a 65×65
// map with side 31 checked by hand against Tiled (tile (0, 1) of a
// pointy-top map is 48 pixels down).
func TestHexagonalRounding(t *testing.T) {
	for _, c := range []struct{ w, h, side, tw, th, rowH int }{
		{65, 65, 31, 64, 65, 48}, {64, 64, 31, 64, 63, 47}, {15, 13, 5, 14, 13, 9}, {14, 12, 5, 14, 11, 8}, {32, 28, 14, 32, 28, 21},
	} {
		g, err := NewHexagonal(c.w, c.h, c.side, 8, 4, 4, StaggerY, StaggerOdd)
		if err != nil {
			t.Fatal(err)
		}
		if g.tw != c.tw || g.th != c.th {
			t.Errorf("%d×%d side %d: box %d×%d, Tiled %d×%d", c.w, c.h, c.side, g.tw, g.th, c.tw, c.th)
		}
		if b := g.TileBounds(0, 1, 0); b.Min != mathx.Pt(c.tw/2, c.rowH) {
			t.Errorf("%d×%d side %d: tile (0,1) at %v, Tiled (%d,%d)", c.w, c.h, c.side, b.Min, c.tw/2, c.rowH)
		}
		// The same map standing on its side.
		x, err := NewHexagonal(c.h, c.w, c.side, 8, 4, 4, StaggerX, StaggerOdd)
		if err != nil {
			t.Fatal(err)
		}
		if x.tw != c.th || x.th != c.tw {
			t.Errorf("flat-top %d×%d side %d: box %d×%d, Tiled %d×%d", c.h, c.w, c.side, x.tw, x.th, c.th, c.tw)
		}
		if b := x.TileBounds(1, 0, 0); b.Min != mathx.Pt(c.rowH, c.tw/2) {
			t.Errorf("flat-top %d×%d side %d: tile (1,0) at %v, Tiled (%d,%d)", c.h, c.w, c.side, b.Min, c.rowH, c.tw/2)
		}
	}
}

func TestNewLayoutErrors(t *testing.T) {
	bad := []func() error{
		func() error { _, err := NewOrthogonal(0, 8, 8, 4, 4, RightDown); return err },
		func() error { _, err := NewOrthogonal(8, 5000, 8, 4, 4, RightDown); return err },
		func() error { _, err := NewOrthogonal(8, 8, 0, 4, 4, RightDown); return err },
		func() error { _, err := NewOrthogonal(8, 8, 8, 0, 4, RightDown); return err },
		func() error { _, err := NewOrthogonal(8, 8, 8, 4, 4, 9); return err },
		func() error { _, err := NewHexagonal(0, 12, 6, 8, 4, 4, StaggerY, StaggerOdd); return err },
		func() error { _, err := NewHexagonal(1, 12, 5, 8, 4, 4, StaggerY, StaggerOdd); return err },    // rounds to 0 wide
		func() error { _, err := NewHexagonal(14, 1, 0, 8, 4, 4, StaggerY, StaggerOdd); return err },    // rounds to 0 long
		func() error { _, err := NewHexagonal(4096, 12, 5, 8, 4, 4, StaggerX, StaggerOdd); return err }, // lattice too wide
		func() error { _, err := NewHexagonal(14, 12, 14, 8, 4, 4, StaggerY, StaggerOdd); return err },
		func() error { _, err := NewHexagonal(14, 12, -2, 8, 4, 4, StaggerX, StaggerOdd); return err },
		func() error { _, err := NewHexagonal(14, 12, 6, 8, 4, 4, 3, StaggerOdd); return err },
		func() error { _, err := NewHexagonal(14, 12, 6, 8, MaxMapSide+1, 4, StaggerX, StaggerOdd); return err },
	}
	for k, f := range bad {
		if f() == nil {
			t.Errorf("case %d accepted", k)
		}
	}
	g, _ := NewOrthogonal(8, 8, 8, 4, 4, RightDown)
	if _, err := g.BlockObject(0, 0, 1, 1, 0, 8, color.RGBA{A: 255}, color.RGBA{A: 255}, color.RGBA{A: 255}); err == nil {
		t.Error("block on an orthogonal map accepted")
	}
}

// Objects on orthogonal and hexagonal maps are drawn by ground line (the
// screen y of the footprint's centre), then base height, then insertion,
// whatever their 3D boxes say.
func TestGroundOrder(t *testing.T) {
	o, _ := NewOrthogonal(32, 32, 32, 20, 20, RightDown)
	h, _ := NewHexagonal(32, 28, 14, 28, 20, 20, StaggerY, StaggerOdd)
	d, _ := NewDiamond(Projection{64, 32, 32}, 20, 20)
	if d.GroundOrder() || !o.GroundOrder() || !h.GroundOrder() {
		t.Fatal("GroundOrder by layout")
	}
	for _, g := range []*Grid{o, h} {
		cam := NewCamera(4000, 4000)
		cam.Center = mathx.V2(float64(g.Bounds().Max.X)/2, float64(g.Bounds().Max.Y)/2)
		pt := NewPainter(g, cam)
		spr := make([]*raster.Sprite, 5)
		boxes := []Box{
			{Min: mathx.V3(5, 5, 0), Max: mathx.V3(6, 7, 1)},
			{Min: mathx.V3(2, 3, 0), Max: mathx.V3(3, 4, 2)},
			{Min: mathx.V3(9, 6.5, 0.5), Max: mathx.V3(10, 7, 1)},
			{Min: mathx.V3(1, 1, 0), Max: mathx.V3(2, 2, 1)},
			{Min: mathx.V3(9.5, 6, 0.5), Max: mathx.V3(10, 7, 3)},
		}
		for k := range spr {
			spr[k] = character(color.RGBA{A: 255})
			if err := pt.Add(Object{Box: boxes[k], Parts: []Part{{Sprite: spr[k], At: g.TileBounds(k, k, 0).Min}}}); err != nil {
				t.Fatal(err)
			}
		}
		pt.sortGround()
		var order []int
		for _, k := range pt.ground {
			order = append(order, int(k.idx))
		}
		// Ground lines (footprint centres): orthogonal y·32 = 192, 112,
		// 216, 48, 208; hexagonal (x+y)·21 − 7 = 234.5, 119, 334.25, 56,
		// 334.25 (a tie between 2 and 4, same base: insertion order).
		want := []int{3, 1, 0, 4, 2}
		if g.Layout == Hexagonal {
			want = []int{3, 1, 0, 2, 4}
		}
		dl := raster.NewDrawList()
		if next := pt.Objects(dl, 10); next != 15 || dl.Len() != 5 {
			t.Fatalf("next key %d, %d commands", next, dl.Len())
		}
		if fmt.Sprint(order) != fmt.Sprint(want) {
			t.Fatalf("%s: order %v, want %v", layoutName(g), order, want)
		}
	}
}

// A frame of tiles and ground-ordered objects on the new layouts does not
// allocate once the painter's buffers have grown.
func TestNewLayoutsPainterDoesNotAllocate(t *testing.T) {
	o, _ := NewOrthogonal(32, 32, 32, 200, 200, RightUp)
	h, _ := NewHexagonal(32, 28, 14, 28, 200, 200, StaggerY, StaggerEven)
	for _, g := range []*Grid{o, h} {
		layer := &TileLayer{Tiles: make([]int32, g.Cols*g.Rows), Sprites: []*raster.Sprite{character(color.RGBA{200, 0, 0, 255})}}
		var objs []Object
		rnd := mathx.NewRand(3)
		for k := 0; k < 300; k++ {
			feet := mathx.V3(rnd.Range(0, 40), rnd.Range(0, 40), 0)
			objs = append(objs, g.SpriteObject(layer.Sprites[0], feet, 0.3, 1))
		}
		cam := NewCamera(800, 480)
		cam.Center = mathx.V2(400, 300)
		pt := NewPainter(g, cam)
		dl := raster.NewDrawList()
		frame := func() {
			dl.Reset()
			if err := pt.Layer(dl, layer, 0); err != nil {
				t.Fatal(err)
			}
			for _, ob := range objs {
				if err := pt.Add(ob); err != nil {
					t.Fatal(err)
				}
			}
			pt.Objects(dl, 1)
		}
		frame()
		if dl.Len() < 300 {
			t.Fatalf("%s: %d commands", layoutName(g), dl.Len())
		}
		if n := testenv.AllocsOver(20, frame); n != 0 {
			t.Fatalf("%s: %v allocations in 20 frames", layoutName(g), n)
		}
	}
}

// Culling cost follows the view, not the map size, on the orthogonal,
// hexagonal and staggered layouts (BenchmarkCull has the diamond one).
func BenchmarkCullLayouts(b *testing.B) {
	for _, size := range []int{100, 1000, 10000} {
		o, _ := NewOrthogonal(32, 32, 32, size, size, RightDown)
		h, _ := NewHexagonal(32, 28, 14, 28, size, size, StaggerY, StaggerOdd)
		s, _ := NewStaggered(Projection{64, 32, 32}, size, size, StaggerX, StaggerOdd)
		for _, g := range []*Grid{o, h, s} {
			name := [...]string{Orthogonal: "orthogonal", Hexagonal: "hexagonal", Staggered: "staggered"}[g.Layout]
			b.Run(name+"/"+itoa(size), func(b *testing.B) {
				cam := NewCamera(800, 480)
				cam.Limits = g.Bounds()
				cam.Center = mathx.V2(float64(g.Bounds().Max.X)/2, float64(g.Bounds().Max.Y)/2)
				var buf []Tile
				b.ReportAllocs()
				for b.Loop() {
					buf = g.AppendVisible(buf[:0], cam.View(), Overdraw{Up: 64})
				}
				b.ReportMetric(float64(len(buf)), "tiles")
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(buf)), "ns/tile")
			})
		}
	}
}

// Picking cost on the new layouts (exact integer arithmetic).
func BenchmarkPickNewLayouts(b *testing.B) {
	o, _ := NewOrthogonal(32, 32, 32, 1000, 1000, RightDown)
	h, _ := NewHexagonal(32, 28, 14, 28, 1000, 1000, StaggerX, StaggerOdd)
	for _, g := range []*Grid{o, h} {
		b.Run(layoutName(g), func(b *testing.B) {
			rnd := mathx.NewRand(1)
			pts := make([]mathx.Vec2, 1024)
			for k := range pts {
				pts[k] = mathx.V2(rnd.Range(0, 20000), rnd.Range(0, 20000))
			}
			n := 0
			for b.Loop() {
				if _, _, ok := g.Pick(pts[n&1023], 0); ok {
					n++
				} else {
					n += 2
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N), "ns/pick")
		})
	}
}
