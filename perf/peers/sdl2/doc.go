// Package sdl2 is raster's sprite-blit peer in C: SDL2's software
// blitter with RLE acceleration (SDL_SetSurfaceRLE), called through cgo
// against Debian's libsdl2-dev (scripts/deps.sh peers). Its benchmark
// draws raster's blit workload (internal/blitbench: 16×16 and 64×64 pixel
// art and the iso floor tile, 1000 scattered positions on an 800×480
// frame) with raster.DrawSprite and with SDL_BlitSurface of an ARGB8888
// surface in blend mode BLEND, alternately in one run, and reports both
// rates and the ratio; a test checks that both draw the same picture.
//
// SDL's BLEND takes straight (not premultiplied) alpha, so SDL gets the
// sprite's straight-alpha pixels (the NRGBA image raster premultiplies),
// and its RLE blender approximates the division by 255 with a shift by
// 8: its pictures match raster's within ±1 per channel.
//
//	go test -run '^$' -bench . ./perf/peers/sdl2   (from the repository root: cd there first)
//
// It is its own module (replace diorama => ../../..) so the engine's
// go.mod and build stay free of cgo.
package sdl2
