// Package blitbench holds the sprite-blit benchmark workload shared by
// raster's blit benchmarks and the C peers in perf/peers/pixman and
// perf/peers/sdl2, so every one of them draws the same pictures at the
// same positions: a pixel-art sprite (any size; 16×16 and 64×64 are
// benchmarked), the 64×32 isometric floor tile, and the scattered
// positions on an 800×480 frame.
//
// blitbench imports only the standard library.
package blitbench

import (
	"image"
	"image/color"
	"math/rand/v2"
)

// FrameW and FrameH are the benchmark frame's size.
const FrameW, FrameH = 800, 480

// Count is the number of sprites drawn per round.
const Count = 1000

// PixelArt returns a w×h pixel-art sprite with transparent margins (about
// a third of the area), an outline, opaque fill and a few translucent
// pixels: what game sprites look like.
func PixelArt(w, h int) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	cx, cy := float64(w)/2, float64(h)/2
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			dx, dy := (float64(x)+0.5-cx)/cx, (float64(y)+0.5-cy)/cy
			d := dx*dx + dy*dy
			switch {
			case d < 0.55:
				c := color.NRGBA{uint8(100 + 10*(x%5)), uint8(60 + 20*(y%4)), 40, 255}
				if (x+y)%7 == 0 {
					c.A = 160 // a few translucent highlights
				}
				img.SetNRGBA(x, y, c)
			case d < 0.72:
				img.SetNRGBA(x, y, color.NRGBA{20, 20, 30, 255}) // outline
			}
		}
	}
	return img
}

// Diamond returns a 64×32 isometric floor tile: opaque inside the
// diamond, transparent outside.
func Diamond() *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, 64, 32))
	for y := 0; y < 32; y++ {
		half := 2 * min(y+1, 32-y) // 2:1 diamond
		for x := 32 - half; x < 32+half; x++ {
			img.SetNRGBA(x, y, color.NRGBA{uint8(60 + x), uint8(120 + y), 70, 255})
		}
	}
	return img
}

// Scatter returns n top-left positions for a sw×sh sprite spread over a
// w×h frame, half a sprite past each edge (so some are clipped), from a
// fixed seed.
func Scatter(n, w, h, sw, sh int, seed uint64) []image.Point {
	r := rand.New(rand.NewPCG(seed, 0))
	ps := make([]image.Point, n)
	for i := range ps {
		ps[i] = image.Pt(r.IntN(w+sw)-sw/2, r.IntN(h+sh)-sh/2)
	}
	return ps
}

// Case is one benchmarked sprite.
type Case struct {
	Name string
	Img  *image.NRGBA
}

// Cases returns the benchmarked sprites: 16x16 and 64x64 pixel art and
// the iso floor tile, named as in the benchmark names.
func Cases() []Case {
	return []Case{{"16x16", PixelArt(16, 16)}, {"64x64", PixelArt(64, 64)}, {"diamond", Diamond()}}
}

// Positions returns the scattered positions for img used by every blit
// benchmark (seed 1).
func Positions(img image.Image) []image.Point {
	b := img.Bounds()
	return Scatter(Count, FrameW, FrameH, b.Dx(), b.Dy(), 1)
}
