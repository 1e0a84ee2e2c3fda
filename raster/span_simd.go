//go:build amd64 && goexperiment.simd

package raster

import "simd/archsimd"

// SIMD reports whether the blitters use the SIMD kernels (built with
// GOEXPERIMENT=simd on amd64 and running on a CPU with AVX2).
var SIMD = archsimd.X86.AVX2()

// blendSpan composites a mixed run with AVX2, eight pixels at a time, with
// the exact arithmetic of the portable kernel (over, in 16-bit lanes): the
// output is byte-identical. Tails use partial loads and stores.
func blendSpan(dst, src []uint32) {
	if !SIMD {
		blendRowPortable(dst, src)
		return
	}
	dst = dst[:len(src)]
	lowByte := archsimd.BroadcastUint16x16(0x00ff)
	highByte := archsimd.BroadcastUint16x16(0xff00)
	round := archsimd.BroadcastUint16x16(0x0080)
	c255 := archsimd.BroadcastUint32x8(255)
	for len(src) > 0 {
		var s, d archsimd.Uint32x8
		n := len(src)
		if n >= 8 {
			s = archsimd.LoadUint32x8Slice(src)
			d = archsimd.LoadUint32x8Slice(dst)
		} else {
			s = archsimd.LoadUint32x8SlicePart(src)
			d = archsimd.LoadUint32x8SlicePart(dst)
		}
		// 255 - alpha in both 16-bit halves of each pixel.
		ia := c255.Sub(s.ShiftAllRight(24))
		ia16 := ia.Or(ia.ShiftAllLeft(16)).AsUint16x16()
		d16 := d.AsUint16x16()
		rb := d16.And(lowByte).Mul(ia16).Add(round)
		rb = rb.Add(rb.ShiftAllRight(8)).ShiftAllRight(8)
		ag := d16.ShiftAllRight(8).Mul(ia16).Add(round)
		ag = ag.Add(ag.ShiftAllRight(8)).And(highByte)
		out := rb.Or(ag).AsUint32x8().Add(s)
		if n >= 8 {
			out.StoreSlice(dst)
			src, dst = src[8:], dst[8:]
			continue
		}
		out.StoreSlicePart(dst)
		break
	}
	archsimd.ClearAVXUpperBits()
}

// copySpan copies an opaque run: memmove for long runs, one partial
// vector store for short ones.
func copySpan(dst, src []uint32) {
	if !SIMD || len(src) > 8 {
		copyRunPortable(dst, src)
		return
	}
	archsimd.LoadUint32x8SlicePart(src).StoreSlicePart(dst[:len(src)])
	archsimd.ClearAVXUpperBits()
}
