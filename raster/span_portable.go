//go:build !amd64 || !goexperiment.simd

package raster

// useSIMD reports whether the blitters use the SIMD kernels (built with
// GOEXPERIMENT=simd on amd64, running on a CPU with AVX2, and found faster
// by a start-up probe; see the package documentation).
const useSIMD = false

func blendSpan(dst, src []uint32) { blendRowPortable(dst, src) }
func copySpan(dst, src []uint32)  { copyRunPortable(dst, src) }
