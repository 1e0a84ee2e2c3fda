package platform

import (
	"math"
	"testing"

	"diorama/mathx"
)

func TestRadialDeadZone(t *testing.T) {
	cases := []struct {
		in, want mathx.Vec2
	}{
		{mathx.V2(0, 0), mathx.V2(0, 0)},
		{mathx.V2(0.1, 0.1), mathx.V2(0, 0)},                       // |v| = 0.141 < 0.15
		{mathx.V2(0.15, 0), mathx.V2(0, 0)},                        // on the inner edge
		{mathx.V2(0.55, 0), mathx.V2(0.5, 0)},                      // halfway from 0.15 to 0.95
		{mathx.V2(0, -0.95), mathx.V2(0, -1)},                      // outer edge: full scale
		{mathx.V2(0.8, 0.8), mathx.V2(math.Sqrt2/2, math.Sqrt2/2)}, // beyond: unit, same direction
		{mathx.V2(math.NaN(), 0), mathx.V2(0, 0)},
		{mathx.V2(math.Inf(1), 0), mathx.V2(0, 0)},
	}
	for _, c := range cases {
		got := radialDeadZone(c.in, 0.15, 0.95)
		if !got.ApproxEqual(c.want, 1e-12) {
			t.Errorf("radialDeadZone(%v) = %v, want %v", c.in, got, c.want)
		}
	}
	// Property: output length is monotone in input length, never above 1,
	// and the direction is kept.
	prev := 0.0
	for i := 0; i <= 200; i++ {
		m := float64(i) / 150
		v := mathx.V2(m*0.6, -m*0.8)
		out := radialDeadZone(v, 0.15, 0.95)
		if l := out.Len(); l < prev-1e-12 || l > 1+1e-12 {
			t.Fatalf("length %g at input %g (prev %g)", l, m, prev)
		} else {
			prev = l
		}
		if out.Len() > 0 && math.Abs(out.Unit().Cross(v.Unit())) > 1e-12 {
			t.Fatalf("direction changed at %g", m)
		}
	}
}

func TestAxisDeadZone(t *testing.T) {
	cases := []struct{ in, want float64 }{
		{0, 0}, {0.04, 0}, {-0.05, 0}, {0.525, 0.5}, {-0.525, -0.5}, {1, 1}, {2, 1}, {math.NaN(), 0},
	}
	for _, c := range cases {
		if got := axisDeadZone(c.in, 0.05, 1); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("axisDeadZone(%g) = %g, want %g", c.in, got, c.want)
		}
	}
	if got := axisDeadZone(0.5, 0.3, 0.3); got != 1 { // degenerate zone: a step
		t.Errorf("degenerate zone: %g", got)
	}
}

func TestSetGamepad(t *testing.T) {
	in := NewInput(100, 100)
	var raw RawGamepad
	raw.Connected = true
	raw.Axes = [AxisCount]float64{0.1, 0, 0.55, 0, 0.525, 1}
	raw.Buttons[PadA] = true
	in.SetGamepad(1, raw)
	p := in.Gamepad(1)
	if !p.Connected || p.Left != (mathx.Vec2{}) || !p.Right.ApproxEqual(mathx.V2(0.5, 0), 1e-12) ||
		math.Abs(p.LeftTrigger-0.5) > 1e-12 || p.RightTrigger != 1 {
		t.Fatalf("pad after dead zones: %+v", p)
	}
	if !p.Down(PadA) || !p.Pressed(PadA) || p.Released(PadA) || p.Down(PadB) {
		t.Fatalf("button A edges wrong: %+v", p)
	}
	in.EndTick()
	in.SetGamepad(1, raw)
	if p := in.Gamepad(1); !p.Down(PadA) || p.Pressed(PadA) {
		t.Fatal("held A re-pressed on the next tick")
	}
	raw.Buttons[PadA] = false
	in.SetGamepad(1, raw)
	if p := in.Gamepad(1); p.Down(PadA) || !p.Released(PadA) {
		t.Fatal("A release not seen")
	}
	in.EndTick()
	raw.Buttons[PadStart] = true
	in.SetGamepad(1, raw)
	in.SetGamepad(1, RawGamepad{}) // unplugged in the same tick: held Start reads released
	if p := in.Gamepad(1); p.Connected || p.Down(PadStart) || !p.Released(PadStart) {
		t.Fatalf("disconnect: %+v", p)
	}
	if p := in.Gamepad(7); p.Connected {
		t.Fatal("out-of-range pad connected")
	}
}
