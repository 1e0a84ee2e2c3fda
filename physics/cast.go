package physics

import (
	"math"

	"diorama/mathx"
)

// castHit is the result of sweeping a circle (centre p, radius r) along d.
// t is the fraction of d travelled at first contact (0 when the circle
// already overlaps the target), n the unit surface normal of the target at
// the contact, pointing back toward the caster.
type castHit struct {
	t float64
	n mathx.Vec2
}

// backDir is the normal reported for a cast that starts overlapping with no
// better direction: opposite to the motion, or -Y when there is no motion.
func backDir(d mathx.Vec2) mathx.Vec2 {
	if l := length(d); l > 0 {
		return d.Scale(-1 / l)
	}
	return mathx.Vec2{Y: -1}
}

// castCircleCircle sweeps circle (p, r) along d against a circle (c, R).
func castCircleCircle(p, d mathx.Vec2, r float64, c mathx.Vec2, rr float64) (castHit, bool) {
	rs := r + rr
	m := p.Sub(c)
	cc := m.LenSq() - float64(rs*rs)
	if cc <= 0 {
		l := length(m)
		if l > 0 {
			return castHit{0, m.Scale(1 / l)}, true
		}
		return castHit{0, backDir(d)}, true
	}
	b := m.Dot(d)
	if b >= 0 {
		return castHit{}, false
	}
	a := d.LenSq()
	disc := float64(b*b) - float64(a*cc)
	if disc < 0 {
		return castHit{}, false
	}
	t := (-b - math.Sqrt(disc)) / a
	if t > 1 {
		return castHit{}, false
	}
	if t < 0 {
		t = 0
	}
	h := m.Add(d.Scale(t))
	l := length(h)
	if l == 0 {
		return castHit{t, backDir(d)}, true
	}
	return castHit{t, h.Scale(1 / l)}, true
}

// castCircleBox sweeps circle (p, r) along d against an axis-aligned box: a
// slab test against the box grown by r, then the corner circle when the
// entry lies in a corner zone (the rounded box is convex, so a ray that
// enters the grown box in a corner zone and misses that corner's circle
// misses the rounded box).
func castCircleBox(p, d mathx.Vec2, r float64, b mathx.AABB) (castHit, bool) {
	// Overlap at the start?
	q := mathx.Vec2{X: mathx.Clamp(p.X, b.Min.X, b.Max.X), Y: mathx.Clamp(p.Y, b.Min.Y, b.Max.Y)}
	off := p.Sub(q)
	if off.LenSq() <= r*r {
		if q != p {
			return castHit{0, off.Unit()}, true
		}
		// Centre inside: least-penetrated face.
		n := mathx.Vec2{Y: -1}
		best := p.Y - b.Min.Y
		if v := b.Max.X - p.X; v < best {
			best, n = v, mathx.Vec2{X: 1}
		}
		if v := b.Max.Y - p.Y; v < best {
			best, n = v, mathx.Vec2{Y: 1}
		}
		if v := p.X - b.Min.X; v < best {
			n = mathx.Vec2{X: -1}
		}
		return castHit{0, n}, true
	}
	minX, maxX := b.Min.X-r, b.Max.X+r
	minY, maxY := b.Min.Y-r, b.Max.Y+r
	tmin, tmax := math.Inf(-1), math.Inf(1)
	var nx, ny float64
	if d.X == 0 {
		if p.X < minX || p.X > maxX {
			return castHit{}, false
		}
	} else {
		inv := 1 / d.X
		t1, t2 := (minX-p.X)*inv, (maxX-p.X)*inv
		n := -1.0
		if t1 > t2 {
			t1, t2, n = t2, t1, 1
		}
		tmin, tmax, nx = t1, t2, n
	}
	if d.Y == 0 {
		if p.Y < minY || p.Y > maxY {
			return castHit{}, false
		}
	} else {
		inv := 1 / d.Y
		t1, t2 := (minY-p.Y)*inv, (maxY-p.Y)*inv
		n := -1.0
		if t1 > t2 {
			t1, t2, n = t2, t1, 1
		}
		if t1 > tmin {
			tmin, nx, ny = t1, 0, n
		}
		if t2 < tmax {
			tmax = t2
		}
	}
	if tmin > tmax || tmin > 1 || tmax < 0 {
		return castHit{}, false
	}
	if tmin < 0 {
		tmin = 0
	}
	h := p.Add(d.Scale(tmin))
	inX := h.X >= b.Min.X && h.X <= b.Max.X
	inY := h.Y >= b.Min.Y && h.Y <= b.Max.Y
	if (nx != 0 && inY) || (ny != 0 && inX) {
		return castHit{tmin, mathx.Vec2{X: nx, Y: ny}}, true
	}
	// Corner zone: the nearest box corner to the entry point.
	c := b.Min
	if h.X > b.Max.X {
		c.X = b.Max.X
	} else if h.X >= b.Min.X {
		c.X = mathx.Clamp(h.X, b.Min.X, b.Max.X)
	}
	if h.Y > b.Max.Y {
		c.Y = b.Max.Y
	} else if h.Y >= b.Min.Y {
		c.Y = mathx.Clamp(h.Y, b.Min.Y, b.Max.Y)
	}
	return castCircleCircle(p, d, r, c, 0)
}

