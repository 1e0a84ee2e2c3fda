package iso

import (
	"fmt"
	"math"
	"testing"

	"diorama/mathx"
)

func allGrids(t testing.TB, cols, rows int) []*Grid {
	t.Helper()
	var gs []*Grid
	for _, p := range []Projection{{64, 32, 32}, {56, 32, 32}, {50, 18, 7}} {
		g, err := NewDiamond(p, cols, rows)
		if err != nil {
			t.Fatal(err)
		}
		gs = append(gs, g)
		for _, a := range []StaggerAxis{StaggerY, StaggerX} {
			for _, ix := range []StaggerIndex{StaggerOdd, StaggerEven} {
				g, err := NewStaggered(p, cols, rows, a, ix)
				if err != nil {
					t.Fatal(err)
				}
				gs = append(gs, g)
			}
		}
	}
	return gs
}

func gridName(g *Grid) string {
	if g.Layout == Diamond {
		return fmt.Sprintf("diamond %dx%d", g.Proj.TileW, g.Proj.TileH)
	}
	return fmt.Sprintf("staggered axis=%d index=%d %dx%d", g.Axis, g.Index, g.Proj.TileW, g.Proj.TileH)
}

// Tiled's tileToScreenCoords for every layout (the reference formulas from
// the TMX documentation and libtiled's renderers).
func tiledTopLeft(g *Grid, col, row int) mathx.Point {
	tw, th := g.Proj.TileW, g.Proj.TileH
	if g.Layout == Diamond {
		// isometricrenderer: ((x−y)·tw/2 + originX, (x+y)·th/2), originX =
		// mapHeight·tw/2; that is the top corner, the box starts tw/2 left.
		return mathx.Pt((col-row)*tw/2+g.Rows*tw/2-tw/2, (col+row)*th/2)
	}
	even := g.Index == StaggerEven
	if g.Axis == StaggerY {
		x := col * tw
		if (row&1 == 1) != even {
			x += tw / 2
		}
		return mathx.Pt(x, row*th/2)
	}
	y := row * th
	if (col&1 == 1) != even {
		y += th / 2
	}
	return mathx.Pt(col*tw/2, y)
}

// Tile → screen → tile over whole maps, in every layout, and the tile ↔
// cell indexing round trip.
func TestTileScreenTileRoundTrip(t *testing.T) {
	for _, g := range allGrids(t, 37, 23) {
		for row := 0; row < g.Rows; row++ {
			for col := 0; col < g.Cols; col++ {
				b := g.TileBounds(col, row, 0)
				if want := tiledTopLeft(g, col, row); b.Min != want || b.Dx() != g.Proj.TileW || b.Dy() != g.Proj.TileH {
					t.Fatalf("%s: tile (%d,%d) bounds %v, Tiled top-left %v", gridName(g), col, row, b, want)
				}
				i, j := g.TileCell(col, row)
				if c, r := g.CellTile(i, j); c != col || r != row {
					t.Fatalf("%s: tile (%d,%d) → cell (%d,%d) → (%d,%d)", gridName(g), col, row, i, j, c, r)
				}
				// Centre of the diamond, by pixel and by sub-pixel point, and
				// the projected world centre.
				cx, cy := b.Min.X+g.Proj.TileW/2, b.Min.Y+g.Proj.TileH/2
				if c, r, ok := g.PickPixel(cx, cy, 0); !ok || c != col || r != row {
					t.Fatalf("%s: PickPixel centre of (%d,%d) = (%d,%d,%v)", gridName(g), col, row, c, r, ok)
				}
				s := g.ToScreen(g.TileCenter(col, row, 0))
				if c, r, ok := g.Pick(s, 0); !ok || c != col || r != row {
					t.Fatalf("%s: Pick(%v) = (%d,%d,%v), want (%d,%d)", gridName(g), s, c, r, ok, col, row)
				}
				// Elevated tile: lifted 13 pixels, picked on its own plane.
				s2 := g.ToScreen(g.TileCenter(col, row, 13.0/float64(g.Proj.ZPixels)))
				if c, r, ok := g.Pick(s2, 13); !ok || c != col || r != row {
					t.Fatalf("%s: elevated Pick = (%d,%d,%v), want (%d,%d)", gridName(g), c, r, ok, col, row)
				}
				// The top corner is owned by the tile itself.
				top := mathx.V2(float64(cx), float64(b.Min.Y))
				if c, r, ok := g.Pick(top, 0); !ok || c != col || r != row {
					t.Fatalf("%s: top corner of (%d,%d) picked (%d,%d,%v)", gridName(g), col, row, c, r, ok)
				}
			}
		}
	}
}

