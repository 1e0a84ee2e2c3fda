package raster

import (
	"image"
	"image/color"
	"math"

	"diorama/mathx"
)

// FillRect blends the premultiplied colour c over r ∩ clip.
func FillRect(dst *Frame, clip image.Rectangle, r image.Rectangle, c color.RGBA) {
	if dst == nil || c.A == 0 {
		return
	}
	r = r.Intersect(clipTo(dst, clip))
	if r.Empty() {
		return
	}
	pc := packRGBA(validPremul(c))
	d32 := pix32(dst.Pix)
	stride := dst.Stride >> 2
	for y := r.Min.Y; y < r.Max.Y; y++ {
		fillSpan(d32[y*stride:y*stride+r.Max.X], r.Min.X, r.Max.X, pc)
	}
}

// ClearRect replaces every pixel of clip ∩ dst with the premultiplied
// colour c (no blending, like draw.Src).
func ClearRect(dst *Frame, clip image.Rectangle, c color.RGBA) {
	if dst == nil {
		return
	}
	r := clipTo(dst, clip)
	if r.Empty() {
		return
	}
	pc := packRGBA(validPremul(c))
	d32 := pix32(dst.Pix)
	stride := dst.Stride >> 2
	row := d32[r.Min.Y*stride+r.Min.X : r.Min.Y*stride+r.Max.X]
	for i := range row {
		row[i] = pc
	}
	for y := r.Min.Y + 1; y < r.Max.Y; y++ {
		copy(d32[y*stride+r.Min.X:y*stride+r.Max.X], row)
	}
}

// StrokeRect draws the one-pixel outline just inside r, each pixel once.
func StrokeRect(dst *Frame, clip image.Rectangle, r image.Rectangle, c color.RGBA) {
	r = r.Canon()
	if r.Empty() {
		return
	}
	FillRect(dst, clip, image.Rect(r.Min.X, r.Min.Y, r.Max.X, r.Min.Y+1), c)
	if r.Dy() > 1 {
		FillRect(dst, clip, image.Rect(r.Min.X, r.Max.Y-1, r.Max.X, r.Max.Y), c)
	}
	if r.Dy() > 2 {
		FillRect(dst, clip, image.Rect(r.Min.X, r.Min.Y+1, r.Min.X+1, r.Max.Y-1), c)
		if r.Dx() > 1 {
			FillRect(dst, clip, image.Rect(r.Max.X-1, r.Min.Y+1, r.Max.X, r.Max.Y-1), c)
		}
	}
}

// blendAt blends colour word c over pixel (x, y) if it is inside clip.
func blendAt(d32 []uint32, stride int, clip image.Rectangle, x, y int, c uint32) {
	if x < clip.Min.X || y < clip.Min.Y || x >= clip.Max.X || y >= clip.Max.Y {
		return
	}
	i := y*stride + x
	if c>>24 == 255 {
		d32[i] = c
	} else {
		d32[i] = over(d32[i], c)
	}
}

