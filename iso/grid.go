package iso

import (
	"fmt"
	"math"

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
	// Orthogonal is Tiled's "orthogonal" orientation: a top-down grid of
	// TileW × TileH rectangles; tile (col, row) is world cell (col, row)
	// and world (x, y, z) is map pixel (x·TileW, y·TileH − z·ZPixels).
	// Tiles are drawn in the grid's [RenderOrder].
	Orthogonal
	// Hexagonal is Tiled's "hexagonal" orientation: hexagons with sides
	// of HexSide pixels along the stagger axis, every other row (or
	// column) shifted by half a tile plus half the side. The hexagon
	// centres form a diamond lattice (see [NewHexagonal]), so tiles map to
	// world cells as on a staggered map.
	Hexagonal
)

// RenderOrder is Tiled's renderorder for orthogonal maps: the direction in
// which rows are walked (down or up) and each row is walked (right or
// left) when drawing. It matters when tile images are larger than the
// grid.
type RenderOrder uint8

const (
	// RightDown draws rows top to bottom, each left to right (Tiled's
	// default, "right-down").
	RightDown RenderOrder = iota
	// RightUp draws rows bottom to top, each left to right.
	RightUp
	// LeftDown draws rows top to bottom, each right to left.
	LeftDown
	// LeftUp draws rows bottom to top, each right to left.
	LeftUp
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

// Grid is a map of Cols × Rows tiles in one layout over a projection. In
// every layout each map tile is exactly one world cell (i, j), so picking,
// physics cells and world maths only depend on the layout through the
// tile ↔ cell indexing, the world ↔ screen mapping and the screen origin.
//
// Diamond, Staggered and Hexagonal maps share the diamond lattice of Proj
// (for Hexagonal, Proj is the lattice of hexagon centres, not the tile
// image size; see [NewHexagonal]) and are depth-sorted as 3D boxes.
// Orthogonal maps are top-down: world x and y are scaled to TileW and TileH
// pixels; Proj only carries the tile size and height scale. On Orthogonal
// and Hexagonal maps objects are drawn in ground-line order, as Tiled
// draws object layers: see [Grid.GroundOrder].
//
// Screen (map-pixel) space of a Grid puts the map's bounding box at the
// origin, as Tiled does: for a diamond map the leftmost corner is at x = 0
// (the world origin is at x = Rows·TileW/2), for staggered, hexagonal and
// orthogonal maps tile (0, 0)'s bounding box starts at (0, 0).
type Grid struct {
	Proj   Projection
	Layout Layout
	Axis   StaggerAxis  // Staggered and Hexagonal
	Index  StaggerIndex // Staggered and Hexagonal
	// Order is the tile draw order of an Orthogonal map.
	Order RenderOrder
	// HexSide is Tiled's hexsidelength of a Hexagonal map, in pixels.
	HexSide int
	// SkewX and SkewY shear an oblique map (an Orthogonal one made by
	// NewOblique): each row SkewX pixels right of the last, each column
	// SkewY pixels below the last.
	SkewX, SkewY int
	Cols, Rows   int
	origin       mathx.Point // map-pixel position of world (0,0,0)
	tw, th       int         // a tile's box (image anchor) size in pixels
	// boxOff is a tile box's top-left corner relative to the map pixel of
	// its cell's top corner (the cell's (i, j) world point), at zpix 0.
	boxOff mathx.Point
	hex    [6]hexEdge // Hexagonal: the hexagon's edges around its centre
	// half moves world points on screen by half a pixel: a Hexagonal map
	// with an odd side has its hexagon centres between pixels.
	half mathx.Vec2
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
	check := NewProjection
	if l == Diamond {
		check = NewOddProjection // diamond grids take odd sizes too
	}
	if _, err := check(p.TileW, p.TileH, p.ZPixels); err != nil {
		return nil, err
	}
	if err := checkMapSize(cols, rows); err != nil {
		return nil, err
	}
	if a > StaggerX || ix > StaggerEven || l > Staggered {
		return nil, fmt.Errorf("iso: unknown layout %d / stagger axis %d / index %d", l, a, ix)
	}
	g := &Grid{Proj: p, Layout: l, Axis: a, Index: ix, Cols: cols, Rows: rows, tw: p.TileW, th: p.TileH}
	g.origin = latticeOrigin(p, l, a, ix, rows)
	g.boxOff = mathx.Point{X: -p.TileW / 2}
	return g, nil
}

// latticeOrigin is the map-pixel position of world (0, 0) that puts a
// diamond or staggered map's bounding box at the origin.
func latticeOrigin(p Projection, l Layout, a StaggerAxis, ix StaggerIndex, rows int) mathx.Point {
	hw, hh := p.TileW/2, p.TileH/2
	e := int(ix) // 1 for even
	switch {
	case l == Diamond:
		return mathx.Point{X: rows * p.TileW / 2} // Tiled's originX, rounded down
	case a == StaggerY:
		return mathx.Point{X: (1 + e) * hw}
	default:
		return mathx.Point{X: hw, Y: e * hh}
	}
}

// TileSize returns the size in pixels of a tile's box, where tile images
// are anchored: the diamond for Diamond and Staggered maps, the rectangle
// for Orthogonal maps, the hexagon's bounding box for Hexagonal maps.
func (g *Grid) TileSize() (w, h int) { return g.tw, g.th }

// GroundOrder reports whether objects on this map are drawn in
// ground-line order (Orthogonal and Hexagonal maps, as Tiled's top-down
// object order) rather than by 3D box dependencies.
func (g *Grid) GroundOrder() bool { return g.Layout == Orthogonal || g.Layout == Hexagonal }

// Origin returns the map-pixel position of the world origin.
func (g *Grid) Origin() mathx.Point { return g.origin }

// Bounds returns the map's bounding box in map-pixel space for flat tiles
// (elevation and tall images extend it; see [Overdraw]).
func (g *Grid) Bounds() mathx.Rect {
	p := g.Proj
	switch g.Layout {
	case Orthogonal:
		// The (sheared) map rectangle's corners, as Tiled's
		// mapBoundingRect.
		w, h := g.Cols*g.tw, g.Rows*g.th
		sx, sy := g.Rows*g.SkewX, g.Cols*g.SkewY
		return mathx.R(min(0, sx), min(0, sy), w+max(0, sx), h+max(0, sy))
	case Hexagonal:
		return g.hexBounds()
	}
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

// FitCamera keeps c inside the map's real shape: the diamond of a
// Diamond map (not its bounding box's empty corners), a staggered map's
// box without its zig-zag half-tile edges, the bounds of the others
// (flat tiles; elevation and tall images are not counted). It sets
// c.Limits and c.Diamond and clamps c now.
func (g *Grid) FitCamera(c *Camera) {
	b := g.Bounds()
	c.Diamond = g.Layout == Diamond
	if g.Layout == Staggered {
		hw, hh := g.Proj.TileW/2, g.Proj.TileH/2
		if b.Dx() > 2*hw && b.Dy() > 2*hh {
			b = mathx.R(b.Min.X+hw, b.Min.Y+hh, b.Max.X-hw, b.Max.Y-hh)
		}
	}
	c.Limits = b
	c.Clamp()
}

func (g *Grid) shifted(n int) int {
	// Tiled: doStagger(n) = (n & 1) ^ staggerEven.
	return (n & 1) ^ int(g.Index)
}

// TileCell returns the world cell of map tile (col, row). Any integer
// input is mapped (tiles outside the map have cells too).
func (g *Grid) TileCell(col, row int) (i, j int) {
	if g.Layout == Diamond || g.Layout == Orthogonal {
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
	if g.Layout == Diamond || g.Layout == Orthogonal {
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
	if g.Layout == Orthogonal {
		return mathx.Vec2{X: w.X*float64(g.tw) + w.Y*float64(g.SkewX), Y: w.Y*float64(g.th) + w.X*float64(g.SkewY) - w.Z*float64(g.Proj.ZPixels)}
	}
	return g.Proj.ToScreen(w).Add(g.origin.Vec()).Add(g.half)
}

// ToWorld is the inverse of [Grid.ToScreen] on the plane at height z.
func (g *Grid) ToWorld(s mathx.Vec2, z float64) mathx.Vec3 {
	if g.Layout == Orthogonal {
		sy := s.Y + z*float64(g.Proj.ZPixels)
		if g.SkewX == 0 && g.SkewY == 0 {
			return mathx.Vec3{X: s.X / float64(g.tw), Y: sy / float64(g.th), Z: z}
		}
		d := float64(g.det())
		return mathx.Vec3{X: (float64(g.th)*s.X - float64(g.SkewX)*sy) / d, Y: (float64(g.tw)*sy - float64(g.SkewY)*s.X) / d, Z: z}
	}
	return g.Proj.ToWorld(s.Sub(g.origin.Vec()).Sub(g.half), z)
}

// ScreenVec returns the map-pixel displacement of world displacement d
// (a direction or a velocity projected to the screen).
func (g *Grid) ScreenVec(d mathx.Vec3) mathx.Vec2 {
	if g.Layout == Orthogonal {
		return g.ToScreen(d)
	}
	return g.Proj.ToScreen(d)
}

// WorldVec returns the world displacement on a horizontal plane that
// projects to map-pixel displacement d (the inverse of [Grid.ScreenVec]
// at constant height).
func (g *Grid) WorldVec(d mathx.Vec2) mathx.Vec2 {
	if g.Layout == Orthogonal {
		return g.ToWorld(d, 0).XY()
	}
	return g.Proj.ToWorld(d, 0).XY()
}

// WorldDir returns the world direction that is drawn along screen
// direction d, as long as d (zero for a zero or degenerate d): a stick or
// arrow-key direction turned into a direction on the floor.
func (g *Grid) WorldDir(d mathx.Vec2) mathx.Vec2 {
	w := g.WorldVec(d)
	if l, wl := d.Len(), w.Len(); l > 0 && wl > 0 {
		return w.Scale(l / wl)
	}
	return mathx.Vec2{}
}

// TileBounds returns the bounding rectangle (TileW × TileH, exact) of map
// tile (col, row)'s diamond at elevation zpix pixels. For staggered maps
// this is Tiled's tileToScreenCoords: (col·TileW [+TileW/2 when shifted],
// row·TileH/2) for stagger axis y.
//
// For orthogonal maps it is the TileW × TileH rectangle at (col·TileW,
// row·TileH) (on oblique maps hanging from the tile's sheared bottom-left
// corner); for hexagonal maps the hexagon's TileW × TileH bounding box
// at Tiled's tileToScreenCoords.
func (g *Grid) TileBounds(col, row, zpix int) mathx.Rect {
	i, j := g.TileCell(col, row)
	var c mathx.Point
	if g.Layout == Orthogonal {
		// An oblique tile's image hangs from its cell's bottom-left
		// corner, (i, j+1) sheared, as Tiled draws it.
		c = mathx.Point{X: i*g.tw + (j+1)*g.SkewX, Y: j*g.th + i*g.SkewY - zpix}
	} else {
		c = g.Proj.CellCorner(i, j, zpix).Add(g.origin)
	}
	min := c.Add(g.boxOff)
	return mathx.Rect{Min: min, Max: min.Add(mathx.Point{X: g.tw, Y: g.th})}
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
	if g.Layout == Orthogonal || g.Layout == Hexagonal {
		const lim = min(1<<40, math.MaxInt/2) // 2^40; 2^30 with a 32-bit int
		px, py, zpix = min(max(px, -lim), lim), min(max(py, -lim), lim), min(max(zpix, -lim), lim)
		// The pixel's centre in 1/SubPixel units.
		col, row = g.pickFixed(int64(px)*SubPixel+SubPixel/2, (int64(py)+int64(zpix))*SubPixel+SubPixel/2)
		return col, row, g.InMap(col, row)
	}
	i, j := g.Proj.PixelCell(px-g.origin.X, py-g.origin.Y, zpix)
	col, row = g.CellTile(i, j)
	return col, row, g.InMap(col, row)
}

// Pick returns the map tile under map-pixel point s (sub-pixel, for mouse
// and touch) on the plane lifted by zpix pixels; ok is false outside the
// map or for non-finite input.
func (g *Grid) Pick(s mathx.Vec2, zpix int) (col, row int, ok bool) {
	if g.Layout == Orthogonal || g.Layout == Hexagonal {
		const lim = min(1<<40, math.MaxInt/2) // 2^40; 2^30 with a 32-bit int
		if !(s.X > -lim && s.X < lim && s.Y > -lim && s.Y < lim) || zpix < -lim || zpix > lim {
			return 0, 0, false
		}
		col, row = g.pickFixed(int64(math.Floor(s.X*SubPixel)), int64(math.Floor(s.Y*SubPixel))+int64(zpix)*SubPixel)
		return col, row, g.InMap(col, row)
	}
	i, j, fine := g.Proj.PointCell(s.Sub(g.origin.Vec()), zpix)
	if !fine {
		return 0, 0, false
	}
	col, row = g.CellTile(i, j)
	return col, row, g.InMap(col, row)
}
