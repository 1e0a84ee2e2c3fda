package scene

import (
	"errors"
	"math"
	"testing"

	"diorama/ai/steer"
	"diorama/internal/testenv"
	"diorama/mathx"
	"diorama/physics"
)

// crowdRoom is a 20×20 world with a wall ring and a wall across the
// middle (column 10, rows 3..16), and a crowd of r = 0.25 agents with
// cfg's behaviours, on a 6×6 lattice in the left half; characters
// collide with walls only (layer 2, mask 1), so only the crowd keeps
// them apart.
func crowdRoom(t testing.TB, seed uint64, workers int) (*World, []Entity) {
	t.Helper()
	w := testWorld(t, 20, 20, seed)
	solid := make([]bool, 400)
	for k := 0; k < 20; k++ {
		solid[k], solid[380+k], solid[k*20], solid[k*20+19] = true, true, true, true
	}
	for j := 3; j <= 16; j++ {
		solid[j*20+10] = true
	}
	if _, _, err := w.Phys.AddSolidTiles(physics.SolidTiles{Cols: 20, Rows: 20, TileW: 1, TileH: 1, Solid: solid}); err != nil {
		t.Fatal(err)
	}
	cfg := steer.DefaultConfig(0.25)
	cfg.Seed = seed
	cfg.Workers = workers
	w.Crowd().Enable(cfg)
	var units []Entity
	for k := 0; k < 36; k++ {
		p := mathx.V3(3+0.6*float64(k%6), 6.5+0.6*float64(k/6), 0)
		units = append(units, mustCreate(t, w, EntityDef{Kind: Character, Name: "u", Pos: p, Radius: 0.25, Layer: 2, Mask: 1}))
	}
	return w, units
}

// steerAll puts every unit under steering toward target.
func steerAll(t testing.TB, w *World, units []Entity, b steer.Behaviour, target mathx.Vec2) {
	t.Helper()
	for _, e := range units {
		w.Crowd().Steer(e, steer.Agent{MaxSpeed: 2, MaxForce: 8, Behaviours: b, Target: target})
	}
}

// maxOverlap is the deepest overlap of two units' circles (r = 0.25).
func maxOverlap(w *World, units []Entity) float64 {
	worst := 0.0
	for i, a := range units {
		for _, b := range units[i+1:] {
			if d := w.Pos(a).XY().Dist(w.Pos(b).XY()); 0.5-d > worst {
				worst = 0.5 - d
			}
		}
	}
	return worst
}

// TestCrowdSeparatesAndAvoidsWalls: characters steered by the world's
// crowd keep apart when they all arrive at one point, and seekers whose
// target is behind a wall brake before it (their feelers meet the
// physics walls through the world's wall index) instead of pressing into
// it at full speed; with separation or wall avoidance switched off they
// do not (so the crowd, not physics, does it). Positions and velocities
// come from World.Pos and World.Vel.
func TestCrowdSeparatesAndAvoidsWalls(t *testing.T) {
	// run returns the deepest overlap after the first second, and the
	// mean speed toward +x at the end.
	run := func(b steer.Behaviour, target mathx.Vec2, column bool) (overlap, push float64) {
		w, units := crowdRoom(t, 1, 1)
		if column { // six seekers in a column, one per lattice row
			var keep []Entity
			for k, e := range units {
				if k%6 == 0 {
					keep = append(keep, e)
				} else {
					w.Remove(e)
				}
			}
			units = keep
		}
		steerAll(t, w, units, b, target)
		for k := 0; k < 300; k++ {
			w.Step()
			if k >= 60 {
				overlap = max(overlap, maxOverlap(w, units))
			}
		}
		for _, e := range units {
			push += w.Velocity(e).X / float64(len(units))
			if p := w.Pos(e); p.X > 9.75+1e-9 {
				t.Fatalf("behaviours %b: a unit at %v, inside the middle wall", b, p)
			}
		}
		return overlap, push
	}
	meet := mathx.V2(5, 10) // in the open, left of the middle wall
	o, _ := run(steer.Arriving|steer.Separating|steer.AvoidingWalls, meet, false)
	o0, _ := run(steer.Arriving|steer.AvoidingWalls, meet, false)
	across := mathx.V2(16, 8) // behind the middle wall
	_, v := run(steer.Seeking|steer.AvoidingWalls, across, true)
	_, v0 := run(steer.Seeking, across, true)
	t.Logf("arriving: overlap %.3f (%.3f without separation); seeking: speed into the wall %.3f (%.3f without avoidance)", o, o0, v, v0)
	if o > 0.1*0.25 {
		t.Errorf("steered units overlap by %.3f, want at most %.3f", o, 0.1*0.25)
	}
	if o0 < 0.25 {
		t.Errorf("without separation the overlap is only %.3f: the test does not test separation", o0)
	}
	if v > 0.3*v0 || v0 < 1.5 {
		t.Errorf("seekers push into the wall at %.3f, %.3f without wall avoidance: want under 30%%", v, v0)
	}
}

