package determinism

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// The same seed gives the same trace in one process, and another seed a
// different one: the hash sees the state.
func TestTraceRepeatable(t *testing.T) {
	run := func(seed uint64) []uint64 {
		var hs []uint64
		if err := Trace(seed, 300, func(_ int, h uint64) { hs = append(hs, h) }); err != nil {
			t.Fatal(err)
		}
		return hs
	}
	a, b, c := run(1), run(1), run(2)
	if !slices.Equal(a, b) {
		t.Fatal("seed 1 traced twice gives two traces")
	}
	if len(a) != 301 || a[300] == c[300] {
		t.Fatalf("%d lines; seeds 1 and 2 end on the same hash %016x", len(a), a[300])
	}
	for k := 1; k < len(a); k++ {
		if a[k] == a[k-1] {
			t.Fatalf("tick %d did not change the hash", k)
		}
	}
}

// The sim stays busy: bullets fly, characters die and respawn, the
// swarm moves, characters see the player; otherwise the trace would
// prove little.
func TestSimBusy(t *testing.T) {
	s, err := New(1)
	if err != nil {
		t.Fatal(err)
	}
	seen, maxBullets := 0, 0
	for k := 0; k < 600; k++ {
		if err := s.Step(); err != nil {
			t.Fatal(err)
		}
		if s.seen != 0 {
			seen++
		}
		maxBullets = max(maxBullets, s.W.Bullets().Len())
	}
	lo, hi := s.An.Final.MinMax()
	if seen < 100 || maxBullets < 100 || s.Swarm.Vel(0).Len() == 0 || lo == hi || s.W.Len() < 60 {
		t.Fatalf("seen on %d ticks, %d bullets at most, agent 0 speed %v, final map %v..%v, %d entities",
			seen, maxBullets, s.Swarm.Vel(0).Len(), lo, hi, s.W.Len())
	}
}

// traceTicks is how long the cross-platform traces run.
func traceTicks() int {
	if testing.Short() {
		return 300
	}
	return 2000
}

// unavailable skips a target that cannot run here, or fails under
// CI=true, where every target must run.
func unavailable(t *testing.T, format string, args ...any) {
	t.Helper()
	msg := fmt.Sprintf(format, args...)
	if os.Getenv("CI") == "true" {
		t.Fatalf("%s (CI=true: every target must run; see scripts/deps.sh)", msg)
	}
	t.Skip(msg + " (skipped; CI=true makes this a failure)")
}

// target is one build of cmd/trace: its GOOS/GOARCH settings and how to
// run the binary on this machine.
type target struct {
	name string
	env  []string
	// runner returns the command prefix that runs the binary, or why it
	// cannot run here.
	runner func() ([]string, error)
}

func native() ([]string, error) { return nil, nil }

func onHost(arch string) func() ([]string, error) {
	return func() ([]string, error) {
		if runtime.GOOS == "linux" && (runtime.GOARCH == arch || arch == "386" && runtime.GOARCH == "amd64") {
			return nil, nil
		}
		return nil, fmt.Errorf("a linux/%s binary does not run natively on %s/%s", arch, runtime.GOOS, runtime.GOARCH)
	}
}

// qemu runs linux/arch binaries natively on that arch, else under
// qemu-user (qemu-<name>-static or qemu-<name>).
func qemu(arch, name string) func() ([]string, error) {
	return func() ([]string, error) {
		if runtime.GOOS == "linux" && runtime.GOARCH == arch {
			return nil, nil
		}
		for _, q := range []string{"qemu-" + name + "-static", "qemu-" + name} {
			if p, err := exec.LookPath(q); err == nil {
				return []string{p}, nil
			}
		}
		return nil, fmt.Errorf("neither qemu-%s-static nor qemu-%s is on PATH (Debian: qemu-user-static)", name, name)
	}
}

