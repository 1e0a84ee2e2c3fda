package physics

import (
	"math"

	"diorama/mathx"
)

// Manifold describes how two overlapping or touching shapes A and B meet.
//
// Normal is a unit vector pointing from A toward B: moving B by
// Normal*Depth (or A by -Normal*Depth) separates them. Depth is the
// penetration along Normal, 0 when the shapes only touch. Point is the
// contact point, midway between the two surfaces along Normal (the average of
// the clipped contact points for polygon faces).
type Manifold struct {
	Normal mathx.Vec2
	Depth  float64
	Point  mathx.Vec2
}

// Push returns the push vector for A: the minimum translation
// that separates A from B, -Normal*Depth.
func (m Manifold) Push() mathx.Vec2 {
	return mathx.Vec2{X: 0 - float64(m.Normal.X*m.Depth), Y: 0 - float64(m.Normal.Y*m.Depth)}
}

// Collide tests shape a placed at pa rotated by angA against shape b at pb
// rotated by angB. It reports a Manifold and true when they overlap or
// touch (touching gives Depth 0), false when they are separated or a shape
// is the zero Shape.
func Collide(a Shape, pa mathx.Vec2, angA float64, b Shape, pb mathx.Vec2, angB float64) (Manifold, bool) {
	return collideShapes(&a, makeXform(pa, angA), &b, makeXform(pb, angB))
}

func collideShapes(a *Shape, xa xform, b *Shape, xb xform) (Manifold, bool) {
	switch {
	case a.kind == KindCircle && b.kind == KindCircle:
		return collideCircles(xa.p, a.radius, xb.p, b.radius)
	case a.kind == KindPolygon && b.kind == KindCircle:
		var pa poly
		a.worldPoly(xa, &pa)
		return collidePolyCircle(&pa, xb.p, b.radius)
	case a.kind == KindCircle && b.kind == KindPolygon:
		var pb poly
		b.worldPoly(xb, &pb)
		m, ok := collidePolyCircle(&pb, xa.p, a.radius)
		m.Normal = neg(m.Normal)
		return m, ok
	case a.kind == KindPolygon && b.kind == KindPolygon:
		var pa, pb poly
		a.worldPoly(xa, &pa)
		b.worldPoly(xb, &pb)
		return collidePolys(&pa, &pb)
	case a.kind == KindCapsule && b.kind == KindCircle:
		a0, a1 := a.segment(xa)
		return collideCapsuleCircle(a0, a1, a.radius, xb.p, b.radius)
	case a.kind == KindCircle && b.kind == KindCapsule:
		b0, b1 := b.segment(xb)
		m, ok := collideCapsuleCircle(b0, b1, b.radius, xa.p, a.radius)
		m.Normal = neg(m.Normal)
		return m, ok
	case a.kind == KindCapsule && b.kind == KindCapsule:
		a0, a1 := a.segment(xa)
		b0, b1 := b.segment(xb)
		return collideCapsules(a0, a1, a.radius, b0, b1, b.radius)
	case a.kind == KindPolygon && b.kind == KindCapsule:
		var pa poly
		a.worldPoly(xa, &pa)
		b0, b1 := b.segment(xb)
		return collidePolyCapsule(&pa, b0, b1, b.radius)
	case a.kind == KindCapsule && b.kind == KindPolygon:
		var pb poly
		b.worldPoly(xb, &pb)
		a0, a1 := a.segment(xa)
		m, ok := collidePolyCapsule(&pb, a0, a1, a.radius)
		m.Normal = neg(m.Normal)
		return m, ok
	}
	return Manifold{}, false
}

// collideCircles: normal from a to b; coincident centres push along +X.
func collideCircles(ca mathx.Vec2, ra float64, cb mathx.Vec2, rb float64) (Manifold, bool) {
	d := cb.Sub(ca)
	dist2 := d.LenSq()
	rs := ra + rb
	if dist2 > rs*rs {
		return Manifold{}, false
	}
	dist := math.Sqrt(dist2)
	n := mathx.Vec2{X: 1}
	if dist > 0 {
		n = d.Scale(1 / dist)
	}
	depth := rs - dist
	if depth < 0 {
		depth = 0
	}
	// Midway between A's surface point ca+n*ra and B's surface point cb-n*rb.
	p := ca.Add(n.Scale(ra - float64(depth/2)))
	return Manifold{Normal: n, Depth: depth, Point: p}, true
}

