package mathx

import "math"

// The engine's own elementary functions. Go's math package picks a
// different implementation per architecture (assembly Exp and Hypot on
// amd64, pure Go elsewhere) and its pure-Go polynomials are fused into
// FMA instructions on arm64 and amd64 v3 but not on amd64 v1, 386 or
// wasm, so math.Sin and friends may differ in the last bit from one
// build to the next, and a simulation built on them drifts apart.
//
// These are written once, in plain float64 arithmetic where every product
// that feeds an addition is rounded by an explicit float64 conversion (the
// Go spec's guarantee against fusion), so they return the same bits on
// every GOARCH and GOAMD64 level. They use the classic argument
// reductions and minimax polynomials of fdlibm (the coefficients are the
// published ones) and stay within about one ulp of the true result.
// Square root, floor, abs and the like are exact IEEE operations already;
// use math's.

// Two-part constants for π and π/2: hi + lo carries about 107 bits.
const (
	piHi   = 3.14159265358979311600e+00 // the float64 nearest π
	piLo   = 1.22464679914735317720e-16 // π - piHi
	pio2Hi = 1.57079632679489655800e+00
	pio2Lo = 6.12323399573676603587e-17
)

// Cody–Waite reduction by π/2: three 33-bit pieces (so n·piece is exact
// for |n| < 2^20) and the tail of the last.
const (
	invPio2  = 6.36619772367581382433e-01 // 2/π
	pio2P1   = 1.57079632673412561417e+00 // first 33 bits of π/2
	pio2P2   = 6.07710050630396597660e-11 // next 33 bits
	pio2P2t  = 2.02226624879595063154e-21 // π/2 - pio2P1 - pio2P2
	pio2P3   = 2.02226624871116645580e-21 // next 33 bits
	pio2P3t  = 8.47842766036889956997e-32 // the rest
	cwLimit  = 1.64691848e6               // below about 2^20·π/2 the reduction is accurate
	twoPiRed = 6.28318530717958623200e+00 // the float64 nearest 2π, for huge arguments
)

// sinCoef and cosCoef are fdlibm's minimax polynomials for sin and cos on
// [-π/4, π/4].
var (
	sinCoef = [6]float64{
		-1.66666666666666324348e-01,
		8.33333333332248946124e-03,
		-1.98412698298579493134e-04,
		2.75573137070700676789e-06,
		-2.50507602534068634195e-08,
		1.58969099521155010221e-10,
	}
	cosCoef = [6]float64{
		4.16666666666666019037e-02,
		-1.38888888888741095749e-03,
		2.48015872894767294178e-05,
		-2.75573143513906633035e-07,
		2.08757232129817482790e-09,
		-1.13596475577881948265e-11,
	}
)

// reducePio2 returns n and y = y0 + y1 with x = n·π/2 + y, |y| <= ~π/4.
// x must be finite.
func reducePio2(x float64) (n int, y0, y1 float64) {
	if math.Abs(x) <= math.Pi/4 {
		return 0, x, 0
	}
	if math.Abs(x) > cwLimit {
		// Huge arguments: an exact remainder by the float64 2π first. The
		// result stays deterministic; the absolute error grows like
		// |x|·2^-53 (the caller asked for an angle that is mostly noise).
		x = math.Mod(x, twoPiRed)
	}
	fn := math.RoundToEven(float64(x * invPio2))
	// Three steps of Cody–Waite; each n·piece is exact, so the first
	// differences are exact and the tails carry the rounding.
	r := x - float64(fn*pio2P1)
	t := r
	w := float64(fn * pio2P2)
	r = t - w
	w = float64(fn*pio2P2t) - ((t - r) - w)
	t = r
	w = float64(fn * pio2P3)
	r = t - w
	w = float64(fn*pio2P3t) - ((t - r) - w)
	y0 = r - w
	y1 = (r - y0) - w
	return int(int64(fn)) & 3, y0, y1
}

// kernelSin returns sin(x + y) for |x| <= π/4, y the tail of x.
func kernelSin(x, y float64) float64 {
	z := float64(x * x)
	v := float64(z * x)
	c := &sinCoef
	r := poly(z, c[1], c[2], c[3], c[4], c[5])
	// x + v·(S1 + z·r) with the tail y folded in: sin(x+y) ≈ sin x + y·cos x.
	return x - ((float64(z*(float64(0.5*y)-float64(v*r))) - y) - float64(v*sinCoef[0]))
}

