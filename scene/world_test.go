package scene

import (
	"slices"
	"testing"
	"time"

	"diorama/iso"
	"diorama/loop"
	"diorama/mathx"
	"diorama/physics"
)

func testWorld(t testing.TB, cols, rows int, seed uint64) *World {
	t.Helper()
	p, err := iso.Dimetric(32)
	if err != nil {
		t.Fatal(err)
	}
	g, err := iso.NewDiamond(p, cols, rows)
	if err != nil {
		t.Fatal(err)
	}
	w, err := NewWorld(Config{Grid: g, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	return w
}

func mustCreate(t testing.TB, w *World, d EntityDef) Entity {
	t.Helper()
	e, err := w.Create(d)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func TestCreateRemoveHandles(t *testing.T) {
	w := testWorld(t, 8, 8, 1)
	a := mustCreate(t, w, EntityDef{Kind: Object, Name: "a", Pos: mathx.V3(1, 1, 0)})
	b := mustCreate(t, w, EntityDef{Kind: Character, Name: "b", Pos: mathx.V3(2, 2, 0), Radius: 0.3, Health: 5})
	if w.Len() != 2 || !w.Alive(a) || !w.Alive(b) {
		t.Fatalf("Len %d, alive %v %v", w.Len(), w.Alive(a), w.Alive(b))
	}
	if w.Body(a).IsNil() == false {
		t.Fatal("non-solid object got a body")
	}
	if w.Body(b).IsNil() || w.Phys.Position(w.Body(b)) != mathx.V2(2, 2) {
		t.Fatalf("character body %v at %v", w.Body(b), w.Phys.Position(w.Body(b)))
	}
	if !w.Remove(a) {
		t.Fatal("not removed")
	}
	if w.Valid(a) || w.Remove(a) || w.Pos(a) != (mathx.Vec3{}) {
		t.Fatal("removed handle still resolves")
	}
	c := mustCreate(t, w, EntityDef{Kind: Object, Name: "c"})
	if c.Slot() != a.Slot() || c == a {
		t.Fatalf("slot reuse: a=%v c=%v", a, c)
	}
	if w.Valid(a) || w.Name(c) != "c" {
		t.Fatal("stale handle aliases the new entity")
	}
	if w.Remove(Entity{}) {
		t.Fatal("removing the nil handle reported a removal")
	}
}

func TestCreateRejectsBadDefs(t *testing.T) {
	w := testWorld(t, 4, 4, 1)
	nan := 0.0
	nan = nan / nan
	bad := []EntityDef{
		{},
		{Kind: 99},
		{Kind: Object, Pos: mathx.V3(nan, 0, 0)},
		{Kind: Object, Radius: -1},
		{Kind: Character},
		{Kind: Trigger},
		{Kind: Object, Look: 3},
		{Kind: Object, Pos: mathx.V3(2e12, 0, 0)},
	}
	for k, d := range bad {
		if _, err := w.Create(d); err == nil {
			t.Errorf("def %d accepted", k)
		}
	}
	if w.Len() != 0 || len(w.state) != 0 || w.Phys.BodyCount() != 0 {
		t.Fatalf("rejected defs left state: %d entities, %d slots, %d bodies", w.Len(), len(w.state), w.Phys.BodyCount())
	}
}

// TestDeferredCreateRemove checks that entities created or removed during
// a tick (from a task) change nothing the tick is iterating over: new
// entities land at its end, removed ones are readable until the next
// Step frees them.
func TestDeferredCreateRemove(t *testing.T) {
	w := testWorld(t, 16, 16, 1)
	var chars []Entity
	for k := 0; k < 4; k++ {
		chars = append(chars, mustCreate(t, w, EntityDef{Kind: Character, Name: "c", Pos: mathx.V3(2+2*float64(k), 2, 0), Radius: 0.3, Health: 3}))
	}
	var created Entity
	var seenDuring []Entity
	var lenDuring int
	w.Tasks.Every(1, func(tick uint64) bool {
		// Remove every other character and create a new one while walking.
		w.Each(Character, func(e Entity) {
			seenDuring = append(seenDuring, e)
			if e.Slot()%2 == 0 {
				if !w.Remove(e) {
					t.Error("not removed")
				}
			}
		})
		var err error
		created, err = w.Create(EntityDef{Kind: Character, Name: "new", Pos: mathx.V3(9, 9, 0), Radius: 0.3})
		if err != nil {
			t.Error(err)
		}
		if !w.Valid(created) || w.Alive(created) || !w.Body(created).IsNil() {
			t.Error("created entity is not pending during the tick")
		}
		if w.Alive(chars[0]) || !w.Valid(chars[0]) {
			t.Error("removed entity is not pending removal during the tick")
		}
		lenDuring = w.Len()
		return true
	})
	bodies := w.Phys.BodyCount()
	w.Step()
	if !slices.Equal(seenDuring, chars) {
		t.Fatalf("walk saw %v, want %v", seenDuring, chars)
	}
	if lenDuring != 2 {
		t.Fatalf("Len during the tick %d, want 2", lenDuring)
	}
	// Removed entities are gone from the world but readable until the
	// next Step frees them (their bodies too).
	if w.Alive(chars[0]) || w.Alive(chars[2]) || !w.Valid(chars[0]) || w.Name(chars[2]) != "c" || !w.Alive(chars[1]) || !w.Alive(chars[3]) {
		t.Fatal("removals did not land at the end of the tick")
	}
	if !w.Alive(created) || w.Body(created).IsNil() || w.Len() != 3 {
		t.Fatalf("creation did not land: alive %v, Len %d", w.Alive(created), w.Len())
	}
	if w.Phys.BodyCount() != bodies+1 {
		t.Fatalf("bodies %d, want %d", w.Phys.BodyCount(), bodies+1)
	}
	// The new entity reused a freed slot only after the tick (it was
	// created while the removed slots were still pending).
	if created.Slot() != 4 {
		t.Fatalf("created in slot %d, want 4 (no reuse of slots pending removal)", created.Slot())
	}
	// Created and removed in the same tick: never appears.
	var ghost Entity
	w.Tasks.Every(1, func(uint64) bool {
		ghost, _ = w.Create(EntityDef{Kind: Pickup, Name: "ghost", Pos: mathx.V3(3, 3, 0)})
		if !w.Remove(ghost) {
			t.Error("not removed")
		}
		return true
	})
	n := w.Phys.BodyCount()
	w.Step()
	if w.Valid(chars[0]) || w.Valid(chars[2]) || w.Phys.BodyCount() != n-2 {
		t.Fatalf("removed entities not freed by the next Step: bodies %d→%d", n, w.Phys.BodyCount())
	}
	if w.Alive(ghost) || !w.Body(ghost).IsNil() || w.Len() != 3 {
		t.Fatalf("ghost came alive: alive %v, body %v, Len %d", w.Alive(ghost), w.Body(ghost), w.Len())
	}
	w.Step()
	if w.Valid(ghost) || w.Len() != 3 {
		t.Fatalf("ghost not freed: valid %v", w.Valid(ghost))
	}
}

// TestBulletCollideIsoMob is IsoMob's Listing 5.1: a bullet hits objA; objA
// takes damage, objB shows a ricochet, the scene removes the bullet. The
// game's reactions are a pass over the Step's hits after it.
func TestBulletCollideIsoMob(t *testing.T) {
	w := testWorld(t, 16, 16, 1)
	shooter := mustCreate(t, w, EntityDef{Kind: Character, Name: "shooter", Pos: mathx.V3(2, 5, 0), Radius: 0.3, Health: 10, Layer: 2})
	objA := mustCreate(t, w, EntityDef{Kind: Character, Name: "objA", Pos: mathx.V3(8, 5, 0), Radius: 0.5, Health: 10, Layer: 4})
	objB := mustCreate(t, w, EntityDef{Kind: Object, Name: "objB", Pos: mathx.V3(8, 9, 0)})

	var order []string
	var ricochets []mathx.Vec2
	var damages []DamageEvent
	react := func() {
		for _, h := range w.Events.BulletHits() {
			if h.Target == objA { // objA.takeDamage
				order = append(order, "takeDamage")
				w.Damage(objA, h.Damage, h.Owner)
			}
			order = append(order, "showRicochet") // objB.showRicochet
			ricochets = append(ricochets, h.Point)
			if !w.Valid(objB) {
				t.Error("objB gone")
			}
			if h.Owner != shooter || h.Damage != 3 {
				t.Errorf("hit %+v: not the shooter's bullet", h)
			}
		}
		// The damage the pass did is read after it, in the same slice.
		damages = append(damages, w.Events.Damages()...)
	}

	// 6 units/s from x=2.31 to the target's surface at x=7.5: 5.19 units,
	// 0.865 s, the hit comes on tick 52 at 60 TPS.
	w.Bullets().Fire(BulletDef{Pos: mathx.V2(2.31, 5), Vel: mathx.V2(6, 0), Damage: 3, Owner: shooter, Mask: 4})
	if w.Bullets().Len() != 1 {
		t.Fatal("bullet not fired")
	}
	hitTick := -1
	for k := 0; k < 100 && hitTick < 0; k++ {
		w.Step()
		react()
		if len(order) > 0 {
			hitTick = k + 1
		}
	}
	if hitTick != 52 {
		t.Fatalf("hit on tick %d, want 52", hitTick)
	}
	if want := []string{"takeDamage", "showRicochet"}; !slices.Equal(order, want) {
		t.Fatalf("reaction order %v, want %v", order, want)
	}
	if w.Health(objA) != 7 || len(damages) != 1 || damages[0] != (DamageEvent{Entity: objA, Source: shooter, Amount: 3, Health: 7}) {
		t.Fatalf("health %d, damages %+v", w.Health(objA), damages)
	}
	if len(ricochets) != 1 || !ricochets[0].ApproxEqual(mathx.V2(7.5, 5), 1e-9) {
		t.Fatalf("ricochet at %v, want (7.5,5)", ricochets)
	}
	if w.Bullets().Len() != 0 || w.Bullets().P.Live() != 0 {
		t.Fatalf("bullet not removed: %d in use", w.Bullets().Len())
	}
}

func TestDamageDeathAndPickup(t *testing.T) {
	w := testWorld(t, 16, 16, 1)
	hero := mustCreate(t, w, EntityDef{Kind: Character, Name: "hero", Pos: mathx.V3(3, 3, 0), Radius: 0.3, Health: 10, Collector: true})
	grunt := mustCreate(t, w, EntityDef{Kind: Character, Name: "grunt", Pos: mathx.V3(10, 10, 0), Radius: 0.3, Health: 2})
	med := mustCreate(t, w, EntityDef{Kind: Pickup, Class: "health", Pos: mathx.V3(4, 3, 0), Value: 5})
	var picks []PickupEvent
	if w.Damage(hero, 6, grunt); w.Health(hero) != 4 {
		t.Fatalf("hero health %d", w.Health(hero))
	}
	w.Damage(grunt, 5, hero)
	// A death the game causes between Steps is in Deaths at once; the
	// dead entity stays readable, not alive, until the next Step.
	deaths := w.Events.Deaths()
	if len(deaths) != 1 || deaths[0] != (DeathEvent{Entity: grunt, Killer: hero}) || !w.Valid(grunt) || w.Alive(grunt) || w.Pos(grunt) != mathx.V3(10, 10, 0) {
		t.Fatalf("deaths %+v, grunt valid %v alive %v", deaths, w.Valid(grunt), w.Alive(grunt))
	}
	// Walk right onto the pickup at 2 units/s.
	w.SetVelocity(hero, mathx.V2(2, 0))
	for k := 0; k < 30 && len(picks) == 0; k++ {
		w.Step()
		if k == 0 && (w.Valid(grunt) || len(w.Events.Deaths()) != 0) {
			t.Fatalf("after a Step: grunt valid %v, deaths %+v", w.Valid(grunt), w.Events.Deaths())
		}
		for _, p := range w.Events.Pickups() {
			picks = append(picks, p)
			// The game decides what a pickup does; this one heals.
			w.Damage(p.By, -p.Value, p.Pickup)
			if w.Alive(med) || w.Class(med) != "health" {
				t.Fatalf("a taken pickup: alive %v, class %q", w.Alive(med), w.Class(med))
			}
		}
	}
	w.Step()
	if len(picks) != 1 || picks[0].Pickup != med || picks[0].By != hero || picks[0].Value != 5 {
		t.Fatalf("pickups %+v", picks)
	}
	if w.Health(hero) != 9 || w.Valid(med) {
		t.Fatalf("hero health %d (want 4+5), pickup valid %v", w.Health(hero), w.Valid(med))
	}
	if f := w.Looks().Facing(hero); f != 0 || w.Looks().Anim(hero) != Walk {
		t.Fatalf("facing %v anim %v", f, w.Looks().Anim(hero))
	}
	if msg := panics(func() { w.SetVelocity(med, mathx.V2(1, 0)) }); msg != "" {
		t.Fatalf("velocity on a removed pickup: %s", msg)
	}
}

func TestTriggerEvents(t *testing.T) {
	w := testWorld(t, 16, 16, 1)
	trig := mustCreate(t, w, EntityDef{Kind: Trigger, Name: "door", Pos: mathx.V3(6, 4, 0), Extent: mathx.V2(0.5, 2)})
	hero := mustCreate(t, w, EntityDef{Kind: Character, Name: "hero", Pos: mathx.V3(3, 4, 0), Radius: 0.25})
	var evs []TriggerEvent
	var ticks []uint64
	w.SetVelocity(hero, mathx.V2(3, 0))
	for k := 0; k < 120; k++ {
		tick := w.Tick()
		w.Step()
		for _, e := range w.Events.Triggers() {
			evs, ticks = append(evs, e), append(ticks, tick)
		}
	}
	if len(evs) != 2 || evs[0] != (TriggerEvent{Trigger: trig, Visitor: hero, Enter: true}) || evs[1].Enter {
		t.Fatalf("events %+v", evs)
	}
	// Enter when the circle's edge reaches x=5.5 (2.25 units at 3/s: tick
	// 45); leave when it passes x=6.5 (3.75 units: tick 75).
	if ticks[0] != 44 && ticks[0] != 45 || ticks[1] != 74 && ticks[1] != 75 {
		t.Fatalf("enter at tick %d, leave at %d", ticks[0], ticks[1])
	}
	if p := w.Pos(hero); !mathx.ApproxEqual(p.X, 9, 1e-9) {
		t.Fatalf("hero at %v after 2 s at 3/s from x=3", p)
	}
}

func TestBulletsHitWallsAndExpire(t *testing.T) {
	w := testWorld(t, 16, 16, 1)
	if _, err := w.Phys.AddWall(mathx.AABB{Min: mathx.V2(10, 0), Max: mathx.V2(11, 16)}, 1); err != nil {
		t.Fatal(err)
	}
	var hits []BulletHitEvent
	must := func(d BulletDef) {
		w.Bullets().Fire(d)
	}
	must(BulletDef{Pos: mathx.V2(5, 3), Vel: mathx.V2(40, 0)})
	must(BulletDef{Pos: mathx.V2(5, 6), Vel: mathx.V2(-10, 0), TTL: 10})
	must(BulletDef{Pos: mathx.V2(5, 9), Vel: mathx.V2(0, -20)})
	wantPanic(t, "Bullets.Fire", func() { w.Bullets().Fire(BulletDef{Radius: 2}) })
	for k := 0; k < 10; k++ {
		w.Step()
		hits = append(hits, w.Events.BulletHits()...)
	}
	if w.Bullets().Len() != 1 {
		t.Fatalf("%d bullets after 10 ticks, want 1 (one hit the wall, one expired)", w.Bullets().Len())
	}
	if len(hits) != 1 || hits[0].Wall < 0 || hits[0].Target != (Entity{}) || !hits[0].Point.ApproxEqual(mathx.V2(10, 3), 1e-9) {
		t.Fatalf("hits %+v", hits)
	}
	for k := 0; k < 60; k++ {
		w.Step()
		hits = append(hits, w.Events.BulletHits()...)
	}
	// 20 units/s up from y=9 leaves the map plus its one-tile margin
	// (y < -1) after 10 units: the tick after 0.5 s.
	if len(hits) != 2 || !hits[1].Edge || hits[1].Point.Y >= -1 || hits[1].Point.Y < -1.34 || w.Bullets().Len() != 0 {
		t.Fatalf("hits %+v, %d bullets", hits, w.Bullets().Len())
	}
}

// TestFireDuringTickIsDeferred fires from a task during Step (deferred
// to the tick's end) and from the game's pass over the hits after Step
// (at once, into the slot the hit bullet freed).
func TestFireDuringTickIsDeferred(t *testing.T) {
	w := testWorld(t, 16, 16, 1)
	e := mustCreate(t, w, EntityDef{Kind: Object, Name: "post", Pos: mathx.V3(8, 8, 0), Radius: 0.5})
	fired := 0
	w.Tasks.Every(1, func(tick uint64) bool {
		if tick == 0 {
			w.Bullets().Fire(BulletDef{Pos: mathx.V2(5, 8), Vel: mathx.V2(10, 0)})
			if w.Bullets().Len() != 0 {
				t.Error("a bullet fired during Step is in use before the tick ends")
			}
		}
		return tick > 0
	})
	for k := 0; k < 30; k++ {
		w.Step()
		for _, h := range w.Events.BulletHits() {
			if h.Target == e && fired < 3 {
				fired++
				// Fire back from the hit point.
				w.Bullets().Fire(BulletDef{Pos: h.Point.Add(h.Normal.Scale(0.01)), Vel: h.Normal.Scale(5), Owner: e})
				if w.Bullets().Len() != 1 || w.Bullets().Owner[h.Bullet.Slot] != e {
					t.Errorf("fired after the Step: %d bullets, slot %d owner %v", w.Bullets().Len(), h.Bullet.Slot, w.Bullets().Owner[h.Bullet.Slot])
				}
			}
		}
	}
	if fired != 1 || w.Bullets().Len() != 1 || w.Bullets().P.VX[0] != -5 {
		t.Fatalf("fired %d, %d bullets, vx %v", fired, w.Bullets().Len(), w.Bullets().P.VX[0])
	}
	_ = physics.HitWall
}

// TestPeriodicTasksIsoMob runs IsoMob's 33/99/330/990 ms tasks on a 30 TPS
// world: periods of 1, 3, 10 and 30 ticks, run before the physics of each
// tick with the tick's number; a task that reports done is dropped.
func TestPeriodicTasksIsoMob(t *testing.T) {
	p, _ := iso.Dimetric(32)
	g, _ := iso.NewDiamond(p, 4, 4)
	w, err := NewWorld(Config{Grid: g, TPS: 30})
	if err != nil {
		t.Fatal(err)
	}
	step := time.Second / 30
	var runs [4]int
	var last [4]uint64
	for k, ms := range []int{33, 99, 330, 990} {
		k := k
		period := loop.TicksFor(time.Duration(ms)*time.Millisecond, step)
		w.Tasks.Every(period, func(tick uint64) bool {
			runs[k]++
			last[k] = tick
			if tick != w.Tick() {
				t.Errorf("task got tick %d during tick %d", tick, w.Tick())
			}
			return k == 3 // the 990 ms task is done after its first run
		})
	}
	for k := 0; k < 90; k++ {
		w.Step()
	}
	if runs != [4]int{90, 30, 9, 1} || last != [4]uint64{89, 89, 89, 29} || w.Tasks.Len() != 3 {
		t.Fatalf("runs %v last ticks %v, %d tasks left", runs, last, w.Tasks.Len())
	}
}

// TestPickupClassHasNoMeaning: the world gives no pickup class a rule of
// its own; a "health" pickup collected with no game rule heals nothing.
func TestPickupClassHasNoMeaning(t *testing.T) {
	w := testWorld(t, 16, 16, 1)
	hero := mustCreate(t, w, EntityDef{Kind: Character, Name: "hero", Pos: mathx.V3(3, 3, 0), Radius: 0.3, Health: 10, Collector: true})
	med := mustCreate(t, w, EntityDef{Kind: Pickup, Class: "health", Pos: mathx.V3(4, 3, 0), Value: 5})
	w.Damage(hero, 6, Entity{})
	w.SetVelocity(hero, mathx.V2(2, 0))
	for k := 0; k < 30 && w.Valid(med); k++ {
		w.Step()
	}
	if w.Valid(med) {
		t.Fatal("the pickup was not collected")
	}
	if h := w.Health(hero); h != 4 {
		t.Fatalf("health %d after collecting a \"health\" pickup with no game rule, want 4", h)
	}
}
