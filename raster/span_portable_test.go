//go:build !amd64 || !goexperiment.simd

package raster

// blitKernels lists the kernel sets this build can run: only the portable
// one.
func blitKernels() []blitKernel { return []blitKernel{{"portable", func() {}}} }

func restoreKernels() func() { return func() {} }
