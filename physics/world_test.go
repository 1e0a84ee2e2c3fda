package physics

import (
	"errors"
	"math"
	"testing"

	"diorama/internal/testenv"
	"diorama/mathx"
)

func newTestWorld(t testing.TB, def SpaceDef) *Space {
	t.Helper()
	if def.Bounds == (mathx.AABB{}) {
		def.Bounds = mathx.AABB{Min: v(-100, -100), Max: v(100, 100)}
	}
	w, err := NewSpace(def)
	if err != nil {
		t.Fatal(err)
	}
	return w
}

func body(t testing.TB, w *Space, typ BodyType, s Shape, p mathx.Vec2, mass float64) BodyID {
	t.Helper()
	id, err := w.CreateBody(BodyDef{Type: typ, Shape: s, Position: p, Mass: mass})
	if err != nil {
		t.Fatal(err)
	}
	return id
}

func TestPushRules(t *testing.T) {
	box := mustBox(t, 1, 1)
	cases := []struct {
		name         string
		ta, tb       BodyType
		ma, mb       float64
		wantA, wantB mathx.Vec2
	}{
		{"equal masses split", Dynamic, Dynamic, 1, 1, v(-0.25, 0), v(1.75, 0)},
		{"lighter B moves", Dynamic, Dynamic, 2, 1, v(0, 0), v(2, 0)},
		{"lighter A moves", Dynamic, Dynamic, 1, 5, v(-0.5, 0), v(1.5, 0)},
		{"static never moves", Static, Dynamic, 0, 1e-6, v(0, 0), v(2, 0)},
		{"static never moves (B static)", Dynamic, Static, 1e6, 0, v(-0.5, 0), v(1.5, 0)},
		{"kinematic never moves", Kinematic, Dynamic, 0, 1e9, v(0, 0), v(2, 0)},
		{"kinematic vs static: no push", Kinematic, Static, 0, 0, v(0, 0), v(1.5, 0)},
	}
	for _, c := range cases {
		for _, brute := range []bool{false, true} {
			w := newTestWorld(t, SpaceDef{Iterations: 1, BruteForce: brute})
			a := body(t, w, c.ta, box, v(0, 0), c.ma)
			b := body(t, w, c.tb, box, v(1.5, 0), c.mb)
			w.Step(1.0 / 60)
			if w.Position(a) != c.wantA || w.Position(b) != c.wantB {
				t.Errorf("%s (brute %v): A %v B %v, want %v %v", c.name, brute, w.Position(a), w.Position(b), c.wantA, c.wantB)
			}
			ev := w.Contacts()
			if c.ta == Kinematic && c.tb == Static {
				if len(ev) != 0 {
					t.Errorf("%s: %d contacts, want 0", c.name, len(ev))
				}
				continue
			}
			if len(ev) != 1 || ev[0].Depth != 0.5 || ev[0].Wall != -1 {
				t.Fatalf("%s: contacts %+v, want one of depth 0.5", c.name, ev)
			}
			// A is the moving body; the normal points from A to B.
			wantN := v(1, 0)
			if ev[0].A != a {
				wantN = v(-1, 0)
			}
			if ev[0].Normal != wantN {
				t.Errorf("%s: normal %v, want %v", c.name, ev[0].Normal, wantN)
			}
		}
	}
}

func TestVelocityResponse(t *testing.T) {
	// A body driving into a wall loses only its velocity into the wall.
	w := newTestWorld(t, SpaceDef{})
	if _, err := w.AddWall(mathx.AABB{Min: v(10, -50), Max: v(20, 50)}, 0); err != nil {
		t.Fatal(err)
	}
	id := body(t, w, Dynamic, mustCircle(t, 2), v(7.5, 0), 1)
	_ = w.SetVelocity(id, v(60, 30))
	// The step would end 0.5 inside the wall: the sweep stops at the face
	// and slides the rest of the way.
	w.Step(1.0 / 60)
	if p := w.Position(id); p != v(8, 0.5) {
		t.Errorf("position %v, want (8,0.5)", p)
	}
	if vel := w.Velocity(id); vel != v(0, 30) {
		t.Errorf("velocity %v, want (0,30)", vel)
	}
	ev := w.Contacts()
	if len(ev) != 1 || !ev[0].B.IsNil() || ev[0].Wall != 0 || ev[0].Normal != v(1, 0) || ev[0].Depth != 0 {
		t.Errorf("contacts %+v", ev)
	}
}

