package raster

import (
	"image"
	"image/color"
	"math"
)

// SmoothTurn returns the w×h rectangle r of the premultiplied image src
// mirrored (flipX, flipY), then turned deg degrees clockwise about its
// centre: the pixels Qt 5.15's raster engine draws for a pixmap drawn
// through that transform with SmoothPixmapTransform and without
// antialiasing, which is how Tiled's tmxrasterizer draws a turned tile of
// a hexagonal map (CellRenderer's 60° and 120° fragment rotation about
// the tile's centre, on a whole or half pixel).
//
// The result's bounds are in the tile's own pixels, (0, 0) its top-left
// corner unturned: they hold the w×h box and reach outside it where the
// turned tile does (so Bounds().Min may be negative). Pixels the turned
// tile does not cover are transparent.
//
// It follows Qt's code step by step, so that the pixels are Qt's:
//
//   - The transform is QTransform's: translate to the tile's centre,
//     rotate (sin and cos of deg·π/180 as glibc gives them for 60° and
//     120°; exact for multiples of 90°), scale by ±1, translate by minus
//     half the size; QSpanData::setupMatrix nudges it by 1/65536 and
//     inverts it (QMatrix::inverted).
//   - The pixels drawn are those QRasterizer::rasterizeLine (aliased)
//     covers with the turned rectangle, one span a row; a transform
//     without rotation (180°) fills the qRound-ed rectangle instead.
//   - Each pixel of a span is sampled as fetchTransformedBilinear64 does:
//     16.16 fixed-point source coordinates computed at the span's first
//     pixel centre and stepped by the truncated increments, the source
//     clamped to r at its edges, and the four neighbours (8-bit channels
//     widened to 16 bits, c·257) weighted in 16 bits with the truncating
//     multiplies of interpolate_4_pixels_rgb64 (SSE2), vertically first.
//
// The 16-bit result is rounded to 8 bits (round(c/257)), which is what Qt
// stores wherever the sample is opaque or fully transparent; where it is
// translucent Qt blends the 16-bit value into the destination and rounds
// once after, which an 8-bit image cannot carry (1 level apart at times;
// SmoothTurn16 keeps the 16-bit samples).
// From a fully opaque src (a pixmap Qt keeps as RGB32, drawn with
// CompositionMode_Source) a sample whose alpha the truncating weights left
// at 65534 is stored unpremultiplied, as Qt stores it.
// Qt's floating-point steps are repeated in float64 without fused
// multiply-adds. The pixels do not depend on where the tile lies, but for
// one case: where the image's left edge cuts a turned tile, Qt starts
// each cut row's 16.16 stepping at the edge, a few 65536ths off the
// stepping from the row's own start (1 level at times).
func SmoothTurn(src *image.RGBA, r image.Rectangle, deg float64, flipX, flipY bool) *image.RGBA {
	out, _ := smoothTurn(src, r, deg, flipX, flipY, false, 0, 0)
	return out
}

// SmoothTurn16 is SmoothTurn with the samples as Qt computes them, in 16
// bits (premultiplied, as image.RGBA64 holds them), before Qt rounds or
// blends them: NewSpriteAlpha of the result draws them as tmxrasterizer
// does, where a translucent sample is blended in 16 bits and rounded
// once after. From a fully opaque src (drawn by Qt with
// CompositionMode_Source) it is SmoothTurn's 8-bit result, widened.
func SmoothTurn16(src *image.RGBA, r image.Rectangle, deg float64, flipX, flipY bool) *image.RGBA64 {
	return SmoothTurn16At(src, r, deg, flipX, flipY, 0, 0)
}

// SmoothTurn16At is SmoothTurn16 for a tile whose box lies at (ox, oy),
// a fraction of a pixel (0 ≤ ox, oy < 1; halves are exact) right of and
// below the result's origin: the pixels Qt draws for it, in device
// pixels relative to the whole pixel the box starts in. Tiled draws an
// odd-sized isometric tile on a half pixel (oy = 0.5), mirrored through
// scale(±1, ±1), so: each drawn pixel is sampled at its centre, rows
// blended in pairs with Qt's weights (setupMatrix's 1/65536 nudge
// included), and the rows drawn are those between the qRound-ed edges
// (1 to h for oy = 0.5). Off (0, 0), the bounds are those of the drawn
// pixels.
func SmoothTurn16At(src *image.RGBA, r image.Rectangle, deg float64, flipX, flipY bool, ox, oy float64) *image.RGBA64 {
	if !(ox >= 0 && ox < 1 && oy >= 0 && oy < 1) {
		ox, oy = 0, 0
	}
	out, out16 := smoothTurn(src, r, deg, flipX, flipY, !opaqueImage(src), ox, oy)
	if out16 != nil {
		return out16
	}
	wide := image.NewRGBA64(out.Rect)
	for i, c := range out.Pix {
		wide.Pix[2*i], wide.Pix[2*i+1] = c, c // c·257, big-endian
	}
	return wide
}

