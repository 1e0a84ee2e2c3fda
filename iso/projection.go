package iso

import (
	"fmt"
	"math"

	"diorama/mathx"
)

// Projection maps world space to map-pixel space for a diamond lattice.
//
// World space: x and y are measured in tiles on the floor (tile (i, j)
// covers [i, i+1) × [j, j+1)), z is height in the same "tile" unit scaled
// by ZPixels on screen. World x runs to the lower right of the screen,
// world y to the lower left, z straight up, as in Tiled's isometric maps.
//
// Map-pixel space is unzoomed screen space before the camera: y grows
// downwards, and the world origin (0, 0, 0) sits at the map-pixel origin:
//
//	sx = (x − y)·TileW/2
//	sy = (x + y)·TileH/2 − z·ZPixels
//
// A [Grid] adds the layout's origin offset on top of this.
type Projection struct {
	TileW, TileH int // diamond width and height in pixels, both even and > 0
	ZPixels      int // screen pixels for one world unit of height (z = 1), > 0
}

// maxTileSide bounds tile sizes so that every exact integer computation in
// this package stays far inside int64.
const maxTileSide = 1 << 12

// Dimetric returns the 2:1 pixel-art projection (lines step 2 across, 1
// up: arctan ½ ≈ 26.565°) for tiles tileW pixels wide and tileW/2 high, with
// one unit of height drawn as tileW/2 pixels (a unit cube is tileW × tileW).
// tileW must be a positive multiple of 4.
func Dimetric(tileW int) (Projection, error) {
	if tileW <= 0 || tileW%4 != 0 {
		return Projection{}, fmt.Errorf("iso: Dimetric tile width %d must be a positive multiple of 4", tileW)
	}
	return NewProjection(tileW, tileW/2, tileW/2)
}

// TrueIsometric returns the 30° isometric projection for tiles tileH
// pixels high: the width is tileH·√3 rounded to the nearest even pixel
// count, and one unit of height is drawn as tileH pixels (the projected
// length of a cube's vertical edge equals the tile height when the width
// is exactly √3·tileH).
func TrueIsometric(tileH int) (Projection, error) {
	if tileH <= 0 || tileH%2 != 0 {
		return Projection{}, fmt.Errorf("iso: TrueIsometric tile height %d must be a positive even number", tileH)
	}
	w := 2 * int(math.Round(float64(tileH)*math.Sqrt(3)/2))
	return NewProjection(w, tileH, tileH)
}

// NewProjection validates and returns a projection for any diamond size:
// width and height even (so corners land on whole pixels) and at most 4096,
// zPixels in 1..4096.
func NewProjection(tileW, tileH, zPixels int) (Projection, error) {
	if tileW <= 0 || tileH <= 0 || tileW%2 != 0 || tileH%2 != 0 || tileW > maxTileSide || tileH > maxTileSide {
		return Projection{}, fmt.Errorf("iso: tile size %d×%d must be even, positive and at most %d", tileW, tileH, maxTileSide)
	}
	if err := checkZPixels(zPixels); err != nil {
		return Projection{}, err
	}
	return Projection{TileW: tileW, TileH: tileH, ZPixels: zPixels}, nil
}

// NewOddProjection is NewProjection for any positive size, odd ones
// included, as maps made elsewhere use (a Tiled isometric map of 111×55
// tiles). Half-pixel positions are rounded down: cell corners at
// ⌊(i−j)·TileW/2⌋, ⌊(i+j)·TileH/2⌋ (Tiled rounds them one way or the other
// by row, depending on where its drawing starts; scene's Tiled builder
// moves each tile's image there through the tile layer's offsets). Only Diamond
// grids take odd sizes; faces, walls and texture shading need even ones.
func NewOddProjection(tileW, tileH, zPixels int) (Projection, error) {
	if tileW <= 0 || tileH <= 0 || tileW > maxTileSide || tileH > maxTileSide {
		return Projection{}, fmt.Errorf("iso: tile size %d×%d must be positive and at most %d", tileW, tileH, maxTileSide)
	}
	if err := checkZPixels(zPixels); err != nil {
		return Projection{}, err
	}
	return Projection{TileW: tileW, TileH: tileH, ZPixels: zPixels}, nil
}

// odd reports whether a side of the tile is odd.
func (p Projection) odd() bool { return p.TileW%2 != 0 || p.TileH%2 != 0 }

// checkZPixels checks the pixels drawn per world unit of height.
func checkZPixels(zPixels int) error {
	if zPixels <= 0 || zPixels > maxTileSide {
		return fmt.Errorf("iso: height scale %d pixels out of range 1..%d", zPixels, maxTileSide)
	}
	return nil
}

// Angle returns the angle in radians between the screen's horizontal and a
// projected floor axis: atan(TileH/TileW) (26.565° for 2:1, ≈30° for true
// isometric).
func (p Projection) Angle() float64 { return math.Atan2(float64(p.TileH), float64(p.TileW)) }

