package determinism

import (
	"fmt"
	"strings"
	"testing"
)

// The audio trace repeats for a seed and differs between seeds.
func TestAudioTraceRepeatable(t *testing.T) {
	run := func(seed uint64) (last uint64) {
		if err := AudioTrace(seed, 300, func(_ int, h uint64) { last = h }); err != nil {
			t.Fatal(err)
		}
		return last
	}
	if a, b, c := run(1), run(1), run(2); a != b || a == c {
		t.Fatalf("seed 1 twice: %016x %016x; seed 2 %016x", a, b, c)
	}
}

// TestAudioCrossPlatform builds cmd/trace for every target, runs it with
// -audio and requires the mix's per-tick hashes to equal the in-process
// ones: the mixer's output is bit-identical on every CPU.
func TestAudioCrossPlatform(t *testing.T) {
	// 300 ticks (5 s of mix, every feature of the script used) keep the
	// qemu runs to about a minute on a busy 2-core machine; the package's
	// other cross-platform tests share go test's 10-minute limit.
	ticks := 300
	if testing.Short() {
		ticks = 120
	}
	var want []string
	if err := AudioTrace(1, ticks, func(k int, h uint64) { want = append(want, fmt.Sprintf("%d %016x", k, h)) }); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, tg := range targets() {
		t.Run(tg.name, func(t *testing.T) {
			bin := build(t, dir, "trace-"+tg.name, "diorama/internal/determinism/cmd/trace", tg.env)
			got := strings.Split(strings.TrimSuffix(string(run(t, tg, bin, "-audio", "-ticks", fmt.Sprint(ticks), "-seed", "1")), "\n"), "\n")
			if len(got) != len(want) {
				t.Fatalf("%d trace lines, want %d", len(got), len(want))
			}
			for k := range want {
				if got[k] != want[k] {
					t.Fatalf("tick line %d: %q, native %q", k, got[k], want[k])
				}
			}
			t.Logf("ticks 1..%d identical to the native mix (last %s)", ticks, got[len(got)-1])
		})
	}
}
