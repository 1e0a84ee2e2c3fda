package raster

import (
	"image"
	"image/color"
	"math"
	"unsafe"

	"diorama/mathx"
)

type cmdKind uint8

const (
	cmdSprite cmdKind = iota
	cmdCopy
	cmdAffine
	cmdFillRect
	cmdStrokeRect
	cmdLine
	cmdStrokeCircle
	cmdPath
	cmdClear
)

// noClip is the clip of commands added without SetClip: every frame fits
// inside it.
var noClip = image.Rect(-coordLimit, -coordLimit, coordLimit, coordLimit)

// rect32 is a screen rectangle [x0, x1) × [y0, y1) in int32: command
// bounds are clamped to ±coordLimit, and the smaller command makes
// building the list (the caller's serial work) faster.
type rect32 struct{ x0, y0, x1, y1 int32 }

func (r rect32) rect() image.Rectangle {
	return image.Rect(int(r.x0), int(r.y0), int(r.x1), int(r.y1))
}

// command is one entry of a DrawList: 48 bytes, as building the list is
// the caller's serial work in a frame and every band reads the commands
// it draws (it was 80 bytes). Sprites and copies keep everything here;
// the other kinds keep their parameters in DrawList.params. bounds is a
// conservative screen rectangle (already intersected with the clip) used
// to skip bands the command cannot touch.
type command struct {
	kind   cmdKind
	aa     bool
	filter Filter
	clip   int32 // index into DrawList.clips
	opts   int32 // index into DrawList.opts, or -1 for none
	bounds rect32
	sprite *Sprite
	x, y   int32 // a sprite's position; an affine draw's matrix index in x; for kinds without a sprite, x indexes DrawList.params
}

// cmdParams holds the parameters of a command that is not a sprite.
type cmdParams struct {
	x, y   int32
	x1, y1 int32 // line end; circle radius in x1
	color  color.RGBA
	a, b   int32 // points [a, b) of a path
	ea, eb int32 // contour ends [ea, eb) of a path
}

// DrawList collects drawing commands, each with a depth key, to be sorted
// and executed by a [Renderer] (or [DrawList.Draw]). Commands with a lower
// depth are drawn first; commands with equal depth keep the order in which
// they were added. Reset it and reuse it every frame: once its buffers have
// grown to a frame's size, building and drawing allocate nothing.
//
// A DrawList is not safe for concurrent use while it is being built.
type DrawList struct {
	cmds    []command
	params  []cmdParams // parameters of the commands that are not sprites
	pts     []mathx.Vec2
	ends    []int
	mats    []mathx.Affine2
	clip    image.Rectangle   // the SetClip rectangle, when clipped
	clipped bool              // SetClip is in force (an empty clip draws nothing)
	clipRef int32             // 1 + the index in clips of the clip in force; 0 until a command refers to it
	clips   []image.Rectangle // distinct clips in use; commands refer by index
	opts    []DrawOptions     // options of the commands that have them
	depths  []int64           // per command: its depth key
	order   []uint32          // command indices in drawing order after sort
	ds      depthSort
	sorted  bool
	passes  int      // radix passes the last sortCommands ran (for tests)
	sc      *scratch // Draw's path scratch, the list's own (a pool's is dropped by each GC)
}

// NewDrawList returns an empty list.
func NewDrawList() *DrawList { return &DrawList{} }

// Reset empties the list, keeping its memory, and removes the clip.
func (l *DrawList) Reset() {
	l.cmds = l.cmds[:0]
	l.params = l.params[:0]
	l.clips = l.clips[:0]
	l.opts = l.opts[:0]
	l.depths = l.depths[:0]
	l.pts = l.pts[:0]
	l.ends = l.ends[:0]
	l.mats = l.mats[:0]
	l.ClearClip()
	l.sorted = false
}

// Len returns the number of commands.
func (l *DrawList) Len() int { return len(l.cmds) }

// SetClip restricts the commands added from now on to r (for example a UI
// panel); an empty r draws nothing until the clip changes. ClearClip
// removes the restriction.
func (l *DrawList) SetClip(r image.Rectangle) {
	l.clip = r.Canon().Intersect(noClip)
	l.clipped = true
	l.clipRef = 0
}