// ToScreen projects a world point to map-pixel space.
func (p Projection) ToScreen(w mathx.Vec3) mathx.Vec2 {
	hw, hh := float64(p.TileW)/2, float64(p.TileH)/2
	return mathx.Vec2{X: (w.X - w.Y) * hw, Y: (w.X+w.Y)*hh - w.Z*float64(p.ZPixels)}
}

// ToWorld inverts [Projection.ToScreen] on the horizontal plane at height
// z: it returns the world point at height z that projects to s. (A screen
// point alone cannot give all three coordinates; one must be fixed.)
func (p Projection) ToWorld(s mathx.Vec2, z float64) mathx.Vec3 {
	hw, hh := float64(p.TileW)/2, float64(p.TileH)/2
	u := s.X / hw
	v := (s.Y + z*float64(p.ZPixels)) / hh
	return mathx.Vec3{X: (v + u) / 2, Y: (v - u) / 2, Z: z}
}

// CellCorner returns the map-pixel position of the top corner of cell
// (i, j)'s diamond at integer elevation zpix pixels (exact).
func (p Projection) CellCorner(i, j, zpix int) mathx.Point {
	if p.odd() {
		return mathx.Point{X: floorDivInt((i-j)*p.TileW, 2), Y: floorDivInt((i+j)*p.TileH, 2) - zpix}
	}
	return mathx.Point{X: (i - j) * (p.TileW / 2), Y: (i+j)*(p.TileH/2) - zpix}
}

// CellBounds returns the bounding rectangle of cell (i, j)'s diamond at
// elevation zpix pixels: TileW × TileH pixels with the top corner centred
// on its top edge.
func (p Projection) CellBounds(i, j, zpix int) mathx.Rect {
	c := p.CellCorner(i, j, zpix)
	x0 := c.X - p.TileW/2
	return mathx.Rect{Min: mathx.Point{X: x0, Y: c.Y}, Max: mathx.Point{X: x0 + p.TileW, Y: c.Y + p.TileH}}
}

// PixelCell returns the cell whose diamond owns map pixel (px, py) on the
// floor plane lifted by zpix pixels. A pixel belongs to the cell that
// contains its centre; a centre exactly on an edge belongs to the cell
// below-right of it in world terms (cells are half-open, [i, i+1) ×
// [j, j+1)). Integer arithmetic only, so the answer is exact and every
// pixel belongs to exactly one cell: rasterizing diamonds with this rule
// tiles the plane with no gap and no overlap.
func (p Projection) PixelCell(px, py, zpix int) (i, j int) {
	// Far beyond any map; keeps the products below inside int64.
	const lim = min(1<<40, math.MaxInt/2) // 2^40; 2^30 with a 32-bit int
	px, py, zpix = min(max(px, -lim), lim), min(max(py, -lim), lim), min(max(zpix, -lim), lim)
	// With W, H the tile size: i = (y·W + x·H)/(W·H), j = (y·W − x·H)/(W·H)
	// at the pixel centre, in doubled coordinates (2px+1, 2(py+zpix)+1)/2.
	w, h := int64(p.TileW), int64(p.TileH)
	X := 2*int64(px) + 1
	Y := 2*(int64(py)+int64(zpix)) + 1
	den := 2 * w * h
	return int(floorDiv(Y*w+X*h, den)), int(floorDiv(Y*w-X*h, den))
}

// SubPixel is the fixed-point resolution of [Projection.PointCell]:
// screen positions are snapped to 1/256 of a pixel before the exact test.
const SubPixel = 256

// PointCell returns the cell under the map-pixel point s (for a mouse or
// touch position with sub-pixel precision) on the plane lifted by zpix
// pixels. s is snapped down to 1/[SubPixel] pixel and then classified with
// exact integer arithmetic; a point exactly on an edge belongs to the cell
// on the edge's lower-right world side, as in [Projection.PixelCell]. ok is
// false for NaN, infinite or out-of-range (beyond ±2^40 pixels) input.
func (p Projection) PointCell(s mathx.Vec2, zpix int) (i, j int, ok bool) {
	const lim = min(1<<40, math.MaxInt/2) // 2^40; 2^30 with a 32-bit int
	if !(s.X > -lim && s.X < lim && s.Y > -lim && s.Y < lim) {
		return 0, 0, false
	}
	w, h := int64(p.TileW), int64(p.TileH)
	X := int64(math.Floor(s.X * SubPixel))
	Y := int64(math.Floor(s.Y*SubPixel)) + int64(zpix)*SubPixel
	den := SubPixel * w * h
	return int(floorDiv(Y*w+X*h, den)), int(floorDiv(Y*w-X*h, den)), true
}

// floorDiv is ⌊a/b⌋ for b > 0.
func floorDiv(a, b int64) int64 {
	q := a / b
	if (a%b != 0) && (a < 0) {
		q--
	}
	return q
}

func floorDivInt(a, b int) int { return int(floorDiv(int64(a), int64(b))) }
