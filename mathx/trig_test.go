package mathx

import (
	"math"
	"testing"

	"diorama/internal/testenv"
)

// ulps returns how many float64 steps a is from b (b's ulp), 0 when equal.
func ulps(a, b float64) float64 {
	if a == b || (math.IsNaN(a) && math.IsNaN(b)) {
		return 0
	}
	u := math.Abs(math.Nextafter(b, math.Inf(1)) - b)
	return math.Abs(a-b) / u
}

// The engine's elementary functions against math's over many inputs:
// each is within 1 ulp of the true value, so the two differ by at most 2
// ulp; near a zero of sin and cos, where a 1-ulp error of the reduced
// argument is many ulps of a tiny result, the absolute error counts.
func TestElementaryAccuracy(t *testing.T) {
	r := NewRand(7)
	n := 300000
	if testing.Short() {
		n = 30000
	}
	type fn struct {
		name   string
		f, g   func(float64) float64
		lo, hi float64
	}
	for _, f := range []fn{
		{"Sin", Sin, math.Sin, -2 * math.Pi, 2 * math.Pi},
		{"Cos", Cos, math.Cos, -2 * math.Pi, 2 * math.Pi},
		{"Sin wide", Sin, math.Sin, -1e6, 1e6},
		{"Cos wide", Cos, math.Cos, -1e6, 1e6},
		{"Atan", Atan, math.Atan, -4, 4},
		{"Atan wide", Atan, math.Atan, -1e8, 1e8},
		{"Exp", Exp, math.Exp, -30, 30},
		{"Exp wide", Exp, math.Exp, -745, 709.7},
	} {
		worst, worstAt, abs := 0.0, 0.0, 0.0
		for i := 0; i < n; i++ {
			x := r.Range(f.lo, f.hi)
			a, b := f.f(x), f.g(x)
			if math.Abs(b) > 1e-6 || f.name[0] == 'E' {
				if u := ulps(a, b); u > worst {
					worst, worstAt = u, x
				}
			} else {
				abs = max(abs, math.Abs(a-b))
			}
		}
		t.Logf("%-10s max %.0f ulp (at %v), %g absolute near zeros", f.name, worst, worstAt, abs)
		if worst > 2 || abs > 0x1p-52 {
			t.Errorf("%s: %v ulp from math at %v, %g absolute near zeros", f.name, worst, worstAt, abs)
		}
	}
	worstA, worstH := 0.0, 0.0
	for i := 0; i < n; i++ {
		y, x := r.Range(-10, 10), r.Range(-10, 10)
		if i%4 == 0 { // and a wide spread of magnitudes
			y, x = math.Ldexp(y, r.IntRange(-300, 300)), math.Ldexp(x, r.IntRange(-300, 300))
		}
		worstA = max(worstA, ulps(Atan2(y, x), math.Atan2(y, x)))
		worstH = max(worstH, ulps(Hypot(y, x), math.Hypot(y, x)))
	}
	t.Logf("Atan2 max %.0f ulp, Hypot max %.0f ulp", worstA, worstH)
	if worstA > 2 || worstH > 2 {
		t.Errorf("Atan2 %v ulp, Hypot %v ulp from math", worstA, worstH)
	}
}

// Identities that hold exactly by construction, and ones that hold to
// rounding.
func TestElementaryProperties(t *testing.T) {
	r := NewRand(3)
	for i := 0; i < 20000; i++ {
		x := r.Range(-50, 50)
		s, c := Sincos(x)
		if s != Sin(x) || c != Cos(x) {
			t.Fatalf("Sincos(%v) = %v, %v; Sin %v Cos %v", x, s, c, Sin(x), Cos(x))
		}
		if Sin(-x) != -s || Cos(-x) != c || Atan(-x) != -Atan(x) {
			t.Fatalf("odd/even symmetry broken at %v", x)
		}
		if d := math.Abs(float64(s*s) + float64(c*c) - 1); d > 4e-16 {
			t.Fatalf("sin²+cos² at %v is 1%+g", x, d)
		}
		// WrapAngle reduces by the float64 2π, off by 2.4e-16 a turn.
		if a := WrapAngle(x); math.Abs(AngleDiff(Atan2(s, c), a)) > 4e-16*(1+math.Abs(x)) {
			t.Fatalf("Atan2(Sincos(%v)) = %v, want %v", x, Atan2(s, c), a)
		}
		if e := Exp(x / 10); math.Abs(Exp(x/10+1)/e/math.E-1) > 1e-15 {
			t.Fatalf("Exp(%v+1)/Exp(%v) != e", x/10, x/10)
		}
	}
}

