package raster

import (
	"bufio"
	"compress/lzw"
	"errors"
	"fmt"
	"io"
	"slices"
)

// GIFOptions tune a GIFRecorder. The zero value gives 256 colours, exact
// change detection and times in hundredths of a second.
type GIFOptions struct {
	// TPS is the time unit of AddAt, CloseAt and Delay: ticks per second
	// (default 100, so times are hundredths of a second). GIF delays are
	// whole hundredths: each frame's delay is rounded so that the delays
	// add up to the elapsed time within half a hundredth, however many
	// frames there are (15 frames a second alternate 7, 7, 6).
	TPS int
	// Delay is how long Add shows a frame and how far Close runs after
	// the last one, in ticks (default 1).
	Delay int
	// Colors is the palette size, the transparent entry included, 3..256
	// (default 256). Fewer colours compress better.
	Colors int
	// Tolerance is the largest per-channel difference (0..255) between a
	// pixel and the colour already shown there for which the pixel is
	// left as it is (default 0: only pixels whose quantised colour changed
	// are stored). A small tolerance saves much on noisy textures under
	// a moving camera, at the cost of that much colour error.
	Tolerance int
	// Smooth is the largest per-channel difference (0..255) between a
	// pixel and the colour stored just left of it on the row for which the
	// pixel repeats that colour (default 0: off). Runs compress far better
	// than per-pixel noise, at the cost of that much colour error.
	Smooth int
}

// GIFRecorder writes frames to an animated GIF as they come, without
// keeping them in memory. The first frame's palette, made by median cut
// over its colours (far better than a fixed web or Plan 9 palette for
// game art), is the global palette; later frames reuse it, or the last
// local palette, while it represents their colours about as well as a
// palette of their own would, and only otherwise carry a local palette.
// Only pixels whose colour differs from what is shown are stored: the
// frame is the bounding box of the changes, with unchanged pixels
// transparent. A frame identical to the one before lengthens that one's
// delay instead.
type GIFRecorder struct {
	w      *bufio.Writer
	width  int
	height int
	opt    GIFOptions
	frames int // frames added (merged ones included)
	start  int // time of the first frame
	last   int // time of the pending frame
	added  int // time of the last frame added (merged or not)
	err    error
	closed bool

	pend    []byte // the pending frame, image descriptor on; its GCE is written when its delay is known
	hasPend bool
	shown   []uint32 // displayed colour (RGB) per pixel
	idx     []uint8
	hist    []uint32 // 15-bit colour histogram
	sum     []uint32 // per 15-bit bucket: sums of the exact R, G, B values (3 a bucket)
	lut     []uint8  // 15-bit colour -> index in the current gifPalette
	lutGen  []uint32 // lut[c] is valid when lutGen[c] == gen
	gen     uint32
	boxes   []cbox
	lzw     *lzw.Writer
	blocks  blockWriter
	gce     [8]byte

	global, cur, fresh gifPalette
	curGlobal          bool // cur is the global gifPalette
}

type gifPalette struct {
	n   int // real colours; index n is transparent
	rgb [256][3]uint8
}

type cbox struct {
	lo, hi [3]uint8 // inclusive 5-bit bounds per channel
	count  uint32
}