func TestSensorEvents(t *testing.T) {
	w := newTestWorld(t, SpaceDef{})
	zone, err := w.CreateBody(BodyDef{Type: Static, Shape: mustBox(t, 5, 5), Sensor: true})
	if err != nil {
		t.Fatal(err)
	}
	mover := body(t, w, Dynamic, mustCircle(t, 1), v(-10, 0), 1)
	_ = w.SetVelocity(mover, v(60, 0)) // 1 unit per step
	var begins, ends []int
	for step := 1; step <= 20; step++ {
		w.Step(1.0 / 60)
		for _, e := range w.SensorEvents() {
			if e.Sensor != zone || e.Visitor != mover {
				t.Fatalf("event %+v names the wrong bodies", e)
			}
			if e.Begin {
				begins = append(begins, step)
			} else {
				ends = append(ends, step)
			}
		}
		if len(w.Contacts()) != 0 {
			t.Fatal("a sensor produced a contact")
		}
	}
	// x = -10+step; touching from x=-6 (step 4) to x=6 (step 16).
	if len(begins) != 1 || begins[0] != 4 || len(ends) != 1 || ends[0] != 17 {
		t.Errorf("begin steps %v end steps %v, want [4] [17]", begins, ends)
	}
	if p := w.Position(mover); !p.ApproxEqual(v(10, 0), 1e-9) {
		t.Errorf("sensor pushed the body: %v", p)
	}
}

func TestLayersAndMasks(t *testing.T) {
	w := newTestWorld(t, SpaceDef{})
	box := mustBox(t, 1, 1)
	a, _ := w.CreateBody(BodyDef{Type: Dynamic, Shape: box, Mass: 1, Layer: 1, Mask: 1})
	b, _ := w.CreateBody(BodyDef{Type: Dynamic, Shape: box, Mass: 1, Position: v(1, 0), Layer: 2, Mask: AllLayers})
	c, _ := w.CreateBody(BodyDef{Type: Dynamic, Shape: box, Mass: 1, Position: v(0, 1.5), Layer: 1, Mask: 1})
	w.Step(1.0 / 60)
	if w.Position(b) != v(1, 0) {
		t.Errorf("b moved although a's mask excludes its layer: %v", w.Position(b))
	}
	if w.Position(a) != v(0, -0.25) || w.Position(c) != v(0, 1.75) {
		t.Errorf("a %v c %v, want a split push", w.Position(a), w.Position(c))
	}
	// Wall layers: a body whose mask excludes layer 4 passes through.
	w2 := newTestWorld(t, SpaceDef{})
	_, _ = w2.AddWall(mathx.AABB{Min: v(-1, -1), Max: v(1, 1)}, 4)
	ghost, _ := w2.CreateBody(BodyDef{Type: Dynamic, Shape: box, Mass: 1, Mask: 1})
	w2.Step(1.0 / 60)
	if w2.Position(ghost) != v(0, 0) {
		t.Error("wall on an excluded layer pushed the body")
	}
}

// TestStepWrongSideFixed: seed 000's flaw. A body fast enough to reach past
// the middle of a thin wall in one tick would be pushed out of the far side
// by discrete SAT; Step's sweep keeps it on the side it came from.
func TestStepWrongSideFixed(t *testing.T) {
	for _, brute := range []bool{false, true} {
		for _, speed := range []float64{10, 100, 600, 1000, 3000, 10000, 100000} {
			w := newTestWorld(t, SpaceDef{Bounds: mathx.AABB{Min: v(-200, -200), Max: v(200, 200)}, BruteForce: brute})
			_, _ = w.AddWall(mathx.AABB{Min: v(-100, -1), Max: v(100, 1)}, 0)                           // thin tile wall
			_, _ = w.CreateBody(BodyDef{Type: Static, Shape: mustBox(t, 100, 0.5), Position: v(0, 40)}) // thin static body
			tank := body(t, w, Dynamic, mustBox(t, 4, 4), v(0, -20), 1)
			ball := body(t, w, Dynamic, mustCircle(t, 2), v(30, 60), 1)
			_ = w.SetVelocity(tank, v(0, speed))
			_ = w.SetVelocity(ball, v(0, -speed))
			for s := 0; s < 30; s++ {
				w.Step(1.0 / 60)
				if y := w.Position(tank).Y; y > -5+1e-9 {
					t.Fatalf("speed %v step %d: tank at y=%v crossed the wall (top face y=-1, half height 4)", speed, s, y)
				}
				if y := w.Position(ball).Y; y < 42.5-1e-9 {
					t.Fatalf("speed %v step %d: ball at y=%v crossed the static bar (bottom y=40.5, r=2)", speed, s, y)
				}
			}
			if y := w.Position(tank).Y; speed >= 600 && math.Abs(y+5) > 1e-9 {
				t.Errorf("speed %v: tank rests at y=%v, want -5", speed, y)
			}
		}
	}
}

