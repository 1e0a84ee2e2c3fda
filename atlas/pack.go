package atlas

import (
	"fmt"
	"image"
	"math"
	"slices"
)

// Algorithm selects a rectangle packer.
type Algorithm uint8

const (
	// MaxRects keeps every maximal free rectangle and places each sprite
	// by best short side fit (Jylänki's MAXRECTS-BSSF). It packs tighter
	// than Skyline in BenchmarkPack and is the default.
	MaxRects Algorithm = iota
	// Skyline keeps the top outline of the packed sprites and places each
	// sprite at the lowest (then leftmost) position; faster, looser.
	Skyline
)

// String returns "maxrects" or "skyline".
func (a Algorithm) String() string {
	if a == Skyline {
		return "skyline"
	}
	return "maxrects"
}

// MaxPageSide is the largest page side a packer accepts (raster's limit).
const MaxPageSide = 16384

// MaxSprites is the largest number of rectangles one Pack call accepts.
const MaxSprites = 1 << 20

// PackOptions control page size and spacing.
type PackOptions struct {
	// MaxW and MaxH bound each page (default 2048 each, at most MaxPageSide).
	MaxW, MaxH int
	// Padding is the number of transparent pixels kept between two
	// sprites' extruded borders (and from the page edge nothing is needed).
	Padding int
	// Extrude repeats each sprite's edge pixels this many times around it,
	// so bilinear sampling and rounding at the edge never bleed in a
	// neighbour or transparent pixels.
	Extrude int
	// PowerOfTwo rounds each page's width and height up to a power of two.
	PowerOfTwo bool
	// Algorithm is the packer (MaxRects by default).
	Algorithm Algorithm
}

func (o *PackOptions) normalize() error {
	if o.MaxW == 0 {
		o.MaxW = 2048
	}
	if o.MaxH == 0 {
		o.MaxH = 2048
	}
	if o.MaxW < 1 || o.MaxH < 1 || o.MaxW > MaxPageSide || o.MaxH > MaxPageSide {
		return fmt.Errorf("atlas: page size limit %d×%d out of range 1..%d", o.MaxW, o.MaxH, MaxPageSide)
	}
	if o.Padding < 0 || o.Padding > 256 || o.Extrude < 0 || o.Extrude > 256 {
		return fmt.Errorf("atlas: padding %d / extrusion %d out of range 0..256", o.Padding, o.Extrude)
	}
	if o.Algorithm > Skyline {
		return fmt.Errorf("atlas: unknown packing algorithm %d", o.Algorithm)
	}
	return nil
}

// Placement is where Pack put one rectangle: the top-left corner of its
// content (extrusion lies around it) on page Page.
type Placement struct {
	Page int
	X, Y int
}