// NewGIFRecorder starts a GIF of w×h frames on out, looping
// forever, as opt says.
func NewGIFRecorder(out io.Writer, w, h int, opt GIFOptions) (*GIFRecorder, error) {
	if w <= 0 || h <= 0 || w > 65535 || h > 65535 || w > MaxSide || h > MaxSide {
		return nil, fmt.Errorf("raster: GIF size %d×%d out of range", w, h)
	}
	if opt.TPS == 0 {
		opt.TPS = 100
	}
	if opt.Delay == 0 {
		opt.Delay = 1
	}
	if opt.Colors == 0 {
		opt.Colors = 256
	}
	switch {
	case opt.TPS < 1 || opt.TPS > 1_000_000:
		return nil, fmt.Errorf("raster: GIFOptions.TPS %d out of range (1..1000000)", opt.TPS)
	case opt.Delay < 1:
		return nil, fmt.Errorf("raster: GIFOptions.Delay %d is not positive", opt.Delay)
	case opt.Colors < 3 || opt.Colors > 256:
		return nil, fmt.Errorf("raster: GIFOptions.Colors %d out of range (3..256)", opt.Colors)
	case opt.Tolerance < 0 || opt.Tolerance > 255:
		return nil, fmt.Errorf("raster: GIFOptions.Tolerance %d out of range (0..255)", opt.Tolerance)
	case opt.Smooth < 0 || opt.Smooth > 255:
		return nil, fmt.Errorf("raster: GIFOptions.Smooth %d out of range (0..255)", opt.Smooth)
	}
	g := &GIFRecorder{w: bufio.NewWriterSize(out, 64<<10), width: w, height: h, opt: opt,
		hist: make([]uint32, 1<<15), sum: make([]uint32, 3<<15), lut: make([]uint8, 1<<15), lutGen: make([]uint32, 1<<15),
		idx: make([]uint8, w*h), shown: make([]uint32, w*h), boxes: make([]cbox, 0, 256)}
	g.lzw = lzw.NewWriter(&g.blocks, lzw.LSB, 8).(*lzw.Writer)
	return g, nil
}

// Frames returns how many frames have been added (frames merged into the
// one before because nothing changed included).
func (g *GIFRecorder) Frames() int { return g.frames }

// Add appends f (which must have the recorder's size) as the next frame,
// GIFOptions.Delay ticks after the one before. Transparent pixels are
// composited over black.
func (g *GIFRecorder) Add(f *Frame) error {
	t := 0
	if g.frames > 0 {
		t = g.added + g.opt.Delay
	}
	return g.AddAt(f, t)
}

// AddAt appends f (which must have the recorder's size) as the frame
// shown from time t (in ticks of GIFOptions.TPS) until the next frame's
// time or the end; times must increase.
func (g *GIFRecorder) AddAt(f *Frame, t int) error {
	if g.err != nil {
		return g.err
	}
	if g.closed {
		return errors.New("raster: GIF recorder closed")
	}
	if f == nil || f.W() != g.width || f.H() != g.height {
		return errors.New("raster: GIF frame size differs from the recorder's")
	}
	if g.frames > 0 && t <= g.added {
		return fmt.Errorf("raster: GIF frame time %d is not after the previous frame's %d", t, g.added)
	}
	g.histogram(f)
	var pal *gifPalette
	if g.frames == 0 {
		g.start = t
		g.medianCut(&g.global)
		g.cur, g.curGlobal = g.global, true
		g.gen++
		g.header()
		pal = &g.cur
	} else {
		pal = g.choosePalette()
	}
	// Changed pixels and their bounding box.
	w, h := g.width, g.height
	x0, y0, x1, y1 := w, h, 0, 0
	tol := int32(g.opt.Tolerance)
	stol := int32(g.opt.Smooth)
	first := g.frames == 0
	for y := 0; y < h; y++ {
		row := pix32(f.Row(y))
		shown := g.shown[y*w : y*w+w]
		idx := g.idx[y*w : y*w+w]
		rx0, rx1 := w, 0
		run, runC := -1, uint32(0) // the last colour index stored on this row
		for x, p := range row {
			s := shown[x]
			if !first && tol > 0 && near(s, p, tol) {
				idx[x] = uint8(pal.n)
				run = -1
				continue
			}
			if run >= 0 && stol > 0 && near(runC, p, stol) {
				idx[x] = uint8(run)
				if s != runC {
					shown[x] = runC
					rx0 = min(rx0, x)
					rx1 = x + 1
				}
				continue
			}
			i := g.index(pal, c15(p))
			c := pal.rgb[i]
			pc := uint32(c[0]) | uint32(c[1])<<8 | uint32(c[2])<<16
			if !first && s == pc {
				idx[x] = uint8(pal.n)
				run = -1
				continue
			}
			idx[x] = i
			run, runC = int(i), pc
			shown[x] = pc
			rx0 = min(rx0, x)
			rx1 = x + 1
		}
		if rx1 > rx0 {
			x0, x1 = min(x0, rx0), max(x1, rx1)
			y0, y1 = min(y0, y), y+1
		}
	}
	g.frames++
	g.added = t
	if x1 <= x0 {
		if first { // cannot happen: the first frame stores every pixel
			x0, y0, x1, y1 = 0, 0, 1, 1
		} else {
			return nil // nothing changed: the pending frame lasts longer
		}
	}
	if err := g.flushPending(t); err != nil {
		return err
	}
	g.encode(pal, x0, y0, x1, y1, !first)
	g.last = t
	return g.err
}

