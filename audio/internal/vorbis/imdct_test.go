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
	for b.Loop() {
		t.transform(in, out)
	}
}
