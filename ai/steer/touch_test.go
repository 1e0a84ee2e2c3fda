package steer

import (
	"testing"

	"diorama/mathx"
)

// The first contact pass skips the agents the force pass found no
// neighbour near enough to touch after integration (mayTouch). Skipping
// must change nothing: every position, velocity and force equals, bit
// for bit and tick after tick, those of the same crowd whose first pass
// looks at every agent, for crowds that press together (many contacts),
// wander (few), mix radii and behaviours, and for 1 and 3 workers.
func TestFirstContactPassSkipsExactly(t *testing.T) {
	type scene struct {
		name     string
		n        int
		radius   func(k int) float64
		beh      func(k int) Behaviour
		maxSpeed float64
		spread   float64
		ticks    int
	}
	scenes := []scene{
		{"converging", 600, func(int) float64 { return 1 }, func(int) Behaviour { return Arriving | Separating }, 4, 40, 150},
		{"wandering", 2000, func(int) float64 { return 0.25 }, func(int) Behaviour { return Wandering | Separating }, 1.5, 30, 120},
		{"mixed", 1500, func(k int) float64 { return 0.2 + 0.1*float64(k%5) }, func(k int) Behaviour {
			return []Behaviour{Wandering | Separating, Seeking | Separating, Arriving | Separating | Aligning | Cohering, Wandering}[k%4]
		}, 2.5, 25, 120},
	}
	for _, sc := range scenes {
		for _, workers := range []int{1, 3} {
			mk := func(allFirst bool) *Crowd {
				cfg := DefaultConfig(sc.radius(0))
				cfg.Resolve = 2
				cfg.Workers = workers
				cr := NewCrowd(cfg)
				cr.allFirst = allFirst
				t.Cleanup(cr.Close)
				rng := mathx.NewRand(11)
				for k := 0; k < sc.n; k++ {
					if _, err := cr.Add(Agent{Pos: rng.InCircle(sc.spread), Vel: rng.InCircle(sc.maxSpeed), Radius: sc.radius(k),
						MaxSpeed: sc.maxSpeed, MaxForce: 5 * sc.maxSpeed, Behaviours: sc.beh(k), TargetAgent: -1, Path: -1}); err != nil {
						t.Fatal(err)
					}
				}
				return cr
			}
			got, ref := mk(false), mk(true)
			skipped, checked := 0, 0
			for tick := 0; tick < sc.ticks; tick++ {
				for _, cr := range []*Crowd{got, ref} {
					if err := cr.Step(1.0 / 60); err != nil {
						t.Fatal(err)
					}
				}
				if got.share.touch == 0 || ref.share.touch != 0 {
					t.Fatalf("%s: touch %v with skipping, %v without", sc.name, got.share.touch, ref.share.touch)
				}
				for s := range got.Len() {
					if got.sSepSlot(s) {
						checked++
						if !got.mayTouch[s] {
							skipped++
						}
					}
				}
				for i := range got.Len() {
					if got.Pos(i) != ref.Pos(i) || got.Vel(i) != ref.Vel(i) || got.Force(i) != ref.Force(i) {
						t.Fatalf("%s, %d workers, tick %d: agent %d at %v vel %v, without skipping %v vel %v",
							sc.name, workers, tick, i, got.Pos(i), got.Vel(i), ref.Pos(i), ref.Vel(i))
					}
				}
			}
			// The check means something only if the pass both skipped
			// agents and kept some.
			if skipped == 0 || skipped == checked {
				t.Fatalf("%s: %d of %d separating agents skipped", sc.name, skipped, checked)
			}
			t.Logf("%s, %d workers: %.0f%% of the first pass's agents skipped", sc.name, workers, 100*float64(skipped)/float64(checked))
		}
	}
}

// sSepSlot reports whether the agent in slot s separates (takes part in
// contact resolution).
func (cr *Crowd) sSepSlot(s int) bool { return !cr.fault[s] && cr.ag[s].beh&Separating != 0 }

// When agents can close in on each other by more than Gap in one tick,
// the force pass's scan cannot tell who may touch: nothing is skipped.
func TestFirstContactPassNoBoundNoSkip(t *testing.T) {
	cfg := DefaultConfig(0.25)
	cfg.Resolve = 2
	cr := NewCrowd(cfg)
	rng := mathx.NewRand(5)
	for range 100 {
		if _, err := cr.Add(Agent{Pos: rng.InCircle(5), Radius: 0.25, MaxSpeed: 60 * cfg.Gap, MaxForce: 100,
			Behaviours: Wandering | Separating, TargetAgent: -1, Path: -1}); err != nil {
			t.Fatal(err)
		}
	}
	if err := cr.Step(1.0 / 60); err != nil {
		t.Fatal(err)
	}
	if cr.share.touch != 0 {
		t.Fatalf("touch %v, want 0 (2·speed·dt = %v > Gap %v)", cr.share.touch, 2*60*cfg.Gap/60, cfg.Gap)
	}
}