// Line draws the exact Bresenham (midpoint) line from (x0, y0) to (x1, y1),
// both ends included, each pixel once: along the major axis, pixel i sits
// at minor offset round(i·dminor/dmajor) with halves rounded away from the
// start. Clipping never changes which pixels are chosen, and the work is
// bounded by the clip size whatever the coordinates.
func Line(dst *Frame, clip image.Rectangle, x0, y0, x1, y1 int, c color.RGBA) {
	if dst == nil || c.A == 0 {
		return
	}
	clip = clipTo(dst, clip)
	if clip.Empty() {
		return
	}
	x0, y0, x1, y1 = clampCoord(x0), clampCoord(y0), clampCoord(x1), clampCoord(y1)
	pc := packRGBA(validPremul(c))
	d32 := pix32(dst.Pix)
	stride := dst.Stride >> 2
	dx, dy := int64(x1-x0), int64(y1-y0)
	sx, sy := int64(1), int64(1)
	if dx < 0 {
		dx, sx = -dx, -1
	}
	if dy < 0 {
		dy, sy = -dy, -1
	}
	if dx == 0 && dy == 0 {
		blendAt(d32, stride, clip, x0, y0, pc)
		return
	}
	// Walk the major axis; (ma0, mi0) is the start in (major, minor)
	// coordinates and the clip range of the major axis bounds the loop.
	major, minor := dx, dy
	ma0, mi0, sma, smi := int64(x0), int64(y0), sx, sy
	lo, hi := int64(clip.Min.X), int64(clip.Max.X)-1
	mlo, mhi := int64(clip.Min.Y), int64(clip.Max.Y)-1
	if dy > dx {
		major, minor = dy, dx
		ma0, mi0, sma, smi = int64(y0), int64(x0), sy, sx
		lo, hi, mlo, mhi = mlo, mhi, lo, hi
	}
	// Range of steps i in [0, major] whose major coordinate is in the clip.
	ilo, ihi := int64(0), major
	if sma > 0 {
		ilo, ihi = max(ilo, lo-ma0), min(ihi, hi-ma0)
	} else {
		ilo, ihi = max(ilo, ma0-hi), min(ihi, ma0-lo)
	}
	for i := ilo; i <= ihi; i++ {
		m := ma0 + sma*i
		n := mi0 + smi*((2*i*minor+major)/(2*major))
		if n < mlo || n > mhi {
			continue
		}
		if dy > dx {
			blendAt(d32, stride, clip, int(n), int(m), pc)
		} else {
			blendAt(d32, stride, clip, int(m), int(n), pc)
		}
	}
}

// StrokeCircle draws the one-pixel midpoint (Bresenham) circle of integer
// radius r about (cx, cy), each pixel once. The pixels are exactly those of
// the classic incremental algorithm, but each is found in closed form, so
// only the columns and rows that can reach the clip are visited: the cost
// is bounded by the clip size, however large the radius.
func StrokeCircle(dst *Frame, clip image.Rectangle, cx, cy, r int, c color.RGBA) {
	if dst == nil || c.A == 0 || r < 0 {
		return
	}
	clip = clipTo(dst, clip)
	cx, cy, r = clampCoord(cx), clampCoord(cy), min(r, coordLimit)
	if clip.Empty() || !image.Rect(cx-r, cy-r, cx+r+1, cy+r+1).Overlaps(clip) {
		return
	}
	pc := packRGBA(validPremul(c))
	d32 := pix32(dst.Pix)
	stride := dst.Stride >> 2
	plot := func(x, y int) { blendAt(d32, stride, clip, cx+x, cy+y, pc) }
	// In the first octant (0 <= x <= y) the algorithm keeps, for each x,
	// the largest y whose lower midpoint (x, y-½) is inside the circle:
	// x² + y² - y < r². Only x values whose mirrored points can land in the
	// clip matter: |x| within the clip's columns or rows around the centre.
	var iv [4][2]int
	n := 0
	add := func(lo, hi, c int) { // offsets o with c+o in [lo, hi), as |o| ranges
		a, b := lo-c, hi-c // o in [a, b)
		if b > 0 {
			iv[n] = [2]int{max(a, 0), b}
			n++
		}
		if a < 1 {
			iv[n] = [2]int{max(-b+1, 0), -a + 1}
			n++
		}
	}
	add(clip.Min.X, clip.Max.X, cx)
	add(clip.Min.Y, clip.Max.Y, cy)
	r2 := int64(r) * int64(r)
	xmax := int(float64(r)/math.Sqrt2) + 2
	for k := 0; k < n; k++ {
		lo, hi := iv[k][0], min(iv[k][1], xmax)
		for x := lo; x < hi; x++ {
			// Skip x values already visited by an earlier interval.
			dup := false
			for j := 0; j < k; j++ {
				if x >= iv[j][0] && x < min(iv[j][1], xmax) {
					dup = true
					break
				}
			}
			if dup {
				continue
			}
			y := circleY(int64(x), r2)
			if int64(x) > y {
				continue
			}
			plotOctants(plot, x, int(y))
		}
	}
}

