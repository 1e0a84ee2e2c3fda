package scene

import (
	"testing"

	"diorama/internal/testenv"
	"diorama/mathx"
)

// TestEventsContract: Step empties the events and records the tick's;
// the game's calls between Steps append at once; the entities events
// name stay readable until the next Step frees them.
func TestEventsContract(t *testing.T) {
	w := testWorld(t, 16, 16, 1)
	hero := mustCreate(t, w, EntityDef{Kind: Character, Name: "hero", Pos: mathx.V3(3, 3, 0), Radius: 0.3, Health: 10, Collector: true})
	grunt := mustCreate(t, w, EntityDef{Kind: Character, Name: "grunt", Pos: mathx.V3(10, 3, 0), Radius: 0.3, Health: 3, Layer: 4})
	w.Bullets().Fire(BulletDef{Pos: mathx.V2(4, 3), Vel: mathx.V2(30, 0), Damage: 3, Owner: hero, Mask: 4, Tag: 7})
	ev := &w.Events
	var hit BulletHitEvent
	for k := 0; k < 30 && hit.Target.IsNil(); k++ {
		w.Step()
		if len(ev.Damages())+len(ev.Deaths()) != 0 {
			t.Fatal("damage before any hit")
		}
		for _, h := range ev.BulletHits() {
			hit = h
		}
	}
	if hit.Target != grunt || hit.Owner != hero || hit.Tag != 7 || hit.Damage != 3 {
		t.Fatalf("hit %+v", hit)
	}
	if w.Bullets().Len() != 0 {
		t.Fatal("the hit bullet is still in use after its Step")
	}
	// The game's pass: the hit's damage kills; Damages and Deaths have it
	// at once, the dead grunt is readable until the next Step.
	w.Damage(hit.Target, hit.Damage, hit.Owner)
	if d := ev.Damages(); len(d) != 1 || d[0] != (DamageEvent{Entity: grunt, Source: hero, Amount: 3, Health: 0}) {
		t.Fatalf("damages %+v", d)
	}
	if d := ev.Deaths(); len(d) != 1 || d[0] != (DeathEvent{Entity: grunt, Killer: hero}) {
		t.Fatalf("deaths %+v", d)
	}
	if !w.Valid(grunt) || w.Alive(grunt) || w.Name(grunt) != "grunt" || w.Len() != 1 {
		t.Fatalf("dead grunt: valid %v alive %v name %q, %d live", w.Valid(grunt), w.Alive(grunt), w.Name(grunt), w.Len())
	}
	w.Damage(grunt, 1, hero) // a dying entity is left alone
	if len(ev.Damages()) != 1 {
		t.Fatal("damage to a dying entity recorded")
	}
	w.Step()
	if w.Valid(grunt) || len(ev.Damages())+len(ev.Deaths())+len(ev.BulletHits()) != 0 {
		t.Fatalf("after the next Step: grunt valid %v, events %d %d %d", w.Valid(grunt), len(ev.Damages()), len(ev.Deaths()), len(ev.BulletHits()))
	}
}

// TestEventsNoAllocs: recording and reading events in steady state does
// not allocate, whether Step or the game's calls record them.
func TestEventsNoAllocs(t *testing.T) {
	w := testWorld(t, 16, 16, 1)
	hero := mustCreate(t, w, EntityDef{Kind: Character, Pos: mathx.V3(3, 3, 0), Radius: 0.3, Health: 1 << 30})
	n := 0
	tick := func() {
		w.Bullets().Fire(BulletDef{Pos: mathx.V2(8, 3), Vel: mathx.V2(-30, 0), Damage: 1, Mask: 1})
		w.Step()
		for _, h := range w.Events.BulletHits() {
			w.Damage(h.Target, h.Damage, h.Owner)
		}
		n += len(w.Events.Damages())
	}
	for range 30 {
		tick()
	}
	if a := testenv.AllocsOver(100, tick); a != 0 {
		t.Fatalf("%v allocations per tick", a)
	}
	if n < 100 || w.Health(hero) >= 1<<30 {
		t.Fatalf("%d damages recorded, health %d: the bullets did not hit", n, w.Health(hero))
	}
}