// kernelCos returns cos(x + y) for |x| <= π/4, y the tail of x.
func kernelCos(x, y float64) float64 {
	z := float64(x * x)
	c := &cosCoef
	r := float64(z * poly(z, c[0], c[1], c[2], c[3], c[4], c[5]))
	hz := float64(0.5 * z)
	tail := float64(z*r) - float64(x*y)
	if math.Abs(x) < 0.3 {
		return 1 - (hz - tail)
	}
	// 1 - hz loses bits when hz is large: take qx, |x|/4 cut to its top
	// 21 mantissa bits (so 1 - qx is exact), out of both terms.
	var qx float64
	if math.Abs(x) > 0.78125 {
		qx = 0.28125
	} else {
		qx = math.Float64frombits(math.Float64bits(math.Abs(x)/4) &^ (1<<32 - 1))
	}
	return (1 - qx) - ((hz - qx) - tail)
}

// Sin returns the sine of x (radians), identical on every platform.
// Sin(±Inf) and Sin(NaN) are NaN; Sin(±0) is ±0. Beyond |x| ≈ 1.6e6
// the argument is first reduced by the float64 2π, so the absolute error
// grows as |x|·2^-53 there (still the same bits everywhere).
func Sin(x float64) float64 {
	s, _ := Sincos(x)
	return s
}

// Cos returns the cosine of x (radians), identical on every platform.
// Cos(±Inf) and Cos(NaN) are NaN.
func Cos(x float64) float64 {
	_, c := Sincos(x)
	return c
}

// Sincos returns Sin(x), Cos(x) with one argument reduction.
func Sincos(x float64) (sin, cos float64) {
	if x == 0 {
		return x, 1 // keeps the sign of zero
	}
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return math.NaN(), math.NaN()
	}
	n, y0, y1 := reducePio2(x)
	s, c := kernelSin(y0, y1), kernelCos(y0, y1)
	switch n {
	case 0:
		return s, c
	case 1:
		return c, -s
	case 2:
		return -s, -c
	}
	return -c, s
}

// atanHi and atanLo are atan(0.5), atan(1), atan(1.5) and atan(∞) = π/2
// as two-part constants; atanCoef is fdlibm's polynomial for atan on
// [-7/16, 7/16].
var (
	atanHi   = [4]float64{4.63647609000806093515e-01, 7.85398163397448278999e-01, 9.82793723247329054082e-01, 1.57079632679489655800e+00}
	atanLo   = [4]float64{2.26987774529616870924e-17, 3.06161699786838301793e-17, 1.39033110312309984516e-17, 6.12323399573676603587e-17}
	atanCoef = [11]float64{
		3.33333333333329318027e-01,
		-1.99999999998764832476e-01,
		1.42857142725034663711e-01,
		-1.11111104054623557880e-01,
		9.09088713343650656196e-02,
		-7.69187620504482999495e-02,
		6.66107313738753120669e-02,
		-5.83357013379057348645e-02,
		4.97687799461593236017e-02,
		-3.65315727442169155270e-02,
		1.62858201153657823623e-02,
	}
)

// Atan returns the arctangent of x in [-π/2, π/2], identical on every
// platform. Atan(±0) is ±0, Atan(±Inf) is ±π/2, Atan(NaN) is NaN.
func Atan(x float64) float64 {
	if math.IsNaN(x) {
		return x
	}
	ax := math.Abs(x)
	if ax >= 0x1p66 { // includes ±Inf
		return math.Copysign(pio2Hi+pio2Lo, x)
	}
	if ax < 0x1p-27 {
		return x // atan x = x - x³/3 + …, and x³/3 is below half an ulp
	}
	id := -1
	switch {
	case ax < 0.4375: // 7/16
	case ax < 0.6875: // 11/16: atan(x) = atan(1/2) + atan((2x-1)/(2+x))
		id, ax = 0, (float64(2*ax)-1)/(2+ax)
	case ax < 1.1875: // 19/16: atan(1) + atan((x-1)/(x+1))
		id, ax = 1, (ax-1)/(ax+1)
	case ax < 2.4375: // 39/16: atan(3/2) + atan((x-1.5)/(1+1.5x))
		id, ax = 2, (ax-1.5)/(1+float64(1.5*ax))
	default: // atan(∞) + atan(-1/x)
		id, ax = 3, -1/ax
	}
	z := float64(ax * ax)
	w := float64(z * z)
	a := &atanCoef
	s1 := float64(z * poly(w, a[0], a[2], a[4], a[6], a[8], a[10]))
	s2 := float64(w * poly(w, a[1], a[3], a[5], a[7], a[9]))
	var r float64
	if id < 0 {
		r = ax - float64(ax*(s1+s2))
	} else {
		r = atanHi[id] - ((float64(ax*(s1+s2)) - atanLo[id]) - ax)
	}
	return math.Copysign(r, x)
}

