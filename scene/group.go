package scene

import (
	"slices"

	"diorama/mathx"
)

// Group holds entities that move, show and hide together in world
// space: IsoMob's containers (an item box, a message board), a vehicle
// and its crew, a squad's markers. Members keep their own positions; the
// group moves them by the same offset.
type Group struct {
	w       *World
	members []Entity
	origin  mathx.Vec3
	hidden  bool
}

// NewGroup returns an empty group of w's entities whose reference point
// is origin.
func NewGroup(w *World, origin mathx.Vec3) *Group { return &Group{w: w, origin: origin} }

// Add puts e in the group (hidden at once if the group is hidden); a
// stale handle is left out.
func (g *Group) Add(e Entity) {
	if !g.w.Valid(e) {
		return
	}
	if !slices.Contains(g.members, e) {
		g.members = append(g.members, e)
	}
	if g.hidden {
		g.w.Looks().SetHidden(e, true)
	}
}

// Remove takes e out of the group (it stays in the world).
func (g *Group) Remove(e Entity) {
	g.members = slices.DeleteFunc(g.members, func(m Entity) bool { return m == e })
}

// Members returns the group's live members (removed entities are
// dropped). The slice belongs to the group.
func (g *Group) Members() []Entity {
	g.members = slices.DeleteFunc(g.members, func(m Entity) bool { return !g.w.Valid(m) })
	return g.members
}

// Origin returns the group's reference point.
func (g *Group) Origin() mathx.Vec3 { return g.origin }

// MoveTo moves the group's reference point to p and every member by the
// same offset (World.SetPos: it panics on a position out of range).
func (g *Group) MoveTo(p mathx.Vec3) {
	d := p.Sub(g.origin)
	for _, e := range g.Members() {
		g.w.SetPos(e, g.w.Pos(e).Add(d))
	}
	g.origin = p
}

// SetHidden hides or shows every member.
func (g *Group) SetHidden(h bool) {
	g.hidden = h
	for _, e := range g.Members() {
		g.w.Looks().SetHidden(e, h)
	}
}

// Hidden reports whether the group is hidden.
func (g *Group) Hidden() bool { return g.hidden }

// SetHidden stops (or resumes) drawing an entity; it stays in the
// simulation.
func (l Looks) SetHidden(e Entity, h bool) {
	w := l.w
	i, ok := w.slotOf(e)
	if !ok {
		return
	}
	w.hidden[i] = h
}
