package raster

import (
	"bytes"
	"diorama/internal/loadutil/loadtest"
	"diorama/internal/testenv"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"image"
	"image/color"
	"image/color/palette"
	"image/draw"
	"image/gif"
	"image/jpeg"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"golang.org/x/image/bmp"
)

// sameRGBA reports whether a and b hold the same premultiplied pixels.
func sameRGBA(t *testing.T, name string, got, want image.Image) {
	t.Helper()
	g, w := toRGBA(got), toRGBA(want)
	if g.Rect.Size() != w.Rect.Size() {
		t.Fatalf("%s: size %v, want %v", name, g.Rect.Size(), w.Rect.Size())
	}
	if !bytes.Equal(g.Pix, w.Pix) {
		t.Fatalf("%s: pixels differ from the reference decoder", name)
	}
}

func toRGBA(img image.Image) *image.RGBA {
	b := img.Bounds()
	out := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	draw.Draw(out, out.Rect, img, b.Min, draw.Src)
	return out
}

// qPremultiply is Qt's premultiplication of a straight ARGB32 pixel,
// written as qrgb.h writes it (two channels a multiply): the reference
// the raster's premultiplication is checked against.
func qPremultiply(x uint32) uint32 {
	a := x >> 24
	t := (x & 0xff00ff) * a
	t = (t + ((t >> 8) & 0xff00ff) + 0x800080) >> 8
	t &= 0xff00ff
	x = ((x >> 8) & 0xff) * a
	x = x + ((x >> 8) & 0xff) + 0x80
	x &= 0xff00
	return x | t | a<<24
}

// qtPremultiplied is img premultiplied as Qt premultiplies an image it
// draws: straight 8-bit colours by qPremultiply, straight 16-bit ones at
// 16 bits and then rounded to 8, premultiplied colours as image/draw
// converts them.
func qtPremultiplied(img image.Image) *image.RGBA {
	b := img.Bounds()
	out := toRGBA(img)
	for y := 0; y < b.Dy(); y++ {
		for x := 0; x < b.Dx(); x++ {
			var n color.NRGBA
			switch c := img.At(b.Min.X+x, b.Min.Y+y).(type) {
			case color.NRGBA:
				n = c
			case color.NRGBA64:
				// Qt: premultiplied at 16 bits (qt_div_65535), each channel
				// then rounded to 8 (QRgba64::div_257); checked against
				// tmxrasterizer on a translucent 16-bit tileset.
				d := func(v uint64) uint8 { v += 128; return uint8((v - v>>8) >> 8) }
				pm := func(v uint16) uint8 { x := uint64(v) * uint64(c.A); return d((x + x>>16 + 0x8000) >> 16) }
				out.SetRGBA(x, y, color.RGBA{pm(c.R), pm(c.G), pm(c.B), d(uint64(c.A))})
				continue
			default:
				continue
			}
			// ARGB32: B in bits 0-7, R in 16-23.
			p := qPremultiply(uint32(n.A)<<24 | uint32(n.R)<<16 | uint32(n.G)<<8 | uint32(n.B))
			out.SetRGBA(x, y, color.RGBA{uint8(p >> 16), uint8(p >> 8), uint8(p), uint8(p >> 24)})
		}
	}
	return out
}

