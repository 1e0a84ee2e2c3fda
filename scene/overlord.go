package scene

import (
	"fmt"
	"slices"

	"diorama/mathx"
)

// Overlord is a per-zone wave controller: it wakes when a
// collector (the player) enters one of its triggers, locks the doors it
// names (until its wave is over and no other overlord at work names
// them), then spawns enemies at its spawn points in turn, one per tick,
// keeping at most MaxAlive of its enemies alive until it has spawned Wave
// in all. Image levels' JSON gives only the key names; this is their
// plain reading. An overlord is a scene rule: it runs inside Step through a
// periodic task and a pass over the tick's triggers (Events.Triggers).
type Overlord struct {
	Name string // for logs and entity names
	// Triggers wake it (an overlord with none is awake from the start: a
	// level-wide wave); Spawns are where its enemies appear (round robin).
	Triggers, Spawns []Entity
	// Locks are the names of door entities locked on entry (their Value
	// becomes 1).
	Locks []string
	// MaxAlive is the cap on its enemies alive at once; Wave the total.
	MaxAlive, Wave int
	// Spawn creates one enemy standing at at.
	Spawn func(w *World, at mathx.Vec3) (Entity, error)

	active  bool
	done    bool
	removed bool
	spawned int
	next    int
	alive   []Entity
	w       *World // the world it works in (Start)
}

// Active reports whether the overlord has been woken.
func (o *Overlord) Active() bool { return o.active }

// Done reports whether its wave is over: every enemy spawned and dead.
func (o *Overlord) Done() bool { return o.done }

// Spawned returns how many enemies it has spawned.
func (o *Overlord) Spawned() int { return o.spawned }

// Alive returns how many of its enemies are alive (as of the last tick).
func (o *Overlord) Alive() int { return len(o.alive) }

// Start puts the overlord to work in w (it joins w.Overlords). An
// overlord without spawn points, a Spawn function or MaxAlive, Wave >= 1,
// with a stale trigger or spawn point, or already started, is an error.
func (o *Overlord) Start(w *World) error {
	if o != nil && o.w != nil {
		return fmt.Errorf("scene: overlord %q already started", o.Name)
	}
	if o == nil || o.Spawn == nil || len(o.Spawns) == 0 || o.MaxAlive < 1 || o.Wave < 1 {
		return fmt.Errorf("scene: overlord needs spawn points, a Spawn function and MaxAlive, Wave >= 1")
	}
	for _, e := range append(o.Triggers[:len(o.Triggers):len(o.Triggers)], o.Spawns...) {
		if !w.Valid(e) {
			return fmt.Errorf("scene: overlord %q: %w", o.Name, ErrStale)
		}
	}
	o.alive = make([]Entity, 0, o.MaxAlive)
	o.w = w
	w.Overlords = append(w.Overlords, o)
	if len(o.Triggers) == 0 {
		o.active = true
		w.lockDoors(o)
	}
	w.Tasks.Every(1, func(uint64) bool {
		if o.removed {
			return true
		}
		k := 0
		for _, e := range o.alive {
			if w.Valid(e) && w.state[e.Slot()] != stDying {
				o.alive[k] = e
				k++
			}
		}
		o.alive = o.alive[:k]
		if !o.active {
			return false
		}
		if o.spawned >= o.Wave {
			if len(o.alive) == 0 { // the wave is over: its doors open
				o.done = true
				w.lockDoors(o)
			}
			return o.done
		}
		if len(o.alive) < o.MaxAlive {
			sp := o.Spawns[o.next%len(o.Spawns)]
			o.next++
			if e, err := o.Spawn(w, w.Pos(sp)); err == nil {
				o.alive = append(o.alive, e)
				o.spawned++
			}
		}
		return false
	})
	return nil
}

// wakeOverlords is Step's pass over the tick's triggers: an overlord at
// work that one of its triggers' visitors (a collector) entered wakes and
// locks its doors; events in order, overlords in the order they started.
func (w *World) wakeOverlords() {
	for _, ev := range w.Events.triggers {
		if !ev.Enter || !w.collector[ev.Visitor.Slot()] {
			continue
		}
		for _, o := range w.Overlords {
			if !o.active && !o.removed && slices.Contains(o.Triggers, ev.Trigger) {
				o.active = true
				w.lockDoors(o)
			}
		}
	}
}

// Stop stops the overlord: it wakes and spawns no more (its enemies
// stay), it leaves its world's Overlords, and the doors it kept locked
// open unless another overlord at work names them. It reports whether it
// was at work.
func (o *Overlord) Stop() bool {
	w := o.w
	if w == nil {
		return false
	}
	i := slices.Index(w.Overlords, o)
	if i < 0 {
		return false
	}
	w.Overlords = slices.Delete(w.Overlords, i, i+1)
	o.removed, o.active = true, false
	w.lockDoors(o)
	return true
}

// lockDoors locks or unlocks the doors o names, after o woke or its
// wave ended: a door is locked while any overlord at work (woken, its
// wave not over) names it. An object of that name with a size is made
// solid or not (physics and navigation, see SetSolid) and a DoorEvent
// says so (Events.Doors); a trigger of class "door" of that name gets Value 1 or 0.
// Doors no changing overlord names keep their state (an image level's
// door locked from the start).
func (w *World) lockDoors(o *Overlord) {
	for _, name := range o.Locks {
		locked := false
		for _, p := range w.Overlords {
			if p.active && !p.done && slices.Contains(p.Locks, name) {
				locked = true
				break
			}
		}
		for _, i := range w.byName[name] {
			switch {
			case w.state[i] != stLive:
			case w.kind[i] == Trigger && w.class[i] == "door":
				w.value[i] = 0
				if locked {
					w.value[i] = 1
				}
			case w.kind[i] == Object && w.solid[i] != locked:
				if w.extent[i] != (mathx.Vec2{}) || w.radius[i] > 0 { // an object without a size cannot be solid
					w.SetSolid(w.handle(int(i)), locked)
					w.Events.doors = append(w.Events.doors, DoorEvent{Door: w.handle(int(i)), Locked: locked, By: o})
					w.soundDoor(int(i))
				}
			}
		}
	}
}

// DoorEvent reports an overlord that locked (made solid) or unlocked a
// door object it names (Events.Doors).
type DoorEvent struct {
	Door   Entity
	Locked bool
	By     *Overlord
}
