package iso

import (
	"fmt"

	"diorama/mathx"
)

// NewOrthogonal returns an orthogonal (top-down) map of cols × rows tiles
// of tileW × tileH pixels (any size 1..4096, as Tiled allows), with one
// world unit of height drawn as zPixels pixels, drawn in render order
// order. Tile (col, row) covers map pixels (col·tileW, row·tileH) to
// ((col+1)·tileW, (row+1)·tileH), as in Tiled.
func NewOrthogonal(tileW, tileH, zPixels, cols, rows int, order RenderOrder) (*Grid, error) {
	if tileW <= 0 || tileH <= 0 || tileW > maxTileSide || tileH > maxTileSide {
		return nil, fmt.Errorf("iso: orthogonal tile size %d×%d must be positive and at most %d", tileW, tileH, maxTileSide)
	}
	if err := checkZPixels(zPixels); err != nil {
		return nil, err
	}
	if err := checkMapSize(cols, rows); err != nil {
		return nil, err
	}
	if order > LeftUp {
		return nil, fmt.Errorf("iso: unknown render order %d", order)
	}
	return &Grid{
		Proj:   Projection{TileW: tileW, TileH: tileH, ZPixels: zPixels},
		Layout: Orthogonal, Order: order, Cols: cols, Rows: rows, tw: tileW, th: tileH,
	}, nil
}

// NewOblique returns an oblique map (Tiled 1.12's "oblique" orientation):
// an orthogonal map of cols × rows tiles of tileW × tileH pixels whose
// grid is sheared, each row skewX pixels further right and each column
// skewY pixels further down than the last, so tiles are parallelograms.
// Tile images are drawn unsheared, their bottom-left corner on the
// corner of the tile's parallelogram, as Tiled draws them. The shear must
// keep the grid from folding: tileW·tileH > skewX·skewY.
func NewOblique(tileW, tileH, skewX, skewY, zPixels, cols, rows int, order RenderOrder) (*Grid, error) {
	g, err := NewOrthogonal(tileW, tileH, zPixels, cols, rows, order)
	if err != nil {
		return nil, err
	}
	if skewX < -maxTileSide || skewX > maxTileSide || skewY < -maxTileSide || skewY > maxTileSide ||
		int64(tileW)*int64(tileH) <= int64(skewX)*int64(skewY) {
		return nil, fmt.Errorf("iso: oblique skew %d, %d for %d×%d tiles folds the grid (need |skew| ≤ %d and skewX·skewY < tileW·tileH)", skewX, skewY, tileW, tileH, maxTileSide)
	}
	g.SkewX, g.SkewY = skewX, skewY
	return g, nil
}

// det is the oblique shear's determinant in pixels², tileW·tileH −
// skewX·skewY (positive; tileW·tileH on orthogonal maps).
func (g *Grid) det() int64 { return int64(g.tw)*int64(g.th) - int64(g.SkewX)*int64(g.SkewY) }

// NewHexagonal returns a hexagonal map of cols × rows tiles as Tiled lays
// it out: tiles of tileW × tileH pixels with hexagon sides of side pixels
// along the stagger axis (at most the tile's extent along it), every
// other row (StaggerY, pointy-top hexagons) or column (StaggerX, flat-top
// hexagons) shifted as index says. Any sizes are taken, rounded as Tiled
// (1.10.1 and later) rounds them: along the stagger axis the side offset
// is half of what the side leaves of the tile, rounded down, and the
// hexagon is two offsets plus the side long; across it the tile is
// rounded down to even. [Grid.TileSize] gives the rounded size.
//
// The hexagon centres form a diamond lattice: Proj is the projection of
// that lattice, w × (h + side) for StaggerY and (w + side) × h for
// StaggerX (w × h the rounded tile), with zPixels pixels per unit of
// height; world cell (i, j)'s centre projects to its tile's hexagon
// centre (half a pixel off the lattice's pixel grid when side is odd). A
// world unit is therefore one hexagon step along a lattice axis.
func NewHexagonal(tileW, tileH, side, zPixels, cols, rows int, axis StaggerAxis, index StaggerIndex) (*Grid, error) {
	if tileW <= 0 || tileH <= 0 || tileW > maxTileSide || tileH > maxTileSide {
		return nil, fmt.Errorf("iso: hexagonal tile size %d×%d must be positive and at most %d", tileW, tileH, maxTileSide)
	}
	if axis > StaggerX || index > StaggerEven {
		return nil, fmt.Errorf("iso: unknown stagger axis %d / index %d", axis, index)
	}
	along, across := tileH, tileW
	if axis == StaggerX {
		along, across = tileW, tileH
	}
	if side < 0 || side > along {
		return nil, fmt.Errorf("iso: hexagon side %d must be in 0..%d", side, along)
	}
	if err := checkMapSize(cols, rows); err != nil {
		return nil, err
	}
	// Tiled's HexagonalRenderer::RenderParams.
	off := (along - side) / 2
	long, wide := 2*off+side, across&^1
	tw, th, lw, lh := wide, long, wide, long+side
	if axis == StaggerX {
		tw, th, lw, lh = long, wide, long+side, wide
	}
	if long == 0 || wide == 0 {
		return nil, fmt.Errorf("iso: hexagonal tile %d×%d with side %d rounds to nothing", tileW, tileH, side)
	}
	p, err := NewProjection(lw, lh, zPixels)
	if err != nil {
		return nil, err
	}
	g := &Grid{Proj: p, Layout: Hexagonal, Axis: axis, Index: index, HexSide: side, Cols: cols, Rows: rows, tw: tw, th: th}
	o := latticeOrigin(p, Staggered, axis, index, rows)
	// Shift the lattice so that a tile's box lands where Tiled puts it
	// (the lattice cell's box is side pixels longer than the hexagon's);
	// with an odd side the hexagon's centre falls half a pixel before the
	// lattice point, and the world ↔ screen mapping says so (half).
	a := side / 2
	if axis == StaggerY {
		g.origin = o.Sub(mathx.Point{Y: a})
		g.boxOff = mathx.Point{X: -tw / 2, Y: a}
		if side%2 == 1 {
			g.half = mathx.Vec2{Y: -0.5}
		}
	} else {
		g.origin = o.Sub(mathx.Point{X: a})
		g.boxOff = mathx.Point{X: -(off + side - a)}
		if side%2 == 1 {
			g.half = mathx.Vec2{X: -0.5}
		}
	}
	g.hex = hexEdges(tw, th, side, axis)
	return g, nil
}

