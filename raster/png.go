package raster

import (
	"bufio"
	"fmt"
	"image"
	"image/png"
	"io"
	"os"
)

// WritePNG encodes the frame as a PNG. Opaque frames are stored as RGB;
// translucent pixels are converted to straight alpha as PNG requires.
func (f *Frame) WritePNG(w io.Writer) error {
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	return enc.Encode(w, &f.RGBA)
}

// SavePNG writes the frame to a PNG file at path.
func (f *Frame) SavePNG(path string) error {
	file, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("raster: %w", err)
	}
	bw := bufio.NewWriter(file)
	if err := f.WritePNG(bw); err != nil {
		file.Close()
		return fmt.Errorf("raster: writing %s: %w", path, err)
	}
	if err := bw.Flush(); err != nil {
		file.Close()
		return fmt.Errorf("raster: writing %s: %w", path, err)
	}
	return file.Close()
}

// decodePNG reads a PNG of any colour model (paletted, gray, 16-bit,
// interlaced) within DefaultImageLimits, checked from the header before
// the pixels are decoded. name is used in error messages. DecodeImage
// reads every other format too.
func decodePNG(r io.Reader, name string) (image.Image, error) {
	br := bufio.NewReader(r)
	if magic, _ := br.Peek(8); string(magic) != "\x89PNG\r\n\x1a\n" {
		return nil, fmt.Errorf("%s: not a PNG file (no PNG signature)", name)
	}
	return DecodeImage(name, br, ImageLimits{})
}
