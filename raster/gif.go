package raster

import (
	"bufio"
	"compress/lzw"
	"errors"
	"fmt"
	"io"
	"sort"
)

// GIFRecorder writes frames to an animated GIF as they come, without
// keeping them in memory. Each frame gets its own 256-colour palette made
// by median cut over the frame's colours (far better than a fixed web or
// Plan 9 palette for game art), and unchanged areas are not re-encoded:
// only the rectangle that differs from the previous frame is stored.
type GIFRecorder struct {
	w       *bufio.Writer
	width   int
	height  int
	delay   int // centiseconds per frame
	frames  int
	prev    []uint32 // previous frame's quantised colours, to find changes
	err     error
	hist    []uint32 // 15-bit colour histogram
	sum     []uint32 // per 15-bit bucket: sums of the exact R, G, B values (3 a bucket)
	lut     []uint8  // 15-bit colour -> palette index
	idx     []uint8
	boxes   []cbox
	palette [256][3]uint8
}

type cbox struct {
	lo, hi [3]uint8 // inclusive 5-bit bounds per channel
	count  uint32
}

// NewGIFRecorder starts a GIF of w×h frames on out, each shown for delay
// hundredths of a second, looping forever.
func NewGIFRecorder(out io.Writer, w, h, delay int) (*GIFRecorder, error) {
	if w <= 0 || h <= 0 || w > 65535 || h > 65535 || w > MaxSide || h > MaxSide {
		return nil, fmt.Errorf("raster: GIF size %d×%d out of range", w, h)
	}
	g := &GIFRecorder{w: bufio.NewWriter(out), width: w, height: h, delay: max(delay, 1),
		hist: make([]uint32, 1<<15), sum: make([]uint32, 3<<15), lut: make([]uint8, 1<<15), idx: make([]uint8, w*h), prev: make([]uint32, w*h)}
	b := g.w
	b.WriteString("GIF89a")
	le16(b, w)
	le16(b, h)
	b.Write([]byte{0x70, 0, 0}) // no global table, 8-bit colour resolution
	// NETSCAPE2.0 looping extension.
	b.Write([]byte{0x21, 0xff, 0x0b})
	b.WriteString("NETSCAPE2.0")
	b.Write([]byte{3, 1, 0, 0, 0})
	return g, nil
}

func le16(b *bufio.Writer, v int) { b.WriteByte(byte(v)); b.WriteByte(byte(v >> 8)) }

// Frames returns how many frames have been added.
func (g *GIFRecorder) Frames() int { return g.frames }

// Add appends f (which must have the recorder's size) as the next frame.
// Transparent pixels are composited over black.
func (g *GIFRecorder) Add(f *Frame) error {
	if g.err != nil {
		return g.err
	}
	if f == nil || f.W() != g.width || f.H() != g.height {
		return errors.New("raster: GIF frame size differs from the recorder's")
	}
	// Histogram of 15-bit colours.
	clear(g.hist)
	clear(g.sum)
	w, h := g.width, g.height
	for y := 0; y < h; y++ {
		for _, p := range pix32(f.Row(y)) {
			c := c15(p)
			g.hist[c]++
			g.sum[3*c] += p & 0xff
			g.sum[3*c+1] += p >> 8 & 0xff
			g.sum[3*c+2] += p >> 16 & 0xff
		}
	}
	n := g.medianCut()
	// Map every 15-bit colour present to its nearest palette entry.
	for c, cnt := range g.hist {
		if cnt == 0 {
			continue
		}
		r, gg, b := int(g.sum[3*c]/cnt), int(g.sum[3*c+1]/cnt), int(g.sum[3*c+2]/cnt)
		best, bd := 0, 1<<30
		for i := 0; i < n; i++ {
			pr, pg, pb := int(g.palette[i][0]), int(g.palette[i][1]), int(g.palette[i][2])
			d := (r-pr)*(r-pr)*3 + (gg-pg)*(gg-pg)*4 + (b-pb)*(b-pb)*2
			if d < bd {
				best, bd = i, d
			}
		}
		g.lut[c] = uint8(best)
	}
	// Changed rectangle against the previous frame (whole frame first).
	x0, y0, x1, y1 := 0, 0, w, h
	if g.frames > 0 {
		x0, y0, x1, y1 = w, h, 0, 0
		for y := 0; y < h; y++ {
			row := pix32(f.Row(y))
			for x, p := range row {
				if c15(p) != g.prev[y*w+x] {
					x0, x1 = min(x0, x), max(x1, x+1)
					y0, y1 = min(y0, y), max(y1, y+1)
				}
			}
		}
		if x1 <= x0 { // identical frame: store a single pixel
			x0, y0, x1, y1 = 0, 0, 1, 1
		}
	}
	for y := 0; y < h; y++ {
		for x, p := range pix32(f.Row(y)) {
			g.prev[y*w+x] = c15(p)
		}
	}
	rw, rh := x1-x0, y1-y0
	idx := g.idx[:rw*rh]
	for y := y0; y < y1; y++ {
		row := pix32(f.Row(y))
		for x := x0; x < x1; x++ {
			idx[(y-y0)*rw+x-x0] = g.lut[c15(row[x])]
		}
	}
	b := g.w
	// Graphic control: disposal "do not dispose", delay.
	b.Write([]byte{0x21, 0xf9, 4, 0x04})
	le16(b, g.delay)
	b.Write([]byte{0, 0})
	// Image descriptor with a local 256-entry colour table.
	b.WriteByte(0x2c)
	le16(b, x0)
	le16(b, y0)
	le16(b, rw)
	le16(b, rh)
	b.WriteByte(0x87)
	for i := 0; i < 256; i++ {
		b.Write(g.palette[i][:])
	}
	b.WriteByte(8) // LZW minimum code size
	bw := &blockWriter{w: b}
	lw := lzw.NewWriter(bw, lzw.LSB, 8)
	if _, err := lw.Write(idx); err != nil {
		g.err = err
		return err
	}
	if err := lw.Close(); err != nil {
		g.err = err
		return err
	}
	bw.flush()
	b.WriteByte(0)
	g.frames++
	if err := b.Flush(); err != nil {
		g.err = fmt.Errorf("raster: writing GIF: %w", err)
	}
	return g.err
}

