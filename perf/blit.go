package perf

import (
	"unsafe"

	"diorama/raster"
)

// Batched bullet drawing. Every bullet is the same small opaque sprite, so
// instead of one draw-list command per bullet (a command struct copied,
// sorted by one key, clipped and dispatched per band: about 1,000
// instructions per 4×4 bullet, PROFILE.md) the scene keeps each bullet's
// frame position (two int32) in lists per slot chunk and per horizontal
// band of the frame, and each band's goroutine stores the sprite's pixels
// straight into its rows. Bands never share a pixel, and within a band the
// bullets are drawn in slot order, so the picture is byte-identical to
// drawing them one by one through raster.DrawSprite (tested).

// stamp is a sprite whose pixels are all fully opaque or fully
// transparent, as rows of opaque runs in the frame's pixel format.
type stamp struct {
	w, h int
	rows [][]stampRun // per sprite row
	// ops are the opaque pixels as offsets from the top-left pixel in a
	// frame of row stride opsStride (in pixels), for sprites drawn whole.
	ops       []stampOp
	opsStride int
	// mono: every opaque pixel has the same colour, so the picture is the
	// union of the stamps whatever their order, and a stamp drawn twice
	// at one position adds nothing (callers may skip repeats).
	mono bool
}

// stampOp stores one pixel.
type stampOp struct {
	off int
	pix uint32
}

// stampRun is one opaque run of a stamp row.
type stampRun struct {
	x   int
	pix []uint32
}

// newStamp returns s as a stamp, or nil if any pixel is translucent (such
// a sprite needs blending and takes the draw-list path).
func newStamp(s *raster.Sprite) *stamp {
	st := &stamp{w: s.W(), h: s.H(), rows: make([][]stampRun, s.H())}
	for y := 0; y < st.h; y++ {
		var cur *stampRun
		for x := 0; x < st.w; x++ {
			c := s.RGBAAt(x, y)
			switch c.A {
			case 0:
				cur = nil
				continue
			case 255:
			default:
				return nil
			}
			px := [4]uint8{c.R, c.G, c.B, c.A} // the frame's byte order
			v := *(*uint32)(unsafe.Pointer(&px))
			if cur == nil {
				st.rows[y] = append(st.rows[y], stampRun{x: x})
				cur = &st.rows[y][len(st.rows[y])-1]
			}
			cur.pix = append(cur.pix, v)
		}
	}
	st.mono = true
	var first uint32
	seen := false
	for _, runs := range st.rows {
		for _, rn := range runs {
			for _, p := range rn.pix {
				if seen && p != first {
					st.mono = false
				}
				first, seen = p, true
			}
		}
	}
	return st
}

// prepare computes the stamp's pixel offsets for frames whose rows are
// stride pixels apart, so blitBand stores whole stamps by offset. Call it
// before the bands run (blitBand only reads the stamp, from several
// goroutines at once); without it, or for another stride, blitBand takes
// the row-by-row path.
func (st *stamp) prepare(stride int) {
	st.ops = st.ops[:0]
	for r, runs := range st.rows {
		for _, rn := range runs {
			for i, p := range rn.pix {
				st.ops = append(st.ops, stampOp{off: r*stride + rn.x + i, pix: p})
			}
		}
	}
	st.opsStride = stride
}

// bands splits h frame rows into n horizontal bands; band k holds rows
// [k*bh, min((k+1)*bh, h)).
func bandHeight(h, n int) int { return (h + n - 1) / max(n, 1) }

// blitBand draws the stamp at every position of lists (x, y pairs, in
// order) clipped to the frame's rows [y0, y1).
func (st *stamp) blitBand(f *raster.Frame, y0, y1 int, lists [][]int32) {
	fw := f.W()
	if fw == 0 || y0 >= y1 || len(f.Pix) == 0 {
		return
	}
	d32 := unsafe.Slice((*uint32)(unsafe.Pointer(&f.Pix[0])), len(f.Pix)/4)
	stride := f.Stride >> 2
	ops := st.ops
	fast := st.opsStride == stride // prepared for this frame's rows
	base0 := unsafe.Pointer(&d32[0])
	for _, xy := range lists {
		for k := 0; k+1 < len(xy); k += 2 {
			x, y := int(xy[k]), int(xy[k+1])
			if fast && x >= 0 && x+st.w <= fw && y >= y0 && y+st.h <= y1 {
				// Whole inside the band: every op stays inside rows
				// [y, y+h) of the frame, so the stores are in bounds.
				p := unsafe.Add(base0, (y*stride+x)*4)
				for _, op := range ops {
					*(*uint32)(unsafe.Add(p, op.off*4)) = op.pix
				}
				continue
			}
			r0, r1 := max(y0-y, 0), min(y1-y, st.h)
			inside := x >= 0 && x+st.w <= fw
			for r := r0; r < r1; r++ {
				row := d32[(y+r)*stride : (y+r)*stride+fw]
				for _, rn := range st.rows[r] {
					a := x + rn.x
					if inside {
						d := row[a : a+len(rn.pix)]
						for i, p := range rn.pix {
							d[i] = p
						}
						continue
					}
					lo, hi := max(a, 0), min(a+len(rn.pix), fw)
					if lo < hi {
						d := row[lo:hi]
						for i, p := range rn.pix[lo-a : hi-a] {
							d[i] = p
						}
					}
				}
			}
		}
	}
}

// frameBand returns band k's rows of an h-row frame split in n.
func frameBand(h, n, k int) (y0, y1 int) {
	bh := bandHeight(h, n)
	return min(k*bh, h), min((k+1)*bh, h)
}