// near reports whether every channel of the shown colour s and the pixel
// p differ by at most tol.
func near(s, p uint32, tol int32) bool {
	for k := 0; k < 24; k += 8 {
		d := int32(s>>k&0xff) - int32(p>>k&0xff)
		if d > tol || d < -tol {
			return false
		}
	}
	return true
}

// Close ends the animation GIFOptions.Delay ticks after the last frame
// and writes the GIF trailer. The underlying writer is not closed.
func (g *GIFRecorder) Close() error { return g.CloseAt(g.added + g.opt.Delay) }

// CloseAt ends the animation at time t (after the last frame's time) and
// writes the GIF trailer. The underlying writer is not closed.
func (g *GIFRecorder) CloseAt(t int) error {
	if g.err != nil {
		return g.err
	}
	if g.closed {
		return errors.New("raster: GIF recorder closed")
	}
	if g.frames > 0 && t <= g.added {
		return fmt.Errorf("raster: GIF end time %d is not after the last frame's %d", t, g.added)
	}
	g.closed = true
	if g.frames == 0 { // one transparent pixel: decoders want an image
		g.global = gifPalette{n: 1}
		g.header()
		g.pend = append(g.pend[:0], 1, 1)
		g.pend = append(g.pend, emptyImage...)
		g.hasPend, g.start, g.last = true, 0, 0
	}
	if err := g.flushPending(t); err != nil {
		return err
	}
	g.w.WriteByte(0x3b)
	if err := g.w.Flush(); err != nil {
		g.err = fmt.Errorf("raster: writing GIF: %w", err)
	}
	return g.err
}

// cs is time t in whole hundredths of a second, rounded to nearest.
func (g *GIFRecorder) cs(t int) int64 {
	return (int64(t)*200 + int64(g.opt.TPS)) / (2 * int64(g.opt.TPS))
}

// flushPending writes the pending frame with the delay that ends at t.
func (g *GIFRecorder) flushPending(t int) error {
	if !g.hasPend {
		return nil
	}
	d := g.cs(t) - g.cs(g.last)
	b := g.w
	gce := func(delay int64, transparent bool, ti int) {
		flags := byte(1 << 2) // disposal: leave in place
		if transparent {
			flags |= 1
		}
		g.gce = [8]byte{0x21, 0xf9, 4, flags, byte(delay), byte(delay >> 8), byte(ti), 0}
		b.Write(g.gce[:])
	}
	gce(min(d, 65535), g.pend[0] == 1, int(g.pend[1]))
	b.Write(g.pend[2:])
	// Longer than a GIF delay holds: 1×1 transparent frames carry the rest.
	for d -= min(d, 65535); d > 0; d -= min(d, 65535) {
		gce(min(d, 65535), true, 0)
		b.Write(emptyImage)
	}
	g.hasPend = false
	if err := b.Flush(); err != nil {
		g.err = fmt.Errorf("raster: writing GIF: %w", err)
	}
	return g.err
}

// emptyImage is a 1×1 image of colour 0 (made transparent), no local
// table: clear code, 0, end code as 3-bit codes.
var emptyImage = []byte{0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 0x01, 0}

