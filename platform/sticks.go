package platform

import "diorama/mathx"

// Sticks is one tick's twin-stick reading: Move and Aim are screen
// directions (y down) of length 0 to 1, Fire is set while the aim is
// pushed far enough to shoot.
type Sticks struct {
	Move, Aim mathx.Vec2
	Fire      bool
}

// Dead zones of ReadSticks: a gamepad's left stick moves past MoveDeadZone,
// its right stick aims past AimDeadZone, and a touch aim stick fires past
// TouchFire of its radius.
const (
	MoveDeadZone = 0.1
	AimDeadZone  = 0.2
	TouchFire    = 0.3
)

// ReadSticks reads the usual twin-stick controls in one place, the later
// ones winning: WASD move and the arrow keys aim and fire (both
// normalized); a connected gamepad's left stick moves and its right
// stick aims and fires; the touch thumbsticks left and right (from
// TwinSticks; either may be nil) are updated with this tick's events and,
// while held, move, and aim (firing past TouchFire). The mouse is left to
// the game, which knows what lies under the pointer.
func ReadSticks(in *Input, left, right *Thumbstick) Sticks {
	var s Sticks
	s.Move = keyAxes(in, KeyA, KeyD, KeyW, KeyS).Unit()
	if s.Aim = keyAxes(in, KeyArrowLeft, KeyArrowRight, KeyArrowUp, KeyArrowDown).Unit(); s.Aim != (mathx.Vec2{}) {
		s.Fire = true
	}
	if pad := in.Gamepad(0); pad.Connected {
		if pad.Left.Len() > MoveDeadZone {
			s.Move = pad.Left
		}
		if pad.Right.Len() > AimDeadZone {
			s.Aim, s.Fire = pad.Right.Unit(), true
		}
	}
	if left != nil {
		if left.Update(in); left.Active() {
			s.Move = left.Value()
		}
	}
	if right != nil {
		if right.Update(in); right.Active() {
			v := right.Value()
			s.Aim, s.Fire = v.Unit(), v.Len() > TouchFire
		}
	}
	return s
}

// keyAxes is the direction of four keys held (left, right, up, down).
func keyAxes(in *Input, l, r, u, d Key) mathx.Vec2 {
	var v mathx.Vec2
	if in.KeyDown(l) {
		v.X--
	}
	if in.KeyDown(r) {
		v.X++
	}
	if in.KeyDown(u) {
		v.Y--
	}
	if in.KeyDown(d) {
		v.Y++
	}
	return v
}
