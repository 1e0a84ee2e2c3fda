package iso

import (
	"fmt"
	"image"
	"image/color"

	"diorama/mathx"
	"diorama/raster"
)

// TextureMap says how a texture's texels lie on a face (see
// [TextureShadeMap]).
type TextureMap struct {
	// TexelsPerTile is the number of texels across one tile along world x
	// and y (1 ≤ TexelsPerTile ≤ 4096).
	TexelsPerTile int
	// HeightTexels texels span HeightPixels pixels of height on walls
	// (both zero: one texel per pixel, as [TextureShade]).
	HeightTexels, HeightPixels int
	// Local pins the texture to the face's own corner (IsoMob's
	// non-tiled textures: floors from their I, J corner, walls from their
	// start along the wall and their bottom Z0) instead of to the world
	// origin (tiled textures: the texel comes from the absolute world
	// position, so neighbouring faces continue the pattern seamlessly).
	Local bool
}

// TextureShadeMap returns a shading function for [FaceImageFunc] that
// covers face f with tex repeated in the face's plane as m lays it out:
// u along the face's horizontal axis (world x for floors and PlaneXZ
// walls, world y for PlaneYZ walls), v along world y on floors and down
// from the top on walls (so a texture's bottom row stands on the ground,
// or on the face's bottom edge when Local). The arithmetic is exact
// integer arithmetic: a face split in pieces gives the same pixels as the
// whole face. tex must not be empty.
func TextureShadeMap(p Projection, f Face, tex image.Image, m TextureMap) (func(px, py int) color.RGBA, error) {
	if tex == nil || tex.Bounds().Empty() {
		return nil, fmt.Errorf("iso: empty texture")
	}
	if m.TexelsPerTile < 1 || m.TexelsPerTile > maxTileSide {
		return nil, fmt.Errorf("iso: %d texels per tile out of range 1..%d", m.TexelsPerTile, maxTileSide)
	}
	hz, hp := int64(m.HeightTexels), int64(m.HeightPixels)
	if hz == 0 && hp == 0 {
		hz, hp = 1, 1
	}
	if hz < 1 || hp < 1 || hz > maxTileSide || hp > maxTileSide {
		return nil, fmt.Errorf("iso: height scale %d texels per %d pixels out of range 1..%d", m.HeightTexels, m.HeightPixels, maxTileSide)
	}
	tb := tex.Bounds()
	T := int64(m.TexelsPerTile)
	hw, hh := int64(p.TileW/2), int64(p.TileH/2)
	I, J := int64(f.I), int64(f.J)
	// Local faces shift texel space so the face's corner is texel (0, 0)
	// (walls: texel row 0 just above Z0 counted downwards, i.e. the
	// texture's bottom row sits on the face's bottom edge).
	var u0, v0 int64
	if m.Local {
		switch f.Plane {
		case PlaneXZ:
			u0, v0 = I*T, -floorDiv(int64(f.Z0)*hz, hp)
		case PlaneYZ:
			u0, v0 = J*T, -floorDiv(int64(f.Z0)*hz, hp)
		default:
			u0, v0 = I*T, J*T
		}
	}
	tw, th := int64(tb.Dx()), int64(tb.Dy())
	sample := func(u, v int64) color.RGBA {
		x := tb.Min.X + int(pmod(u-u0, tw))
		y := tb.Min.Y + int(pmod(v-v0, th))
		return color.RGBAModel.Convert(tex.At(x, y)).(color.RGBA)
	}
	if rgba, ok := tex.(*image.RGBA); ok {
		sample = func(u, v int64) color.RGBA {
			x := int(pmod(u-u0, tw))
			y := int(pmod(v-v0, th))
			o := rgba.PixOffset(tb.Min.X+x, tb.Min.Y+y)
			s := rgba.Pix[o : o+4 : o+4]
			return color.RGBA{s[0], s[1], s[2], s[3]}
		}
	}
	return func(px, py int) color.RGBA {
		X := 2*int64(px) + 1
		Y := 2*int64(py) + 1
		switch f.Plane {
		case PlaneXZ: // x = J + X/2hw, z = ((X/hw + 4J)hh - Y)/2
			u := floorDiv(X*T+2*hw*J*T, 2*hw)
			v := floorDiv((Y*hw-X*hh-4*J*hw*hh)*hz, 2*hw*hp)
			return sample(u, v)
		case PlaneYZ: // y = I - X/2hw, z = ((4I - X/hw)hh - Y)/2
			u := floorDiv(2*hw*I*T-X*T, 2*hw)
			v := floorDiv((Y*hw+X*hh-4*I*hw*hh)*hz, 2*hw*hp)
			return sample(u, v)
		}
		Yz := Y + 2*int64(f.Z0)
		den := 4 * hw * hh
		return sample(floorDiv((Yz*hw+X*hh)*T, den), floorDiv((Yz*hw-X*hh)*T, den))
	}, nil
}

// WallObjectFunc is [Grid.WallObject] with a colour per map pixel (a
// texture from [TextureShadeMap]).
func (g *Grid) WallObjectFunc(f Face, shade func(px, py int) color.RGBA) (Object, error) {
	if err := g.facesOK(); err != nil {
		return Object{}, err
	}
	if f.Plane == PlaneXY {
		return Object{}, fmt.Errorf("iso: WallObjectFunc needs a wall plane, got a floor")
	}
	img, err := FaceImageFunc(g.Proj, f, shade)
	if err != nil {
		return Object{}, err
	}
	s, err := raster.NewSprite(img)
	if err != nil {
		return Object{}, err
	}
	return Object{Box: f.Box(g.Proj), Parts: []Part{{Sprite: s, At: mathx.PointFrom(img.Rect.Min).Add(g.origin)}}}, nil
}
