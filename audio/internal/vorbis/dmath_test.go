package vorbis

import (
	"math"
	"testing"
)

// The decoder's own sin, cos, atan and exp agree with the math package's
// to within a few units in the last place over the ranges the decoder
// uses them on (and a wide margin beyond), so replacing math's (which
// differ between CPUs) changed no decoded sample by more than rounding.
func TestDeterministicMath(t *testing.T) {
	check := func(name string, got, want, x float64, ulps float64) {
		t.Helper()
		tol := ulps * math.Max(math.Abs(want), 1e-300) * 0x1p-52
		if name != "exp" {
			tol = math.Max(tol, ulps*0x1p-53) // sin/cos/atan near zero: absolute
		}
		if math.Abs(got-want) > tol {
			t.Fatalf("%s(%v) = %v, math says %v (%.3g apart, tolerance %.3g)", name, x, got, want, got-want, tol)
		}
	}
	for i := -20000; i <= 20000; i++ {
		x := float64(i) * 1e-3 // -20..20, beyond ±2π a few times
		s, c := sincos(x)
		check("sin", s, math.Sin(x), x, 4)
		check("cos", c, math.Cos(x), x, 4)
		a := float64(i) * 1e-2 // -200..200: bark's arguments reach ~20
		check("atan", datan(a), math.Atan(a), a, 4)
		e := float64(i) * 3e-2 // -600..600: floor 0's amplitudes
		check("exp", dexp(e), math.Exp(e), e, 8)
	}
	for _, x := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		if s, c := sincos(x); !math.IsNaN(s) || !math.IsNaN(c) {
			t.Errorf("sincos(%v) = %v, %v, want NaN", x, s, c)
		}
	}
	if datan(math.Inf(1)) != math.Pi/2 || datan(math.Inf(-1)) != -math.Pi/2 || !math.IsNaN(datan(math.NaN())) {
		t.Error("datan at ±Inf or NaN")
	}
	if dexp(1000) != math.Inf(1) || dexp(-1000) != 0 || !math.IsNaN(dexp(math.NaN())) || dexp(0) != 1 {
		t.Error("dexp at the edges")
	}
	// A hostile coefficient far outside any angle: finite, in range.
	if s, c := sincos(1e300); math.Abs(s) > 1.01 || math.Abs(c) > 1.01 {
		t.Errorf("sincos(1e300) = %v, %v", s, c)
	}
}
