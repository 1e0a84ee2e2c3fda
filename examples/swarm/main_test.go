package main

import (
	"flag"
	"math"
	"testing"

	"diorama/platform"
	"diorama/platform/headless"
	"diorama/raster/rastertest"
)

var update = flag.Bool("update", false, "rewrite the golden frames in testdata/")

// Twenty seconds of flight: ships keep arriving, none flies into a body
// it is not landing on, and the frame at the end matches pixel for pixel.
func TestSwarm(t *testing.T) {
	s := newSwarm(1)
	in := platform.NewInput(W, H)
	worst := math.Inf(1)
	for tick := 0; tick < 1200; tick++ {
		if err := s.Update(in); err != nil {
			t.Fatal(err)
		}
		for i := range ships {
			for k, o := range planets {
				if k != s.target[i] {
					worst = math.Min(worst, s.pos[i].Dist(o.at(s.t))-o.R)
				}
			}
		}
	}
	t.Logf("%d arrivals, closest pass %.2f px", s.arrivals, worst)
	if s.arrivals < 2*ships {
		t.Errorf("%d arrivals in 20 s, want at least %d", s.arrivals, 2*ships)
	}
	if worst < -1 {
		t.Errorf("a ship went %.2f px into a planet", -worst)
	}
	res, err := headless.Run(newSwarm(1), platform.Config{Width: W, Height: H}, headless.Options{Ticks: 600, DrawEvery: 600})
	if err != nil {
		t.Fatal(err)
	}
	rastertest.Golden(t, "testdata/swarm.png", res.Frame, *update)
}
