package scene

import "diorama/mathx"

// TouchEvent reports (Events.Touches) each pair of entities whose
// bodies touched in the tick's physics step: a character that moved into
// another character or into a solid object (a door, a crate, a solid
// tile object). A is the character that moved, B what it touched; Normal
// points from A toward B (unit, world units). It comes every tick the two
// stay in contact (a game that wants one hit per touch keeps a cooldown),
// after the bullet events and before the trigger and pickup events; a
// pair is reported once a tick, in physics' contact order (by A's body
// slot, then B's). Walls (solid tiles) are not entities and are not
// reported. It is the scene's view of physics.Space.Contacts.
type TouchEvent struct {
	A, B   Entity
	Normal mathx.Vec2
}

// touchEvents turns the physics step's body contacts into touch events.
func (w *World) touchEvents() {
	cs := w.Phys.Contacts()
	// Room for every contact: the list grows when physics' own does, not
	// on the first tick with more touches than ever.
	w.Events.touches = growCap(w.Events.touches, cap(cs))
	for _, c := range cs {
		if c.B.IsNil() {
			continue // a wall
		}
		a := entityFromBits(w.Phys.UserData(c.A))
		b := entityFromBits(w.Phys.UserData(c.B))
		ai, ok1 := w.slotOf(a)
		bi, ok2 := w.slotOf(b)
		if !ok1 || !ok2 || w.kind[ai] != Character || w.state[ai] != stLive || w.state[bi] != stLive {
			continue
		}
		if k := w.kind[bi]; k != Character && k != Object {
			continue
		}
		w.Events.touches = append(w.Events.touches, TouchEvent{A: a, B: b, Normal: c.Normal})
	}
}