// TestDecodeImagePNGSuite decodes every PNG of Go's own PNG test suite
// (every colour type and bit depth, paletted with and without tRNS, gray,
// 16-bit, interlaced) exactly as image/png does, through decodePNG, and
// through DecodeRGBA to image/png's pixels premultiplied as Qt does.
func TestDecodeImagePNGSuite(t *testing.T) {
	root := filepath.Join(runtime.GOROOT(), "src", "image", "png", "testdata")
	files, _ := filepath.Glob(filepath.Join(root, "pngsuite", "*.png"))
	more, _ := filepath.Glob(filepath.Join(root, "*.png"))
	files = append(files, more...)
	if len(files) < 30 {
		testenv.Missing(t, "Go's PNG test suite not found under %s (a Go install ships it)", root)
	}
	decoded := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		want, refErr := png.Decode(bytes.NewReader(data))
		if filepath.Base(f) == "invalid-noend.png" {
			// Taken on purpose (TestDecodeImagePNGWithoutIEND): it is
			// the suite's image with IEND missing.
			want, refErr = png.Decode(bytes.NewReader(append(data, pngEnd...)))
		}
		got, err := decodePNG(bytes.NewReader(data), filepath.Base(f))
		if refErr != nil {
			if err == nil {
				t.Errorf("%s: accepted, image/png refuses it: %v", f, refErr)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", f, err)
			continue
		}
		sameRGBA(t, f, got, want)
		rgba, err := DecodeRGBA(filepath.Base(f), bytes.NewReader(data), ImageLimits{})
		if err != nil {
			t.Fatal(err)
		}
		sameRGBA(t, f, rgba, qtPremultiplied(want))
		decoded++
	}
	if decoded < 30 {
		t.Fatalf("only %d suite files decoded", decoded)
	}
}

// TestDecodeImagePaletted is the regression for paletted PNGs: the header
// check used to read only the first 33 bytes and failed with "unexpected
// EOF" on every indexed-colour file (the palette follows the header).
func TestDecodeImagePaletted(t *testing.T) {
	src := image.NewPaletted(image.Rect(0, 0, 40, 30), palette.Plan9)
	for i := range src.Pix {
		src.Pix[i] = uint8(i * 7)
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, src); err != nil {
		t.Fatal(err)
	}
	got, err := decodePNG(bytes.NewReader(buf.Bytes()), "pal.png")
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := got.(*image.Paletted); !ok {
		t.Fatalf("decoded as %T, want *image.Paletted", got)
	}
	sameRGBA(t, "pal.png", got, src)
}

// TestDecodeImageFormats: GIF, BMP and WebP decode to what their own
// decoders give, baseline JPEG to libjpeg-turbo's pixels; gray and
// 16-bit PNGs keep their models.
func TestDecodeImageFormats(t *testing.T) {
	src := image.NewNRGBA(image.Rect(0, 0, 23, 17))
	for i := range src.Pix {
		src.Pix[i] = uint8(i*13 + i/4)
	}
	for i := 3; i < len(src.Pix); i += 4 {
		src.Pix[i] = 255
	}
	enc := map[string]func(*bytes.Buffer) error{
		"a.jpg": func(b *bytes.Buffer) error { return jpeg.Encode(b, src, nil) },
		"a.gif": func(b *bytes.Buffer) error { return gif.Encode(b, src, nil) },
		"a.bmp": func(b *bytes.Buffer) error { return bmp.Encode(b, src) },
		"a16.png": func(b *bytes.Buffer) error {
			img := image.NewRGBA64(src.Rect)
			draw.Draw(img, img.Rect, src, image.Point{}, draw.Src)
			return png.Encode(b, img)
		},
		"gray.png": func(b *bytes.Buffer) error {
			img := image.NewGray(src.Rect)
			draw.Draw(img, img.Rect, src, image.Point{}, draw.Src)
			return png.Encode(b, img)
		},
	}
	for name, e := range enc {
		var buf bytes.Buffer
		if err := e(&buf); err != nil {
			t.Fatal(err)
		}
		want, _, err := image.Decode(bytes.NewReader(buf.Bytes()))
		if err != nil {
			t.Fatal(err)
		}
		if name == "a.jpg" {
			// A baseline JPEG decodes as libjpeg-turbo does (Qt's and
			// Tiled's pixels: TestDecodeJPEGTurbo, and viewer's
			// TestExportJPEGMatchesTmxrasterizer), not as image/jpeg.
			var ok bool
			if want, ok = decodeJPEGTurbo(buf.Bytes()); !ok {
				t.Fatalf("%s: not a baseline JPEG file decodeJPEGTurbo takes", name)
			}
		}
		got, err := DecodeImage(name, bytes.NewReader(buf.Bytes()), ImageLimits{})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		sameRGBA(t, name, got, want)
	}
	// WebP: x/image ships lossy and lossless files in its testdata.
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "golang.org/x/image").Output()
	if err != nil {
		testenv.Missing(t, "go list golang.org/x/image: %v", err)
	}
	dir := filepath.Join(strings.TrimSpace(string(out)), "testdata")
	for _, f := range []string{"blue-purple-pink.lossless.webp", "blue-purple-pink.lossy.webp"} {
		data, err := os.ReadFile(filepath.Join(dir, f))
		if err != nil {
			testenv.Missing(t, "x/image testdata (the module cache holds it after go mod download): %v", err)
		}
		img, err := DecodeImage(f, bytes.NewReader(data), ImageLimits{})
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if img.Bounds().Dx() == 0 {
			t.Fatalf("%s: empty image", f)
		}
	}
}

