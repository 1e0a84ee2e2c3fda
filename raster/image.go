package raster

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	_ "image/gif"  // GIF decoder for DecodeImage
	_ "image/jpeg" // JPEG decoder for DecodeImage
	"io"
	"strings"

	_ "golang.org/x/image/bmp"  // BMP decoder for DecodeImage
	_ "golang.org/x/image/tiff" // TIFF decoder for DecodeImage
	_ "golang.org/x/image/webp" // WebP decoder for DecodeImage
)

// ImageLimits bounds what DecodeImage may read and allocate. The checks
// run on the file's bytes as they are read and on the header's size before
// a single pixel is decoded.
type ImageLimits struct {
	// MaxFileBytes is the largest encoded file read (bytes).
	MaxFileBytes int64
	// MaxPixels is the largest width×height accepted.
	MaxPixels int64
	// MaxDecodedBytes bounds what decoding allocates: the decoder's own
	// pixel buffer, width×height times the bytes per pixel of the file's
	// colour model (8 for 16-bit RGBA PNGs, 4 for 8-bit RGBA, 1 for
	// paletted and gray images), plus the 4 bytes per pixel of the RGBA
	// copy DecodeRGBA makes, plus the decoder's working buffers read from
	// the file's structure before it runs: a TIFF's strip or tile buffer
	// (up to three times 8 bytes per pixel of a compressed strip), a
	// progressive JPEG's coefficients (256 bytes per 8×8 block of every
	// component).
	MaxDecodedBytes int64
	// MaxScanBlocks bounds the work of a JPEG: the 8×8 blocks its scans
	// code, summed over every scan, as image/jpeg visits each block of a
	// scan's components once per scan. A progressive file of ten scans
	// codes each block about ten times; one of thousands of scans
	// (each a few bytes of end-of-band runs) is refused before decoding.
	MaxScanBlocks int64
}

// DefaultImageLimits are the limits used when a caller passes the zero
// ImageLimits: 64 MiB files, 64 megapixels (8192×8192) and 512 MiB of
// decoded pixels, so a 16384×16384 16-bit PNG (2 GiB decoded) is refused
// from its header while any 8-bit 8192×8192 atlas page loads.
//
// MaxScanBlocks, 2^24, takes an 8192×8192 colour JPEG in libjpeg's
// progressive script (ten scans coding about 14 Mi blocks at 4:4:4, 8 Mi
// at 4:2:0) and keeps a hostile one's decoding to about a second (image/
// jpeg spends some 70 ns a block on a scan of end-of-band runs).
var DefaultImageLimits = ImageLimits{
	MaxFileBytes:    64 << 20,
	MaxPixels:       8192 * 8192,
	MaxDecodedBytes: 512 << 20,
	MaxScanBlocks:   1 << 24,
}

// OrDefault returns l with every zero field filled from
// DefaultImageLimits: the limits DecodeImage applies.
func (l ImageLimits) OrDefault() ImageLimits {
	if l.MaxFileBytes <= 0 {
		l.MaxFileBytes = DefaultImageLimits.MaxFileBytes
	}
	if l.MaxPixels <= 0 {
		l.MaxPixels = DefaultImageLimits.MaxPixels
	}
	if l.MaxDecodedBytes <= 0 {
		l.MaxDecodedBytes = DefaultImageLimits.MaxDecodedBytes
	}
	if l.MaxScanBlocks <= 0 {
		l.MaxScanBlocks = DefaultImageLimits.MaxScanBlocks
	}
	return l
}

// ErrImageLimit is matched (errors.Is) by every DecodeImage error caused
// by ImageLimits rather than by a broken file.
var ErrImageLimit = errors.New("image over the limit")

// bytesPerPixel is the size of one pixel in the image a decoder allocates
// for the colour model m.
func bytesPerPixel(m color.Model) int64 {
	switch m {
	case color.RGBA64Model, color.NRGBA64Model:
		return 8
	case color.Gray16Model, color.Alpha16Model:
		return 2
	case color.GrayModel, color.AlphaModel:
		return 1
	case color.YCbCrModel:
		return 3
	case color.CMYKModel:
		return 4
	}
	if _, ok := m.(color.Palette); ok {
		return 1
	}
	return 4
}

