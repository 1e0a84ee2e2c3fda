package physics

import (
	"slices"
	"testing"

	"diorama/internal/testenv"
	"diorama/mathx"
)

// Parallel cuts [0, n) into one consecutive part per worker, each index
// visited once, on the bullet workers; small n or one worker is one call;
// it allocates nothing once the workers run, and works again after Close.
func TestParallel(t *testing.T) {
	w, err := NewSpace(SpaceDef{Bounds: mathx.AABB{Max: mathx.V2(100, 100)}})
	if err != nil {
		t.Fatal(err)
	}
	seen := make([]int32, 100000)
	var calls [64]int
	fn := func(k, lo, hi int) {
		calls[k]++
		for i := lo; i < hi; i++ {
			seen[i]++
		}
	}
	check := func(n, wantParts int) {
		t.Helper()
		clear(seen)
		calls = [64]int{}
		if parts := w.Parallel(n, fn); parts != wantParts {
			t.Fatalf("n %d: %d parts, want %d", n, parts, wantParts)
		}
		for i, c := range seen[:n] {
			if c != 1 {
				t.Fatalf("n %d: index %d visited %d times", n, i, c)
			}
		}
		for k := range wantParts {
			if calls[k] != 1 {
				t.Fatalf("n %d: part %d called %d times", n, k, calls[k])
			}
		}
	}
	check(100000, 1) // one worker
	w.SetWorkers(3)
	defer w.Close()
	check(100, 1) // too small to share
	check(100000, 3)
	check(99999, 3)
	if a := testenv.AllocsOver(20, func() { w.Parallel(100000, fn) }); a != 0 {
		t.Errorf("%v allocations in 20 calls", a)
	}
	w.Close()
	check(100000, 3)
}

// Bodies that only meet walls (units) step without the moving grid, and
// a query after the step still finds each body where it went: the grid is
// built when the query needs it.
func TestMovingGridLazy(t *testing.T) {
	w, err := NewSpace(SpaceDef{Bounds: mathx.AABB{Max: mathx.V2(100, 100)}, CellSize: 4})
	if err != nil {
		t.Fatal(err)
	}
	c, _ := NewCircle(0.5)
	var ids []BodyID
	for k := range 50 {
		id, err := w.CreateBody(BodyDef{Type: Dynamic, Position: mathx.V2(10+float64(k), 10), Velocity: mathx.V2(0, 30), Shape: c, Mass: 1, Layer: 2, Mask: 1})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	for range 60 {
		w.Step(1.0 / 60)
	}
	for k, id := range ids {
		p := w.Position(id)
		if p.Y < 39 {
			t.Fatalf("body %d at %v did not move", k, p)
		}
		got := w.OverlapBox(mathx.AABB{Min: p.Sub(mathx.V2(0.1, 0.1)), Max: p.Add(mathx.V2(0.1, 0.1))}, QueryFilter{}, nil)
		if len(got) != 1 || got[0].Body != id {
			t.Fatalf("body %d at %v: the query found %v", k, p, got)
		}
	}
}

// Step gives the same bodies, contacts and sensor events for 1, 2, 3 and
// 8 workers: 6,000 moving bodies (circles and boxes, some fast enough to
// be swept, some sensors and kinematic) among tile walls, every part of
// the step split.
func TestStepWorkersSame(t *testing.T) {
	run := func(workers int) workerRun {
		w, err := NewSpace(SpaceDef{Bounds: mathx.AABB{Max: mathx.V2(120, 120)}, MaxCastRadius: 0.5, Workers: workers})
		if err != nil {
			t.Fatal(err)
		}
		defer w.Close()
		solid := make([]bool, 120*120)
		for k := 0; k < 120; k++ {
			solid[k], solid[119*120+k], solid[k*120], solid[k*120+119] = true, true, true, true
		}
		for k := 10; k < 110; k += 13 {
			for j := 10; j < 110; j += 17 {
				solid[k*120+j], solid[k*120+j+1] = true, true
			}
		}
		if _, _, err := w.AddSolidTiles(SolidTiles{Cols: 120, Rows: 120, TileW: 1, TileH: 1, Solid: solid}); err != nil {
			t.Fatal(err)
		}
		r := mathx.NewRand(5)
		var ids []BodyID
		for k := 0; k < 6000; k++ {
			d := DefaultBodyDef()
			d.Position = mathx.V2(r.Range(2, 118), r.Range(2, 118))
			d.Velocity = r.UnitVec().Scale(r.Range(0, 3))
			if k%10 == 0 {
				d.Velocity = d.Velocity.Scale(20) // swept against the walls
			}
			d.Shape = mustCircle(t, r.Range(0.15, 0.4))
			if k%3 == 0 {
				d.Shape = mustBox(t, r.Range(0.2, 0.5), r.Range(0.2, 0.5))
				d.AngularVelocity = r.Range(-2, 2)
			}
			switch k % 50 {
			case 7:
				d.Sensor = true
			case 9:
				d.Type = Kinematic
			}
			if k%2 == 0 {
				d.Mass = 2
			}
			id, err := w.CreateBody(d)
			if err != nil {
				t.Fatal(err)
			}
			ids = append(ids, id)
		}
		return stepAndRecord(w, ids, 30)
	}
	ref := run(1)
	if len(ref.contacts) == 0 || len(ref.sensors) == 0 || ref.stats.CCDClamps == 0 {
		t.Fatalf("contacts %d, sensor events %d, stats %+v: the scene tests too little", len(ref.contacts), len(ref.sensors), ref.stats)
	}
	for _, n := range []int{2, 3, 8} {
		got := run(n)
		if !got.same(ref) {
			t.Fatalf("%d workers differ from one: stats %+v vs %+v, %d vs %d contacts", n, got.stats, ref.stats, len(got.contacts), len(ref.contacts))
		}
	}
}

// workerRun is what the worker-count tests compare: the bodies' states
// after the steps, every step's contacts and sensor events, and the last
// step's counters.
type workerRun struct {
	pos, vel []mathx.Vec2
	contacts []ContactEvent
	sensors  []SensorEvent
	stats    StepStats
}

// stepAndRecord steps w n times at 60 Hz and records them, with the
// states of ids after the last.
func stepAndRecord(w *Space, ids []BodyID, n int) workerRun {
	var st workerRun
	for range n {
		w.Step(1.0 / 60)
		st.contacts = append(st.contacts, w.Contacts()...)
		st.sensors = append(st.sensors, w.SensorEvents()...)
	}
	for _, id := range ids {
		st.pos = append(st.pos, w.Position(id))
		st.vel = append(st.vel, w.Velocity(id))
	}
	st.stats = w.Stats()
	return st
}

// same reports whether a and b are identical.
func (a workerRun) same(b workerRun) bool {
	return a.stats == b.stats && slices.Equal(a.pos, b.pos) && slices.Equal(a.vel, b.vel) &&
		slices.Equal(a.contacts, b.contacts) && slices.Equal(a.sensors, b.sensors)
}
