package main

import (
	"flag"
	"testing"
	"time"

	"diorama/internal/testenv"
	"diorama/platform"
	"diorama/platform/headless"
	"diorama/raster/rastertest"
)

var update = flag.Bool("update", false, "rewrite the golden frames in testdata/")

// fakeClock advances by step at every reading, so the printed timings are
// the same on every machine.
func fakeClock(step time.Duration) func() time.Time {
	t := time.Unix(0, 0)
	return func() time.Time { t = t.Add(step); return t }
}

func runGame(t *testing.T, ticks int) (*game, *headless.Result) {
	g, err := newGame()
	if err != nil {
		t.Fatal(err)
	}
	g.now = fakeClock(time.Millisecond)
	res, err := headless.Run(g, platform.Config{Width: W, Height: H}, headless.Options{Ticks: ticks, DrawEvery: ticks})
	if err != nil {
		t.Fatal(err)
	}
	return g, res
}

// Six seconds of the pattern: thousands of bullets alive, the golden
// frame, and the same state hash on a second run.
func TestBullets(t *testing.T) {
	g, res := runGame(t, 360)
	n := g.w.Bullets().Len()
	t.Logf("%d bullets", n)
	if n < 3000 {
		t.Errorf("%d bullets alive, want thousands", n)
	}
	rastertest.Golden(t, "testdata/bullets.png", res.Frame, *update)
	if g2, _ := runGame(t, 360); g2.w.StateHash() != g.w.StateHash() {
		t.Error("two runs differ")
	}
}

// Once the pool has grown, a tick with thousands of bullets allocates
// nothing.
func TestUpdateAllocs(t *testing.T) {
	g, _ := runGame(t, 360)
	in := platform.NewInput(W, H)
	if a := testenv.AllocsOver(20, func() { g.Update(in) }); a != 0 {
		t.Errorf("Update allocates %d times in 20 ticks", a)
	}
}
