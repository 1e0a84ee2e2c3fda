package main

import "testing"

// TestStateHashWorkers: level 1 played by the AI player for 900 ticks
// ends on the same state hash whatever the world's worker count
// (scene.World.SetWorkers: physics, steering and the per-entity passes).
func TestStateHashWorkers(t *testing.T) {
	run := func(workers int) (uint64, uint64) {
		g := newGame(2, 1, true)
		defer g.rd.Close()
		if err := g.start(0); err != nil {
			t.Fatal(err)
		}
		L := g.L
		L.w.SetWorkers(workers)
		defer L.w.Close()
		for range 900 {
			if L.lost || L.won {
				break
			}
			L.update(g.ap.control(L))
		}
		return L.w.StateHash(), L.w.Tick()
	}
	ref, tick := run(1)
	for _, n := range []int{2, 3, 4, 8, 16} {
		if h, k := run(n); h != ref || k != tick {
			t.Fatalf("%d workers: state %016x at tick %d, one worker %016x at tick %d", n, h, k, ref, tick)
		}
	}
	t.Logf("state %016x at tick %d", ref, tick)
}
