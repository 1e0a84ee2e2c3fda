//go:build linux && cgo && !android

package auto

import (
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"diorama/internal/testenv"
	"diorama/platform"
	"diorama/platform/internal/testgame"
)

// childOutEnv, when set, makes the test binary run childRun instead of
// the tests (see TestMain): Run on the main goroutine, as a program does.
const childOutEnv = "DIORAMA_AUTO_CHILD_OUT"

func TestMain(m *testing.M) {
	if dir := os.Getenv(childOutEnv); dir != "" {
		os.Exit(childRun(dir))
	}
	os.Exit(m.Run())
}

// childRun runs the test game through Run for 12 ticks, writing x.png and
// x.gif into dir, and prints the ticks it ran on stdout.
func childRun(dir string) int {
	g := testgame.New(64, 48, 5)
	err := Run(g, platform.Config{Title: "dead display", Width: 64, Height: 48, TPS: 30}, Options{Ticks: 12, OutDir: dir, Name: "x"})
	if err != nil {
		fmt.Fprintln(os.Stderr, "child:", err)
		return 1
	}
	fmt.Printf("ticks %d\n", g.Ticks)
	return 0
}

// deadDisplay returns a display number nobody serves: no X socket (in
// /tmp/.X11-unix or the abstract namespace), no lock file, and nothing
// listening on its TCP port.
func deadDisplay(t *testing.T) int {
	t.Helper()
	unix, _ := os.ReadFile("/proc/net/unix")
	for n := 473; n < 59000; n += 97 {
		sock := fmt.Sprintf("/tmp/.X11-unix/X%d", n)
		if _, err := os.Stat(sock); err == nil {
			continue
		}
		if _, err := os.Stat(fmt.Sprintf("/tmp/.X%d-lock", n)); err == nil {
			continue
		}
		if strings.Contains(string(unix), "@"+sock+"\n") {
			continue
		}
		if c, err := net.DialTimeout("tcp", fmt.Sprintf("127.0.0.1:%d", 6000+n), time.Second); err == nil {
			c.Close()
			continue
		}
		return n
	}
	t.Fatal("no unused X display number found")
	return 0
}

// checkFallback checks a program's stderr after a run on a dead display:
// exactly one line saying the window could not open (naming the
// display), then the headless run's line, and nothing else (no panic, no
// GLFW log line).
func checkFallback(t *testing.T, stderr, display, name string, ticks int) {
	t.Helper()
	lines := strings.Split(strings.TrimRight(stderr, "\n"), "\n")
	if len(lines) != 2 {
		t.Fatalf("stderr has %d lines, want 2:\n%s", len(lines), stderr)
	}
	if !strings.HasPrefix(lines[0], "diorama: no window (") || !strings.Contains(lines[0], display) ||
		!strings.Contains(lines[0], "running headless instead, writing") || !strings.Contains(lines[0], name+".png") {
		t.Errorf("first line %q: want the window failure naming %s, then the headless files", lines[0], display)
	}
	if want := fmt.Sprintf("diorama: headless run done: %d ticks,", ticks); !strings.HasPrefix(lines[1], want) {
		t.Errorf("second line %q, want %q...", lines[1], want)
	}
}

// With DISPLAY naming an X display nobody serves (a closed Xvfb, a stale
// SSH forwarding), GLFW's init fails without an error from go-gl/glfw:
// Run must notice, say so on one line and run headless, not panic.
func TestRunDeadDisplay(t *testing.T) {
	n := deadDisplay(t)
	for _, display := range []string{fmt.Sprintf(":%d", n), fmt.Sprintf("127.0.0.1:%d", n)} {
		t.Run(display, func(t *testing.T) {
			dir := t.TempDir()
			cmd := exec.Command(os.Args[0], "-test.run=^$")
			cmd.Env = append(os.Environ(), "DISPLAY="+display, "WAYLAND_DISPLAY=", childOutEnv+"="+dir)
			var stderr strings.Builder
			cmd.Stderr = &stderr
			out, err := cmd.Output()
			if err != nil {
				t.Fatalf("%v\nstdout: %s\nstderr: %s", err, out, stderr.String())
			}
			if string(out) != "ticks 12\n" {
				t.Errorf("stdout %q, want the 12 ticks run", out)
			}
			checkFallback(t, stderr.String(), display, "x", 12)
			for _, f := range []string{"x.png", "x.gif"} {
				if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
					t.Error(err)
				}
			}
		})
	}
}

// The programs, built as users build them, on a dead display: the demo,
// the viewer and every example say on one line that the window could not
// open, run headless to the end, exit 0 and write their PNG and GIF.
func TestProgramsDeadDisplay(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: builds and runs every program (about a minute)")
	}
	root := testenv.RepoRoot(t)
	bin := t.TempDir()
	build := exec.Command("go", "build", "-o", bin+string(filepath.Separator), "./cmd/demo", "./cmd/viewer", "./examples/...")
	build.Dir = root
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	examples, err := filepath.Glob(filepath.Join(root, "examples", "*", "main.go"))
	if err != nil || len(examples) == 0 {
		t.Fatalf("no examples found: %v", err)
	}
	type program struct {
		name, out string // the binary, and the name of its PNG and GIF
		args      []string
		ticks     int    // the headless run's length
		stdout    string // what stdout must start with ("": anything)
	}
	progs := []program{
		{name: "demo", out: "demo", args: []string{"-ticks", "60"}, ticks: 60, stdout: "demo: 30 frames"},
		{name: "viewer", out: "view", args: []string{"-ticks", "10", filepath.Join(root, "examples", "walk", "walk.tmx")}, ticks: 10, stdout: "viewer: viewed walk.tmx"},
	}
	for _, e := range examples {
		name := filepath.Base(filepath.Dir(e))
		progs = append(progs, program{name: name, out: name, ticks: 600}) // auto's default: 10 s at 60 TPS
	}
	display := fmt.Sprintf(":%d", deadDisplay(t))
	for _, p := range progs {
		t.Run(p.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			cmd := exec.Command(filepath.Join(bin, p.name), p.args...)
			cmd.Dir = dir // out/ is relative
			cmd.Env = append(os.Environ(), "DISPLAY="+display, "WAYLAND_DISPLAY=")
			var stderr strings.Builder
			cmd.Stderr = &stderr
			out, err := cmd.Output()
			if err != nil {
				t.Fatalf("%v\nstdout: %s\nstderr: %s", err, out, stderr.String())
			}
			if !strings.HasPrefix(string(out), p.stdout) {
				t.Errorf("stdout %q, want %q...", out, p.stdout)
			}
			checkFallback(t, stderr.String(), display, filepath.Join("out", p.out), p.ticks)
			for _, ext := range []string{".png", ".gif"} {
				if fi, err := os.Stat(filepath.Join(dir, "out", p.out+ext)); err != nil || fi.Size() == 0 {
					t.Errorf("%s%s: %v", p.out, ext, err)
				}
			}
		})
	}
}