// Pack places rectangles of the given sizes on as few pages as it can and
// returns one placement per size (in input order) and the size of every
// page. Each rectangle occupies its size plus 2·Extrude, and two occupied
// areas are at least Padding pixels apart. Sizes must be positive; a size
// that cannot fit on an empty page is an error naming its index. The
// result depends only on the input (sizes are sorted with a stable,
// index-tie-broken order).
func Pack(sizes []image.Point, opt PackOptions) ([]Placement, []image.Point, error) {
	if err := opt.normalize(); err != nil {
		return nil, nil, err
	}
	if len(sizes) > MaxSprites {
		return nil, nil, fmt.Errorf("atlas: %d sprites to pack, at most %d", len(sizes), MaxSprites)
	}
	border := 2 * opt.Extrude
	// Bins are padded on the right and bottom so the last row and column
	// need no padding after them.
	binW, binH := opt.MaxW+opt.Padding, opt.MaxH+opt.Padding
	for i, s := range sizes {
		if s.X <= 0 || s.Y <= 0 {
			return nil, nil, fmt.Errorf("atlas: sprite %d has size %d×%d (must be positive)", i, s.X, s.Y)
		}
		if s.X+border > opt.MaxW || s.Y+border > opt.MaxH {
			return nil, nil, fmt.Errorf("atlas: sprite %d (%d×%d plus %d extrusion) does not fit a %d×%d page", i, s.X, s.Y, opt.Extrude, opt.MaxW, opt.MaxH)
		}
	}
	// Largest first: by longer side, then area, then input order.
	order := make([]int, len(sizes))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		sa, sb := sizes[a], sizes[b]
		if d := max(sb.X, sb.Y) - max(sa.X, sa.Y); d != 0 {
			return d
		}
		return sb.X*sb.Y - sa.X*sa.Y
	})
	newBin := func(w, h int) packer {
		if opt.Algorithm == Skyline {
			return newSkyline(w, h)
		}
		return newMaxRects(w, h)
	}
	cell := func(i int) (int, int) {
		return sizes[i].X + border + opt.Padding, sizes[i].Y + border + opt.Padding
	}
	// First fill pages of the largest size, in order.
	page := make([]int, len(sizes))
	var bins []packer
	for _, i := range order {
		w, h := cell(i)
		placed := false
		for p, b := range bins {
			if _, _, ok := b.insert(w, h); ok {
				page[i], placed = p, true
				break
			}
		}
		if !placed {
			b := newBin(binW, binH)
			b.insert(w, h) // fits: checked above
			bins = append(bins, b)
			page[i] = len(bins) - 1
		}
	}
	// Then pack each page's sprites again into a page as small as can be
	// found.
	places := make([]Placement, len(sizes))
	pages := make([]image.Point, len(bins))
	for p := range bins {
		var items []int
		area, needW, needH := 0, 0, 0
		for _, i := range order {
			if page[i] == p {
				w, h := cell(i)
				items = append(items, i)
				area += w * h
				needW, needH = max(needW, w), max(needH, h)
			}
		}
		var xs, ys []int
		try := func(c image.Point) bool {
			b := newBin(c.X, c.Y)
			xs, ys = xs[:0], ys[:0]
			for _, i := range items {
				w, h := cell(i)
				x, y, fit := b.insert(w, h)
				if !fit {
					return false
				}
				xs, ys = append(xs, x), append(ys, y)
			}
			return true
		}
		// Grow a near-square page from the sprites' total area: raise the
		// height in 4% steps, and when it would pass twice the width widen
		// by 4% and start again; the largest page always fits.
		w := max(needW, isqrt(area))
		for {
			w = min(snap(w, opt), binW)
			h := min(snap(max(needH, area/w), opt), binH)
			for !try(image.Pt(w, h)) {
				if h >= binH || h > 2*w && w < binW {
					h = -1
					break
				}
				h = min(snap(h+max(h/25, 1), opt), binH)
			}
			if h > 0 {
				break
			}
			if w >= binW {
				try(image.Pt(binW, binH))
				break
			}
			w += max(w/25, 1)
		}
		for k, i := range items {
			places[i] = Placement{Page: p, X: xs[k] + opt.Extrude, Y: ys[k] + opt.Extrude}
		}
	}
	for i, s := range sizes {
		p := places[i]
		q := &pages[p.Page]
		q.X = max(q.X, p.X+s.X+opt.Extrude)
		q.Y = max(q.Y, p.Y+s.Y+opt.Extrude)
	}
	if opt.PowerOfTwo {
		for i := range pages {
			pages[i] = image.Pt(nextPow2(pages[i].X), nextPow2(pages[i].Y))
		}
	}
	return places, pages, nil
}

// snap rounds a bin side up to what the page rules allow: with
// PowerOfTwo, a power of two plus the padding that hangs off the page.
func snap(v int, opt PackOptions) int {
	if !opt.PowerOfTwo {
		return v
	}
	return nextPow2(max(v-opt.Padding, 1)) + opt.Padding
}

func isqrt(v int) int {
	r := int(math.Sqrt(float64(v)))
	for r*r < v {
		r++
	}
	return r
}

func nextPow2(v int) int {
	p := 1
	for p < v {
		p <<= 1
	}
	return p
}

// packer is one page's free-space bookkeeping. Two real implementations
// (MaxRects and Skyline) share it.
type packer interface {
	insert(w, h int) (x, y int, ok bool)
}

// maxRects is the MAXRECTS bin: the list of maximal free rectangles.
type maxRects struct {
	free  []image.Rectangle
	fresh []image.Rectangle // scratch for the pieces of one split
	w, h  int
}

func newMaxRects(w, h int) *maxRects {
	return &maxRects{free: []image.Rectangle{image.Rect(0, 0, w, h)}, w: w, h: h}
}

