package raster

import (
	"errors"
	"fmt"
	"image"
	"image/color"
)

// run is one horizontal stretch of non-transparent pixels in a row of a
// sprite's trimmed area. Transparent pixels are the gaps between runs and
// cost nothing to draw. A run is either opaque (every pixel has alpha 255:
// drawn by copying) or mixed (opaque and translucent pixels: each opaque
// pixel stored, each translucent one blended).
type run struct {
	x, n   uint16 // first column (relative to the trimmed area) and length
	row    uint16 // row of the trimmed area (MaxSide fits)
	opaque bool
}

// minCopyRun is the shortest stretch of opaque pixels kept as a run of its
// own inside a stretch that also has translucent pixels; shorter ones are
// cheaper to handle pixel by pixel than as a separate copy.
const minCopyRun = 16

// appendRuns appends the runs of row y of the trimmed area.
func appendRuns(runs []run, row []uint32, y int) []run {
	for x := 0; x < len(row); {
		if row[x]>>24 == 0 {
			x++
			continue
		}
		// A maximal stretch of non-transparent pixels [x, e).
		e := x
		for e < len(row) && row[e]>>24 != 0 {
			e++
		}
		// Split out long fully opaque stretches; the rest is mixed.
		start := x
		for i := x; i < e; {
			if row[i]>>24 != 255 {
				i++
				continue
			}
			j := i
			for j < e && row[j]>>24 == 255 {
				j++
			}
			if j-i >= minCopyRun || (i == x && j == e) {
				if i > start {
					runs = append(runs, run{x: uint16(start), n: uint16(i - start), row: uint16(y)})
				}
				runs = append(runs, run{x: uint16(i), n: uint16(j - i), row: uint16(y), opaque: true})
				start = j
			}
			i = j
		}
		if e > start {
			runs = append(runs, run{x: uint16(start), n: uint16(e - start), row: uint16(y)})
		}
		x = e
	}
	return runs
}

// Sprite is an image prepared once for fast drawing: converted to
// premultiplied RGBA, trimmed to the bounding box of its non-transparent
// pixels (the original size and offset are kept), and stored as run-length
// spans of opaque and translucent pixels per row.
//
// A Sprite is immutable after [NewSprite] and safe to draw from many
// goroutines at once. It also implements image.Image (with the original,
// untrimmed bounds), so it can be handed to image/draw and to encoders.
type Sprite struct {
	w, h    int
	trim    image.Rectangle // non-transparent area, within (0,0)-(w,h)
	pix     []uint32        // trim.Dx()*trim.Dy() premultiplied pixels
	rowRuns []uint32        // runs of trimmed row r are runs[rowRuns[r]:rowRuns[r+1]]
	runs    []run
	opaque  bool      // every pixel of the trimmed area is opaque
	scratch []uint32  // Set's conversion buffer, kept for re-sets of the same size
	alpha   *alphaPix // NewSpriteAlpha's unshaded pixels, for plain draws
}

// ErrNilImage is returned when a sprite is built from a nil image.
var ErrNilImage = errors.New("raster: nil image")

// NewSprite builds a sprite from any image. Straight-alpha images such as
// *image.NRGBA (what PNG decoding usually yields) are premultiplied as
// [Premul] does (Qt's rounding, as Tiled draws them); images that are
// already premultiplied are taken as they are, with any colour channel
// above its alpha clamped to the alpha and pixels of alpha 0 treated as
// fully transparent.
//
// The sprite's origin is the image's Bounds().Min: drawing at (x, y) puts
// that corner at (x, y). An empty image gives a valid sprite that draws
// nothing; a nil image or one larger than [MaxSide] on a side is an error.
func NewSprite(img image.Image) (*Sprite, error) {
	s := &Sprite{}
	if err := s.set(img); err != nil {
		return nil, err
	}
	s.scratch = nil
	return s, nil
}

// Set makes s show img instead, as NewSprite would, reusing s's memory:
// setting a same-sized picture again (a cached background) allocates
// nothing. On error s is unchanged.
func (s *Sprite) Set(img image.Image) error { return s.set(img) }

func (s *Sprite) set(img image.Image) error {
	if img == nil {
		return ErrNilImage
	}
	b := img.Bounds()
	if b.Dx() > MaxSide || b.Dy() > MaxSide {
		return fmt.Errorf("raster: sprite size %d×%d exceeds %d on a side", b.Dx(), b.Dy(), MaxSide)
	}
	s.w, s.h = max(b.Dx(), 0), max(b.Dy(), 0)
	s.trim, s.opaque, s.alpha = image.Rectangle{}, false, nil
	s.pix, s.runs = s.pix[:0], s.runs[:0]
	s.rowRuns = append(s.rowRuns[:0], 0)
	if b.Empty() {
		return nil
	}
	full := growU32(s.scratch, s.w*s.h)
	s.scratch = full
	convert(full, img, b)

	// Trim to the non-transparent bounding box.
	x0, y0, x1, y1 := s.w, s.h, 0, 0
	for y := 0; y < s.h; y++ {
		row := full[y*s.w : (y+1)*s.w]
		for x, p := range row {
			if p>>24 != 0 {
				x0, x1 = min(x0, x), max(x1, x+1)
				y0, y1 = min(y0, y), max(y1, y+1)
			}
		}
	}
	if x1 <= x0 {
		return nil // fully transparent
	}
	s.trim = image.Rect(x0, y0, x1, y1)
	tw, th := x1-x0, y1-y0
	s.pix = growU32(s.pix, tw*th)
	s.rowRuns = growU32(s.rowRuns, th+1)
	s.opaque = true
	for y := 0; y < th; y++ {
		src := full[(y0+y)*s.w+x0 : (y0+y)*s.w+x1]
		copy(s.pix[y*tw:], src)
		s.rowRuns[y] = uint32(len(s.runs))
		s.runs = appendRuns(s.runs, src, y)
	}
	s.rowRuns[th] = uint32(len(s.runs))
	// Opaque: every row is one opaque run over the whole trimmed width.
	for y := 0; y < th; y++ {
		rs := s.runs[s.rowRuns[y]:s.rowRuns[y+1]]
		if len(rs) != 1 || !rs[0].opaque || int(rs[0].n) != tw {
			s.opaque = false
		}
	}
	return nil
}

