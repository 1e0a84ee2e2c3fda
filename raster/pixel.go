package raster

import (
	"image/color"
	"unsafe"
)

// Pixels are handled as little-endian uint32 words: R in bits 0-7, G 8-15,
// B 16-23 and A 24-31, which is the memory order of image.RGBA. The word
// view of a byte slice is taken with unsafe (see pix32); endian_check.go
// refuses to build on big-endian targets.

// pix32 views a byte slice of RGBA pixels as one uint32 word a pixel. len(b)
// must be a multiple of 4 (it always is for Frame rows and Sprite data).
func pix32(b []uint8) []uint32 {
	if len(b) < 4 {
		return nil
	}
	return unsafe.Slice((*uint32)(unsafe.Pointer(&b[0])), len(b)/4)
}

// mul255 returns round(a*b/255) exactly for a, b in [0, 255].
func mul255(a, b uint32) uint32 {
	t := a*b + 128
	return (t + t>>8) >> 8
}

// scale4 multiplies every channel of the pixel p by k/255 (k in [0, 255]),
// rounding each exactly like mul255.
func scale4(p, k uint32) uint32 {
	rb := (p&0x00ff00ff)*k + 0x00800080
	rb = ((rb + ((rb >> 8) & 0x00ff00ff)) >> 8) & 0x00ff00ff
	ag := ((p>>8)&0x00ff00ff)*k + 0x00800080
	ag = (ag + ((ag >> 8) & 0x00ff00ff)) & 0xff00ff00
	return rb | ag
}

// over composites the premultiplied source pixel s over d (Porter-Duff
// source-over): d' = s + d·(255-sa)/255 per channel, rounded exactly. s must
// be valid premultiplied (every colour channel <= alpha) so no channel
// carries into its neighbour.
func over(d, s uint32) uint32 {
	return scale4(d, 255-s>>24) + s
}

// packRGBA packs a premultiplied colour into a pixel word.
func packRGBA(c color.RGBA) uint32 {
	return uint32(c.R) | uint32(c.G)<<8 | uint32(c.B)<<16 | uint32(c.A)<<24
}

// unpack returns the channels of a pixel word.
func unpack(p uint32) color.RGBA {
	return color.RGBA{uint8(p), uint8(p >> 8), uint8(p >> 16), uint8(p >> 24)}
}

// validPremul clamps every colour channel of c to its alpha, making any
// colour a valid premultiplied one.
func validPremul(c color.RGBA) color.RGBA {
	c.R = min(c.R, c.A)
	c.G = min(c.G, c.A)
	c.B = min(c.B, c.A)
	return c
}

// Premul converts a straight-alpha colour to the premultiplied form the
// raster functions take, each colour channel c·a/255 rounded as Qt's
// qPremultiply rounds it (see premul8): the rounding of every image and
// colour the raster premultiplies, so a sprite cut from a PNG has the
// pixels Tiled's (Qt's) drawing of the same PNG has.
func Premul(c color.NRGBA) color.RGBA {
	a := uint32(c.A)
	return color.RGBA{uint8(premul8(uint32(c.R), a)), uint8(premul8(uint32(c.G), a)), uint8(premul8(uint32(c.B), a)), c.A}
}

// premul8 is c·a/255 for c, a in [0, 255] rounded as Qt (qPremultiply in
// qrgb.h, and the SSE2/SSE4/AVX2 image conversions that compute the same):
// t = c·a, (t + t>>8 + 0x80) >> 8. It is round(c·a/255) but for 24 of the
// 65,536 pairs, where it is one less (c·a = 255·k + 128 with k ≥ 128, a
// hair above the half: 0x80 is added after t>>8, not before as in
// mul255); never above a.
func premul8(c, a uint32) uint32 {
	t := c * a
	return (t + t>>8 + 0x80) >> 8
}

// modulate applies the colour modifiers of a draw to a source pixel: first
// flash (lerp the colour toward flash·alpha by amount/255), then tint (a
// channel-wise multiply by the premultiplied tint colour). The result is a
// valid premultiplied pixel.
func modulate(p uint32, m *pixelMod) uint32 {
	if m.flashAmt != 0 {
		a := p >> 24
		t := m.flashAmt
		var out uint32
		for sh := uint32(0); sh < 24; sh += 8 {
			c := p >> sh & 0xff
			f := mul255(m.flash>>sh&0xff, a)
			// c + (f-c)·t/255, exact for both directions.
			var v uint32
			if f >= c {
				v = c + mul255(f-c, t)
			} else {
				v = c - mul255(c-f, t)
			}
			out |= v << sh
		}
		p = out | a<<24
	}
	if m.tinted {
		p = mulPix(p, m.tint)
	}
	return p
}

// mulPix multiplies two pixels channel by channel (each /255, rounded).
func mulPix(p, q uint32) uint32 {
	return mul255(p&0xff, q&0xff) | mul255(p>>8&0xff, q>>8&0xff)<<8 |
		mul255(p>>16&0xff, q>>16&0xff)<<16 | mul255(p>>24, q>>24)<<24
}

// pixelMod is the prepared form of the colour options of a draw.
type pixelMod struct {
	tinted   bool
	tint     uint32
	flash    uint32
	flashAmt uint32
}

func (m *pixelMod) active() bool { return m.tinted || m.flashAmt != 0 }
