package raster

// Straightforward reference implementations used to check the fast paths:
// one pixel at a time, float arithmetic, no runs, no spans.

import (
	"image"
	"image/color"
	"math"

	"diorama/mathx"
)

func roundDiv255(v float64) uint32 { return uint32(math.Round(v / 255)) }

// refModulate applies flash then tint to a premultiplied colour.
func refModulate(p color.RGBA, o *DrawOptions) color.RGBA {
	if o == nil {
		return p
	}
	if o.FlashAmount != 0 {
		t := float64(o.FlashAmount)
		f := [3]float64{float64(o.Flash.R), float64(o.Flash.G), float64(o.Flash.B)}
		c := [3]*uint8{&p.R, &p.G, &p.B}
		for i := range 3 {
			target := float64(roundDiv255(f[i] * float64(p.A)))
			v := float64(*c[i])
			*c[i] = uint8(math.Round(v + (target-v)*t/255))
		}
	}
	if o.Tinted {
		tn := validPremul(o.Tint)
		p = color.RGBA{uint8(roundDiv255(float64(p.R) * float64(tn.R))), uint8(roundDiv255(float64(p.G) * float64(tn.G))),
			uint8(roundDiv255(float64(p.B) * float64(tn.B))), uint8(roundDiv255(float64(p.A) * float64(tn.A)))}
	}
	return p
}

// refOver composites s over d with float arithmetic.
func refOver(d, s color.RGBA) color.RGBA {
	k := 255 - float64(s.A)
	return color.RGBA{
		s.R + uint8(roundDiv255(float64(d.R)*k)), s.G + uint8(roundDiv255(float64(d.G)*k)),
		s.B + uint8(roundDiv255(float64(d.B)*k)), s.A + uint8(roundDiv255(float64(d.A)*k)),
	}
}

// refDrawSprite draws s like DrawSprite, pixel by pixel over the whole
// clip, finding each destination pixel's source by inverting the flip and
// scale mapping.
func refDrawSprite(dst *Frame, clip image.Rectangle, s *Sprite, x, y int, o *DrawOptions) {
	clip = clip.Intersect(dst.Rect)
	k := 1
	var fx, fy bool
	if o != nil {
		k = min(max(o.Scale, 1), MaxScale)
		fx, fy = o.FlipX, o.FlipY
	}
	if o != nil && o.Tinted && validPremul(o.Tint).A == 0 {
		return
	}
	for py := clip.Min.Y; py < clip.Max.Y; py++ {
		for px := clip.Min.X; px < clip.Max.X; px++ {
			U, V := px-x, py-y
			if U < 0 || V < 0 {
				continue
			}
			U, V = U/k, V/k
			if U >= s.w || V >= s.h {
				continue
			}
			u, v := U, V
			if fx {
				u = s.w - 1 - U
			}
			if fy {
				v = s.h - 1 - V
			}
			p := s.RGBAAt(u, v)
			if p.A == 0 {
				continue
			}
			p = refModulate(p, o)
			if p.A == 0 {
				continue
			}
			dst.SetRGBA(px, py, refOver(dst.RGBAAt(px, py), p))
		}
	}
}

// refDrawAffine samples every pixel of the clip through the inverse
// transform.
func refDrawAffine(dst *Frame, clip image.Rectangle, s *Sprite, m mathx.Affine2, f Filter) {
	inv, ok := m.Invert()
	if !ok || !m.IsFinite() {
		return
	}
	clip = clip.Intersect(dst.Rect)
	for py := clip.Min.Y; py < clip.Max.Y; py++ {
		for px := clip.Min.X; px < clip.Max.X; px++ {
			q := inv.Apply(mathx.V2(float64(px)+0.5, float64(py)+0.5))
			var p uint32
			if f == Bilinear {
				p = s.sampleBilinear(q.X, q.Y)
			} else {
				p = s.sampleNearest(q.X, q.Y)
			}
			if p>>24 == 0 {
				continue
			}
			dst.SetRGBA(px, py, refOver(dst.RGBAAt(px, py), unpack(p)))
		}
	}
}

// refLinePixels lists the pixels of the midpoint line from (x0,y0) to
// (x1,y1) by the textbook error-accumulating Bresenham loop.
func refLinePixels(x0, y0, x1, y1 int) []image.Point {
	dx, dy := x1-x0, y1-y0
	sx, sy := 1, 1
	if dx < 0 {
		dx, sx = -dx, -1
	}
	if dy < 0 {
		dy, sy = -dy, -1
	}
	var pts []image.Point
	if dx >= dy {
		// err tracks 2·dx·(exact minor offset − current minor offset) − dx.
		e := 0
		y := y0
		for i := 0; i <= dx; i++ {
			pts = append(pts, image.Pt(x0+sx*i, y))
			e += 2 * dy
			if e >= dx { // offset reached one half: step the minor axis
				y += sy
				e -= 2 * dx
			}
		}
	} else {
		e := 0
		x := x0
		for i := 0; i <= dy; i++ {
			pts = append(pts, image.Pt(x, y0+sy*i))
			e += 2 * dx
			if e >= dy {
				x += sx
				e -= 2 * dy
			}
		}
	}
	return pts
}

// refInside reports whether point p is inside the path by the nonzero
// winding rule.
func refInside(p mathx.Vec2, pts []mathx.Vec2, ends []int) bool {
	wind := 0
	start := 0
	if ends == nil {
		ends = []int{len(pts)}
	}
	for _, end := range ends {
		c := pts[start:end]
		start = end
		for i := range c {
			a, b := c[i], c[(i+1)%len(c)]
			if a.Y <= p.Y && b.Y > p.Y {
				if (b.X-a.X)*(p.Y-a.Y)-(p.X-a.X)*(b.Y-a.Y) > 0 {
					wind++
				}
			} else if a.Y > p.Y && b.Y <= p.Y {
				if (b.X-a.X)*(p.Y-a.Y)-(p.X-a.X)*(b.Y-a.Y) < 0 {
					wind--
				}
			}
		}
	}
	return wind != 0
}

// refCirclePixels runs the textbook incremental midpoint circle and
// returns the set of pixels it plots.
func refCirclePixels(r int) map[image.Point]int {
	pts := map[image.Point]int{}
	x, y, d := 0, r, 1-r
	for x <= y {
		for _, p := range [][2]int{{x, y}, {-x, y}, {x, -y}, {-x, -y}, {y, x}, {-y, x}, {y, -x}, {-y, -x}} {
			pts[image.Pt(p[0], p[1])] = 1
		}
		x++
		if d < 0 {
			d += 2*x + 1
		} else {
			y--
			d += 2*(x-y) + 1
		}
	}
	return pts
}
