package physics

import (
	"math"
	"testing"

	"diorama/mathx"
)

func TestCastExact(t *testing.T) {
	box := mathx.AABB{Min: v(-1, -1), Max: v(1, 1)}
	cases := []struct {
		name   string
		p, d   mathx.Vec2
		r      float64
		hit    bool
		t      float64
		normal mathx.Vec2
	}{
		{"ray hits left face", v(-10, 0), v(20, 0), 0, true, 0.45, v(-1, 0)},
		{"circle hits left face", v(-10, 0), v(20, 0), 1, true, 0.4, v(-1, 0)},
		{"circle hits top face", v(0.5, -10), v(0, 20), 2, true, 0.35, v(0, -1)},
		{"circle grazes bottom face exactly", v(-10, 2), v(20, 0), 1, true, 0.45, v(0, 1)},
		{"ray stops short", v(-10, 0), v(8, 0), 0, false, 0, v(0, 0)},
		{"ray ends on face", v(-10, 0), v(9, 0), 0, true, 1, v(-1, 0)},
		{"moving away", v(-10, 0), v(-5, 0), 1, false, 0, v(0, 0)},
		{"parallel miss", v(-10, 3), v(20, 0), 1, false, 0, v(0, 0)},
		{"starts inside", v(0.5, 0), v(20, 0), 0, true, 0, v(1, 0)},
		{"starts overlapping", v(1.5, 0), v(20, 0), 1, true, 0, v(1, 0)},
		// Diagonal into the corner (1,1): circle radius 1 centre on the
		// diagonal touches when its centre is √2/... at distance 1 from it.
		{"corner", v(5, 5), v(-8, -8), 1, true, (4 - 1/math.Sqrt2) / 8, v(1/math.Sqrt2, 1/math.Sqrt2)},
		{"corner zone miss", v(1.3, -2.5), v(1, 1), 1, false, 0, v(0, 0)},
		{"corner zone hit", v(1.9, -5), v(0, 10), 1, true, (4 - math.Sqrt(1-0.81)) / 10, v(0.9, -math.Sqrt(1-0.81))},
	}
	boxShape := mustBox(t, 1, 1)
	for _, c := range cases {
		h, ok := castCircleBox(c.p, c.d, c.r, box)
		if ok != c.hit || (ok && (math.Abs(h.t-c.t) > 1e-12 || !h.n.ApproxEqual(c.normal, 1e-12))) {
			t.Errorf("%s: box cast = %+v %v, want t=%v n=%v %v", c.name, h, ok, c.t, c.normal, c.hit)
		}
		var a poly
		boxShape.worldPoly(makeXform(v(0, 0), 0), &a)
		h2, ok2 := castCirclePoly(c.p, c.d, c.r, &a)
		if ok2 != c.hit || (ok2 && (math.Abs(h2.t-c.t) > 1e-12 || !h2.n.ApproxEqual(c.normal, 1e-12))) {
			t.Errorf("%s: polygon cast = %+v %v, want t=%v n=%v %v", c.name, h2, ok2, c.t, c.normal, c.hit)
		}
	}
	// Circle against circle: centre distance 10, radii 1+2, speed 10/step.
	h, ok := castCircleCircle(v(0, 0), v(10, 0), 1, v(10, 0), 2)
	if !ok || h.t != 0.7 || h.n != v(-1, 0) {
		t.Errorf("circle–circle cast = %+v %v, want t=0.7 n=(-1,0)", h, ok)
	}
}

// TestCastAgreesWithOverlap checks every cast against the discrete test:
// at the reported time the shapes touch, and slightly earlier they do not.
func TestCastAgreesWithOverlap(t *testing.T) {
	r := mathx.NewRand(3)
	shapes := []Shape{mustCircle(t, 2), mustBox(t, 2, 1), mustBox(t, 0.5, 3),
		mustPoly(t, v(0, -2), v(2, 1), v(-2, 1))}
	hits := 0
	for it := 0; it < 3000; it++ {
		s := shapes[r.IntN(len(shapes))]
		ang := 0.0
		if r.Bool() {
			ang = r.Angle()
		}
		p := r.InCircle(12)
		d := r.InCircle(30)
		rad := []float64{0, 0.5, 2}[r.IntN(3)]
		tt, n, ok := castCircle(p, d, rad, s, v(0, 0), ang)
		probe := func(f float64) bool {
			c := p.Add(d.Scale(f))
			if rad == 0 {
				return distToShape(c, &s, makeXform(v(0, 0), ang)) <= 1e-9
			}
			_, hit := Collide(s, v(0, 0), ang, mustCircle(t, rad), c, 0)
			return hit
		}
		if !ok {
			// Sample the path: it must never touch.
			for k := 0; k <= 200; k++ {
				if probe(float64(k) / 200) {
					if dd := distToShape(p.Add(d.Scale(float64(k)/200)), &s, makeXform(v(0, 0), ang)); dd < rad-1e-9 {
						t.Fatalf("cast missed but the path overlaps at %v (p=%v d=%v r=%v)", float64(k)/200, p, d, rad)
					}
				}
			}
			continue
		}
		hits++
		if math.Abs(n.Len()-1) > 1e-9 {
			t.Fatalf("normal %v not unit", n)
		}
		cAt := p.Add(d.Scale(tt))
		if dist := distToShape(cAt, &s, makeXform(v(0, 0), ang)); tt > 0 && math.Abs(dist-rad) > 1e-7 {
			t.Fatalf("at t=%v the centre is %v from the shape, want %v (p=%v d=%v)", tt, dist, rad, p, d)
		}
		if tt > 1e-6 {
			early := p.Add(d.Scale(tt - 1e-6))
			if dist := distToShape(early, &s, makeXform(v(0, 0), ang)); dist < rad-1e-9 {
				t.Fatalf("overlapping before the reported t=%v", tt)
			}
		}
	}
	if hits < 300 {
		t.Fatalf("only %d hits exercised", hits)
	}
}

func TestCastCircleBadInput(t *testing.T) {
	s := mustCircle(t, 1)
	nan := math.NaN()
	for _, c := range [][3]mathx.Vec2{{v(nan, 0), v(1, 0), v(0, 0)}, {v(0, 0), v(math.Inf(1), 0), v(0, 0)}, {v(0, 0), v(1, 0), v(nan, 0)}} {
		if _, _, ok := castCircle(c[0], c[1], 0, s, c[2], 0); ok {
			t.Errorf("non-finite cast %v hit", c)
		}
	}
	if _, _, ok := castCircle(v(-5, 0), v(10, 0), -1, s, v(0, 0), 0); ok {
		t.Error("negative radius cast hit")
	}
}
