package iso

import (
	"testing"

	"diorama/mathx"
)

// obliqueGrids are oblique maps with skews of every sign on both axes.
func obliqueGrids(t *testing.T, cols, rows int) []*Grid {
	t.Helper()
	var gs []*Grid
	for _, s := range [][4]int{{32, 32, 16, 8}, {32, 16, -12, 0}, {20, 24, 0, -10}, {16, 16, 16, 15}, {33, 17, -5, 7}} {
		g, err := NewOblique(s[0], s[1], s[2], s[3], 16, cols, rows, RightDown)
		if err != nil {
			t.Fatal(err)
		}
		gs = append(gs, g)
	}
	return gs
}

// Oblique maps against Tiled's ObliqueRenderer: a tile's image hangs from
// its cell's bottom-left corner sheared (tileToScreenCoords(x, y+1)),
// world points go to the screen through the same shear and back, Pick
// finds the cell whose parallelogram holds the point, the bounds hold
// every cell, and culling returns exactly the tiles whose boxes meet the
// view, in render order.
func TestOblique(t *testing.T) {
	rnd := mathx.NewRand(7)
	for _, g := range obliqueGrids(t, 9, 7) {
		name := layoutName(g)
		shear := func(x, y int) mathx.Point { // Tiled's pixelToScreenCoords of pixel (x, y)
			return mathx.Pt(x+y*g.SkewX/g.th, y+x*g.SkewY/g.tw)
		}
		b := g.Bounds()
		for row := 0; row < g.Rows; row++ {
			for col := 0; col < g.Cols; col++ {
				bl := shear(col*g.tw, (row+1)*g.th)
				if tb := g.TileBounds(col, row, 0); tb.Min != bl.Sub(mathx.Pt(0, g.th)) || tb.Dx() != g.tw || tb.Dy() != g.th {
					t.Fatalf("%s: tile (%d,%d) box %v, Tiled's bottom-left %v", name, col, row, tb, bl)
				}
				for _, c := range []mathx.Point{shear(col*g.tw, row*g.th), shear((col+1)*g.tw, (row+1)*g.th)} {
					if !c.In(mathx.Rect{Min: b.Min, Max: b.Max.Add(mathx.Pt(1, 1))}) {
						t.Fatalf("%s: corner %v outside the bounds %v", name, c, b)
					}
				}
				for range 4 {
					w := mathx.V3(float64(col)+0.02+0.96*rnd.Float64(), float64(row)+0.02+0.96*rnd.Float64(), 0)
					s := g.ToScreen(w)
					if back := g.ToWorld(s, 0); back.Sub(w).Len() > 1e-9 {
						t.Fatalf("%s: world %v → %v → %v", name, w, s, back)
					}
					if c, r, ok := g.Pick(s, 0); !ok || c != col || r != row {
						t.Fatalf("%s: Pick(%v) (world %v) = %d,%d,%v", name, s, w, c, r, ok)
					}
				}
			}
		}
		if s := g.ToScreen(mathx.V3(1, 2, 0.5)); s != mathx.V2(float64(g.tw+2*g.SkewX), float64(2*g.th+g.SkewY-8)) {
			t.Errorf("%s: world (1, 2, 0.5) at %v", name, s)
		}
		var got []Tile
		for k := 0; k < 200; k++ {
			view, od := randomView(rnd, b)
			got = g.AppendVisible(got[:0], view, od)
			want := bruteVisible(g, view, od)
			if len(got) != len(want) {
				t.Fatalf("%s view %v od %+v: %d tiles, want %d", name, view, od, len(got), len(want))
			}
			for n, tl := range got {
				if !want[tl] {
					t.Fatalf("%s: tile %v not visible", name, tl)
				}
				if n > 0 && (tl.Row < got[n-1].Row || tl.Row == got[n-1].Row && tl.Col <= got[n-1].Col) {
					t.Fatalf("%s: %v after %v, not in render order", name, tl, got[n-1])
				}
			}
		}
	}
	for _, bad := range [][4]int{{16, 16, 16, 16}, {16, 16, 32, 9}, {8, 8, 5000, 0}} {
		if _, err := NewOblique(bad[0], bad[1], bad[2], bad[3], 16, 4, 4, RightDown); err == nil {
			t.Errorf("skew %v accepted", bad)
		}
	}
}
