package atlas

import (
	"fmt"
	"image"

	"diorama/mathx"
	"diorama/raster"
)

// Frame is one sprite of an atlas: where its pixels are on a page and how
// they sit in the original image.
type Frame struct {
	// Name is the sprite's name (a file name for TexturePacker, "tag_3" or
	// "sheet 3.aseprite" style names for Aseprite).
	Name string
	// Page is the index of the page holding the pixels.
	Page int
	// Rect is the pixel area on the page. For a rotated frame it is
	// H wide and W tall, where W×H is Size.
	Rect image.Rectangle
	// Rotated frames are stored turned 90° clockwise on the page (as
	// TexturePacker does).
	Rotated bool
	// Trimmed is true when transparent borders were cut: the stored
	// pixels are the Size-sized area at Offset inside the Source-sized
	// original.
	Trimmed bool
	// Offset is the top-left of the stored pixels inside the original
	// image (TexturePacker's spriteSourceSize.x/y).
	Offset image.Point
	// Size is the stored (trimmed, unrotated) size.
	Size image.Point
	// Source is the original image size.
	Source image.Point
	// Pivot is the anchor point, normalised to the original size (0.5,
	// 0.5 is the centre); HasPivot says whether the file gave one.
	Pivot    mathx.Vec2
	HasPivot bool
	// Duration is the display time in milliseconds (Aseprite), 0 if none.
	Duration int
	// Center is the 9-slice centre rectangle in the original image's
	// coordinates (0,0)-Source, when HasCenter: the corners outside it
	// keep their size, the edges and the centre stretch (see
	// [Atlas.NineSlice]).
	Center    image.Rectangle
	HasCenter bool
}

// Atlas is a set of pages (premultiplied RGBA, raster's pixel format) and
// the frames cut from them, plus any animation clips, layers and slices
// the source file defined.
type Atlas struct {
	Pages  []*image.RGBA
	Frames []Frame
	Clips  []Clip
	// Layers and Slices come from Aseprite files (JSON or .aseprite).
	Layers []Layer
	Slices []Slice
	byName map[string]int
}

// Lookup returns the index of the frame called name.
func (a *Atlas) Lookup(name string) (int, bool) {
	i, ok := a.byName[name]
	return i, ok
}

// Clip returns the clip called name.
func (a *Atlas) Clip(name string) (*Clip, bool) {
	for i := range a.Clips {
		if a.Clips[i].Name == name {
			return &a.Clips[i], true
		}
	}
	return nil, false
}

func (a *Atlas) index() error {
	a.byName = make(map[string]int, len(a.Frames))
	for i, f := range a.Frames {
		if _, dup := a.byName[f.Name]; dup {
			return fmt.Errorf("duplicate frame name %q", f.Name)
		}
		a.byName[f.Name] = i
	}
	return nil
}

// Image returns frame i as a new premultiplied image of its original
// (untrimmed, unrotated) size: the stored pixels put back at their offset
// and turned upright, transparent elsewhere. It fails when the frame's
// page is missing or its rectangle lies outside the page.
func (a *Atlas) Image(i int) (*image.RGBA, error) {
	if i < 0 || i >= len(a.Frames) {
		return nil, fmt.Errorf("atlas: frame %d out of range (%d frames)", i, len(a.Frames))
	}
	f := &a.Frames[i]
	if f.Page < 0 || f.Page >= len(a.Pages) || a.Pages[f.Page] == nil {
		return nil, fmt.Errorf("atlas: frame %q: page %d not loaded", f.Name, f.Page)
	}
	pg := a.Pages[f.Page]
	if !f.Rect.In(pg.Bounds()) {
		return nil, fmt.Errorf("atlas: frame %q: rectangle %v outside page %v", f.Name, f.Rect, pg.Bounds())
	}
	out := image.NewRGBA(image.Rect(0, 0, f.Source.X, f.Source.Y))
	w, h := f.Size.X, f.Size.Y
	for y := 0; y < h; y++ {
		dst := out.Pix[out.PixOffset(f.Offset.X, f.Offset.Y+y):]
		if !f.Rotated {
			copy(dst[:4*w], pg.Pix[pg.PixOffset(f.Rect.Min.X, f.Rect.Min.Y+y):])
			continue
		}
		// Stored turned clockwise: original (x, y) is at page
		// (Rect.Min.X + h−1−y, Rect.Min.Y + x).
		for x := 0; x < w; x++ {
			o := pg.PixOffset(f.Rect.Min.X+h-1-y, f.Rect.Min.Y+x)
			copy(dst[4*x:4*x+4], pg.Pix[o:o+4])
		}
	}
	return out, nil
}

