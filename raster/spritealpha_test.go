package raster

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"testing"

	"diorama/internal/testenv"
)

// alphaTestImage is a straight-alpha image with every alpha from 0 to 255
// and varied colours.
func alphaTestImage() *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, 32, 24))
	for y := 0; y < 24; y++ {
		for x := 0; x < 32; x++ {
			img.SetNRGBA(x, y, color.NRGBA{uint8(x * 8), uint8(y * 11), uint8(x*y + 3), uint8((y*32 + x) * 255 / (32*24 - 1))})
		}
	}
	return img
}

// TestSpriteAlphaBlend draws a NewSpriteAlpha sprite over opaque frames
// and checks each pixel against the exact source-over of the sprite's
// pixel at its opacity (real arithmetic, rounded once): Qt's 16-bit
// arithmetic lands within half a level of it before the last rounding,
// so at most 1 level off, and it is exactly the frame where the pixel is
// transparent. Alpha 255 is NewSprite's sprite, alpha 0 draws nothing,
// draws with options use the sprite's own (shaded) pixels, and Set makes
// it an ordinary sprite.
func TestSpriteAlphaBlend(t *testing.T) {
	img := alphaTestImage()
	for _, alpha := range []uint8{0, 1, 75, 124, 127, 191, 229, 254, 255} {
		s, err := NewSpriteAlpha(img, alpha)
		if err != nil {
			t.Fatal(err)
		}
		if s.W() != 32 || s.H() != 24 {
			t.Fatalf("alpha %d: %d×%d", alpha, s.W(), s.H())
		}
		for _, bg := range []color.RGBA{{0, 0, 0, 255}, {255, 255, 255, 255}, {40, 130, 220, 255}} {
			f, err := NewFrame(40, 30)
			if err != nil {
				t.Fatal(err)
			}
			f.Clear(bg)
			DrawSprite(f, f.Rect, s, 3, 2, nil)
			far, exact := 0, 0
			for y := 0; y < 24; y++ {
				for x := 0; x < 32; x++ {
					p := Premul(img.NRGBAAt(x, y))
					got := f.RGBAAt(x+3, y+2)
					k := float64(alpha) / 255
					pa := float64(p.A) * k
					sc := [4]float64{float64(p.R), float64(p.G), float64(p.B), float64(p.A)}
					dc := [4]float64{float64(bg.R), float64(bg.G), float64(bg.B), float64(bg.A)}
					gc := [4]uint8{got.R, got.G, got.B, got.A}
					for c := 0; c < 4; c++ {
						want := sc[c]*k + dc[c]*(1-pa/255)
						d := math.Abs(float64(gc[c]) - want)
						if p.A == 0 && gc[c] != uint8(dc[c]) || d > 1 {
							far++
						}
						if gc[c] == uint8(math.Round(want)) {
							exact++
						}
					}
				}
			}
			if far > 0 {
				t.Errorf("alpha %d over %v: %d channels off the exact blend by more than a level (or a transparent pixel drawn)", alpha, bg, far)
			}
			if alpha == 0 && exact != 4*32*24 {
				t.Errorf("alpha 0 drew something")
			}
		}
		// With options (a flip), the shaded pixels are drawn as any
		// sprite's: the 16-bit pixels at the opacity, rounded to 8 bits.
		shaded := image.NewRGBA(img.Rect)
		for y := 0; y < 24; y++ {
			for x := 0; x < 32; x++ {
				p := Premul(img.NRGBAAt(x, y))
				k := uint32(alpha)
				bm := func(c uint8) uint8 {
					if p.A == 0 {
						return 0
					}
					return uint8(div257(uint32(div65535(257 * uint64(c) * 257 * uint64(k)))))
				}
				shaded.SetRGBA(x, y, color.RGBA{bm(p.R), bm(p.G), bm(p.B), bm(p.A)})
				if got := s.RGBAAt(x, y); got != shaded.RGBAAt(x, y) {
					t.Fatalf("alpha %d: pixel (%d,%d) %v, want %v", alpha, x, y, got, shaded.RGBAAt(x, y))
				}
			}
		}
		ref := MustSprite(shaded)
		a, _ := NewFrame(40, 30)
		b, _ := NewFrame(40, 30)
		a.Clear(color.RGBA{40, 130, 220, 255})
		b.Clear(color.RGBA{40, 130, 220, 255})
		DrawSprite(a, a.Rect, s, 3, 2, &DrawOptions{FlipX: true})
		DrawSprite(b, b.Rect, ref, 3, 2, &DrawOptions{FlipX: true})
		if string(a.Pix) != string(b.Pix) {
			t.Errorf("alpha %d: a flipped draw is not the shaded sprite's", alpha)
		}
		if alpha == 255 {
			if s.alpha != nil {
				t.Errorf("alpha 255 is not NewSprite's sprite")
			}
		} else if alpha > 0 && s.alpha == nil {
			t.Errorf("alpha %d: no 16-bit draw", alpha)
		}
		if err := s.Set(img); err != nil || s.alpha != nil {
			t.Errorf("alpha %d: Set kept the opacity (%v)", alpha, err)
		}
	}
}