// tableBits is the size field of a colour table holding n colours and the
// transparent entry: 2^(bits+1) entries.
func tableBits(n int) int {
	bits := 0
	for 2<<bits < n+1 {
		bits++
	}
	return bits
}

// header writes the GIF header with the global palette and the looping
// extension.
func (g *GIFRecorder) header() {
	b := g.w
	b.WriteString("GIF89a")
	le16(b, g.width)
	le16(b, g.height)
	bits := tableBits(g.global.n)
	b.Write([]byte{0xf0 | byte(bits), 0, 0}) // global table, 8-bit colour resolution
	for i := 0; i < 2<<bits; i++ {
		b.Write(g.global.rgb[i][:])
	}
	// NETSCAPE2.0 looping extension.
	b.Write([]byte{0x21, 0xff, 0x0b})
	b.WriteString("NETSCAPE2.0")
	b.Write([]byte{3, 1, 0, 0, 0})
}

// encode stores the rectangle of g.idx as the pending frame.
func (g *GIFRecorder) encode(pal *gifPalette, x0, y0, x1, y1 int, transparent bool) {
	p := g.pend[:0]
	tr := byte(0)
	if transparent {
		tr = 1
	}
	p = append(p, tr, byte(pal.n))
	p = append(p, 0x2c, byte(x0), byte(x0>>8), byte(y0), byte(y0>>8), byte(x1-x0), byte((x1-x0)>>8), byte(y1-y0), byte((y1-y0)>>8))
	bits := tableBits(pal.n)
	if g.curGlobal {
		p = append(p, 0)
	} else {
		p = append(p, 0x80|byte(bits))
		for i := 0; i < 2<<bits; i++ {
			p = append(p, pal.rgb[i][:]...)
		}
	}
	lit := max(bits+1, 2)
	p = append(p, byte(lit))
	g.blocks.buf = p
	g.lzw.Reset(&g.blocks, lzw.LSB, lit)
	w := g.width
	for y := y0; y < y1 && g.err == nil; y++ {
		if _, err := g.lzw.Write(g.idx[y*w+x0 : y*w+x1]); err != nil {
			g.err = err
		}
	}
	if err := g.lzw.Close(); err != nil && g.err == nil {
		g.err = err
	}
	g.blocks.flush()
	g.pend = append(g.blocks.buf, 0)
	g.blocks.buf = nil
	g.hasPend = true
}

func le16(b *bufio.Writer, v int) { b.WriteByte(byte(v)); b.WriteByte(byte(v >> 8)) }

// c15 reduces a pixel (composited over black: its premultiplied colour) to
// 15 bits.
func c15(p uint32) uint32 {
	return (p>>3)&31 | (p>>11&31)<<5 | (p>>19&31)<<10
}

// histogram counts f's 15-bit colours and sums their exact values.
func (g *GIFRecorder) histogram(f *Frame) {
	clear(g.hist)
	clear(g.sum)
	for y := 0; y < g.height; y++ {
		for _, p := range pix32(f.Row(y)) {
			c := c15(p)
			g.hist[c]++
			g.sum[3*c] += p & 0xff
			g.sum[3*c+1] += p >> 8 & 0xff
			g.sum[3*c+2] += p >> 16 & 0xff
		}
	}
}

// mean is the mean exact colour of 15-bit bucket c.
func (g *GIFRecorder) mean(c int) (r, gg, b int) {
	n := g.hist[c]
	if n == 0 { // not in this frame: the bucket's middle
		return c&31<<3 | 4, c>>5&31<<3 | 4, c>>10<<3 | 4
	}
	return int((g.sum[3*c] + n/2) / n), int((g.sum[3*c+1] + n/2) / n), int((g.sum[3*c+2] + n/2) / n)
}