// Sprite returns frame i as a raster sprite of its original size (the
// trimmed offsets are kept, so drawing it at (x, y) puts every pixel
// exactly where the source image's pixel would be).
func (a *Atlas) Sprite(i int) (*raster.Sprite, error) {
	img, err := a.Image(i)
	if err != nil {
		return nil, err
	}
	return raster.NewSprite(img)
}

// Sprites returns every frame as a raster sprite, in frame order.
func (a *Atlas) Sprites() ([]*raster.Sprite, error) {
	out := make([]*raster.Sprite, len(a.Frames))
	for i := range a.Frames {
		s, err := a.Sprite(i)
		if err != nil {
			return nil, err
		}
		out[i] = s
	}
	return out, nil
}

// toRGBA converts any image to a new premultiplied *image.RGBA at the
// origin, premultiplied as raster premultiplies a sprite's image
// (raster.PremulRGBA), so an atlas frame draws as its source image does.
func toRGBA(src image.Image) *image.RGBA {
	b := src.Bounds()
	if rgba, ok := src.(*image.RGBA); ok {
		out := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
		for y := 0; y < b.Dy(); y++ {
			copy(out.Pix[y*out.Stride:y*out.Stride+4*b.Dx()], rgba.Pix[rgba.PixOffset(b.Min.X, b.Min.Y+y):])
		}
		return out
	}
	return raster.PremulRGBA(src)
}

// page returns page p, or an error when there is no such page or it is
// not loaded.
func (a *Atlas) page(p int) (*image.RGBA, error) {
	if p < 0 || p >= len(a.Pages) || a.Pages[p] == nil {
		return nil, fmt.Errorf("atlas: page %d out of range (%d pages)", p, len(a.Pages))
	}
	return a.Pages[p], nil
}

// PageNRGBA returns page p in straight alpha, chosen so that converting it
// back with the standard library (what decoding the PNG and [Atlas]
// loading do) gives exactly the premultiplied page again: the form to
// write to a PNG file.
func (a *Atlas) PageNRGBA(p int) (*image.NRGBA, error) {
	src, err := a.page(p)
	if err != nil {
		return nil, err
	}
	b := src.Bounds()
	out := image.NewNRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	for y := 0; y < b.Dy(); y++ {
		s := src.Pix[src.PixOffset(b.Min.X, b.Min.Y+y):]
		d := out.Pix[out.PixOffset(0, y):]
		for x := 0; x < b.Dx(); x++ {
			al := s[4*x+3]
			d[4*x+3] = al
			for c := 0; c < 3; c++ {
				d[4*x+c] = unpremul(s[4*x+c], al)
			}
		}
	}
	return out, nil
}

// premulStd is the standard library's premultiplication of one channel
// (color.NRGBA.RGBA, then the top 8 bits).
func premulStd(s, a int) int { return (s * 0x101 * a / 0xff) >> 8 }

// unpremul returns the straight value s whose standard premultiplication
// by a is p (one always exists for p <= a).
func unpremul(p, a uint8) uint8 {
	if a == 0 {
		return 0
	}
	if a == 255 {
		return p
	}
	ai, pi := int(a), int(min(p, a))
	s := pi * 255 / ai
	for s > 0 && premulStd(s, ai) > pi {
		s--
	}
	for s < 255 && premulStd(s, ai) < pi {
		s++
	}
	return uint8(s)
}
