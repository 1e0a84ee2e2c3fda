package iso_test

import (
	"fmt"
	"image"
	"image/color"

	"diorama/iso"
)

// Paint a wall with a tiled texture anchored to the world: the second
// piece of a wall split in two continues the first one's pattern.
func ExampleTextureShadeMap() {
	p, _ := iso.Dimetric(32)
	tex := image.NewRGBA(image.Rect(0, 0, 24, 16)) // 1.5 tiles wide
	for x := 0; x < 24; x++ {
		for y := 0; y < 16; y++ {
			tex.SetRGBA(x, y, color.RGBA{uint8(10 * x), 0, 0, 255})
		}
	}
	m := iso.TextureMap{TexelsPerTile: 16}
	whole := iso.Face{Plane: iso.PlaneXZ, I: 0, Len: 3, Z1: 16}
	piece := iso.Face{Plane: iso.PlaneXZ, I: 2, Len: 1, Z1: 16}
	a, _ := iso.TextureShadeMap(p, whole, tex, m)
	b, _ := iso.TextureShadeMap(p, piece, tex, m)
	x, y := 40, 12                                                      // a pixel of the last tile, 2.53 tiles along x
	fmt.Println(p.FaceOwns(piece, x, y), a(x, y) == b(x, y), a(x, y).R) // texel 40 mod 24 = 16
	m.Local = true                                                      // non-tiled: the piece starts the texture afresh
	c, _ := iso.TextureShadeMap(p, piece, tex, m)
	fmt.Println(c(x, y).R) // texel 40 - 32 = 8
	// Output:
	// true true 160
	// 80
}
