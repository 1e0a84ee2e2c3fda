package platform

import (
	"math"
	"testing"

	"diorama/internal/testenv"
)

func TestKeyEdges(t *testing.T) {
	in := NewInput(800, 480)
	in.Push(Event{Kind: KeyDown, Key: KeyW})
	in.Push(Event{Kind: KeyDown, Key: KeyW}) // repeat: ignored, not logged
	if !in.KeyDown(KeyW) || !in.KeyPressed(KeyW) || in.KeyReleased(KeyW) || len(in.Events()) != 1 {
		t.Fatalf("after press: down %v pressed %v released %v events %d",
			in.KeyDown(KeyW), in.KeyPressed(KeyW), in.KeyReleased(KeyW), len(in.Events()))
	}
	in.EndTick()
	if !in.KeyDown(KeyW) || in.KeyPressed(KeyW) || len(in.Events()) != 0 {
		t.Fatal("held key: pressed edge survived the tick")
	}
	// Tap within one tick: both edges, not held.
	in.Push(Event{Kind: KeyDown, Key: KeySpace})
	in.Push(Event{Kind: KeyUp, Key: KeySpace})
	if in.KeyDown(KeySpace) || !in.KeyPressed(KeySpace) || !in.KeyReleased(KeySpace) {
		t.Fatal("tap within one tick lost")
	}
	in.Push(Event{Kind: KeyUp, Key: KeyZ}) // never down: ignored
	if in.KeyReleased(KeyZ) || len(in.Events()) != 2 {
		t.Fatalf("spurious release: %v", in.Events())
	}
	for _, k := range []Key{KeyUnknown, KeyCount, 200} {
		in.Push(Event{Kind: KeyDown, Key: k})
		if in.KeyDown(k) {
			t.Fatalf("invalid key %v held", k)
		}
	}
}

func TestMouseAndWheel(t *testing.T) {
	in := NewInput(320, 240)
	in.Push(Event{Kind: MouseMove, Pointer: MousePointer, X: 10.5, Y: 20})
	if m := in.Mouse(); m.X != 10.5 || m.Y != 20 || !m.Inside || !m.Moved {
		t.Fatalf("mouse %+v", m)
	}
	in.Push(Event{Kind: MouseDown, Button: MouseRight, X: 320, Y: 5})
	if m := in.Mouse(); m.Inside || !in.MouseDown(MouseRight) || !in.MousePressed(MouseRight) {
		t.Fatalf("right button at the right edge: %+v", m)
	}
	in.Push(Event{Kind: MouseWheel, DY: 1})
	in.Push(Event{Kind: MouseWheel, DX: -0.5, DY: 2})
	if dx, dy := in.Wheel(); dx != -0.5 || dy != 3 {
		t.Fatalf("wheel %g,%g", dx, dy)
	}
	in.Push(Event{Kind: MouseMove, X: math.NaN(), Y: 0}) // rejected
	if m := in.Mouse(); m.X != 320 {
		t.Fatal("NaN position accepted")
	}
	in.EndTick()
	if dx, dy := in.Wheel(); dx != 0 || dy != 0 || in.MousePressed(MouseRight) || !in.MouseDown(MouseRight) || in.Mouse().Moved {
		t.Fatal("EndTick did not clear edges")
	}
	in.Push(Event{Kind: MouseUp, Button: MouseRight, X: 1, Y: 1})
	if in.MouseDown(MouseRight) || !in.MouseReleased(MouseRight) {
		t.Fatal("release lost")
	}
}

func TestTouches(t *testing.T) {
	in := NewInput(800, 480)
	in.Push(Event{Kind: TouchDown, Pointer: 7, X: 100, Y: 200})
	in.Push(Event{Kind: TouchDown, Pointer: 3, X: 600, Y: 100})
	in.Push(Event{Kind: TouchDown, Pointer: 7, X: 0, Y: 0}) // duplicate id: ignored
	in.Push(Event{Kind: TouchMove, Pointer: 7, X: 110, Y: 190})
	ts := in.Touches()
	if len(ts) != 2 || ts[0] != (Touch{ID: 7, X: 110, Y: 190, StartX: 100, StartY: 200, Pressed: true}) ||
		ts[1].ID != 3 || !ts[1].Pressed {
		t.Fatalf("touches %+v", ts)
	}
	in.EndTick()
	in.Push(Event{Kind: TouchUp, Pointer: 7, X: 120, Y: 180})
	in.Push(Event{Kind: TouchMove, Pointer: 7, X: 0, Y: 0}) // after lift: ignored
	ts = in.Touches()
	if len(ts) != 2 || !ts[0].Released || ts[0].Pressed || ts[0].X != 120 {
		t.Fatalf("lifted touch %+v", ts)
	}
	in.EndTick()
	if ts = in.Touches(); len(ts) != 1 || ts[0].ID != 3 {
		t.Fatalf("after EndTick %+v", ts)
	}
	for i := 0; i < 2*MaxTouches; i++ {
		in.Push(Event{Kind: TouchDown, Pointer: 100 + i})
	}
	if len(in.Touches()) != MaxTouches {
		t.Fatalf("%d touches held, limit %d", len(in.Touches()), MaxTouches)
	}
}

