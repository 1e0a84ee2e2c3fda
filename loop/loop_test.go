package loop

import (
	"math"
	"testing"
	"time"

	"diorama/internal/testenv"
)

const ms = time.Millisecond

func TestExactTickCounts(t *testing.T) {
	cases := []struct {
		name   string
		cfg    Config
		frames []time.Duration
		want   []int
		alpha  float64
	}{
		{"60tps 1000x1ms", Config{}, repeat(1*ms, 1000), nil, 0},
		{"60tps frames of 16ms", Config{}, repeat(16*ms, 5), []int{0, 1, 1, 1, 1}, 80.0/(1000.0/60) - 4},
		{"60tps frames of 50ms", Config{}, repeat(50*ms, 3), []int{3, 3, 3}, 0},
		{"30tps 33ms step", Config{Step: 33 * ms}, []time.Duration{10 * ms, 23 * ms, 66 * ms, 32 * ms}, []int{0, 1, 2, 0}, 32.0 / 33},
		{"25tps seed 000", Config{TPS: 25}, []time.Duration{40 * ms, 39 * ms, 1 * ms, 100 * ms}, []int{1, 0, 1, 2}, 0.5},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := NewClock(tc.cfg)
			total := 0
			for i, f := range tc.frames {
				n := c.Advance(f)
				total += n
				if tc.want != nil && n != tc.want[i] {
					t.Fatalf("frame %d (%v): %d ticks, want %d", i, f, n, tc.want[i])
				}
			}
			if tc.want == nil {
				// 1000 × 1 ms = 1 s: exactly 60 ticks, no drift.
				if total != 60 || c.Alpha() != 0 {
					t.Fatalf("total %d alpha %v, want 60 and 0", total, c.Alpha())
				}
			}
			if math.Abs(c.Alpha()-tc.alpha) > 1e-12 {
				t.Fatalf("alpha %v, want %v", c.Alpha(), tc.alpha)
			}
			if c.Ticks() != uint64(total) {
				t.Fatalf("Ticks %d, want %d", c.Ticks(), total)
			}
		})
	}
}

func repeat(d time.Duration, n int) []time.Duration {
	s := make([]time.Duration, n)
	for i := range s {
		s[i] = d
	}
	return s
}

func TestNoDriftOverAnHour(t *testing.T) {
	c := NewClock(Config{TPS: 60})
	// 3600 s in frames of 7 ms (514285 frames + 5 ms) must give 216000 ticks.
	frames := int(time.Hour / (7 * ms))
	for i := 0; i < frames; i++ {
		c.Advance(7 * ms)
	}
	c.Advance(time.Hour - time.Duration(frames)*7*ms)
	if c.Ticks() != 216000 || c.Alpha() != 0 {
		t.Fatalf("ticks %d alpha %v, want 216000, 0", c.Ticks(), c.Alpha())
	}
	if c.SimTime() != time.Hour {
		t.Fatalf("SimTime %v", c.SimTime())
	}
}

func TestCatchUpCap(t *testing.T) {
	c := NewClock(Config{TPS: 50, MaxTicksPerFrame: 3, MaxFrameTime: time.Second})
	// 150 ms at 20 ms per tick = 7.5 ticks due; the cap runs 3, drops 4 whole
	// ticks (80 ms) and keeps the half tick.
	if n := c.Advance(150 * ms); n != 3 {
		t.Fatalf("ticks %d, want 3", n)
	}
	if c.Alpha() != 0.5 {
		t.Fatalf("alpha %v, want 0.5", c.Alpha())
	}
	if c.Dropped() != 80*ms {
		t.Fatalf("dropped %v, want 80ms", c.Dropped())
	}
	// The debt is gone: a normal frame runs a normal number of ticks.
	if n := c.Advance(10 * ms); n != 1 || c.Alpha() != 0 {
		t.Fatalf("after cap: %d ticks alpha %v, want 1 and 0", n, c.Alpha())
	}
}