// smoothTurn is SmoothTurn, or SmoothTurn16's 16-bit samples when wide is
// set (then the 8-bit image is nil), the tile's box at (ox, oy).
func smoothTurn(src *image.RGBA, r image.Rectangle, deg float64, flipX, flipY, wide bool, ox, oy float64) (*image.RGBA, *image.RGBA64) {
	w, h := r.Dx(), r.Dy()
	if w <= 0 || h <= 0 || !r.In(src.Rect) {
		return image.NewRGBA(image.Rect(0, 0, max(w, 0), max(h, 0))), nil
	}
	// The tile's box lies at (org, org) of a device large enough that
	// nothing is clipped (Qt's clipping of the line to the device only
	// moves its ends outside the device).
	dev := image.Rect(0, 0, 2*turnOrg+2*(w+h), 2*turnOrg+2*(w+h))
	hw, hh := float64(w)/2, float64(h)/2

	// QPaintEngineEx::drawPixmapFragments / CellRenderer::render:
	// translate(fragment centre), rotate, scale (flips).
	m := qtTransform{m11: 1, m22: 1}
	m.translate(turnOrg+ox+hw, turnOrg+oy+hh)
	m.rotate(deg)
	sx, sy := 1.0, 1.0
	if flipX {
		sx = -1
	}
	if flipY {
		sy = -1
	}
	m.scale(sx, sy)

	// QRasterPaintEngine::drawImage: the sampling matrix.
	cp := m
	cp.translate(-hw, -hh)
	delta := qtTransform{m11: 1, m22: 1}
	delta.translate(1.0/65536, 1.0/65536)
	inv := delta.mul(cp).inverted()

	// The spans, in the tile's pixels.
	type span struct{ x, n, y int }
	var spans []span
	box := image.Rect(0, 0, w, h)
	if ox != 0 || oy != 0 {
		box = image.Rectangle{} // the drawn pixels only
	}
	put := func(x, n, y int) {
		spans = append(spans, span{x - turnOrg, n, y - turnOrg})
		box = box.Union(image.Rect(x-turnOrg, y-turnOrg, x-turnOrg+n, y-turnOrg+1))
	}
	if m.kind() <= qtTxScale {
		// fillRect_normalized over the qRound-ed mapped rectangle.
		x0, y0, x1, y1 := m.mapRectScale(-hw, -hh, float64(w), float64(h))
		for y := max(y0, dev.Min.Y); y < min(y1, dev.Max.Y); y++ {
			a, b := max(x0, dev.Min.X), min(x1, dev.Max.X)
			if b > a {
				put(a, b-a, y)
			}
		}
	} else {
		a := m.mapPoint(-hw, 0)
		b := m.mapPoint(hw, 0)
		qtRasterizeLineAliased(a, b, float64(h)/float64(w), dev, put)
	}
	var out *image.RGBA
	var t turnSampler
	t.init(src, r, inv)
	if wide {
		t.out16 = image.NewRGBA64(box)
	} else {
		out = image.NewRGBA(box)
		t.opaque = opaqueImage(src)
	}
	for _, s := range spans {
		t.span(out, s.x, s.n, s.y)
	}
	return out, t.out16
}

// turnOrg is where SmoothTurn's device puts the tile's box.
const turnOrg = 1024

// Qt's transformation types (QTransform::TransformationType).
const (
	qtTxNone = iota
	qtTxTranslate
	qtTxScale
	qtTxRotate
)

// qtTransform is QTransform's affine part with its arithmetic (Qt 5.15
// qtransform.cpp, qmatrix.cpp): x' = m11·x + m21·y + dx,
// y' = m12·x + m22·y + dy.
type qtTransform struct {
	m11, m12, m21, m22, dx, dy float64
}

// fuzzyNull is qFuzzyIsNull for doubles.
func fuzzyNull(v float64) bool { return math.Abs(v) <= 1e-12 }

