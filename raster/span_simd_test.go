//go:build amd64 && goexperiment.simd

package raster

import (
	"math/rand/v2"
	"testing"
)

// The SIMD kernels give exactly the portable kernels' bytes for every run
// length, alignment and pixel mix.
func TestSIMDMatchesPortable(t *testing.T) {
	if !SIMD {
		t.Skip("CPU without AVX2: the portable kernels are in use")
	}
	r := rand.New(rand.NewPCG(1, 2))
	for iter := 0; iter < 20000; iter++ {
		n := 1 + r.IntN(40)
		off := r.IntN(8)
		src := make([]uint32, n+off)
		for i := range src {
			a := uint32(r.IntN(256))
			switch r.IntN(3) {
			case 0:
				a = 255
			case 1:
				a = 1 + uint32(r.IntN(255))
			}
			if a == 0 {
				a = 1 // mixed runs have no transparent pixels
			}
			c := func() uint32 { return uint32(r.IntN(int(a) + 1)) }
			src[i] = c() | c()<<8 | c()<<16 | a<<24
		}
		dst := make([]uint32, n+off+8)
		for i := range dst {
			dst[i] = r.Uint32()
		}
		want := append([]uint32(nil), dst...)
		blendSpan(dst[off:off+n], src[off:])
		blendRowPortable(want[off:off+n], src[off:])
		for i := range dst {
			if dst[i] != want[i] {
				t.Fatalf("blend n=%d off=%d: word %d got %08x want %08x", n, off, i, dst[i], want[i])
			}
		}
		copy(dst, want)
		copySpan(dst[off:off+n], src[off:])
		copyRunPortable(want[off:off+n], src[off:])
		for i := range dst {
			if dst[i] != want[i] {
				t.Fatalf("copy n=%d off=%d: word %d got %08x want %08x", n, off, i, dst[i], want[i])
			}
		}
	}
}
