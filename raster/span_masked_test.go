//go:build amd64 && goexperiment.simd

package raster

import (
	"fmt"
	"simd/archsimd"
	"testing"
	"time"
)

// The first AVX2 kernels, kept to measure why they were replaced: they
// finished every run with partial (masked, VPMASKMOVD) loads and stores.
func blendSpanMasked(dst, src []uint32) {
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

func copySpanMasked(dst, src []uint32) {
	if len(src) > 8 {
		copyRunPortable(dst, src)
		return
	}
	archsimd.LoadUint32x8SlicePart(src).StoreSlicePart(dst[:len(src)])
	archsimd.ClearAVXUpperBits()
}

// BenchmarkSpanKernels replays the runs of the 16×16 and 64×64 sprites of
// BenchmarkBlitKernels at the same positions (those wholly inside the
// frame) straight through each span kernel set, alternating in one run:
// portable, the AVX2 kernels in use, and the masked AVX2 kernels they
// replaced. It isolates the kernels from the blitter around them, to
// check on a given CPU what the start-up probe decides.
func BenchmarkSpanKernels(b *testing.B) {
	if !hasAVX2 {
		b.Skip("CPU without AVX2")
	}
	type kernels struct {
		name      string
		blend, cp func(dst, src []uint32)
	}
	ks := []kernels{
		{"portable", blendRowPortable, copyRunPortable},
		{"avx2", blendSpanAVX2, copySpanAVX2},
		{"masked", blendSpanMasked, copySpanMasked},
	}
	for _, size := range []int{16, 64} {
		b.Run(fmt.Sprintf("%dx%d", size, size), func(b *testing.B) {
			s := MustSprite(pixelArt(size, size))
			f, _ := NewFrame(800, 480)
			d32 := pix32(f.Pix)
			stride := f.Stride >> 2
			tw := s.trim.Dx()
			var ps []placed
			for _, p := range scatter(1000, 800, 480, size, size, 1) {
				if p.x >= 0 && p.y >= 0 && p.x+size <= 800 && p.y+size <= 480 {
					ps = append(ps, p)
				}
			}
			replay := func(k kernels) {
				for _, p := range ps {
					bx, by := p.x+s.trim.Min.X, p.y+s.trim.Min.Y
					for row := 0; row < s.trim.Dy(); row++ {
						src := s.pix[row*tw : (row+1)*tw]
						dst := d32[(by+row)*stride+bx:]
						for _, rn := range s.runs[s.rowRuns[row]:s.rowRuns[row+1]] {
							a, e := int(rn.x), int(rn.x)+int(rn.n)
							if rn.opaque {
								k.cp(dst[a:e], src[a:e])
							} else {
								k.blend(dst[a:e], src[a:e])
							}
						}
					}
				}
			}
			px := float64(len(ps) * size * size)
			best := make([]time.Duration, len(ks))
			for i := range best {
				best[i] = time.Hour
			}
			for i := 0; i < b.N; i++ {
				for k := range ks {
					start := time.Now()
					replay(ks[k])
					best[k] = min(best[k], time.Since(start))
				}
			}
			for k := range ks {
				b.ReportMetric(px/best[k].Seconds()/1e6, "best-Mpx/s-"+ks[k].name)
			}
		})
	}
}
