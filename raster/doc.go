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
// # SIMD kernels
//
// Built with GOEXPERIMENT=simd on amd64, the plain blitter's two span
// kernels (blend a translucent run, copy an opaque one) have AVX2 versions
// that give exactly the portable kernels' bytes. Whether they are used is
// decided at start-up by what the CPU does fast, not by the feature flag
// alone: a probe of well under a millisecond times both kernel sets on the
// same runs and keeps the faster (the blit benchmarks report the choice
// as probe-chose-simd). Output is the same either way.
//
// The first AVX2 kernels finished every run with partial loads and stores
// (archsimd's SlicePart, compiled to VPMASKMOVD), and copied runs of up to
// 8 pixels that way; a 16×16 sprite is mostly such short runs. On an AMD
// EPYC with AVX2, BenchmarkBlit16 measured 43 Mpx/s with them against
// 616 Mpx/s portable. The likely cause: AMD Zen 1–3 execute a VPMASKMOVD
// store as microcode (about 42 µops, one per ~12 cycles, per uops.info).
// The 14× could not be reproduced on the Zen 4 class machine below, where
// the masked kernels are 10–25% slower than the full-width ones.
//
// The kernels now use only full-width vectors: a blend run of 8 pixels or
// more ends with one vector over its last 8 pixels, loaded before the body
// stores anything (so where it overlaps the body it stores the same
// values), a copy of 8–16 pixels is two overlapping vectors, and shorter
// runs take the portable code. On a 2-core AMD EPYC with AVX-512 (Zen 4
// class), best rounds in Mpx/s, each line one run with GOEXPERIMENT=simd:
//
//	                                 portable  masked AVX2  AVX2 now
//	BenchmarkBlitKernels/16x16       1380      (1238)       1635
//	BenchmarkBlitKernels/64x64       2810      (3430)       3970
//	BenchmarkSpanKernels/16x16       1190      1100         1386
//	BenchmarkSpanKernels/64x64       2250      2740         3080
//
// BlitKernels times DrawSprite with each kernel set that is in use (the
// masked column was measured through the blitter before those kernels were
// retired); SpanKernels replays the sprites' runs through the kernels
// alone, the masked ones included, to check another CPU. (These figures
// predate drawPlain's single loop over all of a sprite's runs, which added
// about 10% at 16×16 and 2–6% at 64×64 to either kernel set;
// BenchmarkBlit16PerSprite compares a 16×16 sprite with the bound of
// copying its rows: 168 ns portable, 140 ns AVX2, 67 ns memmove.)
//
// raster may import mathx and golang.org/x/image, and never iso, atlas,
// scene, physics, ai, loop or platform.
package raster