// DecodeImage reads an image in any format Go decodes here (PNG of every
// colour model and interlacing, JPEG, GIF (first frame), BMP, TIFF and
// WebP) and returns it as the decoder made it (a baseline JPEG file as
// libjpeg-turbo decodes it, which is Qt's and so Tiled's decoder, rather
// than as image/jpeg). name is the file's name
// for error messages. The file is read through lim.MaxFileBytes and the
// size in the header is checked against lim before decoding allocates;
// the zero ImageLimits means DefaultImageLimits.
func DecodeImage(name string, r io.Reader, lim ImageLimits) (image.Image, error) {
	lim = lim.OrDefault()
	data, err := io.ReadAll(io.LimitReader(r, lim.MaxFileBytes+1))
	if err != nil {
		return nil, fmt.Errorf("%s: reading image: %w", name, err)
	}
	if int64(len(data)) > lim.MaxFileBytes {
		return nil, fmt.Errorf("%s: image file larger than %d bytes (raise ImageLimits.MaxFileBytes): %w", name, lim.MaxFileBytes, ErrImageLimit)
	}
	if len(data) == 0 {
		return nil, fmt.Errorf("%s: empty file, expected an image (PNG, JPEG, GIF, BMP, TIFF or WebP)", name)
	}
	cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		if errors.Is(err, image.ErrFormat) {
			return nil, fmt.Errorf("%s: not an image in a known format (PNG, JPEG, GIF, BMP, TIFF or WebP)", name)
		}
		if strings.Contains(err.Error(), "dimension overflow") {
			// image/png refuses sizes whose byte count overflows an int
			// (on 32-bit systems well below MaxSide²): a size limit.
			return nil, fmt.Errorf("%s: image size too large for this system (%v): %w", name, err, ErrImageLimit)
		}
		return nil, fmt.Errorf("%s: reading image header: %w", name, err)
	}
	var cost decodeCost
	switch format {
	case "jpeg":
		cost, err = jpegCost(data)
	case "tiff":
		cost, err = tiffCost(data)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: reading %s structure: %w", name, format, err)
	}
	if err := checkConfig(name, format, cfg, cost, lim); err != nil {
		return nil, err
	}
	if format == "jpeg" {
		// libjpeg-turbo's pixels, as Qt (and Tiled) decode the file.
		if img, ok := decodeJPEGTurbo(data); ok && img.Bounds().Dx() == cfg.Width && img.Bounds().Dy() == cfg.Height {
			return img, nil
		}
	}
	img, _, err := image.Decode(bytes.NewReader(data))
	if err != nil && format == "png" && errors.Is(err, io.ErrUnexpectedEOF) {
		// A PNG cut off after its image data, before the IEND chunk
		// (phaser's example tilesets): browsers show it, so do we. A file
		// cut off inside its image data still fails.
		if img2, _, err2 := image.Decode(io.MultiReader(bytes.NewReader(data), bytes.NewReader(pngEnd))); err2 == nil {
			img, err = img2, nil
		}
	}
	if err != nil {
		return nil, fmt.Errorf("%s: decoding %s: %w", name, format, err)
	}
	if b := img.Bounds(); b.Dx() != cfg.Width || b.Dy() != cfg.Height {
		return nil, fmt.Errorf("%s: %s decoded to %d×%d, header says %d×%d", name, format, b.Dx(), b.Dy(), cfg.Width, cfg.Height)
	}
	return img, nil
}

// pngEnd is a PNG's IEND chunk: no data, its CRC.
var pngEnd = []byte{0, 0, 0, 0, 'I', 'E', 'N', 'D', 0xAE, 0x42, 0x60, 0x82}

// checkConfig applies lim to a decoded header and the decoder's cost.
func checkConfig(name, format string, cfg image.Config, cost decodeCost, lim ImageLimits) error {
	w, h := int64(cfg.Width), int64(cfg.Height)
	if w <= 0 || h <= 0 {
		return fmt.Errorf("%s: %s size %d×%d is empty", name, format, w, h)
	}
	if w > MaxSide || h > MaxSide {
		return fmt.Errorf("%s: %s size %d×%d is over %d pixels on a side: %w", name, format, w, h, MaxSide, ErrImageLimit)
	}
	if w*h > lim.MaxPixels {
		return fmt.Errorf("%s: %s size %d×%d is %d pixels, over the limit of %d (raise ImageLimits.MaxPixels): %w",
			name, format, w, h, w*h, lim.MaxPixels, ErrImageLimit)
	}
	pix := w * h * (bytesPerPixel(cfg.ColorModel) + 4)
	if need := pix + cost.buffers; need > lim.MaxDecodedBytes {
		if cost.buffers > 0 {
			return fmt.Errorf("%s: %s of %d×%d needs %d bytes decoded (%d of pixels, %d for %s), over the limit of %d (raise ImageLimits.MaxDecodedBytes): %w",
				name, format, w, h, need, pix, cost.buffers, cost.what, lim.MaxDecodedBytes, ErrImageLimit)
		}
		return fmt.Errorf("%s: %s of %d×%d needs %d bytes decoded, over the limit of %d (raise ImageLimits.MaxDecodedBytes): %w",
			name, format, w, h, need, lim.MaxDecodedBytes, ErrImageLimit)
	}
	if cost.scanBlocks > lim.MaxScanBlocks {
		return fmt.Errorf("%s: %s of %d×%d has %d scans coding %d blocks in all, over the limit of %d (raise ImageLimits.MaxScanBlocks): %w",
			name, format, w, h, cost.scans, cost.scanBlocks, lim.MaxScanBlocks, ErrImageLimit)
	}
	return nil
}

