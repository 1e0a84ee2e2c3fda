package sdl2

/*
#cgo pkg-config: sdl2
#include <SDL.h>
#include <stdint.h>

// blit_all blits src onto dst with its top-left corner at each of the n
// positions xy (x, y pairs), the whole loop in C so that cgo's call cost
// is paid once per round, not per sprite. It returns the first error's
// index + 1, or 0.
static int blit_all(SDL_Surface *src, SDL_Surface *dst, const int32_t *xy, int n) {
	for (int i = 0; i < n; i++) {
		SDL_Rect r = {xy[2*i], xy[2*i+1], 0, 0};
		if (SDL_BlitSurface(src, NULL, dst, &r) < 0) return i + 1;
	}
	return 0;
}

static int rle_encoded(SDL_Surface *s) { return (s->flags & SDL_RLEACCEL) != 0; }
*/
import "C"

import (
	"errors"
	"fmt"
	"image"
	"unsafe"
)

// Surface is an SDL ARGB8888 surface (A<<24|R<<16|G<<8|B per 32-bit
// word, straight alpha where alpha matters).
type Surface struct {
	s    *C.SDL_Surface
	W, H int
}

// NewSurface returns a w×h ARGB8888 surface cleared to transparent black.
func NewSurface(w, h int) (*Surface, error) {
	s := C.SDL_CreateRGBSurfaceWithFormat(0, C.int(w), C.int(h), 32, C.SDL_PIXELFORMAT_ARGB8888)
	if s == nil {
		return nil, sdlError("SDL_CreateRGBSurfaceWithFormat")
	}
	return &Surface{s: s, W: w, H: h}, nil
}

func sdlError(what string) error {
	return fmt.Errorf("sdl2: %s: %s", what, C.GoString(C.SDL_GetError()))
}

// Pix returns the surface's pixels, row after row (its pitch is checked
// to be 4·W).
func (s *Surface) Pix() []uint32 {
	if int(s.s.pitch) != 4*s.W {
		panic("sdl2: surface pitch is not 4·width")
	}
	return unsafe.Slice((*uint32)(s.s.pixels), s.W*s.H)
}

// Free releases the surface.
func (s *Surface) Free() { C.SDL_FreeSurface(s.s) }

// MakeSprite sets s up as a sprite: blend mode BLEND, RLE acceleration on
// (SDL encodes it on the first blit).
func (s *Surface) MakeSprite() error {
	if C.SDL_SetSurfaceBlendMode(s.s, C.SDL_BLENDMODE_BLEND) < 0 {
		return sdlError("SDL_SetSurfaceBlendMode")
	}
	if C.SDL_SetSurfaceRLE(s.s, 1) < 0 {
		return sdlError("SDL_SetSurfaceRLE")
	}
	return nil
}

// RLE reports whether SDL has RLE-encoded the surface (after a blit).
func (s *Surface) RLE() bool { return C.rle_encoded(s.s) != 0 }

// FromRGBA converts an RGBA word (R in the low byte, as image.RGBA and
// image.NRGBA store it) to ARGB8888, and ToRGBA back.
func FromRGBA(p uint32) uint32 { return p&0xff00ff00 | p>>16&0xff | p&0xff<<16 }

// ToRGBA is FromRGBA's inverse (the same swap of red and blue).
func ToRGBA(p uint32) uint32 { return FromRGBA(p) }

// BlitAll blits src onto dst with its top-left corner at each of pts
// (clipped to dst by SDL).
func BlitAll(dst, src *Surface, pts []int32) error {
	if len(pts) == 0 {
		return nil
	}
	if i := C.blit_all(src.s, dst.s, (*C.int32_t)(unsafe.Pointer(&pts[0])), C.int(len(pts)/2)); i != 0 {
		return errors.Join(fmt.Errorf("sdl2: blit %d", i-1), sdlError("SDL_BlitSurface"))
	}
	return nil
}

// Points flattens positions into BlitAll's x, y pairs.
func Points(ps []image.Point) []int32 {
	out := make([]int32, 0, 2*len(ps))
	for _, p := range ps {
		out = append(out, int32(p.X), int32(p.Y))
	}
	return out
}