func TestDeterminismAndBruteForceAgree(t *testing.T) {
	run := func(brute bool) (uint64, []uint64) {
		w, ai, player := seedScene(t, brute)
		var trace []uint64
		for s := 0; s < 300; s++ {
			driveSeed(w, ai, player, s)
			w.Step(1.0 / 25)
			trace = append(trace, stateHash(w), uint64(len(w.Contacts())))
		}
		return stateHash(w), trace
	}
	h1, t1 := run(false)
	h2, t2 := run(false)
	h3, t3 := run(true)
	if h1 != h2 {
		t.Fatalf("same world stepped twice differs: %x vs %x", h1, h2)
	}
	for i := range t1 {
		if t1[i] != t2[i] {
			t.Fatalf("trace differs at %d", i)
		}
		if t1[i] != t3[i] {
			t.Fatalf("grid and brute force differ at trace entry %d (step %d)", i, i/2)
		}
	}
	if h1 != h3 {
		t.Fatalf("grid and brute force end states differ")
	}
}

func TestSeedSceneSettles(t *testing.T) {
	// The 51 tanks spawned on one point end up apart and outside walls.
	w, ai, player := seedScene(t, false)
	for s := 0; s < 200; s++ {
		w.Step(1.0 / 25)
	}
	ids := append(append([]BodyID{}, ai...), player)
	worst := 0.0
	for i, a := range ids {
		for _, b := range ids[i+1:] {
			if m, ok := Collide(w.Shape(a), w.Position(a), w.Angle(a), w.Shape(b), w.Position(b), w.Angle(b)); ok {
				worst = math.Max(worst, m.Depth)
			}
		}
		for k := 0; k < w.WallCount(); k++ {
			var wp, bp poly
			boxPoly(w.Wall(k), 0x0f, &wp)
			s := w.Shape(a)
			s.worldPoly(makeXform(w.Position(a), w.Angle(a)), &bp)
			if m, ok := collidePolys(&wp, &bp); ok && m.Depth > 0.5 {
				t.Errorf("body %v inside wall %d by %v", a, k, m.Depth)
			}
		}
	}
	if worst > 0.5 {
		t.Errorf("bodies still overlap by %v after settling", worst)
	}
}

func TestStepAllocs(t *testing.T) {
	w, ai, player := seedScene(t, false)
	for s := 0; s < 50; s++ {
		driveSeed(w, ai, player, s)
		w.Step(1.0 / 25)
	}
	step := 50
	allocs := testenv.AllocsOver(100, func() {
		driveSeed(w, ai, player, step)
		w.Step(1.0 / 25)
		step++
	})
	if allocs != 0 {
		t.Errorf("Step allocates %v times in 100 calls in steady state", allocs)
	}
}

