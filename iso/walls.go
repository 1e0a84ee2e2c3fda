package iso

import "diorama/mathx"

// Plane names the three world planes a flat face can lie in.
type Plane uint8

const (
	// PlaneXY is a floor or roof: a diamond.
	PlaneXY Plane = iota
	// PlaneXZ is a wall running along world x (IsoMob's dir="horiz"):
	// on screen a parallelogram leaning down to the right.
	PlaneXZ
	// PlaneYZ is a wall running along world y (IsoMob's dir="vert"): on
	// screen a parallelogram leaning down to the left.
	PlaneYZ
)

// Face is an axis-aligned rectangle in one world plane, on whole tile
// coordinates and whole pixels of height, which is what tiles, walls and
// block sides are. All faces of a scene are rasterized by one exact pixel
// ownership rule ([Projection.FaceOwns]), in one coordinate space, so
// neighbouring faces meet without a gap or an overlap: IsoMob's seams came
// from transforming every plane separately and rounding each.
//
//   - PlaneXY: cells [I, I+Len) × [J, J+Wid) at elevation Z0 pixels.
//   - PlaneXZ: x ∈ [I, I+Len) on the line y = J, height (Z0, Z1] pixels.
//   - PlaneYZ: y ∈ [J, J+Len) on the line x = I, height (Z0, Z1] pixels.
type Face struct {
	Plane  Plane
	I, J   int
	Len    int // extent along x (XY, XZ) or y (YZ), in tiles
	Wid    int // extent along y for PlaneXY, in tiles
	Z0, Z1 int // heights in screen pixels; Z1 unused for PlaneXY
}

// Box returns the face's world box (zero thickness across its plane).
func (f Face) Box(p Projection) Box {
	zp := float64(p.ZPixels)
	z0, z1 := float64(f.Z0)/zp, float64(f.Z1)/zp
	i, j := float64(f.I), float64(f.J)
	switch f.Plane {
	case PlaneXZ:
		return Box{Min: mathx.Vec3{X: i, Y: j, Z: z0}, Max: mathx.Vec3{X: i + float64(f.Len), Y: j, Z: z1}}
	case PlaneYZ:
		return Box{Min: mathx.Vec3{X: i, Y: j, Z: z0}, Max: mathx.Vec3{X: i, Y: j + float64(f.Len), Z: z1}}
	}
	return Box{Min: mathx.Vec3{X: i, Y: j, Z: z0}, Max: mathx.Vec3{X: i + float64(f.Len), Y: j + float64(f.Wid), Z: z0}}
}

// FaceBounds returns the exact map-pixel bounding rectangle of face f's
// pixels (world origin at map pixel 0,0).
func (p Projection) FaceBounds(f Face) mathx.Rect {
	hw, hh := p.TileW/2, p.TileH/2
	switch f.Plane {
	case PlaneXZ:
		x0 := (f.I - f.J) * hw
		y0 := (f.I+f.J)*hh - f.Z1
		return mathx.R(x0, y0, x0+f.Len*hw, y0+f.Len*hh+f.Z1-f.Z0)
	case PlaneYZ:
		x1 := (f.I - f.J) * hw
		y0 := (f.I+f.J)*hh - f.Z1
		return mathx.R(x1-f.Len*hw, y0, x1, y0+f.Len*hh+f.Z1-f.Z0)
	}
	top := (f.I - f.J) * hw
	return mathx.R(top-f.Wid*hw, (f.I+f.J)*hh-f.Z0, top+f.Len*hw, (f.I+f.J+f.Len+f.Wid)*hh-f.Z0)
}

// FaceOwns reports whether map pixel (px, py) belongs to face f, exactly.
// Floors own their upper edges ([I, I+Len) × [J, J+Wid), as
// [Projection.PixelCell]); walls own their top edge and not their bottom
// edge (z ∈ (Z0, Z1]), so a wall meets the floor in front of it and the
// roof above it without gap or overlap.
func (p Projection) FaceOwns(f Face, px, py int) bool {
	hw, hh := int64(p.TileW/2), int64(p.TileH/2)
	X := 2*int64(px) + 1 // doubled pixel centre
	Y := 2*int64(py) + 1
	I, J := int64(f.I), int64(f.J)
	L := int64(f.Len)
	z0, z1 := int64(f.Z0), int64(f.Z1)
	switch f.Plane {
	case PlaneXY:
		i, j := p.PixelCell(px, py, f.Z0)
		return i >= f.I && i < f.I+f.Len && j >= f.J && j < f.J+f.Wid
	case PlaneXZ:
		// On y = J: sx = (x−J)hw, sy = (x+J)hh − zpix.
		// x = X/(2hw) + J ∈ [I, I+L)  ⇔  2hw(I−J) ≤ X < 2hw(I+L−J).
		if X < 2*hw*(I-J) || X >= 2*hw*(I+L-J) {
			return false
		}
		// zpix·2hw = X·hh + 4J·hw·hh − Y·hw ∈ (2hw·z0, 2hw·z1].
		zz := X*hh + 4*J*hw*hh - Y*hw
		return zz > 2*hw*z0 && zz <= 2*hw*z1
	case PlaneYZ:
		// On x = I: sx = (I−y)hw, sy = (I+y)hh − zpix.
		// y = I − X/(2hw) ∈ [J, J+L)  ⇔  2hw(I−J−L) < X ≤ 2hw(I−J).
		if X > 2*hw*(I-J) || X <= 2*hw*(I-J-L) {
			return false
		}
		// zpix·2hw = 4I·hw·hh − X·hh − Y·hw.
		zz := 4*I*hw*hh - X*hh - Y*hw
		return zz > 2*hw*z0 && zz <= 2*hw*z1
	}
	return false
}
