package raster

import "image"

// alphaPix is what a sprite made by [NewSpriteAlpha] keeps for its plain
// draws: the image's premultiplied pixels before the opacity, over their
// own non-transparent box, and the opacity in 16 bits.
type alphaPix struct {
	trim image.Rectangle // non-transparent area of the unshaded image
	pix  []uint32        // trim.Dx()*trim.Dy() premultiplied pixels
	mul  [256]uint16     // div65535(257c · 257alpha) for every 8-bit c
}

// NewSpriteAlpha builds a sprite that draws img at a constant opacity
// alpha/255 (255: [NewSprite]; 0: a sprite that draws nothing), as Qt's
// raster engine draws an image with a painter opacity into an ARGB32
// image, which is how Tiled's tmxrasterizer draws a half-transparent
// layer: in 16 bits per channel, rounded to 8 once. A plain draw (no flip,
// scale, tint or flash) composites every pixel p (premultiplied, 8 bits)
// over the frame's d as
//
//	s = div65535(257p · 257alpha)            every channel, alpha too
//	d = div257(s + div65535(257d · (65535 − sa)))
//
// where sa is s's alpha, div65535(x) = (x + x>>16 + 0x8000) >> 16 and
// div257(x) = round(x/257) (Qt's qt_div_65535 and qt_div_257);
// over an opaque frame this is tmxrasterizer's pixel exactly. Baking the
// opacity into 8-bit pixels and blending those, as every other draw of a
// sprite does, rounds twice and lands a level off on about a quarter of
// the covered pixels. The sprite's own pixels (At, and the draws with
// options, which use them) are img's premultiplied pixels times
// alpha/255, rounded.
//
// Set and SetOpaque make it an ordinary sprite of the new image.
func NewSpriteAlpha(img image.Image, alpha uint8) (*Sprite, error) {
	if alpha == 255 {
		return NewSprite(img)
	}
	s := &Sprite{}
	if err := s.set(img); err != nil {
		return nil, err
	}
	s.scratch = nil
	if s.trim.Empty() {
		return s, nil
	}
	// The unshaded pixels, kept for plain draws.
	a := &alphaPix{trim: s.trim, pix: s.pix}
	for c := range a.mul {
		a.mul[c] = uint16(div65535(257 * uint64(c) * 257 * uint64(alpha)))
	}
	// The shaded ones, every channel times alpha/255: the sprite's own,
	// at the image's size.
	w, tw := s.w, s.trim.Dx()
	full := image.NewRGBA(image.Rect(0, 0, w, s.h))
	for i, p := range a.pix {
		x, y := s.trim.Min.X+i%tw, s.trim.Min.Y+i/tw
		for c := 0; c < 4; c++ {
			full.Pix[4*(y*w+x)+c] = uint8(byteMul(p>>(8*c)&0xff, uint32(alpha)))
		}
	}
	a.pix = append([]uint32(nil), a.pix...) // set reuses s.pix
	if err := s.set(full); err != nil {
		return nil, err
	}
	s.scratch = nil
	s.alpha = a
	return s, nil
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
		blendAlpha16(d32[row*stride+r.Min.X:row*stride+r.Max.X], a.pix[o+r.Min.X:o+r.Max.X], &a.mul)
	}
}

// blendAlpha16 composites src over dst as Qt's 16-bit pipeline does (see
// NewSpriteAlpha); mul holds each 8-bit channel value times the opacity
// in 16 bits. len(dst) == len(src).
func blendAlpha16(dst, src []uint32, mul *[256]uint16) {
	dst = dst[:len(src)]
	for i, p := range src {
		if p>>24 == 0 {
			continue // Qt's formula leaves the destination as it is
		}
		inv := 65535 - uint32(mul[p>>24])
		d := dst[i]
		var out uint32
		for sh := 0; sh < 32; sh += 8 {
			v := uint32(mul[p>>sh&0xff]) + uint32(div65535(257*uint64(d>>sh&0xff)*uint64(inv)))
			out |= div257(v) << sh
		}
		dst[i] = out
	}
}

// byteMul is Qt's BYTE_MUL of one channel: c·a/255 rounded as
// qt_div_255, (x + x>>8 + 0x80) >> 8.
func byteMul(c, a uint32) uint32 {
	x := c * a
	return (x + x>>8 + 0x80) >> 8
}

// div65535 is Qt's x/65535 rounded (qt_div_65535).
func div65535(x uint64) uint64 { return (x + x>>16 + 0x8000) >> 16 }
