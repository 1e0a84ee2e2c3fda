package scene

// Events is what happened in the world, its field World.Events: one
// slice per kind of event, filled by [World.Step] and read by the game
// after it (w.Events.BulletHits()), the way [physics.Space.Contacts] and
// [physics.Space.SensorEvents] are read from World.Phys. Use it in place
// (w.Events.Deaths(), or ev := &w.Events): a copy of the struct keeps the
// slices as they were when it was made.
//
// The contract:
//   - Step empties every slice when it starts, then appends the tick's
//     events in the order they happen (see Step for the order). A move
//     Navigator.MoveTo refuses between Steps (no path) is reported by the
//     next Step, first in its MoveFailures.
//   - World.Damage (and Bullets.Blast) between Steps appends to Damages
//     and Deaths at once, and Overlord.Stop to Doors: a game that reads
//     Deaths after applying the tick's bullet hits sees the deaths those
//     hits caused. A loop that may add what it reads (a death's
//     explosion killing more) indexes the slice again each turn instead
//     of ranging over it once; a DeathEvent is appended right after the
//     DamageEvent that caused it, so a game that reacts to both reads
//     the new damage before the new deaths. What such calls append
//     before a Step is emptied by it: a game that damages before
//     stepping reads the result before the Step too.
//   - A slice belongs to the world: it is valid until the next Step
//     reuses it (copy what must outlive that), and it does not grow with
//     events appended after it was returned (ask again).
//   - Every entity an event names stays readable (Valid, its position,
//     name, data) until the next Step: what the tick removed (a dead
//     entity, a pickup taken, a lifetime ended) and what died by
//     World.Damage between Steps is freed when the next Step starts. It
//     is no longer Alive, is not drawn and takes no part in the
//     simulation (its body stays in World.Phys's queries until then).
//     Bullets that ended are freed at the end of their Step: a
//     BulletHitEvent carries what a game needs of its bullet.
//
// Reading events never allocates; filling them does not either once the
// slices have grown to the busiest tick's size.
type Events struct {
	hits     []BulletHitEvent
	damages  []DamageEvent
	deaths   []DeathEvent
	triggers []TriggerEvent
	pickups  []PickupEvent
	arrivals []ArrivedEvent
	failures []MoveFailedEvent
	doors    []DoorEvent
	touches  []TouchEvent
}

// reserve gives every list room for n events, so that a first death or
// a first door in a running game does not allocate.
func (l *Events) reserve(n int) {
	l.hits, l.damages, l.deaths = make([]BulletHitEvent, 0, n), make([]DamageEvent, 0, n), make([]DeathEvent, 0, n)
	l.triggers, l.pickups, l.arrivals = make([]TriggerEvent, 0, n), make([]PickupEvent, 0, n), make([]ArrivedEvent, 0, n)
	l.failures, l.doors, l.touches = make([]MoveFailedEvent, 0, n), make([]DoorEvent, 0, n), make([]TouchEvent, 0, n)
}

// reset empties every list, keeping its room (Step's start).
func (l *Events) reset() {
	clear(l.failures) // errors are pointers: drop them
	l.hits, l.damages, l.deaths = l.hits[:0], l.damages[:0], l.deaths[:0]
	l.triggers, l.pickups, l.arrivals = l.triggers[:0], l.pickups[:0], l.arrivals[:0]
	l.failures, l.doors, l.touches = l.failures[:0], l.doors[:0], l.touches[:0]
}

// BulletHits returns the bullets that struck a wall, an entity or the edge
// of the world in the last Step: the hits found by physics (in its hit
// order), then the bullets leaving the map (slot order). Each bullet was removed by the scene at the end of
// the Step.
func (e *Events) BulletHits() []BulletHitEvent { return e.hits }

// Damages returns the health changes World.Damage made since the last
// Step started, in call order.
func (e *Events) Damages() []DamageEvent { return e.damages }

// Deaths returns the entities whose health reached 0 since the last Step
// started, in order; each is removed when the next Step starts.
func (e *Events) Deaths() []DeathEvent { return e.deaths }

// Triggers returns the characters that entered or left a trigger in the
// last Step, in physics' sensor order.
func (e *Events) Triggers() []TriggerEvent { return e.triggers }

// Pickups returns the pickups collectors took in the last Step, in
// physics' sensor order; each is removed when the next Step starts.
func (e *Events) Pickups() []PickupEvent { return e.pickups }

// Arrivals returns the characters sent with MoveTo that reached their
// goal in the last Step, in slot order.
func (e *Events) Arrivals() []ArrivedEvent { return e.arrivals }

// MoveFailures returns the moves that cannot be made: those
// Navigator.MoveTo refused (no path, no navigation) between the last two
// Steps, in call order, then those that failed in the last Step (slot
// order).
func (e *Events) MoveFailures() []MoveFailedEvent { return e.failures }

// Doors returns the doors overlords locked or unlocked since the last
// Step started (in the Step, or by Overlord.Stop since).
func (e *Events) Doors() []DoorEvent { return e.doors }

// Touches returns the pairs of entities whose bodies touched in the last
// Step's physics (see TouchEvent).
func (e *Events) Touches() []TouchEvent { return e.touches }
