package scene

// Looks is how a world's entities are drawn, reached with [World.Looks]:
// the looks registered with the world (Add, Placeholder, and Facings for
// art drawn at world headings), each entity's look and style (Set,
// SetTint, SetOpacity, SetScale, Flash, SetHidden), the marks drawn over
// the world (SetSilhouette, ShowHealth), the heading its aiming parts
// turn to (SetAim, Aim), its animation state (Anim) and where it is drawn
// between two ticks (DrawPos). A Looks is a handle to the world's own
// state, free to copy; its setters follow the package's error contract
// (a stale handle does nothing).
type Looks struct{ w *World }

// Looks returns the world's looks and entity styles.
func (w *World) Looks() Looks { return Looks{w} }

// Add registers a look and returns its id for EntityDef.Look and Set. A
// nil or invalid look is an error.
func (l Looks) Add(lk *Look) (LookID, error) { return l.w.addLook(lk) }

// Anim returns a character's animation state (what its look's clip
// shows): Idle or Walk, from its velocity in the last tick.
func (l Looks) Anim(e Entity) AnimState {
	if i, ok := l.w.slotOf(e); ok {
		return l.w.anim[i]
	}
	return 0
}