func TestStallDropped(t *testing.T) {
	c := NewClock(Config{TPS: 10, MaxTicksPerFrame: 100, MaxFrameTime: 250 * ms})
	// A 5 s stall counts as 250 ms: 2 ticks and half a tick left.
	if n := c.Advance(5 * time.Second); n != 2 {
		t.Fatalf("ticks %d, want 2", n)
	}
	if c.Alpha() != 0.5 || c.Dropped() != 4750*ms {
		t.Fatalf("alpha %v dropped %v", c.Alpha(), c.Dropped())
	}
	if n := c.Advance(-time.Second); n != 0 {
		t.Fatalf("negative dt gave %d ticks", n)
	}
}

func TestPauseResumeNoJump(t *testing.T) {
	var vc VirtualClock
	c := NewClock(Config{TPS: 100, Source: vc.Now})
	if n := c.Update(); n != 0 { // starts the clock
		t.Fatal(n)
	}
	vc.Advance(25 * ms)
	if n := c.Update(); n != 2 || c.Alpha() != 0.5 {
		t.Fatalf("got %d alpha %v", n, c.Alpha())
	}
	c.Pause()
	vc.Advance(10 * time.Second) // app suspended: Update not even called
	if n := c.Update(); n != 0 || c.Alpha() != 0.5 {
		t.Fatalf("paused: %d alpha %v", n, c.Alpha())
	}
	vc.Advance(3 * time.Second)
	c.Resume()
	// The 13 s of pause are not owed: 5 ms after resume is half a tick.
	vc.Advance(5 * ms)
	if n := c.Update(); n != 1 || c.Alpha() != 0 {
		t.Fatalf("after resume: %d alpha %v", n, c.Alpha())
	}
	if c.Dropped() != 0 {
		t.Fatalf("pause dropped %v; pause is not a stall", c.Dropped())
	}
	// Advance-driven pause ignores dt too.
	c.Pause()
	if c.Advance(time.Second) != 0 || c.Ticks() != 3 {
		t.Fatal("ticked while paused")
	}
	c.Resume()
	if c.Advance(10*ms) != 1 {
		t.Fatal("no tick after resume")
	}
}

func TestInterpolationValues(t *testing.T) {
	c := NewClock(Config{TPS: 60})
	step := 1000.0 / 60
	var want float64
	var ticks uint64
	for i, f := range []time.Duration{4 * ms, 4 * ms, 4 * ms, 4 * ms, 4 * ms, 10 * ms, 3 * ms} {
		c.Advance(f)
		want += float64(f / ms)
		for want >= step-1e-9 {
			want -= step
			ticks++
		}
		if math.Abs(c.Alpha()-want/step) > 1e-9 || c.Ticks() != ticks {
			t.Fatalf("frame %d: alpha %v ticks %d, want %v %d", i, c.Alpha(), c.Ticks(), want/step, ticks)
		}
		if a := c.Alpha(); a < 0 || a >= 1 {
			t.Fatalf("alpha %v out of [0,1)", a)
		}
	}
	// A world position interpolated between the last two ticks.
	prev, cur := 10.0, 20.0
	if got := prev + (cur-prev)*c.Alpha(); math.Abs(got-(10+10*want/step)) > 1e-9 {
		t.Fatal(got)
	}
}

func TestFrameCallsTicksInOrder(t *testing.T) {
	c := NewClock(Config{TPS: 100})
	var got []uint64
	a := c.Frame(35*ms, func(n uint64) { got = append(got, n) })
	a2 := c.Frame(20*ms, func(n uint64) { got = append(got, n) })
	if len(got) != 5 || got[0] != 0 || got[4] != 4 || a != 0.5 || a2 != 0.5 {
		t.Fatalf("ticks %v alphas %v %v", got, a, a2)
	}
	if c.LastTicks() != 2 {
		t.Fatal(c.LastTicks())
	}
}

func TestUpdateWithoutSource(t *testing.T) {
	c := NewClock(Config{})
	if c.Update() != 0 || c.Step() != 16666666 || c.TPS() != 60 {
		t.Fatal(c.Step(), c.TPS())
	}
}

func TestConfigDefaultsOnBadValues(t *testing.T) {
	c := NewClock(Config{TPS: -3, MaxTicksPerFrame: -1, MaxFrameTime: -1, StatsWindow: -5})
	if c.TPS() != 60 || c.maxTicks != 5 || c.maxFrame != 250*ms || len(c.stats.dt) != 240 {
		t.Fatal("defaults not applied")
	}
	if NewClock(Config{TPS: 1 << 30}).TPS() != 60 {
		t.Fatal("absurd TPS accepted")
	}
}

