package scene

import (
	"fmt"
	"math"

	"diorama/mathx"
)

// ArrivedEvent reports a character sent with MoveTo that reached its goal
// (Events.Arrivals).
type ArrivedEvent struct {
	Entity Entity
	Goal   mathx.Vec2
}

// MoveFailedEvent reports a character sent with MoveTo that cannot reach
// its goal (Events.MoveFailures): no path exists (or none after the world changed), or it was
// stuck through MaxReplans plans in a row.
type MoveFailedEvent struct {
	Entity Entity
	Goal   mathx.Vec2
	Err    error
}

// MaxReplans is how many plans in a row a stuck mover tries before its
// move fails.
const MaxReplans = 3

// moves holds the movers' state, by slot.
type moves struct {
	active  []bool
	goal    []mathx.Vec2
	speed   []float64
	path    [][]mathx.Vec2
	next    []int32
	version []uint64
	stuck   []int32 // ticks without progress
	replans []int32
	best    []float64 // closest distance to the next waypoint so far
}

func (m *moves) grow(n int) {
	for len(m.active) < n {
		m.active = append(m.active, false)
		m.goal = append(m.goal, mathx.Vec2{})
		m.speed = append(m.speed, 0)
		m.path = append(m.path, nil)
		m.next = append(m.next, 0)
		m.version = append(m.version, 0)
		m.stuck = append(m.stuck, 0)
		m.replans = append(m.replans, 0)
		m.best = append(m.best, 0)
	}
}

// moveFailed records a failed move: in this tick's MoveFailures during
// Step, in the next Step's otherwise (a refusal of MoveTo).
func (w *World) moveFailed(ev MoveFailedEvent) {
	if w.inTick {
		w.Events.failures = append(w.Events.failures, ev)
	} else {
		w.refused = append(w.refused, ev)
	}
}

// moveTo sends a character to goal (world x, y) at speed world units per
// second: it plans a path on the world's navigation (Navigator.Floor), walks it
// through the physics (its velocity is set each tick; walls and other
// bodies push it as usual), plans again when the navigation changes or it
// makes no progress, and ends with an ArrivedEvent or a MoveFailedEvent.
// Setting the character's velocity by hand does not stop a move; call
// Stop.
func (w *World) moveTo(e Entity, goal mathx.Vec2, speed float64) error {
	i, ok := w.slotOf(e)
	if !ok {
		return ErrStale
	}
	if w.kind[i] != Character {
		return fmt.Errorf("scene: MoveTo on a %s", w.kind[i])
	}
	if !goal.IsFinite() || !(speed > 0) || math.IsInf(speed, 0) {
		return fmt.Errorf("scene: MoveTo goal %v speed %v", goal, speed)
	}
	if _, err := w.navigation(); err != nil {
		return err
	}
	m := &w.moves
	m.grow(len(w.state))
	m.active[i], m.goal[i], m.speed[i] = true, goal, speed
	m.replans[i] = 0
	return w.plan(i)
}

// stop ends a character's move (if any) and stands it still.
func (w *World) stop(e Entity) error {
	i, ok := w.slotOf(e)
	if !ok {
		return ErrStale
	}
	if i < len(w.moves.active) {
		w.moves.active[i] = false
	}
	w.vel[i] = mathx.Vec2{}
	return nil
}

// moving reports whether the character is on its way somewhere.
func (w *World) moving(e Entity) bool {
	i, ok := w.slotOf(e)
	return ok && i < len(w.moves.active) && w.moves.active[i]
}

// movePath returns the path a moving character follows (the slice
// belongs to the world and changes when it plans again).
func (w *World) movePath(e Entity) []mathx.Vec2 {
	i, ok := w.slotOf(e)
	if !ok || i >= len(w.moves.active) || !w.moves.active[i] {
		return nil
	}
	return w.moves.path[i][w.moves.next[i]:]
}

