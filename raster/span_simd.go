//go:build amd64 && goexperiment.simd

package raster

import "simd/archsimd"

// hasAVX2 reports whether the CPU runs the SIMD kernels at all.
var hasAVX2 = archsimd.X86.AVX2()

// useSIMD reports whether the blitters use the SIMD kernels: built with
// GOEXPERIMENT=simd on amd64, running on a CPU with AVX2, and found faster
// than the portable kernels by a start-up probe (see probeSIMD). Both
// kernels give the same bytes, so the choice only changes speed.
var useSIMD = hasAVX2 && probeSIMD()

func blendSpan(dst, src []uint32) {
	if useSIMD {
		blendSpanAVX2(dst, src)
		return
	}
	blendRowPortable(dst, src)
}

func copySpan(dst, src []uint32) {
	if useSIMD {
		copySpanAVX2(dst, src)
		return
	}
	copyRunPortable(dst, src)
}

// blendSpanAVX2 composites a mixed run with AVX2, eight pixels at a time,
// with the exact arithmetic of the portable kernel (over, in 16-bit lanes):
// the output is byte-identical. Only full-width loads and stores are used
// (masked ones are slow on some CPUs, see doc.go): a run of eight pixels or
// more ends with one vector over its last eight pixels, loaded before the
// body stores anything, so where it overlaps the body it stores the same
// values; shorter runs take the portable kernel.
func blendSpanAVX2(dst, src []uint32) {
	n := len(src)
	if n < 8 {
		blendRowPortable(dst, src)
		return
	}
	dst = dst[:n]
	lowByte := archsimd.BroadcastUint16x16(0x00ff)
	highByte := archsimd.BroadcastUint16x16(0xff00)
	round := archsimd.BroadcastUint16x16(0x0080)
	c255 := archsimd.BroadcastUint32x8(255)
	lastS := archsimd.LoadUint32x8Slice(src[n-8:])
	lastD := archsimd.LoadUint32x8Slice(dst[n-8:])
	for i := 0; ; i += 8 {
		s, d := lastS, lastD
		tail := i >= n-8
		if !tail {
			s = archsimd.LoadUint32x8Slice(src[i:])
			d = archsimd.LoadUint32x8Slice(dst[i:])
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
		if tail {
			out.StoreSlice(dst[n-8:])
			break
		}
		out.StoreSlice(dst[i:])
	}
	archsimd.ClearAVXUpperBits()
}

// copySpanAVX2 copies an opaque run: memmove for long runs; runs of 8 to
// 16 pixels as two overlapping full vectors (a copy may write a pixel
// twice), shorter ones with the portable loop.
func copySpanAVX2(dst, src []uint32) {
	n := len(src)
	if n < 8 || n > 16 {
		copyRunPortable(dst, src)
		return
	}
	dst = dst[:n]
	a := archsimd.LoadUint32x8Slice(src)
	b := archsimd.LoadUint32x8Slice(src[n-8:])
	a.StoreSlice(dst)
	b.StoreSlice(dst[n-8:])
	archsimd.ClearAVXUpperBits()
}
