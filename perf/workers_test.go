package perf

import (
	"os"
	"os/exec"
	"runtime"
	"strings"
	"testing"
)

// WorkerCounts are the worker counts the determinism tests compare.
var workerCounts = []int{1, 2, 3, 4, 8, 16}

// TestStateHashWorkers: the unit and bullet scenes reach the same state
// hash after the same ticks whatever the number of workers (steering,
// physics' bullet sweeps and the scene's per-entity passes all follow
// Config.Workers), with counts large enough that every pass splits: 5,000
// units (above steer's and physics' parallel thresholds) and rings of
// 2,000 bullets (about 15,000 alive).
func TestStateHashWorkers(t *testing.T) {
	for _, c := range []struct {
		cfg   Config
		ticks int
	}{
		{Config{Test: Units, Count: 5000, Seed: 5}, 45},
		{Config{Test: Bullets, Count: 2000, Seed: 5}, 4 * TPS},
	} {
		var ref uint64
		for _, w := range workerCounts {
			c.cfg.Workers = w
			s := newScene(t, c.cfg)
			for k := 0; k < c.ticks; k++ {
				s.Tick()
			}
			if got := s.World.Phys.Workers(); got != w {
				t.Fatalf("%v: %d workers asked, physics has %d", c.cfg.Test, w, got)
			}
			if c.cfg.Test == Units {
				if got := s.World.Crowd().Config().Workers; got != w {
					t.Fatalf("units: %d workers asked, the crowd has %d", w, got)
				}
			} else if s.World.Bullets().Len() < 10000 {
				t.Fatalf("only %d bullets alive", s.World.Bullets().Len())
			}
			h := s.World.StateHash()
			s.Close()
			if w == 1 {
				ref = h
				continue
			}
			if h != ref {
				t.Fatalf("%v: state hash %016x with %d workers, %016x with one", c.cfg.Test, h, w, ref)
			}
		}
	}
}

// TestWorkersFollowGOMAXPROCS: with Config.Workers 0 (as every benchmark
// and the report run) the renderer, physics and steering take GOMAXPROCS
// (the benchmarks' -test.cpu), not the machine's core count.
func TestWorkersFollowGOMAXPROCS(t *testing.T) {
	old := runtime.GOMAXPROCS(3)
	defer runtime.GOMAXPROCS(old)
	for _, test := range []Test{Units, Bullets} {
		s := newScene(t, Config{Test: test, Count: 50, Seed: 1})
		if s.Workers() != 3 || s.World.Phys.Workers() != 3 {
			t.Fatalf("%v: renderer %d, physics %d workers under GOMAXPROCS 3", test, s.Workers(), s.World.Phys.Workers())
		}
		if test == Units && s.World.Crowd().Config().Workers != 3 {
			t.Fatalf("units: crowd %d workers under GOMAXPROCS 3", s.World.Crowd().Config().Workers)
		}
	}
}

// TestBenchmarksFollowCPUFlag runs this test binary's unit and bullet
// benchmarks (the smallest of each, workers=0: "all cores") with
// -test.cpu 1,3 and reads the workers metric they report: 1 and 3 (at
// -test.benchtime 2x: with 1x the probe run, made before -test.cpu sets
// GOMAXPROCS, is the one reported). A
// benchmark that builds its scene once and loops with b.Loop runs whole
// at the GOMAXPROCS the binary started with, so -test.cpu would not
// reach its worker count.
func TestBenchmarksFollowCPUFlag(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the benchmarks in a child process")
	}
	out, err := exec.Command(os.Args[0], "-test.run", "^$", "-test.bench", "^Benchmark(Units|Bullets)$/^(units=20|ring=18)$/^workers=0$",
		"-test.cpu", "1,3", "-test.benchtime", "2x").CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	got := map[string]string{}
	for _, line := range strings.Split(string(out), "\n") {
		f := strings.Fields(line)
		if len(f) < 2 || !strings.HasPrefix(f[0], "Benchmark") {
			continue
		}
		for k := 2; k < len(f); k++ {
			if f[k] == "workers" {
				got[f[0]] = f[k-1]
			}
		}
	}
	var n int
	for name, w := range got {
		want := "1.000"
		if strings.HasSuffix(name, "-3") {
			want = "3.000"
		}
		if w != want {
			t.Errorf("%s: %s workers, want %s", name, w, want)
		}
		n++
	}
	if n < 4 {
		t.Fatalf("read %d benchmark lines with a workers metric, want at least 4 (units and bullets at -cpu 1 and 3):\n%s", n, out)
	}
}
