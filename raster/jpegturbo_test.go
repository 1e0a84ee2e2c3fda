package raster

import (
	"bytes"
	"image"
	"image/color"
	"image/draw"
	"image/jpeg"
	"testing"
)

// jpegBytes encodes a w×h test picture (gradients, a hard edge) with Go's
// encoder: 4:2:0 colour, or greyscale.
func jpegBytes(w, h, q int, gray bool) []byte {
	rgba := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			b := uint8(200)
			if x*h > y*w {
				b = uint8((x + y) * 3)
			}
			rgba.SetRGBA(x, y, color.RGBA{uint8(x * 255 / w), uint8(y * 255 / h), b, 255})
		}
	}
	var src image.Image = rgba
	if gray {
		g := image.NewGray(rgba.Rect)
		draw.Draw(g, g.Rect, rgba, image.Point{}, draw.Src)
		src = g
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, src, &jpeg.Options{Quality: q}); err != nil {
		panic(err)
	}
	return buf.Bytes()
}

// decodeJPEGTurbo's pixels are checked against tmxrasterizer (Qt's
// libjpeg-turbo) by viewer's TestExportJPEGMatchesTmxrasterizer; here,
// what holds without it: the picture is image/jpeg's within the two
// IDCTs' rounding (grey: a level at most) and upsamplings (colour: a few
// levels on average, more at chroma edges), a flat colour decodes to itself exactly, and files it
// does not handle (progressive, cut short) are left to image/jpeg, so
// DecodeImage still refuses a cut file.
func TestDecodeJPEGTurbo(t *testing.T) {
	for _, c := range []struct {
		w, h, q int
		gray    bool
	}{{37, 23, 90, false}, {64, 48, 50, false}, {9, 70, 100, false}, {45, 29, 85, true}} {
		data := jpegBytes(c.w, c.h, c.q, c.gray)
		img, ok := decodeJPEGTurbo(data)
		if !ok {
			t.Fatalf("%+v: not decoded", c)
		}
		if img.Bounds() != image.Rect(0, 0, c.w, c.h) {
			t.Fatalf("%+v: bounds %v", c, img.Bounds())
		}
		ref, err := jpeg.Decode(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		sum, n, worst := 0, 0, 0
		for y := 0; y < c.h; y++ {
			for x := 0; x < c.w; x++ {
				a, b := color.RGBAModel.Convert(img.At(x, y)).(color.RGBA), color.RGBAModel.Convert(ref.At(x, y)).(color.RGBA)
				for _, d := range [3]int{int(a.R) - int(b.R), int(a.G) - int(b.G), int(a.B) - int(b.B)} {
					sum += max(d, -d)
					worst = max(worst, d, -d)
					n++
				}
				if a.A != 255 {
					t.Fatalf("%+v: (%d,%d) alpha %d", c, x, y, a.A)
				}
			}
		}
		// Grey: the IDCTs' rounding only. Colour: image/jpeg repeats
		// each chroma sample where libjpeg-turbo interpolates, which at
		// this picture's hard edges is several levels.
		if mean := float64(sum) / float64(n); c.gray && worst > 1 || mean > 8 {
			t.Errorf("%+v: %.2f levels from image/jpeg on average, %d at most", c, mean, worst)
		}
	}
	// A flat colour: (128, 128, 128) is Y 128, Cb and Cr 128, exactly.
	flat := image.NewRGBA(image.Rect(0, 0, 19, 11))
	draw.Draw(flat, flat.Rect, &image.Uniform{color.RGBA{128, 128, 128, 255}}, image.Point{}, draw.Src)
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, flat, nil); err != nil {
		t.Fatal(err)
	}
	img, ok := decodeJPEGTurbo(buf.Bytes())
	if !ok {
		t.Fatal("flat: not decoded")
	}
	for y := 0; y < 11; y++ {
		for x := 0; x < 19; x++ {
			if c := img.At(x, y).(color.RGBA); c != (color.RGBA{128, 128, 128, 255}) {
				t.Fatalf("flat: (%d,%d) %v", x, y, c)
			}
		}
	}
	// Progressive (the frame marker made SOF2) and cut files.
	data := jpegBytes(37, 23, 90, false)
	prog := bytes.Clone(data)
	if k := bytes.Index(prog, []byte{0xFF, 0xC0}); k < 0 {
		t.Fatal("no SOF0")
	} else {
		prog[k+1] = 0xC2
	}
	if _, ok := decodeJPEGTurbo(prog); ok {
		t.Errorf("a progressive frame was decoded here")
	}
	cut := data[:len(data)*2/3]
	if _, ok := decodeJPEGTurbo(cut); ok {
		t.Errorf("a cut file was decoded here")
	}
	if _, err := DecodeImage("cut.jpg", bytes.NewReader(cut), ImageLimits{}); err == nil {
		t.Errorf("DecodeImage took a cut JPEG file")
	}
}

// FuzzDecodeJPEGTurbo: hostile JPEG bytes are decoded or left to
// image/jpeg, never a panic or a hang, and a decoded image has the size
// the header gives.
func FuzzDecodeJPEGTurbo(f *testing.F) {
	f.Add(jpegBytes(37, 23, 90, false))
	f.Add(jpegBytes(16, 9, 40, true))
	f.Add([]byte{0xFF, 0xD8, 0xFF, 0xD9})
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		cfg, err := jpeg.DecodeConfig(bytes.NewReader(data))
		if err != nil || cfg.Width*cfg.Height > 1<<20 {
			return // DecodeImage checks the header first
		}
		img, ok := decodeJPEGTurbo(data)
		if ok && img.Bounds() != image.Rect(0, 0, cfg.Width, cfg.Height) {
			t.Fatalf("decoded %v, header says %d×%d", img.Bounds(), cfg.Width, cfg.Height)
		}
	})
}
