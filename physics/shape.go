package physics

import (
	"errors"
	"fmt"
	"math"

	"diorama/mathx"
)

// MaxPolygonVertices is the most vertices a convex polygon may have. Shapes
// are plain values with fixed-size storage, so they never allocate.
const MaxPolygonVertices = 8

// maxExtent bounds every coordinate and size the package accepts; larger
// values are rejected as absurd (they would overflow grid cell arithmetic).
const maxExtent = 1e9

// ShapeKind tells a circle from a convex polygon.
type ShapeKind uint8

// Shape kinds.
const (
	// KindCircle is a circle centred on the body position.
	KindCircle ShapeKind = iota + 1
	// KindPolygon is a convex polygon (axis-aligned box, oriented box or
	// general) in body-local coordinates.
	KindPolygon
	// KindCapsule is a segment grown by a radius (NewCapsule).
	KindCapsule
)

// Shape is a collision shape in body-local coordinates. Build one with
// NewCircle, NewBox, NewOrientedBox or NewPolygon; the zero Shape is
// invalid and is rejected by Space.CreateBody.
//
// Polygon vertices are stored counter-clockwise in the mathematical sense:
// positive signed area, (b-a)×(c-b) > 0 at every vertex. In the engine's
// y-down screen coordinates such a polygon appears clockwise on screen.
type Shape struct {
	kind   ShapeKind
	n      uint8
	box    bool    // an axis-aligned box centred on the origin
	radius float64 // circle radius
	bound  float64 // radius of the bounding circle around the local origin
	core   float64 // radius of a circle around the local origin that lies inside the shape (0 if none)
	v      [MaxPolygonVertices]mathx.Vec2
	nrm    [MaxPolygonVertices]mathx.Vec2 // outward unit normal of edge v[i]→v[i+1]
}

// Kind returns the shape kind, 0 for the zero Shape.
func (s Shape) Kind() ShapeKind { return s.kind }

// Radius returns a circle's or capsule's radius, 0 for polygons.
func (s Shape) Radius() float64 { return s.radius }

// Vertices returns a copy of a polygon's local vertices (CCW), nil for
// circles and capsules.
func (s Shape) Vertices() []mathx.Vec2 {
	if s.kind != KindPolygon {
		return nil
	}
	out := make([]mathx.Vec2, s.n)
	copy(out, s.v[:s.n])
	return out
}

// BoundingRadius returns the radius of the smallest circle centred on the
// body origin that contains the shape.
func (s Shape) BoundingRadius() float64 { return s.bound }

// Errors returned by the shape constructors.
var (
	ErrBadSize     = errors.New("physics: size must be finite and > 0")
	ErrTooFew      = errors.New("physics: polygon needs at least 3 vertices")
	ErrTooMany     = fmt.Errorf("physics: polygon has more than %d vertices", MaxPolygonVertices)
	ErrNotFinite   = errors.New("physics: value is NaN, infinite or absurdly large")
	ErrClockwise   = errors.New("physics: polygon is clockwise (negative signed area); give vertices counter-clockwise")
	ErrNotConvex   = errors.New("physics: polygon is not convex")
	ErrDegenerate  = errors.New("physics: polygon is degenerate (repeated or collinear vertices, or zero area)")
	ErrEmptyShape  = errors.New("physics: zero Shape; build it with NewCircle, NewBox, NewOrientedBox or NewPolygon")
	ErrBadMass     = errors.New("physics: dynamic body mass must be finite and > 0")
	ErrBadPosition = errors.New("physics: position, angle or velocity is NaN, infinite or absurdly large")
)

// finite reports whether f is a number within ±maxExtent (|NaN| <= x is
// false).
func finite(f float64) bool { return math.Abs(f) <= maxExtent }

func finiteVec(v mathx.Vec2) bool { return finite(v.X) && finite(v.Y) }

func validSize(f float64) bool { return finite(f) && f > 0 }

// NewCircle returns a circle of radius r centred on the body origin.
func NewCircle(r float64) (Shape, error) {
	if !validSize(r) {
		return Shape{}, fmt.Errorf("%w: circle radius %v", ErrBadSize, r)
	}
	return Shape{kind: KindCircle, radius: r, bound: r, core: r}, nil
}