// The special values follow math's exactly, down to the sign of zero.
func TestElementarySpecial(t *testing.T) {
	inf, nan, negZero := math.Inf(1), math.NaN(), math.Copysign(0, -1)
	same := func(name string, got, want float64) {
		t.Helper()
		if math.Float64bits(got) != math.Float64bits(want) && !(math.IsNaN(got) && math.IsNaN(want)) {
			t.Errorf("%s = %v (%#x), want %v (%#x)", name, got, math.Float64bits(got), want, math.Float64bits(want))
		}
	}
	for _, x := range []float64{0, negZero, inf, -inf, nan} {
		same("Sin", Sin(x), math.Sin(x))
		same("Cos", Cos(x), math.Cos(x))
		same("Atan", Atan(x), math.Atan(x))
		same("Exp", Exp(x), math.Exp(x))
	}
	same("Exp(800)", Exp(800), inf)
	same("Exp(-800)", Exp(-800), 0)
	same("Atan(1e300)", Atan(1e300), math.Pi/2)
	vals := []float64{0, negZero, 1, -1, inf, -inf, nan}
	for _, y := range vals {
		for _, x := range vals {
			same("Atan2", Atan2(y, x), math.Atan2(y, x))
			same("Hypot", Hypot(y, x), math.Hypot(y, x))
		}
	}
}

