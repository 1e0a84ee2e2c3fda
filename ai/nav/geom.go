package nav

import (
	"fmt"
	"math"
	"slices"

	"diorama/mathx"
)

// MaxObstacleVertices bounds one Obstacle's outline.
const MaxObstacleVertices = 4096

// Obstacle is a solid simple polygon (convex or concave, either winding)
// in world units. Build one with BoxObstacle, CircleObstacle or
// PolygonObstacle, or fill Pts directly.
type Obstacle struct {
	Pts []mathx.Vec2
}

// BoxObstacle returns the box of centre c and half extents half, rotated
// by angle radians about c (0 gives an axis-aligned box): an oriented box.
func BoxObstacle(c, half mathx.Vec2, angle float64) Obstacle {
	ax, ay := mathx.FromAngle(angle), mathx.FromAngle(angle+math.Pi/2)
	x, y := ax.Scale(half.X), ay.Scale(half.Y)
	return Obstacle{Pts: []mathx.Vec2{
		c.Sub(x).Sub(y), c.Add(x).Sub(y), c.Add(x).Add(y), c.Sub(x).Add(y),
	}}
}

// CircleObstacle returns the regular n-gon (n >= 3; 0 means 16)
// circumscribing the circle of centre c and radius r, so the polygon
// covers the whole circle.
func CircleObstacle(c mathx.Vec2, r float64, n int) Obstacle {
	if n == 0 {
		n = 16
	}
	if n < 3 {
		n = 3
	}
	R := r / math.Cos(math.Pi/float64(n))
	pts := make([]mathx.Vec2, n)
	for i := range pts {
		pts[i] = c.Add(mathx.FromAngle((float64(i) + 0.5) * 2 * math.Pi / float64(n)).Scale(R))
	}
	return Obstacle{Pts: pts}
}

// PolygonObstacle returns the polygon with the given outline (copied).
func PolygonObstacle(pts ...mathx.Vec2) Obstacle {
	return Obstacle{Pts: append([]mathx.Vec2(nil), pts...)}
}

// Bounds returns the obstacle's bounding box.
func (o Obstacle) Bounds() mathx.AABB { return mathx.BoxOf(o.Pts...) }

// Validate reports why the outline is not a usable simple polygon: fewer
// than three or more than MaxObstacleVertices points, a non-finite point,
// zero area, or two edges that cross.
func (o Obstacle) Validate() error {
	n := len(o.Pts)
	if n < 3 || n > MaxObstacleVertices {
		return fmt.Errorf("nav: obstacle has %d vertices, want 3..%d", n, MaxObstacleVertices)
	}
	for i, p := range o.Pts {
		if !p.IsFinite() {
			return fmt.Errorf("nav: obstacle vertex %d is %v, want finite", i, p)
		}
	}
	if math.Abs(signedArea(o.Pts)) < 1e-12 {
		return fmt.Errorf("nav: obstacle has zero area")
	}
	for i := 0; i < n; i++ {
		a, b := o.Pts[i], o.Pts[(i+1)%n]
		for j := i + 2; j < n; j++ {
			if i == 0 && j == n-1 {
				continue
			}
			c, d := o.Pts[j], o.Pts[(j+1)%n]
			if segmentsTouch(a, b, c, d) {
				return fmt.Errorf("nav: obstacle edges %d and %d cross", i, j)
			}
		}
	}
	return nil
}

func signedArea(p []mathx.Vec2) float64 {
	s := 0.0
	for i := range p {
		s += p[i].Cross(p[(i+1)%len(p)])
	}
	return s / 2
}

// orient is twice the signed area of triangle abc (positive when
// counter-clockwise, x right and y up), with an exact sign: when the
// floating-point value is within its error bound of zero (Shewchuk's
// ccwerrboundA) it is recomputed in exact rational arithmetic.
func orient(a, b, c mathx.Vec2) float64 {
	l := (b.X - a.X) * (c.Y - a.Y)
	r := (b.Y - a.Y) * (c.X - a.X)
	det := l - r
	if bound := 3.3306690738754716e-16 * (math.Abs(l) + math.Abs(r)); det > bound || -det > bound {
		return det
	}
	return orientExact(a, b, c)
}

