//go:build !purego

package raster

import "golang.org/x/sys/cpu"

// vectorName names the vector kernels in benchmark metrics.
const vectorName = "neon"

// hasVector reports whether the CPU runs the vector kernels: Advanced
// SIMD, which every arm64 CPU Go runs on has.
var hasVector = cpu.ARM64.HasASIMD

//go:noescape
func blendSpanNEON(dst, src *uint32, n int)

//go:noescape
func copySpanNEON(dst, src *uint32, n int)

//go:noescape
func drawRunsNEON(dst, src *uint32, runs *run, nruns, stride, tw, row0 int)

func blendSpanVec(dst, src *uint32, n int) { blendSpanNEON(dst, src, n) }
func copySpanVec(dst, src *uint32, n int)  { copySpanNEON(dst, src, n) }
func drawRunsVec(dst, src *uint32, runs *run, nruns, stride, tw, row0 int) {
	drawRunsNEON(dst, src, runs, nruns, stride, tw, row0)
}