// Exact bits for fixed inputs: this table is what every platform must
// produce (it was computed on amd64; GOARCH=386, arm64 and wasm runs of
// this test check it), so any architecture-dependent rounding fails here.
func TestElementaryBits(t *testing.T) {
	for _, c := range []struct {
		x              float64
		sin, cos, atan uint64
	}{
		{1e-09, 0x3e112e0be826d695, 0x3ff0000000000000, 0x3e112e0be826d695},
		{-1e-09, 0xbe112e0be826d695, 0x3ff0000000000000, 0xbe112e0be826d695},
		{0.1, 0x3fb98eaecb8bcb2c, 0x3fefd712f9a817c0, 0x3fb983e282e2cc4d},
		{-0.1, 0xbfb98eaecb8bcb2c, 0x3fefd712f9a817c0, 0xbfb983e282e2cc4d},
		{0.5, 0x3fdeaee8744b05f0, 0x3fec1528065b7d50, 0x3fddac670561bb4f},
		{-0.5, 0xbfdeaee8744b05f0, 0x3fec1528065b7d50, 0xbfddac670561bb4f},
		{0.7853981633974483, 0x3fe6a09e667f3bcc, 0x3fe6a09e667f3bcd, 0x3fe54e04c05d06a0},
		{-0.7853981633974483, 0xbfe6a09e667f3bcc, 0x3fe6a09e667f3bcd, 0xbfe54e04c05d06a0},
		{1, 0x3feaed548f090cee, 0x3fe14a280fb5068c, 0x3fe921fb54442d18},
		{-1, 0xbfeaed548f090cee, 0x3fe14a280fb5068c, 0xbfe921fb54442d18},
		{1.5707963267948966, 0x3ff0000000000000, 0x3c91a62633145c07, 0x3ff00fe987ed02ff},
		{-1.5707963267948966, 0xbff0000000000000, 0x3c91a62633145c07, 0xbff00fe987ed02ff},
		{2, 0x3fed18f6ead1b446, 0xbfdaa22657537205, 0x3ff1b6e192ebbe44},
		{-2, 0xbfed18f6ead1b446, 0xbfdaa22657537205, 0xbff1b6e192ebbe44},
		{2.5, 0x3fe326af0dcfcab0, 0xbfe9a2f7ef858b7d, 0x3ff30b6d796a4da8},
		{-2.5, 0xbfe326af0dcfcab0, 0xbfe9a2f7ef858b7d, 0xbff30b6d796a4da8},
		{3, 0x3fc210386db6d55b, 0xbfefae04be85e5d2, 0x3ff3fc176b7a8560},
		{-3, 0xbfc210386db6d55b, 0xbfefae04be85e5d2, 0xbff3fc176b7a8560},
		{3.141592653589793, 0x3ca1a62633145c07, 0xbff0000000000000, 0x3ff433b8a322ddd2},
		{-3.141592653589793, 0xbca1a62633145c07, 0xbff0000000000000, 0xbff433b8a322ddd2},
		{4, 0xbfe837b9dddc1eae, 0xbfe4eaa606db24c1, 0x3ff5368c951e9cfd},
		{-4, 0x3fe837b9dddc1eae, 0xbfe4eaa606db24c1, 0xbff5368c951e9cfd},
		{6.283185307179586, 0xbcb1a62633145c07, 0x3ff0000000000000, 0x3ff69b8154baf42e},
		{-6.283185307179586, 0x3cb1a62633145c07, 0x3ff0000000000000, 0xbff69b8154baf42e},
		{10, 0xbfe1689ef5f34f53, 0xbfead9ac890c6b1f, 0x3ff789bd2c160054},
		{-10, 0x3fe1689ef5f34f53, 0xbfead9ac890c6b1f, 0xbff789bd2c160054},
		{100, 0xbfe03425b78c4db8, 0x3feb981dbf665fdf, 0x3ff8f905eb2def22},
		{-100, 0x3fe03425b78c4db8, 0x3feb981dbf665fdf, 0xbff8f905eb2def22},
		{1000.5, 0x3fefd948c50a7a0d, 0x3fb8dbff75eb6650, 0x3ff91de3470ce120},
		{-1000.5, 0xbfefd948c50a7a0d, 0x3fb8dbff75eb6650, 0xbff91de3470ce120},
		{12345.678, 0xbfe687d5890974a5, 0x3fe6b94c3bbe24b8, 0x3ff921a664fe1dc4},
		{-12345.678, 0x3fe687d5890974a5, 0x3fe6b94c3bbe24b8, 0xbff921a664fe1dc4},
		{100000, 0x3fa24daa9c527e96, 0xbfeffac3841b3da7, 0x3ff921f0d7e968a8},
		{-100000, 0xbfa24daa9c527e96, 0xbfeffac3841b3da7, 0xbff921f0d7e968a8},
		{1e+06, 0xbfd6664b2568d867, 0x3fedf9df9906d32c, 0x3ff921fa47d4b30d},
		{-1e+06, 0x3fd6664b2568d867, 0x3fedf9df9906d32c, 0xbff921fa47d4b30d},
		{3e+06, 0xbfec1c972eab4aa8, 0x3fde93a150566282, 0x3ff921fafac9af14},
		{-3e+06, 0x3fec1c972eab4aa8, 0x3fde93a150566282, 0xbff921fafac9af14},
		{1e+09, 0x3fe1778cc00cd87a, 0x3feacff8bbc9d814, 0x3ff921fb53ff74e9},
		{-1e+09, 0xbfe1778cc00cd87a, 0x3feacff8bbc9d814, 0xbff921fb53ff74e9},
		{1e+15, 0x3feacdc9d9884216, 0xbfe17ae632761c3a, 0x3ff921fb54442d14},
		{-1e+15, 0xbfeacdc9d9884216, 0xbfe17ae632761c3a, 0xbff921fb54442d14},
	} {
		s, co := Sincos(c.x)
		if got := [3]uint64{math.Float64bits(s), math.Float64bits(co), math.Float64bits(Atan(c.x))}; got != [3]uint64{c.sin, c.cos, c.atan} {
			t.Errorf("x=%v: Sincos, Atan bits %#016x, want %#016x", c.x, got, [3]uint64{c.sin, c.cos, c.atan})
		}
	}
	for _, c := range []struct {
		x   float64
		exp uint64
	}{
		{-745, 0x0000000000000001},
		{-700, 0x00d14f2b0fb9307f},
		{-20, 0x3e21b48655f37267},
		{-1, 0x3fd78b56362cef38},
		{-0.5, 0x3fe368b2fc6f960a},
		{1e-10, 0x3ff000000006df38},
		{0.1, 0x3ff1aec7b35a00d4},
		{0.5, 0x3ffa61298e1e069c},
		{1, 0x4005bf0a8b14576a},
		{2, 0x401d8e64b8d4ddae},
		{10, 0x40d5829dcf950560},
		{100, 0x48f3494a9b171bf5},
		{709, 0x7fdd422d2be5dc9b},
	} {
		if got := math.Float64bits(Exp(c.x)); got != c.exp {
			t.Errorf("Exp(%v) bits %#016x, want %#016x", c.x, got, c.exp)
		}
	}
	for _, c := range []struct {
		y, x         float64
		atan2, hypot uint64
	}{
		{1, 1, 0x3fe921fb54442d18, 0x3ff6a09e667f3bcd},
		{1, -1, 0x4002d97c7f3321d2, 0x3ff6a09e667f3bcd},
		{-1, -1, 0xc002d97c7f3321d2, 0x3ff6a09e667f3bcd},
		{-1, 1, 0xbfe921fb54442d18, 0x3ff6a09e667f3bcd},
		{3, 4, 0x3fe4978fa3269ee1, 0x4014000000000000},
		{1e-300, 1, 0x01a56e1fc2f8f359, 0x3ff0000000000000},
		{1, 1e-300, 0x3ff921fb54442d18, 0x3ff0000000000000},
		{0.1, -7, 0x400904ba0292380f, 0x401c00bb3c751b56},
		{-2.5, 0.3, 0xbff738cd060d0db1, 0x400424bb73db9e40},
		{1e+300, 1e+300, 0x3fe921fb54442d18, 0x7e40e4d50f99b211},
		{5e-324, 5e-324, 0x3fe921fb54442d18, 0x0000000000000001},
		{-3, -0.001, 0xbff92358dabf92b7, 0x40080000165e9f78},
	} {
		if got := [2]uint64{math.Float64bits(Atan2(c.y, c.x)), math.Float64bits(Hypot(c.y, c.x))}; got != [2]uint64{c.atan2, c.hypot} {
			t.Errorf("Atan2, Hypot(%v, %v) bits %#016x, want %#016x", c.y, c.x, got, [2]uint64{c.atan2, c.hypot})
		}
	}
}

func TestElementaryAllocs(t *testing.T) {
	x := 0.0
	if n := testenv.AllocsOver(100, func() {
		x += 0.1
		s, c := Sincos(x)
		_ = Atan2(s, c) + Exp(-x) + Hypot(s, x)
	}); n != 0 {
		t.Fatalf("%v allocs", n)
	}
}

var sink float64

func BenchmarkSincos(b *testing.B) {
	x := 0.0
	for b.Loop() {
		s, c := Sincos(x)
		sink += s + c
		x += 0.001
	}
}

func BenchmarkMathSincos(b *testing.B) {
	x := 0.0
	for b.Loop() {
		s, c := math.Sincos(x)
		sink += s + c
		x += 0.001
	}
}

func BenchmarkAtan2(b *testing.B) {
	x := 0.0
	for b.Loop() {
		sink += Atan2(x, 1-x)
		x += 0.001
	}
}

func BenchmarkMathAtan2(b *testing.B) {
	x := 0.0
	for b.Loop() {
		sink += math.Atan2(x, 1-x)
		x += 0.001
	}
}