// orientExact evaluates orient's determinant exactly as a floating-point
// expansion (Shewchuk's two-sum, two-product by FMA, grow-expansion)
// and returns its most significant component, whose sign is exact. It
// allocates nothing.
func orientExact(a, b, c mathx.Vec2) float64 {
	u1, u0 := twoDiff(b.X, a.X)
	v1, v0 := twoDiff(c.Y, a.Y)
	w1, w0 := twoDiff(b.Y, a.Y)
	z1, z0 := twoDiff(c.X, a.X)
	var e [32]float64
	n := 0
	add := func(x float64) {
		q := x
		m := 0
		for i := 0; i < n; i++ {
			var h float64
			q, h = twoSum(q, e[i])
			if h != 0 {
				e[m] = h
				m++
			}
		}
		if q != 0 {
			e[m] = q
			m++
		}
		n = m
	}
	for _, p := range [4][2]float64{{u1, v1}, {u1, v0}, {u0, v1}, {u0, v0}} {
		hi, lo := twoProd(p[0], p[1])
		add(hi)
		add(lo)
	}
	for _, p := range [4][2]float64{{w1, z1}, {w1, z0}, {w0, z1}, {w0, z0}} {
		hi, lo := twoProd(p[0], p[1])
		add(-hi)
		add(-lo)
	}
	if n == 0 {
		return 0
	}
	return e[n-1]
}

func twoSum(a, b float64) (x, y float64) {
	x = a + b
	bv := x - a
	av := x - bv
	return x, (a - av) + (b - bv)
}

func twoDiff(a, b float64) (x, y float64) {
	x = a - b
	bv := a - x
	av := x + bv
	return x, (a - av) + (bv - b)
}

func twoProd(a, b float64) (x, y float64) {
	x = a * b
	return x, math.FMA(a, b, -x)
}

// segmentsTouch reports whether closed segments ab and cd share a point.
func segmentsTouch(a, b, c, d mathx.Vec2) bool {
	o1, o2, o3, o4 := orient(a, b, c), orient(a, b, d), orient(c, d, a), orient(c, d, b)
	if ((o1 > 0 && o2 < 0) || (o1 < 0 && o2 > 0)) && ((o3 > 0 && o4 < 0) || (o3 < 0 && o4 > 0)) {
		return true
	}
	on := func(p, q, r mathx.Vec2, o float64) bool {
		return o == 0 && math.Min(p.X, q.X) <= r.X && r.X <= math.Max(p.X, q.X) && math.Min(p.Y, q.Y) <= r.Y && r.Y <= math.Max(p.Y, q.Y)
	}
	return on(a, b, c, o1) || on(a, b, d, o2) || on(c, d, a, o3) || on(c, d, b, o4)
}

// convexPiece is one convex part of an inflated obstacle, counter-
// clockwise (positive cross products, x right and y up).
type convexPiece struct {
	pts []mathx.Vec2
	bb  mathx.AABB
}

func newPiece(pts []mathx.Vec2) convexPiece { return convexPiece{pts: pts, bb: mathx.BoxOf(pts...)} }

// geomEps is the tolerance, in world units, of the free-space tests: a
// segment may graze an inflated obstacle's boundary by this much.
const geomEps = 1e-6

// contains reports whether p lies inside the piece by more than eps.
func (c *convexPiece) contains(p mathx.Vec2, eps float64) bool {
	if p.X <= c.bb.Min.X || p.X >= c.bb.Max.X || p.Y <= c.bb.Min.Y || p.Y >= c.bb.Max.Y {
		return false
	}
	n := len(c.pts)
	for i := 0; i < n; i++ {
		a, b := c.pts[i], c.pts[(i+1)%n]
		d := b.Sub(a)
		if d.Cross(p.Sub(a)) <= eps*d.Len() {
			return false
		}
	}
	return true
}

