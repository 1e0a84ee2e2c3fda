package raster_test

import (
	"image"
	"image/color"
	"testing"

	. "diorama/raster"
)

// turnPattern is a w×h premultiplied test image: smooth gradients, a
// hard diagonal edge and, when translucent, an alpha ramp.
func turnPattern(w, h int, translucent bool) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			c := color.NRGBA{uint8(x * 255 / w), uint8(y * 255 / h), uint8((x*y + 17*x) % 256), 255}
			if x > y {
				c.B = 240
			}
			if translucent {
				c.A = uint8(40 + (x*7+y*13)%216)
			}
			img.SetRGBA(x, y, Premul(c))
		}
	}
	return img
}

// SmoothTurn's pixels are checked against tmxrasterizer by viewer's
// TestExportHexTurnsMatchTmxrasterizer (identical from opaque tilesets);
// here, what holds without Qt: a half turn of an opaque image through
// Qt's fixed point (sampled a 65536th off the pixel centres) is the image
// reversed; a uniform image stays uniform wherever the turned tile lies;
// a 60° turn reaches outside the box by the turned square's extent, and
// the sampled pixels are valid premultiplied colours.
func TestSmoothTurn(t *testing.T) {
	src := turnPattern(30, 20, false)
	// Inside a larger image: the tile is a rectangle of it.
	big := image.NewRGBA(image.Rect(0, 0, 50, 30))
	for y := 0; y < 20; y++ {
		copy(big.Pix[big.PixOffset(7, 5+y):big.PixOffset(37, 5+y)], src.Pix[src.PixOffset(0, y):src.PixOffset(30, y)])
	}
	half := SmoothTurn(big, image.Rect(7, 5, 37, 25), 180, false, false)
	if half.Rect != src.Rect {
		t.Fatalf("half turn bounds %v, want %v", half.Rect, src.Rect)
	}
	for y := 0; y < 20; y++ {
		for x := 0; x < 30; x++ {
			if got, want := half.RGBAAt(x, y), src.RGBAAt(29-x, 19-y); got != want {
				t.Fatalf("half turn (%d,%d) = %v, want %v", x, y, got, want)
			}
		}
	}
	// Mirrored both ways and turned 180°: the image itself.
	same := SmoothTurn(src, src.Rect, 180, true, true)
	for i := range same.Pix {
		if same.Pix[i] != src.Pix[i] {
			t.Fatalf("180° of a double mirror differs at byte %d", i)
		}
	}

	uni := image.NewRGBA(image.Rect(0, 0, 60, 60))
	for i := 0; i < len(uni.Pix); i += 4 {
		copy(uni.Pix[i:], []uint8{90, 150, 30, 255})
	}
	for _, deg := range []float64{60, 120, 33} {
		out := SmoothTurn(uni, uni.Rect, deg, false, true)
		// A 60×60 square turned 60° or 120° spans 60(cos 60° + sin 60°)
		// ≈ 82 pixels each way.
		if deg != 33 && (out.Rect.Dx() < 81 || out.Rect.Dx() > 83 || out.Rect.Dy() < 81 || out.Rect.Dy() > 83 || !uni.Rect.In(out.Rect)) {
			t.Errorf("%v°: bounds %v", deg, out.Rect)
		}
		drawn := 0
		for y := out.Rect.Min.Y; y < out.Rect.Max.Y; y++ {
			for x := out.Rect.Min.X; x < out.Rect.Max.X; x++ {
				switch p := out.RGBAAt(x, y); p {
				case color.RGBA{}:
				case color.RGBA{90, 150, 30, 255}:
					drawn++
				default:
					t.Fatalf("%v°: (%d,%d) = %v", deg, x, y, p)
				}
			}
		}
		// The turned square's area, to within its outline.
		if drawn < 3600-4*60 || drawn > 3600+4*60 {
			t.Errorf("%v°: %d pixels drawn, the square has 3600", deg, drawn)
		}
	}

	tr := turnPattern(40, 40, true)
	for _, deg := range []float64{60, 120, 180, 240} {
		out := SmoothTurn(tr, tr.Rect, deg, deg == 120, false)
		for i := 0; i < len(out.Pix); i += 4 {
			if a := out.Pix[i+3]; out.Pix[i] > a || out.Pix[i+1] > a || out.Pix[i+2] > a {
				t.Fatalf("%v°: pixel %v not premultiplied", deg, out.Pix[i:i+4])
			}
		}
	}
	// Empty or outside rectangles give an empty box, no panic.
	if out := SmoothTurn(tr, image.Rect(30, 30, 50, 50), 60, false, false); out.Rect != image.Rect(0, 0, 20, 20) {
		t.Errorf("outside rectangle: %v", out.Rect)
	}
}

// TestGoldenSmoothTurn draws the pattern, opaque and translucent, turned
// as hexagonal tiles are (60°, 120°, 180°, mirrored), for review.
func TestGoldenSmoothTurn(t *testing.T) {
	golden(t, "smooth_turn", 4*56, 2*56, func(f *Frame) {
		for row, translucent := range []bool{false, true} {
			src := turnPattern(40, 40, translucent)
			for k, c := range []struct {
				deg float64
				fx  bool
			}{{60, false}, {120, false}, {180, false}, {60, true}} {
				img := SmoothTurn(src, src.Rect, c.deg, c.fx, false)
				s, err := NewSprite(img)
				if err != nil {
					t.Fatal(err)
				}
				DrawSprite(f, f.Rect, s, 8+k*56+img.Rect.Min.X, 8+row*56+img.Rect.Min.Y, nil)
			}
		}
	})
}

