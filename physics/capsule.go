package physics

import (
	"fmt"
	"math"

	"diorama/mathx"
)

// NewCapsule returns a capsule: the segment from (-halfLen, 0) to
// (halfLen, 0) in body coordinates grown by radius r, so it rotates with the
// body (a stadium for a soldier seen from above, a rounded tank hull).
// halfLen and r must be finite and > 0; a capsule with no length is a
// circle, so use NewCircle.
func NewCapsule(halfLen, r float64) (Shape, error) {
	if !validSize(halfLen) || !validSize(r) {
		return Shape{}, fmt.Errorf("%w: capsule half length %v radius %v", ErrBadSize, halfLen, r)
	}
	s := Shape{kind: KindCapsule, n: 2, radius: r, bound: halfLen + r, core: r}
	s.v[0] = mathx.Vec2{X: -halfLen}
	s.v[1] = mathx.Vec2{X: halfLen}
	return s, nil
}

// segment returns a capsule's core segment in world space.
func (s *Shape) segment(x xform) (mathx.Vec2, mathx.Vec2) {
	return x.apply(s.v[0]), x.apply(s.v[1])
}

// closestOnSeg returns the parameter in [0,1] and point of segment a→b
// nearest to p.
func closestOnSeg(p, a, b mathx.Vec2) (float64, mathx.Vec2) {
	e := b.Sub(a)
	l2 := e.LenSq()
	if l2 == 0 {
		return 0, a
	}
	t := mathx.Clamp(p.Sub(a).Dot(e)/l2, 0, 1)
	return t, a.Add(e.Scale(t))
}

// closestSegSeg returns the closest points of segments p1→q1 and p2→q2
// (clamped parametric solution; for parallel segments, one valid pair).
func closestSegSeg(p1, q1, p2, q2 mathx.Vec2) (mathx.Vec2, mathx.Vec2) {
	d1, d2 := q1.Sub(p1), q2.Sub(p2)
	r := p1.Sub(p2)
	a, e, f := d1.LenSq(), d2.LenSq(), d2.Dot(r)
	var s, t float64
	switch {
	case a == 0 && e == 0:
		return p1, p2
	case a == 0:
		t = mathx.Clamp(f/e, 0, 1)
	default:
		c := d1.Dot(r)
		if e == 0 {
			s = mathx.Clamp(-c/a, 0, 1)
		} else {
			b := d1.Dot(d2)
			den := float64(a*e) - float64(b*b)
			if den > 1e-12*a*e {
				s = mathx.Clamp((float64(b*f)-float64(c*e))/den, 0, 1)
			} else {
				// Parallel: the middle of the overlap of segment 2's
				// projection onto segment 1, so contacts sit mid-edge.
				s0, s1 := mathx.Clamp(-c/a, 0, 1), mathx.Clamp((b-c)/a, 0, 1)
				s = (s0 + s1) / 2
			}
			t = (float64(b*s) + f) / e
			if t < 0 {
				t, s = 0, mathx.Clamp(-c/a, 0, 1)
			} else if t > 1 {
				t, s = 1, mathx.Clamp((b-c)/a, 0, 1)
			}
		}
	}
	return p1.Add(d1.Scale(s)), p2.Add(d2.Scale(t))
}

// collideCapsuleCircle: capsule A (segment a0→a1, radius ra) against
// circle B; the normal points from A to B.
func collideCapsuleCircle(a0, a1 mathx.Vec2, ra float64, c mathx.Vec2, rb float64) (Manifold, bool) {
	_, q := closestOnSeg(c, a0, a1)
	return collideCircles(q, ra, c, rb)
}

