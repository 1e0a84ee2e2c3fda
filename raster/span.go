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

func blendSpan(dst, src []uint32) {
	if vec.blend && len(src) > 0 {
		_ = dst[len(src)-1]
		blendSpanVec(&dst[0], &src[0], len(src))
		return
	}
	blendRowPortable(dst, src)
}

func copySpan(dst, src []uint32) {
	if vec.copy && len(src) > 0 {
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

// kernelChoice says which operations use the vector kernels.
type kernelChoice struct {
	blend, copy bool // the per-run kernels
	runs        bool // a whole unclipped sprite in one call (blend and copy both vector)
}

func (k kernelChoice) with(blend, cp bool) kernelChoice {
	return kernelChoice{blend: blend, copy: cp, runs: blend && cp}
}

// probed keeps the start-up probe's choice and its best times (zero where
// there was nothing to probe), for tests and benchmarks.
var probed struct {
	choice                             kernelChoice
	blendVec, blendPort, cpVec, cpPort time.Duration
}
