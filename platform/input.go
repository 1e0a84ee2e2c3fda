package platform

import (
	"math"

	"diorama/loop"
	"diorama/mathx"
)

// EventKind says what an [Event] reports.
type EventKind uint8

// The kinds of input events every backend delivers.
const (
	EventNone  EventKind = iota
	KeyDown              // a key went down (auto-repeat is not reported)
	KeyUp                // a key went up
	MouseMove            // the pointer moved; X, Y in frame coordinates
	MouseDown            // a mouse button went down at X, Y
	MouseUp              // a mouse button went up at X, Y
	MouseWheel           // the wheel turned by DX, DY notches (DY > 0: away from the user)
	TouchDown            // finger Pointer touched at X, Y
	TouchMove            // finger Pointer moved to X, Y
	TouchUp              // finger Pointer lifted (or was cancelled) at X, Y
	FocusLost            // the window or app lost focus: every held key and button is released
)

var eventNames = [...]string{"None", "KeyDown", "KeyUp", "MouseMove", "MouseDown", "MouseUp",
	"MouseWheel", "TouchDown", "TouchMove", "TouchUp", "FocusLost"}

// String returns the kind's name, e.g. "TouchMove".
func (k EventKind) String() string {
	if int(k) < len(eventNames) {
		return eventNames[k]
	}
	return "EventKind(?)"
}

// MouseButton identifies a mouse button.
type MouseButton uint8

// The mouse buttons Diorama tracks.
const (
	MouseLeft MouseButton = iota
	MouseRight
	MouseMiddle
	// MouseButtonCount is the number of tracked buttons.
	MouseButtonCount
)

// MousePointer is the Pointer value a mouse event carries, so that
// pointer-driven elements such as [Thumbstick] treat the left mouse button
// like one more finger.
const MousePointer = -1

// Event is one input event. Positions are in frame coordinates (logical
// pixels of the game's frame, after the backend removed window scaling
// and letterboxing); they may lie outside the frame.
type Event struct {
	Kind    EventKind
	Key     Key         // KeyDown, KeyUp
	Button  MouseButton // MouseDown, MouseUp
	Pointer int         // touch pointer id; MousePointer for mouse events
	X, Y    float64     // position (mouse and touch events)
	DX, DY  float64     // wheel notches (MouseWheel)
}

// Touch is one finger on the screen as seen by the current tick.
type Touch struct {
	ID       int     // the backend's pointer id, stable while the finger is down
	X, Y     float64 // current position, frame coordinates
	StartX   float64 // where the finger went down
	StartY   float64
	Pressed  bool // the finger went down since the previous tick
	Released bool // the finger lifted since the previous tick; gone next tick
}

// Mouse is the mouse state seen by the current tick.
type Mouse struct {
	X, Y   float64 // last position in frame coordinates
	Inside bool    // the last position is inside the frame
	Moved  bool    // the mouse moved since the previous tick
}

// Limits of the per-tick input state. Events past MaxEvents in one tick
// still update the held state but are not logged (see [Input.Dropped]).
const (
	MaxTouches  = 10
	MaxGamepads = 4
	MaxEvents   = 256
)

// Input is the input state a game reads during one fixed tick: what is
// held, what changed since the previous tick (pressed/released edges), the
// mouse, touches, gamepads and the raw event log. A backend feeds it with
// [Input.Push] and [Input.SetGamepad]; the [Driver] calls [Input.EndTick]
// after each tick, so an edge is seen by exactly one tick even when a frame
// runs zero or several ticks. Input is used from one goroutine.
type Input struct {
	down, pressed, released [KeyCount]bool

	mouse                            Mouse
	frameW, frameH                   float64
	btnDown, btnPressed, btnReleased [MouseButtonCount]bool
	wheelX, wheelY                   float64

	touches [MaxTouches]Touch
	nTouch  int

	pads      [MaxGamepads]Gamepad
	DeadZones DeadZones // applied by SetGamepad; see DefaultDeadZones

	events  []Event
	dropped int
	clock   *loop.Clock

	rec       *Recorder // records every Push and SetGamepad (Config.Record)
	replaying bool      // Push and SetGamepad are ignored: a Replay feeds the input
}

// NewInput returns an empty input state for a frame of w×h pixels (used
// for [Mouse.Inside]) with [DefaultDeadZones].
func NewInput(w, h int) *Input {
	in := &Input{DeadZones: DefaultDeadZones}
	in.Reset(w, h)
	return in
}

// Reset forgets all state and sets the frame size.
func (in *Input) Reset(w, h int) {
	dz, clock, rec, replaying := in.DeadZones, in.clock, in.rec, in.replaying
	ev := in.events[:0]
	if ev == nil {
		ev = make([]Event, 0, MaxEvents)
	}
	*in = Input{DeadZones: dz, events: ev, clock: clock, rec: rec, replaying: replaying, frameW: float64(w), frameH: float64(h)}
}