func wasmExec() ([]string, error) {
	if _, err := exec.LookPath("node"); err != nil {
		return nil, fmt.Errorf("node is not on PATH (Debian: nodejs)")
	}
	out, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		return nil, fmt.Errorf("go env GOROOT: %v", err)
	}
	p := filepath.Join(strings.TrimSpace(string(out)), "lib", "wasm", "go_js_wasm_exec")
	if _, err := os.Stat(p); err != nil {
		return nil, err
	}
	return []string{p}, nil
}

func targets() []target {
	ts := []target{
		{"native", nil, native},
		{"386", []string{"GOOS=linux", "GOARCH=386"}, onHost("386")},
		{"arm64", []string{"GOOS=linux", "GOARCH=arm64"}, qemu("arm64", "aarch64")},
		{"arm", []string{"GOOS=linux", "GOARCH=arm", "GOARM=7"}, qemu("arm", "arm")},
		{"wasm", []string{"GOOS=js", "GOARCH=wasm"}, wasmExec},
	}
	if runtime.GOARCH == "amd64" {
		ts = slices.Insert(ts, 1, target{"amd64-v3", []string{"GOAMD64=v3"}, native})
	}
	return ts
}

// build compiles pkg for env into dir and returns the binary's path.
func build(t *testing.T, dir, name, pkg string, env []string) string {
	t.Helper()
	bin := filepath.Join(dir, name)
	cmd := exec.Command("go", "build", "-o", bin, pkg)
	cmd.Env = append(append(os.Environ(), "CGO_ENABLED=0", "GOFLAGS="), env...)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build %s for %v: %v\n%s", pkg, env, err, out)
	}
	return bin
}

// run runs bin with args through the target's runner; a binary that the
// CPU or the kernel cannot run counts as unavailable.
func run(t *testing.T, tg target, bin string, args ...string) []byte {
	t.Helper()
	prefix, err := tg.runner()
	if err != nil {
		unavailable(t, "%s: %v", tg.name, err)
	}
	argv := append(append(prefix, bin), args...)
	cmd := exec.Command(argv[0], argv[1:]...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		if msg := stderr.String(); strings.Contains(msg, "microarchitecture") || strings.Contains(err.Error(), "exec format error") {
			unavailable(t, "%s: this machine cannot run it: %v %s", tg.name, err, msg)
		}
		t.Fatalf("%s: %v: %v\n%s", tg.name, argv, err, stderr.Bytes())
	}
	return out
}

// TestCrossPlatformTrace builds cmd/trace for every target, runs it
// and requires its per-tick hashes to equal the in-process trace's, tick
// by tick.
func TestCrossPlatformTrace(t *testing.T) {
	ticks := traceTicks()
	var want []string
	if err := Trace(1, ticks, func(k int, h uint64) { want = append(want, fmt.Sprintf("%d %016x", k, h)) }); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, tg := range targets() {
		t.Run(tg.name, func(t *testing.T) {
			bin := build(t, dir, "trace-"+tg.name, "diorama/internal/determinism/cmd/trace", tg.env)
			got := strings.Split(strings.TrimSuffix(string(run(t, tg, bin, "-ticks", fmt.Sprint(ticks), "-seed", "1")), "\n"), "\n")
			if len(got) != len(want) {
				t.Fatalf("%d trace lines, want %d", len(got), len(want))
			}
			diff := 0
			first := -1
			for k := range want {
				if got[k] != want[k] {
					diff++
					if first < 0 {
						first = k
					}
				}
			}
			if diff > 0 {
				t.Fatalf("%d of %d ticks differ from the native trace; first at line %d: %q, native %q", diff, len(want), first, got[first], want[first])
			}
			t.Logf("ticks 0..%d identical to the native trace (last %s)", ticks, got[len(got)-1])
		})
	}
}