// castCirclePoly sweeps circle (p, r) along d against a convex polygon:
// the earliest of the faces pushed out by r and the vertex circles.
func castCirclePoly(p, d mathx.Vec2, r float64, a *poly) (castHit, bool) {
	if m, ok := collidePolyCircle(a, p, r); ok {
		return castHit{0, m.Normal}, true
	}
	best := castHit{t: math.Inf(1)}
	for i := 0; i < a.n; i++ {
		n := a.nrm[i]
		dn := n.Dot(d)
		if dn >= 0 {
			continue
		}
		s := n.Dot(p.Sub(a.v[i]))
		t := (r - s) / dn
		if t < 0 || t > 1 || t >= best.t {
			continue
		}
		h := p.Add(d.Scale(t))
		e := a.v[(i+1)%a.n].Sub(a.v[i])
		u := h.Sub(a.v[i]).Dot(e)
		if u >= 0 && u <= e.LenSq() {
			best = castHit{t, n}
		}
	}
	if r > 0 {
		for i := 0; i < a.n; i++ {
			if h, ok := castCircleCircle(p, d, r, a.v[i], 0); ok && h.t < best.t {
				best = h
			}
		}
	}
	return best, best.t <= 1
}

// castShape sweeps circle (p, r) along d against shape s placed by x.
func castShape(p, d mathx.Vec2, r float64, s *Shape, x xform) (castHit, bool) {
	if s.kind == KindCircle {
		return castCircleCircle(p, d, r, x.p, s.radius)
	}
	if s.kind == KindCapsule {
		a, b := s.segment(x)
		return castCircleCapsule(p, d, r, a, b, s.radius)
	}
	if s.box && x.s == 0 && x.c == 1 {
		return castCircleBox(p, d, r, mathx.AABB{Min: s.v[0].Add(x.p), Max: s.v[2].Add(x.p)})
	}
	var a poly
	s.worldPoly(x, &a)
	return castCirclePoly(p, d, r, &a)
}

// castCircle sweeps a circle of radius r (0 for a ray) from p along d
// against shape s at pos rotated by angle. It returns the fraction of d at
// first contact (0 when already overlapping), the unit surface normal there
// (pointing back toward the caster) and whether it hit within d.
func castCircle(p, d mathx.Vec2, r float64, s Shape, pos mathx.Vec2, angle float64) (t float64, normal mathx.Vec2, hit bool) {
	if !finiteVec(p) || !finiteVec(d) || !finite(r) || r < 0 || !finiteVec(pos) || !finite(angle) {
		return 0, mathx.Vec2{}, false
	}
	h, ok := castShape(p, d, r, &s, makeXform(pos, angle))
	return h.t, h.n, ok
}