func TestFocusLostReleasesEverything(t *testing.T) {
	in := NewInput(10, 10)
	in.Push(Event{Kind: KeyDown, Key: KeyA})
	in.Push(Event{Kind: MouseDown, Button: MouseLeft, X: 1, Y: 2})
	in.Push(Event{Kind: TouchDown, Pointer: 4, X: 3, Y: 3})
	in.EndTick()
	in.Push(Event{Kind: FocusLost})
	if in.KeyDown(KeyA) || !in.KeyReleased(KeyA) || in.MouseDown(MouseLeft) || !in.Touches()[0].Released {
		t.Fatal("focus loss kept state held")
	}
	want := []EventKind{KeyUp, MouseUp, TouchUp, FocusLost}
	ev := in.Events()
	if len(ev) != len(want) {
		t.Fatalf("events %v", ev)
	}
	for i, k := range want {
		if ev[i].Kind != k {
			t.Fatalf("event %d is %v, want %v", i, ev[i].Kind, k)
		}
	}
}

func TestEventLogOverflow(t *testing.T) {
	in := NewInput(10, 10)
	for i := 0; i < MaxEvents+5; i++ {
		in.Push(Event{Kind: MouseMove, X: float64(i)})
	}
	if len(in.Events()) != MaxEvents || in.Dropped() != 5 || in.Mouse().X != MaxEvents+4 {
		t.Fatalf("log %d dropped %d mouse %v", len(in.Events()), in.Dropped(), in.Mouse())
	}
	in.EndTick()
	if in.Dropped() != 0 {
		t.Fatal("dropped not reset")
	}
}

func TestInputZeroAllocs(t *testing.T) {
	in := NewInput(800, 480)
	raw := RawGamepad{Connected: true}
	allocs := testenv.AllocsOver(100, func() {
		in.Push(Event{Kind: KeyDown, Key: KeyA})
		in.Push(Event{Kind: MouseMove, X: 5, Y: 5})
		in.Push(Event{Kind: TouchDown, Pointer: 1, X: 5, Y: 5})
		in.Push(Event{Kind: TouchUp, Pointer: 1, X: 5, Y: 5})
		in.Push(Event{Kind: KeyUp, Key: KeyA})
		in.SetGamepad(0, raw)
		_ = in.Events()
		in.EndTick()
	})
	if allocs != 0 {
		t.Fatalf("%v allocations per tick, want 0", allocs)
	}
}

func TestKeyNames(t *testing.T) {
	for k := Key(1); k < KeyCount; k++ {
		if KeyByName(k.String()) != k {
			t.Fatalf("key %d name %q does not round-trip", k, k.String())
		}
	}
	if KeyArrowUp.String() != "ArrowUp" || Key(250).String() != "Key(250)" || KeyByName("nope") != KeyUnknown {
		t.Fatal("names")
	}
}

func FuzzInputPush(f *testing.F) {
	f.Add(uint8(KeyDown), uint8(KeyA), uint8(0), 0, 1.0, 2.0)
	f.Add(uint8(TouchDown), uint8(0), uint8(0), 5, 1.0, 2.0)
	f.Add(uint8(MouseDown), uint8(0), uint8(9), -1, math.Inf(1), 2.0)
	f.Fuzz(func(t *testing.T, kind, key, btn uint8, ptr int, x, y float64) {
		in := NewInput(64, 64)
		for i := 0; i < 3; i++ {
			in.Push(Event{Kind: EventKind(kind), Key: Key(key), Button: MouseButton(btn), Pointer: ptr + i%2, X: x, Y: y, DX: x})
			if len(in.Touches()) > MaxTouches || len(in.Events()) > MaxEvents {
				t.Fatal("limits exceeded")
			}
			if dx, _ := in.Wheel(); math.IsNaN(dx) {
				t.Fatal("NaN wheel")
			}
			in.EndTick()
		}
	})
}

// AnyPressed: a key, mouse button or finger going down, or a pad button
// pressed, this tick; not moves, releases, held keys or stick motion.
func TestAnyPressed(t *testing.T) {
	in := NewInput(320, 240)
	quiet := []Event{{Kind: MouseMove, Pointer: MousePointer, X: 3, Y: 4}, {Kind: KeyUp, Key: KeyA}}
	for _, e := range quiet {
		in.Push(e)
	}
	in.SetGamepad(2, RawGamepad{Connected: true, Axes: [6]float64{0.9}})
	if in.AnyPressed() {
		t.Fatal("moves, a stray release and a pushed stick count as a press")
	}
	for _, e := range []Event{{Kind: KeyDown, Key: KeyQ}, {Kind: MouseDown, Pointer: MousePointer, Button: MouseRight}, {Kind: TouchDown, Pointer: 3}} {
		in.EndTick()
		in.Push(e)
		if !in.AnyPressed() {
			t.Fatalf("%+v is not a press", e)
		}
	}
	in.EndTick()
	if in.AnyPressed() {
		t.Fatal("a held key or finger counts as a new press")
	}
	raw := RawGamepad{Connected: true}
	raw.Buttons[PadDPadDown] = true
	in.SetGamepad(3, raw)
	if !in.AnyPressed() {
		t.Fatal("a d-pad press on pad 3 is not a press")
	}
}