func TestBadInput(t *testing.T) {
	w := newTestWorld(t, SpaceDef{})
	nan, inf := math.NaN(), math.Inf(1)
	circle := mustCircle(t, 1)
	bad := []struct {
		name string
		def  BodyDef
		want error
	}{
		{"NaN position", BodyDef{Type: Dynamic, Shape: circle, Mass: 1, Position: v(nan, 0)}, ErrBadPosition},
		{"Inf position", BodyDef{Type: Static, Shape: circle, Position: v(0, inf)}, ErrBadPosition},
		{"absurd position", BodyDef{Type: Static, Shape: circle, Position: v(0, 1e300)}, ErrBadPosition},
		{"NaN angle", BodyDef{Type: Dynamic, Shape: circle, Mass: 1, Angle: nan}, ErrBadPosition},
		{"Inf velocity", BodyDef{Type: Dynamic, Shape: circle, Mass: 1, Velocity: v(-inf, 0)}, ErrBadPosition},
		{"zero mass", BodyDef{Type: Dynamic, Shape: circle}, ErrBadMass},
		{"negative mass", BodyDef{Type: Dynamic, Shape: circle, Mass: -3}, ErrBadMass},
		{"NaN mass", BodyDef{Type: Dynamic, Shape: circle, Mass: nan}, ErrBadMass},
		{"Inf mass", BodyDef{Type: Dynamic, Shape: circle, Mass: inf}, ErrBadMass},
		{"zero shape", BodyDef{Type: Dynamic, Mass: 1}, ErrEmptyShape},
	}
	for _, c := range bad {
		id, err := w.CreateBody(c.def)
		if !errors.Is(err, c.want) || !id.IsNil() {
			t.Errorf("%s: id %v err %v, want %v", c.name, id, err, c.want)
		}
	}
	if _, err := w.CreateBody(BodyDef{Type: 7, Shape: circle}); err == nil {
		t.Error("unknown body type accepted")
	}
	if w.BodyCount() != 0 {
		t.Fatalf("bad definitions left %d bodies behind", w.BodyCount())
	}
	id := body(t, w, Dynamic, circle, v(1, 2), 1)
	for _, p := range []mathx.Vec2{v(nan, 0), v(0, inf), v(2e9, 0)} {
		if err := w.SetPosition(id, p); !errors.Is(err, ErrBadPosition) {
			t.Errorf("SetPosition(%v) err %v", p, err)
		}
		if err := w.SetVelocity(id, p); !errors.Is(err, ErrBadPosition) {
			t.Errorf("SetVelocity(%v) err %v", p, err)
		}
	}
	if err := w.SetAngle(id, nan); err == nil {
		t.Error("SetAngle(NaN) accepted")
	}
	if err := w.SetAngularVelocity(id, inf); err == nil {
		t.Error("SetAngularVelocity(Inf) accepted")
	}
	_ = w.SetVelocity(id, v(3, 0))
	for _, dt := range []float64{nan, inf, -1, 0} {
		w.Step(dt)
	}
	if w.Position(id) != v(1, 2) {
		t.Errorf("bad dt moved the body to %v", w.Position(id))
	}
	// Stale handles.
	_ = w.DestroyBody(id)
	if err := w.DestroyBody(id); !errors.Is(err, ErrBadHandle) {
		t.Errorf("double destroy err %v", err)
	}
	if err := w.SetPosition(id, v(0, 0)); !errors.Is(err, ErrBadHandle) {
		t.Errorf("stale SetPosition err %v", err)
	}
	id2 := body(t, w, Dynamic, circle, v(5, 5), 1)
	if id2.Index() != id.Index() || w.Valid(id) || !w.Valid(id2) {
		t.Errorf("slot reuse: old %v new %v valid %v %v", id, id2, w.Valid(id), w.Valid(id2))
	}
	if w.Position(id) != (mathx.Vec2{}) || w.Position(BodyID{}) != (mathx.Vec2{}) {
		t.Error("stale handle read a live body")
	}
	// Worlds, walls, tile maps.
	for _, d := range []SpaceDef{{}, {Bounds: mathx.AABB{Min: v(0, 0), Max: v(nan, 1)}}, {Bounds: world800, CellSize: -1},
		{Bounds: world800, CellSize: 1e-3}, {Bounds: world800, MaxCastRadius: inf}} {
		if _, err := NewSpace(d); err == nil {
			t.Errorf("NewWorld(%+v) accepted", d)
		}
	}
	if _, err := w.AddWall(mathx.AABB{Min: v(0, 0), Max: v(nan, 1)}, 0); err == nil {
		t.Error("NaN wall accepted")
	}
	if _, err := w.AddWall(mathx.AABB{Min: v(0, 0), Max: v(0, 1)}, 0); err == nil {
		t.Error("zero-width wall accepted")
	}
	for _, tm := range []SolidTiles{{Cols: 2, Rows: 2, TileW: 1, TileH: 1, Solid: []bool{true}},
		{Cols: 1 << 20, Rows: 1 << 20, TileW: 1, TileH: 1},
		{Cols: 1, Rows: 1, TileW: nan, TileH: 1, Solid: []bool{true}},
		{Cols: -1, Rows: 1, TileW: 1, TileH: 1}} {
		if _, _, err := w.AddSolidTiles(tm); err == nil {
			t.Errorf("tile map %dx%d accepted", tm.Cols, tm.Rows)
		}
	}
	if w.WallCount() != 0 {
		t.Errorf("bad walls left %d walls", w.WallCount())
	}
	// Nothing above may have put a NaN in the world.
	w.Step(1.0 / 60)
	if !w.Position(id2).IsFinite() {
		t.Error("NaN spread into the world")
	}
}

func TestPositionClampedToExtent(t *testing.T) {
	// A documented clamp: integration never leaves ±1e9, so no Inf appears.
	w := newTestWorld(t, SpaceDef{})
	id := body(t, w, Dynamic, mustCircle(t, 1), v(0, 0), 1)
	_ = w.SetVelocity(id, v(1e9, -1e9))
	for i := 0; i < 5; i++ {
		w.Step(1)
	}
	if p := w.Position(id); p != v(1e9, -1e9) {
		t.Errorf("position %v, want clamped to (1e9,-1e9)", p)
	}
}