// TestCrowdRemoveMidRun: removing steered characters (outside a tick and
// from a task inside one) drops their agents, keeps the others steered by
// their own agents, and a new entity in a freed slot is not steered.
func TestCrowdRemoveMidRun(t *testing.T) {
	w, units := crowdRoom(t, 2, 1)
	steerAll(t, w, units, steer.Wandering|steer.Separating|steer.AvoidingWalls, mathx.Vec2{})
	w.Crowd().SetBehaviours(units[1], steer.Pursuing|steer.Separating)
	w.Crowd().SetPursuit(units[1], units[0])
	for k := 0; k < 20; k++ {
		w.Step()
	}
	gone := map[Entity]bool{}
	for _, k := range []int{0, 5, 35, 17} { // the pursued one, the last agent, others
		if !w.Remove(units[k]) {
			t.Fatal("not removed")
		}
		gone[units[k]] = true
	}
	w.Tasks.Every(1, func(tick uint64) bool {
		for _, k := range []int{3, 34, 20} {
			w.Remove(units[k])
			gone[units[k]] = true
		}
		return true
	})
	w.Step()
	cr := w.crowd
	if cr.c.Len() != 36-7 || len(cr.slot) != 36-7 {
		t.Fatalf("%d agents, %d slots after removing 7 of 36", cr.c.Len(), len(cr.slot))
	}
	if ta := cr.c.Agent(int(cr.agentOf[units[1].index-1]) - 1).TargetAgent; ta != -1 {
		t.Errorf("the pursuer still targets agent %d after its target left", ta)
	}
	var left []Entity
	for _, e := range units {
		if gone[e] {
			if w.Crowd().Steered(e) {
				t.Errorf("removed %v still steered", e)
			}
			continue
		}
		left = append(left, e)
		k, ok := w.agentOf(e)
		if !ok || int(cr.slot[k]) != int(e.index-1) {
			t.Fatalf("entity %v: agent %d (%v) names slot %d", e, k, ok, cr.slot[k])
		}
		if cr.c.Pos(k) != cr.from[k] && cr.c.Pos(k).Dist(w.Pos(e).XY()) > 0.2 {
			t.Errorf("entity %v at %v, its agent at %v", e, w.Pos(e), cr.c.Pos(k))
		}
	}
	n := mustCreate(t, w, EntityDef{Kind: Character, Pos: mathx.V3(15, 10, 0), Radius: 0.25})
	if w.Crowd().Steered(n) {
		t.Error("a new entity in a freed slot is steered")
	}
	before := make([]mathx.Vec3, len(left))
	for k, e := range left {
		before[k] = w.Pos(e)
	}
	for k := 0; k < 30; k++ {
		w.Step()
	}
	moved := 0
	for k, e := range left {
		if w.Pos(e) != before[k] {
			moved++
		}
	}
	if moved < len(left)*3/4 {
		t.Errorf("only %d of %d wanderers moved after the removals", moved, len(left))
	}
	if w.Pos(n) != mathx.V3(15, 10, 0) {
		t.Errorf("the unsteered newcomer moved to %v", w.Pos(n))
	}
	if w.Crowd().Stop(left[0]); w.Crowd().Steered(left[0]) || cr.c.Len() != len(left)-1 {
		t.Errorf("Crowd.Stop: still steered %v, %d agents", w.Crowd().Steered(left[0]), cr.c.Len())
	}
}

