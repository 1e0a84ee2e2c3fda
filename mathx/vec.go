package mathx

import (
	"fmt"
	"math"
)

// Vec2 is a 2D vector or point with float64 components.
type Vec2 struct{ X, Y float64 }

// V2 is shorthand for Vec2{x, y}.
func V2(x, y float64) Vec2 { return Vec2{x, y} }

// FromAngle returns the unit vector at angle a radians from +X toward +Y.
func FromAngle(a float64) Vec2 {
	s, c := Sincos(a)
	return Vec2{c, s}
}

func (v Vec2) Add(w Vec2) Vec2       { return Vec2{v.X + w.X, v.Y + w.Y} }
func (v Vec2) Sub(w Vec2) Vec2       { return Vec2{v.X - w.X, v.Y - w.Y} }
func (v Vec2) Scale(s float64) Vec2  { return Vec2{float64(v.X * s), float64(v.Y * s)} }
func (v Vec2) Mul(w Vec2) Vec2       { return Vec2{float64(v.X * w.X), float64(v.Y * w.Y)} }
func (v Vec2) Neg() Vec2             { return Vec2{-v.X, -v.Y} }
func (v Vec2) Dot(w Vec2) float64    { return float64(v.X*w.X) + float64(v.Y*w.Y) }
func (v Vec2) Len() float64          { return Hypot(v.X, v.Y) }
func (v Vec2) LenSq() float64        { return float64(v.X*v.X) + float64(v.Y*v.Y) }
func (v Vec2) Dist(w Vec2) float64   { return v.Sub(w).Len() }
func (v Vec2) DistSq(w Vec2) float64 { return v.Sub(w).LenSq() }
func (v Vec2) Lerp(w Vec2, t float64) Vec2 {
	return Vec2{v.X + float64((w.X-v.X)*t), v.Y + float64((w.Y-v.Y)*t)}
}

// Cross returns the z component of the 3D cross product v × w: positive
// when w is counter-clockwise from v (in a Y-up frame).
func (v Vec2) Cross(w Vec2) float64 { return float64(v.X*w.Y) - float64(v.Y*w.X) }

// Perp returns v rotated by +90°: (-Y, X).
func (v Vec2) Perp() Vec2 { return Vec2{-v.Y, v.X} }

// Angle returns the angle of v from +X in (-π, π].
func (v Vec2) Angle() float64 { return Atan2(v.Y, v.X) }

// Rotate returns v rotated by a radians.
func (v Vec2) Rotate(a float64) Vec2 {
	s, c := Sincos(a)
	return Vec2{float64(v.X*c) - float64(v.Y*s), float64(v.X*s) + float64(v.Y*c)}
}

// Unit returns v scaled to unit length, or the zero vector when v is zero
// or not finite.
func (v Vec2) Unit() Vec2 {
	l := v.Len()
	if l == 0 || !IsFinite(l) {
		return Vec2{}
	}
	return Vec2{v.X / l, v.Y / l}
}

// ClampLen returns v shortened to at most max length; direction is kept.
func (v Vec2) ClampLen(max float64) Vec2 {
	l2 := v.LenSq()
	if l2 <= max*max {
		return v
	}
	if max <= 0 {
		return Vec2{}
	}
	return v.Scale(max / math.Sqrt(l2))
}

// IsFinite reports whether both components are finite.
func (v Vec2) IsFinite() bool { return IsFinite(v.X) && IsFinite(v.Y) }

// ApproxEqual reports whether every component is within eps (see
// [ApproxEqual]).
func (v Vec2) ApproxEqual(w Vec2, eps float64) bool {
	return ApproxEqual(v.X, w.X, eps) && ApproxEqual(v.Y, w.Y, eps)
}

func (v Vec2) String() string { return fmt.Sprintf("(%g,%g)", v.X, v.Y) }

// Vec3 is a 3D vector or point with float64 components. In world space the
// engine uses X and Y on the ground plane and Z for height.
type Vec3 struct{ X, Y, Z float64 }

// V3 is shorthand for Vec3{x, y, z}.
func V3(x, y, z float64) Vec3 { return Vec3{x, y, z} }

func (v Vec3) Add(w Vec3) Vec3 { return Vec3{v.X + w.X, v.Y + w.Y, v.Z + w.Z} }
func (v Vec3) Sub(w Vec3) Vec3 { return Vec3{v.X - w.X, v.Y - w.Y, v.Z - w.Z} }
func (v Vec3) Scale(s float64) Vec3 {
	return Vec3{float64(v.X * s), float64(v.Y * s), float64(v.Z * s)}
}
func (v Vec3) Neg() Vec3           { return Vec3{-v.X, -v.Y, -v.Z} }
func (v Vec3) Dot(w Vec3) float64  { return float64(v.X*w.X) + float64(v.Y*w.Y) + float64(v.Z*w.Z) }
func (v Vec3) LenSq() float64      { return v.Dot(v) }
func (v Vec3) Len() float64        { return math.Sqrt(v.LenSq()) }
func (v Vec3) Dist(w Vec3) float64 { return v.Sub(w).Len() }
func (v Vec3) XY() Vec2            { return Vec2{v.X, v.Y} }
func (v Vec3) Lerp(w Vec3, t float64) Vec3 {
	return Vec3{v.X + float64((w.X-v.X)*t), v.Y + float64((w.Y-v.Y)*t), v.Z + float64((w.Z-v.Z)*t)}
}

// Cross returns the cross product v × w.
func (v Vec3) Cross(w Vec3) Vec3 {
	return Vec3{float64(v.Y*w.Z) - float64(v.Z*w.Y), float64(v.Z*w.X) - float64(v.X*w.Z), float64(v.X*w.Y) - float64(v.Y*w.X)}
}

// Unit returns v scaled to unit length, or zero when v is zero or not
// finite.
func (v Vec3) Unit() Vec3 {
	l := v.Len()
	if l == 0 || !IsFinite(l) {
		return Vec3{}
	}
	return v.Scale(1 / l)
}

// IsFinite reports whether all components are finite.
func (v Vec3) IsFinite() bool { return IsFinite(v.X) && IsFinite(v.Y) && IsFinite(v.Z) }

func (v Vec3) String() string { return fmt.Sprintf("(%g,%g,%g)", v.X, v.Y, v.Z) }