func TestStatsWindow(t *testing.T) {
	c := NewClock(Config{TPS: 30, StatsWindow: 20})
	// 25 frames: 1..25 ms. The window keeps frames 6..25.
	for i := 1; i <= 25; i++ {
		c.Advance(time.Duration(i) * ms)
	}
	s := c.Stats()
	if s.Frames != 20 || s.Min != 6*ms || s.Max != 25*ms {
		t.Fatalf("%+v", s)
	}
	// sum 6..25 = 310 ms, mean 15.5 ms; p95 nearest rank = 19th of 20 = 24 ms.
	if s.Span != 310*ms || s.Mean != 15500*time.Microsecond || s.P95 != 24*ms {
		t.Fatalf("span %v mean %v p95 %v", s.Span, s.Mean, s.P95)
	}
	if math.Abs(s.FPS-20/0.310) > 1e-9 || math.Abs(s.MinFPS()-40) > 1e-9 || math.Abs(s.MaxFPS()-1000.0/6) > 1e-9 {
		t.Fatalf("fps %v min %v max %v", s.FPS, s.MinFPS(), s.MaxFPS())
	}
	// 325 ms total at 30 TPS = 9.75 ticks → 9 ticks in all.
	if s.SessionFrames != 25 || s.SessionTicks != 9 || s.SessionSpan != 325*ms || s.SessionMin != 1*ms || s.SessionMax != 25*ms {
		t.Fatalf("session %+v", s)
	}
	if math.Abs(s.SessionFPS()-25/0.325) > 1e-9 {
		t.Fatal(s.SessionFPS())
	}
	wantWinTicks := 0
	{
		cc := NewClock(Config{TPS: 30})
		for i := 1; i <= 25; i++ {
			n := cc.Advance(time.Duration(i) * ms)
			if i >= 6 {
				wantWinTicks += n
			}
		}
	}
	if s.Ticks != wantWinTicks || math.Abs(s.TPS-float64(wantWinTicks)/0.310) > 1e-9 {
		t.Fatalf("window ticks %d (want %d) tps %v", s.Ticks, wantWinTicks, s.TPS)
	}
	c.ResetStats()
	if s := c.Stats(); s.Frames != 0 || s.SessionFrames != 0 || s.FPS != 0 {
		t.Fatalf("%+v", s)
	}
}

// IsoMob measured min/avg/max FPS over 120 s at a 30 FPS cap.
func TestStatsIsoMob120s(t *testing.T) {
	c := NewClock(Config{Step: 33 * ms, StatsWindow: 3636})
	// 120 s of frames: mostly 33 ms, one 66 ms hitch every 100 frames.
	var elapsed time.Duration
	i := 0
	for elapsed < 120*time.Second {
		f := 33 * ms
		if i%100 == 99 {
			f = 66 * ms
		}
		c.Advance(f)
		elapsed += f
		i++
	}
	s := c.Stats()
	if s.Frames != i || s.Span != elapsed {
		t.Fatalf("frames %d/%d span %v/%v", s.Frames, i, s.Span, elapsed)
	}
	if math.Abs(s.MinFPS()-1000.0/66) > 1e-9 || math.Abs(s.MaxFPS()-1000.0/33) > 1e-9 {
		t.Fatal(s.MinFPS(), s.MaxFPS())
	}
	if s.P95 != 33*ms {
		t.Fatal(s.P95)
	}
	if c.Ticks() != uint64(elapsed/(33*ms)) {
		t.Fatalf("ticks %d", c.Ticks())
	}
}

func TestSchedulerIsoMobPeriods(t *testing.T) {
	step := 33 * ms
	periods := []time.Duration{33 * ms, 99 * ms, 330 * ms, 990 * ms}
	wantTicks := []int{1, 3, 10, 30}
	var s Scheduler
	counts := make([]int, 4)
	var order []int
	for i, p := range periods {
		if TicksFor(p, step) != wantTicks[i] || TicksFor(p, time.Second/30) != wantTicks[i] {
			t.Fatalf("TicksFor(%v) = %d", p, TicksFor(p, step))
		}
		s.Every(TicksFor(p, step), func(tick uint64) bool {
			counts[i]++
			if tick == 29 {
				order = append(order, i)
			}
			return false
		})
	}
	for tick := uint64(0); tick < 90; tick++ {
		s.Run(tick)
	}
	if counts[0] != 90 || counts[1] != 30 || counts[2] != 9 || counts[3] != 3 {
		t.Fatalf("counts %v", counts)
	}
	// At tick 29 (the 30th Run) all four are due, in insertion order.
	if len(order) != 4 || order[0] != 0 || order[3] != 3 {
		t.Fatalf("order %v", order)
	}
}

