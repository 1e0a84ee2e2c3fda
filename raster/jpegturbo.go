package raster

import (
	"errors"
	"image"
)

// decodeJPEGTurbo decodes a baseline JPEG file to the pixels libjpeg-turbo
// gives with its default decompression settings, which are Qt's (and so
// tmxrasterizer's) for an image read at the default quality: the
// accurate integer IDCT (jidctint.c's jpeg_idct_islow), "fancy"
// (triangular) chroma upsampling for 2×1 and 2×2 subsampling
// (jdsample.c's h2v1 and h2v2_fancy_upsample) and jdcolor.c's YCbCr to
// RGB tables. Go's image/jpeg computes another IDCT and upsamples chroma
// by repeating it: up to 16 levels apart on photographs. ok is false for
// a file it does not handle (progressive or arithmetic coding, a scan of
// some components only, other subsampling, CMYK, 12-bit samples, an
// error anywhere), which image/jpeg then decodes. The returned image is
// opaque (*image.RGBA) or grey (*image.Gray).
func decodeJPEGTurbo(data []byte) (img image.Image, ok bool) {
	var d jpegDec
	if err := d.decode(data); err != nil {
		return nil, false
	}
	return d.out, d.out != nil
}

var errJPEGUnsupported = errors.New("jpeg: not handled here")

type jpegComp struct {
	id, h, v, tq int
	td, ta       int
	bw, bh       int     // blocks across and down (whole MCUs)
	pix          []uint8 // bw*8 × bh*8 samples
	pred         int
}

type jpegHuff struct {
	// lookup by code length: for each length l, the codes from minCode[l]
	// to maxCode[l] map to vals[valPtr[l]+code-minCode[l]].
	minCode, maxCode [17]int32
	valPtr           [17]int32
	vals             []uint8
	set              bool
}

type jpegDec struct {
	data           []byte
	pos            int
	w, h           int
	comps          []jpegComp
	qt             [4][64]int32
	qtSet          [4]bool
	dc, ac         [4]jpegHuff
	hmax, vmax     int
	mcux, mcuy     int
	restart        int
	bits           uint32
	nbits          int
	stuffed        int // zero bytes fed to bits past a marker or the end
	out            image.Image
	frameSeen      bool
	adobeTransform int
}

// jpegZigzag maps the zigzag index to the natural (row-major) one.
var jpegZigzag = [64 + 16]int{
	0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5,
	12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28,
	35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51,
	58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63,
	// Extra entries for corrupt data (k running past 63), as libjpeg's
	// jpeg_natural_order: they land on 63.
	63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63,
}

func (d *jpegDec) u16(p int) int { return int(d.data[p])<<8 | int(d.data[p+1]) }

func (d *jpegDec) decode(data []byte) error {
	d.data = data
	d.adobeTransform = -1
	if len(data) < 4 || data[0] != 0xFF || data[1] != 0xD8 {
		return errJPEGUnsupported
	}
	d.pos = 2
	for {
		// Find the next marker (fill bytes allowed).
		for d.pos < len(data) && data[d.pos] != 0xFF {
			d.pos++
		}
		for d.pos < len(data) && data[d.pos] == 0xFF {
			d.pos++
		}
		if d.pos >= len(data) {
			return errJPEGUnsupported
		}
		m := data[d.pos]
		d.pos++
		switch {
		case m == 0xD9: // EOI
			return errJPEGUnsupported
		case m >= 0xD0 && m <= 0xD7 || m == 0x01:
			continue
		}
		if d.pos+2 > len(data) {
			return errJPEGUnsupported
		}
		n := d.u16(d.pos)
		if n < 2 || d.pos+n > len(data) {
			return errJPEGUnsupported
		}
		seg := data[d.pos+2 : d.pos+n]
		d.pos += n
		var err error
		switch m {
		case 0xC0, 0xC1: // baseline, extended sequential (Huffman)
			err = d.sof(seg, m)
		case 0xC4:
			err = d.dht(seg)
		case 0xDB:
			err = d.dqt(seg)
		case 0xDD:
			if len(seg) < 2 {
				return errJPEGUnsupported
			}
			d.restart = int(seg[0])<<8 | int(seg[1])
		case 0xEE: // Adobe
			if len(seg) >= 12 && string(seg[:5]) == "Adobe" {
				d.adobeTransform = int(seg[11])
			}
		case 0xDA:
			return d.sos(seg)
		default:
			if m >= 0xC2 && m <= 0xCF && m != 0xC4 && m != 0xC8 && m != 0xCC {
				return errJPEGUnsupported // progressive, lossless, arithmetic
			}
		}
		if err != nil {
			return err
		}
	}
}