// Every pixel of a map's bounds is owned by at most one tile, and every
// tile owns exactly TileW·TileH/2 pixels.
func TestPickPartitionsMap(t *testing.T) {
	for _, g := range allGrids(t, 9, 7) {
		count := make([]int, g.Cols*g.Rows)
		b := g.Bounds()
		for py := b.Min.Y - 5; py < b.Max.Y+5; py++ {
			for px := b.Min.X - 5; px < b.Max.X+5; px++ {
				c, r, ok := g.PickPixel(px, py, 0)
				if !ok {
					continue
				}
				if !(mathx.Point{X: px, Y: py}).In(g.TileBounds(c, r, 0)) {
					t.Fatalf("%s: pixel (%d,%d) picked (%d,%d) outside its box", gridName(g), px, py, c, r)
				}
				count[r*g.Cols+c]++
			}
		}
		for k, n := range count {
			if n != g.Proj.TileW*g.Proj.TileH/2 {
				t.Fatalf("%s: tile %d owns %d pixels", gridName(g), k, n)
			}
		}
	}
}

func TestGridErrors(t *testing.T) {
	p := Projection{64, 32, 32}
	for _, c := range [][2]int{{0, 5}, {5, 0}, {-1, 5}, {MaxMapSide + 1, 1}} {
		if _, err := NewDiamond(p, c[0], c[1]); err == nil {
			t.Errorf("NewDiamond %v accepted", c)
		}
	}
	if _, err := NewStaggered(Projection{63, 32, 32}, 4, 4, StaggerY, StaggerOdd); err == nil {
		t.Error("odd projection accepted for a staggered grid")
	}
	if _, err := NewDiamond(Projection{0, 32, 32}, 4, 4); err == nil {
		t.Error("empty projection accepted")
	}
	if _, err := NewStaggered(p, 4, 4, 7, 0); err == nil {
		t.Error("bad stagger axis accepted")
	}
	g, _ := NewDiamond(p, 4, 4)
	if _, _, ok := g.PickPixel(-1000, 5, 0); ok {
		t.Error("pick outside map ok")
	}
}

// Map bounds follow Tiled's mapBoundingRect, and every tile lies inside.
func TestGridBoundsMatchTiled(t *testing.T) {
	p := Projection{64, 32, 32}
	cases := []struct {
		axis       StaggerAxis
		cols, rows int
		want       mathx.Rect
	}{
		{StaggerY, 5, 1, mathx.R(0, 0, 320, 32)},
		{StaggerY, 5, 4, mathx.R(0, 0, 352, 80)},
		{StaggerX, 1, 5, mathx.R(0, 0, 64, 160)},
		{StaggerX, 4, 5, mathx.R(0, 0, 160, 176)},
	}
	for _, c := range cases {
		for _, ix := range []StaggerIndex{StaggerOdd, StaggerEven} {
			g, _ := NewStaggered(p, c.cols, c.rows, c.axis, ix)
			if b := g.Bounds(); b != c.want {
				t.Errorf("axis %d %dx%d: bounds %v, want %v", c.axis, c.cols, c.rows, b, c.want)
			}
			if c.cols == 1 || c.rows == 1 {
				continue // a lone shifted row sticks out, as in Tiled
			}
			for row := 0; row < c.rows; row++ {
				for col := 0; col < c.cols; col++ {
					if tb := g.TileBounds(col, row, 0); tb.Intersect(g.Bounds()) != tb {
						t.Errorf("tile %d,%d %v outside %v", col, row, tb, g.Bounds())
					}
				}
			}
		}
	}
	d, _ := NewDiamond(p, 3, 5)
	if b := d.Bounds(); b != mathx.R(0, 0, 256, 128) {
		t.Errorf("diamond bounds %v", b)
	}
}