func TestSchedulerDoneAndCancel(t *testing.T) {
	var s Scheduler
	runs := 0
	s.Every(2, func(uint64) bool { runs++; return runs == 3 })
	var cancelled int
	id := s.Every(1, func(uint64) bool { cancelled++; return false })
	var addedRuns []uint64
	s.Every(5, func(tick uint64) bool {
		// Adding and cancelling from inside Run.
		s.Every(1, func(t uint64) bool { addedRuns = append(addedRuns, t); return len(addedRuns) == 2 })
		s.Cancel(id)
		return true
	})
	if s.Len() != 3 || s.Every(1, nil) != 0 {
		t.Fatal(s.Len())
	}
	for tick := uint64(0); tick < 20; tick++ {
		s.Run(tick)
	}
	if runs != 3 {
		t.Fatalf("done task ran %d times, want 3", runs)
	}
	// The cancelling task runs at tick 4, after the cancelled one (insertion
	// order), so the cancelled task ran on ticks 0..4.
	if cancelled != 5 {
		t.Fatalf("cancelled task ran %d times, want 5 (ticks 0..4)", cancelled)
	}
	if len(addedRuns) != 2 || addedRuns[0] != 5 || addedRuns[1] != 6 {
		t.Fatalf("added task runs %v, want [5 6]", addedRuns)
	}
	if s.Len() != 0 || s.Cancel(id) {
		t.Fatalf("left %d tasks", s.Len())
	}
	// Cancel outside Run, and of a pending task.
	id2 := s.Every(3, func(uint64) bool { t.Fatal("cancelled task ran"); return false })
	if !s.Cancel(id2) || s.Len() != 0 {
		t.Fatal("cancel")
	}
}

func TestHeadlessExactTicks(t *testing.T) {
	for _, ft := range []time.Duration{0, 1 * ms, 7 * ms, 16 * ms, 100 * ms, 400 * ms} {
		h := NewHeadless(Config{TPS: 60, MaxTicksPerFrame: 4})
		h.FrameTime = ft
		var seen uint64
		renders := 0
		h.Render = func(a float64) {
			renders++
			if a < 0 || a >= 1 {
				t.Fatalf("alpha %v", a)
			}
		}
		frames := h.Run(1000, func(n uint64) {
			if n != seen {
				t.Fatalf("tick %d, want %d", n, seen)
			}
			seen++
		})
		if seen != 1000 || h.Clock.Ticks() != 1000 {
			t.Fatalf("frame %v: ran %d ticks", ft, seen)
		}
		if renders != frames {
			t.Fatalf("renders %d frames %d", renders, frames)
		}
		if ft == 0 && (frames != 1000 || h.Time.Now() != 16666666667) {
			t.Fatalf("one tick per frame: frames %d time %v", frames, h.Time.Now())
		}
		// Runs continue seamlessly.
		h.Run(7, nil)
		if h.Clock.Ticks() != 1007 {
			t.Fatal(h.Clock.Ticks())
		}
	}
	h := NewHeadless(Config{})
	h.Clock.Pause()
	if h.Run(10, nil) != 0 || h.Clock.Ticks() != 0 {
		t.Fatal("paused headless ran")
	}
}

func TestZeroAllocsPerFrame(t *testing.T) {
	var vc VirtualClock
	c := NewClock(Config{TPS: 60, Source: vc.Now})
	var s Scheduler
	hits := 0
	s.Every(3, func(uint64) bool { hits++; return false })
	s.Every(10, func(uint64) bool { return false })
	tick := func(n uint64) { s.Run(n) }
	c.Update()
	allocs := testenv.AllocsOver(1000, func() {
		vc.Advance(17 * ms)
		c.UpdateFrame(tick)
		c.Frame(5*ms, tick)
		_ = c.Stats()
	})
	if allocs != 0 {
		t.Fatalf("%v allocations in 1000 frames", allocs)
	}
	if hits == 0 {
		t.Fatal("tasks did not run")
	}
	h := NewHeadless(Config{})
	if a := testenv.AllocsOver(100, func() { h.Run(10, tick) }); a != 0 {
		t.Fatalf("headless: %v allocs", a)
	}
}

