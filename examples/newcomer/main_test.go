package main

import (
	"flag"
	"strings"
	"testing"

	"diorama/platform"
	"diorama/platform/headless"
	"diorama/raster/rastertest"
	"diorama/scene"
)

var update = flag.Bool("update", false, "rewrite the golden frame in testdata/")

func run(t *testing.T, g platform.Game, ticks int, script string) *headless.Result {
	t.Helper()
	s, err := headless.ParseScript("script", script)
	if err != nil {
		t.Fatal(err)
	}
	res, err := headless.Run(g, platform.Config{Width: W, Height: H}, headless.Options{Ticks: ticks, DrawEvery: ticks, Script: s})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// hitCounter plays a game and counts the damage the player takes in the
// world it started with.
type hitCounter struct {
	*game
	w    *scene.World
	hits int
}

func (c *hitCounter) Update(in *platform.Input) error {
	tick := c.w.Tick()
	err := c.game.Update(in)
	if c.w.Tick() != tick { // it stepped: these are its events
		for _, d := range c.w.Events.Damages() {
			if d.Entity == c.player {
				c.hits++
			}
		}
	}
	return err
}

func newTestGame(t *testing.T) *game {
	g := &game{}
	if err := g.start(1); err != nil {
		t.Fatal(err)
	}
	return g
}

// Left alone, the player is found around the wall by both enemies, shot
// three times and the game is over; R starts a fresh level (score 0,
// health 3, two enemies), and the game plays on.
func TestGameOverAndRestart(t *testing.T) {
	g := newTestGame(t)
	old := g.w
	c := &hitCounter{game: g, w: old}
	run(t, c, 1800, "")
	hits := c.hits
	if g.over == 0 || hits != 3 || len(g.Banner) != 2 || !strings.Contains(g.Banner[1], "press R") {
		t.Fatalf("over at tick %d after %d hits, banner %q", g.over, hits, g.Banner)
	}
	t.Logf("game over at tick %d", g.over)
	run(t, g, 30, "5 keydown R\n6 keyup R\n")
	if g.w == old || g.over != 0 || g.score != 0 || g.w.Health(g.player) != 3 || len(g.Banner) != 0 || g.seed != 2 {
		t.Fatalf("after R: new world %v, over %d, score %d, health %d, banner %q", g.w != old, g.over, g.score, g.w.Health(g.player), g.Banner)
	}
	enemies := len(g.w.AppendEntities(nil, scene.Character)) - 1
	if enemies != 2 || g.w.Tick() < 20 {
		t.Fatalf("%d enemies, tick %d", enemies, g.w.Tick())
	}
}

// The player fires at the enemies as they come (arrow key right and
// down): kills score and bring new enemies; the frame after 8 s, pixel
// for pixel; the same seed and input give the same game.
func TestGolden(t *testing.T) {
	const script = "20 keydown ArrowRight\n200 keyup ArrowRight\n200 keydown ArrowDown\n"
	g := newTestGame(t)
	res := run(t, g, 480, script)
	if g.score < 100 {
		t.Errorf("score %d: no kill", g.score)
	}
	rastertest.Golden(t, "testdata/newcomer.png", res.Frame, *update)
	g2 := newTestGame(t)
	run(t, g2, 480, script)
	if g.w.StateHash() != g2.w.StateHash() || g.score != g2.score {
		t.Error("two runs with the same seed and input differ")
	}
	t.Logf("score %d, health %d", g.score, g.w.Health(g.player))
}