// hitsSegment reports whether segment a–b enters the piece shrunk by eps
// (Cyrus–Beck clipping): touching or running along its boundary is not a
// hit.
func (c *convexPiece) hitsSegment(a, b mathx.Vec2, eps float64) bool {
	if math.Max(a.X, b.X) <= c.bb.Min.X || math.Min(a.X, b.X) >= c.bb.Max.X ||
		math.Max(a.Y, b.Y) <= c.bb.Min.Y || math.Min(a.Y, b.Y) >= c.bb.Max.Y {
		return false
	}
	t0, t1 := 0.0, 1.0
	d := b.Sub(a)
	n := len(c.pts)
	for i := 0; i < n; i++ {
		p, q := c.pts[i], c.pts[(i+1)%n]
		e := q.Sub(p)
		l := e.Len()
		if l == 0 {
			continue
		}
		// outward unit normal of a counter-clockwise edge
		nx, ny := e.Y/l, -e.X/l
		num := nx*(a.X-p.X) + ny*(a.Y-p.Y) + eps
		den := nx*d.X + ny*d.Y
		switch {
		case den == 0:
			if num > 0 {
				return false
			}
		case den > 0:
			if t := -num / den; t < t1 {
				t1 = t
			}
		default:
			if t := -num / den; t > t0 {
				t0 = t
			}
		}
		if t0 >= t1 {
			return false
		}
	}
	return (t1-t0)*d.Len() > eps || d.Len() == 0
}

// convexHull returns the counter-clockwise hull of pts without collinear
// points (Andrew's monotone chain). pts is sorted in place.
func convexHull(pts []mathx.Vec2) []mathx.Vec2 {
	sortVec(pts)
	if len(pts) < 3 {
		return append([]mathx.Vec2(nil), pts...)
	}
	h := make([]mathx.Vec2, 0, 2*len(pts))
	for _, p := range pts {
		for len(h) >= 2 && orient(h[len(h)-2], h[len(h)-1], p) <= 0 {
			h = h[:len(h)-1]
		}
		h = append(h, p)
	}
	lo := len(h) + 1
	for i := len(pts) - 2; i >= 0; i-- {
		p := pts[i]
		for len(h) >= lo && orient(h[len(h)-2], h[len(h)-1], p) <= 0 {
			h = h[:len(h)-1]
		}
		h = append(h, p)
	}
	return h[:len(h)-1]
}

func sortVec(p []mathx.Vec2) {
	slices.SortFunc(p, func(a, b mathx.Vec2) int {
		switch {
		case a.X < b.X || (a.X == b.X && a.Y < b.Y):
			return -1
		case a == b:
			return 0
		}
		return 1
	})
}

// convexParts splits a simple polygon into convex parts, counter-
// clockwise: ear clipping into triangles, then Hertel–Mehlhorn merging of
// triangles across diagonals while the union stays convex.
func convexParts(in []mathx.Vec2) [][]mathx.Vec2 {
	pts := cleanRing(in)
	if len(pts) < 3 {
		return nil
	}
	if signedArea(pts) < 0 {
		for i, j := 0, len(pts)-1; i < j; i, j = i+1, j-1 {
			pts[i], pts[j] = pts[j], pts[i]
		}
	}
	if isConvex(pts) {
		return [][]mathx.Vec2{pts}
	}
	// Ear clipping over indices.
	n := len(pts)
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	var parts [][]int
	for guard := 0; len(idx) > 3 && guard < n*n; guard++ {
		m := len(idx)
		cut := -1
		for i := 0; i < m; i++ {
			a, b, c := pts[idx[(i+m-1)%m]], pts[idx[i]], pts[idx[(i+1)%m]]
			if orient(a, b, c) <= 0 {
				continue
			}
			ear := true
			for j := 0; j < m && ear; j++ {
				if j == i || j == (i+m-1)%m || j == (i+1)%m {
					continue
				}
				p := pts[idx[j]]
				if p == a || p == b || p == c {
					continue
				}
				if orient(a, b, p) >= 0 && orient(b, c, p) >= 0 && orient(c, a, p) >= 0 {
					ear = false
				}
			}
			if ear {
				cut = i
				break
			}
		}
		if cut < 0 {
			cut = 0 // degenerate input: clip anyway
		}
		parts = append(parts, []int{idx[(cut+m-1)%m], idx[cut], idx[(cut+1)%m]})
		idx = append(idx[:cut], idx[cut+1:]...)
	}
	parts = append(parts, idx)
	// Hertel–Mehlhorn: merge two parts sharing a diagonal when convex.
	for merged := true; merged; {
		merged = false
		for i := 0; i < len(parts) && !merged; i++ {
			for j := i + 1; j < len(parts) && !merged; j++ {
				if u := mergeRing(parts[i], parts[j]); u != nil {
					ring := make([]mathx.Vec2, len(u))
					for k, v := range u {
						ring[k] = pts[v]
					}
					if isConvex(ring) {
						parts[i] = u
						parts = append(parts[:j], parts[j+1:]...)
						merged = true
					}
				}
			}
		}
	}
	out := make([][]mathx.Vec2, 0, len(parts))
	for _, p := range parts {
		ring := make([]mathx.Vec2, len(p))
		for k, v := range p {
			ring[k] = pts[v]
		}
		if math.Abs(signedArea(ring)) > 0 {
			out = append(out, ring)
		}
	}
	return out
}

