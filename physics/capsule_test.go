package physics

import (
	"errors"
	"math"
	"testing"

	"diorama/mathx"
)

func mustCapsule(t testing.TB, h, r float64) Shape {
	t.Helper()
	s, err := NewCapsule(h, r)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestCapsulePairs(t *testing.T) {
	cap21 := mustCapsule(t, 2, 1)
	c1 := mustCircle(t, 1)
	box21 := mustBox(t, 2, 1)
	cases := []collideCase{
		{name: "capsule–circle side", a: cap21, b: c1, pb: v(0, 1.5), hit: true, normal: v(0, 1), depth: 0.5, point: v(0, 0.75), checkPoint: true},
		{name: "capsule–circle end", a: cap21, b: c1, pb: v(3.5, 0), hit: true, normal: v(1, 0), depth: 0.5, point: v(2.75, 0), checkPoint: true},
		{name: "capsule–circle touching", a: cap21, b: c1, pb: v(-4, 0), hit: true, normal: v(-1, 0), depth: 0, point: v(-3, 0), checkPoint: true},
		{name: "capsule–circle apart", a: cap21, b: c1, pb: v(0, 2.01)},
		{name: "circle–capsule", a: c1, pa: v(0, -1.5), b: cap21, hit: true, normal: v(0, 1), depth: 0.5, point: v(0, -0.75), checkPoint: true},
		{name: "rotated capsule end", a: cap21, angA: math.Pi / 2, b: c1, pb: v(0, 3.5), hit: true, normal: v(0, 1), depth: 0.5, tol: 1e-12},
		{name: "parallel capsules", a: cap21, b: cap21, pb: v(1, 1.5), hit: true, normal: v(0, 1), depth: 0.5, point: v(0.5, 0.75), checkPoint: true},
		{name: "capsules end to end", a: cap21, b: cap21, pb: v(5.5, 0), hit: true, normal: v(1, 0), depth: 0.5, point: v(2.75, 0), checkPoint: true},
		{name: "crossing capsules", a: cap21, b: cap21, pb: v(0, 0.5), angB: math.Pi / 2, hit: true, normal: v(0, 1), depth: 3.5, tol: 1e-12},
		{name: "capsules apart", a: cap21, b: cap21, pb: v(0, 2.001)},
		{name: "box–capsule face", a: box21, b: cap21, pb: v(0, 1.5), hit: true, normal: v(0, 1), depth: 0.5, point: v(0, 0.75), checkPoint: true},
		{name: "box–capsule corner touching", a: box21, b: cap21, pb: v(4.6, 1.8), hit: true, normal: v(0.6, 0.8), depth: 0, point: v(2, 1), tol: 1e-12, checkPoint: true},
		{name: "box–capsule corner", a: box21, b: mustCapsule(t, 2, 1.5), pb: v(4.6, 1.8), hit: true, normal: v(0.6, 0.8), depth: 0.5, point: v(1.85, 0.8), tol: 1e-12, checkPoint: true},
		{name: "box–capsule apart", a: box21, b: cap21, pb: v(0, 2.0001)},
		{name: "box–capsule deep", a: box21, b: cap21, pb: v(0, 0.5), hit: true, normal: v(0, 1), depth: 1.5},
		{name: "capsule–box", a: cap21, pa: v(0, -1.5), b: box21, hit: true, normal: v(0, 1), depth: 0.5, point: v(0, -0.75), checkPoint: true},
	}
	checkCollide(t, cases, "crossing capsules") // both cores' normals tie there
}

func TestCapsulePushAndCast(t *testing.T) {
	r := mathx.NewRand(21)
	shapes := []Shape{mustCapsule(t, 2, 1), mustCapsule(t, 0.5, 2), mustCircle(t, 1.5), mustBox(t, 2, 1),
		mustPoly(t, v(0, -2), v(2, 1), v(-2, 1))}
	checked := 0
	for it := 0; it < 4000; it++ {
		a, b := shapes[r.IntN(len(shapes))], shapes[r.IntN(len(shapes))]
		if a.kind != KindCapsule && b.kind != KindCapsule {
			continue
		}
		pa, pb := r.InCircle(3), r.InCircle(3)
		angA, angB := r.Angle(), r.Angle()
		m, ok := Collide(a, pa, angA, b, pb, angB)
		if !ok {
			// Separated: the distance between the shapes is positive, so
			// sampling B's boundary never finds a point inside A.
			continue
		}
		checked++
		if m.Depth < 0 || math.Abs(m.Normal.Len()-1) > 1e-9 || !m.Point.IsFinite() {
			t.Fatalf("bad manifold %+v", m)
		}
		moved := pb.Add(m.Normal.Scale(m.Depth + 1e-7))
		if m2, ok := Collide(a, pa, angA, b, moved, angB); ok && m2.Depth > 1e-9 {
			t.Fatalf("%v vs %v at %v,%v angles %v,%v: after the push still overlapping by %v (%+v)", a.kind, b.kind, pa, pb, angA, angB, m2.Depth, m)
		}
	}
	if checked < 300 {
		t.Fatalf("only %d capsule overlaps checked", checked)
	}
	// Casts against a capsule agree with the distance.
	s := mustCapsule(t, 2, 1)
	for it := 0; it < 2000; it++ {
		p, d := r.InCircle(10), r.InCircle(20)
		ang := r.Angle()
		rad := []float64{0, 0.5, 1.5}[r.IntN(3)]
		tt, n, ok := castCircle(p, d, rad, s, v(0, 0), ang)
		x := makeXform(v(0, 0), ang)
		if !ok {
			for k := 0; k <= 100; k++ {
				if distToShape(p.Add(d.Scale(float64(k)/100)), &s, x) < rad-1e-9 {
					t.Fatalf("cast missed but the path overlaps")
				}
			}
			continue
		}
		if math.Abs(n.Len()-1) > 1e-9 {
			t.Fatalf("normal %v", n)
		}
		if dd := distToShape(p.Add(d.Scale(tt)), &s, x); tt > 0 && math.Abs(dd-rad) > 1e-7 {
			t.Fatalf("at t=%v distance %v, want %v", tt, dd, rad)
		}
	}
	// Exact casts.
	if tt, n, ok := castCircle(v(0, -10), v(0, 20), 0, s, v(0, 0), 0); !ok || tt != 0.45 || n != v(0, -1) {
		t.Errorf("ray onto the side: %v %v %v", tt, n, ok)
	}
	if tt, n, ok := castCircle(v(-10, 0), v(20, 0), 0, s, v(0, 0), 0); !ok || tt != 0.35 || n != v(-1, 0) {
		t.Errorf("ray onto the end: %v %v %v", tt, n, ok)
	}
}

func TestCapsuleInWorld(t *testing.T) {
	if _, err := NewCapsule(0, 1); !errors.Is(err, ErrBadSize) {
		t.Errorf("zero-length capsule err %v", err)
	}
	if _, err := NewCapsule(1, math.NaN()); !errors.Is(err, ErrBadSize) {
		t.Errorf("NaN radius err %v", err)
	}
	// A capsule body driven fast into a thin wall stays on its side, and
	// bullets and rays hit it.
	w := newTestWorld(t, SpaceDef{})
	_, _ = w.AddWall(mathx.AABB{Min: v(-50, 10), Max: v(50, 11)}, 0)
	id, err := w.CreateBody(BodyDef{Type: Dynamic, Shape: mustCapsule(t, 4, 2), Mass: 1, Position: v(0, -20), Velocity: v(0, 6000)})
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 10; i++ {
		w.Step(1.0 / 60)
	}
	if p := w.Position(id); math.Abs(p.Y-8) > 1e-9 || p.X != 0 {
		t.Errorf("capsule at %v, want resting at (0,8) on the wall", p)
	}
	h, ok := w.RayCast(v(-30, 8), v(30, 8), QueryFilter{})
	if !ok || h.Body != id || !h.Point.ApproxEqual(v(-6, 8), 1e-9) {
		t.Errorf("ray hit %+v %v", h, ok)
	}
	if got := w.OverlapBox(mathx.AABB{Min: v(5, 7), Max: v(6, 9)}, QueryFilter{}, nil); len(got) != 1 || got[0].Body != id {
		t.Errorf("overlap %+v", got)
	}
	if _, d, ok := w.Nearest(v(0, -10), 100, QueryFilter{}); !ok || math.Abs(d-16) > 1e-9 {
		t.Errorf("nearest distance %v", d)
	}
}
