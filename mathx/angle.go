package mathx

import "math"

// Deg converts degrees to radians.
func Deg(d float64) float64 { return d * math.Pi / 180 }

// ToDeg converts radians to degrees.
func ToDeg(r float64) float64 { return r * 180 / math.Pi }

// WrapAngle maps a to the equivalent angle in (-π, π]. Non-finite input
// gives 0.
func WrapAngle(a float64) float64 {
	if !IsFinite(a) {
		return 0
	}
	if a > -math.Pi && a <= math.Pi {
		return a
	}
	a = math.Mod(a+math.Pi, 2*math.Pi)
	if a <= 0 {
		a += 2 * math.Pi
	}
	return a - math.Pi
}

// AngleDiff returns the shortest signed rotation from a to b, in (-π, π].
func AngleDiff(a, b float64) float64 { return WrapAngle(b - a) }

// LerpAngle interpolates from a toward b along the shorter arc; the result
// is wrapped to (-π, π].
func LerpAngle(a, b, t float64) float64 { return WrapAngle(a + float64(AngleDiff(a, b)*t)) }

// RotateToward turns a toward b by at most maxStep radians (maxStep >= 0).
func RotateToward(a, b, maxStep float64) float64 {
	d := AngleDiff(a, b)
	if math.Abs(d) <= maxStep {
		return WrapAngle(b)
	}
	return WrapAngle(a + math.Copysign(maxStep, d))
}
