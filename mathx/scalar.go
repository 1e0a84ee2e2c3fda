package mathx

import "math"

// Lerp returns a + (b-a)*t. t is not clamped.
func Lerp(a, b, t float64) float64 { return a + float64((b-a)*t) }

// InvLerp returns the t for which Lerp(a, b, t) == v, or 0 when a == b.
func InvLerp(a, b, v float64) float64 {
	if a == b {
		return 0
	}
	return (v - a) / (b - a)
}

// Clamp limits v to [lo, hi]. A NaN v yields lo, so a NaN never leaks
// through a clamp.
func Clamp(v, lo, hi float64) float64 {
	if !(v >= lo) { // also catches NaN
		return lo
	}
	if v > hi {
		return hi
	}
	return v
}

// ClampInt limits v to [lo, hi].
func ClampInt(v, lo, hi int) int {
	if v < lo {
		return lo
	}
	if v > hi {
		return hi
	}
	return v
}

// Smoothstep is the cubic Hermite step 3t²-2t³ of t clamped to [0, 1].
func Smoothstep(t float64) float64 {
	t = Clamp(t, 0, 1)
	return float64(t * t * (3 - float64(2*t)))
}

// ApproxEqual reports whether a and b differ by at most eps, absolutely or
// relative to the larger magnitude.
func ApproxEqual(a, b, eps float64) bool {
	if a == b {
		return true
	}
	d := math.Abs(a - b)
	if d <= eps {
		return true
	}
	return d <= eps*math.Max(math.Abs(a), math.Abs(b))
}

// IsFinite reports whether f is neither NaN nor ±Inf: f − f is 0 for
// every finite f and NaN otherwise (one subtraction and one compare,
// where a NaN test and two infinity tests cost three branches in the
// steering and physics loops that call it per agent). The explicit
// conversion rounds f first: inlined into IsFinite(a*b), a bare f-f
// may fuse into a*b − round(a*b), the product's rounding error, which
// is not 0.
func IsFinite(f float64) bool { return float64(f)-float64(f) == 0 }

// Sign returns -1, 0 or +1 according to the sign of v (0 for NaN).
func Sign(v float64) float64 {
	switch {
	case v > 0:
		return 1
	case v < 0:
		return -1
	}
	return 0
}
