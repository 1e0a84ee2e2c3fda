//go:build cgo && !android && !js && !ios

package desktop

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"diorama/internal/testenv"
	"diorama/platform"
	"diorama/raster"
)

// cpuTime returns the CPU time this process used so far (user + system,
// fields 14 and 15 of /proc/self/stat, in clock ticks of 1/100 s).
func cpuTime() (time.Duration, error) {
	b, err := os.ReadFile("/proc/self/stat")
	if err != nil {
		return 0, err
	}
	s := string(b)
	i := strings.LastIndexByte(s, ')') // the command name may hold spaces
	f := strings.Fields(s[i+1:])       // f[0] is field 3 (state)
	if i < 0 || len(f) < 13 {
		return 0, fmt.Errorf("/proc/self/stat: %d fields after the name", len(f))
	}
	u, err1 := strconv.ParseInt(f[11], 10, 64)
	k, err2 := strconv.ParseInt(f[12], 10, 64)
	if err1 != nil || err2 != nil {
		return 0, fmt.Errorf("/proc/self/stat: utime %q stime %q", f[11], f[12])
	}
	return time.Duration(u+k) * 10 * time.Millisecond, nil // USER_HZ is 100 on Linux
}

// spinner changes every tick (never idle) and quits after n ticks.
type spinner struct{ n, ticks, draws int }

func (g *spinner) Update(in *platform.Input) error {
	if g.ticks++; g.ticks >= g.n {
		return platform.ErrQuit
	}
	return nil
}

func (g *spinner) Draw(f *raster.Frame, alpha float64) {
	g.draws++
	f.Clear(rgba(uint8(g.ticks), uint8(g.draws), 0))
}

// idler is a menu that nothing animates: idle unless the last tick saw
// an input event. It quits after n ticks once the driving goroutine is
// done (done), or 6000 ticks later whatever happens. Fields are the main
// goroutine's; the atomics are what Update publishes each tick for the
// driving goroutine to read.
type idler struct {
	n, ticks, draws int
	inputAt         int // first tick that saw an input event (0: none)
	drawsAfter      int // draws after that tick
	lastInput       int // last tick that saw input

	win *window // set by runStats before the loop starts

	ticked    atomic.Int64 // ticks run
	inputSeen atomic.Bool  // an input event reached Update
	callbacks atomic.Int64 // the window's input callbacks (keys, cursor, focus…) so far
	repeats   atomic.Int64 // frames presented again without drawing (swaps − draws)
	done      atomic.Bool  // the driver has finished: the game may quit
}

func (g *idler) Update(in *platform.Input) error {
	g.ticks++
	if len(in.Events()) > 0 {
		g.lastInput = g.ticks
		if g.inputAt == 0 {
			g.inputAt = g.ticks
			g.inputSeen.Store(true)
		}
	}
	if g.win != nil {
		g.callbacks.Store(int64(g.win.inputs))
		g.repeats.Store(int64(g.win.Swaps() - g.draws))
	}
	g.ticked.Store(int64(g.ticks))
	if g.ticks >= g.n && g.done.Load() || g.ticks >= g.n+6000 {
		return platform.ErrQuit
	}
	return nil
}

func (g *idler) Idle() bool { return g.lastInput != g.ticks }

func (g *idler) Draw(f *raster.Frame, alpha float64) {
	g.draws++
	if g.inputAt > 0 {
		g.drawsAfter++
	}
	f.Clear(rgba(40, uint8(g.lastInput), 90))
}

// waitQuiet waits until the window has seen no input callback for n
// ticks (20 s at most) and reports whether it did.
func waitQuiet(g *idler, n int64) bool {
	calls, since := g.callbacks.Load(), g.ticked.Load()
	return waitFor(func() bool {
		if c := g.callbacks.Load(); c != calls {
			calls, since = c, g.ticked.Load()
		}
		return g.ticked.Load() >= since+n
	})
}

