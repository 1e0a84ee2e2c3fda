package raster

import (
	"image"
	"image/color"
	"unsafe"
)

// coordLimit bounds the positions the drawing functions work with. Anything
// further away than this cannot reach a frame (at most MaxSide pixels) even
// at the largest scale, so positions are clamped to it first and no integer
// arithmetic below can overflow, even with 32-bit ints.
const coordLimit = 1 << 28

// MaxScale is the largest integer magnification [DrawOptions.Scale] takes.
const MaxScale = 256

func clampCoord(v int) int { return min(max(v, -coordLimit), coordLimit) }

// DrawOptions modify how a sprite is drawn. The zero value draws the sprite
// as it is, composited source-over.
type DrawOptions struct {
	// FlipX mirrors the sprite left to right and FlipY top to bottom,
	// within its original (untrimmed) rectangle.
	FlipX, FlipY bool
	// Scale magnifies each pixel into a Scale×Scale block (0 and 1 mean
	// none; values are clamped to [1, MaxScale]).
	Scale int
	// Tint, when Tinted is set, multiplies every pixel channel by the
	// premultiplied colour Tint/255. Tinting with (a, a, a, a) is global
	// opacity a; see SetOpacity and SetTint.
	Tint   color.RGBA
	Tinted bool
	// FlashAmount > 0 moves every pixel's colour toward Flash (its alpha is
	// ignored; the pixel keeps its own alpha): 255 paints the sprite's
	// silhouette in Flash, for hit feedback. Flash is applied before Tint.
	Flash       color.RGBA
	FlashAmount uint8
}

// SetOpacity sets a global opacity (255 opaque, 0 invisible), keeping any
// tint colour already set.
func (o *DrawOptions) SetOpacity(a uint8) {
	if !o.Tinted {
		o.Tint = color.RGBA{255, 255, 255, 255}
		o.Tinted = true
	}
	o.Tint = color.RGBA{uint8(mul255(uint32(o.Tint.R), uint32(a))), uint8(mul255(uint32(o.Tint.G), uint32(a))),
		uint8(mul255(uint32(o.Tint.B), uint32(a))), uint8(mul255(uint32(o.Tint.A), uint32(a)))}
}

// SetTint sets a multiply tint from a straight-alpha colour: its alpha acts
// as opacity.
func (o *DrawOptions) SetTint(c color.NRGBA) {
	o.Tint = Premul(c)
	o.Tinted = true
}

// plain reports whether o (which may be nil) draws the sprite as it is:
// no flip, no scale, no colour change.
func (o *DrawOptions) plain() bool {
	return o == nil || (!o.FlipX && !o.FlipY && o.Scale <= 1 && !o.Tinted && o.FlashAmount == 0)
}

// scale returns o's magnification clamped to [1, MaxScale]; 1 for nil.
func (o *DrawOptions) scale() int {
	if o == nil {
		return 1
	}
	return min(max(o.Scale, 1), MaxScale)
}

func (o *DrawOptions) mod() pixelMod {
	if o == nil {
		return pixelMod{}
	}
	m := pixelMod{}
	if o.Tinted {
		m.tinted = true
		m.tint = packRGBA(validPremul(o.Tint))
	}
	if o.FlashAmount != 0 {
		f := o.Flash
		f.A = 255
		m.flash = packRGBA(f)
		m.flashAmt = uint32(o.FlashAmount)
	}
	return m
}

// clipTo returns clip ∩ dst's bounds.
func clipTo(dst *Frame, clip image.Rectangle) image.Rectangle {
	return clip.Intersect(dst.Rect)
}

// DrawSprite draws s with its original top-left corner at (x, y),
// composited source-over onto dst inside clip (clip is intersected with
// dst's bounds). o may be nil. Any position is safe: off-frame, negative or
// huge coordinates draw nothing or just the visible part.
func DrawSprite(dst *Frame, clip image.Rectangle, s *Sprite, x, y int, o *DrawOptions) {
	if dst == nil || s == nil || s.trim.Empty() {
		return
	}
	clip = clipTo(dst, clip)
	if clip.Empty() {
		return
	}
	x, y = clampCoord(x), clampCoord(y)
	if o.plain() {
		if s.alpha != nil {
			drawAlpha(dst, clip, s.alpha, x, y)
			return
		}
		drawPlain(dst, clip, s, x, y)
		return
	}
	m := o.mod()
	if m.tinted && m.tint>>24 == 0 {
		return // fully transparent tint: nothing to draw
	}
	drawGeneral(dst, clip, s, x, y, o.FlipX, o.FlipY, o.scale(), &m)
}

