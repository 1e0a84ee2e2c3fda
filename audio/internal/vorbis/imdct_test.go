package vorbis

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestIMDCT checks the FFT-based inverse MDCT against the definition,
// evaluated directly in float64, for every block size Vorbis allows.
func TestIMDCT(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for n := 64; n <= 8192; n *= 2 {
		in := make([]float32, n/2)
		for i := range in {
			in[i] = float32(rng.NormFloat64())
		}
		out := make([]float32, n)
		newIMDCT(n).transform(in, out)
		var maxErr, maxRef float64
		for i := range n {
			var s float64
			for k, x := range in {
				s += float64(x) * math.Cos(2*math.Pi/float64(n)*(float64(i)+0.5+float64(n)/4)*(float64(k)+0.5))
			}
			maxErr = max(maxErr, math.Abs(s-float64(out[i])))
			maxRef = max(maxRef, math.Abs(s))
		}
		if maxErr > 1e-5*maxRef*math.Log2(float64(n)) {
			t.Errorf("n=%d: max error %g (max value %g)", n, maxErr, maxRef)
		}
	}
}

func BenchmarkIMDCT2048(b *testing.B) {
	t := newIMDCT(2048)
	in := make([]float32, 1024)
	for i := range in {
		in[i] = float32(i%7) - 3
	}
	out := make([]float32, 2048)
	cpu0 := cpuSeconds()
	for b.Loop() {
		t.transform(in, out)
	}
	if cpu := cpuSeconds() - cpu0; cpu > 0 {
		b.ReportMetric(cpu*1e9/float64(b.N), "cpu-ns/op")
	}
}

// TestToInt16 checks the conversion against its definition.
func TestToInt16(t *testing.T) {
	cases := map[float32]int16{
		0: 0, 1: 32767, -1: -32768, 2: 32767, -2: -32768,
		0.5 / 32768: 1, -0.5 / 32768: -1, 0.49999997 / 32768: 0, 1.5 / 32768: 2, -1.5 / 32768: -2,
		32766.5 / 32768: 32767, -32767.5 / 32768: -32768, float32(math.Inf(1)): 32767, float32(math.Inf(-1)): -32768,
		float32(math.NaN()): 0,
	}
	for v, want := range cases {
		if got := toInt16(v); got != want {
			t.Errorf("toInt16(%g) = %d, want %d", v, got, want)
		}
	}
	rng := rand.New(rand.NewPCG(9, 9))
	for range 100000 {
		v := float32(rng.NormFloat64() * 0.5)
		want := math.Max(-32768, math.Min(32767, math.Round(float64(v)*32768)))
		if got := toInt16(v); float64(got) != want {
			t.Fatalf("toInt16(%g) = %d, want %v", v, got, want)
		}
	}
}

// TestLookup1Values: the greatest r with r^dims <= entries, on every
// word size (the power is taken in 64 bits and capped).
func TestLookup1Values(t *testing.T) {
	pow := func(r, d int) float64 { return math.Pow(float64(r), float64(d)) }
	for _, e := range []int{1, 2, 3, 7, 8, 9, 15, 16, 17, 80, 81, 82, 255, 256, 1000, 65535, 65536, 1 << 17, 1<<24 - 1} {
		for _, d := range []int{1, 2, 3, 4, 5, 8, 16, 17, 100, 65535} {
			r := lookup1Values(e, d)
			if pow(r, d) > float64(e) || pow(r+1, d) <= float64(e) {
				t.Errorf("lookup1Values(%d, %d) = %d", e, d, r)
			}
		}
	}
}