// NewBox returns an axis-aligned box with half-extents hw, hh centred on the
// body origin. It rotates with the body.
func NewBox(hw, hh float64) (Shape, error) {
	if !validSize(hw) || !validSize(hh) {
		return Shape{}, fmt.Errorf("%w: box half extents %v×%v", ErrBadSize, hw, hh)
	}
	s, err := NewPolygon([]mathx.Vec2{{X: -hw, Y: -hh}, {X: hw, Y: -hh}, {X: hw, Y: hh}, {X: -hw, Y: hh}})
	s.box = err == nil
	return s, err
}

// NewOrientedBox returns a box with half-extents hw, hh whose centre sits at
// center in body coordinates, rotated by angle radians relative to the body.
func NewOrientedBox(hw, hh float64, center mathx.Vec2, angle float64) (Shape, error) {
	if !validSize(hw) || !validSize(hh) {
		return Shape{}, fmt.Errorf("%w: box half extents %v×%v", ErrBadSize, hw, hh)
	}
	if !finiteVec(center) || !finite(angle) {
		return Shape{}, fmt.Errorf("%w: oriented box centre %v angle %v", ErrNotFinite, center, angle)
	}
	s, c := mathx.Sincos(angle)
	pts := [4]mathx.Vec2{{X: -hw, Y: -hh}, {X: hw, Y: -hh}, {X: hw, Y: hh}, {X: -hw, Y: hh}}
	for i, p := range pts {
		pts[i] = mathx.Vec2{X: float64(c*p.X) - float64(s*p.Y) + center.X, Y: float64(s*p.X) + float64(c*p.Y) + center.Y}
	}
	sh, err := NewPolygon(pts[:])
	sh.box = err == nil && angle == 0 && center == (mathx.Vec2{})
	return sh, err
}

// NewPolygon validates and returns a convex polygon with 3 to
// MaxPolygonVertices vertices given counter-clockwise (positive signed area).
// Clockwise, non-convex, collinear, repeated or non-finite vertices are
// errors; nothing is reordered silently.
func NewPolygon(pts []mathx.Vec2) (Shape, error) {
	n := len(pts)
	if n < 3 {
		return Shape{}, ErrTooFew
	}
	if n > MaxPolygonVertices {
		return Shape{}, ErrTooMany
	}
	var s Shape
	s.kind = KindPolygon
	s.n = uint8(n)
	var scale float64
	for i, p := range pts {
		if !finiteVec(p) {
			return Shape{}, fmt.Errorf("%w: vertex %d = %v", ErrNotFinite, i, p)
		}
		s.v[i] = p
		scale = math.Max(scale, math.Max(math.Abs(p.X), math.Abs(p.Y)))
	}
	var area2 float64
	for i := 0; i < n; i++ {
		area2 += s.v[i].Cross(s.v[(i+1)%n])
	}
	// Tolerance relative to the polygon's coordinate scale.
	eps := 1e-12 * math.Max(scale*scale, 1e-300)
	if math.Abs(area2) <= eps {
		return Shape{}, ErrDegenerate
	}
	sign := 0
	for i := 0; i < n; i++ {
		a, b, c := s.v[i], s.v[(i+1)%n], s.v[(i+2)%n]
		e := b.Sub(a)
		if e.LenSq() <= eps {
			return Shape{}, fmt.Errorf("%w: vertices %d and %d coincide", ErrDegenerate, i, (i+1)%n)
		}
		cr := e.Cross(c.Sub(b))
		switch {
		case math.Abs(cr) <= eps:
			return Shape{}, fmt.Errorf("%w: vertices %d,%d,%d are collinear", ErrDegenerate, i, (i+1)%n, (i+2)%n)
		case cr > 0:
			if sign < 0 {
				return Shape{}, ErrNotConvex
			}
			sign = 1
		default:
			if sign > 0 {
				return Shape{}, ErrNotConvex
			}
			sign = -1
		}
	}
	if area2 < 0 {
		if sign < 0 {
			return Shape{}, ErrClockwise
		}
		return Shape{}, ErrNotConvex
	}
	if sign < 0 {
		return Shape{}, ErrNotConvex
	}
	// A convex polygon winds once: the edge directions turn by exactly 2π.
	var turn float64
	for i := 0; i < n; i++ {
		e0 := s.v[(i+1)%n].Sub(s.v[i])
		e1 := s.v[(i+2)%n].Sub(s.v[(i+1)%n])
		turn += mathx.Atan2(e0.Cross(e1), e0.Dot(e1))
	}
	if math.Abs(turn-2*math.Pi) > 1e-6 {
		return Shape{}, ErrNotConvex
	}
	s.core = math.Inf(1)
	for i := 0; i < n; i++ {
		e := s.v[(i+1)%n].Sub(s.v[i])
		l := e.Len()
		s.nrm[i] = mathx.Vec2{X: 0 + e.Y/l, Y: 0 - e.X/l} // 0± avoids negative zeros
		// Distance from the origin to the edge's line (positive when inside).
		s.core = math.Min(s.core, s.nrm[i].Dot(s.v[i]))
		s.bound = math.Max(s.bound, s.v[i].Len())
	}
	if s.core < 0 {
		s.core = 0
	}
	return s, nil
}