// kind is QTransform::type() for an affine matrix.
func (t *qtTransform) kind() int {
	switch {
	case !fuzzyNull(t.m12) || !fuzzyNull(t.m21):
		return qtTxRotate // orthogonal here: rotations and mirrors only
	case !fuzzyNull(t.m11-1) || !fuzzyNull(t.m22-1):
		return qtTxScale
	case !fuzzyNull(t.dx) || !fuzzyNull(t.dy):
		return qtTxTranslate
	}
	return qtTxNone
}

// translate is QTransform::translate.
func (t *qtTransform) translate(dx, dy float64) {
	if dx == 0 && dy == 0 {
		return
	}
	switch t.kind() {
	case qtTxNone, qtTxTranslate:
		t.dx += dx
		t.dy += dy
	case qtTxScale:
		t.dx += float64(dx * t.m11)
		t.dy += float64(dy * t.m22)
	default:
		t.dx += float64(dx*t.m11) + float64(dy*t.m21)
		t.dy += float64(dy*t.m22) + float64(dx*t.m12)
	}
}

// qtSinCos is sin and cos of deg degrees as QTransform::rotate takes
// them: exact at multiples of 90°, glibc's sin and cos of
// deg·0.017453292519943295769 otherwise (Go's math.Sin differs from glibc
// in the last bit at 120°, so the hexagonal angles are written out).
func qtSinCos(deg float64) (sin, cos float64) {
	switch deg {
	case 90, -270:
		return 1, 0
	case 270, -90:
		return -1, 0
	case 180:
		return 0, -1
	case 60:
		return 0.8660254037844386, 0.5000000000000001
	case 120:
		return 0.8660254037844387, -0.4999999999999998
	}
	return math.Sincos(0.017453292519943295769 * deg)
}

// rotate is QTransform::rotate (about the z axis).
func (t *qtTransform) rotate(deg float64) {
	if deg == 0 {
		return
	}
	sin, cos := qtSinCos(deg)
	switch t.kind() {
	case qtTxNone, qtTxTranslate:
		t.m11, t.m12, t.m21, t.m22 = cos, sin, -sin, cos
	case qtTxScale:
		t.m11, t.m12, t.m21, t.m22 = float64(cos*t.m11), float64(sin*t.m22), float64(-sin*t.m11), float64(cos*t.m22)
	default:
		m11 := float64(cos*t.m11) + float64(sin*t.m21)
		m12 := float64(cos*t.m12) + float64(sin*t.m22)
		m21 := float64(-sin*t.m11) + float64(cos*t.m21)
		m22 := float64(-sin*t.m12) + float64(cos*t.m22)
		t.m11, t.m12, t.m21, t.m22 = m11, m12, m21, m22
	}
}

// scale is QTransform::scale.
func (t *qtTransform) scale(sx, sy float64) {
	if sx == 1 && sy == 1 {
		return
	}
	switch t.kind() {
	case qtTxNone, qtTxTranslate:
		t.m11, t.m22 = sx, sy
	case qtTxRotate:
		t.m12 *= sx
		t.m21 *= sy
		fallthrough
	default:
		t.m11 *= sx
		t.m22 *= sy
	}
}

// mul is QTransform's t·m (t applied first).
func (t qtTransform) mul(m qtTransform) qtTransform {
	k := max(t.kind(), m.kind())
	switch k {
	case qtTxNone:
		return t
	case qtTxTranslate:
		return qtTransform{m11: 1, m22: 1, dx: t.dx + m.dx, dy: t.dy + m.dy}
	case qtTxScale:
		return qtTransform{m11: float64(t.m11 * m.m11), m22: float64(t.m22 * m.m22),
			dx: float64(t.dx*m.m11) + m.dx, dy: float64(t.dy*m.m22) + m.dy}
	}
	return qtTransform{
		m11: float64(t.m11*m.m11) + float64(t.m12*m.m21),
		m12: float64(t.m11*m.m12) + float64(t.m12*m.m22),
		m21: float64(t.m21*m.m11) + float64(t.m22*m.m21),
		m22: float64(t.m21*m.m12) + float64(t.m22*m.m22),
		dx:  float64(t.dx*m.m11) + float64(t.dy*m.m21) + m.dx,
		dy:  float64(t.dx*m.m12) + float64(t.dy*m.m22) + m.dy,
	}
}

