package level

import (
	"fmt"
	"image"
	"math"

	"diorama/mathx"
	"diorama/raster"
)

// maxObjectSide bounds the baked image of one scaled or rotated tile
// object, in pixels on a side.
const maxObjectSide = 4096

// bakeTileObject returns the sprite of a tile object's image img drawn as
// Tiled draws it: stretched to size with its top-left corner at top
// (screen pixels), then rotated rot degrees clockwise about anchor. It
// also returns the screen position of the sprite's top-left corner. An
// image drawn at its own size without rotation is used as it is.
func bakeTileObject(img *image.RGBA, top, size, anchor mathx.Vec2, rot float64) (*raster.Sprite, mathx.Point, error) {
	iw, ih := float64(img.Rect.Dx()), float64(img.Rect.Dy())
	if !(size.X > 0 && size.Y > 0) || math.IsInf(size.X, 0) || math.IsInf(size.Y, 0) || math.IsNaN(rot) || math.IsInf(rot, 0) || iw <= 0 || ih <= 0 {
		return nil, mathx.Point{}, fmt.Errorf("tile object size %v×%v or rotation %v is not valid", size.X, size.Y, rot)
	}
	rot = math.Mod(rot, 360)
	if size.X == iw && size.Y == ih && rot == 0 && top.X == math.Round(top.X) && top.Y == math.Round(top.Y) {
		s, err := raster.NewSprite(img)
		return s, mathx.Point{X: int(top.X), Y: int(top.Y)}, err
	}
	// Image pixel (u, v) → screen: scale, move to top, rotate about anchor.
	m := mathx.ScaleXY(size.X/iw, size.Y/ih).
		Then(mathx.Translate(top.X-anchor.X, top.Y-anchor.Y)).
		Then(mathx.Rotate(rot * math.Pi / 180)).
		Then(mathx.Translate(anchor.X, anchor.Y))
	box := m.TransformBox(mathx.AABB{Max: mathx.V2(iw, ih)})
	x0, y0 := math.Floor(box.Min.X), math.Floor(box.Min.Y)
	w, h := int(math.Ceil(box.Max.X)-x0), int(math.Ceil(box.Max.Y)-y0)
	if w <= 0 || h <= 0 || w > maxObjectSide || h > maxObjectSide {
		return nil, mathx.Point{}, fmt.Errorf("tile object drawn %d×%d pixels (at most %d a side)", w, h, maxObjectSide)
	}
	fr, err := raster.NewFrame(w, h)
	if err != nil {
		return nil, mathx.Point{}, err
	}
	src, err := raster.NewSprite(img)
	if err != nil {
		return nil, mathx.Point{}, err
	}
	filter := raster.Bilinear
	if rot == 0 && math.Mod(size.X, iw) == 0 && math.Mod(size.Y, ih) == 0 {
		filter = raster.Nearest // whole-number stretch: keep the pixels sharp
	}
	raster.DrawSpriteAffine(fr, fr.Rect, src, m.Then(mathx.Translate(-x0, -y0)), filter, nil)
	s, err := raster.NewSprite(&fr.RGBA)
	return s, mathx.Point{X: int(x0), Y: int(y0)}, err
}
