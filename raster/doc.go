// Package raster is Diorama's CPU software rasterizer: it owns the
// framebuffer ([Frame], premultiplied RGBA8 that works wherever the standard
// library takes a draw.Image), run-length encoded sprites ([Sprite]) and
// their blitters (opaque copy, source-over, opacity, tint, flash, flips,
// integer scale, affine transforms), primitives (lines, rectangles, circles,
// polygons), text through golang.org/x/image/font, the depth-keyed
// [DrawList] and the band-parallel [Renderer] that executes it (one list,
// or several built at the same time drawn as one), and PNG and animated
// GIF output.
//
// All arithmetic is exact integer arithmetic on premultiplied 8-bit
// channels; the standard library's image/draw is the correctness oracle in
// tests, never the fast path. Every operation clips to its target and is
// safe at any coordinates: off-frame, negative or huge positions, NaN or
// infinite transforms and empty images draw nothing rather than panic.
//
// # Tiled's pixels
//
// A few paths exist to draw exactly what Tiled's tmxrasterizer (Qt 5.15)
// draws, for viewer.Export: [NewSpriteAlpha] keeps a sprite's pixels in
// 16 bits with a constant opacity and composites them in 16 bits,
// rounding once (Qt's pipeline for an ARGB32 image; the 8-bit sprites
// round twice); [SmoothTurn], [SmoothTurn16] and [SmoothTurn16At] turn
// or mirror a tile as Qt's smoothed transformed drawing does; [Premul] is Qt's premultiplying;
// and [DecodeImage] decodes a baseline JPEG file as libjpeg-turbo does
// (Qt's decoder: the islow IDCT, fancy chroma upsampling), leaving other
// JPEG files to image/jpeg.
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
// Which kernel runs is decided per CPU and per operation at start-up: a
// probe of about 0.1 ms times the vector blend and copy against the
// portable ones on runs of 1 to 70 pixels, then the vector sprite walk
// against the Go loop over the runs (with the blend and copy just
// chosen) on a 64×32 sprite, in alternating rounds, best round each, and
// keeps a vector version only where it is faster by more than 3% (a tie
// keeps the portable one). The blit benchmarks report the choice as
// probe-chose-vector-blend/-copy. Called run by run (clipped sprites),
// the vector blend takes runs of 2 pixels or more and the vector copy 9
// or more: below that the call costs more than the portable loop saves.
// The walk makes no call per run and handles every length itself.
//
// Profiled before (portable kernels, BenchmarkBlit16 and 64 together),
// about 80% of a blit was the blend of mixed runs, 4% the walk over the
// runs and 1% copying; after, 75% is the assembly walk itself.
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
// BenchmarkBlitKernels, each build run alternately. On the same machine
// the default build blits 2.0–2.3× pixman and SDL2's RLE blitter on
// 16×16 sprites (perf/peers/pixman, perf/peers/sdl2; perf/REPORT.md).
// No AVX-512 version exists: it could not be tested on that machine.
//
// raster may import mathx, internal/workers (the renderer's goroutines),
// golang.org/x/image and golang.org/x/sys/cpu (the CPU features for the
// vector kernels), and never iso, atlas,
// scene, physics, ai, loop or platform.
package raster