func (m *maxRects) insert(w, h int) (int, int, bool) {
	best := -1
	bestShort, bestLong := int(^uint(0)>>1), int(^uint(0)>>1)
	for i, f := range m.free {
		fw, fh := f.Dx(), f.Dy()
		if w > fw || h > fh {
			continue
		}
		short := min(fw-w, fh-h)
		long := max(fw-w, fh-h)
		if short < bestShort || short == bestShort && (long < bestLong ||
			long == bestLong && (f.Min.Y < m.free[best].Min.Y || f.Min.Y == m.free[best].Min.Y && f.Min.X < m.free[best].Min.X)) {
			best, bestShort, bestLong = i, short, long
		}
	}
	if best < 0 {
		return 0, 0, false
	}
	r := image.Rect(m.free[best].Min.X, m.free[best].Min.Y, m.free[best].Min.X+w, m.free[best].Min.Y+h)
	// Split every free rectangle the new one overlaps into up to four
	// maximal pieces.
	fresh := m.fresh[:0]
	old := m.free[:0]
	for _, f := range m.free {
		if !f.Overlaps(r) {
			old = append(old, f)
			continue
		}
		if r.Min.X > f.Min.X {
			fresh = append(fresh, image.Rect(f.Min.X, f.Min.Y, r.Min.X, f.Max.Y))
		}
		if r.Max.X < f.Max.X {
			fresh = append(fresh, image.Rect(r.Max.X, f.Min.Y, f.Max.X, f.Max.Y))
		}
		if r.Min.Y > f.Min.Y {
			fresh = append(fresh, image.Rect(f.Min.X, f.Min.Y, f.Max.X, r.Min.Y))
		}
		if r.Max.Y < f.Max.Y {
			fresh = append(fresh, image.Rect(f.Min.X, r.Max.Y, f.Max.X, f.Max.Y))
		}
	}
	// Keep only maximal rectangles. The untouched ones were maximal and
	// cannot lie inside a piece (a piece lies inside a rectangle they were
	// not inside), so only the pieces need checking: against the
	// untouched ones and against each other (identical pieces: keep one).
	m.free = old
	for i, f := range fresh {
		contained := false
		for _, g := range old {
			if f.In(g) {
				contained = true
				break
			}
		}
		for j, g := range fresh {
			if contained {
				break
			}
			if j != i && f.In(g) && (f != g || j < i) {
				contained = true
			}
		}
		if !contained {
			m.free = append(m.free, f)
		}
	}
	m.fresh = fresh
	return r.Min.X, r.Min.Y, true
}

// skyline is the bottom-left skyline bin: segments of the packed outline.
type skyline struct {
	segs []skySeg // sorted by x, covering [0, w)
	w, h int
}

type skySeg struct{ x, y, w int }

func newSkyline(w, h int) *skyline {
	return &skyline{segs: []skySeg{{0, 0, w}}, w: w, h: h}
}

// fit returns the y at which a w-wide rectangle starting at segment i
// rests, or −1 if it does not fit.
func (s *skyline) fit(i, w, h int) int {
	x := s.segs[i].x
	if x+w > s.w {
		return -1
	}
	y := 0
	for left := w; left > 0; i++ {
		y = max(y, s.segs[i].y)
		if y+h > s.h {
			return -1
		}
		left -= s.segs[i].w
	}
	return y
}

func (s *skyline) insert(w, h int) (int, int, bool) {
	best, bestY, bestWaste := -1, 0, 0
	for i := range s.segs {
		y := s.fit(i, w, h)
		if y < 0 {
			continue
		}
		// Wasted area under the rectangle, as a tie-break after height.
		waste := 0
		for j, left := i, w; left > 0; j++ {
			seg := min(left, s.segs[j].w)
			waste += (y - s.segs[j].y) * seg
			left -= seg
		}
		if best < 0 || y+h < bestY+h || y == bestY && waste < bestWaste {
			best, bestY, bestWaste = i, y, waste
		}
	}
	if best < 0 {
		return 0, 0, false
	}
	x := s.segs[best].x
	// Replace the covered outline by the new segment.
	nseg := skySeg{x: x, y: bestY + h, w: w}
	end := x + w
	var out []skySeg
	out = append(out, s.segs[:best]...)
	out = append(out, nseg)
	for _, sg := range s.segs[best:] {
		if sg.x+sg.w <= end {
			continue
		}
		if sg.x < end {
			sg.w -= end - sg.x
			sg.x = end
		}
		out = append(out, sg)
	}
	// Merge neighbours at the same height.
	merged := out[:1]
	for _, sg := range out[1:] {
		last := &merged[len(merged)-1]
		if last.y == sg.y {
			last.w += sg.w
			continue
		}
		merged = append(merged, sg)
	}
	s.segs = merged
	return x, bestY, true
}
