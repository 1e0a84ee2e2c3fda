package pixman

/*
#cgo pkg-config: pixman-1
#include <pixman.h>
#include <stdint.h>
#include <stdlib.h>

// composite_all composites src OVER dst at each of the n positions xy
// (x, y pairs), the whole loop in C so that cgo's call cost is paid once
// per round, not per sprite.
static void composite_all(pixman_image_t *src, pixman_image_t *dst, const int32_t *xy, int n, int w, int h) {
	for (int i = 0; i < n; i++) {
		pixman_image_composite32(PIXMAN_OP_OVER, src, NULL, dst, 0, 0, 0, 0, xy[2*i], xy[2*i+1], w, h);
	}
}
*/
import "C"

import (
	"image"
	"unsafe"
)

// Image is a pixman a8r8g8b8 image (premultiplied, A<<24|R<<16|G<<8|B per
// 32-bit word) whose pixels live in C memory.
type Image struct {
	img  *C.pixman_image_t
	bits unsafe.Pointer
	W, H int
}

// NewImage returns a w×h image cleared to transparent black; Free
// releases it.
func NewImage(w, h int) *Image {
	bits := C.calloc(C.size_t(w*h), 4)
	img := C.pixman_image_create_bits(C.PIXMAN_a8r8g8b8, C.int(w), C.int(h), (*C.uint32_t)(bits), C.int(4*w))
	return &Image{img: img, bits: bits, W: w, H: h}
}

// Pix returns the image's pixels, row after row, as pixman stores them.
func (m *Image) Pix() []uint32 { return unsafe.Slice((*uint32)(m.bits), m.W*m.H) }

// Free releases the image and its pixels.
func (m *Image) Free() {
	C.pixman_image_unref(m.img)
	C.free(m.bits)
}

// FromRGBA converts a premultiplied RGBA word (R in the low byte, as
// raster and image.RGBA store it) to pixman's a8r8g8b8, and ToRGBA back.
func FromRGBA(p uint32) uint32 { return p&0xff00ff00 | p>>16&0xff | p&0xff<<16 }

// ToRGBA is FromRGBA's inverse (the same swap of red and blue).
func ToRGBA(p uint32) uint32 { return FromRGBA(p) }

// CompositeOver composites src over dst with its top-left corner at each
// of pts (PIXMAN_OP_OVER, clipped to dst by pixman).
func CompositeOver(dst, src *Image, pts []int32) {
	if len(pts) == 0 {
		return
	}
	C.composite_all(src.img, dst.img, (*C.int32_t)(unsafe.Pointer(&pts[0])), C.int(len(pts)/2), C.int(src.W), C.int(src.H))
}

// Points flattens positions into CompositeOver's x, y pairs.
func Points(ps []image.Point) []int32 {
	out := make([]int32, 0, 2*len(ps))
	for _, p := range ps {
		out = append(out, int32(p.X), int32(p.Y))
	}
	return out
}
