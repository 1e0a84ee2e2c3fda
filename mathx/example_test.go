package mathx_test

import (
	"fmt"
	"math"

	"diorama/mathx"
)

func ExampleAffine2_Invert() {
	m := mathx.Translate(10, 0).Mul(mathx.Rotate(math.Pi / 2))
	inv, _ := m.Invert()
	p := m.Apply(mathx.V2(1, 0))
	q := inv.Apply(p)
	fmt.Printf("%.3f %.3f\n", p.X, p.Y)
	fmt.Printf("%.3f %.3f\n", q.X, q.Y)
	// Output:
	// 10.000 1.000
	// 1.000 0.000
}

func ExampleQuadBezier_Flatten() {
	q := mathx.QuadBezier{P0: mathx.V2(0, 0), P1: mathx.V2(50, 100), P2: mathx.V2(100, 0)}
	pts := q.Flatten(1, nil)
	fmt.Println(pts[0], pts[len(pts)-1], len(pts) > 2)
	// Output: (0,0) (100,0) true
}

func ExampleAngleDiff() {
	fmt.Printf("%.0f\n", mathx.ToDeg(mathx.AngleDiff(mathx.Deg(350), mathx.Deg(10))))
	// Output: 20
}

func ExampleRand() {
	a, b := mathx.NewRand(7), mathx.NewRand(7)
	fmt.Println(a.IntN(100) == b.IntN(100))
	// Output: true
}

// The engine's Sincos, Atan2 and Exp return the same bits on every
// platform, so a simulation can hash them; math's may differ in the last
// bit between amd64, arm64 and wasm builds.
func ExampleSincos() {
	s, c := mathx.Sincos(1)
	a := mathx.Atan2(s, c)
	fmt.Printf("%#x %#x\n", math.Float64bits(s), math.Float64bits(c))
	fmt.Println(a == 1, mathx.Exp(1)) // fdlibm's e^1, one ulp above math.E
	// Output:
	// 0x3feaed548f090cee 0x3fe14a280fb5068c
	// true 2.7182818284590455
}