// collidePolyCircle collides polygon A with circle B (centre c, radius r).
// Faces whose mask bit is clear are not used as normals when a neighbouring
// face can serve instead.
func collidePolyCircle(a *poly, c mathx.Vec2, r float64) (Manifold, bool) {
	best, bestSep := -1, math.Inf(-1)
	anyBest, anySep := 0, math.Inf(-1)
	for i := 0; i < a.n; i++ {
		s := a.nrm[i].Dot(c.Sub(a.v[i]))
		if s > r {
			return Manifold{}, false
		}
		if s > anySep {
			anySep, anyBest = s, i
		}
		if a.mask&(1<<i) != 0 && s > bestSep {
			bestSep, best = s, i
		}
	}
	if anySep <= 0 {
		// Centre inside: push out through the least-penetrated allowed face.
		if best < 0 {
			best, bestSep = anyBest, anySep
		}
		n := a.nrm[best]
		depth := r - bestSep
		return Manifold{Normal: n, Depth: depth, Point: c.Sub(n.Scale((r + bestSep) / 2))}, true
	}
	// Centre outside: the nearest feature is face anyBest or one of its ends.
	i := anyBest
	j := (i + 1) % a.n
	v1, v2 := a.v[i], a.v[j]
	e := v2.Sub(v1)
	u := c.Sub(v1).Dot(e)
	var vert mathx.Vec2
	var prevFace, nextFace int
	switch {
	case u < 0:
		vert, prevFace, nextFace = v1, (i+a.n-1)%a.n, i
	case u > e.LenSq():
		vert, prevFace, nextFace = v2, i, j
	default:
		n := a.nrm[i]
		if a.mask&(1<<i) == 0 && best >= 0 {
			n = a.nrm[best]
			anySep = bestSep
		}
		depth := r - anySep
		return Manifold{Normal: n, Depth: depth, Point: c.Sub(n.Scale((r + anySep) / 2))}, true
	}
	d := c.Sub(vert)
	dist2 := d.LenSq()
	if dist2 > r*r {
		return Manifold{}, false
	}
	pOK := a.mask&(1<<prevFace) != 0
	nOK := a.mask&(1<<nextFace) != 0
	if pOK != nOK {
		// One face at this corner is buried in a neighbouring solid: the corner
		// is a seam, so the exposed face's normal applies.
		f := nextFace
		if pOK {
			f = prevFace
		}
		n := a.nrm[f]
		s := n.Dot(c.Sub(a.v[f]))
		return Manifold{Normal: n, Depth: r - s, Point: c.Sub(n.Scale((r + s) / 2))}, true
	}
	dist := math.Sqrt(dist2)
	n := a.nrm[i]
	if dist > 0 {
		n = d.Scale(1 / dist)
	}
	depth := r - dist
	return Manifold{Normal: n, Depth: depth, Point: vert.Add(n.Scale(-depth / 2))}, true
}

// maxSeparation returns, over a's faces, the largest separation of b from
// that face (the least penetration), and the face. Only faces whose mask bit
// is set and whose normal does not point into a buried face of b may be
// chosen (face -1 when none), but sepAny covers every face, so a separating
// axis is never missed.
func maxSeparation(a, b *poly) (sep float64, face int, sepAny float64) {
	sep, face, sepAny = math.Inf(-1), -1, math.Inf(-1)
	for i := 0; i < a.n; i++ {
		n, v := a.nrm[i], a.v[i]
		s := math.Inf(1)
		for j := 0; j < b.n; j++ {
			d := n.Dot(b.v[j].Sub(v))
			if d < s {
				s = d
			}
		}
		if s > sepAny {
			sepAny = s
		}
		if s > 0 {
			return s, i, s
		}
		if a.mask&(1<<i) != 0 && s > sep && !blocked(b, n.Neg()) {
			sep, face = s, i
		}
	}
	return sep, face, sepAny
}