// pngHeaderOnly is a PNG signature and IHDR for a w×h image of the given
// bit depth and colour type, with no pixel data: what a bomb looks like to
// a decoder that trusts the header.
func pngHeaderOnly(w, h uint32, depth, ctype byte) []byte {
	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], w)
	binary.BigEndian.PutUint32(ihdr[4:], h)
	ihdr[8], ihdr[9] = depth, ctype
	var l [4]byte
	binary.BigEndian.PutUint32(l[:], 13)
	b.Write(l[:])
	chunk := append([]byte("IHDR"), ihdr...)
	b.Write(chunk)
	binary.BigEndian.PutUint32(l[:], crc32.ChecksumIEEE(chunk))
	b.Write(l[:])
	return b.Bytes()
}

// TestDecodeImageLimits: sizes are refused from the header, before the
// decoder allocates, with ErrImageLimit and a message naming the file and
// the limit to raise; the same header under a raised limit gets past the
// check (and then fails on the missing pixel data).
func TestDecodeImageLimits(t *testing.T) {
	cases := []struct {
		name string
		data []byte
		lim  ImageLimits
		want string
	}{
		{"bomb16.png", pngHeaderOnly(16384, 16384, 16, 6), ImageLimits{}, "MaxPixels"},
		{"wide.png", pngHeaderOnly(100000, 1, 8, 6), ImageLimits{}, "on a side"},
		{"deep.png", pngHeaderOnly(4096, 4096, 16, 6), ImageLimits{MaxDecodedBytes: 100 << 20}, "MaxDecodedBytes"},
		{"px.png", pngHeaderOnly(1000, 1000, 8, 6), ImageLimits{MaxPixels: 999_999}, "MaxPixels"},
		{"file.png", pngHeaderOnly(10, 10, 8, 6), ImageLimits{MaxFileBytes: 20}, "MaxFileBytes"},
	}
	for _, c := range cases {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		_, err := DecodeImage(c.name, bytes.NewReader(c.data), c.lim)
		runtime.ReadMemStats(&after)
		if !errors.Is(err, ErrImageLimit) {
			t.Fatalf("%s: err %v, want ErrImageLimit", c.name, err)
		}
		if msg := err.Error(); !strings.HasPrefix(msg, c.name+": ") || !strings.Contains(msg, c.want) && !strings.Contains(msg, "too large for this system") {
			t.Errorf("%s: message %q lacks the file name or %q", c.name, msg, c.want)
		}
		if grew := after.TotalAlloc - before.TotalAlloc; grew > 1<<20 {
			t.Errorf("%s: refusing allocated %d bytes", c.name, grew)
		}
	}
	_, err := DecodeImage("ok.png", bytes.NewReader(pngHeaderOnly(1000, 1000, 8, 6)), ImageLimits{MaxPixels: 1_000_000})
	if err == nil || errors.Is(err, ErrImageLimit) {
		t.Fatalf("header within the limit: err %v, want a decoding error", err)
	}
	if _, err := DecodeImage("x.gif", strings.NewReader("GIF89a garbage"), ImageLimits{}); err == nil || !strings.HasPrefix(err.Error(), "x.gif: ") {
		t.Fatalf("broken GIF: %v", err)
	}
	if _, err := DecodeImage("x.txt", strings.NewReader("hello"), ImageLimits{}); err == nil || !strings.Contains(err.Error(), "known format") {
		t.Fatalf("text file: %v", err)
	}
	if _, err := DecodeImage("x.png", strings.NewReader(""), ImageLimits{}); err == nil || !strings.Contains(err.Error(), "x.png: empty file") {
		t.Fatalf("empty file: %v", err)
	}
}