// ClearClip removes the clip set by SetClip.
func (l *DrawList) ClearClip() { l.clip, l.clipped, l.clipRef = image.Rectangle{}, false, 0 }

// push appends c with the screen rectangle b (within ±coordLimit) it may
// touch, intersected with the clip.
func (l *DrawList) push(depth int64, b image.Rectangle, c command) {
	if p := l.add(depth, b); p != nil {
		c.clip, c.bounds = p.clip, p.bounds
		*p = c
	}
}

// pushParams appends a command of kind k (not a sprite) with parameters
// pr; see push.
func (l *DrawList) pushParams(depth int64, b image.Rectangle, k cmdKind, aa bool, pr cmdParams) {
	if p := l.add(depth, b); p != nil {
		p.kind, p.aa, p.opts, p.x = k, aa, -1, int32(len(l.params))
		l.params = append(l.params, pr)
	}
}

// add appends a zero command with the given depth and the screen
// rectangle b (within ±coordLimit) it may touch, intersected with the
// clip, and returns it to be filled in; nil when it can draw nothing.
func (l *DrawList) add(depth int64, b image.Rectangle) *command {
	clip := noClip
	if l.clipped {
		clip = l.clip
	}
	b = b.Intersect(clip)
	if b.Empty() {
		return nil // can never draw anything (an empty clip lands here too)
	}
	if l.clipRef == 0 { // the first command since the clip changed
		if n := len(l.clips); n == 0 || l.clips[n-1] != clip {
			l.clips = append(l.clips, clip)
		}
		l.clipRef = int32(len(l.clips))
	}
	n := len(l.cmds)
	if n == cap(l.cmds) {
		l.cmds = append(l.cmds, command{})
	} else {
		l.cmds = l.cmds[:n+1]
	}
	c := &l.cmds[n]
	*c = command{clip: l.clipRef - 1, bounds: rect32{int32(b.Min.X), int32(b.Min.Y), int32(b.Max.X), int32(b.Max.Y)}}
	l.depths = append(l.depths, depth)
	l.sorted = false
	return c
}

// addOpts stores a copy of o for a command and returns its index, or -1
// for nil.
func (l *DrawList) addOpts(o *DrawOptions) int32 {
	if o == nil {
		return -1
	}
	l.opts = append(l.opts, *o)
	return int32(len(l.opts) - 1)
}

// Sprite adds s drawn at (x, y) with options o (nil for none); see
// [DrawSprite].
func (l *DrawList) Sprite(depth int64, s *Sprite, x, y int, o *DrawOptions) {
	if s == nil || s.trim.Empty() {
		return
	}
	x, y = clampCoord(x), clampCoord(y)
	if o == nil && !l.clipped && l.clipRef != 0 {
		// The common case, written out: no options, no clip, and a clip
		// index already recorded. The bounds are noClip's intersection
		// (x and y are within it already).
		x1, y1 := min(x+s.w, coordLimit), min(y+s.h, coordLimit)
		if x1 <= x || y1 <= y {
			return
		}
		n := len(l.cmds)
		if n < cap(l.cmds) && len(l.depths) < cap(l.depths) {
			l.cmds = l.cmds[:n+1]
			l.depths = append(l.depths, depth)
			l.sorted = false
			// Field by field (every field): a composite literal is built
			// on the stack and copied, twice the instructions.
			c := &l.cmds[n]
			c.kind, c.aa, c.filter = cmdSprite, false, 0
			c.clip, c.opts = l.clipRef-1, -1
			c.bounds = rect32{int32(x), int32(y), int32(x1), int32(y1)}
			c.sprite = s
			c.x, c.y = int32(x), int32(y)
			return
		}
	}
	opts, k := int32(-1), 1
	if !o.plain() {
		opts = l.addOpts(o)
		k = o.scale()
	}
	// Filled in place: the most common command, and the list building is
	// the caller's serial work in a frame.
	if c := l.add(depth, image.Rect(x, y, x+s.w*k, y+s.h*k)); c != nil {
		c.kind, c.sprite, c.x, c.y, c.opts = cmdSprite, s, int32(x), int32(y), opts
	}
}

