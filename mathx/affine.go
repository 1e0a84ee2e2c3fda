package mathx

import "math"

// Affine2 is a 2×3 affine matrix
//
//	| A B C |
//	| D E F |
//
// mapping (x, y) to (A·x + B·y + C, D·x + E·y + F). The zero value is not
// the identity; use [Identity].
type Affine2 struct{ A, B, C, D, E, F float64 }

// Identity returns the identity transform.
func Identity() Affine2 { return Affine2{A: 1, E: 1} }

// Translate returns the translation by (x, y).
func Translate(x, y float64) Affine2 { return Affine2{A: 1, C: x, E: 1, F: y} }

// ScaleXY returns the scaling by (sx, sy) about the origin.
func ScaleXY(sx, sy float64) Affine2 { return Affine2{A: sx, E: sy} }

// Rotate returns the rotation by a radians about the origin (from +X
// toward +Y).
func Rotate(a float64) Affine2 {
	s, c := Sincos(a)
	return Affine2{A: c, B: -s, D: s, E: c}
}

// Mul returns the transform that applies n first, then m: m·n.
func (m Affine2) Mul(n Affine2) Affine2 {
	return Affine2{
		A: float64(m.A*n.A) + float64(m.B*n.D),
		B: float64(m.A*n.B) + float64(m.B*n.E),
		C: float64(m.A*n.C) + float64(m.B*n.F) + m.C,
		D: float64(m.D*n.A) + float64(m.E*n.D),
		E: float64(m.D*n.B) + float64(m.E*n.E),
		F: float64(m.D*n.C) + float64(m.E*n.F) + m.F,
	}
}

// Then returns the transform that applies m first, then n: n·m.
func (m Affine2) Then(n Affine2) Affine2 { return n.Mul(m) }

// Apply transforms the point p.
func (m Affine2) Apply(p Vec2) Vec2 {
	return Vec2{float64(m.A*p.X) + float64(m.B*p.Y) + m.C, float64(m.D*p.X) + float64(m.E*p.Y) + m.F}
}

// ApplyVec transforms the direction v (no translation).
func (m Affine2) ApplyVec(v Vec2) Vec2 {
	return Vec2{float64(m.A*v.X) + float64(m.B*v.Y), float64(m.D*v.X) + float64(m.E*v.Y)}
}

// Det returns the determinant of the linear part.
func (m Affine2) Det() float64 { return float64(m.A*m.E) - float64(m.B*m.D) }

// IsFinite reports whether every coefficient is finite.
func (m Affine2) IsFinite() bool {
	return IsFinite(m.A) && IsFinite(m.B) && IsFinite(m.C) && IsFinite(m.D) && IsFinite(m.E) && IsFinite(m.F)
}

// Invert returns the inverse transform. ok is false, and the identity is
// returned, when m is singular (|det| below 1e-12) or not finite.
func (m Affine2) Invert() (inv Affine2, ok bool) {
	det := m.Det()
	if !m.IsFinite() || math.Abs(det) < 1e-12 || !IsFinite(1/det) {
		return Identity(), false
	}
	id := 1 / det
	inv.A = float64(m.E * id)
	inv.B = float64(-m.B * id)
	inv.D = float64(-m.D * id)
	inv.E = float64(m.A * id)
	inv.C = -(float64(inv.A*m.C) + float64(inv.B*m.F))
	inv.F = -(float64(inv.D*m.C) + float64(inv.E*m.F))
	return inv, true
}

// TransformBox returns the AABB of the four transformed corners of b.
func (m Affine2) TransformBox(b AABB) AABB {
	return BoxOf(m.Apply(b.Min), m.Apply(Vec2{b.Max.X, b.Min.Y}), m.Apply(b.Max), m.Apply(Vec2{b.Min.X, b.Max.Y}))
}
