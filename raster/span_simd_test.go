//go:build amd64 && goexperiment.simd

package raster

import (
	"math/rand/v2"
	"testing"
)

// blitKernels lists the kernel sets this build can run, each with the
// function that selects it; the benchmarks time them side by side.
func blitKernels() []blitKernel {
	ks := []blitKernel{{"portable", func() { useSIMD = false }}}
	if hasAVX2 {
		ks = append(ks, blitKernel{"avx2", func() { useSIMD = true }})
	}
	return ks
}

// restoreKernels puts back the kernel choice of the start-up probe.
func restoreKernels() func() {
	saved := useSIMD
	return func() { useSIMD = saved }
}

// The SIMD kernels give exactly the portable kernels' bytes for every run
// length (short runs, the 8–16 overlap cases, long ones), alignment and
// pixel mix, whichever kernel the probe chose.
func TestSIMDMatchesPortable(t *testing.T) {
	if !hasAVX2 {
		t.Skip("CPU without AVX2: the portable kernels are in use")
	}
	t.Logf("probe: avx2 %v, portable %v; useSIMD = %v", probeTimes[0], probeTimes[1], useSIMD)
	r := rand.New(rand.NewPCG(1, 2))
	for iter := 0; iter < 20000; iter++ {
		n := 1 + r.IntN(40)
		if iter%10 == 0 {
			n = 1 + r.IntN(300)
		}
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
		blendSpanAVX2(dst[off:off+n], src[off:])
		blendRowPortable(want[off:off+n], src[off:])
		for i := range dst {
			if dst[i] != want[i] {
				t.Fatalf("blend n=%d off=%d: word %d got %08x want %08x", n, off, i, dst[i], want[i])
			}
		}
		copy(dst, want)
		copySpanAVX2(dst[off:off+n], src[off:])
		copyRunPortable(want[off:off+n], src[off:])
		for i := range dst {
			if dst[i] != want[i] {
				t.Fatalf("copy n=%d off=%d: word %d got %08x want %08x", n, off, i, dst[i], want[i])
			}
		}
	}
}