func (d *jpegDec) sof(seg []byte, m byte) error {
	if d.frameSeen || len(seg) < 6 || seg[0] != 8 {
		return errJPEGUnsupported
	}
	d.frameSeen = true
	d.h, d.w = int(seg[1])<<8|int(seg[2]), int(seg[3])<<8|int(seg[4])
	nc := int(seg[5])
	if d.w <= 0 || d.h <= 0 || d.w > MaxSide || d.h > MaxSide || (nc != 1 && nc != 3) || len(seg) < 6+3*nc {
		return errJPEGUnsupported
	}
	for i := 0; i < nc; i++ {
		c := jpegComp{id: int(seg[6+3*i]), h: int(seg[7+3*i] >> 4), v: int(seg[7+3*i] & 15), tq: int(seg[8+3*i])}
		if c.h < 1 || c.h > 2 || c.v < 1 || c.v > 2 || c.tq > 3 {
			return errJPEGUnsupported
		}
		d.comps = append(d.comps, c)
		d.hmax, d.vmax = max(d.hmax, c.h), max(d.vmax, c.v)
	}
	if nc == 1 {
		// A single component is not interleaved: its MCU is one block.
		d.comps[0].h, d.comps[0].v, d.hmax, d.vmax = 1, 1, 1, 1
	} else {
		// Luma at the full rate, chroma at 1×1: 4:4:4, 4:2:2 or 4:2:0.
		if d.comps[1].h != 1 || d.comps[1].v != 1 || d.comps[2].h != 1 || d.comps[2].v != 1 || d.comps[0].h != d.hmax || d.comps[0].v != d.vmax {
			return errJPEGUnsupported
		}
		if d.hmax == 1 && d.vmax == 2 {
			return errJPEGUnsupported // 4:4:0: h1v2 upsampling, not done here
		}
	}
	d.mcux = (d.w + 8*d.hmax - 1) / (8 * d.hmax)
	d.mcuy = (d.h + 8*d.vmax - 1) / (8 * d.vmax)
	for i := range d.comps {
		c := &d.comps[i]
		c.bw, c.bh = d.mcux*c.h, d.mcuy*c.v
		c.pix = make([]uint8, c.bw*8*c.bh*8)
	}
	return nil
}

func (d *jpegDec) dqt(seg []byte) error {
	for len(seg) > 0 {
		pq, tq := seg[0]>>4, int(seg[0]&15)
		if pq != 0 || tq > 3 || len(seg) < 65 {
			return errJPEGUnsupported
		}
		for k := 0; k < 64; k++ {
			d.qt[tq][jpegZigzag[k]] = int32(seg[1+k])
		}
		d.qtSet[tq] = true
		seg = seg[65:]
	}
	return nil
}

func (d *jpegDec) dht(seg []byte) error {
	for len(seg) > 0 {
		if len(seg) < 17 {
			return errJPEGUnsupported
		}
		tc, th := seg[0]>>4, int(seg[0]&15)
		if tc > 1 || th > 3 {
			return errJPEGUnsupported
		}
		var counts [17]int
		total := 0
		for l := 1; l <= 16; l++ {
			counts[l] = int(seg[l])
			total += counts[l]
		}
		if total > 256 || len(seg) < 17+total {
			return errJPEGUnsupported
		}
		hf := jpegHuff{vals: append([]uint8(nil), seg[17:17+total]...), set: true}
		code, k := int32(0), int32(0)
		for l := 1; l <= 16; l++ {
			hf.valPtr[l] = k
			hf.minCode[l] = code
			code += int32(counts[l])
			k += int32(counts[l])
			hf.maxCode[l] = code - 1
			if counts[l] == 0 {
				hf.maxCode[l] = -1
			}
			if code > 1<<l {
				return errJPEGUnsupported
			}
			code <<= 1
		}
		if tc == 0 {
			d.dc[th] = hf
		} else {
			d.ac[th] = hf
		}
		seg = seg[17+total:]
	}
	return nil
}