// mergeRing joins two counter-clockwise index rings that share an edge
// (u→v in a, v→u in b), or returns nil.
func mergeRing[T comparable](a, b []T) []T {
	for i := range a {
		u, v := a[i], a[(i+1)%len(a)]
		for j := range b {
			if b[j] == v && b[(j+1)%len(b)] == u {
				out := make([]T, 0, len(a)+len(b)-2)
				for k := 0; k < len(a); k++ {
					out = append(out, a[(i+1+k)%len(a)]) // v ... u
				}
				for k := 2; k < len(b); k++ {
					out = append(out, b[(j+k)%len(b)])
				}
				return out
			}
		}
	}
	return nil
}

// cleanRing drops repeated and collinear vertices.
func cleanRing(in []mathx.Vec2) []mathx.Vec2 {
	pts := make([]mathx.Vec2, 0, len(in))
	for _, p := range in {
		if len(pts) == 0 || pts[len(pts)-1] != p {
			pts = append(pts, p)
		}
	}
	for len(pts) > 1 && pts[0] == pts[len(pts)-1] {
		pts = pts[:len(pts)-1]
	}
	for changed := true; changed && len(pts) >= 3; {
		changed = false
		for i := 0; i < len(pts); i++ {
			n := len(pts)
			a, b, c := pts[(i+n-1)%n], pts[i], pts[(i+1)%n]
			if orient(a, b, c) == 0 {
				pts = append(pts[:i], pts[i+1:]...)
				changed = true
				break
			}
		}
	}
	return pts
}

func isConvex(p []mathx.Vec2) bool {
	n := len(p)
	for i := 0; i < n; i++ {
		if orient(p[i], p[(i+1)%n], p[(i+2)%n]) < 0 {
			return false
		}
	}
	return true
}

// inflate returns the Minkowski sum of the convex counter-clockwise
// piece and a regular k-gon whose edges are tangent to the circle of
// radius r (edge normals at multiples of 2π/k, so with k a multiple of 4
// an axis-aligned side moves out by exactly r). The sum covers every
// point within r of the piece.
func inflate(piece []mathx.Vec2, r float64, k int) []mathx.Vec2 {
	if r <= 0 {
		return append([]mathx.Vec2(nil), piece...)
	}
	R := r / math.Cos(math.Pi/float64(k))
	pts := make([]mathx.Vec2, 0, len(piece)*k)
	for _, v := range piece {
		for j := 0; j < k; j++ {
			pts = append(pts, v.Add(mathx.FromAngle((float64(j)+0.5)*2*math.Pi/float64(k)).Scale(R)))
		}
	}
	return convexHull(pts)
}

// inflateObstacle splits o into convex parts and inflates each by r.
func inflateObstacle(o Obstacle, r float64, k int) []convexPiece {
	parts := convexParts(o.Pts)
	out := make([]convexPiece, 0, len(parts))
	for _, p := range parts {
		out = append(out, newPiece(inflate(p, r, k)))
	}
	return out
}
