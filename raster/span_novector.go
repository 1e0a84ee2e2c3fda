//go:build (!amd64 && !arm64) || purego

package raster

// This build has only the portable kernels (no assembly for the target,
// or the purego tag).

const vectorName = ""

const hasVector = false

var vec kernelChoice

func setKernels(blend, cp, runs bool) (restore func()) { return func() {} }

func blendSpanVec(dst, src *uint32, n int)                                 { panic("unreachable") }
func copySpanVec(dst, src *uint32, n int)                                  { panic("unreachable") }
func drawRunsVec(dst, src *uint32, runs *run, nruns, stride, tw, row0 int) { panic("unreachable") }