// plan plans slot i's path from where it stands.
func (w *World) plan(i int) error {
	m := &w.moves
	n := w.nav
	if m.path[i] == nil {
		// Room for the paths of most maps at once, so later plans of this
		// slot do not allocate.
		m.path[i] = make([]mathx.Vec2, 0, 64)
	}
	p, err := n.Path(w.pos[i].XY(), m.goal[i], m.path[i])
	m.path[i] = p
	m.next[i], m.version[i], m.stuck[i] = 1, n.version, 0
	if err != nil || len(p) == 0 {
		m.active[i] = false
		w.vel[i] = mathx.Vec2{}
		if err == nil {
			err = ErrNoNav
		}
		w.moveFailed(MoveFailedEvent{Entity: w.handle(i), Goal: m.goal[i], Err: err})
		return nil
	}
	if len(p) == 1 {
		m.next[i] = 0
	}
	m.best[i] = math.Inf(1)
	return nil
}

// steerMovers sets the velocity of every moving character toward its
// next waypoint, plans again where needed, and reports arrivals.
func (w *World) steerMovers() {
	m := &w.moves
	if w.nav == nil {
		return
	}
	const reach = 0.12 // waypoint reached within this distance
	for i := range m.active {
		if !m.active[i] || w.state[i] != stLive || w.kind[i] != Character {
			if i < len(m.active) && m.active[i] && w.state[i] != stLive && w.state[i] != stPending {
				m.active[i] = false
			}
			continue
		}
		if m.version[i] != w.nav.version {
			m.replans[i] = 0
			w.plan(i)
			if !m.active[i] {
				continue
			}
		}
		pos := w.pos[i].XY()
		path := m.path[i]
		k := int(m.next[i])
		// Skip waypoints reached, and any the mover can already see past.
		for k < len(path)-1 && pos.Dist(path[k]) <= reach {
			k++
		}
		for k < len(path)-1 && w.nav.Clear(pos, path[k+1]) {
			k++
		}
		if int32(k) != m.next[i] {
			m.next[i], m.best[i], m.stuck[i] = int32(k), math.Inf(1), 0
		}
		target := path[k]
		d := target.Sub(pos)
		dist := d.Len()
		if k == len(path)-1 && dist <= reach {
			m.active[i] = false
			w.vel[i] = mathx.Vec2{}
			w.Events.arrivals = append(w.Events.arrivals, ArrivedEvent{Entity: w.handle(i), Goal: m.goal[i]})
			continue
		}
		// Progress check: a mover pressed against something it cannot
		// pass (a body in a corridor, a wall the plan did not know)
		// plans again, and gives up after MaxReplans plans.
		if dist < m.best[i]-1e-3 {
			m.best[i], m.stuck[i] = dist, 0
		} else if m.stuck[i]++; m.stuck[i] > int32(0.5/w.dt) {
			if m.replans[i]++; m.replans[i] > MaxReplans {
				m.active[i] = false
				w.vel[i] = mathx.Vec2{}
				w.Events.failures = append(w.Events.failures, MoveFailedEvent{Entity: w.handle(i), Goal: m.goal[i], Err: fmt.Errorf("scene: stuck at %v", pos)})
				continue
			}
			w.plan(i)
			continue
		}
		speed := m.speed[i]
		if k == len(path)-1 {
			speed = math.Min(speed, dist/w.dt) // arrive without overshooting
		}
		w.vel[i] = d.Scale(speed / dist)
	}
}

// separation returns the push that keeps character e off its neighbours:
// for each other live character of the class (any class when class is
// "") nearer than their two radii plus gap, the offset away from it, as
// long as that distance falls short. A game adds it, scaled, to the
// velocity it sets, so a pack spreads out instead of stacking up.
func (w *World) separation(e Entity, gap float64, class string) mathx.Vec2 {
	i, ok := w.slotOf(e)
	if !ok {
		return mathx.Vec2{}
	}
	me := w.pos[i].XY()
	var push mathx.Vec2
	for j := range w.state {
		if j == i || w.state[j] != stLive || w.kind[j] != Character || class != "" && w.class[j] != class {
			continue
		}
		d := me.Sub(w.pos[j].XY())
		r := w.radius[i] + w.radius[j] + gap
		if l := d.Len(); l > 0 && l < r {
			push = push.Add(d.Scale((r - l) / l))
		}
	}
	return push
}