// inverted is QTransform::inverted for an affine matrix.
func (t qtTransform) inverted() qtTransform {
	switch t.kind() {
	case qtTxNone:
		return t
	case qtTxTranslate:
		return qtTransform{m11: 1, m22: 1, dx: -t.dx, dy: -t.dy}
	case qtTxScale:
		i := qtTransform{m11: 1 / t.m11, m22: 1 / t.m22}
		i.dx = float64(-t.dx * i.m11)
		i.dy = float64(-t.dy * i.m22)
		return i
	}
	// QMatrix::inverted.
	dtr := float64(t.m11*t.m22) - float64(t.m12*t.m21)
	if dtr == 0 {
		return qtTransform{m11: 1, m22: 1}
	}
	d := 1.0 / dtr
	return qtTransform{
		m11: float64(t.m22 * d), m12: float64(-t.m12 * d),
		m21: float64(-t.m21 * d), m22: float64(t.m11 * d),
		dx: float64((float64(t.m21*t.dy) - float64(t.m22*t.dx)) * d),
		dy: float64((float64(t.m12*t.dx) - float64(t.m11*t.dy)) * d),
	}
}

// mapPoint is QTransform::map of a point for a rotating matrix.
func (t *qtTransform) mapPoint(x, y float64) [2]float64 {
	return [2]float64{
		float64(t.m11*x) + float64(t.m21*y) + t.dx,
		float64(t.m12*x) + float64(t.m22*y) + t.dy,
	}
}

// mapRectScale is QTransform::mapRect of (x, y, w, h) for a scaling
// matrix, then the qRound-ed corners drawImage fills.
func (t *qtTransform) mapRectScale(x, y, w, h float64) (x0, y0, x1, y1 int) {
	rx := float64(t.m11*x) + t.dx
	ry := float64(t.m22*y) + t.dy
	rw := float64(t.m11 * w)
	rh := float64(t.m22 * h)
	if rw < 0 {
		rw = -rw
		rx -= rw
	}
	if rh < 0 {
		rh = -rh
		ry -= rh
	}
	return qRound(rx), qRound(ry), qRound(rx + rw), qRound(ry + rh)
}

// qRound is Qt's qRound for doubles.
func qRound(d float64) int {
	if d >= 0 {
		return int(d + 0.5)
	}
	return int(d-float64(int(d-1))+0.5) + int(d-1)
}

// turnSampler is fetchTransformedBilinear64_uint32's fast-matrix path
// for an ARGB32_Premultiplied texture (Plain, clamped to r).
type turnSampler struct {
	src                        *image.RGBA
	r                          image.Rectangle
	m11, m12, m21, m22, dx, dy float64
	fdx, fdy                   int32
	opaque                     bool          // Qt's RGB32 texture: CompositionMode_Source
	out16                      *image.RGBA64 // SmoothTurn16's samples, when set
}

func (s *turnSampler) init(src *image.RGBA, r image.Rectangle, inv qtTransform) {
	s.src, s.r = src, r
	s.m11, s.m12, s.m21, s.m22, s.dx, s.dy = inv.m11, inv.m12, inv.m21, inv.m22, inv.dx, inv.dy
	s.fdx = int32(s.m11 * 65536)
	s.fdy = int32(s.m12 * 65536)
}

// px16 returns the 16-bit premultiplied channels of the texture pixel
// (x, y) of r (c·257, as QRgba64::fromArgb32).
func (s *turnSampler) px16(x, y int) [4]uint32 {
	o := s.src.PixOffset(s.r.Min.X+x, s.r.Min.Y+y)
	p := s.src.Pix[o : o+4 : o+4]
	return [4]uint32{uint32(p[0]) * 257, uint32(p[1]) * 257, uint32(p[2]) * 257, uint32(p[3]) * 257}
}

// bounds is fetchTransformedBilinear_pixelBounds for a Plain texture.
func bounds(v, last int) (int, int) {
	switch {
	case v < 0:
		return 0, 0
	case v >= last:
		return last, last
	}
	return v, v + 1
}