// Close writes the GIF trailer. The underlying writer is not closed.
func (g *GIFRecorder) Close() error {
	if g.err != nil {
		return g.err
	}
	g.w.WriteByte(0x3b)
	g.err = g.w.Flush()
	if g.err == nil {
		g.err = errors.New("raster: GIF recorder closed")
		return nil
	}
	return g.err
}

// c15 reduces a pixel (composited over black: its premultiplied colour) to
// 15 bits.
func c15(p uint32) uint32 {
	return (p>>3)&31 | (p>>11&31)<<5 | (p>>19&31)<<10
}

// medianCut fills g.palette from g.hist and returns the number of entries.
func (g *GIFRecorder) medianCut() int {
	g.boxes = g.boxes[:0]
	all := cbox{lo: [3]uint8{31, 31, 31}}
	for c, cnt := range g.hist {
		if cnt == 0 {
			continue
		}
		ch := [3]uint8{uint8(c & 31), uint8(c >> 5 & 31), uint8(c >> 10)}
		for i := range 3 {
			all.lo[i] = min(all.lo[i], ch[i])
			all.hi[i] = max(all.hi[i], ch[i])
		}
		all.count += cnt
	}
	g.boxes = append(g.boxes, all)
	for len(g.boxes) < 256 {
		// Split the box with the largest count × longest side.
		bi, bestScore, axis := -1, uint64(0), 0
		for i, b := range g.boxes {
			for a := range 3 {
				side := uint64(b.hi[a] - b.lo[a])
				if side == 0 {
					continue
				}
				if s := side * uint64(b.count); s > bestScore {
					bi, bestScore, axis = i, s, a
				}
			}
		}
		if bi < 0 {
			break
		}
		b := g.boxes[bi]
		// Median along the axis.
		var per [32]uint32
		g.forBox(b, func(c uint32, ch [3]uint8, cnt uint32) { per[ch[axis]] += cnt })
		half, acc, cut := b.count/2, uint32(0), b.lo[axis]
		for v := b.lo[axis]; v < b.hi[axis]; v++ {
			acc += per[v]
			cut = v
			if acc >= half {
				break
			}
		}
		lo, hi := b, b
		lo.hi[axis], hi.lo[axis] = cut, cut+1
		lo.count, hi.count = 0, 0
		for v := lo.lo[axis]; v <= lo.hi[axis]; v++ {
			lo.count += per[v]
		}
		hi.count = b.count - lo.count
		g.boxes[bi] = lo
		g.boxes = append(g.boxes, hi)
	}
	// Deterministic palette order.
	sort.Slice(g.boxes, func(i, j int) bool {
		a, b := g.boxes[i], g.boxes[j]
		if a.lo != b.lo {
			return less3(a.lo, b.lo)
		}
		return less3(a.hi, b.hi)
	})
	g.palette = [256][3]uint8{}
	for i, b := range g.boxes {
		// The entry is the mean of the exact colours in the box, so a
		// frame with few colours keeps them exactly.
		var sum [3]uint64
		var n uint64
		g.forBox(b, func(c uint32, ch [3]uint8, cnt uint32) {
			for k := range 3 {
				sum[k] += uint64(g.sum[3*c+uint32(k)])
			}
			n += uint64(cnt)
		})
		if n == 0 {
			continue
		}
		for k := range 3 {
			g.palette[i][k] = uint8(min((sum[k]+n/2)/n, 255))
		}
	}
	return max(len(g.boxes), 1)
}

func less3(a, b [3]uint8) bool {
	for i := range 3 {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return false
}

func (g *GIFRecorder) forBox(b cbox, fn func(c uint32, ch [3]uint8, cnt uint32)) {
	for bl := b.lo[2]; bl <= b.hi[2]; bl++ {
		for gr := b.lo[1]; gr <= b.hi[1]; gr++ {
			for r := b.lo[0]; r <= b.hi[0]; r++ {
				c := uint32(r) | uint32(gr)<<5 | uint32(bl)<<10
				if cnt := g.hist[c]; cnt != 0 {
					fn(c, [3]uint8{r, gr, bl}, cnt)
				}
			}
		}
	}
}

// blockWriter splits LZW output into GIF data sub-blocks of at most 255
// bytes.
type blockWriter struct {
	w   *bufio.Writer
	buf [255]byte
	n   int
}

func (b *blockWriter) Write(p []byte) (int, error) {
	for _, c := range p {
		b.buf[b.n] = c
		b.n++
		if b.n == 255 {
			b.flush()
		}
	}
	return len(p), nil
}

func (b *blockWriter) flush() {
	if b.n == 0 {
		return
	}
	b.w.WriteByte(byte(b.n))
	b.w.Write(b.buf[:b.n])
	b.n = 0
}
