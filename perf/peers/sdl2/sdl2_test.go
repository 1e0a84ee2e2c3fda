package sdl2

import (
	"image"
	"image/color"
	"testing"

	"diorama/internal/blitbench"
	"diorama/raster"
)

// tolerance is the largest difference per channel allowed between SDL's
// and raster's pictures: SDL's RLE blender computes d + (s-d)·a>>8 on
// straight alpha (a shift for the division by 255, then truncated), where
// raster premultiplies the sprite once, rounding s·a/255 as Qt does
// (raster.Premul), and adds d·(255-a)/255 rounded: the two sit on either
// side of the exact value, so they may differ by 2 (they differed by at
// most 1 while raster's premultiplication truncated as SDL does).
const tolerance = 2

// setup returns raster's sprite and frame and SDL's sprite and
// destination surfaces for one benchmarked sprite, both destinations
// filled with the same opaque background (SDL's BLEND is meant for
// opaque destinations: it leaves their alpha alone).
func setup(t testing.TB, img *image.NRGBA) (*raster.Sprite, *raster.Frame, *Surface, *Surface) {
	s := raster.MustSprite(img)
	b := img.Bounds()
	src, err := NewSurface(b.Dx(), b.Dy())
	if err != nil {
		t.Fatal(err)
	}
	sp := src.Pix()
	for y := 0; y < b.Dy(); y++ {
		for x := 0; x < b.Dx(); x++ {
			c := img.NRGBAAt(b.Min.X+x, b.Min.Y+y) // straight alpha, as SDL blends
			sp[y*b.Dx()+x] = FromRGBA(uint32(c.R) | uint32(c.G)<<8 | uint32(c.B)<<16 | uint32(c.A)<<24)
		}
	}
	if err := src.MakeSprite(); err != nil {
		t.Fatal(err)
	}
	f, err := raster.NewFrame(blitbench.FrameW, blitbench.FrameH)
	if err != nil {
		t.Fatal(err)
	}
	dst, err := NewSurface(blitbench.FrameW, blitbench.FrameH)
	if err != nil {
		t.Fatal(err)
	}
	dp := dst.Pix()
	for y := 0; y < blitbench.FrameH; y++ {
		for x := 0; x < blitbench.FrameW; x++ {
			c := color.RGBA{uint8(x), uint8(y), uint8(x ^ y), 255}
			f.SetRGBA(x, y, c)
			dp[y*blitbench.FrameW+x] = FromRGBA(uint32(c.R) | uint32(c.G)<<8 | uint32(c.B)<<16 | uint32(c.A)<<24)
		}
	}
	return s, f, src, dst
}

// SDL's RLE blitter draws every benchmarked sprite at every benchmark
// position to within tolerance of raster's picture (opaque pixels
// exactly), and really runs RLE-encoded.
func TestSameAsRaster(t *testing.T) {
	for _, c := range blitbench.Cases() {
		s, f, src, dst := setup(t, c.Img)
		ps := blitbench.Positions(c.Img)
		for _, p := range ps {
			raster.DrawSprite(f, f.Rect, s, p.X, p.Y, nil)
		}
		before := append([]uint32(nil), dst.Pix()...)
		if err := BlitAll(dst, src, Points(ps)); err != nil {
			t.Fatal(err)
		}
		if !src.RLE() {
			t.Errorf("%s: SDL did not RLE-encode the sprite", c.Name)
		}
		worst, drawn, inexact := 0, 0, 0
		for i, q := range dst.Pix() {
			if q != before[i] {
				drawn++
			}
			o := 4 * i
			got := ToRGBA(q)
			exact := true
			for k := 0; k < 4; k++ {
				d := int(got>>(8*k)&0xff) - int(f.Pix[o+k])
				worst = max(worst, d, -d)
				exact = exact && d == 0
			}
			if !exact {
				inexact++
			}
		}
		t.Logf("%s: %d pixels drawn, %d differ from raster's, by at most %d", c.Name, drawn, inexact, worst)
		if worst > tolerance {
			t.Errorf("%s: a channel differs from raster's by %d (tolerance %d)", c.Name, worst, tolerance)
		}
		if drawn < len(before)/20 {
			t.Errorf("%s: SDL changed only %d pixels", c.Name, drawn)
		}
		src.Free()
		dst.Free()
	}
}

// BenchmarkBlit draws each benchmarked sprite at the 1000 positions of
// raster's BenchmarkBlit16/64/Diamond with raster.DrawSprite and with
// SDL's RLE blitter, alternately, and reports both rates and x-sdl2
// (raster's rate over SDL's).
func BenchmarkBlit(b *testing.B) {
	for _, c := range blitbench.Cases() {
		b.Run(c.Name, func(b *testing.B) {
			s, f, src, dst := setup(b, c.Img)
			defer src.Free()
			defer dst.Free()
			ps := blitbench.Positions(c.Img)
			pts := Points(ps)
			px := float64(len(ps) * c.Img.Bounds().Dx() * c.Img.Bounds().Dy())
			blitbench.Compare(b, px, "sdl2", func() {
				for _, p := range ps {
					raster.DrawSprite(f, f.Rect, s, p.X, p.Y, nil)
				}
			}, func() {
				if err := BlitAll(dst, src, pts); err != nil {
					b.Fatal(err)
				}
			})
			if !src.RLE() {
				b.Fatal("SDL did not RLE-encode the sprite")
			}
		})
	}
}
