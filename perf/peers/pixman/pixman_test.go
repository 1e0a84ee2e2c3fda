package pixman

import (
	"image"
	"image/color"
	"testing"

	"diorama/internal/blitbench"
	"diorama/raster"
)

// setup returns raster's sprite and frame and pixman's source and
// destination for one benchmarked sprite, the destinations filled with
// the same background (opaque, with a translucent band so the blend
// arithmetic on alpha shows too).
func setup(t testing.TB, img *image.NRGBA) (*raster.Sprite, *raster.Frame, *Image, *Image) {
	s := raster.MustSprite(img)
	b := img.Bounds()
	src := NewImage(b.Dx(), b.Dy())
	sp := src.Pix()
	for y := 0; y < b.Dy(); y++ {
		for x := 0; x < b.Dx(); x++ {
			c := s.RGBAAt(x, y)
			sp[y*b.Dx()+x] = FromRGBA(uint32(c.R) | uint32(c.G)<<8 | uint32(c.B)<<16 | uint32(c.A)<<24)
		}
	}
	f, err := raster.NewFrame(blitbench.FrameW, blitbench.FrameH)
	if err != nil {
		t.Fatal(err)
	}
	dst := NewImage(blitbench.FrameW, blitbench.FrameH)
	dp := dst.Pix()
	for y := 0; y < blitbench.FrameH; y++ {
		for x := 0; x < blitbench.FrameW; x++ {
			c := color.RGBA{uint8(x), uint8(y), uint8(x ^ y), 255}
			if y%40 < 8 {
				c = color.RGBA{c.R / 2, c.G / 2, c.B / 4, 128} // translucent, premultiplied
			}
			f.SetRGBA(x, y, c)
			dp[y*blitbench.FrameW+x] = FromRGBA(uint32(c.R) | uint32(c.G)<<8 | uint32(c.B)<<16 | uint32(c.A)<<24)
		}
	}
	return s, f, src, dst
}

// pixman's OVER on premultiplied pixels uses raster's rounding
// (t = a·b + 128; (t + t>>8) >> 8), so every benchmarked sprite drawn at
// every benchmark position gives exactly raster's bytes.
func TestSameAsRaster(t *testing.T) {
	for _, c := range blitbench.Cases() {
		s, f, src, dst := setup(t, c.Img)
		ps := blitbench.Positions(c.Img)
		for _, p := range ps {
			raster.DrawSprite(f, f.Rect, s, p.X, p.Y, nil)
		}
		before := append([]uint32(nil), dst.Pix()...)
		CompositeOver(dst, src, Points(ps))
		dp := dst.Pix()
		bad, drawn := 0, 0
		for i, q := range dp {
			o := 4 * i
			r := uint32(f.Pix[o]) | uint32(f.Pix[o+1])<<8 | uint32(f.Pix[o+2])<<16 | uint32(f.Pix[o+3])<<24
			if q != before[i] {
				drawn++
			}
			if got := ToRGBA(q); got != r {
				if bad == 0 {
					t.Errorf("%s: pixel (%d, %d): pixman %08x, raster %08x (RGBA words)", c.Name, i%blitbench.FrameW, i/blitbench.FrameW, got, r)
				}
				bad++
			}
		}
		if bad > 0 {
			t.Errorf("%s: %d pixels differ", c.Name, bad)
		}
		if drawn < len(dp)/20 {
			t.Errorf("%s: pixman changed only %d pixels", c.Name, drawn)
		}
		src.Free()
		dst.Free()
	}
}

// BenchmarkBlit draws each benchmarked sprite at the 1000 positions of
// raster's BenchmarkBlit16/64/Diamond with raster.DrawSprite and with
// pixman, alternately, and reports both rates and x-pixman (raster's
// rate over pixman's).
func BenchmarkBlit(b *testing.B) {
	for _, c := range blitbench.Cases() {
		b.Run(c.Name, func(b *testing.B) {
			s, f, src, dst := setup(b, c.Img)
			defer src.Free()
			defer dst.Free()
			ps := blitbench.Positions(c.Img)
			pts := Points(ps)
			px := float64(len(ps) * c.Img.Bounds().Dx() * c.Img.Bounds().Dy())
			blitbench.Compare(b, px, "pixman", func() {
				for _, p := range ps {
					raster.DrawSprite(f, f.Rect, s, p.X, p.Y, nil)
				}
			}, func() { CompositeOver(dst, src, pts) })
		})
	}
}
