package raster_test

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"testing"

	"diorama/internal/testenv"
	. "diorama/raster"
)

// panelImage is a 12×10 nine-slice source: borders 3 left, 4 right, 2 top,
// 3 bottom around a (3,2)-(8,7) centre. Every part has its own colour and
// a gradient along its stretch direction so stretching, mirroring and
// misplaced bands show; the top-left corner pixel is transparent and the
// right edge translucent.
func panelImage() *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, 12, 10))
	for y := 0; y < 10; y++ {
		for x := 0; x < 12; x++ {
			col, row := 1, 1 // band indices: 0 border before, 1 centre, 2 border after
			if x < 3 {
				col = 0
			} else if x >= 8 {
				col = 2
			}
			if y < 2 {
				row = 0
			} else if y >= 7 {
				row = 2
			}
			c := color.NRGBA{uint8(60 + 80*col), uint8(40 + 90*row), uint8(20*x + 10*y), 255}
			if col == 1 && row == 1 && (x+y)%2 == 0 {
				c = color.NRGBA{250, 240, 200, 255} // centre checker
			}
			if col == 2 && row == 1 {
				c.A = 150 // translucent right edge
			}
			img.SetNRGBA(x, y, c)
		}
	}
	img.SetNRGBA(0, 0, color.NRGBA{}) // rounded corner
	return img
}

