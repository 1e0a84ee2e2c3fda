package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"diorama/internal/testenv"
)

// stateOf is the summary line's "tick … state …" part.
var stateOf = regexp.MustCompile(`tick \d+ score \d+ .*state [0-9a-f]{16}`)

// A person's scripted run recorded with -record-input replays with
// -replay to the same summary (tick, score, state hash), the same last
// frame and the same GIF byte for byte; a replay of another seed's game
// is reported as diverged at its first checkpoint, not played on.
func TestReplayRecordedRun(t *testing.T) {
	dir := t.TempDir()
	rec := filepath.Join(dir, "run.replay")
	var out1, out2, log bytes.Buffer
	o := options{headless: true, ticks: 600, seed: 5, workers: 1, out: filepath.Join(dir, "rec"), script: "testdata/replay.script", recordIn: rec}
	if err := run(o, &out1, &log); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(log.String(), "recorded 600 ticks of input to "+rec) {
		t.Fatalf("log %q", log.String())
	}
	// The script played level 1 by hand: the score moved.
	if !strings.Contains(out1.String(), `level "outpost.tmx" tick 589`) || strings.Contains(out1.String(), "score 0 ") {
		t.Fatalf("recorded run: %q", out1.String())
	}
	log.Reset()
	o = options{headless: true, ticks: 1800, seed: 1, workers: 2, out: filepath.Join(dir, "play"), replay: rec}
	if err := run(o, &out2, &log); err != nil {
		t.Fatal(err)
	}
	a, b := stateOf.FindString(out1.String()), stateOf.FindString(out2.String())
	if a == "" || a != b {
		t.Fatalf("recorded %q, replayed %q", out1.String(), out2.String())
	}
	if !strings.Contains(log.String(), "replayed 600 of 600 ticks, 11 state hashes matched") {
		t.Fatalf("log %q", log.String())
	}
	for _, f := range []string{"demo.png", "demo.gif"} {
		x, err1 := os.ReadFile(filepath.Join(dir, "rec", f))
		y, err2 := os.ReadFile(filepath.Join(dir, "play", f))
		if err1 != nil || err2 != nil || !bytes.Equal(x, y) {
			t.Fatalf("%s differs between the recorded run and the replay (%v, %v)", f, err1, err2)
		}
	}
	// The seed is in the header; another seed plays another game.
	data, err := os.ReadFile(rec)
	if err != nil {
		t.Fatal(err)
	}
	seedAt := len("DIOREPLAY\n") + 1 + 1 + 2 + 2 + 1 // version, 60, 800, 480, has-seed
	if data[seedAt] != 5 {
		t.Fatalf("seed byte %d, want 5", data[seedAt])
	}
	data[seedAt] = 6
	bad := filepath.Join(dir, "bad.replay")
	if err := os.WriteFile(bad, data, 0o644); err != nil {
		t.Fatal(err)
	}
	o.replay, o.out = bad, filepath.Join(dir, "bad")
	err = run(o, io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "replay diverged at tick") {
		t.Fatalf("replay with another seed: %v", err)
	}
	t.Log(err)
}

// A map without a player (Tiled's own isometric example) is refused with
// a message that points at the viewer, which shows any map.
func TestLevelWithoutPlayer(t *testing.T) {
	dir := testenv.SharedTestdata(t, "tiled-examples")
	var log bytes.Buffer
	g, err := setup(options{level: filepath.Join(dir, "isometric_grass_and_water.tmx"), ticks: 10}, &log)
	if err != nil {
		t.Fatal(err)
	}
	defer g.rd.Close()
	if !strings.Contains(log.String(), "no player in the level") || !strings.Contains(log.String(), "go run ./cmd/viewer") {
		t.Fatalf("log %q", log.String())
	}
}
