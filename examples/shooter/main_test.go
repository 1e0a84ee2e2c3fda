package main

import (
	"flag"
	"testing"

	"diorama/platform"
	"diorama/platform/headless"
	"diorama/raster/rastertest"
	"diorama/scene"
)

var update = flag.Bool("update", false, "rewrite the golden frames in testdata/")

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

// counter plays a game and counts the world's events after each tick.
type counter struct {
	*game
	arrived, deaths int
}

func (c *counter) Update(in *platform.Input) error {
	err := c.game.Update(in)
	c.arrived += len(c.w.Events.Arrivals())
	c.deaths += len(c.w.Events.Deaths())
	return err
}

func newTestGame(t *testing.T) *game {
	g, err := newGame(1)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// The enemies walk around the walls to a player who does nothing, and
// shoot at it when they get there.
func TestEnemiesHuntThePlayer(t *testing.T) {
	g := newTestGame(t)
	w := g.w
	var enemies []scene.Entity
	for _, e := range w.AppendEntities(nil, scene.Character) {
		if e != g.player {
			enemies = append(enemies, e)
		}
	}
	if len(enemies) != 2 || w.Nav().LineOfSight(w.Pos(enemies[0]).XY(), w.Pos(g.player).XY()) {
		t.Fatalf("want two enemies, the first behind walls: %d", len(enemies))
	}
	c := &counter{game: g}
	run(t, c, 600, "")
	for _, e := range enemies {
		if d := w.Pos(e).Dist(w.Pos(g.player)); d > 1.5 {
			t.Errorf("enemy %v is %.2f from the player", e, d)
		}
	}
	if c.arrived == 0 {
		t.Error("no enemy arrived")
	}
	if h := w.Health(g.player); h >= 12 || h <= 0 {
		t.Errorf("player health %d: want hit but alive", h)
	}
}

// The player fires to the right as the enemies come: one dies after three
// hits and scores; the frame after 6 s, pixel for pixel; the run is
// deterministic.
func TestGolden(t *testing.T) {
	const script = "30 keydown ArrowRight\n"
	g := newTestGame(t)
	c := &counter{game: g}
	res := run(t, c, 360, script)
	if g.score != 100 || c.deaths != 1 || g.w.Len() == 0 {
		t.Errorf("score %d, deaths %d", g.score, c.deaths)
	}
	if n := len(g.w.AppendEntities(nil, scene.Character)); n != 3 {
		t.Errorf("%d characters: the dead enemy should have a successor", n)
	}
	rastertest.Golden(t, "testdata/shooter.png", res.Frame, *update)
	g2 := newTestGame(t)
	run(t, g2, 360, script)
	if g.w.StateHash() != g2.w.StateHash() {
		t.Error("two runs with the same seed and input differ")
	}
}
