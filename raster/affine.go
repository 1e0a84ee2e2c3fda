package raster

import (
	"image"
	"math"

	"diorama/mathx"
)

// Filter selects how a transformed sprite is sampled.
type Filter uint8

const (
	// Nearest takes the source pixel under each destination pixel centre:
	// crisp pixel art, exact for rotations by multiples of 90°.
	Nearest Filter = iota
	// Bilinear blends the four nearest source pixels; edges fade out over
	// half a source pixel, which antialiases rotated sprites.
	Bilinear
)

// DrawSpriteAffine draws s transformed by m, which maps the sprite's own
// coordinates (origin at its untrimmed top-left, pixel (u, v) covering
// [u, u+1) × [v, v+1)) to dst coordinates, composited source-over inside
// clip. Each destination pixel centre is mapped back through the inverse of
// m and sampled with f. o may be nil; its FlipX, FlipY and Scale are applied
// in sprite space before m, and its colour modifiers as in [DrawSprite].
//
// A transform that is singular or has NaN or infinite coefficients draws
// nothing. The work done is bounded by the clipped destination area,
// however large the scale.
func DrawSpriteAffine(dst *Frame, clip image.Rectangle, s *Sprite, m mathx.Affine2, f Filter, o *DrawOptions) {
	if dst == nil || s == nil || s.trim.Empty() {
		return
	}
	var mod pixelMod
	if o != nil {
		// Sprite space first: flip within the original rectangle, then
		// scale, then m.
		if k := o.scale(); k > 1 {
			m = m.Mul(mathx.ScaleXY(float64(k), float64(k)))
		}
		if o.FlipX {
			m = m.Mul(mathx.Affine2{A: -1, C: float64(s.w), E: 1})
		}
		if o.FlipY {
			m = m.Mul(mathx.Affine2{A: 1, E: -1, F: float64(s.h)})
		}
		mod = o.mod()
		if mod.tinted && mod.tint>>24 == 0 {
			return
		}
	}
	if !m.IsFinite() {
		return
	}
	inv, ok := m.Invert()
	if !ok {
		return
	}
	clip = clipTo(dst, clip)
	if clip.Empty() {
		return
	}
	// Source area that can contribute: the trimmed rectangle, grown by one
	// pixel for bilinear taps.
	src := mathx.RectFrom(s.trim).AABB()
	if f == Bilinear {
		src = src.Expand(1)
	}
	db := m.TransformBox(src)
	vis, ok := db.Intersect(mathx.RectFrom(clip).AABB())
	if !ok || !vis.IsFinite() {
		return
	}
	r := vis.Rect().Image().Intersect(clip)
	if r.Empty() {
		return
	}
	d32 := pix32(dst.Pix)
	stride := dst.Stride >> 2
	for y := r.Min.Y; y < r.Max.Y; y++ {
		py := float64(y) + 0.5
		// u and v are linear in x along the row: u = inv.A·x + ub.
		ub := inv.B*py + inv.C
		vb := inv.E*py + inv.F
		x0, x1 := span(inv.A, ub, src.Min.X, src.Max.X, r.Min.X, r.Max.X)
		x0, x1 = span(inv.D, vb, src.Min.Y, src.Max.Y, x0, x1)
		row := d32[y*stride : y*stride+r.Max.X]
		for x := x0; x < x1; x++ {
			px := float64(x) + 0.5
			u := inv.A*px + ub
			v := inv.D*px + vb
			var p uint32
			if f == Bilinear {
				p = s.sampleBilinear(u, v)
			} else {
				p = s.sampleNearest(u, v)
			}
			if p>>24 == 0 {
				continue
			}
			if mod.active() {
				p = modulate(p, &mod)
				if p>>24 == 0 {
					continue
				}
			}
			if p>>24 == 255 {
				row[x] = p
			} else {
				row[x] = over(row[x], p)
			}
		}
	}
}

// span returns the sub-range of [x0, x1) of destination columns x whose
// centres map to a coordinate a·(x+0.5)+b inside [lo, hi], widened by one
// pixel on each side so rounding never loses a column (samplers check
// bounds themselves).
func span(a, b, lo, hi float64, x0, x1 int) (int, int) {
	if x0 >= x1 {
		return x0, x0
	}
	if a == 0 {
		if c := b; c < lo-1 || c > hi+1 {
			return x0, x0
		}
		return x0, x1
	}
	t0 := (lo-b)/a - 0.5
	t1 := (hi-b)/a - 0.5
	if t0 > t1 {
		t0, t1 = t1, t0
	}
	if !(t1 >= float64(x0)-1) || !(t0 <= float64(x1)+1) {
		return x0, x0
	}
	s := max(x0, int(math.Floor(math.Max(t0, float64(x0))))-1)
	e := min(x1, int(math.Ceil(math.Min(t1, float64(x1))))+2)
	if s >= e {
		return x0, x0
	}
	return s, e
}

// sampleNearest returns the pixel under the sprite coordinate (u, v),
// transparent outside the trimmed area.
func (s *Sprite) sampleNearest(u, v float64) uint32 {
	fu, fv := math.Floor(u), math.Floor(v)
	if !(fu >= float64(s.trim.Min.X) && fu < float64(s.trim.Max.X) && fv >= float64(s.trim.Min.Y) && fv < float64(s.trim.Max.Y)) {
		return 0
	}
	tw := s.trim.Dx()
	return s.pix[(int(fv)-s.trim.Min.Y)*tw+int(fu)-s.trim.Min.X]
}

// sampleBilinear blends the four pixels around (u, v) with 8-bit weights.
func (s *Sprite) sampleBilinear(u, v float64) uint32 {
	su, sv := u-0.5-float64(s.trim.Min.X), v-0.5-float64(s.trim.Min.Y)
	fu, fv := math.Floor(su), math.Floor(sv)
	tw, th := s.trim.Dx(), s.trim.Dy()
	if !(fu >= -1 && fu < float64(tw) && fv >= -1 && fv < float64(th)) {
		return 0
	}
	ix, iy := int(fu), int(fv)
	wx := uint32((su - fu) * 256)
	wy := uint32((sv - fv) * 256)
	wx, wy = min(wx, 255), min(wy, 255)
	tap := func(x, y int) uint32 {
		if x < 0 || y < 0 || x >= tw || y >= th {
			return 0
		}
		return s.pix[y*tw+x]
	}
	p00, p10, p01, p11 := tap(ix, iy), tap(ix+1, iy), tap(ix, iy+1), tap(ix+1, iy+1)
	w00 := (256 - wx) * (256 - wy)
	w10 := wx * (256 - wy)
	w01 := (256 - wx) * wy
	w11 := wx * wy
	var out uint32
	for sh := uint32(0); sh < 32; sh += 8 {
		c := (p00>>sh&0xff)*w00 + (p10>>sh&0xff)*w10 + (p01>>sh&0xff)*w01 + (p11>>sh&0xff)*w11
		out |= ((c + 32768) >> 16) << sh
	}
	return out
}
