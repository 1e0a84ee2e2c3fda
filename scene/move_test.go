package scene

import (
	"math"
	"slices"
	"testing"

	"diorama/internal/testenv"
	"diorama/iso"
	"diorama/mathx"
	"diorama/physics"
)

// roomWorld is a 16×10 orthogonal world with a border wall and a wall
// across x = 8 with a one-tile gap at y = 8 (row 8); an Object door
// entity (solid, 1×1) sits in the gap when door is set.
func roomWorld(t *testing.T, door bool) (*World, Entity) {
	t.Helper()
	const cols, rows = 16, 10
	g, err := iso.NewOrthogonal(32, 32, 32, cols, rows, iso.RightDown)
	if err != nil {
		t.Fatal(err)
	}
	w, err := NewWorld(Config{Grid: g, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	solid := make([]bool, cols*rows)
	for x := 0; x < cols; x++ {
		solid[x], solid[(rows-1)*cols+x] = true, true
	}
	for y := 0; y < rows; y++ {
		solid[y*cols], solid[y*cols+cols-1] = true, true
		if y != 8 {
			solid[y*cols+8] = true
		}
	}
	if _, _, err := w.Phys.AddSolidTiles(physics.SolidTiles{Cols: cols, Rows: rows, TileW: 1, TileH: 1, Solid: solid}); err != nil {
		t.Fatal(err)
	}
	var d Entity
	if door {
		d = mustCreate(t, w, EntityDef{Kind: Object, Name: "door", Pos: mathx.V3(8.5, 8.5, 0), Extent: mathx.V2(0.5, 0.5), Solid: true})
	}
	return w, d
}

// TestMoveToAroundWalls: a character sent across the wall walks through
// the gap, never inside a wall tile, arrives once and stops.
func TestMoveToAroundWalls(t *testing.T) {
	w, _ := roomWorld(t, false)
	hero := mustCreate(t, w, EntityDef{Kind: Character, Name: "hero", Pos: mathx.V3(3.5, 2.5, 0), Radius: 0.3})
	var arrived []ArrivedEvent
	goal := mathx.V2(12.5, 2.5)
	w.Nav().MoveTo(hero, goal, 4)
	if p := w.Nav().MovePath(hero); len(p) < 3 {
		t.Fatalf("path %v does not go round the wall", p)
	}
	n, _ := w.Nav().Floor()
	for tick := 0; tick < 600 && w.Nav().Moving(hero); tick++ {
		w.Step()
		arrived = append(arrived, w.Events.Arrivals()...)
		for _, f := range w.Events.MoveFailures() {
			t.Fatalf("move failed: %v", f.Err)
		}
		p := w.Pos(hero)
		if n.Blocked(int(p.X), int(p.Y)) {
			t.Fatalf("tick %d: hero at %v inside a wall tile", tick, p)
		}
	}
	if len(arrived) != 1 || arrived[0].Entity != hero || arrived[0].Goal != goal {
		t.Fatalf("arrivals %v", arrived)
	}
	if d := w.Pos(hero).XY().Dist(goal); d > 0.2 {
		t.Fatalf("stopped %v from the goal", d)
	}
	if w.Velocity(hero) != (mathx.Vec2{}) {
		t.Fatal("still moving after arriving")
	}
	if w.Tick() > 400 {
		t.Fatalf("took %d ticks for a ~17-tile walk at 4 tiles/s", w.Tick())
	}
}

// TestDoorIsOneCall: a solid door object blocks physics and paths; one
// SetSolid(false) opens both, SetSolid(true) closes both, and a mover
// whose path crossed it plans again on its next tick.
func TestDoorIsOneCall(t *testing.T) {
	w, door := roomWorld(t, true)
	hero := mustCreate(t, w, EntityDef{Kind: Character, Name: "hero", Pos: mathx.V3(3.5, 7.5, 0), Radius: 0.3})
	goal := mathx.V2(12.5, 7.5)
	w.Nav().MoveTo(hero, goal, 4) // refused at once: in the next Step's MoveFailures
	if w.Nav().Moving(hero) || len(w.Events.MoveFailures()) != 0 {
		t.Fatal("a refused move is moving or reported before the Step")
	}
	w.Step()
	failed := slices.Clone(w.Events.MoveFailures())
	if len(failed) != 1 || failed[0].Entity != hero || failed[0].Goal != goal || w.Nav().Moving(hero) {
		t.Fatalf("closed door: %d failures, moving %v", len(failed), w.Nav().Moving(hero))
	}
	n, _ := w.Nav().Floor()
	if !n.Blocked(8, 8) {
		t.Fatal("door tile not blocked in the navigation")
	}
	w.SetSolid(door, false)
	if n.Blocked(8, 8) {
		t.Fatal("open door still blocks the navigation")
	}
	if !w.Body(door).IsNil() || w.Phys.BodyCount() != 1 {
		t.Fatal("open door still has a body")
	}
	if w.Nav().MoveTo(hero, goal, 4); !w.Nav().Moving(hero) {
		t.Fatalf("open door: moving %v", w.Nav().Moving(hero))
	}
	v0 := n.Version()
	// Close it again while the hero walks: it must plan again at once and
	// fail (the door is the only way), never walking through.
	for range 10 {
		w.Step()
		failed = append(failed, w.Events.MoveFailures()...)
	}
	w.SetSolid(door, true)
	if n.Version() == v0 {
		t.Fatal("closing the door did not change the navigation")
	}
	w.Step()
	failed = append(failed, w.Events.MoveFailures()...)
	if w.Nav().Moving(hero) || len(failed) != 2 {
		t.Fatalf("after closing: moving %v, %d failures", w.Nav().Moving(hero), len(failed))
	}
	for range 120 {
		w.Step()
		if x := w.Pos(hero).X; x > 8 {
			t.Fatalf("walked through the closed door: x %v", x)
		}
	}
	wantPanic(t, "World.SetSolid", func() { w.SetSolid(hero, true) })
	if !w.Remove(door) {
		t.Fatal("not removed")
	}
	if n.Blocked(8, 8) {
		t.Fatal("removed door still blocks")
	}
	wantPanic(t, "Navigator.MoveTo", func() { w.Nav().MoveTo(hero, mathx.V2(-5, 3), 0) }) // speed 0
	if msg := panics(func() { w.Nav().MoveTo(Entity{}, goal, 1) }); msg != "" || w.Nav().Moving(Entity{}) {
		t.Fatalf("nil entity: panic %q", msg)
	}
}

// TestDrawPosMonotonic: an entity driven through changes of velocity is
// drawn at positions that move monotonically between ticks and join up
// across ticks (no wobble), and a camera following DrawPos draws it at
// the same screen spot every frame.
func TestDrawPosMonotonic(t *testing.T) {
	w, _ := roomWorld(t, false)
	e := mustCreate(t, w, EntityDef{Kind: Character, Name: "e", Pos: mathx.V3(2.5, 2.5, 0), Radius: 0.3})
	vels := []float64{1, 3, 0.5, 6, 2, 0, 4}
	prevEnd := w.Looks().DrawPos(e, 1)
	for k, v := range vels {
		w.SetVelocity(e, mathx.V2(v, 0))
		w.Step()
		start := w.Looks().DrawPos(e, 0)
		if start != prevEnd {
			t.Fatalf("tick %d: drawn at %v at alpha 0, the previous tick ended at %v", k, start, prevEnd)
		}
		last := start.X
		for a := 0.1; a <= 1.0001; a += 0.1 {
			x := w.Looks().DrawPos(e, a).X
			if x < last-1e-12 {
				t.Fatalf("tick %d alpha %.1f: x went back %v -> %v", k, a, last, x)
			}
			last = x
		}
		prevEnd = w.Looks().DrawPos(e, 1)
	}
}

// TestMoversNeverPlanThroughObstacles: crates placed and removed at
// random while eight characters walk about; after every tick no moving
// character's remaining path crosses a blocked tile, and every move ends
// with exactly one Arrived or MoveFailed.
func TestMoversNeverPlanThroughObstacles(t *testing.T) {
	w, _ := roomWorld(t, false)
	var movers []Entity
	for k := 0; k < 8; k++ {
		movers = append(movers, mustCreate(t, w, EntityDef{Kind: Character, Pos: mathx.V3(1.5+float64(k%4)*1.6, 1.5+float64(k/4)*5, 0), Radius: 0.3}))
	}
	ends := map[Entity]int{}
	starts := map[Entity]int{}
	n, err := w.Nav().Floor()
	if err != nil {
		t.Fatal(err)
	}
	var crates []Entity
	for tick := 0; tick < 1500; tick++ {
		r := &w.Rand
		if tick%7 == 0 {
			if len(crates) > 3 && r.Float64() < 0.5 {
				k := r.IntN(len(crates))
				if !w.Remove(crates[k]) {
					t.Fatal("not removed")
				}
				crates = append(crates[:k], crates[k+1:]...)
			} else {
				p := mathx.V3(float64(1+r.IntN(14))+0.5, float64(1+r.IntN(8))+0.5, 0)
				c, err := w.Create(EntityDef{Kind: Object, Pos: p, Extent: mathx.V2(0.5, 0.5), Solid: true})
				if err != nil {
					t.Fatal(err)
				}
				crates = append(crates, c)
			}
		}
		for _, m := range movers {
			if !w.Nav().Moving(m) && r.Float64() < 0.05 {
				goal := mathx.V2(float64(1+r.IntN(14))+0.5, float64(1+r.IntN(8))+0.5)
				w.Nav().MoveTo(m, goal, 3)
				starts[m]++
			}
		}
		w.Step()
		for _, f := range w.Events.MoveFailures() { // MoveTo's refusals first
			ends[f.Entity]++
		}
		for _, a := range w.Events.Arrivals() {
			ends[a.Entity]++
		}
		for _, m := range movers {
			p := w.Nav().MovePath(m)
			if len(p) == 0 {
				continue
			}
			pts := append([]mathx.Vec2{w.Pos(m).XY()}, p...)
			for k := 1; k < len(pts); k++ {
				a, b := pts[k-1], pts[k]
				for s := 0.0; s <= 1; s += 0.05 {
					q := a.Lerp(b, s)
					if n.Blocked(int(q.X), int(q.Y)) && w.Pos(m).XY().Dist(q) > 0.6 {
						t.Fatalf("tick %d: a path crosses blocked tile %v", w.Tick(), q)
					}
				}
			}
		}
	}
	total, arrived := 0, 0
	for _, m := range movers {
		total += starts[m]
	}
	for _, c := range ends {
		arrived += c
	}
	if total < 40 {
		t.Fatalf("only %d moves started", total)
	}
	t.Logf("%d moves, %d ended, %d crates at the end", total, arrived, len(crates))
	for _, m := range movers {
		want := starts[m]
		if w.Nav().Moving(m) {
			want--
		}
		if ends[m] != want {
			t.Errorf("mover %v: %d moves started, %d ended (moving %v)", m, starts[m], ends[m], w.Nav().Moving(m))
		}
	}
}

// TestSightAndCover: walls and solid objects block sight, characters do
// not; cover is the nearest walkable tile the threat cannot see.
func TestSightAndCover(t *testing.T) {
	w, door := roomWorld(t, true)
	mustCreate(t, w, EntityDef{Kind: Character, Pos: mathx.V3(4.5, 4.5, 0), Radius: 0.4})
	if !w.Nav().LineOfSight(mathx.V2(2.5, 4.5), mathx.V2(6.5, 4.5)) {
		t.Fatal("a character blocks sight")
	}
	if w.Nav().LineOfSight(mathx.V2(6.5, 4.5), mathx.V2(10.5, 4.5)) {
		t.Fatal("the wall does not block sight")
	}
	if w.Nav().LineOfSight(mathx.V2(6.5, 8.5), mathx.V2(10.5, 8.5)) {
		t.Fatal("the closed door does not block sight")
	}
	w.SetSolid(door, false)
	if !w.Nav().LineOfSight(mathx.V2(6.5, 8.5), mathx.V2(10.5, 8.5)) {
		t.Fatal("the open door blocks sight")
	}
	// A threat east of the wall; cover for a unit standing in the open
	// west of it, in sight through the gap.
	threat := mathx.V2(12.5, 8.5)
	from := mathx.V2(6.5, 8.5)
	c, ok := w.Nav().FindCover(from, threat, 6)
	if !ok {
		t.Fatal("no cover found")
	}
	if w.Nav().LineOfSight(threat, c) || c.Dist(from) > 1.5 {
		t.Fatalf("cover %v: visible %v, %v away", c, w.Nav().LineOfSight(threat, c), c.Dist(from))
	}
}

// SightRay stops where LineOfSight does, at the fraction of the way of
// the first wall or solid object; Walkable, OnFloor and TileFree answer
// from the same world.
func TestSightRayAndPlacement(t *testing.T) {
	w, door := roomWorld(t, true)
	hero := mustCreate(t, w, EntityDef{Kind: Character, Pos: mathx.V3(4.7, 4.5, 0), Radius: 0.4})
	mustCreate(t, w, EntityDef{Kind: Pickup, Pos: mathx.V3(3.5, 6.5, 0), Extent: mathx.V2(0.25, 0.25)})
	for _, c := range []struct {
		a, b    mathx.Vec2
		t       float64
		blocked bool
	}{
		{mathx.V2(2.5, 4.5), mathx.V2(6.5, 4.5), 1, false}, // the character does not block
		{mathx.V2(6, 4.5), mathx.V2(10, 4.5), 0.5, true},   // the wall at x = 8
		{mathx.V2(6, 8.5), mathx.V2(10, 8.5), 0.5, true},   // the shut door, its west face at x = 8
		{mathx.V2(10, 8.5), mathx.V2(6, 8.5), 0.25, true},  // from the east, its face at x = 9
		{mathx.V2(2.5, 2.5), mathx.V2(2.5, 2.5), 1, false}, // no way to go
	} {
		tt, blocked := w.Nav().SightRay(c.a, c.b)
		if blocked != c.blocked || math.Abs(tt-c.t) > 1e-9 {
			t.Errorf("SightRay %v→%v = %v %v, want %v %v", c.a, c.b, tt, blocked, c.t, c.blocked)
		}
		if blocked == w.Nav().LineOfSight(c.a, c.b) {
			t.Errorf("SightRay %v→%v disagrees with LineOfSight", c.a, c.b)
		}
	}
	n, err := w.Nav().Floor()
	if err != nil {
		t.Fatal(err)
	}
	if !n.Walkable(mathx.V2(2.5, 2.5)) || n.Walkable(mathx.V2(8.5, 4.5)) || n.Walkable(mathx.V2(-3, 2)) {
		t.Error("Walkable: open floor, a wall and outside the map")
	}
	if p := n.OnFloor(mathx.V2(2.5, 2.5)); p != mathx.V2(2.5, 2.5) {
		t.Errorf("OnFloor moved a walkable point to %v", p)
	}
	if p := n.OnFloor(mathx.V2(8.5, 4.5)); !n.Walkable(p) || p.Dist(mathx.V2(8.5, 4.5)) > 1 {
		t.Errorf("OnFloor of a wall point: %v", p)
	}
	for _, c := range []struct {
		x, y int
		free bool
	}{
		{2, 2, true}, {8, 4, false} /* wall */, {8, 8, false} /* door */, {4, 4, false}, /* the character */
		{5, 4, false} /* its radius reaches in */, {3, 6, false} /* the pickup */, {6, 4, true}, {-1, 3, false}, {99, 3, false},
	} {
		if got := w.Nav().TileFree(c.x, c.y); got != c.free {
			t.Errorf("TileFree(%d, %d) = %v, want %v", c.x, c.y, got, c.free)
		}
	}
	w.SetSolid(door, false) // an open door still stands in its tile
	if w.Nav().TileFree(8, 8) {
		t.Error("an open door's tile is free")
	}
	w.Remove(hero)
	w.Step()
	if !w.Nav().TileFree(4, 4) {
		t.Error("the character's tile is not free once it is gone")
	}
}

// An overlord with no trigger is awake from the start: it locks its
// doors at once and spawns from the first tick; one without spawn points
// is refused.
func TestOverlordWithoutTrigger(t *testing.T) {
	w, door := roomWorld(t, false)
	door = mustCreate(t, w, EntityDef{Kind: Object, Name: "gate", Pos: mathx.V3(8.5, 8.5, 0), Extent: mathx.V2(0.5, 0.5)})
	sp := mustCreate(t, w, EntityDef{Kind: SpawnPoint, Pos: mathx.V3(12.5, 2.5, 0)})
	spawn := func(w *World, at mathx.Vec3) (Entity, error) {
		return w.Create(EntityDef{Kind: Character, Pos: at, Radius: 0.3, Health: 10})
	}
	if err := (&Overlord{Name: "none", Spawn: spawn, MaxAlive: 1, Wave: 1}).Start(w); err == nil {
		t.Fatal("an overlord without spawn points was accepted")
	}
	o := &Overlord{Name: "level", Spawns: []Entity{sp}, Locks: []string{"gate"}, Spawn: spawn, MaxAlive: 2, Wave: 3}
	if err := o.Start(w); err != nil {
		t.Fatal(err)
	}
	if !o.Active() || !w.Solid(door) {
		t.Fatalf("active %v, door solid %v before the first tick", o.Active(), w.Solid(door))
	}
	w.Step()
	w.Step()
	if o.Spawned() != 2 || o.Alive() != 2 {
		t.Fatalf("after two ticks: %d spawned, %d alive", o.Spawned(), o.Alive())
	}
	// Removed, it spawns no more and its door opens.
	if !o.Stop() || o.Stop() || len(w.Overlords) != 0 || w.Solid(door) {
		t.Fatalf("remove: overlords %d, door solid %v", len(w.Overlords), w.Solid(door))
	}
	for range 5 {
		w.Step()
	}
	if o.Spawned() != 2 || w.Len() != 4 {
		t.Fatalf("after removal: %d spawned, %d entities (door, spawn point, two enemies)", o.Spawned(), w.Len())
	}
}

// Separation pushes a character away from the neighbours of its class
// it is too close to, by how much too close; Reachable follows the
// navigation as doors shut and open.
func TestSeparationAndReachable(t *testing.T) {
	w, door := roomWorld(t, true)
	a := mustCreate(t, w, EntityDef{Kind: Character, Class: "enemy", Pos: mathx.V3(3, 3, 0), Radius: 0.3})
	mustCreate(t, w, EntityDef{Kind: Character, Class: "enemy", Pos: mathx.V3(3.5, 3, 0), Radius: 0.3})  // 0.5 away: r 0.8, push 0.3 west
	mustCreate(t, w, EntityDef{Kind: Character, Class: "enemy", Pos: mathx.V3(3, 2, 0), Radius: 0.3})    // 1 away: too far
	mustCreate(t, w, EntityDef{Kind: Character, Class: "player", Pos: mathx.V3(3, 3.4, 0), Radius: 0.3}) // another class
	if p := w.Nav().Separation(a, 0.2, "enemy"); math.Abs(p.X+0.3) > 1e-9 || math.Abs(p.Y) > 1e-9 {
		t.Errorf("separation from its class %v, want (-0.3, 0)", p)
	}
	if p := w.Nav().Separation(a, 0.2, ""); math.Abs(p.X+0.3) > 1e-9 || math.Abs(p.Y+0.4) > 1e-9 {
		t.Errorf("separation from all %v, want (-0.3, -0.4)", p)
	}
	if p := w.Nav().Separation(Entity{}, 0.2, ""); p != (mathx.Vec2{}) {
		t.Errorf("separation of no entity %v", p)
	}
	n, err := w.Nav().Floor()
	if err != nil {
		t.Fatal(err)
	}
	west, east := mathx.V2(3.5, 3.5), mathx.V2(12.5, 3.5)
	if n.Reachable(west, east) {
		t.Error("reachable through the shut door")
	}
	if !n.Reachable(west, mathx.V2(6.5, 7.5)) || !n.Reachable(west, mathx.V2(8.2, 4.5)) {
		t.Error("the same side, or a wall point next to it, is not reachable")
	}
	w.SetSolid(door, false)
	if !n.Reachable(west, east) {
		t.Error("not reachable through the open door")
	}
	if a := testenv.AllocsOver(20, func() { n.Reachable(west, east); w.Nav().Separation(a, 0.2, "enemy") }); a != 0 {
		t.Errorf("%v allocations", a)
	}
}