// SetOpaque is Set for an image whose every pixel is opaque (a picture
// painted over an opaque background, such as a cached floor): its rows are
// copied as they are and their alphas checked in the same pass, several
// times faster than Set's conversion. An image with a pixel that is not
// opaque is taken through Set, so the result is always Set's.
func (s *Sprite) SetOpaque(img *image.RGBA) error {
	if img == nil {
		return ErrNilImage
	}
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	if b.Empty() || w > MaxSide || h > MaxSide {
		return s.set(img)
	}
	s.pix = growU32(s.pix, w*h)
	for y := 0; y < h; y++ {
		o := img.PixOffset(b.Min.X, b.Min.Y+y)
		dst := s.pix[y*w : (y+1)*w]
		copy(dst, pix32(img.Pix[o:o+4*w]))
		for _, p := range dst {
			if p>>24 != 0xff {
				return s.set(img)
			}
		}
	}
	s.w, s.h = w, h
	s.trim, s.opaque, s.alpha = image.Rect(0, 0, w, h), true, nil
	s.rowRuns = growU32(s.rowRuns, h+1)
	s.runs = s.runs[:0]
	for y := 0; y < h; y++ {
		s.rowRuns[y] = uint32(len(s.runs))
		s.runs = append(s.runs, run{x: 0, n: uint16(w), row: uint16(y), opaque: true})
	}
	s.rowRuns[h] = uint32(len(s.runs))
	return nil
}

// growU32 returns b resized to n elements, reusing its array when it is
// large enough.
func growU32(b []uint32, n int) []uint32 {
	if cap(b) >= n {
		return b[:n]
	}
	return make([]uint32, n)
}

// MustSprite is like [NewSprite] but panics on error. It is meant for
// images built in code at start-up, never for loaded data.
func MustSprite(img image.Image) *Sprite {
	s, err := NewSprite(img)
	if err != nil {
		panic(err)
	}
	return s
}

// convert writes the premultiplied pixels of img's bounds b into dst.
func convert(dst []uint32, img image.Image, b image.Rectangle) {
	w := b.Dx()
	switch src := img.(type) {
	case *image.RGBA:
		for y := 0; y < b.Dy(); y++ {
			o := src.PixOffset(b.Min.X, b.Min.Y+y)
			row := pix32(src.Pix[o : o+4*w])
			for x, p := range row {
				if p>>24 == 0 {
					p = 0
				}
				dst[y*w+x] = packRGBA(validPremul(unpack(p)))
			}
		}
	case *image.NRGBA:
		for y := 0; y < b.Dy(); y++ {
			o := src.PixOffset(b.Min.X, b.Min.Y+y)
			premulRow(dst[y*w:(y+1)*w], src.Pix[o:o+4*w])
		}
	default:
		for y := 0; y < b.Dy(); y++ {
			for x := 0; x < w; x++ {
				dst[y*w+x] = packRGBA(premulColor(img.At(b.Min.X+x, b.Min.Y+y)))
			}
		}
	}
}

// W returns the sprite's original (untrimmed) width.
func (s *Sprite) W() int { return s.w }

// H returns the sprite's original (untrimmed) height.
func (s *Sprite) H() int { return s.h }

// Trim returns the bounding box of the sprite's non-transparent pixels in
// its own coordinates (within Bounds); empty for a fully transparent sprite.
func (s *Sprite) Trim() image.Rectangle { return s.trim }

// Opaque reports whether every pixel inside Trim is fully opaque.
func (s *Sprite) Opaque() bool { return s.opaque && !s.trim.Empty() }

// runCount returns the number of opaque and translucent runs (for statistics
// and tests).
func (s *Sprite) runCount() int { return len(s.runs) }

// Bounds implements image.Image: the original, untrimmed rectangle at the
// origin.
func (s *Sprite) Bounds() image.Rectangle { return image.Rect(0, 0, s.w, s.h) }

// ColorModel implements image.Image.
func (s *Sprite) ColorModel() color.Model { return color.RGBAModel }

// At implements image.Image, returning the premultiplied pixel.
func (s *Sprite) At(x, y int) color.Color { return unpack(s.pixel(x, y)) }

// RGBAAt returns the premultiplied pixel at (x, y), transparent outside.
func (s *Sprite) RGBAAt(x, y int) color.RGBA { return unpack(s.pixel(x, y)) }

func (s *Sprite) pixel(x, y int) uint32 {
	if !(image.Point{x, y}).In(s.trim) {
		return 0
	}
	return s.pix[(y-s.trim.Min.Y)*s.trim.Dx()+x-s.trim.Min.X]
}
