package scene

import "diorama/mathx"

// Navigator is how characters get around a world and what they can see
// on the way, reached with [World.Nav]: the walkable floor (Floor, built
// on first use; SetOptions), moves planned and walked on it (MoveTo,
// Stop, Moving, MovePath), the push that keeps a pack apart (Separation),
// and the questions a brain asks of the map (LineOfSight, SightRay,
// FindCover, TileFree). A Navigator is a handle to the world's own
// state, free to copy. Its setters follow the package's error contract:
// a stale handle does nothing; a value it cannot use panics with a
// message naming the method.
type Navigator struct{ w *World }

// Nav returns the world's navigation and movement.
func (w *World) Nav() Navigator { return Navigator{w} }

// Floor returns the world's navigation (its walkable floor), building it
// on first use from the physics walls and the solid objects. It returns
// nil and an error when the world is too large or has no floor.
func (n Navigator) Floor() (*Navigation, error) { return n.w.navigation() }

// SetOptions sets the navigation's clearance and resolution; the
// navigation is built again from the world on its next use. It panics on
// options out of range (Radius 0..8, Sub 1..8).
func (n Navigator) SetOptions(o NavOptions) {
	must("Navigator.SetOptions", n.w.setNavOptions(o))
}

// MoveTo sends a character to goal (world x, y) at speed world units per
// second: it plans a path on the world's navigation (Floor), walks it
// through the physics (its velocity is set each tick; walls and other
// bodies push it as usual), plans again when the navigation changes or it
// makes no progress, and ends with an ArrivedEvent or a MoveFailedEvent
// (Events.Arrivals, Events.MoveFailures). When there is no way or no
// navigation the move ends at once (Moving is false) and its
// MoveFailedEvent comes first in the next Step's MoveFailures (in this
// tick's when a task calls MoveTo during Step). Setting
// the character's velocity by hand does not stop a move; call Stop. It
// panics on an entity that is not a character, a goal that is not
// finite or a speed that is not finite and positive.
func (n Navigator) MoveTo(e Entity, goal mathx.Vec2, speed float64) {
	w := n.w
	if err := w.moveTo(e, goal, speed); err != nil && err == w.navErr {
		w.moveFailed(MoveFailedEvent{Entity: e, Goal: goal, Err: err})
	} else {
		must("Navigator.MoveTo", err)
	}
}

// Stop ends a character's move (if any) and stands it still.
func (n Navigator) Stop(e Entity) { must("Navigator.Stop", n.w.stop(e)) }

// Moving reports whether the character is on its way somewhere.
func (n Navigator) Moving(e Entity) bool { return n.w.moving(e) }

// MovePath returns the path a moving character follows (the slice
// belongs to the world and changes when it plans again).
func (n Navigator) MovePath(e Entity) []mathx.Vec2 { return n.w.movePath(e) }

// Separation returns the push that keeps character e off its neighbours:
// for each other live character of the class (any class when class is
// "") nearer than their two radii plus gap, the offset away from it, as
// long as that distance falls short. A game adds it, scaled, to the
// velocity it sets, so a pack spreads out instead of stacking up.
func (n Navigator) Separation(e Entity, gap float64, class string) mathx.Vec2 {
	return n.w.separation(e, gap, class)
}
