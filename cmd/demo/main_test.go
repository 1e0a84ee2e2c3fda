package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"diorama/raster"
	"diorama/raster/rastertest"
)

// e2e plays level 1 with the AI player for n ticks (no rendering) and
// returns the level.
func e2e(t *testing.T, seed uint64, n int) *level {
	t.Helper()
	g := newGame(seed, 1, true)
	defer g.rd.Close()
	if err := g.start(0); err != nil {
		t.Fatal(err)
	}
	L := g.L
	for range n {
		if L.lost {
			break
		}
		L.update(g.ap.control(L))
	}
	return L
}

// The AI player plays level 1: waves spawn, enemies plan paths around
// walls to the player, bullets hit, the score changes, and the run is
// deterministic (same final state hash twice).
func TestEndToEndLevel1(t *testing.T) {
	const ticks = 3000
	a := e2e(t, 7, ticks)
	b := e2e(t, 7, ticks)
	if a.w.StateHash() != b.w.StateHash() || a.score != b.score || a.w.Tick() != b.w.Tick() {
		t.Fatalf("two runs differ: %016x score %d tick %d vs %016x score %d tick %d", a.w.StateHash(), a.score, a.w.Tick(), b.w.StateHash(), b.score, b.w.Tick())
	}
	t.Logf("tick %d wave %d spawned %d kills %d score %d player hits %d bent paths %d lost %v won %v",
		a.w.Tick(), a.wave, a.spawned, a.kills, a.score, a.pl.hits, a.bentPaths, a.lost, a.won)
	if a.wave < 1 || a.spawned < 4 {
		t.Errorf("waves did not spawn: wave %d, %d spawned", a.wave, a.spawned)
	}
	if a.bentPaths == 0 {
		t.Error("no enemy planned a path around a wall")
	}
	if a.pl.hits == 0 {
		t.Error("no player bullet hit an enemy")
	}
	if a.score == 0 || a.kills == 0 {
		t.Errorf("score %d kills %d", a.score, a.kills)
	}
	if c := e2e(t, 8, 600); c.w.StateHash() == a.w.StateHash() {
		t.Error("another seed gave the same state")
	}
}

// Golden screenshots: the first frame of each shipped level and the pause
// menu, pixel-exact (go test ./cmd/demo -run Golden -update rewrites them).
func TestGoldenFrames(t *testing.T) {
	g := newGame(1, 1, false)
	defer g.rd.Close()
	f, err := raster.NewFrame(frameW, frameH)
	if err != nil {
		t.Fatal(err)
	}
	g.Draw(f, 0)
	rastertest.Golden(t, filepath.Join("testdata", "golden_select.png"), f, *update)
	for i := range g.levels {
		if err := g.start(i); err != nil {
			t.Fatal(err)
		}
		g.Draw(f, 0)
		rastertest.Golden(t, filepath.Join("testdata", fmt.Sprintf("golden_level%d.png", i+1)), f, *update)
	}
	if err := g.start(0); err != nil {
		t.Fatal(err)
	}
	g.scr = screenPause
	g.Draw(f, 0)
	rastertest.Golden(t, filepath.Join("testdata", "golden_pause.png"), f, *update)
}

// A broken level file named on the command line is a clear error (file
// and problem) and the level select still works: its first level starts.
func TestBrokenLevelFile(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "broken.tmx")
	if err := os.WriteFile(bad, []byte("<map orientation=\"isometric\" width=\"3\"><layer"), 0o644); err != nil {
		t.Fatal(err)
	}
	var log bytes.Buffer
	g, err := setup(options{level: bad, ticks: 10}, &log)
	if err != nil {
		t.Fatal(err)
	}
	defer g.rd.Close()
	if g.scr != screenSelect || !strings.Contains(log.String(), "broken.tmx") || !strings.Contains(g.errMsg, "broken.tmx") {
		t.Fatalf("screen %v log %q err %q", g.scr, log.String(), g.errMsg)
	}
	if len(g.levels) != 4 {
		t.Fatalf("broken level kept in the list: %d levels", len(g.levels))
	}
	g.pick(0)
	if g.scr != screenPlay || g.L == nil || g.L.info.File != "outpost.tmx" {
		t.Fatalf("level select did not start level 1: %v", g.scr)
	}
	// unknown extension
	if _, err := levelFromPath(os.DirFS(dir), "x.doc"); err == nil || !strings.Contains(err.Error(), "x.doc") {
		t.Fatalf("unknown extension: %v", err)
	}
}

// The headless run writes its PNG and GIF and prints the summary with
// frame times.
func TestHeadlessRun(t *testing.T) {
	dir := t.TempDir()
	var out bytes.Buffer
	rec := filepath.Join(dir, "run.gif")
	if err := run(options{headless: true, ticks: 120, out: dir, record: rec, seed: 3, workers: 2}, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(out.String(), "demo: 60 frames, level \"outpost.tmx\" tick 120") || !strings.Contains(out.String(), "busy-wave frame mean") {
		t.Fatalf("summary %q", out.String())
	}
	if st, err := os.Stat(rec); err != nil || st.Size() == 0 {
		t.Fatalf("gif: %v", err)
	}
	if err := run(options{headless: true, ticks: 0, out: dir}, io.Discard, io.Discard); err == nil {
		t.Fatal("0 ticks accepted")
	}
}
