package raster

import (
	"time"
	"unsafe"
)

// The span kernels: blend a mixed run of a sprite over the frame, copy an
// opaque one. Each has a portable version (blit.go) and, on amd64 and
// arm64, a vector one in assembly; which runs is chosen per operation at
// start-up (see span_vector.go and the package documentation). Every
// version gives the same bytes.

// The vector per-run kernels are called only for runs of at least these
// lengths: below them the call into assembly costs more than the
// portable loop saves (measured on an AMD EPYC: a vector copy of 1–8
// pixels took 1.2–1.9× the portable loop's time, a blend of 1 pixel
// 1.4×). The whole-sprite walk (drawRuns) makes no calls per run and
// takes every length itself.
const minVecBlend, minVecCopy = 2, 9

func blendSpan(dst, src []uint32) {
	if vec.blend && len(src) >= minVecBlend {
		_ = dst[len(src)-1]
		blendSpanVec(&dst[0], &src[0], len(src))
		return
	}
	blendRowPortable(dst, src)
}

func copySpan(dst, src []uint32) {
	if vec.copy && len(src) >= minVecCopy {
		_ = dst[len(src)-1]
		copySpanVec(&dst[0], &src[0], len(src))
		return
	}
	copyRunPortable(dst, src)
}

// drawRuns draws the runs rs of sprite rows starting at row0, unclipped:
// dp addresses the frame pixel of row row0's first column (the trimmed
// area's left edge), sp the sprite's pixel there; stride and tw are the
// frame's and the trimmed area's widths in pixels. The caller has checked
// that every run lies inside both.
func drawRuns(dp, sp unsafe.Pointer, rs []run, stride, tw, row0 int) {
	if vec.runs {
		if len(rs) > 0 {
			drawRunsVec((*uint32)(dp), (*uint32)(sp), &rs[0], len(rs), stride, tw, row0)
		}
		return
	}
	drawRunsGo(dp, sp, rs, stride, tw, row0)
}

// drawRunsGo is drawRuns as a Go loop over the runs, each drawn with
// blendSpan or copySpan.
func drawRunsGo(dp, sp unsafe.Pointer, rs []run, stride, tw, row0 int) {
	for _, rn := range rs {
		v := int(rn.row) - row0
		d := unsafe.Slice((*uint32)(unsafe.Add(dp, (v*stride+int(rn.x))*4)), rn.n)
		src := unsafe.Slice((*uint32)(unsafe.Add(sp, (v*tw+int(rn.x))*4)), rn.n)
		if rn.opaque {
			copySpan(d, src)
		} else {
			blendSpan(d, src)
		}
	}
}

// kernelChoice says which operations use the vector kernels: the
// per-run blend and copy (clipped sprites, and drawRunsGo), and the walk
// over a whole unclipped sprite's runs in one call.
type kernelChoice struct {
	blend, copy, runs bool
}

// probed keeps the start-up probe's choice and its best times (zero where
// there was nothing to probe), for tests and benchmarks.
var probed struct {
	choice                                              kernelChoice
	blendVec, blendPort, cpVec, cpPort, walkVec, walkGo time.Duration
}