// xform is a body transform: translation p and rotation (c, s).
type xform struct {
	p    mathx.Vec2
	c, s float64
}

func makeXform(p mathx.Vec2, angle float64) xform {
	if angle == 0 {
		return xform{p: p, c: 1}
	}
	s, c := mathx.Sincos(angle)
	return xform{p: p, c: c, s: s}
}

func (x xform) apply(v mathx.Vec2) mathx.Vec2 {
	return mathx.Vec2{X: float64(x.c*v.X) - float64(x.s*v.Y) + x.p.X, Y: float64(x.s*v.X) + float64(x.c*v.Y) + x.p.Y}
}

func (x xform) rot(v mathx.Vec2) mathx.Vec2 {
	return mathx.Vec2{X: float64(x.c*v.X) - float64(x.s*v.Y), Y: float64(x.s*v.X) + float64(x.c*v.Y)}
}

// poly is a polygon in world space. mask bit i set means face i may serve as
// the collision normal (tile walls clear the bits of faces buried in other
// solid tiles, so bodies never catch on the seams).
type poly struct {
	n    int
	mask uint8
	v    [MaxPolygonVertices]mathx.Vec2
	nrm  [MaxPolygonVertices]mathx.Vec2
}

func (s *Shape) worldPoly(x xform, out *poly) {
	out.n = int(s.n)
	out.mask = 0xff
	if x.s == 0 && x.c == 1 {
		for i := 0; i < out.n; i++ {
			out.v[i] = s.v[i].Add(x.p)
			out.nrm[i] = s.nrm[i]
		}
		return
	}
	for i := 0; i < out.n; i++ {
		out.v[i] = x.apply(s.v[i])
		out.nrm[i] = x.rot(s.nrm[i])
	}
}

// boxPoly fills out with the AABB b as a polygon: faces 0 top (-y), 1 right
// (+x), 2 bottom (+y), 3 left (-x).
func boxPoly(b mathx.AABB, mask uint8, out *poly) {
	out.n = 4
	out.mask = mask
	out.v[0] = b.Min
	out.v[1] = mathx.Vec2{X: b.Max.X, Y: b.Min.Y}
	out.v[2] = b.Max
	out.v[3] = mathx.Vec2{X: b.Min.X, Y: b.Max.Y}
	out.nrm[0] = mathx.Vec2{X: 0, Y: -1}
	out.nrm[1] = mathx.Vec2{X: 1, Y: 0}
	out.nrm[2] = mathx.Vec2{X: 0, Y: 1}
	out.nrm[3] = mathx.Vec2{X: -1, Y: 0}
}

// aabb returns the world bounding box of s under x.
func (s *Shape) aabb(x xform) mathx.AABB {
	if s.kind == KindCircle {
		r := mathx.Vec2{X: s.radius, Y: s.radius}
		return mathx.AABB{Min: x.p.Sub(r), Max: x.p.Add(r)}
	}
	if s.kind == KindCapsule {
		a, b := s.segment(x)
		return segBox(a, b).Expand(s.radius)
	}
	p := x.apply(s.v[0])
	b := mathx.AABB{Min: p, Max: p}
	for i := 1; i < int(s.n); i++ {
		p = x.apply(s.v[i])
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
	return b
}

// length is |v| without math.Hypot's overflow care (coordinates are
// bounded by maxExtent, so the squares cannot overflow).
func length(v mathx.Vec2) float64 { return math.Sqrt(float64(v.X*v.X) + float64(v.Y*v.Y)) }

// neg returns -v without producing negative zeros (0 - x rather than -x),
// so reported normals print and compare cleanly.
func neg(v mathx.Vec2) mathx.Vec2 { return mathx.Vec2{X: 0 - v.X, Y: 0 - v.Y} }