// SmoothTurn16 holds the samples SmoothTurn rounds: from a translucent
// image, every 16-bit sample rounded (round(c/257)) is SmoothTurn's
// pixel, and some samples are not 8-bit values widened (else there would
// be nothing to keep); from an opaque one it is SmoothTurn's image
// widened (c·257). Drawn through NewSpriteAlpha at alpha 255 over an
// opaque frame, an opaque image's turn is SmoothTurn's sprite drawn.
func TestSmoothTurn16(t *testing.T) {
	for _, translucent := range []bool{false, true} {
		src := turnPattern(30, 20, translucent)
		for _, deg := range []float64{60, 120, 180, 240} {
			p8 := SmoothTurn(src, src.Rect, deg, deg == 120, false)
			p16 := SmoothTurn16(src, src.Rect, deg, deg == 120, false)
			if p8.Rect != p16.Rect {
				t.Fatalf("%v°: bounds %v, SmoothTurn's %v", deg, p16.Rect, p8.Rect)
			}
			fine := 0
			for y := p8.Rect.Min.Y; y < p8.Rect.Max.Y; y++ {
				for x := p8.Rect.Min.X; x < p8.Rect.Max.X; x++ {
					c8, c16 := p8.RGBAAt(x, y), p16.RGBA64At(x, y)
					w8 := [4]uint8{c8.R, c8.G, c8.B, c8.A}
					for i, v := range [4]uint16{c16.R, c16.G, c16.B, c16.A} {
						if uint8((uint32(v)+128-(uint32(v)+128)>>8)>>8) != w8[i] {
							t.Fatalf("translucent %v, %v°: (%d,%d) %v rounds otherwise than %v", translucent, deg, x, y, c16, c8)
						}
						if v%257 != 0 {
							fine++
						}
					}
				}
			}
			if translucent != (fine > 0) {
				t.Errorf("translucent %v, %v°: %d samples finer than 8 bits", translucent, deg, fine)
			}
			if translucent {
				continue
			}
			s16, err := NewSpriteAlpha(p16, 255)
			if err != nil {
				t.Fatal(err)
			}
			a, _ := NewFrame(60, 60)
			b, _ := NewFrame(60, 60)
			a.Clear(color.RGBA{9, 99, 199, 255})
			b.Clear(color.RGBA{9, 99, 199, 255})
			DrawSprite(a, a.Rect, s16, 15, 20, nil)
			DrawSprite(b, b.Rect, MustSprite(p8), 15, 20, nil)
			if string(a.Pix) != string(b.Pix) {
				t.Errorf("%v°: the 16-bit sprite of an opaque turn draws otherwise than the 8-bit one", deg)
			}
		}
	}
}

// SmoothTurn16At's half-pixel mirrors are checked against tmxrasterizer
// by viewer's TestExportOddIsometricMatchesTmxrasterizer (identical);
// here, what holds without Qt: at (0, 0) it is SmoothTurn16; a tile
// mirrored half a pixel down covers rows 1 to h, and each sample is,
// within Qt's truncating weights, the mean of the mirrored image's rows
// y−1 and y (the last row paired with itself; rounded to 8 bits from an
// opaque image), the nudge showing: somewhere a sample is not the exact
// mean ⌊257a/2⌋+⌊257b/2⌋.
func TestSmoothTurn16At(t *testing.T) {
	for _, translucent := range []bool{false, true} {
		src := turnPattern(30, 20, translucent)
		for _, f := range [][2]bool{{true, false}, {false, true}, {true, true}} {
			a := SmoothTurn16(src, src.Rect, 0, f[0], f[1])
			b := SmoothTurn16At(src, src.Rect, 0, f[0], f[1], 0, 0)
			if a.Rect != b.Rect || string(a.Pix) != string(b.Pix) {
				t.Fatalf("translucent %v, flips %v: at (0, 0) otherwise than SmoothTurn16", translucent, f)
			}
			h := SmoothTurn16At(src, src.Rect, 0, f[0], f[1], 0, 0.5)
			if want := image.Rect(0, 1, 30, 21); h.Rect != want {
				t.Fatalf("translucent %v, flips %v: half a pixel down, bounds %v, want %v", translucent, f, h.Rect, want)
			}
			// The mirrored image, 16 bits a channel.
			m := func(x, y int) [4]uint32 {
				if f[0] {
					x = 29 - x
				}
				if f[1] {
					y = 19 - y
				}
				c := src.RGBAAt(x, y)
				return [4]uint32{uint32(c.R) * 257, uint32(c.G) * 257, uint32(c.B) * 257, uint32(c.A) * 257}
			}
			inexact := 0
			for y := 1; y <= 20; y++ {
				for x := 0; x < 30; x++ {
					c := h.RGBA64At(x, y)
					got := [4]uint32{uint32(c.R), uint32(c.G), uint32(c.B), uint32(c.A)}
					p, q := m(x, y-1), m(x, min(y, 19))
					for i := range got {
						mean := p[i]/2 + q[i]/2
						tol := 2 // Qt's truncating weights
						if !translucent {
							tol = 130 // opaque samples are rounded to 8 bits
						}
						if d := int(got[i]) - int(mean); d < -tol || d > tol {
							t.Fatalf("translucent %v, flips %v: (%d,%d) channel %d is %d, rows' mean %d", translucent, f, x, y, i, got[i], mean)
						} else if d != 0 {
							inexact++
						}
					}
				}
			}
			if inexact == 0 {
				t.Errorf("translucent %v, flips %v: every sample the exact mean of its rows (no nudge)", translucent, f)
			}
		}
	}
}