// CopySprite adds a source copy of s at (x, y); see [CopySprite].
func (l *DrawList) CopySprite(depth int64, s *Sprite, x, y int) {
	if s == nil {
		return
	}
	x, y = clampCoord(x), clampCoord(y)
	l.push(depth, image.Rect(x, y, x+s.w, y+s.h), command{kind: cmdCopy, sprite: s, x: int32(x), y: int32(y), opts: -1})
}

// SpriteAffine adds s transformed by m; see [DrawSpriteAffine].
func (l *DrawList) SpriteAffine(depth int64, s *Sprite, m mathx.Affine2, f Filter, o *DrawOptions) {
	if s == nil || s.trim.Empty() || !m.IsFinite() {
		return
	}
	c := command{kind: cmdAffine, sprite: s, filter: f, x: int32(len(l.mats)), opts: l.addOpts(o)}
	full := m
	if k := o.scale(); k > 1 {
		full = m.Mul(mathx.ScaleXY(float64(k), float64(k)))
	}
	b := full.TransformBox(mathx.AABB{Max: mathx.V2(float64(s.w), float64(s.h))}.Expand(1))
	l.mats = append(l.mats, m)
	l.push(depth, boundsOf(b), c)
}

// boundsOf converts a float box to a covering integer rectangle, clamped
// to the coordinate limit; non-finite boxes give an empty rectangle.
func boundsOf(b mathx.AABB) image.Rectangle {
	if !b.IsFinite() {
		if math.IsNaN(b.Min.X + b.Min.Y + b.Max.X + b.Max.Y) {
			return image.Rectangle{}
		}
	}
	cl := func(v float64) int { return int(math.Max(-coordLimit, math.Min(coordLimit, v))) }
	return image.Rect(cl(math.Floor(b.Min.X))-1, cl(math.Floor(b.Min.Y))-1, cl(math.Ceil(b.Max.X))+1, cl(math.Ceil(b.Max.Y))+1)
}

// Clear adds a command that replaces every pixel (inside the clip, if one
// is set) with the premultiplied colour c, before everything else: the
// renderer clears each band in parallel instead of the caller clearing the
// whole frame first.
func (l *DrawList) Clear(c color.RGBA) {
	l.pushParams(math.MinInt64, noClip, cmdClear, false, cmdParams{color: c})
}

// FillRect adds a filled rectangle; see [FillRect].
func (l *DrawList) FillRect(depth int64, r image.Rectangle, c color.RGBA) {
	r = r.Canon().Intersect(noClip)
	l.pushParams(depth, r, cmdFillRect, false, cmdParams{color: c})
}

// StrokeRect adds a one-pixel rectangle outline; see [StrokeRect].
func (l *DrawList) StrokeRect(depth int64, r image.Rectangle, c color.RGBA) {
	r = r.Canon().Intersect(noClip)
	l.pushParams(depth, r, cmdStrokeRect, false, cmdParams{x: int32(r.Min.X), y: int32(r.Min.Y), x1: int32(r.Max.X), y1: int32(r.Max.Y), color: c})
}

// Line adds a one-pixel Bresenham line; see [Line].
func (l *DrawList) Line(depth int64, x0, y0, x1, y1 int, c color.RGBA) {
	x0, y0, x1, y1 = clampCoord(x0), clampCoord(y0), clampCoord(x1), clampCoord(y1)
	b := image.Rect(x0, y0, x1, y1).Canon()
	b.Max = b.Max.Add(image.Pt(1, 1))
	l.pushParams(depth, b, cmdLine, false, cmdParams{x: int32(x0), y: int32(y0), x1: int32(x1), y1: int32(y1), color: c})
}

// StrokeCircle adds a one-pixel midpoint circle; see [StrokeCircle].
func (l *DrawList) StrokeCircle(depth int64, cx, cy, r int, c color.RGBA) {
	if r < 0 {
		return
	}
	cx, cy, r = clampCoord(cx), clampCoord(cy), min(r, coordLimit)
	l.pushParams(depth, image.Rect(cx-r, cy-r, cx+r+1, cy+r+1), cmdStrokeCircle, false, cmdParams{x: int32(cx), y: int32(cy), x1: int32(r), color: c})
}

