package scene

import (
	"diorama/mathx"
	"diorama/physics"
)

// Step advances the world by one fixed tick (1/TPS s):
//
//  1. the events of the last tick are emptied (World.Events) but for
//     the moves MoveTo refused since, and the entities removed since the
//     last tick started are freed;
//     every entity's position is kept as the previous one, for
//     interpolation (a bullet's is kept as physics starts to move it, in
//     step 4);
//  2. periodic tasks run (Tasks, in the order they were added);
//  3. movers sent with MoveTo get their velocities; the crowd (if
//     Crowd.Enable) takes the steered characters' positions, steps (unless
//     Crowd.StepAhead already did) and gives each the velocity that carries it
//     to its agent's new position;
//  4. characters' velocities go to their bodies; physics steps bodies,
//     then sweeps bullets against walls and bodies, and bullet lifetimes
//     count down;
//  5. characters take their new positions, face where they move and
//     advance their animation;
//  6. events are recorded, in this order: bullet hits (the scene removes
//     each bullet that hit), bullets leaving the map, touches, then
//     trigger enter/leave and pickups (collected and removed) in physics'
//     sensor order; the overlords woken by the triggers lock their doors;
//     arrivals and failed moves were recorded in step 3, and what the
//     tasks did (damage, deaths, doors) in step 2;
//  7. the bullets that ended are freed, then entities created and bullets
//     fired during the tick appear, in the order they were asked for.
//
// The game reads the events after Step returns (World.Events). In steady
// state (no new slots needed) Step does not allocate.
func (w *World) Step() {
	w.Events.reset()
	w.Events.failures = append(w.Events.failures, w.refused...)
	clear(w.refused)
	w.refused = w.refused[:0]
	w.freeRemoved()
	w.inTick = true
	b := &w.bullets
	for i, st := range w.state {
		if st == stLive {
			w.prev[i] = w.pos[i]
		}
	}
	// The bullets' previous positions are written by physics' bullet
	// workers as they move them (StepBullets, physics.Bullets.PrevX): no
	// serial pass over the pool. A free slot's previous position is never
	// read (Fire sets it).
	b.P.PrevX, b.P.PrevY = b.PX, b.PY

	w.Tasks.Run(w.tick)
	w.advanceFlashes()
	w.expire()
	w.steerMovers()
	w.steerCrowd()

	// Per-entity passes run on the physics' workers (World.SetWorkers):
	// each entity's work reads the world and writes only that entity (and
	// its own body), so the outcome is the same for any worker count.
	w.Phys.Parallel(len(w.state), w.velFn)
	w.Phys.Step(w.dt)
	// The bullets' rules (lifetimes, leaving the map) run on each chunk
	// of slots right after physics swept it, on the goroutine that swept
	// it (ruleRange).
	if n := physics.BulletChunks(&b.P); len(w.ruleLists) < n {
		w.ruleLists = append(w.ruleLists, make([][]uint32, n-len(w.ruleLists))...)
	}
	chunks := w.Phys.StepBulletsThen(&b.P, w.dt, w.ruleFn)
	w.Phys.Parallel(len(w.state), w.moveFn)
	w.bulletEvents()
	w.bulletRules(chunks)
	w.touchEvents()
	w.sensorEvents()
	w.wakeOverlords()

	w.inTick = false
	w.flush()
	w.tick++
	w.animateTiles()
}

// velRange hands the velocities of the live characters in slots
// [lo, hi) to their bodies: each run of consecutive live characters in
// one physics.Space.SetVelocities call (dying characters keep their
// bodies until the next tick starts, and their velocities, so they end a
// run).
func (w *World) velRange(_, lo, hi int) {
	state, kind := w.state[lo:hi], w.kind[lo:hi]
	kind = kind[:len(state)]
	for a := 0; a < len(state); {
		if state[a] != stLive || kind[a] != Character {
			a++
			continue
		}
		b := a + 1
		for b < len(state) && state[b] == stLive && kind[b] == Character {
			b++
		}
		_ = w.Phys.SetVelocities(w.body[lo+a:lo+b], w.vel[lo+a:lo+b]) // finite by construction
		a = b
	}
}