// collideCapsules: the closest points of the two cores, as circles.
func collideCapsules(a0, a1 mathx.Vec2, ra float64, b0, b1 mathx.Vec2, rb float64) (Manifold, bool) {
	pa, pb := closestSegSeg(a0, a1, b0, b1)
	scale := 1 + length(a1.Sub(a0)) + length(b1.Sub(b0))
	if segmentsCross(a0, a1, b0, b1) || pb.Sub(pa).LenSq() <= 1e-24*scale*scale {
		// Crossing cores: SAT over both cores' normals; the capsules
		// project to their cores' extents grown by their radii.
		best := Manifold{Depth: math.Inf(1), Point: pa}
		for _, e := range [2]mathx.Vec2{a1.Sub(a0), b1.Sub(b0)} {
			m := length(e)
			if m == 0 {
				continue
			}
			n := mathx.Vec2{X: e.Y / m, Y: 0 - e.X/m}
			aLo, aHi := minMax(n.Dot(a0), n.Dot(a1))
			bLo, bHi := minMax(n.Dot(b0), n.Dot(b1))
			if d := aHi + ra - (bLo - rb); d < best.Depth {
				best.Depth, best.Normal = d, n
			}
			if d := bHi + rb - (aLo - ra); d < best.Depth {
				best.Depth, best.Normal = d, neg(n)
			}
		}
		if math.IsInf(best.Depth, 1) {
			return collideCircles(pa, ra, pb, rb)
		}
		return best, true
	}
	return collideCircles(pa, ra, pb, rb)
}

func minMax(a, b float64) (float64, float64) {
	if a < b {
		return a, b
	}
	return b, a
}

// collidePolyCapsule collides polygon A with capsule B (core b0→b1, radius
// r). A shallow contact takes its normal from the closest points of the
// polygon and the core; when the core enters the polygon, SAT over the
// polygon's faces and the core's normal gives the push. Buried faces of A
// (tile walls) are avoided as in collidePolyCircle.
func collidePolyCapsule(a *poly, b0, b1 mathx.Vec2, r float64) (Manifold, bool) {
	// Separating axes among A's faces (the capsule projects to its core's
	// projection grown by r on every axis).
	inside0, inside1 := true, true
	for i := 0; i < a.n; i++ {
		s0, s1 := a.nrm[i].Dot(b0.Sub(a.v[i])), a.nrm[i].Dot(b1.Sub(a.v[i]))
		if math.Min(s0, s1) > r {
			return Manifold{}, false
		}
		if s0 > 0 {
			inside0 = false
		}
		if s1 > 0 {
			inside1 = false
		}
	}
	// Does the core touch the polygon? Closest points edge by edge.
	crosses := inside0 || inside1
	best, bestEdge := math.Inf(1), -1
	var bestP, bestQ mathx.Vec2
	for i := 0; i < a.n && !crosses; i++ {
		v1, v2 := a.v[i], a.v[(i+1)%a.n]
		if segmentsCross(v1, v2, b0, b1) {
			crosses = true
			break
		}
		p, q := closestSegSeg(v1, v2, b0, b1)
		d := q.Sub(p).LenSq()
		if d <= 1e-24*(1+v1.LenSq()+b0.LenSq()) {
			crosses = true
			break
		}
		// Ties (a face parallel to the core) prefer a point inside an edge
		// over a corner, so the contact sits mid-face.
		if d < best || (d == best && (bestP == a.v[bestEdge] || bestP == a.v[(bestEdge+1)%a.n]) && p != v1 && p != v2) {
			best, bestEdge, bestP, bestQ = d, i, p, q
		}
	}
	if !crosses {
		dist := math.Sqrt(best)
		if dist > r {
			return Manifold{}, false
		}
		i := bestEdge
		n := bestQ.Sub(bestP).Scale(1 / dist)
		// At a corner with one buried face, the exposed face pushes.
		j := (i + 1) % a.n
		var prev, next int
		atCorner := false
		switch {
		case bestP == a.v[i]:
			prev, next, atCorner = (i+a.n-1)%a.n, i, true
		case bestP == a.v[j]:
			prev, next, atCorner = i, j, true
		}
		if atCorner {
			pOK, nOK := a.mask&(1<<prev) != 0, a.mask&(1<<next) != 0
			if pOK != nOK {
				f := next
				if pOK {
					f = prev
				}
				n = a.nrm[f]
				s := n.Dot(bestQ.Sub(a.v[f]))
				return Manifold{Normal: n, Depth: r - s, Point: bestQ.Sub(n.Scale((r + s) / 2))}, true
			}
		} else if a.mask&(1<<i) == 0 {
			// The nearest face is buried: fall through to SAT, which
			// picks an exposed face.
			crosses = true
		}
		if !crosses {
			depth := r - dist
			return Manifold{Normal: n, Depth: depth, Point: bestP.Add(n.Scale(-depth / 2))}, true
		}
	}
	// Deep: SAT over A's allowed faces and the core's normal.
	bestSep, bestN := math.Inf(-1), mathx.Vec2{}
	anySep, anyN := math.Inf(-1), mathx.Vec2{}
	for i := 0; i < a.n; i++ {
		n := a.nrm[i]
		s := math.Min(n.Dot(b0.Sub(a.v[i])), n.Dot(b1.Sub(a.v[i]))) - r
		if s > anySep {
			anySep, anyN = s, n
		}
		if a.mask&(1<<i) != 0 && s > bestSep {
			bestSep, bestN = s, n
		}
	}
	if m := length(b1.Sub(b0)); m > 0 {
		cn := mathx.Vec2{X: (b1.Y - b0.Y) / m, Y: 0 - (b1.X-b0.X)/m}
		for _, n := range [2]mathx.Vec2{cn, neg(cn)} {
			// Normal n from A to B: A's extent along n against B's lowest point.
			hiA := math.Inf(-1)
			for i := 0; i < a.n; i++ {
				hiA = math.Max(hiA, n.Dot(a.v[i]))
			}
			s := n.Dot(b0) - r - hiA
			if s > anySep {
				anySep, anyN = s, n
			}
			if s > bestSep && !blocked(a, n) {
				bestSep, bestN = s, n
			}
		}
	}
	if math.IsInf(bestSep, -1) {
		bestSep, bestN = anySep, anyN
	}
	n := bestN
	// B's deepest point along -n, lifted halfway out.
	deep := b0
	if n.Dot(b1) < n.Dot(b0) {
		deep = b1
	}
	deep = deep.Sub(n.Scale(r))
	return Manifold{Normal: n, Depth: -bestSep, Point: deep.Add(n.Scale(-bestSep / 2))}, true
}

