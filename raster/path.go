package raster

import (
	"image"
	"image/color"
	"math"
	"sync"

	"diorama/mathx"
)

// aaSubRows is how many sub-scanlines an antialiased fill samples per pixel
// row; horizontal coverage inside each sub-scanline is exact.
const aaSubRows = 5

// edge is a non-horizontal polygon edge with y0 < y1; dir is the winding
// contribution (+1 downward, -1 upward).
type edge struct {
	x0, y0, x1, y1 float64
	dxdy           float64
	dir            int32
}

type crossing struct {
	x   float64
	dir int32
}

// scratch holds the reusable buffers of the path filler. Each Renderer
// worker owns one; the immediate-mode functions borrow one from a pool, so
// filling allocates nothing in steady state.
type scratch struct {
	edges []edge
	xs    []crossing
	cov   []float64
	pts   []mathx.Vec2
	ends  []int
}

var scratchPool = sync.Pool{New: func() any { return new(scratch) }}

// FillPath fills the polygon made of the closed contours of pts (contour i
// ends before ends[i]; a nil ends means one contour of all points) with the
// premultiplied colour c, inside clip, using the nonzero winding rule, so
// concave and self-intersecting outlines and overlapping contours of the
// same orientation fill without double blending. With aa the edges are
// antialiased; without, a pixel is filled when its centre is inside.
//
// Points with NaN or infinite coordinates make the call draw nothing.
func FillPath(dst *Frame, clip image.Rectangle, pts []mathx.Vec2, ends []int, c color.RGBA, aa bool) {
	sc := scratchPool.Get().(*scratch)
	fillPath(dst, clip, pts, ends, c, aa, sc)
	scratchPool.Put(sc)
}

// FillPolygon fills one closed polygon; see [FillPath].
func FillPolygon(dst *Frame, clip image.Rectangle, pts []mathx.Vec2, c color.RGBA, aa bool) {
	FillPath(dst, clip, pts, nil, c, aa)
}

func fillPath(dst *Frame, clip image.Rectangle, pts []mathx.Vec2, ends []int, c color.RGBA, aa bool, sc *scratch) {
	if dst == nil || c.A == 0 || len(pts) < 3 {
		return
	}
	c = validPremul(c)
	clip = clipTo(dst, clip)
	if clip.Empty() {
		return
	}
	// Build edges and their bounding box.
	sc.edges = sc.edges[:0]
	bb := mathx.AABB{Min: mathx.V2(math.Inf(1), math.Inf(1)), Max: mathx.V2(math.Inf(-1), math.Inf(-1))}
	start := 0
	for ci := 0; ci < len(ends) || (ends == nil && ci == 0); ci++ {
		end := len(pts)
		if ends != nil {
			end = min(max(ends[ci], start), len(pts))
		}
		contour := pts[start:end]
		start = end
		for i, p := range contour {
			if !p.IsFinite() {
				return
			}
			bb = bb.Extend(p)
			q := contour[(i+1)%len(contour)]
			if p.Y == q.Y {
				continue
			}
			e := edge{x0: p.X, y0: p.Y, x1: q.X, y1: q.Y, dir: 1}
			if e.y0 > e.y1 {
				e = edge{x0: q.X, y0: q.Y, x1: p.X, y1: p.Y, dir: -1}
			}
			e.dxdy = (e.x1 - e.x0) / (e.y1 - e.y0)
			sc.edges = append(sc.edges, e)
		}
	}
	if len(sc.edges) == 0 {
		return
	}
	r := image.Rect(int(math.Max(math.Floor(bb.Min.X), -coordLimit)), int(math.Max(math.Floor(bb.Min.Y), -coordLimit)),
		int(math.Min(math.Ceil(bb.Max.X), coordLimit))+1, int(math.Min(math.Ceil(bb.Max.Y), coordLimit))+1).Intersect(clip)
	if r.Empty() {
		return
	}
	pc := packRGBA(c)
	d32 := pix32(dst.Pix)
	stride := dst.Stride >> 2
	if !aa {
		for y := r.Min.Y; y < r.Max.Y; y++ {
			row := d32[y*stride : y*stride+r.Max.X]
			sc.spans(float64(y)+0.5, func(xa, xb float64) {
				// Pixels whose centre x+0.5 lies in [xa, xb).
				a := int(math.Max(math.Ceil(xa-0.5), float64(r.Min.X)))
				b := int(math.Min(math.Ceil(xb-0.5), float64(r.Max.X)))
				fillSpan(row, a, b, pc)
			})
		}
		return
	}
	w := r.Dx()
	if cap(sc.cov) < w {
		sc.cov = make([]float64, w)
	}
	cov := sc.cov[:w]
	x0 := float64(r.Min.X)
	x1 := float64(r.Max.X)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		lo, hi := w, 0 // touched columns
		for s := 0; s < aaSubRows; s++ {
			sy := float64(y) + (float64(s)+0.5)/aaSubRows
			sc.spans(sy, func(xa, xb float64) {
				xa, xb = math.Max(xa, x0), math.Min(xb, x1)
				if xa >= xb {
					return
				}
				a, b := int(math.Floor(xa)), int(math.Ceil(xb))
				lo, hi = min(lo, a-r.Min.X), max(hi, b-r.Min.X)
				for px := a; px < b; px++ {
					cov[px-r.Min.X] += math.Min(xb, float64(px+1)) - math.Max(xa, float64(px))
				}
			})
		}
		row := d32[y*stride+r.Min.X : y*stride+r.Max.X]
		for i := lo; i < hi; i++ {
			k := uint32(cov[i]*(255.0/aaSubRows) + 0.5)
			cov[i] = 0
			if k == 0 {
				continue
			}
			if k >= 255 {
				if pc>>24 == 255 {
					row[i] = pc
				} else {
					row[i] = over(row[i], pc)
				}
				continue
			}
			row[i] = over(row[i], scale4(pc, k))
		}
	}
}