// blocked reports whether normal m (pointing out of a) points into a face of
// a that is buried in neighbouring solid tiles.
func blocked(a *poly, m mathx.Vec2) bool {
	if a.mask == 0xff {
		return false
	}
	for i := 0; i < a.n; i++ {
		if a.mask&(1<<i) == 0 && a.nrm[i].Dot(m) > 0.999 {
			return true
		}
	}
	return false
}

// collidePolys is SAT over both polygons' face normals, reference-face
// clipping for the contact point. Normal points from a to b. Exact ties
// prefer a's faces, then lower face indices, so results are deterministic.
func collidePolys(a, b *poly) (Manifold, bool) {
	sepA, faceA, anyA := maxSeparation(a, b)
	if anyA > 0 {
		return Manifold{}, false
	}
	sepB, faceB, anyB := maxSeparation(b, a)
	if anyB > 0 {
		return Manifold{}, false
	}
	if faceA < 0 && faceB < 0 {
		// Every candidate was masked: fall back to all faces.
		am, bm := a.mask, b.mask
		a.mask, b.mask = 0xff, 0xff
		m, ok := collidePolys(a, b)
		a.mask, b.mask = am, bm
		return m, ok
	}
	ref, inc := a, b
	face, sep := faceA, sepA
	flip := false
	if faceA < 0 || sepB > sepA {
		ref, inc, face, sep, flip = b, a, faceB, sepB, true
	}
	n := ref.nrm[face]
	// Incident face: the face of inc most anti-parallel to n.
	incFace, minDot := 0, math.Inf(1)
	for i := 0; i < inc.n; i++ {
		if d := inc.nrm[i].Dot(n); d < minDot {
			minDot, incFace = d, i
		}
	}
	w1, w2 := inc.v[incFace], inc.v[(incFace+1)%inc.n]
	v1, v2 := ref.v[face], ref.v[(face+1)%ref.n]
	t := v2.Sub(v1)
	tl := length(t)
	t = t.Scale(1 / tl)
	// Clip the incident segment to the reference face's extent along t.
	lo, hi := 0.0, tl
	s1, s2 := t.Dot(w1.Sub(v1)), t.Dot(w2.Sub(v1))
	c1, c2 := w1, w2
	if s1 != s2 {
		if s1 < lo && s2 >= lo || s2 < lo && s1 >= lo {
			q := w1.Lerp(w2, (lo-s1)/(s2-s1))
			if s1 < lo {
				c1 = q
			} else {
				c2 = q
			}
		}
		s1, s2 = t.Dot(c1.Sub(v1)), t.Dot(c2.Sub(v1))
		if s1 > hi && s2 <= hi || s2 > hi && s1 <= hi {
			q := c1.Lerp(c2, (hi-s1)/(s2-s1))
			if s1 > hi {
				c1 = q
			} else {
				c2 = q
			}
		}
	}
	var sum mathx.Vec2
	cnt := 0
	for _, c := range [2]mathx.Vec2{c1, c2} {
		d := n.Dot(c.Sub(v1))
		if d <= 0 {
			sum = sum.Add(c.Sub(n.Scale(d / 2)))
			cnt++
		}
	}
	var p mathx.Vec2
	if cnt > 0 {
		p = sum.Scale(1 / float64(cnt))
	} else {
		// Numerically no clipped point is below the face: use the deepest vertex.
		deep, dd := inc.v[0], math.Inf(1)
		for i := 0; i < inc.n; i++ {
			if d := n.Dot(inc.v[i].Sub(v1)); d < dd {
				dd, deep = d, inc.v[i]
			}
		}
		p = deep.Sub(n.Scale(dd / 2))
	}
	if flip {
		n = neg(n)
	}
	return Manifold{Normal: n, Depth: -sep, Point: p}, true
}

// collideWall collides wall polygon wp (with its face mask) against shape s
// placed by x; the normal points from the wall to the shape.
func collideWall(wp *poly, s *Shape, x xform) (Manifold, bool) {
	switch s.kind {
	case KindCircle:
		return collidePolyCircle(wp, x.p, s.radius)
	case KindCapsule:
		b0, b1 := s.segment(x)
		return collidePolyCapsule(wp, b0, b1, s.radius)
	case KindPolygon:
		var bp poly
		s.worldPoly(x, &bp)
		return collidePolys(wp, &bp)
	}
	return Manifold{}, false
}
