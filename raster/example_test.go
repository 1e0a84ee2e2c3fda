package raster_test

import (
	"fmt"
	"image"
	"image/color"
	"math"

	"diorama/mathx"
	"diorama/raster"
)

func ExampleNewSprite() {
	img := image.NewNRGBA(image.Rect(0, 0, 16, 16))
	img.SetNRGBA(5, 6, color.NRGBA{255, 0, 0, 128}) // one translucent red pixel
	s, err := raster.NewSprite(img)
	if err != nil {
		panic(err)
	}
	fmt.Println(s.W(), s.H(), s.Trim(), s.RGBAAt(5, 6))
	// Output: 16 16 (5,6)-(6,7) {128 0 0 128}
}

func ExampleDrawSprite() {
	f, _ := raster.NewFrame(8, 8)
	img := image.NewNRGBA(image.Rect(0, 0, 2, 2))
	for i := range img.Pix {
		img.Pix[i] = 255
	}
	s := raster.MustSprite(img)
	raster.DrawSprite(f, f.Rect, s, -1, 3, nil)                                       // half off the left edge
	raster.DrawSprite(f, f.Rect, s, 4, 4, &raster.DrawOptions{Scale: 2, FlipX: true}) // 4×4 block
	fmt.Println(f.RGBAAt(0, 3), f.RGBAAt(7, 7), f.RGBAAt(3, 3))
	// Output: {255 255 255 255} {255 255 255 255} {0 0 0 0}
}

func ExampleDrawSpriteAffine() {
	f, _ := raster.NewFrame(32, 32)
	img := image.NewNRGBA(image.Rect(0, 0, 8, 2)) // a horizontal bar
	for i := range img.Pix {
		img.Pix[i] = 255
	}
	// Rotate the bar a quarter turn about its centre, placed at (16, 16).
	m := mathx.Translate(16, 16).Mul(mathx.Rotate(math.Pi / 2)).Mul(mathx.Translate(-4, -1))
	raster.DrawSpriteAffine(f, f.Rect, raster.MustSprite(img), m, raster.Nearest, nil)
	fmt.Println(f.RGBAAt(16, 12).A, f.RGBAAt(16, 19).A, f.RGBAAt(12, 16).A)
	// Output: 255 255 0
}

func ExampleRenderer() {
	f, _ := raster.NewFrame(64, 32)
	l := raster.NewDrawList()
	r := raster.NewRenderer(0) // one worker per core
	defer r.Close()

	red := color.RGBA{200, 0, 0, 255}
	blue := color.RGBA{0, 0, 200, 255}
	// Added out of order: depth decides what is on top.
	l.FillRect(2, image.Rect(10, 10, 30, 30), blue)
	l.FillRect(1, image.Rect(0, 0, 20, 20), red)
	l.Text(3, raster.DefaultFont(), "hi", 40, 8, color.RGBA{255, 255, 255, 255})
	r.Render(f, l)
	fmt.Println(f.RGBAAt(15, 15) == blue, f.RGBAAt(5, 5) == red)
	// Output: true true
}

// A frame's commands built as one list per worker at the same time, and
// drawn as one list.
func ExampleRenderer_RenderLists() {
	f, _ := raster.NewFrame(64, 32)
	r := raster.NewRenderer(4)
	defer r.Close()
	lists := make([]*raster.DrawList, r.Workers())
	for k := range lists {
		lists[k] = raster.NewDrawList()
	}
	// Each worker builds its own list: here a column of squares each.
	r.Do(len(lists), func(k int) {
		l := lists[k]
		l.Reset()
		shade := uint8(50 * (k + 1))
		l.FillRect(int64(k), image.Rect(16*k, 0, 16*k+16, 32), color.RGBA{shade, 0, 0, 255})
	})
	// Equal depths would keep the lists' order; here depth k decides.
	if err := r.RenderLists(f, lists); err != nil {
		fmt.Println(err)
	}
	fmt.Println(f.RGBAAt(8, 8).R, f.RGBAAt(56, 8).R)
	// Output: 50 200
}

func ExampleFillPath() {
	f, _ := raster.NewFrame(10, 10)
	// A triangle, antialiased: interior pixels get the full colour.
	tri := []mathx.Vec2{{X: 1, Y: 1}, {X: 9, Y: 1}, {X: 1, Y: 9}}
	raster.FillPolygon(f, f.Rect, tri, color.RGBA{0, 255, 0, 255}, true)
	fmt.Println(f.RGBAAt(2, 2).G, f.RGBAAt(8, 8).A)
	// Output: 255 0
}

func ExampleFont_Measure() {
	w, h := raster.DefaultFont().Measure("score 42")
	fmt.Println(w, h)
	// Output: 56 13
}

// A tile mirrored left to right and drawn half a pixel down, as Qt's
// smoothed drawing samples it: rows 1 to 2 of the result, each the mean
// of two of the mirrored tile's rows (the last paired with itself),
// rounded to 8 bits from an opaque tile.
func ExampleSmoothTurn16At() {
	tile := image.NewRGBA(image.Rect(0, 0, 2, 2))
	tile.SetRGBA(0, 0, color.RGBA{200, 0, 0, 255})
	tile.SetRGBA(1, 0, color.RGBA{0, 0, 0, 255})
	tile.SetRGBA(0, 1, color.RGBA{100, 0, 0, 255})
	tile.SetRGBA(1, 1, color.RGBA{0, 0, 0, 255})
	m := raster.SmoothTurn16At(tile, tile.Rect, 0, true, false, 0, 0.5)
	fmt.Println(m.Rect)
	for y := m.Rect.Min.Y; y < m.Rect.Max.Y; y++ {
		fmt.Println(m.RGBA64At(0, y).R>>8, m.RGBA64At(1, y).R>>8)
	}
	// Output:
	// (0,1)-(2,3)
	// 0 150
	// 0 100
}
