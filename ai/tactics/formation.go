package tactics

import (
	"errors"
	"fmt"
	"math"

	"diorama/mathx"
)

// Shape is a formation's layout.
type Shape uint8

const (
	// LineV puts slots on two arms that leave the anchor (an invisible
	// leader) backwards, Angle apart: Angle = π is a straight line across
	// the facing direction, smaller angles make a V whose point faces
	// forward. Slots are ordered left to right.
	LineV Shape = iota
	// Circle spaces slots evenly on a circle of Radius around the anchor
	// (the target), so the more members, the closer they stand. Slot 0
	// is in the Facing direction from the anchor, then counter-clockwise.
	Circle
)

// SafetyCurve gives the factor T(d) = C0 + C1·d + C2·d² a hit multiplies
// into the safety of the slot d slots away from the hit one (d = 0 is the
// hit slot). [DefaultSafetyCurve] is the quadratic through
// T = [2, 1.1, 0.6, 1.1, 2] for a hit in the middle of five.
type SafetyCurve struct{ C0, C1, C2 float64 }

// DefaultSafetyCurve gives T(0) = 0.6, T(1) = 1.1, T(2) = 2: the hit
// member's safety drops, its neighbours' grow more the farther they are.
func DefaultSafetyCurve() SafetyCurve { return SafetyCurve{C0: 0.6, C1: 0.3, C2: 0.2} }

// T returns the factor for slot distance d.
func (c SafetyCurve) T(d float64) float64 { return c.C0 + float64(c.C1*d) + float64(c.C2*d*d) }

// Formation places members in slots around an anchor, assigns slots so
// that the members' total travel is minimal, regroups when members leave,
// and keeps a Markov-style safety value per member: 1 at first,
// multiplied on every hit by the [SafetyCurve] factor of the member's slot
// distance from the hit slot; a member whose safety is above 1 is moved
// forward of its slot, below 1 backward. A Formation does not move anyone:
// its [Formation.Target] is where each member should steer to.
type Formation struct {
	Shape   Shape
	Spacing float64 // LineV: distance between neighbouring slots along an arm
	Angle   float64 // LineV: angle between the arms, radians in (0, π]
	Radius  float64 // Circle: radius
	// Anchor is the leader's position (LineV) or the target's (Circle).
	Anchor mathx.Vec2
	// Facing is the unit direction the formation faces.
	Facing mathx.Vec2
	// Advance is how far a member moves forward per unit of safety above
	// 1 (backward below 1), limited to ±MaxShift.
	Advance, MaxShift float64
	Curve             SafetyCurve

	members []int     // member ids, in join order
	slot    []int     // slot of each member
	safety  []float64 // safety of each member
	cost    []float64
	perm    []int
	asg     Assigner
}

// NewLine returns a line/V formation with the given spacing and arm angle
// (π for a straight line), facing +X at the origin, with the default
// safety curve, Advance = spacing and MaxShift = spacing.
func NewLine(spacing, angle float64) (*Formation, error) {
	if !(spacing > 0) || !mathx.IsFinite(spacing) || !(angle > 0 && angle <= math.Pi) {
		return nil, fmt.Errorf("tactics: line spacing %v or angle %v invalid", spacing, angle)
	}
	return &Formation{Shape: LineV, Spacing: spacing, Angle: angle, Facing: mathx.V2(1, 0),
		Advance: spacing, MaxShift: spacing, Curve: DefaultSafetyCurve()}, nil
}

// NewCircle returns a circle formation of the given radius around the
// origin with the default safety curve, Advance = radius/4 and MaxShift =
// radius/2.
func NewCircle(radius float64) (*Formation, error) {
	if !(radius > 0) || !mathx.IsFinite(radius) {
		return nil, fmt.Errorf("tactics: circle radius %v invalid", radius)
	}
	return &Formation{Shape: Circle, Radius: radius, Facing: mathx.V2(1, 0),
		Advance: radius / 4, MaxShift: radius / 2, Curve: DefaultSafetyCurve()}, nil
}

// Len returns the number of members (and slots).
func (f *Formation) Len() int { return len(f.members) }

// Members returns the member ids in join order; index i of this slice is
// the member index the other methods take. Do not modify it.
func (f *Formation) Members() []int { return f.members }

// Join adds a member with safety 1. Until the next Assign it holds the new
// last slot, so Target, Slot and SafetyBySlot are valid right away (the
// slots stay a permutation of 0..Len()-1 at all times).
func (f *Formation) Join(id int) {
	f.members = append(f.members, id)
	f.slot = append(f.slot, len(f.slot))
	f.safety = append(f.safety, 1)
}

// Leave removes member id (a death) and keeps the others' safety values.
// The slots above the freed one move down by one, so the slots stay a
// permutation of 0..Len()-1 and every method stays valid before the next
// Assign; call Assign to regroup by distance. It reports whether id was a
// member.
func (f *Formation) Leave(id int) bool {
	i := f.Index(id)
	if i < 0 {
		return false
	}
	k := f.slot[i]
	f.members = append(f.members[:i], f.members[i+1:]...)
	f.slot = append(f.slot[:i], f.slot[i+1:]...)
	f.safety = append(f.safety[:i], f.safety[i+1:]...)
	for j, s := range f.slot {
		if s > k {
			f.slot[j] = s - 1
		}
	}
	return true
}

