// Package pixman is raster's sprite-blit peer in C: pixman (the
// compositing library under cairo and the X server), called through cgo
// against Debian's libpixman-1-dev (scripts/deps.sh peers). Its
// benchmark draws raster's blit workload (internal/blitbench: 16×16 and
// 64×64 pixel art and the iso floor tile, 1000 scattered positions on an
// 800×480 frame) with raster.DrawSprite and with pixman's OVER composite
// of a premultiplied a8r8g8b8 image, alternately in one run, and reports
// both rates and the ratio; a test checks that both draw the same bytes.
//
//	go test -run '^$' -bench . ./perf/peers/pixman   (from the repository root: cd there first)
//
// It is its own module (replace diorama => ../../..) so the engine's
// go.mod and build stay free of cgo.
package pixman
