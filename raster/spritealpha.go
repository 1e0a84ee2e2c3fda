package raster

import (
	"fmt"
	"image"
)

// alphaPix is what a sprite made by [NewSpriteAlpha] keeps for its plain
// draws: its 16-bit premultiplied pixels, the opacity applied, over their
// own non-transparent box.
type alphaPix struct {
	trim image.Rectangle // non-transparent area of the pixels
	pix  []uint64        // trim.Dx()*trim.Dy() pixels, R, G, B, A from the low 16 bits up
}

// NewSpriteAlpha builds a sprite that draws img at a constant opacity
// alpha/255 (0: a sprite that draws nothing) the way Qt's raster engine
// draws an image with a painter opacity into an ARGB32 image, which is
// how Tiled's tmxrasterizer draws a half-transparent layer: in 16 bits
// per channel, rounded to 8 once. Every pixel is taken to 16 bits (an
// 8-bit premultiplied channel c as 257c; an *image.RGBA64's channels as
// they are: samples Qt computes in 16 bits, such as a smoothed turn's,
// see SmoothTurn16), the opacity applied, s = div65535(c · 257alpha), and
// a plain draw (no flip, scale, tint or flash) composites s over the
// frame's d as Qt's source-over does:
//
//	d = div257(s + div65535(257d · (65535 − sa)))
//
// every channel, sa being s's alpha, with div65535(x) = (x + x>>16 +
// 0x8000) >> 16 and div257(x) = round(x/257) (Qt's qt_div_65535 and
// qt_div_257). Over an opaque frame this is tmxrasterizer's pixel
// exactly. Baking the opacity into 8-bit pixels and blending those, as
// every other draw of a sprite does, rounds twice and lands a level off on
// about a quarter of the covered pixels.
//
// The sprite's own pixels (At, and the draws with options, which use
// them) are its 16-bit pixels rounded to 8 bits. An 8-bit image at alpha
// 255 is just NewSprite's sprite (the 16-bit blend of such pixels is the
// 8-bit one). Set and SetOpaque make it an ordinary sprite of the new
// image.
func NewSpriteAlpha(img image.Image, alpha uint8) (*Sprite, error) {
	wide, _ := img.(*image.RGBA64)
	if alpha == 255 && wide == nil {
		return NewSprite(img)
	}
	if img == nil {
		return nil, ErrNilImage
	}
	b := img.Bounds()
	if b.Dx() > MaxSide || b.Dy() > MaxSide {
		return nil, fmt.Errorf("raster: sprite size %d×%d exceeds %d on a side", b.Dx(), b.Dy(), MaxSide)
	}
	w, h := max(b.Dx(), 0), max(b.Dy(), 0)
	// The 16-bit pixels, the opacity applied.
	px := make([]uint64, w*h)
	ca := 257 * uint64(alpha)
	if wide != nil {
		for y := 0; y < h; y++ {
			for x := 0; x < w; x++ {
				c := wide.RGBA64At(b.Min.X+x, b.Min.Y+y)
				a := uint64(c.A)
				px[y*w+x] = pack16(min(uint64(c.R), a), min(uint64(c.G), a), min(uint64(c.B), a), a, ca)
			}
		}
	} else {
		p8 := make([]uint32, w*h)
		convert(p8, img, b)
		for i, p := range p8 {
			px[i] = pack16(257*uint64(p&0xff), 257*uint64(p>>8&0xff), 257*uint64(p>>16&0xff), 257*uint64(p>>24), ca)
		}
	}
	// The sprite's own pixels: those rounded to 8 bits.
	own := image.NewRGBA(image.Rect(0, 0, w, h))
	x0, y0, x1, y1 := w, h, 0, 0
	for i, p := range px {
		if p>>48 == 0 {
			px[i] = 0
			continue
		}
		x, y := i%w, i/w
		x0, x1, y0, y1 = min(x0, x), max(x1, x+1), min(y0, y), max(y1, y+1)
		for c := 0; c < 4; c++ {
			own.Pix[4*i+c] = uint8(div257(uint32(p >> (16 * c) & 0xffff)))
		}
	}
	s := &Sprite{}
	if err := s.set(own); err != nil {
		return nil, err
	}
	s.scratch = nil
	if x1 <= x0 {
		return s, nil // nothing to draw
	}
	a := &alphaPix{trim: image.Rect(x0, y0, x1, y1)}
	a.pix = make([]uint64, 0, a.trim.Dx()*a.trim.Dy())
	for y := y0; y < y1; y++ {
		a.pix = append(a.pix, px[y*w+x0:y*w+x1]...)
	}
	s.alpha = a
	return s, nil
}

// pack16 packs 16-bit premultiplied channels times the opacity ca/65535
// (Qt's multiplyAlpha65535) into a 64-bit pixel.
func pack16(r, g, b, a, ca uint64) uint64 {
	if ca != 65535 {
		r, g, b, a = div65535(r*ca), div65535(g*ca), div65535(b*ca), div65535(a*ca)
	}
	return r | g<<16 | b<<32 | a<<48
}

// drawAlpha is drawPlain for a sprite of NewSpriteAlpha: its unshaded
// pixels composited at its opacity in 16 bits.
func drawAlpha(dst *Frame, clip image.Rectangle, a *alphaPix, x, y int) {
	tw := a.trim.Dx()
	bx, by := x+a.trim.Min.X, y+a.trim.Min.Y
	r := image.Rect(bx, by, bx+tw, by+a.trim.Dy()).Intersect(clip)
	if r.Empty() {
		return
	}
	d32 := pix32(dst.Pix)
	stride := dst.Stride >> 2
	for row := r.Min.Y; row < r.Max.Y; row++ {
		o := (row-by)*tw - bx
		blendAlpha16(d32[row*stride+r.Min.X:row*stride+r.Max.X], a.pix[o+r.Min.X:o+r.Max.X])
	}
}

// blendAlpha16 composites 16-bit premultiplied src over dst as Qt's
// 16-bit pipeline does (see NewSpriteAlpha). len(dst) == len(src).
func blendAlpha16(dst []uint32, src []uint64) {
	dst = dst[:len(src)]
	for i, p := range src {
		sa := p >> 48
		if sa == 0 {
			continue // Qt's formula leaves the destination as it is
		}
		inv := 65535 - sa
		d := dst[i]
		var out uint32
		for c := 0; c < 4; c++ {
			v := p>>(16*c)&0xffff + div65535(257*uint64(d>>(8*c)&0xff)*inv)
			out |= div257(uint32(v)) << (8 * c)
		}
		dst[i] = out
	}
}

// div65535 is Qt's x/65535 rounded (qt_div_65535).
func div65535(x uint64) uint64 { return (x + x>>16 + 0x8000) >> 16 }
