package fuzzy

import (
	"fmt"
	"math"
)

// Shape is the kind of a membership function.
type Shape uint8

// The membership shapes.
const (
	ShapeTriangle Shape = iota + 1
	ShapeTrapezoid
	ShapeLeftShoulder
	ShapeRightShoulder
	ShapeSingleton
)

var shapeNames = [...]string{"", "triangle", "trapezoid", "leftshoulder", "rightshoulder", "singleton"}

// String returns the shape's name in the text format.
func (s Shape) String() string {
	if int(s) < len(shapeNames) && s != 0 {
		return shapeNames[s]
	}
	return "invalid"
}

// nparams is how many of A, B, C, D each shape uses.
func (s Shape) nparams() int {
	switch s {
	case ShapeTrapezoid:
		return 4
	case ShapeSingleton:
		return 1
	}
	return 3
}

// Set is a membership function given by up to four breakpoints A ≤ B ≤ C
// ≤ D (see the constructors for each shape's meaning).
type Set struct {
	Shape      Shape
	A, B, C, D float64
}

// Triangle rises from 0 at a to 1 at b and falls to 0 at c. Its
// representative value is b.
func Triangle(a, b, c float64) Set { return Set{Shape: ShapeTriangle, A: a, B: b, C: c} }

// Trapezoid rises from 0 at a to 1 at b, stays 1 to c and falls to 0 at
// d. Its representative value is (b+c)/2.
func Trapezoid(a, b, c, d float64) Set {
	return Set{Shape: ShapeTrapezoid, A: a, B: b, C: c, D: d}
}

// LeftShoulder is 1 up to peak and falls linearly to 0 at right; it stays
// 1 for everything below peak. min marks where the plateau starts for the
// representative value (min+peak)/2, as in Buckland's shoulder sets
// given by a peak and offsets (peak 0, right offset 1 is
// LeftShoulder(0, 0, 1)).
func LeftShoulder(min, peak, right float64) Set {
	return Set{Shape: ShapeLeftShoulder, A: min, B: peak, C: right}
}

// RightShoulder is 0 up to left, rises linearly to 1 at peak and stays 1
// beyond. max marks where the plateau ends for the representative value
// (peak+max)/2 (Buckland's shoulder with peak 1 and left offset 1 is
// RightShoulder(0, 1, 1)).
func RightShoulder(left, peak, max float64) Set {
	return Set{Shape: ShapeRightShoulder, A: left, B: peak, C: max}
}

// Singleton is 1 at exactly v and 0 elsewhere. Its representative value
// is v.
func Singleton(v float64) Set { return Set{Shape: ShapeSingleton, A: v} }

// params returns the breakpoints the shape uses.
func (s Set) params() []float64 {
	p := []float64{s.A, s.B, s.C, s.D}
	return p[:s.Shape.nparams()]
}

// MaxMagnitude bounds breakpoints and ranges, so sums in defuzzification
// cannot overflow.
const MaxMagnitude = 1e12

// Validate reports a set with an unknown shape, a non-finite breakpoint or
// one beyond ±MaxMagnitude, breakpoints out of order or (for triangles and
// trapezoids) zero width.
func (s Set) Validate() error {
	if s.Shape < ShapeTriangle || s.Shape > ShapeSingleton {
		return fmt.Errorf("invalid shape %d", s.Shape)
	}
	p := s.params()
	for i, v := range p {
		if !(math.Abs(v) <= MaxMagnitude) {
			return fmt.Errorf("%s: breakpoint %d (%g) is not a finite number within ±%g", s.Shape, i+1, v, MaxMagnitude)
		}
		if i > 0 && v < p[i-1] {
			return fmt.Errorf("%s: breakpoints must not decrease (%g after %g)", s.Shape, v, p[i-1])
		}
	}
	if (s.Shape == ShapeTriangle || s.Shape == ShapeTrapezoid) && p[0] == p[len(p)-1] {
		return fmt.Errorf("%s has zero width; use a singleton", s.Shape)
	}
	return nil
}

// DOM returns the degree of membership of x, in [0, 1]; 0 for NaN.
func (s Set) DOM(x float64) float64 {
	if math.IsNaN(x) {
		return 0
	}
	switch s.Shape {
	case ShapeTriangle:
		return rise(x, s.A, s.B) * fall(x, s.B, s.C)
	case ShapeTrapezoid:
		return rise(x, s.A, s.B) * fall(x, s.C, s.D)
	case ShapeLeftShoulder:
		return fall(x, s.B, s.C)
	case ShapeRightShoulder:
		return rise(x, s.A, s.B)
	case ShapeSingleton:
		if x == s.A {
			return 1
		}
	}
	return 0
}

// rise is 0 for x ≤ a (x < a when a == b), 1 for x ≥ b, linear between.
func rise(x, a, b float64) float64 {
	switch {
	case x >= b:
		return 1
	case x <= a:
		return 0
	}
	return (x - a) / (b - a)
}

// fall is 1 for x ≤ b, 0 for x ≥ c (x > c when b == c), linear between.
func fall(x, b, c float64) float64 {
	switch {
	case x <= b:
		return 1
	case x >= c:
		return 0
	}
	return (c - x) / (c - b)
}

// Representative returns the value that stands for the set in
// average-of-maxima defuzzification: the middle of its plateau.
func (s Set) Representative() float64 {
	switch s.Shape {
	case ShapeTriangle:
		return s.B
	case ShapeTrapezoid:
		return (s.B + s.C) / 2
	case ShapeLeftShoulder:
		return (s.A + s.B) / 2
	case ShapeRightShoulder:
		return (s.B + s.C) / 2
	}
	return s.A
}

// cut returns the interval where the set's membership is at least h
// (0 < h ≤ 1), with shoulders extended to lo and hi.
func (s Set) cut(h, lo, hi float64) (float64, float64) {
	switch s.Shape {
	case ShapeTriangle:
		return s.A + h*(s.B-s.A), s.C - h*(s.C-s.B)
	case ShapeTrapezoid:
		return s.A + h*(s.B-s.A), s.D - h*(s.D-s.C)
	case ShapeLeftShoulder:
		return lo, s.C - h*(s.C-s.B)
	case ShapeRightShoulder:
		return s.A + h*(s.B-s.A), hi
	}
	return s.A, s.A
}

// extent returns the interval outside which the set is 0 (shoulders: the
// breakpoints given).
func (s Set) extent() (float64, float64) {
	p := s.params()
	return p[0], p[len(p)-1]
}

// Very is the concentration hedge x². Like Buckland's it is plain
// arithmetic (Very(9) = 81); in rules it only ever sees degrees in [0, 1].
func Very(x float64) float64 { return x * x }

// Fairly is the dilation hedge √x (Fairly(9) = 3).
func Fairly(x float64) float64 { return math.Sqrt(x) }

// And is fuzzy AND: the minimum. It returns 0 if either is NaN.
func And(a, b float64) float64 {
	if !(a == a && b == b) {
		return 0
	}
	return math.Min(a, b)
}

// Or is fuzzy OR: the maximum, ignoring a NaN operand (0 if both are).
func Or(a, b float64) float64 {
	switch {
	case a != a && b != b:
		return 0
	case a != a:
		return b
	case b != b:
		return a
	}
	return math.Max(a, b)
}

// Not is fuzzy NOT: 1-x.
func Not(x float64) float64 { return 1 - x }