// TestOddDiamond: a diamond grid of odd tile sizes (as a Tiled isometric
// map of 111×55 tiles) puts cell corners at ⌊(i−j)·W/2⌋, ⌊(i+j)·H/2⌋ from
// Tiled's origin, culls no visible tile, and picks every pixel's cell.
func TestOddDiamond(t *testing.T) {
	p, err := NewOddProjection(111, 55, 55)
	if err != nil {
		t.Fatal(err)
	}
	g, err := NewDiamond(p, 7, 9)
	if err != nil {
		t.Fatal(err)
	}
	originX := 9 * 111 / 2 // Tiled: map height × tile width / 2, in ints
	for i := 0; i < 7; i++ {
		for j := 0; j < 9; j++ {
			b := g.TileBounds(i, j, 0)
			wantX := originX + floorDivInt((i-j)*111, 2) - 111/2
			wantY := floorDivInt((i+j)*55, 2)
			if b.Min.X != wantX || b.Min.Y != wantY || b.Dx() != 111 || b.Dy() != 55 {
				t.Fatalf("tile %d,%d box %v, want min (%d,%d) 111×55", i, j, b, wantX, wantY)
			}
		}
	}
	// Culling keeps every tile whose box meets the view.
	for _, view := range []mathx.Rect{mathx.R(0, 0, 300, 200), mathx.R(333, 111, 777, 301), mathx.R(-50, -50, 2000, 2000)} {
		got := map[[2]int]bool{}
		for _, tl := range g.AppendVisible(nil, view, Overdraw{}) {
			got[[2]int{tl.Col, tl.Row}] = true
		}
		for i := 0; i < 7; i++ {
			for j := 0; j < 9; j++ {
				if g.TileBounds(i, j, 0).Overlaps(view) && !got[[2]int{i, j}] {
					t.Fatalf("view %v: tile %d,%d culled", view, i, j)
				}
			}
		}
	}
	// Picking: a pixel inside a diamond's inner part belongs to its cell.
	c := g.TileBounds(3, 4, 0)
	cx, cy := (c.Min.X+c.Max.X)/2, (c.Min.Y+c.Max.Y)/2
	if col, row, ok := g.PickPixel(cx, cy, 0); !ok || col != 3 || row != 4 {
		t.Fatalf("centre of tile 3,4 picked %d,%d %v", col, row, ok)
	}
}

// WorldDir turns a screen direction into the floor direction drawn that
// way, keeping its length: on a 2:1 diamond grid screen right is world
// (1, −1) scaled to the length, and zero stays zero.
func TestWorldDir(t *testing.T) {
	p, _ := Dimetric(64)
	g, _ := NewDiamond(p, 8, 8)
	h := 1 / math.Sqrt2
	if d := g.WorldDir(mathx.V2(2, 0)); !d.ApproxEqual(mathx.V2(2*h, -2*h), 1e-12) {
		t.Errorf("screen right: %v", d)
	}
	if d := g.WorldDir(mathx.Vec2{}); d != (mathx.Vec2{}) {
		t.Errorf("zero: %v", d)
	}
	if s := g.ScreenVec(mathx.V3(g.WorldDir(mathx.V2(0, 3)).X, g.WorldDir(mathx.V2(0, 3)).Y, 0)); s.X != 0 || s.Y <= 0 {
		t.Errorf("screen down drawn as %v", s)
	}
}