// FillPath adds a filled path; see [FillPath]. The points are copied.
func (l *DrawList) FillPath(depth int64, pts []mathx.Vec2, ends []int, c color.RGBA, aa bool) {
	if len(pts) < 3 || c.A == 0 {
		return
	}
	for _, p := range pts {
		if !p.IsFinite() {
			return
		}
	}
	a := len(l.pts)
	ea := len(l.ends)
	l.pts = append(l.pts, pts...)
	if ends == nil {
		l.ends = append(l.ends, len(pts))
	} else {
		l.ends = append(l.ends, ends...)
	}
	l.pushPath(depth, a, ea, c, aa)
}

func (l *DrawList) pushPath(depth int64, a, ea int, c color.RGBA, aa bool) {
	// Plain comparisons: the points are known finite, and math.Min/Max's
	// NaN and signed-zero handling showed up in profiles of big overlays.
	pts := l.pts[a:]
	b := mathx.AABB{Min: pts[0], Max: pts[0]}
	for _, p := range pts[1:] {
		if p.X < b.Min.X {
			b.Min.X = p.X
		} else if p.X > b.Max.X {
			b.Max.X = p.X
		}
		if p.Y < b.Min.Y {
			b.Min.Y = p.Y
		} else if p.Y > b.Max.Y {
			b.Max.Y = p.Y
		}
	}
	l.pushParams(depth, boundsOf(b), cmdPath, aa, cmdParams{color: c,
		a: int32(a), b: int32(len(l.pts)), ea: int32(ea), eb: int32(len(l.ends))})
}

// FillPolygon adds one filled polygon; see [FillPath].
func (l *DrawList) FillPolygon(depth int64, pts []mathx.Vec2, c color.RGBA, aa bool) {
	l.FillPath(depth, pts, nil, c, aa)
}

// FillCircle adds a filled disc; see [FillCircle].
func (l *DrawList) FillCircle(depth int64, center mathx.Vec2, r float64, c color.RGBA, aa bool) {
	if !(r > 0) || !center.IsFinite() || math.IsInf(r, 0) || c.A == 0 {
		return
	}
	a, ea := len(l.pts), len(l.ends)
	l.pts = appendCircle(l.pts, center, math.Min(r, coordLimit), false)
	l.ends = append(l.ends, len(l.pts)-a)
	l.pushPath(depth, a, ea, c, aa)
}

// StrokeCircleAA adds an antialiased ring; see [StrokeCircleAA].
func (l *DrawList) StrokeCircleAA(depth int64, center mathx.Vec2, r, width float64, c color.RGBA) {
	if !(r > 0) || !(width > 0) || !center.IsFinite() || math.IsInf(r+width, 0) || c.A == 0 {
		return
	}
	a, ea := len(l.pts), len(l.ends)
	l.pts, l.ends = appendRing(l.pts, l.ends, center, r, width)
	l.rebaseEnds(a, ea)
	l.pushPath(depth, a, ea, c, true)
}

// ThickLine adds a stroked polyline; see [ThickLine].
func (l *DrawList) ThickLine(depth int64, pts []mathx.Vec2, width float64, c color.RGBA, aa, round bool) {
	if !(width > 0) || math.IsInf(width, 0) || len(pts) < 2 || c.A == 0 {
		return
	}
	for _, p := range pts {
		if !p.IsFinite() {
			return
		}
	}
	a, ea := len(l.pts), len(l.ends)
	l.pts, l.ends = appendThickPolyline(l.pts, l.ends, pts, math.Min(width, coordLimit), round)
	if len(l.ends) == ea {
		return
	}
	l.rebaseEnds(a, ea)
	l.pushPath(depth, a, ea, c, aa)
}

// LineAA adds an antialiased line of the given width.
func (l *DrawList) LineAA(depth int64, p, q mathx.Vec2, width float64, c color.RGBA) {
	seg := [2]mathx.Vec2{p, q}
	l.ThickLine(depth, seg[:], width, c, true, false)
}

// rebaseEnds makes the contour ends appended since ea relative to the
// path's first point a (the helpers append absolute indices).
func (l *DrawList) rebaseEnds(a, ea int) {
	for i := ea; i < len(l.ends); i++ {
		l.ends[i] -= a
	}
}

