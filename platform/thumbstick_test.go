package platform

import (
	"math"
	"testing"

	"diorama/mathx"
)

func TestThumbstickClamp(t *testing.T) {
	left, right := TwinSticks(800, 480, 50)
	in := NewInput(800, 480)
	// Finger 1 lands on the left half, finger 2 on the right half.
	in.Push(Event{Kind: TouchDown, Pointer: 1, X: 100, Y: 300})
	in.Push(Event{Kind: TouchDown, Pointer: 2, X: 600, Y: 300})
	in.Push(Event{Kind: TouchMove, Pointer: 1, X: 130, Y: 340}) // (30,40): length 50, on the rim
	in.Push(Event{Kind: TouchMove, Pointer: 2, X: 600, Y: 200}) // (0,-100): clamped to (0,-50)
	left.Update(in)
	right.Update(in)
	if v := left.Vector(); v != mathx.V2(30, 40) {
		t.Fatalf("left vector %v", v)
	}
	if v := left.Value(); !v.ApproxEqual(mathx.V2(0.6, 0.8), 1e-12) {
		t.Fatalf("left value %v", v)
	}
	if v := right.Vector(); v != mathx.V2(0, -50) {
		t.Fatalf("right vector %v", v)
	}
	g := right.Geometry()
	if !g.Active || g.Center != mathx.V2(600, 300) || g.Knob != mathx.V2(600, 250) || g.Radius != 50 || g.KnobRadius != 25 {
		t.Fatalf("right geometry %+v", g)
	}
	in.EndTick()
	// Finger 1 slides onto the right half: still the left stick's finger.
	in.Push(Event{Kind: TouchMove, Pointer: 1, X: 700, Y: 300})
	in.Push(Event{Kind: TouchUp, Pointer: 2, X: 600, Y: 200})
	left.Update(in)
	right.Update(in)
	if v := left.Vector(); !v.ApproxEqual(mathx.V2(50, 0), 1e-12) {
		t.Fatalf("left followed its finger badly: %v", v)
	}
	if right.Active() || right.Vector() != (mathx.Vec2{}) || right.Value() != (mathx.Vec2{}) {
		t.Fatal("right stick still active after lift")
	}
	if g := right.Geometry(); g.Active || g.Center != mathx.V2(600, 240) || g.Knob != g.Center {
		t.Fatalf("resting geometry %+v", g)
	}
	// A third finger on the left half does not steal the left stick.
	if left.Handle(Event{Kind: TouchDown, Pointer: 9, X: 10, Y: 10}) {
		t.Fatal("second finger stole the stick")
	}
}

// Property: for any pointer position the vector is never longer than the
// radius and points from the neutral point towards the pointer.
func TestThumbstickClampProperty(t *testing.T) {
	r := mathx.NewRand(8)
	for i := 0; i < 2000; i++ {
		s := Thumbstick{Area: mathx.AABB{Max: mathx.V2(400, 480)}, Radius: 1 + r.Float64()*100}
		n := mathx.V2(r.Float64()*400, r.Float64()*480)
		p := mathx.V2(r.Range(-1000, 1000), r.Range(-1000, 1000))
		s.Handle(Event{Kind: TouchDown, Pointer: 0, X: n.X, Y: n.Y})
		s.Handle(Event{Kind: TouchMove, Pointer: 0, X: p.X, Y: p.Y})
		v := s.Vector()
		d := p.Sub(n)
		if v.Len() > s.Radius*(1+1e-12) || s.Value().Len() > 1+1e-12 {
			t.Fatalf("vector %v longer than radius %g", v, s.Radius)
		}
		if d.Len() <= s.Radius && v != d {
			t.Fatalf("inside the radius the vector must be exact: %v vs %v", v, d)
		}
		if math.Abs(v.Cross(d)) > 1e-9*d.Len()*s.Radius || v.Dot(d) < 0 {
			t.Fatalf("direction changed: %v vs %v", v, d)
		}
	}
}

func TestThumbstickMouseAndEdges(t *testing.T) {
	left, right := TwinSticks(800, 480, 40)
	// A press exactly on the dividing line belongs to the right stick only.
	ev := Event{Kind: MouseDown, Button: MouseLeft, Pointer: MousePointer, X: 400, Y: 10}
	if left.Handle(ev) || !right.Handle(ev) {
		t.Fatal("dividing line claimed by the wrong stick")
	}
	right.Handle(Event{Kind: MouseMove, X: 410, Y: 10})
	if right.Vector() != mathx.V2(10, 0) {
		t.Fatalf("mouse drag %v", right.Vector())
	}
	right.Handle(Event{Kind: MouseUp, Button: MouseRight, X: 410, Y: 10}) // other button: no release
	if !right.Active() {
		t.Fatal("right button released the stick")
	}
	right.Handle(Event{Kind: FocusLost})
	if right.Active() {
		t.Fatal("focus loss kept the stick")
	}
	var zero Thumbstick
	if zero.Handle(Event{Kind: TouchDown, X: 0, Y: 0}) || zero.Handle(Event{Kind: TouchDown, X: math.NaN()}) {
		t.Fatal("zero stick activated")
	}
}

func TestFixedThumbstick(t *testing.T) {
	s := Thumbstick{Area: mathx.AABB{Max: mathx.V2(200, 200)}, Radius: 30, Fixed: true, Center: mathx.V2(60, 140)}
	if g := s.Geometry(); g.Center != mathx.V2(60, 140) || g.Knob != g.Center || g.Active {
		t.Fatalf("resting fixed stick %+v", g)
	}
	// A finger landing 10 px right of the printed centre already pushes right.
	s.Handle(Event{Kind: TouchDown, Pointer: 2, X: 70, Y: 140})
	if v := s.Vector(); v != mathx.V2(10, 0) {
		t.Fatalf("fixed stick on touch-down: %v", v)
	}
	s.Handle(Event{Kind: TouchMove, Pointer: 2, X: 60, Y: 40}) // 100 up: clamped to 30
	if v, g := s.Vector(), s.Geometry(); v != mathx.V2(0, -30) || g.Center != mathx.V2(60, 140) || g.Knob != mathx.V2(60, 110) {
		t.Fatalf("fixed stick drag: %v %+v", v, g)
	}
}