// castCircleCapsule sweeps circle (p, r) along d against a capsule (core
// a→b, radius rr): the two sides pushed out by r+rr, and the end circles.
func castCircleCapsule(p, d mathx.Vec2, r float64, a, b mathx.Vec2, rr float64) (castHit, bool) {
	rs := r + rr
	_, q := closestOnSeg(p, a, b)
	if off := p.Sub(q); off.LenSq() <= rs*rs {
		if l := length(off); l > 0 {
			return castHit{0, off.Scale(1 / l)}, true
		}
		return castHit{0, backDir(d)}, true
	}
	best := castHit{t: math.Inf(1)}
	e := b.Sub(a)
	if m := length(e); m > 0 {
		cn := mathx.Vec2{X: e.Y / m, Y: 0 - e.X/m}
		for _, n := range [2]mathx.Vec2{cn, neg(cn)} {
			dn := n.Dot(d)
			if dn >= 0 {
				continue
			}
			t := (rs - n.Dot(p.Sub(a))) / dn
			if t < 0 || t > 1 {
				continue
			}
			u := p.Add(d.Scale(t)).Sub(a).Dot(e)
			if u >= 0 && u <= e.LenSq() && t < best.t {
				best = castHit{t, n}
			}
		}
	}
	for _, c := range [2]mathx.Vec2{a, b} {
		if h, ok := castCircleCircle(p, d, r, c, rr); ok && h.t < best.t {
			best = h
		}
	}
	return best, best.t <= 1
}

// segmentsCross reports whether segments a→b and c→d properly cross (each
// one's endpoints strictly on opposite sides of the other's line).
func segmentsCross(a, b, c, d mathx.Vec2) bool {
	e, f := b.Sub(a), d.Sub(c)
	c1, c2 := e.Cross(c.Sub(a)), e.Cross(d.Sub(a))
	c3, c4 := f.Cross(a.Sub(c)), f.Cross(b.Sub(c))
	return ((c1 > 0 && c2 < 0) || (c1 < 0 && c2 > 0)) && ((c3 > 0 && c4 < 0) || (c3 < 0 && c4 > 0))
}