// Atan2 returns the angle of the point (x, y) from +X, in [-π, π],
// identical on every platform, with the special cases of math.Atan2 (the
// signs of zeros and infinities pick the quadrant; NaN in gives NaN).
func Atan2(y, x float64) float64 {
	switch {
	case math.IsNaN(x) || math.IsNaN(y):
		return math.NaN()
	case y == 0:
		if x > 0 || (x == 0 && !math.Signbit(x)) {
			return math.Copysign(0, y)
		}
		return math.Copysign(math.Pi, y)
	case x == 0:
		return math.Copysign(math.Pi/2, y)
	case math.IsInf(x, 0):
		if math.IsInf(y, 0) {
			if x > 0 {
				return math.Copysign(math.Pi/4, y)
			}
			return math.Copysign(3*math.Pi/4, y)
		}
		if x > 0 {
			return math.Copysign(0, y)
		}
		return math.Copysign(math.Pi, y)
	case math.IsInf(y, 0):
		return math.Copysign(math.Pi/2, y)
	}
	// The gap of the raw exponent fields decides the cheap cases before
	// dividing (subnormals count as exponent 0, as in fdlibm).
	gap := int(math.Float64bits(y)>>52&0x7ff) - int(math.Float64bits(x)>>52&0x7ff)
	var z float64
	switch {
	case gap > 60: // |y/x| > 2^60: π/2 to within the precision
		z = pio2Hi + float64(0.5*pio2Lo)
	case x < 0 && gap < -60: // |y/x| < 2^-60 with x < 0: π - tiny
		z = 0
	default:
		z = Atan(math.Abs(y / x))
	}
	if x < 0 {
		z = piHi - (z - piLo)
	}
	return math.Copysign(z, y)
}

// Hypot returns √(p²+q²) without undue overflow or underflow, identical
// on every platform (math.Hypot is assembly on amd64 and 386 and pure Go
// elsewhere). Hypot(±Inf, q) is +Inf even when q is NaN; otherwise NaN
// in gives NaN.
func Hypot(p, q float64) float64 {
	p, q = math.Abs(p), math.Abs(q)
	switch {
	case math.IsInf(p, 1) || math.IsInf(q, 1):
		return math.Inf(1)
	case math.IsNaN(p) || math.IsNaN(q):
		return math.NaN()
	}
	if p < q {
		p, q = q, p
	}
	if p == 0 {
		return 0
	}
	q = q / p
	return float64(p * math.Sqrt(1+float64(q*q))) // rounded: a caller's Hypot(…)+c must not fuse
}

// Exp returns e^x, identical on every platform (math.Exp is assembly on
// amd64 and arm64 and pure Go elsewhere). Exp(+Inf) = +Inf, Exp(-Inf) = 0,
// Exp(NaN) = NaN; it overflows to +Inf above about 709.78 and underflows
// to 0 below about -745.13.
func Exp(x float64) float64 {
	const (
		ln2Hi    = 6.93147180369123816490e-01
		ln2Lo    = 1.90821492927058770002e-10
		invLn2   = 1.44269504088896338700e+00
		overflow = 7.09782712893383973096e+02
		under    = -7.45133219101941108420e+02
		p1       = 1.66666666666666019037e-01
		p2       = -2.77777777770155933842e-03
		p3       = 6.61375632143793436117e-05
		p4       = -1.65339022054652515390e-06
		p5       = 4.13813679705723846039e-08
	)
	switch {
	case math.IsNaN(x) || math.IsInf(x, 1):
		return x
	case math.IsInf(x, -1):
		return 0
	case x > overflow:
		return math.Inf(1)
	case x < under:
		return 0
	case math.Abs(x) < 0x1p-28:
		return 1 + x
	}
	// x = k·ln2 + r with |r| <= ln2/2; k·ln2Hi is exact for |k| < 2^11.
	k := math.RoundToEven(float64(x * invLn2))
	hi := x - float64(k*ln2Hi)
	lo := float64(k * ln2Lo)
	r := hi - lo
	// e^r = 1 + r + r·c/(2-c) with c = r - r²·P(r²) (Remez on [0, ln2/2]).
	t := float64(r * r)
	c := r - float64(t*poly(t, p1, p2, p3, p4, p5))
	y := 1 - ((lo - float64(r*c)/(2-c)) - hi)
	return math.Ldexp(y, int(k))
}

// poly evaluates c[0] + x·c[1] + x²·c[2] + … by Horner's rule, every
// product rounded before its addition.
func poly(x float64, c ...float64) float64 {
	p := c[len(c)-1]
	for i := len(c) - 2; i >= 0; i-- {
		p = c[i] + float64(x*p)
	}
	return p
}