// waitFor polls cond every 10 ms until it holds or 20 s pass (a loaded
// machine), and reports whether it held.
func waitFor(cond func() bool) bool {
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if cond() {
			return true
		}
	}
	return cond()
}

// runStats runs g through the backend's loop on a window opened for cfg
// and returns the frames presented, the wall time and the CPU share of
// this process (CPU time over wall time) during the run. during, if not
// nil, runs on its own goroutine once the window is up.
func runStats(t *testing.T, g platform.Game, cfg platform.Config, during func(*window)) (frames int, wall time.Duration, cpu float64, hz int) {
	t.Helper()
	var err error
	onMain(func() {
		var d *platform.Driver
		if d, err = platform.NewDriver(g, cfg); err != nil {
			return
		}
		var w *window
		if w, err = openWindow(d.Config()); err != nil {
			return
		}
		defer w.Close()
		w.win.SetPos(40, 30)
		waitSize(w, cfg.Width, cfg.Height)
		if id, ok := g.(*idler); ok {
			id.win = w
		}
		if during != nil {
			go during(w)
		}
		c0, _ := cpuTime()
		t0 := time.Now()
		err = w.run(d)
		wall = time.Since(t0)
		c1, _ := cpuTime()
		cpu = float64(c1-c0) / float64(wall)
		frames = w.Swaps()
		hz = int(time.Second / w.lim.period)
	})
	if err != nil {
		t.Fatalf("run: %v", err)
	}
	return
}

// TestRunFrameLimit runs a game that changes every tick, with vsync asked
// for, under Xvfb where vsync does not hold: the backend must measure
// that and present no more than the refresh rate (plus 20 %), counted in
// frames over the run's wall time. The same run with NoVSync is logged
// for comparison (uncapped).
func TestRunFrameLimit(t *testing.T) {
	needDisplay(t)
	const ticks = 240 // 4 s at 60 TPS
	g := &spinner{n: ticks}
	frames, wall, cpu, hz := runStats(t, g, platform.Config{Title: "limit", Width: 800, Height: 480, TPS: 60}, nil)
	fps := float64(frames) / wall.Seconds()
	t.Logf("vsync asked, not holding: %d frames in %.2f s = %.0f FPS (display %d Hz), CPU %.0f %% of a core", frames, wall.Seconds(), fps, hz, 100*cpu)
	if limit := 1.2 * float64(hz) * wall.Seconds(); float64(frames) > limit {
		t.Errorf("%d frames presented in %.2f s, limit %.0f (1.2 × %d Hz)", frames, wall.Seconds(), limit, hz)
	}
	if g.ticks != ticks || frames != g.draws || frames < ticks/10 {
		t.Errorf("ticks %d draws %d frames %d", g.ticks, g.draws, frames)
	}
	if testing.Short() {
		return
	}
	g = &spinner{n: ticks / 2}
	frames, wall, cpu, _ = runStats(t, g, platform.Config{Title: "novsync", Width: 800, Height: 480, TPS: 60, NoVSync: true}, nil)
	t.Logf("NoVSync (uncapped): %d frames in %.2f s = %.0f FPS, CPU %.0f %% of a core", frames, wall.Seconds(), float64(frames)/wall.Seconds(), 100*cpu)
}