// TestSpriteAlphaClipped draws a NewSpriteAlpha sprite cut by the frame's
// edges and by a clip rectangle: the visible pixels are those of the
// whole draw, nothing is drawn outside the clip.
func TestSpriteAlphaClipped(t *testing.T) {
	s, err := NewSpriteAlpha(alphaTestImage(), 124)
	if err != nil {
		t.Fatal(err)
	}
	bg := color.RGBA{10, 20, 30, 255}
	whole, _ := NewFrame(80, 60)
	whole.Clear(bg)
	DrawSprite(whole, whole.Rect, s, 20, 20, nil)
	for _, c := range []struct {
		x, y int
		clip image.Rectangle
	}{{-10, -7, image.Rect(0, 0, 80, 60)}, {60, 45, image.Rect(0, 0, 80, 60)}, {20, 20, image.Rect(25, 22, 41, 30)}} {
		f, _ := NewFrame(80, 60)
		f.Clear(bg)
		DrawSprite(f, c.clip, s, c.x, c.y, nil)
		for y := 0; y < 60; y++ {
			for x := 0; x < 80; x++ {
				want := bg
				if (image.Point{x, y}).In(c.clip) {
					if q := (image.Point{x - c.x + 20, y - c.y + 20}); q.In(whole.Rect) && (image.Point{x - c.x, y - c.y}).In(image.Rect(0, 0, 32, 24)) {
						want = whole.RGBAAt(q.X, q.Y)
					}
				}
				if got := f.RGBAAt(x, y); got != want {
					t.Fatalf("at %d,%d clip %v: (%d,%d) %v, want %v", c.x, c.y, c.clip, x, y, got, want)
				}
			}
		}
	}
}

// A tile drawn at 49 % opacity (Qt's constant alpha 124) over a grey
// frame, as tmxrasterizer draws a half-transparent layer.
func ExampleNewSpriteAlpha() {
	img := image.NewNRGBA(image.Rect(0, 0, 2, 1))
	img.SetNRGBA(0, 0, color.NRGBA{200, 40, 10, 255})
	img.SetNRGBA(1, 0, color.NRGBA{200, 40, 10, 128})
	s, err := NewSpriteAlpha(img, 124)
	if err != nil {
		panic(err)
	}
	f, _ := NewFrame(2, 1)
	f.Clear(color.RGBA{100, 100, 100, 255})
	DrawSprite(f, f.Rect, s, 0, 0, nil)
	fmt.Println(f.RGBAAt(0, 0), f.RGBAAt(1, 0))
	// Output: {149 71 56 255} {124 85 78 255}
}

// BenchmarkSpriteAlpha times a 64×64 half-transparent tile drawn at a
// layer opacity in 16 bits (NewSpriteAlpha) against the same tile with the
// opacity baked into its 8-bit pixels (NewSprite of the shaded image),
// in CPU nanoseconds per drawn pixel.
func BenchmarkSpriteAlpha(b *testing.B) {
	img := image.NewNRGBA(image.Rect(0, 0, 64, 64))
	for i := 0; i < len(img.Pix); i += 4 {
		img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = uint8(i), uint8(i/3), uint8(i/7), uint8(128+i%128)
	}
	s16, err := NewSpriteAlpha(img, 124)
	if err != nil {
		b.Fatal(err)
	}
	s8 := MustSprite(s16) // its own pixels: the opacity baked in
	for _, c := range []struct {
		name string
		s    *Sprite
	}{{"16bit", s16}, {"baked8bit", s8}} {
		b.Run(c.name, func(b *testing.B) {
			f, _ := NewFrame(64, 64)
			f.Clear(color.RGBA{40, 44, 52, 255})
			b.ReportAllocs()
			c0 := testenv.CPUTime()
			for i := 0; i < b.N; i++ {
				DrawSprite(f, f.Rect, c.s, 0, 0, nil)
			}
			b.ReportMetric(float64((testenv.CPUTime()-c0).Nanoseconds())/float64(b.N)/(64*64), "cpu-ns/px")
		})
	}
}

// TestSpriteAlphaWide draws 16-bit samples (an *image.RGBA64, channels
// not multiples of 257) through NewSpriteAlpha over an opaque frame: each
// channel is within a level of the exact blend of the 16-bit value at the
// opacity, and a transparent sample leaves the frame as it is.
func TestSpriteAlphaWide(t *testing.T) {
	img := image.NewRGBA64(image.Rect(-3, -2, 29, 22))
	for y := -2; y < 22; y++ {
		for x := -3; x < 29; x++ {
			a := uint16((y+2)*32+x+3) * 85
			if x == 0 {
				a = 0
			}
			c := func(k int) uint16 { return uint16(uint32(a) * uint32(((x*7+y*13+k*5)%100+100)%100) / 100) }
			img.SetRGBA64(x, y, color.RGBA64{c(0), c(1), c(2), a})
		}
	}
	bg := color.RGBA{40, 130, 220, 255}
	for _, alpha := range []uint8{255, 124} {
		s, err := NewSpriteAlpha(img, alpha)
		if err != nil {
			t.Fatal(err)
		}
		f, _ := NewFrame(40, 30)
		f.Clear(bg)
		DrawSprite(f, f.Rect, s, 3, 2, nil)
		k := float64(alpha) / 255
		for y := -2; y < 22; y++ {
			for x := -3; x < 29; x++ {
				c := img.RGBA64At(x, y)
				got := f.RGBAAt(x+6, y+4)
				sa := float64(c.A) * k / 65535
				for i, v := range [4][2]float64{{float64(c.R), float64(bg.R)}, {float64(c.G), float64(bg.G)}, {float64(c.B), float64(bg.B)}, {float64(c.A), 255}} {
					want := v[0]*k/257 + v[1]*(1-sa)
					g := [4]uint8{got.R, got.G, got.B, got.A}[i]
					if math.Abs(float64(g)-want) > 1 || c.A == 0 && g != [4]uint8{bg.R, bg.G, bg.B, bg.A}[i] {
						t.Fatalf("alpha %d: (%d,%d) %v over %v drew %v", alpha, x, y, c, bg, got)
					}
				}
			}
		}
	}
}
