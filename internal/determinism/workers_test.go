package determinism

import "testing"

// The traced sim ends on the same hash, tick by tick, whatever the
// number of workers its world (scene.World.SetWorkers: physics, the
// per-entity passes) and its swarm (steer.Crowd.SetWorkers) use.
func TestTraceWorkers(t *testing.T) {
	run := func(workers int) []uint64 {
		s, err := New(1)
		if err != nil {
			t.Fatal(err)
		}
		s.W.SetWorkers(workers)
		s.Swarm.SetWorkers(workers)
		defer s.W.Close()
		defer s.Swarm.Close()
		var hs []uint64
		for k := 0; k < 300; k++ {
			if err := s.Step(); err != nil {
				t.Fatal(err)
			}
			hs = append(hs, s.Hash())
		}
		return hs
	}
	ref := run(1)
	for _, n := range []int{2, 3, 4, 8, 16} {
		got := run(n)
		for k := range ref {
			if got[k] != ref[k] {
				t.Fatalf("%d workers: tick %d hash %016x, one worker %016x", n, k+1, got[k], ref[k])
			}
		}
	}
}
