package platform

import (
	"math"

	"diorama/mathx"
)

// PadButton identifies a gamepad button in the standard (Xbox-style) layout.
type PadButton uint8

// The gamepad buttons, in GLFW's standard mapping order.
const (
	PadA PadButton = iota
	PadB
	PadX
	PadY
	PadLeftBumper
	PadRightBumper
	PadBack
	PadStart
	PadGuide
	PadLeftThumb
	PadRightThumb
	PadDPadUp
	PadDPadRight
	PadDPadDown
	PadDPadLeft
	// PadButtonCount is the number of gamepad buttons.
	PadButtonCount
)

// The raw axes of a [RawGamepad], in GLFW's standard mapping order.
const (
	AxisLeftX = iota
	AxisLeftY
	AxisRightX
	AxisRightY
	AxisLeftTrigger
	AxisRightTrigger
	// AxisCount is the number of gamepad axes.
	AxisCount
)

// RawGamepad is a gamepad's state as a backend polled it: sticks in
// [-1, 1] with +Y pointing down (towards the user), triggers in [0, 1].
type RawGamepad struct {
	Connected bool
	Axes      [AxisCount]float64
	Buttons   [PadButtonCount]bool
}

// Gamepad is a gamepad's state after dead zones, as a tick sees it.
type Gamepad struct {
	Connected    bool
	Left, Right  mathx.Vec2 // sticks, length in [0, 1], +Y down
	LeftTrigger  float64    // [0, 1]
	RightTrigger float64    // [0, 1]

	down, pressed, released uint32
}

// Down reports whether button b is held.
func (g Gamepad) Down(b PadButton) bool { return b < PadButtonCount && g.down&(1<<b) != 0 }

// Pressed reports whether button b went down since the previous tick.
func (g Gamepad) Pressed(b PadButton) bool { return b < PadButtonCount && g.pressed&(1<<b) != 0 }

// Released reports whether button b went up since the previous tick.
func (g Gamepad) Released(b PadButton) bool { return b < PadButtonCount && g.released&(1<<b) != 0 }

func (g *Gamepad) endTick() { g.pressed, g.released = 0, 0 }

// DeadZones holds the inner and outer dead zones applied to gamepad input.
// Inside Inner the value is zero; from Inner to Outer it rises linearly to
// full scale; beyond Outer it stays at full scale.
type DeadZones struct {
	StickInner, StickOuter     float64
	TriggerInner, TriggerOuter float64
}

// DefaultDeadZones suits common controllers: sticks ignore the inner 15%
// and reach full scale at 95%; triggers ignore the first 5%.
var DefaultDeadZones = DeadZones{StickInner: 0.15, StickOuter: 0.95, TriggerInner: 0.05, TriggerOuter: 1}

// radialDeadZone applies a radial dead zone to a stick vector: it keeps
// the direction and maps the length from [inner, outer] onto [0, 1]
// (clamped), so the output is continuous and never longer than 1.
// Non-finite input or a zone with outer <= inner gives the zero vector
// inside inner and a unit vector outside.
func radialDeadZone(v mathx.Vec2, inner, outer float64) mathx.Vec2 {
	if !v.IsFinite() {
		return mathx.Vec2{}
	}
	m := v.Len()
	if m <= inner || m == 0 {
		return mathx.Vec2{}
	}
	return v.Scale(rescale(m, inner, outer) / m)
}

// axisDeadZone applies the same mapping to one signed axis value.
func axisDeadZone(x, inner, outer float64) float64 {
	if math.IsNaN(x) {
		return 0
	}
	m := math.Abs(x)
	if m <= inner {
		return 0
	}
	return math.Copysign(rescale(m, inner, outer), x)
}

func rescale(m, inner, outer float64) float64 {
	if outer <= inner || m >= outer {
		return 1
	}
	return (m - inner) / (outer - inner)
}