func TestMonotonicSource(t *testing.T) {
	src := MonotonicSource()
	a := src()
	b := src()
	if a < 0 || b < a {
		t.Fatal(a, b)
	}
}

func BenchmarkFrame(b *testing.B) {
	c := NewClock(Config{TPS: 60})
	var s Scheduler
	for i := 1; i <= 8; i++ {
		s.Every(i, func(uint64) bool { return false })
	}
	tick := func(n uint64) { s.Run(n) }
	b.ReportAllocs()
	for b.Loop() {
		c.Frame(16*ms, tick)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N), "ns/frame")
}

func BenchmarkStats(b *testing.B) {
	c := NewClock(Config{StatsWindow: 3600})
	for i := 0; i < 3600; i++ {
		c.Advance(time.Duration(16+i%5) * ms)
	}
	b.ReportAllocs()
	for b.Loop() {
		_ = c.Stats()
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N), "ns/summary")
}

func TestHeadlessSlowTicks(t *testing.T) {
	// A 1 s step is longer than MaxFrameTime: frames of at most 250 ms,
	// nothing dropped.
	h := NewHeadless(Config{TPS: 1})
	frames := h.Run(3, nil)
	if h.Clock.Ticks() != 3 || frames != 12 || h.Clock.Dropped() != 0 || h.Time.Now() != 3*time.Second {
		t.Fatalf("ticks %d frames %d dropped %v time %v", h.Clock.Ticks(), frames, h.Clock.Dropped(), h.Time.Now())
	}
}

func TestAbsurdFrameTimes(t *testing.T) {
	c := NewClock(Config{TPS: maxTPS, MaxTicksPerFrame: 3, MaxFrameTime: 100 * time.Hour})
	if c.maxFrame != DefaultMaxFrameTime {
		t.Fatal(c.maxFrame)
	}
	for i := 0; i < 10; i++ {
		if n := c.Advance(time.Duration(math.MaxInt64)); n != 3 {
			t.Fatalf("%d ticks", n)
		}
	}
	if d := c.Dropped(); d <= 0 || d < 10*(maxDT-DefaultMaxFrameTime) {
		t.Fatalf("dropped %v overflowed", d)
	}
	if s := c.Stats(); s.Max != maxDT || s.SessionSpan != 10*maxDT {
		t.Fatalf("%+v", s)
	}
}

// FrameStats on its own: a window of the last 4 frames (min, mean, p95,
// max, ticks) and session totals over all of them, without allocating.
func TestFrameStats(t *testing.T) {
	fs := NewFrameStats(4)
	for i, d := range []time.Duration{9, 1, 2, 3, 4} {
		fs.Add(d*time.Millisecond, i%2)
	}
	s := fs.Stats()
	if s.Frames != 4 || s.Min != 1*time.Millisecond || s.Max != 4*time.Millisecond || s.P95 != 4*time.Millisecond ||
		s.Mean != 2500*time.Microsecond || s.Ticks != 2 {
		t.Errorf("window: %+v", s)
	}
	if s.SessionFrames != 5 || s.SessionMax != 9*time.Millisecond || s.SessionSpan != 19*time.Millisecond {
		t.Errorf("session: %+v", s)
	}
	if n := testenv.AllocsOver(100, func() { fs.Add(time.Millisecond, 1); _ = fs.Stats() }); n != 0 {
		t.Errorf("%v allocations in 100 frames", n)
	}
	var zero FrameStats // usable without NewFrameStats: a window of one
	zero.Add(5*time.Millisecond, 1)
	if s := zero.Stats(); s.Frames != 1 || s.Max != 5*time.Millisecond {
		t.Errorf("zero value: %+v", s)
	}
	fs.Reset()
	if s := fs.Stats(); s.Frames != 0 || s.SessionFrames != 0 {
		t.Errorf("after Reset: %+v", s)
	}
}
