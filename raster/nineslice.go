package raster

import (
	"fmt"
	"image"
)

// NineSlice is a sprite cut in nine by a centre rectangle, for panels,
// buttons and frames drawn at any size: the four corners keep their
// size, the top and bottom edges stretch horizontally, the left and right
// edges vertically, and the centre both ways. Stretching is
// nearest-neighbour (pixel art stays sharp). When the target is smaller
// than the corners, the corners shrink in proportion and the centre
// vanishes.
//
// A NineSlice is immutable and safe to draw from many goroutines.
type NineSlice struct {
	s      *Sprite
	center image.Rectangle
}

// NewNineSlice builds a nine-slice from img and the centre rectangle in
// img's coordinates relative to its Bounds().Min (so (0,0)-(W,H) is the
// whole image). The centre must lie inside the image; it may be empty
// (zero width or height), in which case the stretched middle band along
// that axis stays transparent.
func NewNineSlice(img image.Image, center image.Rectangle) (*NineSlice, error) {
	s, err := NewSprite(img)
	if err != nil {
		return nil, err
	}
	return NineSliceOf(s, center)
}

// NineSliceOf builds a nine-slice over an existing sprite (see
// [NewNineSlice] for center).
func NineSliceOf(s *Sprite, center image.Rectangle) (*NineSlice, error) {
	if s == nil {
		return nil, ErrNilImage
	}
	if center.Min.X < 0 || center.Min.Y < 0 || center.Max.X > s.w || center.Max.Y > s.h ||
		center.Min.X > center.Max.X || center.Min.Y > center.Max.Y {
		return nil, fmt.Errorf("raster: nine-slice centre %v does not lie inside the %d×%d sprite", center, s.w, s.h)
	}
	return &NineSlice{s: s, center: center}, nil
}

// Sprite returns the whole source sprite.
func (n *NineSlice) Sprite() *Sprite { return n.s }

// Center returns the centre rectangle.
func (n *NineSlice) Center() image.Rectangle { return n.center }

// MinSize returns the size below which the corners shrink: the fixed
// borders' total width and height.
func (n *NineSlice) MinSize() image.Point {
	return image.Pt(n.s.w-n.center.Dx(), n.s.h-n.center.Dy())
}

// sliceAxis maps destination positions along one axis of a nine-slice
// drawn d pixels long to source positions of a sprite s pixels long whose
// centre band is [a, b). Arithmetic is in int64: d may be as large as
// the coordinate limit, and products of it with a source length do not
// fit 32 bits.
type sliceAxis struct {
	s, a, b, d int64
	l, r       int64 // destination lengths of the two fixed borders
}

func newSliceAxis(s, a, b, d int) sliceAxis {
	ax := sliceAxis{s: int64(s), a: int64(a), b: int64(b), d: int64(d)}
	L, R := ax.a, ax.s-ax.b
	switch {
	case ax.d >= L+R:
		ax.l, ax.r = L, R
	case L+R > 0:
		ax.l = ax.d * L / (L + R)
		ax.r = ax.d - ax.l
	}
	return ax
}

// src returns the source position drawn at destination position i in
// [0, d), or -1 when nothing is drawn there (an empty centre band). Each
// band maps by nearest neighbour, sampling at pixel centres, which is the
// identity for a band drawn at its own size.
func (ax *sliceAxis) src(i int) int {
	k := int64(i)
	switch {
	case k < ax.l:
		return int((2*k + 1) * ax.a / (2 * ax.l))
	case k >= ax.d-ax.r:
		j := k - (ax.d - ax.r)
		return int(ax.b + (2*j+1)*(ax.s-ax.b)/(2*ax.r))
	}
	c := ax.b - ax.a
	if c == 0 {
		return -1
	}
	n := ax.d - ax.l - ax.r
	return int(ax.a + (2*(k-ax.l)+1)*c/(2*n))
}

// DrawNineSlice draws n stretched to fill r, composited source-over onto
// dst inside clip (intersected with dst's bounds). o may be nil; its
// FlipX and FlipY mirror the result within r and its colour options
// (tint, opacity, flash) apply as for [DrawSprite]; Scale is ignored (r
// gives the size). Any rectangle is safe: off-frame or huge ones draw
// just the visible part. It does not allocate.
func DrawNineSlice(dst *Frame, clip image.Rectangle, n *NineSlice, r image.Rectangle, o *DrawOptions) {
	if dst == nil || n == nil || n.s.trim.Empty() {
		return
	}
	r = image.Rect(clampCoord(r.Min.X), clampCoord(r.Min.Y), clampCoord(r.Max.X), clampCoord(r.Max.Y)).Canon()
	vis := clipTo(dst, clip).Intersect(r)
	if vis.Empty() {
		return
	}
	m := o.mod()
	if m.tinted && m.tint>>24 == 0 {
		return
	}
	flipX, flipY := o != nil && o.FlipX, o != nil && o.FlipY
	ax := newSliceAxis(n.s.w, n.center.Min.X, n.center.Max.X, r.Dx())
	ay := newSliceAxis(n.s.h, n.center.Min.Y, n.center.Max.Y, r.Dy())
	d32 := pix32(dst.Pix)
	stride := dst.Stride / 4
	trim, tw := n.s.trim, n.s.trim.Dx()
	active := m.active()
	// Columns are mapped to trimmed source columns once per chunk of
	// columns (a fixed array: no allocation), then reused on every row.
	var cols [256]int32
	for cx := vis.Min.X; cx < vis.Max.X; cx += len(cols) {
		ce := min(cx+len(cols), vis.Max.X)
		for x := cx; x < ce; x++ {
			j := x - r.Min.X
			if flipX {
				j = r.Dx() - 1 - j
			}
			sx := ax.src(j) - trim.Min.X
			if sx < 0 || sx >= tw {
				sx = -1 // an empty band or a transparent column
			}
			cols[x-cx] = int32(sx)
		}
		for y := vis.Min.Y; y < vis.Max.Y; y++ {
			i := y - r.Min.Y
			if flipY {
				i = r.Dy() - 1 - i
			}
			sy := ay.src(i)
			if sy < trim.Min.Y || sy >= trim.Max.Y {
				continue // an empty band or a transparent row
			}
			src := n.s.pix[(sy-trim.Min.Y)*tw : (sy-trim.Min.Y+1)*tw]
			row := d32[y*stride+cx : y*stride+ce] // frames start at the origin
			for k, sx := range cols[:ce-cx] {
				if sx < 0 {
					continue
				}
				p := src[sx]
				if p>>24 == 0 {
					continue
				}
				if active {
					p = modulate(p, &m)
					if p>>24 == 0 {
						continue
					}
				}
				if p>>24 == 255 {
					row[k] = p
				} else {
					row[k] = over(row[k], p)
				}
			}
		}
	}
}