// circleY returns the largest y >= 0 with x² + y² - y < r², the midpoint
// circle's y at column x (x <= r).
func circleY(x, r2 int64) int64 {
	t := r2 - x*x // y² - y < t
	if t <= 0 {
		return 0
	}
	y := int64((1 + math.Sqrt(float64(1+4*t))) / 2)
	for y*y-y >= t {
		y--
	}
	for (y+1)*(y+1)-(y+1) < t {
		y++
	}
	return y
}

// plotOctants plots the up to eight mirror images of (x, y), 0 <= x <= y,
// each distinct pixel once.
func plotOctants(plot func(x, y int), x, y int) {
	switch {
	case y == 0:
		plot(0, 0)
	case x == 0:
		plot(0, y)
		plot(0, -y)
		plot(y, 0)
		plot(-y, 0)
	case x == y:
		plot(x, y)
		plot(-x, y)
		plot(x, -y)
		plot(-x, -y)
	default:
		plot(x, y)
		plot(-x, y)
		plot(x, -y)
		plot(-x, -y)
		plot(y, x)
		plot(-y, x)
		plot(y, -x)
		plot(-y, -x)
	}
}

// FillCircle fills the disc of radius r about c (antialiased with aa).
func FillCircle(dst *Frame, clip image.Rectangle, c mathx.Vec2, r float64, col color.RGBA, aa bool) {
	if !(r > 0) || !c.IsFinite() || math.IsInf(r, 0) {
		return
	}
	sc := scratchPool.Get().(*scratch)
	sc.pts = appendCircle(sc.pts[:0], c, math.Min(r, coordLimit), false)
	fillPath(dst, clip, sc.pts, nil, col, aa, sc)
	scratchPool.Put(sc)
}

// StrokeCircleAA draws the ring of the given width centred on the circle of
// radius r about c, antialiased.
func StrokeCircleAA(dst *Frame, clip image.Rectangle, c mathx.Vec2, r, width float64, col color.RGBA) {
	if !(r > 0) || !(width > 0) || !c.IsFinite() || math.IsInf(r+width, 0) {
		return
	}
	sc := scratchPool.Get().(*scratch)
	sc.pts, sc.ends = appendRing(sc.pts[:0], sc.ends[:0], c, r, width)
	fillPath(dst, clip, sc.pts, sc.ends, col, true, sc)
	scratchPool.Put(sc)
}

// appendRing appends the two contours of a ring: the outer circle and the
// inner one in the opposite orientation, so the hole has winding zero.
func appendRing(pts []mathx.Vec2, ends []int, c mathx.Vec2, r, width float64) ([]mathx.Vec2, []int) {
	ro, ri := math.Min(r+width/2, coordLimit), r-width/2
	pts = appendCircle(pts, c, ro, false)
	ends = append(ends, len(pts))
	if ri > 0 {
		pts = appendCircle(pts, c, ri, true)
		ends = append(ends, len(pts))
	}
	return pts, ends
}

// ThickLine strokes the polyline through pts with the given width,
// antialiased with aa; round adds round joins and caps (otherwise butt
// caps and joins filled only by the overlapping segments). Overlaps are
// filled once, so translucent strokes have no darker joints.
func ThickLine(dst *Frame, clip image.Rectangle, pts []mathx.Vec2, width float64, c color.RGBA, aa, round bool) {
	if !(width > 0) || math.IsInf(width, 0) || len(pts) < 2 {
		return
	}
	sc := scratchPool.Get().(*scratch)
	sc.pts, sc.ends = appendThickPolyline(sc.pts[:0], sc.ends[:0], pts, math.Min(width, coordLimit), round)
	fillPath(dst, clip, sc.pts, sc.ends, c, aa, sc)
	scratchPool.Put(sc)
}

// LineAA draws an antialiased line of the given width from a to b.
func LineAA(dst *Frame, clip image.Rectangle, a, b mathx.Vec2, width float64, c color.RGBA) {
	seg := [2]mathx.Vec2{a, b}
	ThickLine(dst, clip, seg[:], width, c, true, false)
}