// TextBytes is Text for text built in a reused byte buffer (a HUD's
// numbers appended each frame): b is laid out at once and not kept, so
// the buffer may change right after, and nothing is allocated.
func (l *DrawList) TextBytes(depth int64, f *Font, b []byte, x, y int, c color.RGBA) {
	l.Text(depth, f, unsafe.String(unsafe.SliceData(b), len(b)), x, y, c)
}

// Text adds s drawn with f at (x, y) (top-left of the first line) in the
// premultiplied colour c. Glyphs are rasterised into f's cache now, so the
// Renderer only reads it.
func (l *DrawList) Text(depth int64, f *Font, s string, x, y int, c color.RGBA) {
	if f == nil || c.A == 0 {
		return
	}
	o := DrawOptions{Tint: validPremul(c), Tinted: true}
	f.layout(s, x, y, func(g *glyph, gx, gy int) {
		l.Sprite(depth, g.sprite, gx, gy, &o)
	})
}

// sortCommands orders the commands by depth, keeping insertion order
// among equal depths. Draw and the one-worker Renderer call it as needed
// (several workers sort each band's commands instead).
func (l *DrawList) sortCommands() {
	if l.sorted {
		return
	}
	n := len(l.cmds)
	l.order = grow(l.order, n)
	for i := range l.order {
		l.order[i] = uint32(i)
	}
	l.passes = l.ds.sort(l.order, l.depths[:n])
	l.sorted = true
}

// depthSort is the working memory of a stable radix sort by depth; each
// Renderer worker has one, and so does each DrawList.
type depthSort struct {
	keys, tmpKeys []uint64
	tmpOrd        []uint32
}

// sort orders ord, command indices in increasing order, by their depths,
// keeping insertion order among equal depths, and returns the number of
// radix passes it ran.
//
// It is a stable LSD radix sort that runs only the byte passes the depths
// need: commands at depth math.MinInt64 (every Clear) go first in
// insertion order without taking part, the others are keyed by their
// offset from the smallest of their depths, and a pass runs only for a byte
// that is not zero in every key (a pass over a byte equal in every key
// would leave the order as it is). Depths within a 16-bit range sort in at
// most two passes, with or without a Clear.
func (ds *depthSort) sort(ord []uint32, depths []int64) int {
	first := 0                 // commands at math.MinInt64
	lo := int64(math.MaxInt64) // smallest depth but MinInt64, less one
	for _, i := range ord {
		d := depths[i]
		lo = min(lo, d-1) // MinInt64-1 wraps to MaxInt64: left out
		if d == math.MinInt64 {
			first++
		}
	}
	lo++
	keys, src := ds.stage(len(ord) - first)
	// The MinInt64 commands move to ord[:first] in insertion order (in
	// place: never ahead of the reading), the others are keyed into
	// keys and staged in src; or gathers the key bits.
	f, j := 0, 0
	var or uint64
	for _, i := range ord {
		d := depths[i]
		if d == math.MinInt64 {
			ord[f] = i
			f++
			continue
		}
		k := uint64(d - lo) // wraps correctly: 0 <= d-lo <= MaxInt64-lo
		or |= k
		keys[j] = k
		src[j] = i
		j++
	}
	return ds.passes(ord, first, or)
}

// sortAligned is sort for depths given by position: dep[j] is the depth
// of ord[j] (a band of several lists gathers them so).
func (ds *depthSort) sortAligned(ord []uint32, dep []int64) int {
	first := 0
	lo := int64(math.MaxInt64)
	for _, d := range dep[:len(ord)] {
		lo = min(lo, d-1)
		if d == math.MinInt64 {
			first++
		}
	}
	lo++
	keys, src := ds.stage(len(ord) - first)
	f, j := 0, 0
	var or uint64
	for p, i := range ord {
		d := dep[p]
		if d == math.MinInt64 {
			ord[f] = i
			f++
			continue
		}
		k := uint64(d - lo)
		or |= k
		keys[j] = k
		src[j] = i
		j++
	}
	return ds.passes(ord, first, or)
}

