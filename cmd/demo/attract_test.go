package main

import (
	"flag"
	"slices"
	"testing"

	"diorama/mathx"
	"diorama/platform"
)

// Left alone on the level select, the game plays itself (attract mode,
// the same on every platform); a key goes back to the select, and a
// player who keeps pressing keys is never interrupted.
func TestAttractMode(t *testing.T) {
	g := newGame(1, 1, false)
	defer g.rd.Close()
	in := platform.NewInput(frameW, frameH)
	tick := func(ev ...platform.Event) {
		t.Helper()
		for _, e := range ev {
			in.Push(e)
		}
		if err := g.Update(in); err != nil {
			t.Fatal(err)
		}
		in.EndTick()
	}
	key := func(k platform.Key) []platform.Event {
		return []platform.Event{{Kind: platform.KeyDown, Key: k}, {Kind: platform.KeyUp, Key: k}}
	}
	// a key now and then keeps the select screen
	for i := range 3 * attractTicks {
		if i%(attractTicks/2) == 0 {
			tick(key(platform.KeyArrowLeft)...)
		} else {
			tick()
		}
	}
	if g.scr != screenSelect || g.attract || g.L != nil {
		t.Fatalf("attract mode started while a player pressed keys: screen %v", g.scr)
	}
	tick(key(platform.KeyArrowLeft)...)
	for range attractTicks {
		tick()
	}
	if g.scr != screenSelect {
		t.Fatal("attract mode started early")
	}
	tick()
	if g.scr != screenPlay || !g.attract || !g.auto || g.L == nil || g.cur != 0 {
		t.Fatalf("idle select: screen %v attract %v", g.scr, g.attract)
	}
	for range 300 {
		tick()
	}
	if g.L.w.Tick() != 300 {
		t.Fatalf("the AI did not play: tick %d", g.L.w.Tick())
	}
	moved := g.L.w.Pos(g.L.player).Sub(mathx.V3(3.5, 2.5, 0)).Len()
	if moved < 1 {
		t.Fatalf("the AI player stayed put (moved %.2f)", moved)
	}
	tick(key(platform.KeyA)...)
	if g.scr != screenSelect || g.attract || g.auto || g.L != nil {
		t.Fatalf("a key did not end attract mode: screen %v attract %v", g.scr, g.attract)
	}
}

// playAttract runs attract mode with seed for up to ticks ticks, or until
// every level was won once when untilAll is set, and returns the wins per
// level, the losses and the ticks run.
func playAttract(t *testing.T, seed uint64, ticks int, untilAll bool) (wins []int, losses, ran int) {
	g := newGame(seed, 1, false)
	defer g.rd.Close()
	in := platform.NewInput(frameW, frameH)
	g.attract, g.auto = true, true
	if err := g.start(0); err != nil {
		t.Fatal(err)
	}
	wins = make([]int, len(g.levels))
	var last *level
	for ; ran < ticks && !(untilAll && slices.Min(wins) > 0); ran++ {
		if err := g.Update(in); err != nil {
			t.Fatal(err)
		}
		in.EndTick()
		if L := g.L; L != nil && L != last && (L.won || L.lost) {
			last = L
			if L.won {
				wins[g.cur]++
			} else {
				losses++
			}
		}
	}
	return wins, losses, ran
}

// Attract mode plays every level: left alone, the AI player wins each
// shipped level in turn (a lost level is played again), so a shop window
// running the demo shows all four. Seeds 1 and 2, up to 30,000 ticks.
func TestAttractClearsEveryLevel(t *testing.T) {
	if testing.Short() {
		t.Skip("plays every level")
	}
	for _, seed := range []uint64{1, 2} {
		wins, losses, ticks := playAttract(t, seed, 30000, true)
		t.Logf("seed %d: wins per level %v, %d lost and replayed, %d ticks", seed, wins, losses, ticks)
		if slices.Min(wins) == 0 || losses > 2 {
			t.Errorf("seed %d: attract mode won levels %v with %d losses in %d ticks", seed, wins, losses, ticks)
		}
	}
}

var attractLong = flag.Int("attract.ticks", 0, "TestAttractLong: ticks of attract mode per seed (0 skips it)")

// TestAttractLong measures attract mode over a long run for seeds 1–8:
// wins per level and losses (README's figure: go test ./cmd/demo -run
// AttractLong -attract.ticks 150000 -v). Every level must be won at least
// once per seed, and wins must outnumber losses four to one.
func TestAttractLong(t *testing.T) {
	if *attractLong <= 0 {
		t.Skip("a measurement: set -attract.ticks")
	}
	for seed := uint64(1); seed <= 8; seed++ {
		wins, losses, _ := playAttract(t, seed, *attractLong, false)
		total := 0
		for _, n := range wins {
			total += n
		}
		t.Logf("seed %d, %d ticks: wins per level %v, %d losses", seed, *attractLong, wins, losses)
		if slices.Min(wins) == 0 || total < 4*losses {
			t.Errorf("seed %d: wins per level %v, %d losses", seed, wins, losses)
		}
	}
}