// span samples the n pixels of row y from x (the tile's pixels; the
// device's are turnOrg more) into out.
func (s *turnSampler) span(out *image.RGBA, x, n, y int) {
	cx := float64(x+turnOrg) + 0.5
	cy := float64(y+turnOrg) + 0.5
	fx := int32((float64(s.m21*cy)+float64(s.m11*cx)+s.dx)*65536) - 32768
	fy := int32((float64(s.m22*cy)+float64(s.m12*cx)+s.dy)*65536) - 32768
	lastX, lastY := s.r.Dx()-1, s.r.Dy()-1
	for i := 0; i < n; i, fx, fy = i+1, fx+s.fdx, fy+s.fdy {
		x1, x2 := bounds(int(fx>>16), lastX)
		y1, y2 := bounds(int(fy>>16), lastY)
		distx, disty := uint32(fx)&0xffff, uint32(fy)&0xffff
		tl, tr := s.px16(x1, y1), s.px16(x2, y1)
		if disty != 0 {
			bl, br := s.px16(x1, y2), s.px16(x2, y2)
			for c := range tl {
				tl[c] = (tl[c]*(0x10000-disty))>>16 + (bl[c]*disty)>>16
				tr[c] = (tr[c]*(0x10000-disty))>>16 + (br[c]*disty)>>16
			}
		}
		var v [4]uint32
		for c := range tl {
			v[c] = tl[c]
			if distx != 0 {
				v[c] = (tl[c]*(0x10000-distx))>>16 + (tr[c]*distx)>>16
			}
		}
		if s.out16 != nil {
			s.out16.SetRGBA64(x+i, y, color.RGBA64{uint16(v[0]), uint16(v[1]), uint16(v[2]), uint16(v[3])})
			continue
		}
		o := out.PixOffset(x+i, y)
		if a := v[3]; s.opaque && a != 0xffff && a != 0 {
			// Drawn with CompositionMode_Source, the sample is stored as
			// it is, unpremultiplied in single precision (alpha 65534
			// or so: still 255 in 8 bits).
			ia := float32(255) / float32(a)
			for c := 0; c < 3; c++ {
				out.Pix[o+c] = uint8(min(255, math.RoundToEven(float64(float32(v[c])*ia))))
			}
			out.Pix[o+3] = uint8(div257(a))
			continue
		}
		for c := range v {
			out.Pix[o+c] = uint8(div257(v[c]))
		}
	}
}

// opaqueImage reports whether every pixel of img is opaque: Qt then keeps
// the pixmap as RGB32 (QRasterPlatformPixmap's opaque detection), and a
// painter draws it with CompositionMode_Source.
func opaqueImage(img *image.RGBA) bool {
	for y := img.Rect.Min.Y; y < img.Rect.Max.Y; y++ {
		o := img.PixOffset(img.Rect.Min.X, y)
		row := img.Pix[o : o+4*img.Rect.Dx()]
		for i := 3; i < len(row); i += 4 {
			if row[i] != 255 {
				return false
			}
		}
	}
	return true
}

// div257 is a 16-bit channel rounded to 8 bits, round(v/257), as Qt
// stores a 16-bit pixel into an 8-bit image (qt_div_257).
func div257(v uint32) uint32 {
	v += 128
	return (v - v>>8) >> 8
}