// fill tops up the bit buffer from the entropy-coded data; past a marker
// or the end it reads zeros (counted in stuffed).
func (d *jpegDec) fill() {
	for d.nbits <= 24 {
		var b byte
		if d.pos < len(d.data) {
			b = d.data[d.pos]
			if b == 0xFF {
				if d.pos+1 < len(d.data) && d.data[d.pos+1] == 0 {
					d.pos += 2
				} else {
					b = 0 // a marker: zeros from here
					d.stuffed++
				}
			} else {
				d.pos++
			}
		} else {
			d.stuffed++
		}
		d.bits |= uint32(b) << (24 - d.nbits)
		d.nbits += 8
	}
}

func (d *jpegDec) getBits(n int) int32 {
	if n == 0 {
		return 0
	}
	if d.nbits < n {
		d.fill()
	}
	v := int32(d.bits >> (32 - n))
	d.bits <<= n
	d.nbits -= n
	return v
}

func (d *jpegDec) decodeHuff(h *jpegHuff) (int, error) {
	code := int32(0)
	for l := 1; l <= 16; l++ {
		code = code<<1 | d.getBits(1)
		if code <= h.maxCode[l] && h.maxCode[l] >= 0 {
			return int(h.vals[h.valPtr[l]+code-h.minCode[l]]), nil
		}
	}
	return 0, errJPEGUnsupported
}

func extend(v int32, s int) int32 {
	if s == 0 {
		return 0
	}
	if v < 1<<(s-1) {
		return v - (1 << s) + 1
	}
	return v
}

func (d *jpegDec) sos(seg []byte) error {
	if !d.frameSeen || len(seg) < 1 {
		return errJPEGUnsupported
	}
	ns := int(seg[0])
	if ns != len(d.comps) || len(seg) < 1+2*ns+3 {
		return errJPEGUnsupported // one scan of every component only
	}
	for i := 0; i < ns; i++ {
		id, t := int(seg[1+2*i]), seg[2+2*i]
		c := &d.comps[i]
		if c.id != id {
			return errJPEGUnsupported
		}
		c.td, c.ta = int(t>>4), int(t&15)
		if c.td > 3 || c.ta > 3 || !d.dc[c.td].set || !d.ac[c.ta].set || !d.qtSet[c.tq] {
			return errJPEGUnsupported
		}
	}
	if ss, se, a := seg[1+2*ns], seg[2+2*ns], seg[3+2*ns]; ss != 0 || se != 63 || a != 0 {
		return errJPEGUnsupported
	}
	var blk [64]int32
	mcus := 0
	for my := 0; my < d.mcuy; my++ {
		for mx := 0; mx < d.mcux; mx++ {
			if d.restart > 0 && mcus > 0 && mcus%d.restart == 0 {
				// Skip to the RSTn marker, reset the bit buffer and the
				// DC predictions.
				if d.short() {
					return errJPEGUnsupported
				}
				d.bits, d.nbits, d.stuffed = 0, 0, 0
				for d.pos+1 < len(d.data) && !(d.data[d.pos] == 0xFF && d.data[d.pos+1] >= 0xD0 && d.data[d.pos+1] <= 0xD7) {
					d.pos++
				}
				d.pos += 2
				for i := range d.comps {
					d.comps[i].pred = 0
				}
			}
			mcus++
			for ci := range d.comps {
				c := &d.comps[ci]
				for by := 0; by < c.v; by++ {
					for bx := 0; bx < c.h; bx++ {
						blk = [64]int32{}
						s, err := d.decodeHuff(&d.dc[c.td])
						if err != nil || s > 11 {
							return errJPEGUnsupported
						}
						c.pred += int(extend(d.getBits(s), s))
						blk[0] = int32(c.pred)
						for k := 1; k < 64; k++ {
							rs, err := d.decodeHuff(&d.ac[c.ta])
							if err != nil {
								return err
							}
							r, s := rs>>4, rs&15
							if s == 0 {
								if r != 15 {
									break
								}
								k += 15
								continue
							}
							k += r
							if k > 63 {
								return errJPEGUnsupported
							}
							blk[jpegZigzag[k]] = extend(d.getBits(s), s)
						}
						x0, y0 := (mx*c.h+bx)*8, (my*c.v+by)*8
						idctIslow(&blk, &d.qt[c.tq], c.pix[y0*c.bw*8+x0:], c.bw*8)
					}
				}
			}
		}
	}
	if d.short() {
		return errJPEGUnsupported
	}
	d.finish()
	return nil
}

