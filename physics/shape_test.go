package physics

import (
	"errors"
	"math"
	"testing"

	"diorama/mathx"
)

func v(x, y float64) mathx.Vec2 { return mathx.Vec2{X: x, Y: y} }

func TestNewPolygonValidation(t *testing.T) {
	nan, inf := math.NaN(), math.Inf(1)
	cases := []struct {
		name string
		pts  []mathx.Vec2
		want error
	}{
		{"ccw square", []mathx.Vec2{v(0, 0), v(1, 0), v(1, 1), v(0, 1)}, nil},
		{"ccw triangle", []mathx.Vec2{v(0, 0), v(2, 0), v(1, 3)}, nil},
		{"clockwise square", []mathx.Vec2{v(0, 0), v(0, 1), v(1, 1), v(1, 0)}, ErrClockwise},
		{"clockwise triangle", []mathx.Vec2{v(0, 0), v(1, 3), v(2, 0)}, ErrClockwise},
		{"two points", []mathx.Vec2{v(0, 0), v(1, 0)}, ErrTooFew},
		{"nine points", make([]mathx.Vec2, 9), ErrTooMany},
		{"collinear", []mathx.Vec2{v(0, 0), v(1, 0), v(2, 0)}, ErrDegenerate},
		{"collinear middle vertex", []mathx.Vec2{v(0, 0), v(1, 0), v(2, 0), v(2, 2), v(0, 2)}, ErrDegenerate},
		{"repeated vertex", []mathx.Vec2{v(0, 0), v(1, 0), v(1, 0), v(1, 1), v(0, 1)}, ErrDegenerate},
		{"all same", []mathx.Vec2{v(1, 1), v(1, 1), v(1, 1)}, ErrDegenerate},
		{"concave", []mathx.Vec2{v(0, 0), v(2, 0), v(1, 0.5), v(2, 2), v(0, 2)}, ErrNotConvex},
		{"pentagram", []mathx.Vec2{
			mathx.FromAngle(0), mathx.FromAngle(4 * math.Pi / 5), mathx.FromAngle(8 * math.Pi / 5),
			mathx.FromAngle(12 * math.Pi / 5), mathx.FromAngle(16 * math.Pi / 5)}, ErrNotConvex},
		{"NaN", []mathx.Vec2{v(0, 0), v(nan, 0), v(1, 1)}, ErrNotFinite},
		{"Inf", []mathx.Vec2{v(0, 0), v(1, 0), v(1, inf)}, ErrNotFinite},
		{"absurd", []mathx.Vec2{v(0, 0), v(1e12, 0), v(1, 1)}, ErrNotFinite},
	}
	for _, c := range cases {
		s, err := NewPolygon(c.pts)
		if !errors.Is(err, c.want) {
			t.Errorf("%s: err = %v, want %v", c.name, err, c.want)
		}
		if err != nil && s.Kind() != 0 {
			t.Errorf("%s: returned a non-zero shape with an error", c.name)
		}
	}
}

func TestPolygonNormalsAndRadii(t *testing.T) {
	s, err := NewBox(2, 1)
	if err != nil {
		t.Fatal(err)
	}
	want := []mathx.Vec2{v(0, -1), v(1, 0), v(0, 1), v(-1, 0)}
	for i, n := range want {
		if s.nrm[i] != n {
			t.Errorf("normal %d = %v, want %v", i, s.nrm[i], n)
		}
	}
	if s.core != 1 || s.bound != math.Sqrt(5) || !s.box {
		t.Errorf("core %v bound %v box %v, want 1, √5, true", s.core, s.bound, s.box)
	}
	tri, _ := NewPolygon([]mathx.Vec2{v(1, 1), v(3, 1), v(2, 3)}) // origin outside
	if tri.core != 0 {
		t.Errorf("core of polygon not containing the origin = %v, want 0", tri.core)
	}
	got := s.Vertices()
	got[0] = v(99, 99) // a copy: must not change the shape
	if s.v[0] != v(-2, -1) {
		t.Error("Vertices returned internal storage")
	}
}

func TestShapeConstructorErrors(t *testing.T) {
	for _, r := range []float64{0, -1, math.NaN(), math.Inf(1), 1e12} {
		if _, err := NewCircle(r); !errors.Is(err, ErrBadSize) {
			t.Errorf("NewCircle(%v) err = %v", r, err)
		}
		if _, err := NewBox(r, 1); !errors.Is(err, ErrBadSize) {
			t.Errorf("NewBox(%v,1) err = %v", r, err)
		}
		if _, err := NewOrientedBox(1, r, v(0, 0), 0); !errors.Is(err, ErrBadSize) {
			t.Errorf("NewOrientedBox(1,%v) err = %v", r, err)
		}
	}
	if _, err := NewOrientedBox(1, 1, v(0, math.NaN()), 0); !errors.Is(err, ErrNotFinite) {
		t.Errorf("NaN centre err = %v", err)
	}
	if _, err := NewOrientedBox(1, 1, v(0, 0), math.Inf(-1)); !errors.Is(err, ErrNotFinite) {
		t.Errorf("Inf angle err = %v", err)
	}
	ob, err := NewOrientedBox(1, 2, v(3, 0), math.Pi/2)
	if err != nil {
		t.Fatal(err)
	}
	b := ob.aabb(makeXform(v(0, 0), 0))
	if !b.Min.ApproxEqual(v(1, -1), 1e-12) || !b.Max.ApproxEqual(v(5, 1), 1e-12) {
		t.Errorf("oriented box bounds %v..%v, want (1,-1)..(5,1)", b.Min, b.Max)
	}
}

func FuzzNewPolygon(f *testing.F) {
	f.Add(0.0, 0.0, 1.0, 0.0, 1.0, 1.0, 0.0, 1.0)
	f.Add(0.0, 0.0, 0.0, 1.0, 1.0, 1.0, 1.0, 0.0)
	f.Add(0.0, 0.0, 1.0, 0.0, 2.0, 0.0, 3.0, 0.0)
	f.Add(math.NaN(), 0.0, 1.0, 0.0, 1.0, 1.0, 0.0, 1.0)
	f.Fuzz(func(t *testing.T, a, b, c, d, e, g, h, k float64) {
		pts := []mathx.Vec2{v(a, b), v(c, d), v(e, g), v(h, k)}
		s, err := NewPolygon(pts)
		if err != nil {
			return
		}
		// A valid polygon is convex and CCW with unit normals, and every
		// vertex lies on or behind every face.
		for i := 0; i < int(s.n); i++ {
			if l := s.nrm[i].Len(); math.Abs(l-1) > 1e-9 {
				t.Fatalf("normal %d length %v", i, l)
			}
			for j := 0; j < int(s.n); j++ {
				if d := s.nrm[i].Dot(s.v[j].Sub(s.v[i])); d > 1e-6*math.Max(1, s.bound*s.bound) {
					t.Fatalf("vertex %d in front of face %d by %v: %v", j, i, d, pts)
				}
			}
		}
		// Colliding it with itself must not produce NaN.
		m, ok := Collide(s, v(0, 0), 0, s, v(0.5, 0.25), 0.3)
		if ok && (math.IsNaN(m.Depth) || !m.Normal.IsFinite() || !m.Point.IsFinite()) {
			t.Fatalf("NaN manifold %+v", m)
		}
	})
}