// DecodeRGBA is DecodeImage followed by a conversion to premultiplied
// RGBA with its origin at (0, 0), the form sprites and atlases are cut
// from. Straight-alpha pixels (PNG's RGBA and grey-alpha, a palette's
// translucent entries) are premultiplied as [Premul] does, rounding as
// Qt does, so a tileset decoded here has the premultiplied pixels Tiled
// draws from.
func DecodeRGBA(name string, r io.Reader, lim ImageLimits) (*image.RGBA, error) {
	img, err := DecodeImage(name, r, lim)
	if err != nil {
		return nil, err
	}
	return PremulRGBA(img), nil
}

// PremulRGBA returns img as premultiplied RGBA with its origin at (0, 0):
// img itself when it already is, otherwise a new image. Straight-alpha
// images (*image.NRGBA, *image.NRGBA64, palettes of straight colours) are
// premultiplied channel by channel as [Premul] does (Qt's rounding, not
// the standard library's truncation; 16-bit ones at 16 bits and then
// rounded, as Qt converts them); others are converted by image/draw.
func PremulRGBA(img image.Image) *image.RGBA {
	b := img.Bounds()
	if rgba, ok := img.(*image.RGBA); ok && b.Min == (image.Point{}) {
		return rgba
	}
	out := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	w := b.Dx()
	switch src := img.(type) {
	case *image.NRGBA:
		for y := 0; y < b.Dy(); y++ {
			o := src.PixOffset(b.Min.X, b.Min.Y+y)
			premulRow(pix32(out.Pix[y*out.Stride:y*out.Stride+4*w]), src.Pix[o:o+4*w])
		}
	case *image.Paletted:
		var lut [256]uint32
		for i, c := range src.Palette {
			if i < len(lut) {
				lut[i] = packRGBA(premulColor(c))
			}
		}
		for y := 0; y < b.Dy(); y++ {
			o := src.PixOffset(b.Min.X, b.Min.Y+y)
			row := pix32(out.Pix[y*out.Stride : y*out.Stride+4*w])
			for x, k := range src.Pix[o : o+w] {
				row[x] = lut[k]
			}
		}
	case *image.NRGBA64:
		for y := 0; y < b.Dy(); y++ {
			row := pix32(out.Pix[y*out.Stride : y*out.Stride+4*w])
			for x := range row {
				row[x] = packRGBA(premulColor(src.NRGBA64At(b.Min.X+x, b.Min.Y+y)))
			}
		}
	default:
		draw.Draw(out, out.Rect, img, b.Min, draw.Src)
	}
	return out
}

// premulRow premultiplies the straight-alpha RGBA bytes src into dst, one
// word a pixel, as Premul.
func premulRow(dst []uint32, src []uint8) {
	for x := range dst {
		p := src[4*x : 4*x+4 : 4*x+4]
		a := uint32(p[3])
		switch a {
		case 0:
			dst[x] = 0
		case 255:
			dst[x] = uint32(p[0]) | uint32(p[1])<<8 | uint32(p[2])<<16 | 255<<24
		default:
			dst[x] = premul8(uint32(p[0]), a) | premul8(uint32(p[1]), a)<<8 | premul8(uint32(p[2]), a)<<16 | a<<24
		}
	}
}

// premulColor is c premultiplied to 8 bits: straight colours as Premul
// (16-bit ones premultiplied at 16 bits and then rounded to 8, as Qt
// does), premultiplied ones as they are,
// every colour channel clamped to the alpha and alpha 0 made transparent
// black.
func premulColor(c color.Color) color.RGBA {
	switch c := c.(type) {
	case color.NRGBA:
		return Premul(c)
	case color.NRGBA64:
		// As Qt converts a 16-bit image for drawing: premultiplied at
		// 16 bits (qt_div_65535), then each channel rounded to 8.
		a := uint64(c.A)
		p := func(v uint16) uint8 {
			x := uint64(v) * a
			return to8(uint16((x + x>>16 + 0x8000) >> 16))
		}
		return color.RGBA{p(c.R), p(c.G), p(c.B), to8(c.A)}
	case color.RGBA:
		if c.A == 0 {
			return color.RGBA{}
		}
		return validPremul(c)
	}
	r, g, bl, a := c.RGBA()
	if a>>8 == 0 {
		return color.RGBA{}
	}
	return validPremul(color.RGBA{uint8(r >> 8), uint8(g >> 8), uint8(bl >> 8), uint8(a >> 8)})
}

// to8 rounds a 16-bit channel to 8 bits, v/257 to nearest, as Qt's
// QRgba64::div_257.
func to8(v uint16) uint8 {
	x := uint32(v) + 128
	return uint8((x - x>>8) >> 8)
}
