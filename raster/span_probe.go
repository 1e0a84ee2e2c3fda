//go:build amd64 && goexperiment.simd

package raster

import "time"

// probeSIMD times the AVX2 and the portable kernels on the same small
// workload (runs of 8 to 40 pixels, blended and copied, where the kernels
// differ) and reports whether AVX2 is faster. It runs once at start-up and
// takes well under a millisecond. Each kernel is timed in alternating
// rounds and its best round counts, so a preemption during one round does
// not decide.
func probeSIMD() bool {
	const w = 1024
	src := make([]uint32, w)
	dst := make([]uint32, w)
	for i := range src {
		a := uint32(i*37) & 0xff
		if i%3 == 0 {
			a = 0xff
		}
		a = max(a, 1)
		c := a * uint32(i%5) / 4
		src[i] = a<<24 | c<<16 | c<<8 | c
		dst[i] = uint32(i) * 0x9e3779b9
	}
	round := func(blend, cp func(dst, src []uint32)) time.Duration {
		start := time.Now()
		for rep := 0; rep < 4; rep++ {
			for i, n := 0, 8; i+n <= w; i, n = i+n, 8+(n+13)%33 {
				blend(dst[i:i+n], src[i:i+n])
				cp(dst[i:i+n], src[i:i+n])
			}
		}
		return time.Since(start)
	}
	bestSIMD, bestPortable := time.Hour, time.Hour
	for k := 0; k < 5; k++ {
		bestSIMD = min(bestSIMD, round(blendSpanAVX2, copySpanAVX2))
		bestPortable = min(bestPortable, round(blendRowPortable, copyRunPortable))
	}
	probeTimes = [2]time.Duration{bestSIMD, bestPortable}
	return bestSIMD < bestPortable
}

// probeTimes holds the best probe rounds (AVX2, portable), for tests and
// benchmarks.
var probeTimes [2]time.Duration
