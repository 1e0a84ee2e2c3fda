package physics

import (
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
