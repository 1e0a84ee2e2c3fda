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

// DecodePNG reads a PNG (at most MaxSide pixels on a side, checked before
// the pixels are decoded) and returns it as an image. name is used in
// error messages.
func DecodePNG(r io.Reader, name string) (image.Image, error) {
	br := bufio.NewReader(r)
	head, err := br.Peek(33)
	if err != nil && len(head) < 24 {
		return nil, fmt.Errorf("%s: not a PNG file (truncated header)", name)
	}
	cfg, err := png.DecodeConfig(bytesReader(head))
	if err != nil {
		return nil, fmt.Errorf("%s: not a PNG file: %w", name, err)
	}
	if cfg.Width > MaxSide || cfg.Height > MaxSide || cfg.Width <= 0 || cfg.Height <= 0 {
		return nil, fmt.Errorf("%s: PNG size %d×%d out of range (1..%d on a side)", name, cfg.Width, cfg.Height, MaxSide)
	}
	img, err := png.Decode(br)
	if err != nil {
		return nil, fmt.Errorf("%s: decoding PNG: %w", name, err)
	}
	return img, nil
}

type byteReader struct {
	b []byte
	i int
}

func bytesReader(b []byte) *byteReader { return &byteReader{b: b} }

func (r *byteReader) Read(p []byte) (int, error) {
	if r.i >= len(r.b) {
		return 0, io.EOF
	}
	n := copy(p, r.b[r.i:])
	r.i += n
	return n, nil
}
