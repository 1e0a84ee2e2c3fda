package vorbis

import "math"

// The decoder's floating point gives the same bits on every CPU. Go may
// fuse a product and a sum into one multiply-add (it does on arm64, and on
// amd64 built with GOAMD64=v3), which rounds once instead of twice, and
// the math package's Sin, Cos, Atan and Exp are different code on
// different CPUs (Exp uses FMA on amd64 when the CPU has it). Either would
// move a few samples by one step of 16 bits, and the engine's mix must be
// bit-identical everywhere. So every product that feeds a sum is rounded
// by an explicit conversion (which forbids the fusion), and the functions
// below replace math's: plain polynomials whose every product is rounded
// the same way. They are accurate to a few units in the last place, which
// is far below what a 16-bit sample can show; what matters is that they
// are the same everywhere. internal/determinism's decode trace checks the
// decoded samples on every target.

const (
	pio2Hi = 1.5707963267341256e+00 // π/2's first 33 bits
	pio2Lo = 6.0771005065061922e-11 // π/2 - pio2Hi
)

// sincos returns sin(x) and cos(x). Beyond |x| = 2^20 the reduction loses
// accuracy (a hostile floor 0 coefficient can be anything), never
// determinism.
func sincos(x float64) (s, c float64) {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return math.NaN(), math.NaN()
	}
	if math.Abs(x) > 1<<20 {
		x = math.Mod(x, 2*math.Pi) // exact, so the same everywhere
	}
	k := math.Floor(x/(math.Pi/2) + 0.5) // exact once divided and rounded
	r := x - float64(k*pio2Hi)
	r -= float64(k * pio2Lo)
	z := float64(r * r)
	// Taylor series to r^17 and r^18 for |r| <= π/4 (error < 1e-17).
	ps := float64(z * (1.0 / 355687428096000))
	ps = float64(z * (-1.0/1307674368000 + ps))
	ps = float64(z * (1.0/6227020800 + ps))
	ps = float64(z * (-1.0/39916800 + ps))
	ps = float64(z * (1.0/362880 + ps))
	ps = float64(z * (-1.0/5040 + ps))
	ps = float64(z * (1.0/120 + ps))
	ps = float64(z * (-1.0/6 + ps))
	sr := r + float64(r*ps)
	pc := float64(z * (-1.0 / 6402373705728000))
	pc = float64(z * (1.0/20922789888000 + pc))
	pc = float64(z * (-1.0/87178291200 + pc))
	pc = float64(z * (1.0/479001600 + pc))
	pc = float64(z * (-1.0/3628800 + pc))
	pc = float64(z * (1.0/40320 + pc))
	pc = float64(z * (-1.0/720 + pc))
	pc = float64(z * (1.0/24 + pc))
	pc = float64(z * (0.5 - pc))
	cr := 1 - pc
	switch q := math.Mod(k, 4); {
	case q == 0:
		return sr, cr
	case q == 1 || q == -3:
		return cr, -sr
	case q == 2 || q == -2:
		return -sr, -cr
	default:
		return -cr, sr
	}
}

func dsin(x float64) float64 { s, _ := sincos(x); return s }
func dcos(x float64) float64 { _, c := sincos(x); return c }

// datan returns the arctangent of x.
func datan(x float64) float64 {
	if math.IsNaN(x) {
		return x
	}
	if x < 0 {
		return -datan(-x)
	}
	if math.IsInf(x, 1) {
		return math.Pi / 2
	}
	if x > 1 {
		return math.Pi/2 - datan(1/x)
	}
	base := 0.0
	if x > 0.4142135623730950 { // tan(π/8): atan x = π/4 + atan((x-1)/(x+1))
		base = math.Pi / 4
		x = (x - 1) / (x + 1)
	}
	// x - x^3/3 + x^5/5 - ... for |x| <= tan(π/8): 40 terms reach 1e-17.
	z := float64(x * x)
	p := 0.0
	for n := 39; n >= 1; n-- {
		t := 1 / float64(2*n+1)
		if n%2 == 1 {
			t = -t
		}
		p = float64(z * (t + p))
	}
	return base + (x + float64(x*p))
}

// dexp returns e^x.
func dexp(x float64) float64 {
	switch {
	case math.IsNaN(x):
		return x
	case x > 709.78:
		return math.Inf(1)
	case x < -745.2:
		return 0
	}
	const ln2Hi, ln2Lo = 6.93147180369123816490e-01, 1.90821492927058770002e-10
	k := math.Floor(x/math.Ln2 + 0.5)
	r := x - float64(k*ln2Hi)
	r -= float64(k * ln2Lo)
	// Taylor series to r^14 for |r| <= ln2/2 (error < 1e-17).
	p := 1.0 / 87178291200
	for n := 13; n >= 1; n-- {
		p = float64(r*p) + 1/factorial(n)
	}
	return math.Ldexp(float64(r*p)+1, int(k))
}

// factorial returns n! for small n, exactly.
func factorial(n int) float64 {
	f := 1.0
	for i := 2; i <= n; i++ {
		f *= float64(i)
	}
	return f
}
