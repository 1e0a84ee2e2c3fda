package platform

import (
	"math"

	"diorama/mathx"
)

// Thumbstick is a virtual joystick for touch screens. A finger
// (or the left mouse button) going down inside Area activates the stick
// with its neutral point where it touched; while that same pointer moves,
// the stick's vector runs from the neutral point to the pointer, clamped
// to Radius; lifting it returns the stick to neutral. A game feeds every
// tick's events to [Thumbstick.Update] and polls [Thumbstick.Vector] or
// [Thumbstick.Value]. The zero value is inactive and ignores everything
// until Area and Radius are set.
type Thumbstick struct {
	Area   mathx.AABB // where a pointer may grab the stick, frame coordinates
	Radius float64    // maximum length of the vector, frame pixels
	// Fixed keeps the neutral point at Center instead of where the finger
	// lands (a stick printed on the screen rather than a floating one).
	Fixed  bool
	Center mathx.Vec2

	active  bool
	pointer int
	neutral mathx.Vec2
	pos     mathx.Vec2
}

// TwinSticks returns a twin-stick pair for a w×h frame: the left stick
// (movement) on the left half of the screen, the right stick (aiming) on
// the right half, both with the given radius.
func TwinSticks(w, h int, radius float64) (left, right Thumbstick) {
	fw, fh := float64(w), float64(h)
	left = Thumbstick{Area: mathx.AABB{Max: mathx.Vec2{X: fw / 2, Y: fh}}, Radius: radius}
	right = Thumbstick{Area: mathx.AABB{Min: mathx.Vec2{X: fw / 2}, Max: mathx.Vec2{X: fw, Y: fh}}, Radius: radius}
	return left, right
}

// Update feeds the tick's events to the stick.
func (s *Thumbstick) Update(in *Input) {
	for _, ev := range in.Events() {
		s.Handle(ev)
	}
}

// Handle feeds one event to the stick and reports whether it used it.
// Touch events and left-button mouse events (pointer [MousePointer]) are
// considered; a stick follows only the pointer that activated it. A right
// half-open Area (Min <= p < Max) is used so that two sticks splitting
// the screen never both claim a touch on the dividing line.
func (s *Thumbstick) Handle(ev Event) bool {
	p := mathx.Vec2{X: ev.X, Y: ev.Y}
	if !p.IsFinite() {
		return false
	}
	id, down, move, up := ev.Pointer, false, false, false
	switch ev.Kind {
	case TouchDown:
		down = true
	case TouchMove:
		move = true
	case TouchUp:
		up = true
	case MouseDown:
		id, down = MousePointer, ev.Button == MouseLeft
	case MouseMove:
		id, move = MousePointer, true
	case MouseUp:
		id, up = MousePointer, ev.Button == MouseLeft
	case FocusLost:
		s.active = false
		return false
	}
	switch {
	case down && !s.active && s.Radius > 0 && s.inArea(p):
		s.active, s.pointer, s.neutral, s.pos = true, id, p, p
		if s.Fixed {
			s.neutral = s.Center
		}
		return true
	case move && s.active && id == s.pointer:
		s.pos = p
		return true
	case up && s.active && id == s.pointer:
		s.active = false
		return true
	}
	return false
}

func (s *Thumbstick) inArea(p mathx.Vec2) bool {
	a := s.Area
	return p.X >= a.Min.X && p.X < a.Max.X && p.Y >= a.Min.Y && p.Y < a.Max.Y
}

// Active reports whether a pointer holds the stick.
func (s *Thumbstick) Active() bool { return s.active }

// Vector returns the stick's input in frame pixels: from the neutral point
// to the pointer, shortened to Radius. Zero while inactive.
func (s *Thumbstick) Vector() mathx.Vec2 {
	if !s.active {
		return mathx.Vec2{}
	}
	return s.pos.Sub(s.neutral).ClampLen(s.Radius)
}

// Value returns [Thumbstick.Vector] divided by Radius: length in [0, 1]
// (up to one rounding step).
func (s *Thumbstick) Value() mathx.Vec2 {
	if !s.active || s.Radius <= 0 {
		return mathx.Vec2{}
	}
	return s.Vector().Scale(1 / s.Radius)
}

// StickGeometry is what a game draws for a stick: a base circle at Center
// with radius Radius, and a knob circle at Knob with radius KnobRadius.
// Inactive sticks report Active false and their resting place: Center
// for a Fixed stick, else the centre of their Area.
type StickGeometry struct {
	Active     bool
	Center     mathx.Vec2
	Radius     float64
	Knob       mathx.Vec2
	KnobRadius float64
}

// Geometry returns where to draw the stick this frame. The knob radius is
// Radius/2.
func (s *Thumbstick) Geometry() StickGeometry {
	g := StickGeometry{Active: s.active, Radius: s.Radius, KnobRadius: math.Max(0, s.Radius/2)}
	if s.active {
		g.Center = s.neutral
		g.Knob = s.neutral.Add(s.Vector())
	} else {
		g.Center = s.Area.Center()
		if s.Fixed {
			g.Center = s.Center
		}
		g.Knob = g.Center
	}
	return g
}