// TestRunIdle runs an idle menu for at least 4 s: the backend must
// present only a handful of frames (first frame, exposes, and one per tick
// that saw input) yet keep ticking in real time, wake for real X input
// sent with xdotool while it waits, and present the last frame again,
// without drawing, when the window is resized while idle. Each step waits
// for the previous one's effect (the game ticking, the input reaching
// Update, ten ticks without input callbacks), never for a fixed time.
func TestRunIdle(t *testing.T) {
	needDisplay(t)
	xdo := testenv.Tool(t, "xdotool", "./scripts/deps.sh xvfb installs it")
	const ticks = 240
	g := &idler{n: ticks}
	var xerr error
	drove := make(chan struct{})
	var resized, disturbed int // resize attempts that re-presented; that an input callback disturbed
	drive := func(w *window) {
		defer close(drove)
		defer g.done.Store(true) // never leave the game waiting for a check that will not come
		if !waitFor(func() bool { return g.ticked.Load() >= 10 }) {
			xerr = errors.New("the game did not tick 10 times in 20 s")
			return
		}
		// Window at (40, 30), 320×240: two moves inside it.
		out, err := exec.Command(xdo, "mousemove", "100", "90", "mousemove", "160", "120").CombinedOutput()
		if err != nil {
			xerr = fmt.Errorf("xdotool mousemove: %v %s", err, out)
			return
		}
		if !waitFor(g.inputSeen.Load) {
			xerr = errors.New("the xdotool mouse moves did not reach Update in 20 s")
			return
		}
		// Then resize it while the game is idle: the last frame is
		// presented again, not drawn. A resize whose events arrive with
		// an input callback (a late cursor move, a focus change) is drawn
		// instead, rightly; such an attempt is retried with another size.
		for _, size := range [][2]string{{"640", "480"}, {"400", "300"}, {"560", "420"}} {
			if !waitQuiet(g, 10) {
				xerr = errors.New("the window saw input callbacks for 20 s without a pause of 10 ticks")
				return
			}
			base, calls, tick := g.repeats.Load(), g.callbacks.Load(), g.ticked.Load()
			out, err = exec.Command(xdo, "search", "--name", "^idle-resize$", "windowsize", "%@", size[0], size[1]).CombinedOutput()
			if err != nil {
				xerr = fmt.Errorf("xdotool windowsize: %v %s", err, out)
				return
			}
			waitFor(func() bool {
				return g.repeats.Load() > base || g.callbacks.Load() != calls || g.ticked.Load() > tick+120
			})
			switch {
			case g.repeats.Load() > base:
				resized++
				return
			case g.callbacks.Load() != calls:
				disturbed++
			default:
				xerr = fmt.Errorf("resized to %s×%s while idle: no frame presented again in %d ticks, and no input callback came with it", size[0], size[1], g.ticked.Load()-tick)
				return
			}
		}
	}
	frames, wall, cpu, hz := runStats(t, g, platform.Config{Title: "idle-resize", Width: 320, Height: 240, TPS: 60}, drive)
	<-drove
	t.Logf("idle menu: %d frames (%d drawn, %d after input at tick %d) in %.2f s = %.1f FPS (display %d Hz), CPU %.1f %% of a core; resizes: %d presented again, %d disturbed by input",
		frames, g.draws, g.drawsAfter, g.inputAt, wall.Seconds(), float64(frames)/wall.Seconds(), hz, 100*cpu, resized, disturbed)
	if xerr != nil {
		t.Fatal(xerr)
	}
	// The clock still runs in real time: 240 ticks take at least 4 s.
	if g.ticks < ticks || wall < time.Duration(g.ticks)*time.Second/60 {
		t.Errorf("%d ticks in %v", g.ticks, wall)
	}
	// Busy, this would be about 4 × 60 = 240 frames. Idle: the first two
	// (the second settles interpolation), a few for exposes, the frames
	// of the ticks that saw input and the one after each, and once per
	// run the limiter's first probe (the game idled before it finished).
	if max := 12 + probeFrames + 3*disturbed; frames > max {
		t.Errorf("idle game presented %d frames in %.2f s, want at most %d", frames, wall.Seconds(), max)
	}
	if g.inputAt == 0 || g.drawsAfter == 0 {
		t.Errorf("xdotool input: seen at tick %d, %d draws after it", g.inputAt, g.drawsAfter)
	}
	if resized == 0 {
		t.Errorf("resized while idle %d times, each disturbed by input callbacks: never presented again without drawing", disturbed)
	}
}
