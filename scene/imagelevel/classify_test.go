package imagelevel

import (
	"image"
	"image/color"
	"math/rand/v2"
	"testing"

	"diorama/internal/testenv"
)

// opaque hides an image's type, so classify takes its generic path.
type opaque struct{ image.Image }

// The fast paths for grey, 16-bit and RGBA images classify every pixel as
// the generic path (color.NRGBAModel through image.At) does: random
// pixels, with the wall and door colours planted, in every alpha.
func TestClassifyFastPaths(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	const w, h = 37, 23
	rect := image.Rect(0, 0, w, h)
	wall := color.NRGBA{10, 20, 30, 255}
	door := color.NRGBA{0, 0, 255, 128}
	pick := func() color.Color {
		switch r.IntN(4) {
		case 0:
			return wall
		case 1:
			return door
		case 2:
			return color.NRGBA{uint8(r.IntN(256)), uint8(r.IntN(256)), uint8(r.IntN(256)), uint8(r.IntN(256))}
		}
		return color.NRGBA64{uint16(r.IntN(65536)), uint16(r.IntN(65536)), uint16(r.IntN(65536)), uint16(r.IntN(65536))}
	}
	images := []interface {
		image.Image
		Set(x, y int, c color.Color)
	}{image.NewGray(rect), image.NewGray16(rect), image.NewRGBA(rect), image.NewRGBA64(rect), image.NewNRGBA64(rect)}
	for _, img := range images {
		walls := 0
		for y := 0; y < h; y++ {
			for x := 0; x < w; x++ {
				img.Set(x, y, pick())
			}
		}
		fast, slow := make([]Cell, w*h), make([]Cell, w*h)
		classify(img, fast, w, wall, door)
		classify(opaque{img}, slow, w, wall, door)
		for i := range fast {
			if fast[i] != slow[i] {
				t.Fatalf("%T pixel %d: fast %v, generic %v", img, i, fast[i], slow[i])
			}
			if fast[i] == Wall {
				walls++
			}
		}
		_, grey := img.(*image.Gray)
		_, grey16 := img.(*image.Gray16)
		if !grey && !grey16 && walls == 0 {
			t.Fatalf("%T: no wall pixel classified", img)
		}
	}
	// The black wall of a grey image is found.
	g := image.NewGray(rect)
	cells := make([]Cell, w*h)
	classify(g, cells, w, DefaultWallColor, DefaultDoorColor)
	if cells[0] != Wall {
		t.Fatalf("black grey pixel is %v", cells[0])
	}
	if n := testenv.AllocsOver(3, func() { classify(g, cells, w, DefaultWallColor, DefaultDoorColor) }); n != 0 {
		t.Fatalf("%v allocations", n)
	}
}