// short reports whether the blocks decoded so far used bits past a marker
// or the file's end: a cut or corrupt file, which libjpeg draws on with
// zeros and a warning but image/jpeg refuses (it is left to image/jpeg,
// and to its error).
func (d *jpegDec) short() bool { return d.stuffed*8 > d.nbits }

// The islow IDCT's constants: CONST_BITS 13, PASS1_BITS 2.
const (
	fix0298631336 = 2446
	fix0390180644 = 3196
	fix0541196100 = 4433
	fix0765366865 = 6270
	fix0899976223 = 7373
	fix1175875602 = 9633
	fix1501321110 = 12299
	fix1847759065 = 15137
	fix1961570560 = 16069
	fix2053119869 = 16819
	fix2562915447 = 20995
	fix3072711026 = 25172
)

// idctRange is libjpeg's IDCT range limit: the 10-bit wrapped value plus
// 128, clamped to a sample.
func idctRange(v int64) uint8 {
	t := v & 1023
	if t >= 512 {
		t -= 1024
	}
	t += 128
	return uint8(min(max(t, 0), 255))
}

// idctIslow is jpeg_idct_islow: the 8×8 block coef (natural order)
// dequantized by q into out (stride bytes a row). Products are 64-bit, as
// libjpeg's JLONG on 64-bit systems; the workspace is int, as libjpeg's.
func idctIslow(coef, q *[64]int32, out []uint8, stride int) {
	var ws [64]int32
	for col := 0; col < 8; col++ {
		in := func(r int) int64 { return int64(coef[r*8+col]) * int64(q[r*8+col]) }
		if coef[8+col] == 0 && coef[16+col] == 0 && coef[24+col] == 0 && coef[32+col] == 0 &&
			coef[40+col] == 0 && coef[48+col] == 0 && coef[56+col] == 0 {
			dc := int32(in(0) << 2)
			for r := 0; r < 8; r++ {
				ws[r*8+col] = dc
			}
			continue
		}
		tmp10, tmp11, tmp12, tmp13 := idctEven(in(0), in(2), in(4), in(6))
		o0, o1, o2, o3 := idctOdd(in(7), in(5), in(3), in(1))
		const sh, rnd = 13 - 2, 1 << (13 - 2 - 1)
		ws[0*8+col] = int32((tmp10 + o3 + rnd) >> sh)
		ws[7*8+col] = int32((tmp10 - o3 + rnd) >> sh)
		ws[1*8+col] = int32((tmp11 + o2 + rnd) >> sh)
		ws[6*8+col] = int32((tmp11 - o2 + rnd) >> sh)
		ws[2*8+col] = int32((tmp12 + o1 + rnd) >> sh)
		ws[5*8+col] = int32((tmp12 - o1 + rnd) >> sh)
		ws[3*8+col] = int32((tmp13 + o0 + rnd) >> sh)
		ws[4*8+col] = int32((tmp13 - o0 + rnd) >> sh)
	}
	for row := 0; row < 8; row++ {
		w := ws[row*8 : row*8+8 : row*8+8]
		o := out[row*stride : row*stride+8 : row*stride+8]
		if w[1] == 0 && w[2] == 0 && w[3] == 0 && w[4] == 0 && w[5] == 0 && w[6] == 0 && w[7] == 0 {
			v := idctRange((int64(w[0]) + 1<<4) >> 5)
			for i := range o {
				o[i] = v
			}
			continue
		}
		tmp10, tmp11, tmp12, tmp13 := idctEven(int64(w[0]), int64(w[2]), int64(w[4]), int64(w[6]))
		o0, o1, o2, o3 := idctOdd(int64(w[7]), int64(w[5]), int64(w[3]), int64(w[1]))
		const sh, rnd = 13 + 2 + 3, 1 << (13 + 2 + 3 - 1)
		o[0] = idctRange((tmp10 + o3 + rnd) >> sh)
		o[7] = idctRange((tmp10 - o3 + rnd) >> sh)
		o[1] = idctRange((tmp11 + o2 + rnd) >> sh)
		o[6] = idctRange((tmp11 - o2 + rnd) >> sh)
		o[2] = idctRange((tmp12 + o1 + rnd) >> sh)
		o[5] = idctRange((tmp12 - o1 + rnd) >> sh)
		o[3] = idctRange((tmp13 + o0 + rnd) >> sh)
		o[4] = idctRange((tmp13 - o0 + rnd) >> sh)
	}
}

