package iso

import (
	"fmt"

	"diorama/mathx"
)

// Layout says how map tiles (col, row) are laid out on screen.
type Layout uint8

const (
	// Diamond is Tiled's "isometric" orientation: the map is one big
	// diamond; tile (col, row) is world cell (col, row).
	Diamond Layout = iota
	// Staggered is Tiled's "staggered" orientation: diamonds in a
	// rectangular map, every other row (or column) shifted by half a tile.
	Staggered
)

// StaggerAxis is Tiled's staggeraxis: which axis is staggered.
type StaggerAxis uint8

const (
	// StaggerY shifts every other row right by half a tile width; rows are
	// TileH/2 apart (Tiled's default, staggeraxis="y").
	StaggerY StaggerAxis = iota
	// StaggerX shifts every other column down by half a tile height;
	// columns are TileW/2 apart (staggeraxis="x").
	StaggerX
)

// StaggerIndex is Tiled's staggerindex: whether the odd or the even rows
// (or columns) are the shifted ones.
type StaggerIndex uint8

const (
	// StaggerOdd shifts odd rows/columns (Tiled's default).
	StaggerOdd StaggerIndex = iota
	// StaggerEven shifts even rows/columns.
	StaggerEven
)

// MaxMapSide is the largest map width or height in tiles a [Grid] accepts.
const MaxMapSide = 1 << 20

// Grid is a map of Cols × Rows tiles in one layout over a projection. All
// layouts share one world lattice: every map tile is exactly one world cell
// (i, j), so depth sorting, picking and world maths never depend on the
// layout; only the tile ↔ cell indexing and the screen origin do.
//
// Screen (map-pixel) space of a Grid puts the map's bounding box at the
// origin, as Tiled does: for a diamond map the leftmost corner is at x = 0
// (the world origin is at x = Rows·TileW/2), for staggered maps tile (0, 0)'s
// bounding box starts at (0, 0).
type Grid struct {
	Proj       Projection
	Layout     Layout
	Axis       StaggerAxis
	Index      StaggerIndex
	Cols, Rows int
	origin     mathx.Point // map-pixel position of world (0,0,0)
}

// NewDiamond returns a diamond (Tiled isometric) map of cols × rows tiles.
func NewDiamond(p Projection, cols, rows int) (*Grid, error) {
	return newGrid(p, Diamond, StaggerY, StaggerOdd, cols, rows)
}

// NewStaggered returns a staggered map of cols × rows tiles with Tiled's
// stagger axis and index.
func NewStaggered(p Projection, cols, rows int, axis StaggerAxis, index StaggerIndex) (*Grid, error) {
	return newGrid(p, Staggered, axis, index, cols, rows)
}

func newGrid(p Projection, l Layout, a StaggerAxis, ix StaggerIndex, cols, rows int) (*Grid, error) {
	if _, err := NewProjection(p.TileW, p.TileH, p.ZPixels); err != nil {
		return nil, err
	}
	if cols <= 0 || rows <= 0 || cols > MaxMapSide || rows > MaxMapSide {
		return nil, fmt.Errorf("iso: map size %d×%d out of range (1..%d tiles a side)", cols, rows, MaxMapSide)
	}
	if a > StaggerX || ix > StaggerEven || l > Staggered {
		return nil, fmt.Errorf("iso: unknown layout %d / stagger axis %d / index %d", l, a, ix)
	}
	g := &Grid{Proj: p, Layout: l, Axis: a, Index: ix, Cols: cols, Rows: rows}
	hw, hh := p.TileW/2, p.TileH/2
	e := int(ix) // 1 for even
	switch {
	case l == Diamond:
		g.origin = mathx.Point{X: rows * hw}
	case a == StaggerY:
		g.origin = mathx.Point{X: (1 + e) * hw}
	default:
		g.origin = mathx.Point{X: hw, Y: e * hh}
	}
	return g, nil
}

// Origin returns the map-pixel position of the world origin.
func (g *Grid) Origin() mathx.Point { return g.origin }

