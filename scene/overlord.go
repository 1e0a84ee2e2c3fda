package scene

import (
	"fmt"
	"slices"
	"strings"

	"diorama/mathx"
)

// Overlord is a per-zone wave controller: it wakes when a
// collector (the player) enters one of its triggers, locks the doors it
// names (until its wave is over and no other overlord at work names
// them), then spawns enemies at its spawn points in turn, one per tick,
// keeping at most MaxAlive of its enemies alive until it has spawned Wave
// in all. Image levels' JSON gives only the key names; this is their
// plain reading. An overlord is a scene rule: it runs inside Step through a
// periodic task and a trigger listener.
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
}

// Active reports whether the overlord has been woken.
func (o *Overlord) Active() bool { return o.active }

// Done reports whether its wave is over: every enemy spawned and dead.
func (o *Overlord) Done() bool { return o.done }

// Spawned returns how many enemies it has spawned.
func (o *Overlord) Spawned() int { return o.spawned }

// Alive returns how many of its enemies are alive (as of the last tick).
func (o *Overlord) Alive() int { return len(o.alive) }

// AddOverlord puts an overlord to work in w.
func (w *World) AddOverlord(o *Overlord) error {
	if o == nil || o.Spawn == nil || len(o.Spawns) == 0 || o.MaxAlive < 1 || o.Wave < 1 {
		return fmt.Errorf("scene: overlord needs spawn points, a Spawn function and MaxAlive, Wave >= 1")
	}
	for _, e := range append(o.Triggers[:len(o.Triggers):len(o.Triggers)], o.Spawns...) {
		if !w.Valid(e) {
			return fmt.Errorf("scene: overlord %q: %w", o.Name, ErrStale)
		}
	}
	o.alive = make([]Entity, 0, o.MaxAlive)
	w.Overlords = append(w.Overlords, o)
	if len(o.Triggers) == 0 {
		o.active = true
		w.lockDoors(o)
	}
	w.Events.Trigger.Subscribe(func(ev TriggerEvent) {
		if o.active || o.removed || !ev.Enter || !w.collector[ev.Visitor.Slot()] {
			return
		}
		for _, t := range o.Triggers {
			if t == ev.Trigger {
				o.active = true
				w.lockDoors(o)
				return
			}
		}
	})
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

// RemoveOverlord stops o: it wakes and spawns no more (its enemies stay),
// it leaves w.Overlords, and the doors it kept locked open unless another
// overlord at work names them. It reports whether o was in w.
func (w *World) RemoveOverlord(o *Overlord) bool {
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
// solid or not (physics and navigation, see SetSolid) and Events.Door
// says so; a trigger of class "door" of that name gets Value 1 or 0.
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
				if w.SetSolid(w.handle(int(i)), locked) == nil { // an object without a size cannot be solid
					w.Events.Door.Dispatch(DoorEvent{Door: w.handle(int(i)), Locked: locked, By: o})
				}
			}
		}
	}
}

// DoorEvent is dispatched when an overlord locks (makes solid) or
// unlocks a door object it names.
type DoorEvent struct {
	Door   Entity
	Locked bool
	By     *Overlord
}

// enemySpawner is a builder's Overlord.Spawn: a character of class
// "enemy" with the options' radius, health and look.
func enemySpawner(opt *BuildOptions) func(*World, mathx.Vec3) (Entity, error) {
	enemy := EntityDef{Kind: Character, Class: "enemy", Name: "enemy", Radius: opt.radius(), Health: opt.health(), Look: opt.look("enemy")}
	return func(w *World, at mathx.Vec3) (Entity, error) {
		d := enemy
		d.Pos = at
		return w.Create(d)
	}
}

// tiledOverlords makes an Overlord of each name shared by a Tiled map's
// triggers of class "overlord" (see BuildTiled), in the order the first
// of each name was created; two passes over the entities.
func tiledOverlords(w *World, opt *BuildOptions) error {
	spawn := enemySpawner(opt)
	var order []*Overlord
	byName := map[string]*Overlord{}
	for i, st := range w.state {
		isTrigger := st == stLive && w.kind[i] == Trigger && w.class[i] == "overlord"
		if o := byName[w.name[i]]; isTrigger && o == nil {
			p := w.props[i]
			o = &Overlord{Name: w.name[i], MaxAlive: int(p.Int("max_in_level", 4)), Wave: int(p.Int("spawns_in_wave", 6)), Spawn: spawn}
			if o.MaxAlive < 1 || o.MaxAlive > maxOverlordAlive || o.Wave < 1 || o.Wave > maxOverlordWave {
				return fmt.Errorf("overlord %q: max_in_level %d and spawns_in_wave %d must be 1..%d and 1..%d", o.Name, o.MaxAlive, o.Wave, maxOverlordAlive, maxOverlordWave)
			}
			for _, d := range strings.Split(p.String("lock_on_entry", ""), ",") {
				if d = strings.TrimSpace(d); d != "" {
					o.Locks = append(o.Locks, d)
				}
			}
			byName[o.Name] = o
			order = append(order, o)
		}
	}
	for i, st := range w.state {
		if o := byName[w.name[i]]; o != nil && st == stLive {
			switch {
			case w.kind[i] == Trigger && w.class[i] == "overlord":
				o.Triggers = append(o.Triggers, w.handle(i))
			case w.kind[i] == SpawnPoint:
				o.Spawns = append(o.Spawns, w.handle(i))
			}
		}
	}
	for _, o := range order {
		if len(o.Spawns) == 0 {
			return fmt.Errorf("overlord %q has no spawn point (a point or an object of class \"spawn\" named %q)", o.Name, o.Name)
		}
		if err := w.AddOverlord(o); err != nil {
			return err
		}
	}
	return nil
}

// Bounds on a Tiled overlord's properties.
const (
	maxOverlordAlive = 1024
	maxOverlordWave  = 1 << 20
)