// TestDecodeRGBAPremultiplies: straight-alpha sources come out
// premultiplied, as sprites expect.
func TestDecodeRGBAPremultiplies(t *testing.T) {
	src := image.NewNRGBA(image.Rect(0, 0, 1, 1))
	src.SetNRGBA(0, 0, color.NRGBA{200, 100, 50, 128})
	var buf bytes.Buffer
	if err := png.Encode(&buf, src); err != nil {
		t.Fatal(err)
	}
	got, err := DecodeRGBA("p.png", &buf, ImageLimits{})
	if err != nil {
		t.Fatal(err)
	}
	want := color.RGBAModel.Convert(src.At(0, 0)).(color.RGBA)
	if got.RGBAAt(0, 0) != want {
		t.Fatalf("pixel %v, want %v", got.RGBAAt(0, 0), want)
	}
}

// FuzzDecodeImage: hostile bytes in any format give an error or an image
// within the limits, never a panic.
func FuzzDecodeImage(f *testing.F) {
	f.Add(pngHeaderOnly(4, 4, 8, 3))
	f.Add([]byte("GIF89a\x04\x00\x04\x00\x00\x00\x00;"))
	f.Add([]byte("BM"))
	f.Add([]byte("RIFF\x00\x00\x00\x00WEBPVP8L"))
	f.Add([]byte("\xff\xd8\xff\xdb"))
	lim := ImageLimits{MaxPixels: 1 << 20, MaxDecodedBytes: 16 << 20}
	f.Fuzz(func(t *testing.T, data []byte) {
		img, err := DecodeRGBA("fuzz", bytes.NewReader(data), lim)
		if err != nil {
			return
		}
		if b := img.Bounds(); int64(b.Dx())*int64(b.Dy()) > lim.MaxPixels {
			t.Fatalf("accepted %v over the limit", b)
		}
	})
}

// A PNG cut off after its image data, before IEND (phaser's example
// tilesets are), decodes as browsers show it; one cut off inside its image
// data is still an error.
func TestDecodeImagePNGWithoutIEND(t *testing.T) {
	src := image.NewNRGBA(image.Rect(0, 0, 9, 7))
	for i := range src.Pix {
		src.Pix[i] = uint8(i * 7)
	}
	var b bytes.Buffer
	if err := png.Encode(&b, src); err != nil {
		t.Fatal(err)
	}
	full := b.Bytes()
	if !bytes.HasSuffix(full, pngEnd) {
		t.Fatal("the encoder's PNG does not end with IEND")
	}
	noEnd := full[:len(full)-len(pngEnd)]
	img, err := DecodeImage("noend.png", bytes.NewReader(noEnd), ImageLimits{})
	if err != nil {
		t.Fatal(err)
	}
	sameRGBA(t, "noend.png", img, src)
	if _, err := DecodeImage("cut.png", bytes.NewReader(noEnd[:len(noEnd)-10]), ImageLimits{}); err == nil || !strings.Contains(err.Error(), "cut.png: decoding png") {
		t.Errorf("a PNG cut inside its image data: %v", err)
	}
}

