package level

import (
	"fmt"
	"image"
	"math"
	"strings"

	"diorama/raster"
	"diorama/scene/tiled"
)

// Text objects: Tiled draws a text object's text in its rectangle (the
// object's position projected to the screen, its size in screen pixels,
// rotated about that corner) with the font, size, colour, wrapping and
// alignment it names. The builder draws it once, into a sprite, with
// the font Options.TextFont gives for the object's pixel size and
// weight (raster.SansFont: Go's sans-serif; the family is not shipped,
// italic is drawn upright), or the built-in bitmap face, underlined or
// struck out as asked. Text overflowing the rectangle is drawn, as Qt
// draws it.

// maxTextPixelSize bounds a text object's font size (pixels).
const maxTextPixelSize = 512

// textFontKey names a cached font.
type textFontKey struct {
	px   int
	bold bool
}

// textFont returns the font for a text object, made once per size and
// weight.
func (b *tiledBuilder) textFont(px int, bold bool) (*raster.Font, error) {
	k := textFontKey{px, bold}
	if f, ok := b.fonts[k]; ok {
		return f, nil
	}
	f := raster.DefaultFont()
	if b.opt.TextFont != nil {
		var err error
		if f, err = b.opt.TextFont(px, bold); err != nil {
			return nil, err
		}
		if f == nil {
			return nil, fmt.Errorf("Options.TextFont gave no font for %d px", px)
		}
	}
	if b.fonts == nil {
		b.fonts = map[textFontKey]*raster.Font{}
	}
	b.fonts[k] = f
	return f, nil
}

// textImage draws text t for a w×h rectangle and returns the picture and
// where its top-left corner lies relative to the rectangle's (the text
// may overflow the rectangle, up and left too). maxPixels bounds the
// picture.
func (b *tiledBuilder) textImage(t *tiled.Text, w, h float64, maxPixels int64) (*image.RGBA, image.Point, error) {
	px := t.PixelSize
	if px <= 0 {
		px = 16
	}
	if px > maxTextPixelSize {
		return nil, image.Point{}, fmt.Errorf("text pixel size %d exceeds %d", px, maxTextPixelSize)
	}
	f, err := b.textFont(px, t.Bold)
	if err != nil {
		return nil, image.Point{}, err
	}
	rw, rh := int(math.Round(w)), int(math.Round(h))
	lines := wrapText(f, t.Text, rw, t.Wrap)
	lh := f.LineHeight()
	top := 0
	switch t.VAlign {
	case "center":
		top = (rh - len(lines)*lh) / 2
	case "bottom":
		top = rh - len(lines)*lh
	}
	type placed struct {
		s    string
		x, w int
	}
	pl := make([]placed, len(lines))
	bounds := image.Rect(0, 0, max(rw, 1), max(rh, 1))
	for i, s := range lines {
		lw, _ := f.Measure(s)
		x := 0
		switch t.HAlign {
		case "center":
			x = (rw - lw) / 2
		case "right":
			x = rw - lw
		}
		pl[i] = placed{s, x, lw}
		bounds = bounds.Union(image.Rect(x, top+i*lh, x+lw, top+(i+1)*lh))
	}
	if int64(bounds.Dx())*int64(bounds.Dy()) > maxPixels {
		return nil, image.Point{}, fmt.Errorf("text of %d×%d pixels exceeds %d pixels", bounds.Dx(), bounds.Dy(), maxPixels)
	}
	fr, err := raster.NewFrame(bounds.Dx(), bounds.Dy())
	if err != nil {
		return nil, image.Point{}, err
	}
	c := raster.Premul(t.Color)
	dl := raster.NewDrawList()
	thick := max(1, px/16)
	for i, p := range pl {
		x, y := p.x-bounds.Min.X, top+i*lh-bounds.Min.Y
		dl.Text(0, f, p.s, x, y, c)
		base := y + f.Ascent()
		if t.Underline {
			dl.FillRect(1, image.Rect(x, base+thick, x+p.w, base+2*thick), c)
		}
		if t.Strikeout {
			mid := base - f.Ascent()*3/10
			dl.FillRect(1, image.Rect(x, mid, x+p.w, mid+thick), c)
		}
	}
	dl.Draw(fr)
	return fr.Image(), bounds.Min, nil
}

// wrapText splits s into lines: at its newlines and, when wrap is set and
// width is positive, between words so that a line fits width pixels (a
// word longer than that stands alone on its line).
func wrapText(f *raster.Font, s string, width int, wrap bool) []string {
	var out []string
	for _, para := range strings.Split(s, "\n") {
		if !wrap || width <= 0 {
			out = append(out, para)
			continue
		}
		line := ""
		for _, word := range strings.Fields(para) {
			try := word
			if line != "" {
				try = line + " " + word
			}
			if tw, _ := f.Measure(try); tw <= width || line == "" {
				line = try
				continue
			}
			out = append(out, line)
			line = word
		}
		out = append(out, line)
	}
	return out
}