// TestDemoCrossPlatform runs the demo headless for 600 ticks (its states
// used to part at about tick 110) on each target that runs it (not wasm:
// the demo's js build is the browser one) and compares the summary line's
// tick, score and state hash.
func TestDemoCrossPlatform(t *testing.T) {
	if testing.Short() {
		t.Skip("the demo runs take a minute under qemu; -short skips them")
	}
	dir := t.TempDir()
	summary := regexp.MustCompile(`tick \d+ score \d+ .*state [0-9a-f]{16}`)
	re := regexp.MustCompile(`tick \d+ score \d+|state [0-9a-f]{16}`)
	var want string
	for _, tg := range targets() {
		if tg.name == "wasm" {
			continue
		}
		t.Run(tg.name, func(t *testing.T) {
			bin := build(t, dir, "demo-"+tg.name, "diorama/cmd/demo", tg.env)
			out := run(t, tg, bin, "-headless", "-ticks", "600", "-out", filepath.Join(dir, "out-"+tg.name))
			line := summary.FindString(string(out))
			if line == "" {
				t.Fatalf("no summary line in %q", out)
			}
			got := strings.Join(re.FindAllString(line, -1), ", ")
			if want == "" {
				want = got
			}
			if got != want {
				t.Fatalf("demo ends with %s, native %s", got, want)
			}
			t.Log(got)
		})
	}
}

// guarded are the places whose multiplications must never be fused: the
// simulation's arithmetic, and the sound's (the decoders, the mixer and
// scene's event sounds: a game's mix must be the same on every CPU).
var guarded = []string{"mathx/", "physics/", "ai/steer/", "ai/tactics/", "scene/step.go", "scene/facing.go", "scene/look.go", "internal/determinism/", "audio/", "scene/sound.go"}

// TestNoFusedMultiplyAdd compiles the simulation packages for arm64 (the
// architecture that fuses the most: a*b+c, a*b-c and c-a*b) with the
// compiler's FMA hash debugging switched on for every site, which prints
// each multiply-add it fuses, and fails on any in the guarded code. The
// fix for a reported site is an explicit float64(a*b) conversion.
func TestNoFusedMultiplyAdd(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "build", "-gcflags=diorama/...=-d=fmahash=vy",
		"diorama/mathx", "diorama/physics", "diorama/ai/steer", "diorama/ai/tactics", "diorama/scene", "diorama/internal/determinism/...",
		"diorama/audio", "diorama/audio/internal/vorbis")
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0", "GOOS=linux", "GOARCH=arm64", "GOFLAGS=")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	var bad, other []string
	matches := 0
	for _, line := range strings.Split(string(out), "\n") {
		stack, _, ok := strings.Cut(line, " [bisect-match")
		if !ok {
			continue
		}
		matches++
		// The outermost real frame is the code being compiled; inner
		// frames are inlined callees.
		var where string
		for _, f := range strings.Split(stack, "; ") {
			if !strings.HasPrefix(f, "<autogenerated>") {
				// Paths come absolute or relative to wherever the package
				// was first compiled (the build cache replays the output).
				where = filepath.ToSlash(strings.TrimPrefix(f, root+string(filepath.Separator)))
				for strings.HasPrefix(where, "./") || strings.HasPrefix(where, "../") {
					_, where, _ = strings.Cut(where, "/")
				}
				break
			}
		}
		if slices.ContainsFunc(guarded, func(g string) bool { return strings.HasPrefix(where, g) }) {
			bad = append(bad, stack)
		} else {
			other = append(other, where)
		}
	}
	if matches == 0 {
		t.Fatalf("the compiler reported no fused site at all; is -d=fmahash still supported?\n%s", out)
	}
	t.Logf("%d fused sites outside the guarded simulation code (drawing, loaders), e.g. %q", len(other), other[:min(len(other), 3)])
	if len(bad) > 0 {
		t.Fatalf("%d multiply-adds fused in simulation code (round the product with float64(a*b)):\n%s", len(bad), strings.Join(bad, "\n"))
	}
}
