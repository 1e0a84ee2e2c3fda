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
// for a tile layer (libtiled draws in the same order: for staggered and
// hexagonal maps that is row by row, and with StaggerX each row's upper
// columns before its shifted ones). On Orthogonal maps tiles come in the
// grid's render order (rows down or up, each right or left), as Tiled
// draws them.
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
	if g.Layout == Orthogonal {
		return g.appendVisibleOrtho(dst, view, od)
	}
	// Only the part of the view that can show map tiles matters (plus half
	// a tile: a lone shifted staggered row sticks out of Bounds).
	b := g.Bounds()
	b.Min.X -= od.Side + g.tw/2
	b.Max.X += od.Side + g.tw/2
	b.Min.Y -= od.Up + g.th/2
	b.Max.Y += od.Down + g.th/2
	view = view.Intersect(b)
	if view.Empty() {
		return dst
	}
	hw, hh := g.Proj.TileW/2, g.Proj.TileH/2
	// Cell (i, j) with d = i−j, s = i+j has its tile box at x ∈ [d·hw+bx,
	// d·hw+bx+tw), y ∈ [s·hh+by, s·hh+by+th); widened by od it overlaps
	// view when:
	bx, by := g.origin.X+g.boxOff.X, g.origin.Y+g.boxOff.Y
	dMin := floorDivInt(view.Min.X-bx-g.tw-od.Side, hw) + 1
	dMax := ceilDivInt(view.Max.X-bx+od.Side, hw) - 1
	sMin := floorDivInt(view.Min.Y-by-g.th-od.Down, hh) + 1
	sMax := ceilDivInt(view.Max.Y-by+od.Up, hh) - 1
	if g.Proj.odd() {
		// Corners at ⌊d·TileW/2⌋: solve in doubled units, with a cell of
		// margin for the rounding (drawing clips what is not visible).
		dMin = floorDivInt(2*(view.Min.X-bx-g.tw-od.Side), g.Proj.TileW)
		dMax = ceilDivInt(2*(view.Max.X-bx+od.Side)+1, g.Proj.TileW)
		sMin = floorDivInt(2*(view.Min.Y-by-g.th-od.Down), g.Proj.TileH)
		sMax = ceilDivInt(2*(view.Max.Y-by+od.Up)+1, g.Proj.TileH)
	}
	diamond := g.Layout == Diamond
	if diamond {
		sMin = max(sMin, 0)
		sMax = min(sMax, g.Cols+g.Rows-2)
	}
	e := int(g.Index)
	for s := sMin; s <= sMax; s++ {
		lo, hi := dMin, dMax
		switch {
		case diamond:
			// 0 ≤ i = (s+d)/2 < Cols and 0 ≤ j = (s−d)/2 < Rows.
			lo = max(lo, -s, s-2*(g.Rows-1))
			hi = min(hi, s, 2*(g.Cols-1)-s)
		case g.Axis == StaggerY:
			// Row s; d = 2·col + shifted(s) − e with 0 ≤ col < Cols.
			if s < 0 || s >= g.Rows {
				continue
			}
			sh := g.shifted(s) - e
			lo = max(lo, sh)
			hi = min(hi, 2*(g.Cols-1)+sh)
		default:
			// Column d; s = 2·row + shifted(d) − e.
			lo = max(lo, 0)
			hi = min(hi, g.Cols-1)
		}
		if (lo-s)&1 != 0 { // d and s have the same parity
			lo++
		}
		for d := lo; d <= hi; d += 2 {
			switch {
			case diamond:
				dst = append(dst, Tile{Col: (s + d) >> 1, Row: (s - d) >> 1})
			case g.Axis == StaggerY:
				dst = append(dst, Tile{Col: (d - g.shifted(s) + e) >> 1, Row: s})
			default:
				if r := (s - g.shifted(d) + e) >> 1; r >= 0 && r < g.Rows {
					dst = append(dst, Tile{Col: d, Row: r})
				}
			}
		}
	}
	return dst
}

func ceilDivInt(a, b int) int { return -floorDivInt(-a, b) }
