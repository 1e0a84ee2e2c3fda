package raster

import (
	"bytes"
	"diorama/internal/loadutil/loadtest"
	"image"
	"image/color"
	"image/png"
	"strings"
	"testing"

	"diorama/mathx"
)

func pngBytes(img image.Image) []byte {
	var b bytes.Buffer
	png.Encode(&b, img)
	return b.Bytes()
}

// FuzzDecodePNG: hostile PNG bytes give an error or a sprite, never a
// panic, and the decoded sprite draws safely.
func FuzzDecodePNG(f *testing.F) {
	f.Add(pngBytes(testImage(16, 16, 1)))
	f.Add(pngBytes(image.NewGray(image.Rect(0, 0, 3, 5))))
	f.Add(pngBytes(image.NewPaletted(image.Rect(0, 0, 4, 4), color.Palette{color.Black, color.Transparent})))
	f.Add([]byte("\x89PNG\r\n\x1a\n"))
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		img, err := decodePNG(bytes.NewReader(data), "fuzz.png")
		if err != nil {
			return
		}
		b := img.Bounds()
		if b.Dx() > MaxSide || b.Dy() > MaxSide {
			t.Fatalf("accepted %v", b)
		}
		if b.Dx()*b.Dy() > 1<<20 {
			return // big but valid: skip drawing to keep the fuzzer fast
		}
		s, err := NewSprite(img)
		if err != nil {
			t.Fatal(err)
		}
		fr, _ := NewFrame(32, 32)
		DrawSprite(fr, fr.Rect, s, -3, 5, nil)
		DrawSpriteAffine(fr, fr.Rect, s, mathx.Rotate(0.5), Bilinear, nil)
	})
}

// FuzzDrawSprite: arbitrary positions, clips and options never panic and
// always match the reference.
func FuzzDrawSprite(f *testing.F) {
	f.Add(int16(3), int16(-2), int16(0), int16(0), int16(20), int16(20), uint8(0), uint8(1), uint8(0))
	f.Add(int16(-30), int16(40), int16(5), int16(5), int16(1), int16(30), uint8(3), uint8(4), uint8(200))
	s := testSprite(f, 12, 9, 7)
	f.Fuzz(func(t *testing.T, x, y, cx0, cy0, cx1, cy1 int16, flip, scale, flash uint8) {
		o := &DrawOptions{FlipX: flip&1 != 0, FlipY: flip&2 != 0, Scale: int(scale % 6), Flash: color.RGBA{255, 0, 0, 255}, FlashAmount: flash}
		clip := image.Rect(int(cx0), int(cy0), int(cx1), int(cy1))
		got, _ := NewFrame(24, 20)
		want, _ := NewFrame(24, 20)
		DrawSprite(got, clip, s, int(x), int(y), o)
		refDrawSprite(want, clip, s, int(x), int(y), o)
		if i := firstDiff(got.Pix, want.Pix); i >= 0 {
			t.Fatalf("byte %d differs", i)
		}
	})
}

// FuzzDecoderCost: the JPEG marker walk and the TIFF IFD reader that size
// a decoder's buffers and scans before it runs never panic on hostile
// bytes, and DecodeImage on the same bytes gives an image or an error
// naming the file.
func FuzzDecoderCost(f *testing.F) {
	f.Add(loadtest.ProgressiveJPEG(16, 16, 3, 3))
	f.Add(loadtest.ProgressiveJPEG(8, 8, 4, 1))
	f.Add(loadtest.DeflateTIFF(8, 8))
	f.Add([]byte("II*\x00\x08\x00\x00\x00\xff\xff"))
	f.Add([]byte("\xff\xd8\xff\xda\x00\x02\xff"))
	f.Fuzz(func(t *testing.T, data []byte) {
		jpegCost(data)
		tiffCost(data)
		img, err := DecodeImage("fuzz.img", bytes.NewReader(data), ImageLimits{MaxPixels: 1 << 20, MaxDecodedBytes: 64 << 20})
		if err != nil {
			if !strings.HasPrefix(err.Error(), "fuzz.img: ") {
				t.Fatalf("error does not name the file: %v", err)
			}
			return
		}
		if b := img.Bounds(); b.Dx()*b.Dy() > 1<<20 {
			t.Fatalf("accepted %v", b)
		}
	})
}

// FuzzDrawSpriteAlpha: a NewSpriteAlpha sprite drawn at arbitrary
// positions and clips never panics and draws, inside the clip, the pixels
// of the same sprite drawn whole at the origin, and nothing outside.
func FuzzDrawSpriteAlpha(f *testing.F) {
	f.Add(int16(3), int16(-2), int16(0), int16(0), int16(20), int16(20), uint8(124))
	f.Add(int16(-30), int16(40), int16(5), int16(5), int16(1), int16(30), uint8(1))
	f.Add(int16(20), int16(15), int16(-5), int16(-5), int16(30), int16(30), uint8(254))
	img := alphaTestImage()
	bg := color.RGBA{30, 60, 90, 255}
	f.Fuzz(func(t *testing.T, x, y, cx0, cy0, cx1, cy1 int16, alpha uint8) {
		s, err := NewSpriteAlpha(img, alpha)
		if err != nil {
			t.Fatal(err)
		}
		whole, _ := NewFrame(32, 24)
		whole.Clear(bg)
		DrawSprite(whole, whole.Rect, s, 0, 0, nil)
		clip := image.Rect(int(cx0), int(cy0), int(cx1), int(cy1))
		got, _ := NewFrame(24, 20)
		got.Clear(bg)
		DrawSprite(got, clip, s, int(x), int(y), nil)
		for py := 0; py < 20; py++ {
			for px := 0; px < 24; px++ {
				want := bg
				if q := (image.Point{px - int(x), py - int(y)}); (image.Point{px, py}).In(clip) && q.In(whole.Rect) {
					want = whole.RGBAAt(q.X, q.Y)
				}
				if c := got.RGBAAt(px, py); c != want {
					t.Fatalf("(%d,%d): %v, want %v", px, py, c, want)
				}
			}
		}
	})
}