// Push applies one event to the state and logs it for [Input.Events].
// Invalid events (unknown kind, key or button, NaN positions) are ignored,
// and so is every event while a [Replay] feeds the input.
func (in *Input) Push(ev Event) {
	if in.replaying || !valid(ev) {
		return
	}
	if in.rec != nil {
		in.rec.event(ev)
	}
	in.push(ev)
}

// push applies a valid event.
func (in *Input) push(ev Event) {
	switch ev.Kind {
	case KeyDown:
		if ev.Key == KeyUnknown {
			return
		}
		if in.down[ev.Key] {
			return // auto-repeat from a backend that does not filter it
		}
		in.down[ev.Key], in.pressed[ev.Key] = true, true
	case KeyUp:
		if ev.Key == KeyUnknown || !in.down[ev.Key] {
			return
		}
		in.down[ev.Key], in.released[ev.Key] = false, true
	case MouseMove:
		in.setMouse(ev.X, ev.Y)
	case MouseDown:
		in.setMouse(ev.X, ev.Y)
		if in.btnDown[ev.Button] {
			return
		}
		in.btnDown[ev.Button], in.btnPressed[ev.Button] = true, true
	case MouseUp:
		in.setMouse(ev.X, ev.Y)
		if !in.btnDown[ev.Button] {
			return
		}
		in.btnDown[ev.Button], in.btnReleased[ev.Button] = false, true
	case MouseWheel:
		in.wheelX += ev.DX
		in.wheelY += ev.DY
	case TouchDown:
		if in.touchIndex(ev.Pointer) >= 0 || in.nTouch == MaxTouches {
			return
		}
		in.touches[in.nTouch] = Touch{ID: ev.Pointer, X: ev.X, Y: ev.Y, StartX: ev.X, StartY: ev.Y, Pressed: true}
		in.nTouch++
	case TouchMove:
		i := in.touchIndex(ev.Pointer)
		if i < 0 || in.touches[i].Released {
			return
		}
		in.touches[i].X, in.touches[i].Y = ev.X, ev.Y
	case TouchUp:
		i := in.touchIndex(ev.Pointer)
		if i < 0 || in.touches[i].Released {
			return
		}
		in.touches[i].X, in.touches[i].Y = ev.X, ev.Y
		in.touches[i].Released = true
	case FocusLost:
		in.releaseAll()
	}
	in.log(ev)
}

func valid(ev Event) bool {
	if ev.Kind == EventNone || int(ev.Kind) >= len(eventNames) || ev.Key >= KeyCount || ev.Button >= MouseButtonCount {
		return false
	}
	for _, f := range [4]float64{ev.X, ev.Y, ev.DX, ev.DY} {
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return false
		}
	}
	return true
}

func (in *Input) log(ev Event) {
	if len(in.events) < MaxEvents {
		in.events = append(in.events, ev)
	} else {
		in.dropped++
	}
}

// releaseAll releases every held key, button and touch, logging the
// matching up events so that elements reading the log see them.
func (in *Input) releaseAll() {
	for k := Key(1); k < KeyCount; k++ {
		if in.down[k] {
			in.down[k], in.released[k] = false, true
			in.log(Event{Kind: KeyUp, Key: k})
		}
	}
	for b := MouseButton(0); b < MouseButtonCount; b++ {
		if in.btnDown[b] {
			in.btnDown[b], in.btnReleased[b] = false, true
			in.log(Event{Kind: MouseUp, Button: b, Pointer: MousePointer, X: in.mouse.X, Y: in.mouse.Y})
		}
	}
	for i := 0; i < in.nTouch; i++ {
		t := &in.touches[i]
		if !t.Released {
			t.Released = true
			in.log(Event{Kind: TouchUp, Pointer: t.ID, X: t.X, Y: t.Y})
		}
	}
}

func (in *Input) setMouse(x, y float64) {
	in.mouse.X, in.mouse.Y = x, y
	in.mouse.Inside = x >= 0 && y >= 0 && x < in.frameW && y < in.frameH
	in.mouse.Moved = true
}

func (in *Input) touchIndex(id int) int {
	for i := 0; i < in.nTouch; i++ {
		if in.touches[i].ID == id {
			return i
		}
	}
	return -1
}

// EndTick clears this tick's edges, wheel, event log and lifted touches.
// The [Driver] calls it after every Update.
func (in *Input) EndTick() {
	in.pressed = [KeyCount]bool{}
	in.released = [KeyCount]bool{}
	in.btnPressed = [MouseButtonCount]bool{}
	in.btnReleased = [MouseButtonCount]bool{}
	in.wheelX, in.wheelY = 0, 0
	in.mouse.Moved = false
	n := 0
	for i := 0; i < in.nTouch; i++ {
		t := in.touches[i]
		if t.Released {
			continue
		}
		t.Pressed = false
		in.touches[n] = t
		n++
	}
	in.nTouch = n
	for i := range in.pads {
		in.pads[i].endTick()
	}
	in.events = in.events[:0]
	in.dropped = 0
}

