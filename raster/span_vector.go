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
var vec kernelChoice

func init() { vec = probeKernels() }

// probeKernels times each operation's vector and portable versions on
// the same work and picks, per operation, the vector one only where it
// is faster by more than 3%: a tie keeps the portable one. Blend and
// copy are timed on runs of 1 to 70 pixels (the lengths of a sprite's
// rows), the whole-sprite walk on a 64×32 sprite of opaque, translucent
// and transparent stretches, against the Go loop with the blend and copy
// just chosen. Rounds alternate and each version's best round counts, so
// a preemption during one round does not decide. It runs once at
// start-up, in well under a millisecond.
func probeKernels() kernelChoice {
	if !hasVector {
		return kernelChoice{}
	}
	const tw, th = 64, 32
	const w = tw * th
	src := make([]uint32, w)
	dst := make([]uint32, w)
	for i := range src {
		a := uint32(i*37) & 0xff
		if i%3 != 0 {
			a = 0xff
		}
		if (i/7)%5 == 0 {
			a = 0 // transparent gaps between the runs of the sprite walk
		}
		c := a * uint32(i%5) / 4
		src[i] = a<<24 | c<<16 | c<<8 | c
		dst[i] = uint32(i) * 0x9e3779b9
	}
	var runs []run
	for y := 0; y < th; y++ {
		runs = appendRuns(runs, src[y*tw:(y+1)*tw], y)
	}
	spans := func(k func(dst, src []uint32)) time.Duration {
		start := time.Now()
		for i, n := 0, 1; i+n <= w; i, n = i+n, 1+(n+28)%70 {
			k(dst[i:i+n], src[i:i+n])
		}
		return time.Since(start)
	}
	walk := func(vector bool) time.Duration {
		dp, sp := unsafe.Pointer(&dst[0]), unsafe.Pointer(&src[0])
		start := time.Now()
		for rep := 0; rep < 2; rep++ {
			if vector {
				drawRunsVec(&dst[0], &src[0], &runs[0], len(runs), tw, tw, 0)
			} else {
				drawRunsGo(dp, sp, runs, tw, tw, 0)
			}
		}
		return time.Since(start)
	}
	faster := func(v, p time.Duration) bool { return v*103 < p*100 }
	saved := vec
	defer func() { vec = saved }()
	// Blend and copy, as blendSpan and copySpan call them.
	vec = kernelChoice{blend: true, copy: true}
	p := &probed
	p.blendVec, p.blendPort, p.cpVec, p.cpPort = time.Hour, time.Hour, time.Hour, time.Hour
	for k := 0; k < 5; k++ {
		p.blendVec = min(p.blendVec, spans(blendSpan))
		p.blendPort = min(p.blendPort, spans(blendRowPortable))
		p.cpVec = min(p.cpVec, spans(copySpan))
		p.cpPort = min(p.cpPort, spans(copyRunPortable))
	}
	c := kernelChoice{blend: faster(p.blendVec, p.blendPort), copy: faster(p.cpVec, p.cpPort)}
	vec = c
	p.walkVec, p.walkGo = time.Hour, time.Hour
	for k := 0; k < 5; k++ {
		p.walkVec = min(p.walkVec, walk(true))
		p.walkGo = min(p.walkGo, walk(false))
	}
	c.runs = faster(p.walkVec, p.walkGo)
	p.choice = c
	return c
}

// setKernels makes the blitters use the vector kernels for blend, copy
// and the whole-sprite walk as given (on a CPU without them, the
// portable ones) and returns a function that restores the previous
// choice: the test hook that lets tests run every kernel on this CPU.
func setKernels(blend, cp, runs bool) (restore func()) {
	saved := vec
	vec = kernelChoice{blend: blend && hasVector, copy: cp && hasVector, runs: runs && hasVector}
	return func() { vec = saved }
}