func mustNine(t testing.TB) *NineSlice {
	t.Helper()
	n, err := NewNineSlice(panelImage(), image.Rect(3, 2, 8, 7))
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func TestNineSliceGolden(t *testing.T) {
	n := mustNine(t)
	golden(t, "nineslice", 112, 72, func(f *Frame) {
		all := f.Bounds()
		DrawNineSlice(f, all, n, image.Rect(2, 2, 14, 12), nil)  // its own size
		DrawNineSlice(f, all, n, image.Rect(18, 2, 58, 22), nil) // stretched both ways
		DrawNineSlice(f, all, n, image.Rect(62, 2, 76, 42), nil) // tall and narrow
		DrawNineSlice(f, all, n, image.Rect(80, 2, 86, 7), nil)  // smaller than the borders
		DrawNineSlice(f, all, n, image.Rect(90, 2, 90, 30), nil) // empty: nothing
		o := &DrawOptions{FlipX: true}
		o.SetTint(color.NRGBA{255, 200, 120, 200})
		DrawNineSlice(f, all, n, image.Rect(2, 26, 32, 42), o)                          // tinted, mirrored
		DrawNineSlice(f, all, n, image.Rect(36, 26, 58, 42), &DrawOptions{FlipY: true}) // upside down
		DrawNineSlice(f, image.Rect(6, 48, 24, 60), n, image.Rect(2, 46, 32, 70), nil)  // clipped
		DrawNineSlice(f, all, n, image.Rect(90, 50, 130, 80), nil)                      // off the frame's edge
	})
}

// At its own size a nine-slice draws exactly like the sprite.
func TestNineSliceNaturalSize(t *testing.T) {
	n := mustNine(t)
	a, b := mustFrame(t, 20, 16), mustFrame(t, 20, 16)
	checker(a)
	checker(b)
	DrawNineSlice(a, a.Bounds(), n, image.Rect(3, 4, 15, 14), nil)
	DrawSprite(b, b.Bounds(), n.Sprite(), 3, 4, nil)
	for y := 0; y < 16; y++ {
		for x := 0; x < 20; x++ {
			if a.RGBAAt(x, y) != b.RGBAAt(x, y) {
				t.Fatalf("(%d,%d): nine-slice %v, sprite %v", x, y, a.RGBAAt(x, y), b.RGBAAt(x, y))
			}
		}
	}
}

// At any size at least the borders', the four corners are drawn unchanged
// and every edge pixel comes from its own edge band.
func TestNineSliceCornersKeepTheirSize(t *testing.T) {
	n := mustNine(t)
	src := n.Sprite()
	for _, sz := range []image.Point{{7, 5}, {8, 6}, {13, 11}, {31, 7}, {7, 40}, {64, 33}} {
		f := mustFrame(t, sz.X, sz.Y)
		DrawNineSlice(f, f.Bounds(), n, f.Bounds(), nil)
		corners := []struct{ sx, sy, dx, dy, w, h int }{
			{0, 0, 0, 0, 3, 2}, {8, 0, sz.X - 4, 0, 4, 2}, {0, 7, 0, sz.Y - 3, 3, 3}, {8, 7, sz.X - 4, sz.Y - 3, 4, 3},
		}
		for _, c := range corners {
			for y := 0; y < c.h; y++ {
				for x := 0; x < c.w; x++ {
					if got, want := f.RGBAAt(c.dx+x, c.dy+y), src.RGBAAt(c.sx+x, c.sy+y); got != want {
						t.Fatalf("%v: corner pixel (%d,%d) = %v, want %v", sz, c.dx+x, c.dy+y, got, want)
					}
				}
			}
		}
		// Top edge: every pixel's red channel says it came from the centre
		// column band (premultiplied red 140 at alpha 255).
		for x := 3; x < sz.X-4; x++ {
			if got := f.RGBAAt(x, 0).R; got != 140 {
				t.Fatalf("%v: top edge at x=%d has red %d, not from the top band", sz, x, got)
			}
		}
	}
}

func TestNineSliceErrors(t *testing.T) {
	s := MustSprite(panelImage())
	for _, c := range []image.Rectangle{image.Rect(-1, 0, 4, 4), image.Rect(0, 0, 13, 4), image.Rect(0, 0, 4, 11), {Min: image.Pt(5, 5), Max: image.Pt(4, 6)}} {
		if _, err := NineSliceOf(s, c); err == nil {
			t.Errorf("centre %v accepted", c)
		}
	}
	if _, err := NineSliceOf(nil, image.Rectangle{}); err == nil {
		t.Error("nil sprite accepted")
	}
	// Degenerate but valid: an empty centre, the whole image as centre.
	for _, c := range []image.Rectangle{image.Rect(4, 4, 4, 4), image.Rect(0, 0, 12, 10)} {
		n, err := NineSliceOf(s, c)
		if err != nil {
			t.Fatal(err)
		}
		f := mustFrame(t, 30, 30)
		DrawNineSlice(f, f.Bounds(), n, f.Bounds(), nil)
	}
}

// Hostile rectangles draw only the visible part and never panic.
func TestNineSliceHugeRects(t *testing.T) {
	n := mustNine(t)
	f := mustFrame(t, 16, 16)
	const big = math.MaxInt / 4 // 1<<61 on 64-bit, 1<<29 on 32-bit
	for _, r := range []image.Rectangle{
		image.Rect(-big, -big, big, big), image.Rect(big, 0, -big, 8), image.Rect(-100, -100, 5, 5), image.Rect(10, 10, 1<<30, 1<<30),
	} {
		DrawNineSlice(f, f.Bounds(), n, r, nil)
		DrawNineSlice(f, f.Bounds(), n, r, &DrawOptions{FlipX: true, FlipY: true})
	}
	DrawNineSlice(nil, f.Bounds(), n, f.Bounds(), nil)
	DrawNineSlice(f, f.Bounds(), nil, f.Bounds(), nil)
}

func TestNineSliceNoAllocs(t *testing.T) {
	n := mustNine(t)
	f := mustFrame(t, 64, 64)
	o := &DrawOptions{FlipX: true}
	o.SetOpacity(200)
	if a := testenv.AllocsOver(20, func() { DrawNineSlice(f, f.Bounds(), n, image.Rect(1, 1, 60, 50), o) }); a != 0 {
		t.Errorf("%v allocations in 20 draws", a)
	}
}

func BenchmarkDrawNineSlice(b *testing.B) {
	n, err := NewNineSlice(panelImage(), image.Rect(3, 2, 8, 7))
	if err != nil {
		b.Fatal(err)
	}
	f := mustFrame(b, 320, 200)
	r := image.Rect(10, 10, 310, 190)
	b.ResetTimer()
	for b.Loop() {
		DrawNineSlice(f, f.Bounds(), n, r, nil)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(r.Dx()*r.Dy()), "ns/pixel")
}

// Draw a 6×6 button with 2-pixel borders as a 10×5 panel: the corners
// keep their size, the edges and the centre stretch.
func ExampleDrawNineSlice() {
	img := image.NewNRGBA(image.Rect(0, 0, 6, 6))
	for y := 0; y < 6; y++ {
		for x := 0; x < 6; x++ {
			c := color.NRGBA{200, 200, 200, 255} // centre
			if x < 2 || x >= 4 || y < 2 || y >= 4 {
				c = color.NRGBA{40, 40, 40, 255} // border
			}
			img.SetNRGBA(x, y, c)
		}
	}
	n, err := NewNineSlice(img, image.Rect(2, 2, 4, 4))
	if err != nil {
		panic(err)
	}
	f, _ := NewFrame(10, 5)
	DrawNineSlice(f, f.Bounds(), n, f.Bounds(), nil)
	for y := 0; y < 5; y++ {
		for x := 0; x < 10; x++ {
			if f.RGBAAt(x, y).R > 100 {
				fmt.Print("o")
			} else {
				fmt.Print("#")
			}
		}
		fmt.Println()
	}
	// Output:
	// ##########
	// ##########
	// ##oooooo##
	// ##########
	// ##########
}