func TestKinematicMovesAndRotates(t *testing.T) {
	w := newTestWorld(t, SpaceDef{})
	k, _ := w.CreateBody(BodyDef{Type: Kinematic, Shape: mustBox(t, 2, 1), Velocity: v(30, 0), AngularVelocity: math.Pi})
	w.Step(0.5)
	if w.Position(k) != v(15, 0) || math.Abs(w.Angle(k)-math.Pi/2) > 1e-12 {
		t.Errorf("kinematic at %v angle %v", w.Position(k), w.Angle(k))
	}
	if w.Mass(k) != math.Inf(1) || w.Type(k) != Kinematic {
		t.Errorf("kinematic mass %v type %v", w.Mass(k), w.Type(k))
	}
}

func TestSetMassAndFilter(t *testing.T) {
	w := newTestWorld(t, SpaceDef{Iterations: 1})
	box := mustBox(t, 1, 1)
	a := body(t, w, Dynamic, box, v(0, 0), 1)
	b := body(t, w, Dynamic, box, v(1.5, 0), 1)
	s := body(t, w, Static, box, v(50, 50), 0)
	if err := w.SetMass(a, 3); err != nil {
		t.Fatal(err)
	}
	for _, m := range []float64{0, -1, math.NaN(), math.Inf(1)} {
		if err := w.SetMass(a, m); !errors.Is(err, ErrBadMass) {
			t.Errorf("SetMass(%v) err %v", m, err)
		}
	}
	if err := w.SetMass(s, 2); err == nil {
		t.Error("static body got a mass")
	}
	w.Step(1.0 / 60) // a is heavier now: only b moves
	if w.Position(a) != v(0, 0) || w.Position(b) != v(2, 0) || w.Mass(a) != 3 {
		t.Errorf("a %v b %v mass %v", w.Position(a), w.Position(b), w.Mass(a))
	}
	_ = w.SetPosition(b, v(1.5, 0))
	if err := w.SetFilter(b, 2, 2); err != nil {
		t.Fatal(err)
	}
	w.Step(1.0 / 60)
	if w.Position(b) != v(1.5, 0) || len(w.Contacts()) != 0 {
		t.Errorf("filtered pair still collides: b %v contacts %d", w.Position(b), len(w.Contacts()))
	}
	if err := w.SetFilter(BodyID{}, 1, 1); !errors.Is(err, ErrBadHandle) {
		t.Errorf("nil handle err %v", err)
	}
}

// TestMaskSkipMatchesBruteForce: bodies whose masks admit no body's layer
// (units that only meet walls) skip the body search; crowds mixing those
// with bodies that do collide, sensors and statics, under random layers
// and masks, give the brute-force reference's contacts and states step
// by step.
func TestMaskSkipMatchesBruteForce(t *testing.T) {
	for seed := uint64(1); seed <= 12; seed++ {
		run := func(brute bool) ([]uint64, int) {
			w := newTestWorld(t, SpaceDef{Bounds: mathx.AABB{Min: v(0, 0), Max: v(200, 200)}, CellSize: 8, BruteForce: brute})
			if _, err := w.AddWall(mathx.AABB{Min: v(90, 20), Max: v(110, 180)}, 4); err != nil {
				t.Fatal(err)
			}
			r := mathx.NewRand(seed)
			masks := []uint32{4, 4, 4, 1 | 4, 2, 1, 0xffffffff}
			layers := []uint32{1, 1, 2, 1, 2, 8}
			for i := 0; i < 300; i++ {
				s := mustCircle(t, r.Range(1, 4))
				def := BodyDef{Type: Dynamic, Mass: 1, Shape: s, Position: v(r.Range(5, 195), r.Range(5, 195)), Velocity: r.UnitVec().Scale(r.Range(0, 60)),
					Layer: layers[r.IntN(len(layers))], Mask: masks[r.IntN(len(masks))]}
				switch r.IntN(10) {
				case 0:
					def.Type = Static
				case 1:
					def.Sensor = true
				}
				if _, err := w.CreateBody(def); err != nil {
					t.Fatal(err)
				}
			}
			var trace []uint64
			contacts := 0
			for step := 0; step < 60; step++ {
				w.Step(1.0 / 60)
				contacts += len(w.Contacts())
				trace = append(trace, stateHash(w), uint64(len(w.Contacts())), uint64(len(w.SensorEvents())))
			}
			return trace, contacts
		}
		grid, n := run(false)
		ref, _ := run(true)
		if n == 0 {
			t.Fatalf("seed %d: no contacts at all", seed)
		}
		for i := range grid {
			if grid[i] != ref[i] {
				t.Fatalf("seed %d: grid and brute force differ at trace entry %d (step %d)", seed, i, i/3)
			}
		}
	}
}