// drawPlain is the fast path: no flip, no scale, no colour change. Opaque
// runs are copied, mixed runs blended, transparent gaps skipped.
func drawPlain(dst *Frame, clip image.Rectangle, s *Sprite, x, y int) {
	tw := s.trim.Dx()
	bx, by := x+s.trim.Min.X, y+s.trim.Min.Y
	r := image.Rect(bx, by, bx+tw, by+s.trim.Dy()).Intersect(clip)
	if r.Empty() {
		return
	}
	d32 := pix32(dst.Pix)
	stride := dst.Stride >> 2
	row0, row1 := r.Min.Y-by, r.Max.Y-by // visible rows of the trimmed area
	if r.Min.X == bx && r.Max.X == bx+tw {
		// No horizontal clipping: one loop over the runs of the visible
		// rows (each run knows its row), addressed by pointer. Every access
		// stays inside the ranges checked by the two slice expressions.
		_ = d32[r.Min.Y*stride+bx : (r.Max.Y-1)*stride+bx+tw]
		_ = s.pix[row0*tw : row1*tw]
		dp := unsafe.Pointer(&d32[r.Min.Y*stride+bx])
		sp := unsafe.Pointer(&s.pix[row0*tw])
		drawRuns(dp, sp, s.runs[s.rowRuns[row0]:s.rowRuns[row1]], stride, tw, row0)
		return
	}
	lo, hi := r.Min.X-bx, r.Max.X-bx // visible columns of the trimmed row
	for row := row0; row < row1; row++ {
		src := s.pix[row*tw : (row+1)*tw]
		base := (by+row)*stride + bx
		for _, rn := range s.runs[s.rowRuns[row]:s.rowRuns[row+1]] {
			a, b := max(int(rn.x), lo), min(int(rn.x)+int(rn.n), hi)
			if a >= b {
				continue
			}
			d := d32[base+a : base+b]
			if rn.opaque {
				copySpan(d, src[a:b])
				continue
			}
			blendSpan(d, src[a:b])
		}
	}
}

// copyRunPortable copies an opaque run; short runs are cheaper as a loop
// than as a call to memmove.
func copyRunPortable(dst, src []uint32) {
	if len(src) >= 16 {
		copy(dst, src)
		return
	}
	dst = dst[:len(src)]
	for i, p := range src {
		dst[i] = p
	}
}

// blendRowPortable composites a mixed run over dst: opaque pixels are
// stored, translucent ones blended (a mixed run has no transparent
// pixels). len(dst) == len(src).
func blendRowPortable(dst, src []uint32) {
	dst = dst[:len(src)]
	for i, s := range src {
		if s >= 0xff000000 {
			dst[i] = s
		} else {
			dst[i] = over(dst[i], s)
		}
	}
}

// drawGeneral handles flips, integer scale and colour modifiers.
func drawGeneral(dst *Frame, clip image.Rectangle, s *Sprite, x, y int, flipX, flipY bool, k int, m *pixelMod) {
	// The sprite's untrimmed pixel (u, v) covers the destination block
	// [x+U·k, x+U·k+k) × [y+V·k, y+V·k+k) with U = u (or w-1-u when
	// flipped) and likewise V.
	tw, th := s.trim.Dx(), s.trim.Dy()
	u0, v0 := s.trim.Min.X, s.trim.Min.Y
	if flipX {
		u0 = s.w - s.trim.Max.X
	}
	if flipY {
		v0 = s.h - s.trim.Max.Y
	}
	// Destination rectangle of the trimmed area.
	r := image.Rect(x+u0*k, y+v0*k, x+(u0+tw)*k, y+(v0+th)*k).Intersect(clip)
	if r.Empty() {
		return
	}
	d32 := pix32(dst.Pix)
	stride := dst.Stride >> 2
	mod := m.active()
	bx, by := x+u0*k, y+v0*k
	for dy := r.Min.Y; dy < r.Max.Y; dy++ {
		row := (dy - by) / k // row within the (possibly flipped) trimmed area
		if flipY {
			row = th - 1 - row
		}
		src := s.pix[row*tw : (row+1)*tw]
		lo, hi := r.Min.X-bx, r.Max.X-bx // visible destination columns, relative to bx
		drow := d32[dy*stride+bx+lo : dy*stride+bx+hi]
		for _, rn := range s.runs[s.rowRuns[row]:s.rowRuns[row+1]] {
			// Destination column range of this run, relative to bx.
			a, b := int(rn.x)*k, (int(rn.x)+int(rn.n))*k
			if flipX {
				a, b = (tw-int(rn.x)-int(rn.n))*k, (tw-int(rn.x))*k
			}
			a, b = max(a, lo), min(b, hi)
			for c := a; c < b; {
				col := c / k
				e := min((col+1)*k, b) // end of this source pixel's block
				if flipX {
					col = tw - 1 - col
				}
				p := src[col]
				if mod {
					p = modulate(p, m)
				}
				d := drow[c-lo : e-lo]
				if p>>24 == 255 {
					for i := range d {
						d[i] = p
					}
				} else if p>>24 != 0 {
					for i := range d {
						d[i] = over(d[i], p)
					}
				}
				c = e
			}
		}
	}
}

// CopySprite writes s's pixels at (x, y) onto dst inside clip, replacing
// what is there (Porter-Duff source, like draw.Src): the whole original
// rectangle is written, its transparent margins as transparent black.
func CopySprite(dst *Frame, clip image.Rectangle, s *Sprite, x, y int) {
	if dst == nil || s == nil {
		return
	}
	clip = clipTo(dst, clip)
	x, y = clampCoord(x), clampCoord(y)
	r := image.Rect(x, y, x+s.w, y+s.h).Intersect(clip)
	if r.Empty() {
		return
	}
	d32 := pix32(dst.Pix)
	stride := dst.Stride >> 2
	tw := s.trim.Dx()
	for dy := r.Min.Y; dy < r.Max.Y; dy++ {
		d := d32[dy*stride+r.Min.X : dy*stride+r.Max.X]
		clear(d)
		v := dy - y - s.trim.Min.Y
		if v < 0 || v >= s.trim.Dy() {
			continue
		}
		// Columns of the trimmed row that are visible.
		a := max(r.Min.X, x+s.trim.Min.X)
		b := min(r.Max.X, x+s.trim.Max.X)
		if a >= b {
			continue
		}
		so := v*tw + a - x - s.trim.Min.X
		copy(d[a-r.Min.X:b-r.Min.X], s.pix[so:so+b-a])
	}
}