// TestCrowdDeterministic: the same seed gives the same World.StateHash,
// whether the crowd steps inside Step, ahead of it (Crowd.StepAhead,
// Crowd.StepAsync) or on 2 force-pass goroutines (enough agents to use them).
func TestCrowdDeterministic(t *testing.T) {
	hash := func(mode string) uint64 {
		workers := 1
		if mode == "workers" {
			workers = 2
		}
		w, units := crowdRoom(t, 9, workers)
		defer w.Close()
		// More units than steer's parallel threshold, on the right side.
		for k := 0; k < 1100; k++ {
			p := mathx.V3(11.5+0.23*float64(k%32), 1.5+0.5*float64(k/32), 0)
			units = append(units, mustCreate(t, w, EntityDef{Kind: Character, Pos: p, Radius: 0.1, Layer: 2, Mask: 1}))
		}
		steerAll(t, w, units, steer.Wandering|steer.Separating|steer.AvoidingWalls, mathx.Vec2{})
		for k := 0; k < 60; k++ {
			switch {
			case mode == "ahead" && k%2 == 0:
				w.Crowd().StepAhead()
			case mode == "async":
				w.Crowd().StepAsync()
			}
			w.Step()
		}
		return w.StateHash()
	}
	ref := hash("step")
	if again := hash("step"); again != ref {
		t.Fatalf("same seed, hashes %#x and %#x", ref, again)
	}
	for _, m := range []string{"ahead", "async", "workers"} {
		if h := hash(m); h != ref {
			t.Errorf("%s: hash %#x, stepping in Step %#x", m, h, ref)
		}
	}
}

// TestCrowdStepZeroAlloc: a steered world's tick allocates nothing in
// steady state, with the crowd stepping in Step or asynchronously.
func TestCrowdStepZeroAlloc(t *testing.T) {
	w, units := crowdRoom(t, 3, 1)
	defer w.Close()
	steerAll(t, w, units, steer.Wandering|steer.Separating|steer.AvoidingWalls, mathx.Vec2{})
	for k := 0; k < 30; k++ {
		w.Step()
	}
	if a := testenv.AllocsOver(50, w.Step); a != 0 {
		t.Errorf("Step allocates %v times per tick", a)
	}
	w.Crowd().StepAsync()
	w.Step()
	if a := testenv.AllocsOver(50, func() { w.Crowd().StepAsync(); w.Step() }); a != 0 {
		t.Errorf("Crowd.StepAsync and Step allocate %d times in 50 ticks", a)
	}
}

// TestCrowdErrors: steering needs a crowd and a character (else it
// panics, naming the method); a stale handle does nothing.
func TestCrowdErrors(t *testing.T) {
	w := testWorld(t, 8, 8, 1)
	c := mustCreate(t, w, EntityDef{Kind: Character, Pos: mathx.V3(2, 2, 0), Radius: 0.3})
	wantPanic(t, "Crowd.Steer", func() { w.Crowd().Steer(c, steer.Agent{MaxSpeed: 1}) }) // no crowd
	if _, err := w.Crowd().AddPath([]mathx.Vec2{{X: 1, Y: 1}}, false); !errors.Is(err, ErrNoCrowd) {
		t.Errorf("AddPath without a crowd: %v", err)
	}
	w.Crowd().Stop(c) // no crowd, nothing steered: nothing to do
	w.Crowd().Enable(steer.DefaultConfig(0.3))
	wantPanic(t, "Crowd.Enable", func() { w.Crowd().Enable(steer.DefaultConfig(0.3)) })
	o := mustCreate(t, w, EntityDef{Kind: Object, Pos: mathx.V3(4, 4, 0)})
	wantPanic(t, "Crowd.Steer", func() { w.Crowd().Steer(o, steer.Agent{MaxSpeed: 1}) })
	wantPanic(t, "Crowd.Steer", func() { w.Crowd().Steer(c, steer.Agent{MaxSpeed: -1}) })
	if w.Crowd().Steered(c) {
		t.Error("a negative speed was steered")
	}
	wantPanic(t, "Crowd.SetTarget", func() { w.Crowd().SetTarget(c, mathx.V2(1, 1)) }) // not steered
	w.Crowd().Steer(c, steer.Agent{MaxSpeed: 1, MaxForce: 4, Behaviours: steer.Arriving, Target: mathx.V2(5, 5)})
	wantPanic(t, "Crowd.SetTarget", func() { w.Crowd().SetTarget(c, mathx.V2(math.NaN(), 1)) })
	w.Remove(c)
	if msg := panics(func() { w.Crowd().SetTarget(c, mathx.V2(1, 1)) }); msg != "" {
		t.Errorf("Crowd.SetTarget of a removed character panicked: %s", msg)
	}
}