// Index returns the member index of id (the index the other methods take),
// or -1 when id is not a member.
func (f *Formation) Index(id int) int {
	for i, m := range f.members {
		if m == id {
			return i
		}
	}
	return -1
}

// facing returns the unit facing, +X when unset or not finite.
func (f *Formation) facing() mathx.Vec2 {
	h := f.Facing.Unit()
	if h == (mathx.Vec2{}) {
		return mathx.V2(1, 0)
	}
	return h
}

// SlotPos returns the world position of slot k of the current member
// count, without safety shift.
func (f *Formation) SlotPos(k int) mathx.Vec2 {
	n := len(f.members)
	h := f.facing()
	if f.Shape == Circle {
		a := h.Angle() + 2*math.Pi*float64(k)/float64(max(n, 1))
		return f.Anchor.Add(mathx.FromAngle(a).Scale(f.Radius))
	}
	back := h.Neg()
	o := float64(k) - float64(float64(n-1)/2) // slots from the centre, left negative
	if o < 0 {
		return f.Anchor.Add(back.Rotate(-f.Angle / 2).Scale(-o * f.Spacing))
	}
	return f.Anchor.Add(back.Rotate(f.Angle / 2).Scale(o * f.Spacing))
}

// Assign gives every member a slot so that the sum of the distances from
// the members' positions (pos[i] for member i) to their slots is minimal
// (Hungarian algorithm; exact). Call it after Join or Leave, or whenever
// the anchor moved far. It allocates only when the formation has grown.
func (f *Formation) Assign(pos []mathx.Vec2) (total float64, err error) {
	n := len(f.members)
	if len(pos) != n {
		return 0, fmt.Errorf("tactics: %d positions for %d members", len(pos), n)
	}
	for i, p := range pos {
		if !p.IsFinite() {
			return 0, fmt.Errorf("tactics: position of member %d (id %d) not finite", i, f.members[i])
		}
	}
	if cap(f.cost) < n*n {
		f.cost = make([]float64, n*n)
	}
	if cap(f.perm) < n {
		f.perm = make([]int, n)
	}
	cost, perm := f.cost[:n*n], f.perm[:n]
	for k := 0; k < n; k++ {
		s := f.SlotPos(k)
		for i := 0; i < n; i++ {
			cost[i*n+k] = pos[i].Dist(s)
		}
	}
	total, err = f.asg.Assign(cost, n, perm)
	if err != nil {
		return 0, err // only when the anchor or sizes are not finite
	}
	copy(f.slot, perm)
	return total, nil
}

// Slot returns member i's slot, or -1 when i is not a member index.
func (f *Formation) Slot(i int) int {
	if i < 0 || i >= len(f.slot) {
		return -1
	}
	return f.slot[i]
}

// Safety returns member i's safety value, or 0 when i is not a member
// index.
func (f *Formation) Safety(i int) float64 {
	if i < 0 || i >= len(f.safety) {
		return 0
	}
	return f.safety[i]
}

// SafetyBySlot writes the safety values in slot order into dst (grown as
// needed) and returns it: the formation's state vector.
func (f *Formation) SafetyBySlot(dst []float64) []float64 {
	dst = growF(dst, len(f.members))
	for i, k := range f.slot {
		dst[k] = f.safety[i]
	}
	return dst
}

// slotDist is the distance between two slots counted in slots: along the
// line for LineV, around the ring for Circle.
func (f *Formation) slotDist(a, b int) float64 {
	d := a - b
	if d < 0 {
		d = -d
	}
	if f.Shape == Circle {
		d = min(d, len(f.members)-d)
	}
	return float64(d)
}

// Hit applies the Markov-style update after member i was hit:
// every member's safety is multiplied by Curve.T(slot distance from i's
// slot), so the hit member's drops (T(0) < 1) and the others' grow with
// their distance from it. It returns an error for an unknown member.
func (f *Formation) Hit(i int) error {
	if i < 0 || i >= len(f.members) {
		return errors.New("tactics: hit on a member that does not exist")
	}
	k := f.slot[i]
	for j := range f.safety {
		s := f.safety[j] * f.Curve.T(f.slotDist(f.slot[j], k))
		if mathx.IsFinite(s) {
			f.safety[j] = s
		}
	}
	return nil
}

// forward is the direction "forward" for slot k: the facing for LineV,
// toward the target for Circle.
func (f *Formation) forward(k int) mathx.Vec2 {
	if f.Shape == Circle {
		return f.Anchor.Sub(f.SlotPos(k)).Unit()
	}
	return f.facing()
}

// Target returns where member i should stand: its slot moved forward by
// Advance·(safety − 1), limited to ±MaxShift. It is valid at any time,
// also between Join/Leave and the next Assign (the member then stands in
// its provisional slot). i is a member index (see [Formation.Index]), not
// an id; for an i that is not a member index Target returns the Anchor.
func (f *Formation) Target(i int) mathx.Vec2 {
	if i < 0 || i >= len(f.slot) {
		return f.Anchor
	}
	k := f.slot[i]
	shift := mathx.Clamp(f.Advance*(f.safety[i]-1), -f.MaxShift, f.MaxShift)
	return f.SlotPos(k).Add(f.forward(k).Scale(shift))
}
