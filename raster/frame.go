package raster

import (
	"fmt"
	"image"
	"image/color"
)

// MaxSide is the largest width or height a [Frame] or [Sprite] may have.
const MaxSide = 16384

// Frame is a framebuffer of premultiplied RGBA8 pixels, row-major with a
// stride, laid out exactly like image.RGBA (which it embeds), so a *Frame
// can be passed wherever the standard library takes an image.Image or a
// draw.Image, and f.RGBA() hands the same memory to code that wants an
// *image.RGBA.
//
// Pixel (x, y) of a Frame whose Rect.Min is the origin starts at
// Pix[y*Stride+x*4]. Frames made by [NewFrame] always start at the origin.
type Frame struct {
	image.RGBA
}

// NewFrame allocates a w×h frame cleared to transparent black. Sizes that
// are negative or larger than [MaxSide] on a side are refused with an
// error; a 0×0 frame is valid and draws nothing.
func NewFrame(w, h int) (*Frame, error) {
	if w < 0 || h < 0 || w > MaxSide || h > MaxSide {
		return nil, fmt.Errorf("raster: frame size %d×%d out of range (each side 0..%d)", w, h, MaxSide)
	}
	return &Frame{RGBA: image.RGBA{Pix: make([]uint8, 4*w*h), Stride: 4 * w, Rect: image.Rect(0, 0, w, h)}}, nil
}

// FrameOf wraps an existing *image.RGBA without copying. The frame shares
// the image's pixels; its Rect must start at the origin and respect
// [MaxSide].
func FrameOf(img *image.RGBA) (*Frame, error) {
	if img == nil {
		return nil, fmt.Errorf("raster: FrameOf(nil)")
	}
	r := img.Rect
	if r.Min != (image.Point{}) || r.Dx() > MaxSide || r.Dy() > MaxSide || len(img.Pix) < 4*r.Dx()*r.Dy() && r.Dx()*r.Dy() > 0 {
		return nil, fmt.Errorf("raster: FrameOf: unsupported image rectangle %v (stride %d, %d bytes)", r, img.Stride, len(img.Pix))
	}
	return &Frame{RGBA: *img}, nil
}

// W returns the frame width in pixels.
func (f *Frame) W() int { return f.Rect.Dx() }

// H returns the frame height in pixels.
func (f *Frame) H() int { return f.Rect.Dy() }

// Image returns the frame as an *image.RGBA sharing its pixels.
func (f *Frame) Image() *image.RGBA { return &f.RGBA }

// Clear fills the whole frame with the premultiplied colour c.
func (f *Frame) Clear(c color.RGBA) {
	if f.W() == 0 || f.H() == 0 {
		return
	}
	row := f.Pix[:f.W()*4]
	for i := 0; i < len(row); i += 4 {
		row[i], row[i+1], row[i+2], row[i+3] = c.R, c.G, c.B, c.A
	}
	for y := 1; y < f.H(); y++ {
		copy(f.Pix[y*f.Stride:y*f.Stride+len(row)], row)
	}
}

// Row returns the pixel bytes of row y (4 bytes a pixel, no padding), or
// nil when y is outside the frame.
func (f *Frame) Row(y int) []uint8 {
	if y < 0 || y >= f.H() {
		return nil
	}
	o := y * f.Stride
	return f.Pix[o : o+f.W()*4 : o+f.W()*4]
}