// TestDecodeImageDecoderBuffers: the budget counts what the decoder will
// allocate besides the image, read from the file before it runs: a
// progressive JPEG's coefficients (256 bytes a block and component), a
// TIFF's inflated strip; and the work of a JPEG's scans. Each hostile
// file is refused from its structure, with ErrImageLimit, the file's name
// and the limit to raise, having allocated next to nothing; the same kind
// of file within the limits decodes.
func TestDecodeImageDecoderBuffers(t *testing.T) {
	cases := []struct {
		name string
		data []byte
		want string
	}{
		// 4 components × 1 Mi blocks × 256 bytes of coefficients: 1 GiB
		// besides the CMYK image and its RGBA copy (512 KB of file).
		{"cmyk.jpg", loadtest.ProgressiveJPEG(8192, 8192, 4, 0), "needs 1610612736 bytes decoded (536870912 of pixels, 1073741824 for 4 buffers of coefficients)"},
		{"ycc.jpg", loadtest.ProgressiveJPEG(8192, 8192, 3, 0), "for 3 buffers of coefficients"},
		// 4,000 scans of 64 Ki blocks each: a few bytes a scan.
		{"scans.jpg", loadtest.ProgressiveJPEG(2048, 2048, 1, 4000), "has 4001 scans coding 262209536 blocks in all, over the limit of 16777216 (raise ImageLimits.MaxScanBlocks)"},
		// One deflate strip of 6,600×6,600 RGBA16: the header's 522 MB
		// of pixels pass, the strip buffer does not.
		{"strip.tif", loadtest.DeflateTIFF(6600, 6600), "for the buffer a compressed strip of 6600×6600 inflates into"},
	}
	for _, c := range cases {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		_, err := DecodeImage(c.name, bytes.NewReader(c.data), ImageLimits{})
		runtime.ReadMemStats(&after)
		if !errors.Is(err, ErrImageLimit) || !strings.HasPrefix(err.Error(), c.name+": ") || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: err %v\nwant ErrImageLimit naming the file and %q", c.name, err, c.want)
			continue
		}
		if grew := after.TotalAlloc - before.TotalAlloc; grew > uint64(len(c.data))+1<<20 && !raceEnabled { // race builds drop sync.Pool items
			t.Errorf("%s: refusing allocated %d bytes", c.name, grew)
		}
		t.Logf("%s (%d bytes): %v", c.name, len(c.data), err)
	}
	// Within the limits the same files decode, to the image they hold.
	for _, c := range []struct {
		name string
		data []byte
		w, h int
	}{
		{"gray.jpg", loadtest.ProgressiveJPEG(64, 48, 1, 20), 64, 48},
		{"ycc.jpg", loadtest.ProgressiveJPEG(128, 64, 3, 9), 128, 64},
		{"cmyk.jpg", loadtest.ProgressiveJPEG(64, 64, 4, 4), 64, 64},
		{"strip.tif", loadtest.DeflateTIFF(300, 200), 300, 200},
	} {
		img, err := DecodeRGBA(c.name, bytes.NewReader(c.data), ImageLimits{})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if b := img.Bounds(); b.Dx() != c.w || b.Dy() != c.h {
			t.Fatalf("%s: %v", c.name, b)
		}
	}
}

// TestJPEGCost: the scans and blocks counted from the markers match the
// encoder's layout: image/jpeg's baseline 4:2:0 (one interleaved scan,
// four luma blocks and two chroma blocks an MCU) and the generator's
// progressive files.
func TestJPEGCost(t *testing.T) {
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, image.NewRGBA(image.Rect(0, 0, 33, 17)), nil); err != nil {
		t.Fatal(err)
	}
	c, err := jpegCost(buf.Bytes())
	// 33×17 in 16×16 MCUs: 3×2 MCUs of 4+1+1 blocks.
	if err != nil || c.scans != 1 || c.scanBlocks != 3*2*6 || c.buffers != 0 {
		t.Errorf("baseline: %+v, %v", c, err)
	}
	c, err = jpegCost(loadtest.ProgressiveJPEG(64, 32, 3, 5))
	if err != nil || c.scans != 6 || c.scanBlocks != 3*32+5*32 || c.buffers != 3*32*256 {
		t.Errorf("progressive: %+v, %v", c, err)
	}
	for _, bad := range [][]byte{nil, []byte("\xff\xd8\xff\xc2\x00"), []byte("\xff\xd8\xff\xda\x00\x02")} {
		if _, err := jpegCost(bad); err == nil {
			t.Errorf("% x: no error", bad)
		}
	}
}
