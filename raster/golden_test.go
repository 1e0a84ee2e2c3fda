package raster_test

import (
	"flag"
	"image"
	"image/color"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/image/font/gofont/goregular"

	"diorama/mathx"
	. "diorama/raster"
	"diorama/raster/rastertest"
)

var update = flag.Bool("update", false, "rewrite the golden images in testdata/")

func mustFrame(t testing.TB, w, h int) *Frame {
	t.Helper()
	f, err := NewFrame(w, h)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// artSprite is a 16×16 pixel-art sprite with transparent margins, an
// outline, an opaque body, a translucent window and a soft shadow: every
// run kind and an asymmetric shape so flips and rotations show.
func artSprite(t testing.TB) *Sprite {
	img := image.NewNRGBA(image.Rect(0, 0, 16, 16))
	for y := 0; y < 16; y++ {
		for x := 0; x < 16; x++ {
			var c color.NRGBA
			switch {
			case x >= 3 && x <= 12 && y >= 2 && y <= 11 && (x == 3 || x == 12 || y == 2 || y == 11):
				c = color.NRGBA{20, 20, 40, 255} // outline
			case x > 3 && x < 12 && y > 2 && y < 11:
				c = color.NRGBA{200, 60, 40, 255} // body
				if x >= 8 && y <= 5 {
					c = color.NRGBA{120, 200, 255, 140} // window
				}
			case x >= 12 && x <= 14 && y >= 5 && y <= 7:
				c = color.NRGBA{230, 200, 40, 255} // barrel, to the right
			case y >= 12 && y <= 13 && x >= 4 && x <= 13:
				c = color.NRGBA{0, 0, 0, 90} // shadow
			}
			img.SetNRGBA(x, y, c)
		}
	}
	s, err := NewSprite(img)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// checker fills f with an opaque checkerboard so blending shows.
func checker(f *Frame) {
	for y := 0; y < f.H(); y++ {
		for x := 0; x < f.W(); x++ {
			c := color.RGBA{70, 90, 80, 255}
			if (x/4+y/4)%2 == 0 {
				c = color.RGBA{110, 120, 130, 255}
			}
			f.SetRGBA(x, y, c)
		}
	}
}

func golden(t *testing.T, name string, w, h int, draw func(f *Frame)) {
	t.Run(name, func(t *testing.T) {
		f := mustFrame(t, w, h)
		checker(f)
		draw(f)
		rastertest.Golden(t, filepath.Join("testdata", name+".png"), f, *update)
	})
}

func TestGoldenBlits(t *testing.T) {
	s := artSprite(t)
	// Each clipping edge: the sprite hangs over every side and corner of
	// a clip rectangle drawn inside the frame, and over the frame edges.
	golden(t, "clip_edges", 64, 64, func(f *Frame) {
		clip := image.Rect(16, 16, 48, 48)
		FillRect(f, f.Rect, clip, color.RGBA{40, 40, 40, 255})
		for _, p := range []image.Point{{8, 8}, {24, 6}, {40, 8}, {6, 24}, {42, 24}, {8, 40}, {24, 42}, {40, 40}, {24, 24}} {
			DrawSprite(f, clip, s, p.X, p.Y, nil)
		}
		for _, p := range []image.Point{{-8, -8}, {56, -8}, {-8, 56}, {56, 56}, {-9, 30}, {57, 30}} {
			DrawSprite(f, f.Rect, s, p.X, p.Y, nil)
		}
	})
	golden(t, "flips", 80, 24, func(f *Frame) {
		DrawSprite(f, f.Rect, s, 2, 4, nil)
		DrawSprite(f, f.Rect, s, 22, 4, &DrawOptions{FlipX: true})
		DrawSprite(f, f.Rect, s, 42, 4, &DrawOptions{FlipY: true})
		DrawSprite(f, f.Rect, s, 62, 4, &DrawOptions{FlipX: true, FlipY: true})
	})
	golden(t, "scales", 112, 64, func(f *Frame) {
		DrawSprite(f, f.Rect, s, 0, 0, &DrawOptions{Scale: 1})
		DrawSprite(f, f.Rect, s, 16, 0, &DrawOptions{Scale: 2})
		DrawSprite(f, f.Rect, s, 48, 0, &DrawOptions{Scale: 4, FlipX: true})
		DrawSprite(f, f.Rect, s, 100, 40, &DrawOptions{Scale: 3}) // clipped at the right and bottom
	})
	golden(t, "tint_flash_opacity", 100, 24, func(f *Frame) {
		var o DrawOptions
		o.SetTint(color.NRGBA{80, 160, 255, 255})
		DrawSprite(f, f.Rect, s, 0, 4, &o)
		DrawSprite(f, f.Rect, s, 20, 4, &DrawOptions{Flash: color.RGBA{255, 255, 255, 255}, FlashAmount: 255})
		DrawSprite(f, f.Rect, s, 40, 4, &DrawOptions{Flash: color.RGBA{255, 0, 0, 255}, FlashAmount: 128})
		o = DrawOptions{}
		o.SetOpacity(128)
		DrawSprite(f, f.Rect, s, 60, 4, &o)
		o = DrawOptions{Flash: color.RGBA{255, 255, 255, 255}, FlashAmount: 200}
		o.SetTint(color.NRGBA{255, 128, 128, 160})
		DrawSprite(f, f.Rect, s, 80, 4, &o)
	})
	golden(t, "copy", 40, 24, func(f *Frame) {
		CopySprite(f, f.Rect, s, 2, 4)
		CopySprite(f, image.Rect(24, 0, 34, 24), s, 22, 4)
	})
}

func TestGoldenAffine(t *testing.T) {
	s := artSprite(t)
	for _, tc := range []struct {
		name string
		deg  float64
	}{{"rot0", 0}, {"rot45", 45}, {"rot90", 90}, {"rot30", 30}, {"rot200", 200}} {
		golden(t, "affine_"+tc.name, 72, 36, func(f *Frame) {
			for i, flt := range []Filter{Nearest, Bilinear} {
				m := mathx.Translate(18+36*float64(i), 18).
					Mul(mathx.Rotate(mathx.Deg(tc.deg))).
					Mul(mathx.ScaleXY(1.5, 1.5)).
					Mul(mathx.Translate(-8, -8))
				DrawSpriteAffine(f, f.Rect, s, m, flt, nil)
			}
		})
	}
	golden(t, "affine_scaled_clipped", 48, 48, func(f *Frame) {
		m := mathx.Translate(24, 24).Mul(mathx.Rotate(mathx.Deg(-20))).Mul(mathx.ScaleXY(5, 3)).Mul(mathx.Translate(-8, -8))
		DrawSpriteAffine(f, image.Rect(4, 4, 44, 40), s, m, Bilinear, &DrawOptions{FlipX: true})
	})
}

func TestGoldenPrimitives(t *testing.T) {
	red := color.RGBA{220, 40, 40, 255}
	green := Premul(color.NRGBA{40, 220, 80, 160})
	blue := Premul(color.NRGBA{60, 90, 255, 200})
	yellow := color.RGBA{240, 220, 40, 255}
	golden(t, "lines", 64, 64, func(f *Frame) {
		for i := 0; i < 16; i++ {
			a := float64(i) * math.Pi / 8
			x1, y1 := 32+int(math.Round(28*math.Cos(a))), 32+int(math.Round(28*math.Sin(a)))
			Line(f, f.Rect, 32, 32, x1, y1, red)
		}
		Line(f, f.Rect, -100, 70, 100, -30, yellow) // clipped at both ends
	})
	golden(t, "lines_aa", 64, 64, func(f *Frame) {
		for i := 0; i < 8; i++ {
			a := float64(i)*math.Pi/8 + 0.1
			p := mathx.V2(32+28*math.Cos(a), 32+28*math.Sin(a))
			LineAA(f, f.Rect, mathx.V2(32, 32), p, 1+float64(i)/3, yellow)
		}
		ThickLine(f, f.Rect, []mathx.Vec2{{X: 4, Y: 60}, {X: 20, Y: 40}, {X: 40, Y: 58}, {X: 60, Y: 36}}, 5, green, true, true)
	})
	golden(t, "rects", 48, 32, func(f *Frame) {
		FillRect(f, f.Rect, image.Rect(2, 2, 20, 14), red)
		FillRect(f, f.Rect, image.Rect(10, 8, 30, 24), green)
		StrokeRect(f, f.Rect, image.Rect(24, 4, 46, 28), yellow)
		StrokeRect(f, f.Rect, image.Rect(-5, 26, 8, 40), blue)
	})
	golden(t, "circles", 96, 48, func(f *Frame) {
		StrokeCircle(f, f.Rect, 16, 16, 12, yellow)
		StrokeCircle(f, f.Rect, 16, 16, 5, red)
		FillCircle(f, f.Rect, mathx.V2(48, 16), 12.5, red, false)
		FillCircle(f, f.Rect, mathx.V2(80.3, 16.6), 12.5, green, true)
		StrokeCircleAA(f, f.Rect, mathx.V2(24, 36), 9, 3, blue)
		FillCircle(f, f.Rect, mathx.V2(70, 44), 20, blue, true) // clipped at the bottom
	})
	star := func(c mathx.Vec2, r1, r2 float64) []mathx.Vec2 {
		var pts []mathx.Vec2
		for i := 0; i < 10; i++ {
			r := r1
			if i%2 == 1 {
				r = r2
			}
			a := float64(i)*math.Pi/5 - math.Pi/2
			pts = append(pts, mathx.V2(c.X+r*math.Cos(a), c.Y+r*math.Sin(a)))
		}
		return pts
	}
	golden(t, "polygons", 96, 48, func(f *Frame) {
		FillPolygon(f, f.Rect, star(mathx.V2(24, 24), 20, 8), red, false)
		FillPolygon(f, f.Rect, star(mathx.V2(72, 24), 20, 8), green, true)
		// A pentagram (self-intersecting): nonzero fills its centre.
		var penta []mathx.Vec2
		for i := 0; i < 5; i++ {
			a := float64(i*2)*2*math.Pi/5 - math.Pi/2
			penta = append(penta, mathx.V2(48+14*math.Cos(a), 30+14*math.Sin(a)))
		}
		FillPolygon(f, f.Rect, penta, blue, true)
	})
}

func TestGoldenText(t *testing.T) {
	golden(t, "text_basic", 120, 32, func(f *Frame) {
		DefaultFont().Draw(f, f.Rect, "Diorama 0123\nHP 100 ammo 42", 2, 2, color.RGBA{255, 255, 255, 255})
	})
	otf, err := ParseOpenType("goregular.ttf", goregular.TTF, 16)
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "text_opentype", 160, 48, func(f *Frame) {
		otf.Draw(f, f.Rect, "Wave 3: AV Tank!", 4, 4, color.RGBA{255, 230, 120, 255})
		otf.Draw(f, image.Rect(0, 24, 60, 48), "clipped text", 4, 26, Premul(color.NRGBA{120, 255, 160, 200}))
	})
	w, h := DefaultFont().Measure("abc\nde")
	if w != 21 || h != 26 {
		t.Fatalf("Measure = %d×%d, want 21×26", w, h)
	}
	if w, h := DefaultFont().Measure(""); w != 0 || h != 0 {
		t.Fatal("Measure of empty string")
	}
	if _, err := ParseOpenType("bad.ttf", []byte("not a font"), 12); err == nil || !strings.Contains(err.Error(), "bad.ttf: ") {
		t.Fatalf("bad font: error %v, want one naming bad.ttf", err)
	}
	if _, err := ParseOpenType("goregular.ttf", goregular.TTF, math.NaN()); err == nil {
		t.Fatal("NaN size accepted")
	}
}
