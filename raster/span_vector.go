//go:build (amd64 || arm64) && !purego

package raster

import (
	"time"
	"unsafe"
)

// run's layout is shared with the assembly: x, n, row at byte offsets 0,
// 2, 4, opaque at 6, 8 bytes in all.
var _ = [1]struct{}{}[unsafe.Sizeof(run{})-8]
var _ = [1]struct{}{}[unsafe.Offsetof(run{}.opaque)-6]

// vec is the kernel choice in force: the start-up probe's, unless a test
// changed it with setKernels.
var vec = probeKernels()

// probeKernels times each operation's vector and portable kernels on the
// same runs (lengths 1 to 70 pixels, the mix of a sprite's rows) and picks,
// per operation, the vector kernel only where it is faster by more than 3%:
// a tie keeps the portable one. Rounds alternate and each kernel's best
// round counts, so a preemption during one round does not decide. It runs
// once at start-up, in well under a millisecond.
func probeKernels() kernelChoice {
	if !hasVector {
		return kernelChoice{}
	}
	const w = 2048
	src := make([]uint32, w)
	dst := make([]uint32, w)
	for i := range src {
		a := uint32(i*37) & 0xff
		if i%3 != 0 {
			a = 0xff
		}
		a = max(a, 1)
		c := a * uint32(i%5) / 4
		src[i] = a<<24 | c<<16 | c<<8 | c
		dst[i] = uint32(i) * 0x9e3779b9
	}
	round := func(k func(dst, src []uint32)) time.Duration {
		start := time.Now()
		for rep := 0; rep < 2; rep++ {
			for i, n := 0, 1; i+n <= w; i, n = i+n, 1+(n+28)%70 {
				k(dst[i:i+n], src[i:i+n])
			}
		}
		return time.Since(start)
	}
	blendVec := func(d, s []uint32) { blendSpanVec(&d[0], &s[0], len(s)) }
	copyVec := func(d, s []uint32) { copySpanVec(&d[0], &s[0], len(s)) }
	bv, bp, cv, cp := time.Hour, time.Hour, time.Hour, time.Hour
	for k := 0; k < 5; k++ {
		bv = min(bv, round(blendVec))
		bp = min(bp, round(blendRowPortable))
		cv = min(cv, round(copyVec))
		cp = min(cp, round(copyRunPortable))
	}
	faster := func(v, p time.Duration) bool { return v*103 < p*100 }
	c := kernelChoice{}.with(faster(bv, bp), faster(cv, cp))
	probed.choice = c
	probed.blendVec, probed.blendPort, probed.cpVec, probed.cpPort = bv, bp, cv, cp
	return c
}

// setKernels makes the blitters use the vector kernels for blend and for
// copy as given (on a CPU without them, the portable ones) and returns a
// function that restores the previous choice: the test hook that lets
// tests run every kernel on this CPU.
func setKernels(blend, cp bool) (restore func()) {
	saved := vec
	vec = kernelChoice{}.with(blend && hasVector, cp && hasVector)
	return func() { vec = saved }
}