// idctEven is the islow IDCT's even part from inputs 0, 2, 4, 6.
func idctEven(i0, i2, i4, i6 int64) (tmp10, tmp11, tmp12, tmp13 int64) {
	z1 := (i2 + i6) * fix0541196100
	tmp2 := z1 - i6*fix1847759065
	tmp3 := z1 + i2*fix0765366865
	tmp0 := (i0 + i4) << 13
	tmp1 := (i0 - i4) << 13
	return tmp0 + tmp3, tmp1 + tmp2, tmp1 - tmp2, tmp0 - tmp3
}

// idctOdd is the islow IDCT's odd part from inputs 7, 5, 3, 1: the
// terms tmp0..tmp3 added to and taken from the even part.
func idctOdd(tmp0, tmp1, tmp2, tmp3 int64) (int64, int64, int64, int64) {
	z1, z2, z3, z4 := tmp0+tmp3, tmp1+tmp2, tmp0+tmp2, tmp1+tmp3
	z5 := (z3 + z4) * fix1175875602
	tmp0 *= fix0298631336
	tmp1 *= fix2053119869
	tmp2 *= fix3072711026
	tmp3 *= fix1501321110
	z1 *= -fix0899976223
	z2 *= -fix2562915447
	z3 *= -fix1961570560
	z4 *= -fix0390180644
	z3 += z5
	z4 += z5
	return tmp0 + z1 + z3, tmp1 + z2 + z4, tmp2 + z2 + z3, tmp3 + z1 + z4
}

// The YCbCr to RGB tables of jdcolor.c (SCALEBITS 16).
var jpegCrR, jpegCbB, jpegCrG, jpegCbG [256]int32

func init() {
	fix := func(x float64) int32 { return int32(x*65536 + 0.5) }
	for i := 0; i < 256; i++ {
		x := int32(i - 128)
		jpegCrR[i] = (fix(1.40200)*x + 1<<15) >> 16
		jpegCbB[i] = (fix(1.77200)*x + 1<<15) >> 16
		jpegCrG[i] = -fix(0.71414) * x
		jpegCbG[i] = -fix(0.34414)*x + 1<<15
	}
}

func clamp255(v int32) uint8 { return uint8(min(max(v, 0), 255)) }

