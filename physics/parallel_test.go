package physics

import (
	"testing"

	"diorama/mathx"
)

// Parallel cuts [0, n) into one consecutive part per worker, each index
// visited once, on the bullet workers; small n or one worker is one call;
// it allocates nothing once the workers run, and works again after Close.
func TestParallel(t *testing.T) {
	w, err := NewWorld(WorldDef{Bounds: mathx.AABB{Max: mathx.V2(100, 100)}})
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
	if a := testing.AllocsPerRun(20, func() { w.Parallel(100000, fn) }); a != 0 {
		t.Errorf("%v allocations per call", a)
	}
	w.Close()
	check(100000, 3)
}