// nearest is the entry of pal closest to the colour r, gg, b and the
// weighted squared distance.
func nearest(pal *gifPalette, r, gg, b int) (uint8, int) {
	best, bd := 0, 1<<30
	for i := 0; i < pal.n; i++ {
		pr, pg, pb := int(pal.rgb[i][0]), int(pal.rgb[i][1]), int(pal.rgb[i][2])
		d := (r-pr)*(r-pr)*3 + (gg-pg)*(gg-pg)*4 + (b-pb)*(b-pb)*2
		if d < bd {
			best, bd = i, d
		}
	}
	return uint8(best), bd
}

// index maps 15-bit colour c to its entry of pal (the current palette),
// filling the lookup table on first use.
func (g *GIFRecorder) index(pal *gifPalette, c uint32) uint8 {
	if g.lutGen[c] == g.gen {
		return g.lut[c]
	}
	r, gg, b := g.mean(int(c))
	i, _ := nearest(pal, r, gg, b)
	g.lut[c], g.lutGen[c] = i, g.gen
	return i
}

// paletteError is the mean weighted squared error of showing the
// histogram's colours with pal.
func (g *GIFRecorder) paletteError(pal *gifPalette) float64 {
	var sum, n float64
	for c, cnt := range g.hist {
		if cnt == 0 {
			continue
		}
		r, gg, b := g.mean(c)
		_, d := nearest(pal, r, gg, b)
		sum += float64(d) * float64(cnt)
		n += float64(cnt)
	}
	return sum / n
}

// choosePalette returns the palette for the frame in the histogram: the
// current one (or the global one) when it does about as well as the
// frame's own median-cut palette, else that palette, which becomes
// current.
func (g *GIFRecorder) choosePalette() *gifPalette {
	g.medianCut(&g.fresh)
	own := g.paletteError(&g.fresh)
	fits := func(p *gifPalette) bool { return g.paletteError(p) <= own*1.5+4 }
	switch {
	case fits(&g.cur):
	case !g.curGlobal && fits(&g.global):
		g.cur, g.curGlobal = g.global, true
		g.gen++
	default:
		g.cur, g.curGlobal = g.fresh, false
		g.gen++
	}
	return &g.cur
}

// medianCut makes pal from the histogram: up to Colors-1 entries.
func (g *GIFRecorder) medianCut(pal *gifPalette) {
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
	for len(g.boxes) < g.opt.Colors-1 {
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
	slices.SortFunc(g.boxes, func(a, b cbox) int {
		if a.lo != b.lo {
			return cmp3(a.lo, b.lo)
		}
		return cmp3(a.hi, b.hi)
	})
	*pal = gifPalette{n: max(len(g.boxes), 1)}
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
			pal.rgb[i][k] = uint8(min((sum[k]+n/2)/n, 255))
		}
	}
}

func cmp3(a, b [3]uint8) int {
	for i := range 3 {
		if a[i] != b[i] {
			return int(a[i]) - int(b[i])
		}
	}
	return 0
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

// blockWriter appends LZW output to buf as GIF data sub-blocks of at most
// 255 bytes.
type blockWriter struct {
	buf   []byte
	block [255]byte
	n     int
}

func (b *blockWriter) Write(p []byte) (int, error) {
	n := len(p)
	for len(p) > 0 {
		k := copy(b.block[b.n:], p)
		b.n += k
		p = p[k:]
		if b.n == 255 {
			b.flush()
		}
	}
	return n, nil
}

// WriteByte and Flush let compress/lzw write to b without a bufio.Writer
// of its own.
func (b *blockWriter) WriteByte(c byte) error {
	b.block[b.n] = c
	b.n++
	if b.n == 255 {
		b.flush()
	}
	return nil
}

// Flush ends the current sub-block.
func (b *blockWriter) Flush() error { b.flush(); return nil }

func (b *blockWriter) flush() {
	if b.n == 0 {
		return
	}
	b.buf = append(b.buf, byte(b.n))
	b.buf = append(b.buf, b.block[:b.n]...)
	b.n = 0
}