// finish upsamples the chroma and converts to RGB.
func (d *jpegDec) finish() {
	w, h := d.w, d.h
	if len(d.comps) == 1 {
		c := &d.comps[0]
		g := image.NewGray(image.Rect(0, 0, w, h))
		for y := 0; y < h; y++ {
			copy(g.Pix[y*g.Stride:y*g.Stride+w], c.pix[y*c.bw*8:])
		}
		d.out = g
		return
	}
	yc, cb, cr := &d.comps[0], &d.comps[1], &d.comps[2]
	// The chroma planes' real size (downsampled_width and _height).
	cw := (w*cb.h + d.hmax - 1) / d.hmax
	ch := (h*cb.v + d.vmax - 1) / d.vmax
	up := func(c *jpegComp) []uint8 {
		if d.hmax == 1 && d.vmax == 1 {
			out := make([]uint8, w*h)
			for y := 0; y < h; y++ {
				copy(out[y*w:(y+1)*w], c.pix[y*c.bw*8:])
			}
			return out
		}
		out := make([]uint8, 2*cw*(h+1))
		stride := c.bw * 8
		rowOf := func(y int) []uint8 {
			y = min(max(y, 0), ch-1) // context rows replicate the edges
			return c.pix[y*stride : y*stride+cw]
		}
		for y := 0; y < h; y++ {
			var row []int32
			sy := y
			if d.vmax == 2 {
				sy = y / 2
			}
			in0 := rowOf(sy)
			o := out[y*2*cw : (y+1)*2*cw]
			if d.vmax == 2 {
				// h2v2: a column sum with the nearer neighbour row.
				in1 := rowOf(sy - 1)
				if y%2 == 1 {
					in1 = rowOf(sy + 1)
				}
				row = make([]int32, cw)
				for i := range row {
					row[i] = int32(in0[i])*3 + int32(in1[i])
				}
				if cw == 1 {
					o[0], o[1] = uint8((row[0]*4+8)>>4), uint8((row[0]*4+7)>>4)
					continue
				}
				o[0] = uint8((row[0]*4 + 8) >> 4)
				o[1] = uint8((row[0]*3 + row[1] + 7) >> 4)
				for i := 1; i < cw-1; i++ {
					o[2*i] = uint8((row[i]*3 + row[i-1] + 8) >> 4)
					o[2*i+1] = uint8((row[i]*3 + row[i+1] + 7) >> 4)
				}
				o[2*cw-2] = uint8((row[cw-1]*3 + row[cw-2] + 8) >> 4)
				o[2*cw-1] = uint8((row[cw-1]*4 + 7) >> 4)
				continue
			}
			// h2v1.
			if cw == 1 {
				o[0], o[1] = in0[0], in0[0]
				continue
			}
			o[0] = in0[0]
			o[1] = uint8((int32(in0[0])*3 + int32(in0[1]) + 2) >> 2)
			for i := 1; i < cw-1; i++ {
				v := int32(in0[i]) * 3
				o[2*i] = uint8((v + int32(in0[i-1]) + 1) >> 2)
				o[2*i+1] = uint8((v + int32(in0[i+1]) + 2) >> 2)
			}
			o[2*cw-2] = uint8((int32(in0[cw-1])*3 + int32(in0[cw-2]) + 1) >> 2)
			o[2*cw-1] = in0[cw-1]
		}
		return out
	}
	cbp, crp := up(cb), up(cr)
	cstride := w
	if d.hmax == 2 {
		cstride = 2 * cw
	}
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	transform := len(d.comps) == 3 && d.adobeTransform != 0 // YCbCr (not RGB)
	for y := 0; y < h; y++ {
		yr := yc.pix[y*yc.bw*8:]
		o := img.Pix[y*img.Stride:]
		for x := 0; x < w; x++ {
			yy, b, r := int32(yr[x]), cbp[y*cstride+x], crp[y*cstride+x]
			if !transform {
				o[4*x], o[4*x+1], o[4*x+2], o[4*x+3] = uint8(yy), b, r, 255
				continue
			}
			o[4*x] = clamp255(yy + jpegCrR[r])
			o[4*x+1] = clamp255(yy + (jpegCbG[b]+jpegCrG[r])>>16)
			o[4*x+2] = clamp255(yy + jpegCbB[b])
			o[4*x+3] = 255
		}
	}
	d.out = img
}