func checkMapSize(cols, rows int) error {
	if cols <= 0 || rows <= 0 || cols > MaxMapSide || rows > MaxMapSide {
		return fmt.Errorf("iso: map size %d×%d out of range (1..%d tiles a side)", cols, rows, MaxMapSide)
	}
	return nil
}

// hexBounds is Tiled's HexagonalRenderer::mapBoundingRect.
func (g *Grid) hexBounds() mathx.Rect {
	tw, th, s := g.tw, g.th, g.HexSide
	if g.Axis == StaggerX {
		colW := (tw-s)/2 + s
		h := g.Rows * th
		if g.Cols > 1 {
			h += th / 2
		}
		return mathx.R(0, 0, g.Cols*colW+(tw-s)/2, h)
	}
	rowH := (th-s)/2 + s
	w := g.Cols * tw
	if g.Rows > 1 {
		w += tw / 2
	}
	return mathx.R(0, 0, w, g.Rows*rowH+(th-s)/2)
}

// hexEdge is one edge of a hexagon as the half-plane N·p ≤ C, p relative
// to the hexagon's centre in 1/SubPixel pixel units.
type hexEdge struct{ nx, ny, c int64 }

// hexEdges returns Tiled's hexagon (tileToScreenPolygon) for a tile of
// tw × th pixels with sides of s pixels along the stagger axis.
func hexEdges(tw, th, s int, axis StaggerAxis) [6]hexEdge {
	const k = SubPixel
	if axis == StaggerY { // pointy top: vertical sides at x = ±tw/2
		hy, sy, wx := int64(th)*k/2, int64(s)*k/2, int64(tw)*k/2
		a := hy - sy
		return [6]hexEdge{
			{1, 0, wx}, {-1, 0, wx},
			{a, -wx, wx * hy}, {a, wx, wx * hy}, {-a, wx, wx * hy}, {-a, -wx, wx * hy},
		}
	}
	hx, sx, wy := int64(tw)*k/2, int64(s)*k/2, int64(th)*k/2
	a := hx - sx
	return [6]hexEdge{
		{0, -1, wy}, {0, 1, wy},
		{wy, -a, wy * hx}, {wy, a, wy * hx}, {-wy, a, wy * hx}, {-wy, -a, wy * hx},
	}
}

// hexOwns reports whether the point (x, y) (relative to a hexagon's
// centre, 1/SubPixel units) belongs to the hexagon. A point on an edge
// belongs to the hexagon on the edge's right side, or below it for a
// horizontal edge (the point is nudged by (ε, ε²)), so that the hexagons
// of a map partition the plane: every point belongs to exactly one.
func (g *Grid) hexOwns(x, y int64) bool {
	for _, e := range g.hex {
		f := e.nx*x + e.ny*y - e.c
		if f > 0 || (f == 0 && (e.nx > 0 || (e.nx == 0 && e.ny > 0))) {
			return false
		}
	}
	return true
}

