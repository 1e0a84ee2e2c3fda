package main

import (
	"flag"
	"slices"
	"testing"

	"diorama/platform"
	"diorama/raster"
	"diorama/raster/rastertest"
)

var update = flag.Bool("update", false, "rewrite the golden frames in testdata/")

// You stand still and fire up-right from tick 140 to 300. The guard
// patrols, spots you and chases, flees to cover when three of your
// bullets have hurt it below half health, hides out of your sight,
// recovers and comes back for you. The frame at tick 250 is the golden.
func TestGuardBrain(t *testing.T) {
	g, err := newGame()
	if err != nil {
		t.Fatal(err)
	}
	in := platform.NewInput(W, H)
	var states []string
	frame, _ := raster.NewFrame(W, H)
	for tick := 0; tick < 600; tick++ {
		for _, k := range []platform.Key{platform.KeyArrowUp, platform.KeyArrowRight} {
			switch tick {
			case 140:
				in.Push(platform.Event{Kind: platform.KeyDown, Key: k})
			case 300:
				in.Push(platform.Event{Kind: platform.KeyUp, Key: k})
			}
		}
		if err := g.Update(in); err != nil {
			t.Fatal(err)
		}
		in.EndTick()
		if n := g.brain.Current().Name; len(states) == 0 || states[len(states)-1] != n {
			states = append(states, n)
		}
		switch tick {
		case 250:
			g.Draw(frame, 0)
			rastertest.Golden(t, "testdata/brain.png", frame, *update)
		case 450: // hiding
			a, b := g.w.Pos(g.guard).XY(), g.w.Pos(g.you).XY()
			if g.brain.Current() != &flee || g.w.Nav().Moving(g.guard) || g.w.Nav().LineOfSight(a, b) {
				t.Errorf("tick 450: guard %s at %v, moving %v, should hide out of sight of %v", g.brain.Current().Name, a, g.w.Nav().Moving(g.guard), b)
			}
		}
	}
	if want := []string{"patrol", "chase", "flee", "patrol", "chase"}; !slices.Equal(states, want) {
		t.Errorf("states %v, want %v", states, want)
	}
	if h := g.w.Health(g.guard); h != 100 {
		t.Errorf("guard health %d after recovering, want 100", h)
	}
}