// spans calls fn for each horizontal span [xa, xb) of the scanline at y
// inside the path (nonzero rule), left to right.
func (sc *scratch) spans(y float64, fn func(xa, xb float64)) {
	xs := sc.xs[:0]
	for i := range sc.edges {
		e := &sc.edges[i]
		if y < e.y0 || y >= e.y1 {
			continue
		}
		xs = append(xs, crossing{e.x0 + (y-e.y0)*e.dxdy, e.dir})
	}
	sc.xs = xs
	// Insertion sort: few crossings per line, and deterministic.
	for i := 1; i < len(xs); i++ {
		for j := i; j > 0 && xs[j].x < xs[j-1].x; j-- {
			xs[j], xs[j-1] = xs[j-1], xs[j]
		}
	}
	wind := int32(0)
	var start float64
	for _, c := range xs {
		was := wind
		wind += c.dir
		if was == 0 && wind != 0 {
			start = c.x
		} else if was != 0 && wind == 0 && c.x > start {
			fn(start, c.x)
		}
	}
}

// fillSpan blends the colour word c over row[a:b].
func fillSpan(row []uint32, a, b int, c uint32) {
	if a >= b {
		return
	}
	d := row[a:b]
	if c>>24 == 255 {
		for i := range d {
			d[i] = c
		}
		return
	}
	for i := range d {
		d[i] = over(d[i], c)
	}
}

// circleSegments returns how many segments approximate a circle of radius
// r within about a twentieth of a pixel.
func circleSegments(r float64) int {
	const tol = 0.05
	if r <= tol {
		return 8
	}
	n := int(math.Ceil(math.Pi / math.Acos(1-tol/r)))
	return min(max(n, 8), 4096)
}

// appendCircle appends a counter-clockwise (in screen space, y down: the
// same orientation as thick-line quads) polygon approximating the circle.
func appendCircle(pts []mathx.Vec2, c mathx.Vec2, r float64, reverse bool) []mathx.Vec2 {
	n := circleSegments(r)
	for i := 0; i < n; i++ {
		k := i
		if reverse {
			k = n - i
		}
		a := 2 * math.Pi * float64(k) / float64(n)
		s, co := math.Sincos(a)
		pts = append(pts, mathx.V2(c.X+r*co, c.Y+r*s))
	}
	return pts
}

// appendThickPolyline appends closed contours whose nonzero union is the
// polyline stroked with the given width: one quad per segment, and round
// joins and caps when round is set. Quads and circles share one
// orientation so overlaps are filled once.
func appendThickPolyline(pts []mathx.Vec2, ends []int, line []mathx.Vec2, width float64, round bool) ([]mathx.Vec2, []int) {
	hw := width / 2
	for i := 0; i+1 < len(line); i++ {
		a, b := line[i], line[i+1]
		d := b.Sub(a)
		if d.LenSq() == 0 {
			continue
		}
		n := d.Unit().Perp().Scale(hw)
		pts = append(pts, a.Sub(n), b.Sub(n), b.Add(n), a.Add(n))
		ends = append(ends, len(pts))
	}
	if round {
		for _, p := range line {
			pts = appendCircle(pts, p, hw, false)
			ends = append(ends, len(pts))
		}
	}
	return pts, ends
}
