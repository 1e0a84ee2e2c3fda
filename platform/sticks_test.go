package platform

import (
	"math"
	"testing"

	"diorama/internal/testenv"
	"diorama/mathx"
)

// ReadSticks: keys move and aim (normalized, arrows fire), a gamepad's
// sticks win over keys past their dead zones, touch sticks win over both;
// a touch aim short of TouchFire aims without firing.
func TestReadSticks(t *testing.T) {
	in := NewInput(800, 480)
	left, right := TwinSticks(800, 480, 50)
	in.Push(Event{Kind: KeyDown, Key: KeyW})
	in.Push(Event{Kind: KeyDown, Key: KeyD})
	in.Push(Event{Kind: KeyDown, Key: KeyArrowLeft})
	s := ReadSticks(in, &left, &right)
	h := 1 / math.Sqrt2
	if !s.Move.ApproxEqual(mathx.V2(h, -h), 1e-12) || s.Aim != mathx.V2(-1, 0) || !s.Fire {
		t.Fatalf("keys: %+v", s)
	}
	var raw RawGamepad
	raw.Connected = true
	raw.Axes[AxisLeftX], raw.Axes[AxisLeftY] = 0.05, 0 // inside the dead zone: keys keep moving
	raw.Axes[AxisRightX], raw.Axes[AxisRightY] = 0, 0.8
	in.SetGamepad(0, raw)
	s = ReadSticks(in, nil, nil)
	if !s.Move.ApproxEqual(mathx.V2(h, -h), 1e-12) || !s.Aim.ApproxEqual(mathx.V2(0, 1), 1e-12) || !s.Fire {
		t.Fatalf("gamepad: %+v", s)
	}
	in.EndTick()
	in.Push(Event{Kind: TouchDown, Pointer: 1, X: 100, Y: 300})
	in.Push(Event{Kind: TouchMove, Pointer: 1, X: 100, Y: 350}) // full down
	in.Push(Event{Kind: TouchDown, Pointer: 2, X: 600, Y: 300})
	in.Push(Event{Kind: TouchMove, Pointer: 2, X: 610, Y: 300}) // a fifth of the radius
	s = ReadSticks(in, &left, &right)
	if !s.Move.ApproxEqual(mathx.V2(0, 1), 1e-12) || !s.Aim.ApproxEqual(mathx.V2(1, 0), 1e-12) || s.Fire {
		t.Fatalf("touch: %+v", s)
	}
	if n := testenv.AllocsOver(100, func() { ReadSticks(in, &left, &right) }); n != 0 {
		t.Errorf("%v allocations in 100 reads", n)
	}
}