// KeyDown reports whether k is held.
func (in *Input) KeyDown(k Key) bool { return k < KeyCount && in.down[k] }

// KeyPressed reports whether k went down since the previous tick.
func (in *Input) KeyPressed(k Key) bool { return k < KeyCount && in.pressed[k] }

// KeyReleased reports whether k went up since the previous tick.
func (in *Input) KeyReleased(k Key) bool { return k < KeyCount && in.released[k] }

// Mouse returns the mouse position and movement flag.
func (in *Input) Mouse() Mouse { return in.mouse }

// MouseDown reports whether button b is held.
func (in *Input) MouseDown(b MouseButton) bool { return b < MouseButtonCount && in.btnDown[b] }

// MousePressed reports whether button b went down since the previous tick.
func (in *Input) MousePressed(b MouseButton) bool { return b < MouseButtonCount && in.btnPressed[b] }

// MouseReleased reports whether button b went up since the previous tick.
func (in *Input) MouseReleased(b MouseButton) bool {
	return b < MouseButtonCount && in.btnReleased[b]
}

// Wheel returns the wheel notches turned since the previous tick.
func (in *Input) Wheel() (dx, dy float64) { return in.wheelX, in.wheelY }

// Touches returns the fingers seen this tick, including those lifted since
// the previous tick (Released). The slice is valid until the next Push or
// EndTick.
func (in *Input) Touches() []Touch { return in.touches[:in.nTouch] }

// Events returns this tick's event log in arrival order. The slice is
// valid until the next Push or EndTick.
func (in *Input) Events() []Event { return in.events }

// Dropped returns how many events did not fit in this tick's log.
func (in *Input) Dropped() int { return in.dropped }

// Gamepad returns gamepad i (0..MaxGamepads-1); a disconnected or
// out-of-range pad reads as zero.
func (in *Input) Gamepad(i int) Gamepad {
	if i < 0 || i >= MaxGamepads {
		return Gamepad{}
	}
	return in.pads[i]
}

// SetGamepad stores the raw state of gamepad i as the backend polled it,
// applying [Input.DeadZones] to its sticks and triggers and computing
// button edges against the previous state. Out-of-range i is ignored, and
// so is every call while a [Replay] feeds the input.
func (in *Input) SetGamepad(i int, raw RawGamepad) {
	if in.replaying || i < 0 || i >= MaxGamepads {
		return
	}
	if in.rec != nil {
		in.rec.pad(i, raw)
	}
	in.setGamepad(i, raw)
}

// setGamepad applies gamepad i's raw state.
func (in *Input) setGamepad(i int, raw RawGamepad) {
	p := &in.pads[i]
	if !raw.Connected {
		held := p.down
		*p = Gamepad{released: held | p.released}
		return
	}
	dz := in.DeadZones
	p.Connected = true
	p.Left = radialDeadZone(mathx.Vec2{X: raw.Axes[AxisLeftX], Y: raw.Axes[AxisLeftY]}, dz.StickInner, dz.StickOuter)
	p.Right = radialDeadZone(mathx.Vec2{X: raw.Axes[AxisRightX], Y: raw.Axes[AxisRightY]}, dz.StickInner, dz.StickOuter)
	p.LeftTrigger = axisDeadZone(raw.Axes[AxisLeftTrigger], dz.TriggerInner, dz.TriggerOuter)
	p.RightTrigger = axisDeadZone(raw.Axes[AxisRightTrigger], dz.TriggerInner, dz.TriggerOuter)
	var now uint32
	for b := 0; b < int(PadButtonCount); b++ {
		if raw.Buttons[b] {
			now |= 1 << b
		}
	}
	p.pressed |= now &^ p.down
	p.released |= p.down &^ now
	p.down = now
}

// AnyPressed reports whether a key, a mouse button or a finger went down
// this tick, or a button of any gamepad was pressed: "press any key".
func (in *Input) AnyPressed() bool {
	for _, ev := range in.events {
		switch ev.Kind {
		case KeyDown, MouseDown, TouchDown:
			return true
		}
	}
	for i := range in.pads {
		if in.pads[i].pressed != 0 {
			return true
		}
	}
	return false
}

// Clock returns the fixed-step clock driving the game (nil for an Input
// not made by a [Driver]): read its Stats for FPS/TPS displays, or Pause
// and Resume it for a pause menu (the change applies from the next frame).
func (in *Input) Clock() *loop.Clock { return in.clock }
