// Package raster is Diorama's CPU software rasterizer: it owns the
// framebuffer ([Frame], premultiplied RGBA8 that works wherever the standard
// library takes a draw.Image), run-length encoded sprites ([Sprite]) and
// their blitters (opaque copy, source-over, opacity, tint, flash, flips,
// integer scale, affine transforms), primitives (lines, rectangles, circles,
// polygons), text through golang.org/x/image/font, the depth-keyed
// [DrawList] and the band-parallel [Renderer] that executes it, and PNG and
// animated GIF output.
//
// All arithmetic is exact integer arithmetic on premultiplied 8-bit
// channels; the standard library's image/draw is the correctness oracle in
// tests, never the fast path. Every operation clips to its target and is
// safe at any coordinates: off-frame, negative or huge positions, NaN or
// infinite transforms and empty images draw nothing rather than panic.
//
// # Vector kernels
//
// The plain blitter's span kernels (blend a mixed run, copy an opaque
// one) and its walk over an unclipped sprite's runs have assembly
// versions in every default build: AVX2 on amd64 (span_amd64.s), NEON on
// arm64 (span_arm64.s). No build flag is needed; the purego tag, and
// every other target (386, wasm), keep only the portable Go kernels.
// They compute exactly the portable arithmetic and give the same bytes,
// which tests check for every run length 0..70 at every alignment and
// for every (alpha, channel) pair, on amd64 natively and on arm64 under
// qemu-user (make test; under qemu the probe picks the portable kernels,
// and the tests select each kernel themselves).
//
// Which kernel runs is decided per CPU and per operation (blend, copy)
// at start-up: a probe of well under a millisecond times each vector
// kernel against its portable one on runs of 1 to 70 pixels, in
// alternating rounds, best round each, and keeps the vector kernel only
// where it is faster by more than 3% (a tie keeps the portable one). The
// blit benchmarks report the choice as probe-chose-vector-blend/-copy.
//
// The kernels use only full-width loads and stores: a run of 8 pixels
// or more ends with one vector over its last 8 pixels, computed before
// the body stores anything (where it overlaps the body it stores the
// same values); 4–7 pixels are the first and last four in one register,
// 2–3 the first and last two. Masked stores were tried first (archsimd's
// SlicePart, VPMASKMOVD) and measured 14× slower than portable on an
// AMD EPYC, where VPMASKMOVD is microcode. An earlier version of these
// kernels written with archsimd (GOEXPERIMENT=simd) was retired: on the
// 2-core AMD EPYC (AVX2, no AVX-512) of this project's development
// machine its 64×64 blit measured 22 Mpx/s against 1,158–1,567 Mpx/s
// portable and 4,859–5,276 Mpx/s for the assembly, best rounds of
// BenchmarkBlitKernels, each build run alternately.
//
// raster may import mathx, golang.org/x/image and golang.org/x/sys/cpu
// (the CPU features for the vector kernels), and never iso, atlas,
// scene, physics, ai, loop or platform.
package raster
