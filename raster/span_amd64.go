//go:build !purego

package raster

import "golang.org/x/sys/cpu"

// vectorName names the vector kernels in benchmark metrics.
const vectorName = "avx2"

// hasVector reports whether the CPU runs the vector kernels at all: AVX2,
// with the OS saving YMM state (x/sys/cpu checks both).
var hasVector = cpu.X86.HasAVX2

//go:noescape
func blendSpanAVX2(dst, src *uint32, n int)

//go:noescape
func copySpanAVX2(dst, src *uint32, n int)

//go:noescape
func drawRunsAVX2(dst, src *uint32, runs *run, nruns, stride, tw, row0 int)

func blendSpanVec(dst, src *uint32, n int) { blendSpanAVX2(dst, src, n) }
func copySpanVec(dst, src *uint32, n int)  { copySpanAVX2(dst, src, n) }
func drawRunsVec(dst, src *uint32, runs *run, nruns, stride, tw, row0 int) {
	drawRunsAVX2(dst, src, runs, nruns, stride, tw, row0)
}