// moveRange is Step's pass after physics over slots [lo, hi): characters
// take their bodies' positions, face where they move and advance their
// animation; objects, pickups and effects play their clips too.
func (w *World) moveRange(_, lo, hi int) {
	// The slots' columns as local slices of one length: no bounds checks
	// and no reloads of the world's slice headers (setAnim writes the
	// same arrays through w).
	state := w.state[lo:hi]
	n := len(state)
	kind, look, body := w.kind[lo:hi][:n], w.look[lo:hi][:n], w.body[lo:hi][:n]
	pos, prev, vel, faceVec := w.pos[lo:hi][:n], w.prev[lo:hi][:n], w.vel[lo:hi][:n], w.faceVec[lo:hi][:n]
	dir, anim, player := w.dir[lo:hi][:n], w.anim[lo:hi][:n], w.player[lo:hi][:n]
	for o, st := range state {
		if st != stLive {
			continue
		}
		if kind[o] != Character {
			if look[o] != NoLook {
				player[o].Advance(1)
			}
			continue
		}
		i := lo + o
		p := w.Phys.Position(body[o])
		pos[o].X, pos[o].Y = p.X, p.Y
		l := w.lookOf(i)
		switch v := vel[o]; {
		case v.X != 0 || v.Y != 0:
			faceVec[o] = v // its angle is the facing (facingOf)
			if l != nil && len(l.Dirs.Angles) > 0 {
				// facingIndex and setAnim, their common case inline: the
				// last facing's arc holds the heading (facingIndex's
				// first test) and the state and facing stand with a clip
				// playing (setAnim's no-change test).
				sv := w.Grid.ScreenVec(mathx.Vec3{X: v.X, Y: v.Y})
				d := int(dir[o])
				if !w.lookSec[look[o]-1].holds(d, sv.X, sv.Y) {
					d = w.screenFacing(i, l, sv)
				}
				if moveState(pos[o], prev[o]) != anim[o] || int16(d) != dir[o] || player[o].Clip() == nil {
					w.setAnim(i, l, d)
				}
				break
			}
			w.setAnim(i, l, -1)
		case l != nil:
			// The facing and look are those of the last setAnim: its
			// facing index stands.
			w.setAnim(i, l, int(dir[o]))
		default:
			w.setAnim(i, nil, -1)
		}
		player[o].Advance(1)
	}
}

// edgeBit marks a slot in ruleLists that left the map (else its
// lifetime ran out).
const edgeBit uint32 = 1 << 31

// bulletRules applies the scene's rules for bullets: lifetimes count
// down, and a bullet that leaves the map (with one tile of margin) ends
// as an Edge hit. The per-slot pass ran on the physics' workers during
// the bullet sweep (ruleRange, each of the chunks noting its ended slots
// in slot order); the events and removals follow here in slot order on
// this goroutine, as one pass would make them.
func (w *World) bulletRules(chunks int) {
	b := &w.bullets
	for c := range chunks {
		for _, e := range w.ruleLists[c] {
			i := int(e &^ edgeBit)
			b.queueKill(i)
			if e&edgeBit != 0 {
				w.bulletHit(BulletHitEvent{
					Bullet: BulletID{Slot: int32(i), Gen: b.Gen[i]}, Owner: b.Owner[i], Damage: b.Damage[i],
					Tag: b.Tag[i], Wall: -1, Edge: true, Point: mathx.V2(b.P.X[i], b.P.Y[i]),
				})
			}
		}
	}
}

// ruleRange is bulletRules' pass over the slots [lo, hi) of bullet chunk
// c, just swept by physics (the bullets that hit are no longer Alive): it
// counts lifetimes down and notes the slots that ended, in slot order, in
// ruleLists[c]. It writes only those slots' TTL and that list.
func (w *World) ruleRange(c, lo, hi int) {
	b := &w.bullets
	edge := w.bounds.Expand(1)
	list := w.ruleLists[c][:0]
	if cap(list) < hi-lo {
		list = make([]uint32, 0, hi-lo) // once per chunk: at most one entry per slot
	}
	hi = min(hi, len(b.Used))
	if lo >= hi {
		w.ruleLists[c] = list
		return
	}
	// The chunk's columns as local slices of one length: no bounds checks
	// and no reloads of the pool's slice headers after the TTL stores.
	used, alive, killed := b.Used[lo:hi], b.P.Alive[lo:hi], b.killed[lo:hi]
	xs, ys, ttl := b.P.X[lo:hi], b.P.Y[lo:hi], b.TTL[lo:hi]
	xs, ys, ttl, alive, killed = xs[:len(used)], ys[:len(used)], ttl[:len(used)], alive[:len(used)], killed[:len(used)]
	for o, u := range used {
		if !u || !alive[o] || killed[o] {
			continue
		}
		if x, y := xs[o], ys[o]; x < edge.Min.X || y < edge.Min.Y || x > edge.Max.X || y > edge.Max.Y {
			list = append(list, uint32(lo+o)|edgeBit)
			continue
		}
		if t := ttl[o]; t > 0 {
			ttl[o] = t - 1
			if t == 1 {
				list = append(list, uint32(lo+o))
			}
		}
	}
	w.ruleLists[c] = list
}