// Bounds returns the map's bounding box in map-pixel space for flat tiles
// (elevation and tall images extend it; see [Overdraw]).
func (g *Grid) Bounds() mathx.Rect {
	p := g.Proj
	if g.Layout == Diamond {
		return mathx.R(0, 0, (g.Cols+g.Rows)*p.TileW/2, (g.Cols+g.Rows)*p.TileH/2)
	}
	// As Tiled's mapBoundingRect: the half-tile shift only widens the map
	// when there is a second row (column) to shift.
	if g.Axis == StaggerY {
		w := g.Cols * p.TileW
		if g.Rows > 1 {
			w += p.TileW / 2
		}
		return mathx.R(0, 0, w, (g.Rows+1)*p.TileH/2)
	}
	h := g.Rows * p.TileH
	if g.Cols > 1 {
		h += p.TileH / 2
	}
	return mathx.R(0, 0, (g.Cols+1)*p.TileW/2, h)
}

func (g *Grid) shifted(n int) int {
	// Tiled: doStagger(n) = (n & 1) ^ staggerEven.
	return (n & 1) ^ int(g.Index)
}

// TileCell returns the world cell of map tile (col, row). Any integer
// input is mapped (tiles outside the map have cells too).
func (g *Grid) TileCell(col, row int) (i, j int) {
	if g.Layout == Diamond {
		return col, row
	}
	e := int(g.Index)
	var d, s int // i−j and i+j
	if g.Axis == StaggerY {
		d, s = 2*col+g.shifted(row)-e, row
	} else {
		d, s = col, 2*row+g.shifted(col)-e
	}
	return floorDivInt(s+d, 2), floorDivInt(s-d, 2)
}

// CellTile returns the map tile (col, row) of world cell (i, j); the
// inverse of [Grid.TileCell].
func (g *Grid) CellTile(i, j int) (col, row int) {
	if g.Layout == Diamond {
		return i, j
	}
	e := int(g.Index)
	d, s := i-j, i+j
	if g.Axis == StaggerY {
		row = s
		return floorDivInt(d-g.shifted(row)+e, 2), row
	}
	col = d
	return col, floorDivInt(s-g.shifted(col)+e, 2)
}

// InMap reports whether (col, row) is a tile of the map.
func (g *Grid) InMap(col, row int) bool {
	return col >= 0 && row >= 0 && col < g.Cols && row < g.Rows
}

// ToScreen projects a world point to the grid's map-pixel space.
func (g *Grid) ToScreen(w mathx.Vec3) mathx.Vec2 {
	return g.Proj.ToScreen(w).Add(g.origin.Vec())
}

// ToWorld is the inverse of [Grid.ToScreen] on the plane at height z.
func (g *Grid) ToWorld(s mathx.Vec2, z float64) mathx.Vec3 {
	return g.Proj.ToWorld(s.Sub(g.origin.Vec()), z)
}

// TileBounds returns the bounding rectangle (TileW × TileH, exact) of map
// tile (col, row)'s diamond at elevation zpix pixels. For staggered maps
// this is Tiled's tileToScreenCoords: (col·TileW [+TileW/2 when shifted],
// row·TileH/2) for stagger axis y.
func (g *Grid) TileBounds(col, row, zpix int) mathx.Rect {
	i, j := g.TileCell(col, row)
	return g.Proj.CellBounds(i, j, zpix).Add(g.origin)
}

// TileCenter returns the world position of the centre of tile (col, row)'s
// floor at height z.
func (g *Grid) TileCenter(col, row int, z float64) mathx.Vec3 {
	i, j := g.TileCell(col, row)
	return mathx.Vec3{X: float64(i) + 0.5, Y: float64(j) + 0.5, Z: z}
}

// PickPixel returns the map tile owning map pixel (px, py) on the plane
// lifted by zpix pixels, exactly (see [Projection.PixelCell]); ok is false
// when that tile is outside the map.
func (g *Grid) PickPixel(px, py, zpix int) (col, row int, ok bool) {
	i, j := g.Proj.PixelCell(px-g.origin.X, py-g.origin.Y, zpix)
	col, row = g.CellTile(i, j)
	return col, row, g.InMap(col, row)
}

// Pick returns the map tile under map-pixel point s (sub-pixel, for mouse
// and touch) on the plane lifted by zpix pixels; ok is false outside the
// map or for non-finite input.
func (g *Grid) Pick(s mathx.Vec2, zpix int) (col, row int, ok bool) {
	i, j, fine := g.Proj.PointCell(s.Sub(g.origin.Vec()), zpix)
	if !fine {
		return 0, 0, false
	}
	col, row = g.CellTile(i, j)
	return col, row, g.InMap(col, row)
}
