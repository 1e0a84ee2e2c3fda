package determinism

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestReplayCrossPlatform records a person's scripted run of the demo
// (cmd/demo -record-input) natively and replays the file (-replay) with
// the demo built for each target that runs it (not wasm: the demo's js
// build is the browser one): every replay must match every state hash the
// recording stored (one a second and the last), end on the same summary
// (tick, score, state hash) and draw the same last frame and GIF, byte for
// byte.
func TestReplayCrossPlatform(t *testing.T) {
	if testing.Short() {
		t.Skip("the demo runs take a minute under qemu; -short skips them")
	}
	script, err := filepath.Abs("../../cmd/demo/testdata/replay.script")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	rec := filepath.Join(dir, "run.replay")
	summary := regexp.MustCompile(`tick \d+ score \d+ .*state [0-9a-f]{16}`)
	re := regexp.MustCompile(`tick \d+ score \d+|state [0-9a-f]{16}`)
	ts := targets()
	nat := build(t, dir, "demo-native", "diorama/cmd/demo", ts[0].env)
	out := run(t, ts[0], nat, "-headless", "-ticks", "600", "-seed", "9", "-script", script, "-record-input", rec, "-out", filepath.Join(dir, "out-record"))
	want := strings.Join(re.FindAllString(summary.FindString(string(out)), -1), ", ")
	if want == "" {
		t.Fatalf("no summary line in %q", out)
	}
	read := func(sub, f string) []byte {
		b, err := os.ReadFile(filepath.Join(dir, sub, f))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	png, gif := read("out-record", "demo.png"), read("out-record", "demo.gif")
	for _, tg := range ts {
		if tg.name == "wasm" {
			continue
		}
		t.Run(tg.name, func(t *testing.T) {
			bin := nat
			if tg.name != "native" {
				bin = build(t, dir, "demo-"+tg.name, "diorama/cmd/demo", tg.env)
			}
			sub := "out-" + tg.name
			// -replay reports any divergence as an error: run fails on it.
			out := run(t, tg, bin, "-headless", "-replay", rec, "-out", filepath.Join(dir, sub))
			got := strings.Join(re.FindAllString(summary.FindString(string(out)), -1), ", ")
			if got != want {
				t.Fatalf("replay ends with %q, the recording with %s", got, want)
			}
			if !bytes.Equal(read(sub, "demo.png"), png) || !bytes.Equal(read(sub, "demo.gif"), gif) {
				t.Fatal("the replay's frames differ from the recording's")
			}
			t.Logf("%s; frames identical", got)
		})
	}
}