// TestCrowdWalls: the wall index reports every segment whose cells and
// box meet the query exactly once, in first-cell order, and picks up
// walls added after the crowd was made.
func TestCrowdWalls(t *testing.T) {
	w, _ := crowdRoom(t, 1, 1)
	w.Step()
	wi := &w.crowd.walls
	if wi.walls != w.Phys.WallCount() || len(wi.segs) == 0 {
		t.Fatalf("indexed %d of %d walls, %d segments", wi.walls, w.Phys.WallCount(), len(wi.segs))
	}
	var r mathx.Rand
	r.Seed(5)
	empty := 0
	for q := 0; q < 600; q++ {
		// Large areas, then small ones (most meet no wall's cell: the
		// occupancy table answers those).
		p := mathx.V2(r.Float64()*24-2, r.Float64()*24-2)
		e := mathx.V2(r.Float64()*9, r.Float64()*9)
		if q >= 300 {
			e = mathx.V2(r.Float64()*1.5, r.Float64()*1.5)
		}
		area := mathx.AABB{Min: p.Sub(e), Max: p.Add(e)}
		got := wi.query(area, nil)
		// Reference: walk the cells, keep first sightings.
		var want []steer.Segment
		seen := map[int32]bool{}
		m := float64(1e-6*max(area.Max.X-area.Min.X, area.Max.Y-area.Min.Y)) + 1e-9
		far := func(sg steer.Segment) bool {
			return min(sg.A.X, sg.B.X) > area.Max.X+m || max(sg.A.X, sg.B.X) < area.Min.X-m ||
				min(sg.A.Y, sg.B.Y) > area.Max.Y+m || max(sg.A.Y, sg.B.Y) < area.Min.Y-m
		}
		c0, r0 := wi.cellOf(area.Min.X, area.Min.Y)
		c1, r1 := wi.cellOf(area.Max.X, area.Max.Y)
		for rr := r0; rr <= r1; rr++ {
			for c := c0; c <= c1; c++ {
				k := rr*wi.cols + c
				for _, id := range wi.ids[wi.start[k]:wi.start[k+1]] {
					if !seen[id] {
						seen[id] = true
						if !far(wi.segs[id]) {
							want = append(want, wi.segs[id])
						}
					}
				}
			}
		}
		if len(got) != len(want) {
			t.Fatalf("query %v: %d segments, want %d", area, len(got), len(want))
		}
		if len(seen) == 0 {
			empty++
		}
		for k := range got {
			if got[k] != want[k] {
				t.Fatalf("query %v: segment %d is %v, want %v", area, k, got[k], want[k])
			}
		}
	}
	if empty == 0 || empty == 600 {
		t.Fatalf("%d of 600 queries over cells without a segment", empty)
	}
	// Every exposed face is found near its middle; buried ones are not
	// indexed (the ring's inner faces and the middle wall's sides only).
	n := len(wi.segs)
	if _, err := w.Phys.AddWall(mathx.AABB{Min: mathx.V2(5, 2), Max: mathx.V2(6, 3)}, 0); err != nil {
		t.Fatal(err)
	}
	w.Step()
	if wi.walls != w.Phys.WallCount() || len(wi.segs) != n+4 {
		t.Fatalf("after AddWall: indexed %d of %d walls, %d segments (was %d)", wi.walls, w.Phys.WallCount(), len(wi.segs), n)
	}
	got := wi.query(mathx.BoxAround(mathx.V2(5.5, 2.5), mathx.V2(0.6, 0.6)), nil)
	found := 0
	for _, s := range got {
		if s.A.X >= 5 && s.B.X <= 6 && s.A.Y >= 2 && s.B.Y <= 3 {
			found++
		}
	}
	if found != 4 {
		t.Errorf("the new wall's 4 faces: %d found near it", found)
	}
}
