package iso

import "diorama/mathx"

// Tile names one map tile.
type Tile struct{ Col, Row int }

// Overdraw says how far, in map pixels, a layer's tile images may reach
// outside a tile's TileW × TileH diamond box: Up for tall images and
// elevation, Down for images hanging below, Side for wide images. Culling
// widens its test by these margins so nothing visible is dropped.
type Overdraw struct{ Up, Down, Side int }

// AppendVisible appends to dst every map tile whose image box (diamond
// bounds widened by od) overlaps view, a rectangle in map-pixel space, and
// returns the extended slice. Tiles come back to front: in increasing
// i+j (world cell) order, then increasing i−j, which is the painter's order
// for a tile layer (libtiled draws in the same order).
//
// The cost is proportional to the number of tiles on screen, never to the
// map size: the range of cells is computed from the view, and only those
// cells are visited. With a reused dst it does not allocate.
func (g *Grid) AppendVisible(dst []Tile, view mathx.Rect, od Overdraw) []Tile {
	if od.Up < 0 {
		od.Up = 0
	}
	if od.Down < 0 {
		od.Down = 0
	}
	if od.Side < 0 {
		od.Side = 0
	}
	// Only the part of the view that can show map tiles matters (plus half
	// a tile: a lone shifted staggered row sticks out of Bounds).
	b := g.Bounds()
	b.Min.X -= od.Side + g.Proj.TileW/2
	b.Max.X += od.Side + g.Proj.TileW/2
	b.Min.Y -= od.Up + g.Proj.TileH/2
	b.Max.Y += od.Down + g.Proj.TileH/2
	view = view.Intersect(b)
	if view.Empty() {
		return dst
	}
	hw, hh := g.Proj.TileW/2, g.Proj.TileH/2
	ox, oy := g.origin.X, g.origin.Y
	// Cell (i, j) with d = i−j, s = i+j has box x ∈ [(d−1)hw+ox, (d+1)hw+ox),
	// y ∈ [s·hh+oy, (s+2)hh+oy); widened by od it overlaps view when:
	dMin := floorDivInt(view.Min.X-ox-od.Side, hw)
	dMax := ceilDivInt(view.Max.X-ox+od.Side, hw)
	sMin := floorDivInt(view.Min.Y-oy-od.Down, hh) - 1
	sMax := ceilDivInt(view.Max.Y-oy+od.Up, hh) - 1
	diamond := g.Layout == Diamond
	if diamond {
		sMin = max(sMin, 0)
		sMax = min(sMax, g.Cols+g.Rows-2)
	}
	for s := sMin; s <= sMax; s++ {
		lo, hi := dMin, dMax
		if diamond {
			// 0 ≤ i = (s+d)/2 < Cols and 0 ≤ j = (s−d)/2 < Rows.
			lo = max(lo, -s, s-2*(g.Rows-1))
			hi = min(hi, s, 2*(g.Cols-1)-s)
		}
		if (lo-s)&1 != 0 { // d and s have the same parity
			lo++
		}
		for d := lo; d <= hi; d += 2 {
			i, j := (s+d)>>1, (s-d)>>1
			if diamond {
				dst = append(dst, Tile{Col: i, Row: j})
				continue
			}
			c, r := g.CellTile(i, j)
			if g.InMap(c, r) {
				dst = append(dst, Tile{Col: c, Row: r})
			}
		}
	}
	return dst
}

func ceilDivInt(a, b int) int { return -floorDivInt(-a, b) }
