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
// raster may import mathx and golang.org/x/image, and never iso, atlas,
// scene, physics, ai, loop or platform.
package raster