// pickFixed returns the tile owning map-pixel point (x, y) given in
// 1/SubPixel units, for Orthogonal and Hexagonal maps. Integer arithmetic
// only; |x|, |y| ≤ 2^48.
func (g *Grid) pickFixed(x, y int64) (col, row int) {
	const k = SubPixel
	if g.Layout == Orthogonal {
		if g.SkewX == 0 && g.SkewY == 0 {
			return int(floorDiv(x, int64(g.tw)*k)), int(floorDiv(y, int64(g.th)*k))
		}
		// Oblique: screen = (col·tw + skewX·row, row·th + skewY·col)
		// solved for (col, row), exactly.
		d := g.det() * k
		return int(floorDiv(int64(g.th)*x-int64(g.SkewX)*y, d)), int(floorDiv(int64(g.tw)*y-int64(g.SkewY)*x, d))
	}
	x -= int64(g.origin.X) * k
	y -= int64(g.origin.Y) * k
	hw, hh := int64(g.Proj.TileW/2), int64(g.Proj.TileH/2)
	// The lattice diamond centred on a hexagon's centre holds the point;
	// the hexagon owning it is that one or one of its four diamond
	// neighbours (the two neighbours across the hexagon's long sides only
	// meet this diamond at corners, which belong to other diamonds).
	den := 2 * k * hw * hh
	i := int(floorDiv(y*hw+x*hh, den))
	j := int(floorDiv(y*hw-x*hh, den))
	for _, d := range [5][2]int{{0, 0}, {-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
		ci, cj := i+d[0], j+d[1]
		cx := int64(ci-cj) * hw * k
		cy := (int64(ci+cj)*hh + hh) * k
		if g.hexOwns(x-cx-int64(g.half.X*k), y-cy-int64(g.half.Y*k)) {
			return g.CellTile(ci, cj)
		}
	}
	return g.CellTile(i, j) // not reached: the hexagons partition the plane
}

// appendVisibleOrtho is AppendVisible for Orthogonal maps, in render order.
func (g *Grid) appendVisibleOrtho(dst []Tile, view mathx.Rect, od Overdraw) []Tile {
	if view.Empty() {
		return dst
	}
	// Tile (c, r)'s box widened by od: x ∈ [c·tw − Side, (c+1)·tw + Side),
	// y ∈ [r·th − Up, (r+1)·th + Down).
	c0 := max(floorDivInt(view.Min.X-od.Side, g.tw), 0)
	c1 := min(ceilDivInt(view.Max.X+od.Side, g.tw)-1, g.Cols-1)
	r0 := max(floorDivInt(view.Min.Y-od.Down, g.th), 0)
	r1 := min(ceilDivInt(view.Max.Y+od.Up, g.th)-1, g.Rows-1)
	if g.SkewX != 0 || g.SkewY != 0 {
		// Oblique: the tiles whose corner the widened view (plus a tile
		// and a skew of margin, as boxes hang from their cell's corner)
		// can reach, from its corners taken back through the shear.
		v := mathx.Rect{Min: view.Min.Sub(mathx.Pt(od.Side+g.tw+abs(g.SkewX), od.Down+g.th+abs(g.SkewY))),
			Max: view.Max.Add(mathx.Pt(od.Side+g.tw+abs(g.SkewX), od.Up+g.th+abs(g.SkewY)))}
		c0, c1, r0, r1 = g.Cols, -1, g.Rows, -1
		for _, p := range [4]mathx.Point{v.Min, {X: v.Max.X, Y: v.Min.Y}, {X: v.Min.X, Y: v.Max.Y}, v.Max} {
			c, r := g.pickFixed(int64(p.X)*SubPixel, int64(p.Y)*SubPixel)
			c0, c1, r0, r1 = min(c0, c), max(c1, c), min(r0, r), max(r1, r)
		}
		c0, c1, r0, r1 = max(c0, 0), min(c1, g.Cols-1), max(r0, 0), min(r1, g.Rows-1)
	}
	if c0 > c1 || r0 > r1 {
		return dst
	}
	xs, xe, dx := c0, c1, 1
	if g.Order == LeftDown || g.Order == LeftUp {
		xs, xe, dx = c1, c0, -1
	}
	ys, ye, dy := r0, r1, 1
	if g.Order == RightUp || g.Order == LeftUp {
		ys, ye, dy = r1, r0, -1
	}
	skewed := g.SkewX != 0 || g.SkewY != 0
	for r := ys; ; r += dy {
		for c := xs; ; c += dx {
			if !skewed || g.obliqueBoxOverlaps(c, r, view, od) {
				dst = append(dst, Tile{Col: c, Row: r})
			}
			if c == xe {
				break
			}
		}
		if r == ye {
			break
		}
	}
	return dst
}

// obliqueBoxOverlaps reports whether tile (c, r)'s box widened by od
// overlaps view.
func (g *Grid) obliqueBoxOverlaps(c, r int, view mathx.Rect, od Overdraw) bool {
	b := g.TileBounds(c, r, 0)
	b.Min = b.Min.Sub(mathx.Pt(od.Side, od.Up))
	b.Max = b.Max.Add(mathx.Pt(od.Side, od.Down))
	return b.Overlaps(view)
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