// bulletEvents records one BulletHitEvent per bullet that ended this step,
// in physics' hit order, and queues its removal.
func (w *World) bulletEvents() {
	b := &w.bullets
	w.Events.hits = growCap(w.Events.hits, cap(b.P.Hits)) // grows with physics' list
	for k := range b.P.Hits {
		h := &b.P.Hits[k]
		i := int(h.Bullet)
		if i >= len(b.Used) || !b.Used[i] {
			continue
		}
		ev := BulletHitEvent{
			Bullet: BulletID{Slot: int32(i), Gen: b.Gen[i]},
			Owner:  b.Owner[i], Damage: b.Damage[i], Tag: b.Tag[i],
			Wall: -1, Point: h.Point, Normal: h.Normal,
		}
		switch h.Kind {
		case physics.HitWall:
			ev.Wall = int(h.Wall)
		case physics.HitBody:
			ev.Target = entityFromBits(w.Phys.UserData(h.Body))
		case physics.HitBounds:
			ev.Edge = true
		}
		b.queueKill(i) // the bullet leaves the render list
		w.bulletHit(ev)
	}
}

// bulletHit records a bullet hit and plays its sound.
func (w *World) bulletHit(ev BulletHitEvent) {
	w.Events.hits = append(w.Events.hits, ev)
	w.soundHit(&ev)
}

// sensorEvents turns physics sensor events into trigger and pickup events.
func (w *World) sensorEvents() {
	for _, se := range w.Phys.SensorEvents() {
		s := entityFromBits(w.Phys.UserData(se.Sensor))
		v := entityFromBits(w.Phys.UserData(se.Visitor))
		si, ok1 := w.slotOf(s)
		vi, ok2 := w.slotOf(v)
		if !ok1 || !ok2 || w.kind[vi] != Character {
			continue
		}
		switch w.kind[si] {
		case Trigger:
			w.Events.triggers = append(w.Events.triggers, TriggerEvent{Trigger: s, Visitor: v, Enter: se.Begin})
		case Pickup:
			if !se.Begin || !w.collector[vi] || w.state[si] != stLive || w.state[vi] != stLive {
				continue
			}
			w.kill(si)
			w.Events.pickups = append(w.Events.pickups, PickupEvent{Pickup: s, By: v, Class: w.class[si], Value: w.value[si]})
			w.soundPickup(si)
		}
	}
}

// freeRemoved frees the entities removed since the last Step started
// (Step's start).
func (w *World) freeRemoved() {
	for _, i := range w.removed {
		w.release(int(i))
	}
	w.removed = w.removed[:0]
}

// flush frees the bullets removed during the tick, then makes the
// entities created and the bullets fired during it appear (Step's end).
func (w *World) flush() {
	for _, i := range w.created {
		i := int(i)
		if w.state[i] != stPending {
			continue // created and removed in the same tick: already released
		}
		d := EntityDef{
			Kind: w.kind[i], Name: w.name[i], Pos: w.pos[i], Vel: w.vel[i], Radius: w.radius[i],
			Extent: w.extent[i], Layer: w.layer[i], Mask: w.mask[i], Mass: w.mass[i], Solid: w.solid[i],
		}
		if err := w.activate(i, &d); err != nil {
			w.release(i) // cannot happen for a checked definition; never leave a half-built entity
		}
	}
	w.created = w.created[:0]
	b := &w.bullets
	for _, i := range b.kill {
		b.release(int(i))
	}
	b.kill = b.kill[:0]
	for k := range b.pending {
		_ = b.add(&b.pending[k]) // checked by Fire
	}
	clear(b.pending)
	b.pending = b.pending[:0]
}

// expire counts lifetimes down and removes the entities whose time is up
// (freed when the next Step starts).
func (w *World) expire() {
	for i, n := range w.lifetime {
		if n <= 0 || w.state[i] != stLive {
			continue
		}
		w.lifetime[i] = n - 1
		if n == 1 {
			w.Remove(w.handle(i)) // live, so never stale
		}
	}
}
