package scene

import (
	"testing"

	"diorama/ai/steer"
	"diorama/mathx"
)

// TestStateHashWorkers: the state hash after the same ticks is the same
// for 1, 2, 3, 4, 8 and 16 workers (World.SetWorkers): in a large arena
// (4,500 characters, about 3,000 bullets, 1,500 of the characters steered
// by the crowd: every pass splits into parts), in the small busy arena
// and in the crowd room.
func TestStateHashWorkers(t *testing.T) {
	worlds := []struct {
		name  string
		ticks int
		build func(t *testing.T) (*World, func()) // the world and its tick
	}{
		{"large arena", 90, func(t *testing.T) (*World, func()) {
			a := newArena(t, 96, 4500, 3000, 11)
			w := a.w
			w.Crowd().Enable(steer.DefaultConfig(0.3))
			n := 0
			w.Each(Character, func(e Entity) {
				if n < 1500 {
					n++
					w.Crowd().Steer(e, steer.Agent{MaxSpeed: 1.5, MaxForce: 6,
						Behaviours: steer.Wandering | steer.Separating | steer.AvoidingWalls})
				}
			})
			return w, a.step
		}},
		{"arena", 300, func(t *testing.T) (*World, func()) { a := newArena(t, 48, 100, 1500, 7); return a.w, a.step }},
		{"crowd room", 120, func(t *testing.T) (*World, func()) {
			w, units := crowdRoom(t, 3, 1)
			steerAll(t, w, units, steer.Arriving|steer.Separating|steer.AvoidingWalls, mathx.V2(15, 10))
			return w, w.Step
		}},
	}
	for _, c := range worlds {
		var ref uint64
		for _, n := range []int{1, 2, 3, 4, 8, 16} {
			w, step := c.build(t)
			w.SetWorkers(n)
			for k := 0; k < c.ticks; k++ {
				step()
			}
			h := w.StateHash()
			w.Close()
			if w.Phys.Workers() != n || (w.crowd != nil && w.Crowd().Config().Workers != n) {
				t.Fatalf("%s: %d workers asked, physics %d, crowd %d", c.name, n, w.Phys.Workers(), w.Crowd().Config().Workers)
			}
			if n == 1 {
				ref = h
				continue
			}
			if h != ref {
				t.Fatalf("%s: state hash %016x with %d workers, %016x with one", c.name, h, n, ref)
			}
		}
	}
}