// qtRasterizeLine is QRasterizer::rasterizeLine of Qt 5.15, aliased and
// without legacy rounding: the spans (x, n, y) of the pixels whose
// centres the rectangle of centre line a–b and width width·|b−a| covers,
// clipped to dev. The line must lie inside dev (Qt then clips nothing).
func qtRasterizeLineAliased(a, b [2]float64, width float64, dev image.Rectangle, add func(x, n, y int)) {
	if a == b || !(width > 0) || dev.Empty() {
		return
	}
	cl, ct, cr, cb := dev.Min.X, dev.Min.Y, dev.Max.X-1, dev.Max.Y-1
	pa, pb := a, b
	if q26Dot6Compare(pa[1], pb[1]) {
		x := float64(pa[0]+pb[0]) * 0.5
		dx := math.Abs(pb[0]-pa[0]) * 0.5
		y := pa[1]
		dy := float64(width * dx)
		pa = [2]float64{x, y - dy}
		pb = [2]float64{x, y + dy}
		width = 1 / width
	}
	if q26Dot6Compare(pa[0], pb[0]) {
		if pa[1] > pb[1] {
			pa, pb = pb, pa
		}
		dy := pb[1] - pa[1]
		halfWidth := float64(float64(0.5*width) * dy)
		left := qBound(float64(cl), pa[0]-halfWidth, float64(cr+1))
		right := qBound(float64(cl), pa[0]+halfWidth, float64(cr+1))
		pa[1] = qBound(float64(ct), pa[1], float64(cb+1))
		pb[1] = qBound(float64(ct), pb[1], float64(cb+1))
		if q26Dot6Compare(left, right) || q26Dot6Compare(pa[1], pb[1]) {
			return
		}
		iTop := int(pa[1] + 0.5)
		iBottom := -1
		if pb[1] >= 0.5 {
			iBottom = int(pb[1] - 0.5)
		}
		iLeft := int(left + 0.5)
		iRight := -1
		if right >= 0.5 {
			iRight = int(right - 0.5)
		}
		if n := iRight - iLeft + 1; n > 0 {
			for y := iTop; y <= iBottom; y++ {
				add(iLeft, n, y)
			}
		}
		return
	}
	if pa[1] > pb[1] {
		pa, pb = pb, pa
	}
	f := 0.5 * width
	delta := [2]float64{float64((pb[0] - pa[0]) * f), float64((pb[1] - pa[1]) * f)}
	perp := [2]float64{delta[1], -delta[0]}
	add2 := func(p, q [2]float64) [2]float64 { return [2]float64{p[0] + q[0], p[1] + q[1]} }
	sub2 := func(p, q [2]float64) [2]float64 { return [2]float64{p[0] - q[0], p[1] - q[1]} }
	var top, left, right, bottom [2]float64
	if pa[0] < pb[0] {
		top, left, right, bottom = add2(pa, perp), sub2(pa, perp), add2(pb, perp), sub2(pb, perp)
	} else {
		top, left, right, bottom = sub2(pa, perp), sub2(pb, perp), add2(pa, perp), add2(pb, perp)
	}
	snap := func(p [2]float64) [2]float64 {
		return [2]float64{math.Floor(p[0]*64) * (1 / 64.0), math.Floor(p[1]*64) * (1 / 64.0)}
	}
	top, bottom, left, right = snap(top), snap(bottom), snap(left), snap(right)
	tle, tre := sub2(left, top), sub2(right, top)
	ble, bre := sub2(bottom, left), sub2(bottom, right)
	topLeftSlope := qSafeDivide(tle[0], tle[1])
	bottomLeftSlope := qSafeDivide(ble[0], ble[1])
	topRightSlope := qSafeDivide(tre[0], tre[1])
	bottomRightSlope := qSafeDivide(bre[0], bre[1])
	tlFP, trFP := qSafeQ16(topLeftSlope), qSafeQ16(topRightSlope)
	blFP, brFP := qSafeQ16(bottomLeftSlope), qSafeQ16(bottomRightSlope)

	iTop := int(top[1] + 0.5)
	iLeft, iRight, iBottom := -1, -1, -1
	if left[1] >= 0.5 {
		iLeft = int(left[1] - 0.5)
	}
	if right[1] >= 0.5 {
		iRight = int(right[1] - 0.5)
	}
	if bottom[1] >= 0.5 {
		iBottom = int(bottom[1] - 0.5)
	}
	iMiddle := min(iLeft, iRight)
	leftAf := qSafeQ16(top[0] + 0.5 + float64((float64(iTop)+0.5-top[1])*topLeftSlope))
	leftBf := qSafeQ16(left[0] + 0.5 + float64((float64(iLeft)+1.5-left[1])*bottomLeftSlope))
	rightAf := qSafeQ16(top[0] - 0.5 + float64((float64(iTop)+0.5-top[1])*topRightSlope))
	rightBf := qSafeQ16(right[0] - 0.5 + float64((float64(iRight)+1.5-right[1])*bottomRightSlope))

	y := iTop
	segment := func(next *int, li, ri *int32, ls, rs int32) {
		if ny := min(*next+1, ct); y < ny {
			*li += ls * int32(ny-y)
			*ri += rs * int32(ny-y)
			y = ny
		}
		if *next > cb {
			*next = cb
		}
		for ; y <= *next; y++ {
			x1 := max(int(*li>>16), cl)
			x2 := min(int(*ri>>16), cr)
			if x2 >= x1 {
				add(x1, x2-x1+1, y)
			}
			*li += ls
			*ri += rs
		}
	}
	segment(&iMiddle, &leftAf, &rightAf, tlFP, trFP)
	segment(&iRight, &leftBf, &rightAf, blFP, trFP)
	segment(&iLeft, &leftAf, &rightBf, tlFP, brFP)
	segment(&iBottom, &leftBf, &rightBf, blFP, brFP)
}

func q26Dot6Compare(p1, p2 float64) bool { return int((p2-p1)*64) == 0 }

func qBound(lo, v, hi float64) float64 { return math.Max(lo, math.Min(v, hi)) }

func qSafeDivide(x, y float64) float64 {
	if y == 0 {
		if x > 0 {
			return 1e20
		}
		return -1e20
	}
	return x / y
}

func qSafeQ16(x float64) int32 {
	t := x * 65536
	switch {
	case t > math.MaxInt32:
		return math.MaxInt32
	case t < math.MinInt32:
		return -math.MaxInt32
	}
	return int32(t)
}
