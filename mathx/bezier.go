package mathx

import "math"

// maxFlattenDepth bounds the recursion of the flatteners: 2^16 segments per
// curve at most, whatever the tolerance.
const maxFlattenDepth = 16

// QuadBezier is a quadratic Bézier curve from P0 to P2 with control P1.
type QuadBezier struct{ P0, P1, P2 Vec2 }

// Point returns the point at parameter t in [0, 1]. t = 0 and t = 1 give
// P0 and P2 exactly.
func (q QuadBezier) Point(t float64) Vec2 {
	switch t {
	case 0:
		return q.P0
	case 1:
		return q.P2
	}
	u := 1 - t
	return q.P0.Scale(u * u).Add(q.P1.Scale(2 * u * t)).Add(q.P2.Scale(t * t))
}

// Deriv returns the derivative dP/dt at t.
func (q QuadBezier) Deriv(t float64) Vec2 {
	return q.P1.Sub(q.P0).Scale(2 * (1 - t)).Add(q.P2.Sub(q.P1).Scale(2 * t))
}

// Split divides the curve at t into two curves that together trace it.
func (q QuadBezier) Split(t float64) (QuadBezier, QuadBezier) {
	a := q.P0.Lerp(q.P1, t)
	b := q.P1.Lerp(q.P2, t)
	m := a.Lerp(b, t)
	return QuadBezier{q.P0, a, m}, QuadBezier{m, b, q.P2}
}

// Flatten appends to dst a polyline approximating the curve within tol
// (the largest distance between the curve and the chord of any segment),
// starting with P0 and ending exactly with P2, and returns it. A tol <= 0
// or non-finite is treated as 0.25.
func (q QuadBezier) Flatten(tol float64, dst []Vec2) []Vec2 {
	tol = flattenTol(tol)
	dst = append(dst, q.P0)
	return q.flatten(tol, dst, 0)
}

func (q QuadBezier) flatten(tol float64, dst []Vec2, depth int) []Vec2 {
	// The curve deviates from its chord by at most half the control
	// point's distance from the chord midpoint.
	d := q.P1.Sub(q.P0.Lerp(q.P2, 0.5)).Len() * 0.5
	if d <= tol || depth >= maxFlattenDepth || !IsFinite(d) {
		return append(dst, q.P2)
	}
	a, b := q.Split(0.5)
	dst = a.flatten(tol, dst, depth+1)
	return b.flatten(tol, dst, depth+1)
}

// CubicBezier is a cubic Bézier curve from P0 to P3 with controls P1, P2.
type CubicBezier struct{ P0, P1, P2, P3 Vec2 }

// Point returns the point at parameter t in [0, 1]. t = 0 and t = 1 give
// P0 and P3 exactly.
func (c CubicBezier) Point(t float64) Vec2 {
	switch t {
	case 0:
		return c.P0
	case 1:
		return c.P3
	}
	u := 1 - t
	return c.P0.Scale(u * u * u).Add(c.P1.Scale(3 * u * u * t)).Add(c.P2.Scale(3 * u * t * t)).Add(c.P3.Scale(t * t * t))
}

// Deriv returns the derivative dP/dt at t.
func (c CubicBezier) Deriv(t float64) Vec2 {
	u := 1 - t
	return c.P1.Sub(c.P0).Scale(3 * u * u).Add(c.P2.Sub(c.P1).Scale(6 * u * t)).Add(c.P3.Sub(c.P2).Scale(3 * t * t))
}

// Split divides the curve at t (de Casteljau).
func (c CubicBezier) Split(t float64) (CubicBezier, CubicBezier) {
	ab := c.P0.Lerp(c.P1, t)
	bc := c.P1.Lerp(c.P2, t)
	cd := c.P2.Lerp(c.P3, t)
	abc := ab.Lerp(bc, t)
	bcd := bc.Lerp(cd, t)
	m := abc.Lerp(bcd, t)
	return CubicBezier{c.P0, ab, abc, m}, CubicBezier{m, bcd, cd, c.P3}
}

// Flatten appends to dst a polyline approximating the curve within tol,
// starting with P0 and ending exactly with P3, and returns it. A tol <= 0
// or non-finite is treated as 0.25.
func (c CubicBezier) Flatten(tol float64, dst []Vec2) []Vec2 {
	tol = flattenTol(tol)
	dst = append(dst, c.P0)
	return c.flatten(tol, dst, 0)
}

func (c CubicBezier) flatten(tol float64, dst []Vec2, depth int) []Vec2 {
	// Distance bound of the curve from its chord: 3/4 of the largest
	// control point offset from the chord-parametrised positions.
	d1 := c.P1.Sub(c.P0.Lerp(c.P3, 1.0/3)).Len()
	d2 := c.P2.Sub(c.P0.Lerp(c.P3, 2.0/3)).Len()
	d := 0.75 * math.Max(d1, d2)
	if d <= tol || depth >= maxFlattenDepth || !IsFinite(d) {
		return append(dst, c.P3)
	}
	a, b := c.Split(0.5)
	dst = a.flatten(tol, dst, depth+1)
	return b.flatten(tol, dst, depth+1)
}

func flattenTol(tol float64) float64 {
	if !(tol > 0) || !IsFinite(tol) {
		return 0.25
	}
	return tol
}

// SegmentDist returns the distance from p to the segment a–b.
func SegmentDist(p, a, b Vec2) float64 {
	return p.Dist(ClosestOnSegment(p, a, b))
}

// ClosestOnSegment returns the point of segment a–b closest to p.
func ClosestOnSegment(p, a, b Vec2) Vec2 {
	ab := b.Sub(a)
	l2 := ab.LenSq()
	if l2 == 0 {
		return a
	}
	t := Clamp(p.Sub(a).Dot(ab)/l2, 0, 1)
	return a.Add(ab.Scale(t))
}