// stage sizes the sort's buffers for m keyed commands and returns the
// keys and the staging list.
func (ds *depthSort) stage(m int) (keys []uint64, src []uint32) {
	ds.keys = grow(ds.keys, m)
	ds.tmpKeys = grow(ds.tmpKeys, m)
	ds.tmpOrd = grow(ds.tmpOrd, m)
	return ds.keys, ds.tmpOrd
}

// passes runs the radix passes over the staged keys (or: their bits
// ORed) and leaves the sorted commands in ord[first:].
func (ds *depthSort) passes(ord []uint32, first int, or uint64) int {
	keys, src := ds.keys, ds.tmpOrd
	m := len(keys)
	dst, tmpKeys := ord[first:], ds.tmpKeys
	passes := 0
	var count [256]int
	for shift := uint(0); or>>shift != 0; shift += 8 {
		if (or>>shift)&0xff == 0 {
			continue // this byte is zero in every key
		}
		count = [256]int{}
		for _, k := range keys {
			count[(k>>shift)&0xff]++
		}
		sum := 0
		for i, c := range count {
			count[i], sum = sum, sum+c
		}
		tmpKeys, dst = tmpKeys[:len(keys)], dst[:len(keys)] // same lengths
		for i, k := range keys {
			b := (k >> shift) & 0xff
			p := count[b]
			count[b]++
			tmpKeys[p] = k
			dst[p] = src[i]
		}
		keys, tmpKeys = tmpKeys, keys
		src, dst = dst, src
		passes++
	}
	if m > 0 && &src[0] != &ord[first] {
		copy(ord[first:], src) // an even number of passes ended in the staging buffer
	}
	return passes
}

// grow returns s resliced to length n, reallocated with a quarter's
// headroom when its capacity is short. Callers must not rely on its contents.
func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n, n+n/4)
	}
	return s[:n]
}

// Draw sorts the list and executes it on dst in one goroutine. It is the
// reference the parallel Renderer must match byte for byte. A list is
// drawn by one goroutine at a time.
func (l *DrawList) Draw(dst *Frame) {
	if dst == nil {
		return
	}
	l.sortCommands()
	if l.sc == nil {
		l.sc = new(scratch)
	}
	l.execAll(dst, l.sc)
}

// execAll runs the sorted commands in order over the whole of dst.
func (l *DrawList) execAll(dst *Frame, sc *scratch) {
	for _, i := range l.order {
		l.exec(dst, &l.cmds[i], dst.Rect, sc)
	}
}

// optsOf returns the options of a command, or nil.
func (l *DrawList) optsOf(c *command) *DrawOptions {
	if c.opts < 0 {
		return nil
	}
	return &l.opts[c.opts]
}

// exec runs one command clipped to clip.
func (l *DrawList) exec(dst *Frame, c *command, clip image.Rectangle, sc *scratch) {
	clip = clip.Intersect(l.clips[c.clip])
	if !clip.Overlaps(c.bounds.rect()) {
		return
	}
	switch c.kind {
	case cmdSprite:
		DrawSprite(dst, clip, c.sprite, int(c.x), int(c.y), l.optsOf(c))
	case cmdCopy:
		CopySprite(dst, clip, c.sprite, int(c.x), int(c.y))
	case cmdAffine:
		DrawSpriteAffine(dst, clip, c.sprite, l.mats[c.x], c.filter, l.optsOf(c))
	default:
		p := &l.params[c.x]
		switch c.kind {
		case cmdFillRect:
			FillRect(dst, clip, c.bounds.rect(), p.color)
		case cmdStrokeRect:
			StrokeRect(dst, clip, image.Rect(int(p.x), int(p.y), int(p.x1), int(p.y1)), p.color)
		case cmdLine:
			Line(dst, clip, int(p.x), int(p.y), int(p.x1), int(p.y1), p.color)
		case cmdStrokeCircle:
			StrokeCircle(dst, clip, int(p.x), int(p.y), int(p.x1), p.color)
		case cmdPath:
			fillPath(dst, clip, l.pts[p.a:p.b], l.ends[p.ea:p.eb], p.color, c.aa, sc)
		case cmdClear:
			ClearRect(dst, clip, p.color)
		}
	}
}
