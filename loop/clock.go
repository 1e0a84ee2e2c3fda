package loop

import (
	"slices"
	"time"
)

// Defaults used when a Config field is zero.
const (
	// DefaultTPS is the simulation rate when Config sets neither TPS nor Step.
	DefaultTPS = 60
	// DefaultMaxTicksPerFrame caps catch-up ticks per frame, so a slow frame
	// does not spiral into ever more ticks.
	DefaultMaxTicksPerFrame = 5
	// DefaultMaxFrameTime is the longest frame taken at face value; anything
	// longer is a stall and the excess is dropped.
	DefaultMaxFrameTime = 250 * time.Millisecond
	// DefaultStatsWindow is the number of recent frames Stats summarises.
	DefaultStatsWindow = 240
)

// Limits on Config values, checked by NewClock, and on one frame time.
const (
	maxDT          = time.Duration(1) << 53 // ~104 days: longer frames count as this
	maxTPS         = 100000
	maxStatsWindow = 1 << 20
)

// Config sets up a Clock. The zero Config is 60 ticks per second, at most
// 5 ticks per frame, stalls beyond 250 ms dropped, a 240-frame stats window
// and no time source (drive it with Advance).
type Config struct {
	// TPS is the number of ticks per simulated second (default 60). The
	// step is exactly 1/TPS s: the clock keeps time as a fraction, so 60 TPS
	// gives exactly 60 ticks per second of frame time with no drift.
	TPS int
	// Step, when non-zero, overrides TPS with an explicit tick length
	// (IsoMob's base tick was 33 ms).
	Step time.Duration
	// MaxTicksPerFrame caps the ticks one frame may run (default 5). When
	// more are due the clock runs the cap and drops the whole-tick debt,
	// keeping only the fraction of a tick, so a slow machine slows the game
	// down instead of spiralling.
	MaxTicksPerFrame int
	// MaxFrameTime is the longest frame time taken at face value (default
	// 250 ms). A longer frame (a stall, a debugger stop, a suspended app)
	// counts as MaxFrameTime and the rest is dropped.
	MaxFrameTime time.Duration
	// StatsWindow is the number of most recent frames Stats summarises
	// (default 240). IsoMob's 120 s at 30 FPS is 3600.
	StatsWindow int
	// Source, when set, is a monotonic time source read by Update.
	// Tests pass a VirtualClock's Now.
	Source func() time.Duration
}

// Clock is a fixed-step simulation clock. Each frame it is told how much
// time passed (Advance) or reads its Source (Update) and answers how many
// ticks to run; Alpha is then the fraction of a tick left over, used to
// interpolate rendering between the last two ticks.
//
// Internally time is kept in units of 1/den ns so that a step of 1/TPS s is
// exact: a tick costs num units, a nanosecond den units.
type Clock struct {
	num, den  int64 // a step is num/den ns
	maxTicks  int
	maxFrame  time.Duration
	acc       int64         // accumulated, not yet ticked time, in 1/den ns
	stalled   time.Duration // total time dropped by stalls
	capped    uint64        // total whole ticks dropped by the catch-up cap
	ticks     uint64
	paused    bool
	src       func() time.Duration
	last      time.Duration
	haveLast  bool
	stats     FrameStats
	lastTicks int
}

// NewClock returns a clock for cfg. It never panics: out-of-range values
// (negative, TPS above 100000, MaxFrameTime above an hour) are replaced by
// the defaults.
func NewClock(cfg Config) *Clock {
	c := &Clock{src: cfg.Source}
	switch {
	case cfg.Step > 0:
		c.num, c.den = int64(cfg.Step), 1
	case cfg.TPS > 0 && cfg.TPS <= maxTPS:
		c.num, c.den = int64(time.Second), int64(cfg.TPS)
	default:
		c.num, c.den = int64(time.Second), DefaultTPS
	}
	c.maxTicks = cfg.MaxTicksPerFrame
	if c.maxTicks <= 0 {
		c.maxTicks = DefaultMaxTicksPerFrame
	}
	c.maxFrame = cfg.MaxFrameTime
	if c.maxFrame <= 0 || c.maxFrame > time.Hour {
		c.maxFrame = DefaultMaxFrameTime
	}
	w := cfg.StatsWindow
	if w <= 0 || w > maxStatsWindow {
		w = DefaultStatsWindow
	}
	c.stats = NewFrameStats(w)
	return c
}

// Step returns the tick length, rounded down to a nanosecond.
func (c *Clock) Step() time.Duration { return time.Duration(c.num / c.den) }

// TPS returns the nominal ticks per second.
func (c *Clock) TPS() float64 { return float64(time.Second) * float64(c.den) / float64(c.num) }

// Advance tells the clock that dt of real time passed since the previous
// frame and returns the number of ticks the caller must run now, between 0
// and MaxTicksPerFrame. Negative dt counts as zero. While paused it returns
// 0 and the time is ignored (the frame still counts in Stats).
func (c *Clock) Advance(dt time.Duration) int {
	if dt < 0 {
		dt = 0
	}
	if dt > maxDT {
		dt = maxDT
	}
	if c.paused {
		c.lastTicks = 0
		c.stats.Add(dt, 0)
		return 0
	}
	use := dt
	if use > c.maxFrame {
		c.stalled += use - c.maxFrame
		use = c.maxFrame
	}
	c.acc += int64(use) * c.den
	n := c.acc / c.num
	if n > int64(c.maxTicks) {
		extra := n - int64(c.maxTicks)
		c.acc -= extra * c.num
		c.capped += uint64(extra)
		n = int64(c.maxTicks)
	}
	c.acc -= n * c.num
	c.ticks += uint64(n)
	c.lastTicks = int(n)
	c.stats.Add(dt, int(n))
	return int(n)
}

// AddFrame counts a frame that covered dt and ran ticks in Stats without
// advancing the clock: for a driver that runs the ticks itself (the
// headless backend, tick by tick) and reports each drawn frame with the
// simulated time it spans, so Stats' frame rate is frames per simulated
// second.
func (c *Clock) AddFrame(dt time.Duration, ticks int) { c.stats.Add(dt, ticks) }

// Update reads the Source and advances by the time since the previous
// Update (or Resume). The first call only starts the clock and returns 0.
// Without a Source it returns 0.
func (c *Clock) Update() int {
	if c.src == nil {
		return 0
	}
	now := c.src()
	if !c.haveLast {
		c.last, c.haveLast = now, true
		return 0
	}
	dt := now - c.last
	c.last = now
	return c.Advance(dt)
}

// Frame advances by dt and calls tick once per due tick with the tick's
// number (counting from 0 since the clock was made). It returns Alpha.
func (c *Clock) Frame(dt time.Duration, tick func(n uint64)) float64 {
	n := c.Advance(dt)
	c.runTicks(n, tick)
	return c.Alpha()
}

// UpdateFrame is Frame with the time read from the Source.
func (c *Clock) UpdateFrame(tick func(n uint64)) float64 {
	n := c.Update()
	c.runTicks(n, tick)
	return c.Alpha()
}

func (c *Clock) runTicks(n int, tick func(uint64)) {
	if tick == nil {
		return
	}
	first := c.ticks - uint64(n)
	for i := 0; i < n; i++ {
		tick(first + uint64(i))
	}
}

// Alpha is the interpolation factor for rendering, in [0, 1): how far the
// present lies between the last tick and the next one. Render each object
// at prev + (cur-prev)*Alpha. It is frozen while paused.
func (c *Clock) Alpha() float64 { return float64(c.acc) / float64(c.num) }

// Ticks returns the total number of ticks issued so far.
func (c *Clock) Ticks() uint64 { return c.ticks }

// LastTicks returns the number of ticks the most recent frame issued.
func (c *Clock) LastTicks() int { return c.lastTicks }

// SimTime returns the simulated time: Ticks × step, exact to the nanosecond
// (rounded down).
func (c *Clock) SimTime() time.Duration { return c.ticksTime(c.ticks) }

// ticksTime returns n×num/den ns without overflow for any realistic n.
func (c *Clock) ticksTime(n uint64) time.Duration {
	q, r := int64(n)/c.den, int64(n)%c.den
	return time.Duration(q*c.num + r*c.num/c.den)
}

// Dropped returns the total time dropped by stalls and the catch-up cap.
func (c *Clock) Dropped() time.Duration { return c.stalled + c.ticksTime(c.capped) }

// Pause stops ticking: Advance and Update return 0, the accumulator and
// Alpha stay as they were.
func (c *Clock) Pause() { c.paused = true }

// Resume restarts ticking from where Pause left it, without a jump: the
// paused time is not owed. With a Source, the next Update measures from
// the moment of Resume.
func (c *Clock) Resume() {
	if !c.paused {
		return
	}
	c.paused = false
	if c.src != nil && c.haveLast {
		c.last = c.src()
	}
}

// Paused reports whether the clock is paused.
func (c *Clock) Paused() bool { return c.paused }

// Stats summarises the recent frames. It does not allocate.
func (c *Clock) Stats() Stats { return c.stats.Stats() }

// ResetStats forgets all recorded frames (window and session).
func (c *Clock) ResetStats() { c.stats.Reset() }

// Stats are frame statistics. The window fields cover the most recent
// frames (Config.StatsWindow); the Session fields everything since the
// clock was made or ResetStats.
type Stats struct {
	// Frames and Ticks are the counts in the window; Span their total time.
	Frames, Ticks int
	Span          time.Duration
	// FPS and TPS are Frames/Span and Ticks/Span (0 when Span is 0).
	FPS, TPS float64
	// Min, Mean, P95 and Max are frame times over the window (P95 by the
	// nearest-rank method).
	Min, Mean, P95, Max time.Duration

	// SessionFrames, SessionTicks and SessionSpan count since the start.
	SessionFrames, SessionTicks uint64
	SessionSpan                 time.Duration
	// SessionMin and SessionMax are the extreme frame times since the start.
	SessionMin, SessionMax time.Duration
}

// MinFPS is the frame rate of the slowest frame in the window (1/Max).
func (s Stats) MinFPS() float64 { return rate(s.Max) }

// MaxFPS is the frame rate of the fastest frame in the window (1/Min).
func (s Stats) MaxFPS() float64 { return rate(s.Min) }

// SessionFPS is the mean frame rate since the start: frames / elapsed, as
// IsoMob's Eq. 5.1 (counter_frames / time_elapsed).
func (s Stats) SessionFPS() float64 {
	if s.SessionSpan <= 0 {
		return 0
	}
	return float64(s.SessionFrames) / s.SessionSpan.Seconds()
}

func rate(d time.Duration) float64 {
	if d <= 0 {
		return 0
	}
	return float64(time.Second) / float64(d)
}

// FrameStats records frame times, and the ticks each frame ran, over a
// window of the most recent frames and over the whole session: what
// Clock.Stats reports, for any series of frames a program times itself
// (a game timing only its busiest frames). After NewFrameStats neither Add
// nor Stats allocates.
type FrameStats struct {
	dt      []time.Duration
	ticks   []int32
	scratch []time.Duration
	head, n int

	frames, tickSum uint64
	span            time.Duration
	min, max        time.Duration
}

// NewFrameStats returns statistics over windows of the last window frames
// (at least 1).
func NewFrameStats(window int) FrameStats {
	window = max(window, 1)
	return FrameStats{dt: make([]time.Duration, window), ticks: make([]int32, window), scratch: make([]time.Duration, window)}
}

// Reset forgets every frame (window and session).
func (r *FrameStats) Reset() {
	r.head, r.n = 0, 0
	r.frames, r.tickSum, r.span, r.min, r.max = 0, 0, 0, 0, 0
}

// Add records a frame of length dt that ran ticks ticks.
func (r *FrameStats) Add(dt time.Duration, ticks int) {
	if len(r.dt) == 0 {
		*r = NewFrameStats(1)
	}
	r.dt[r.head] = dt
	r.ticks[r.head] = int32(ticks)
	r.head++
	if r.head == len(r.dt) {
		r.head = 0
	}
	if r.n < len(r.dt) {
		r.n++
	}
	if r.frames == 0 || dt < r.min {
		r.min = dt
	}
	if dt > r.max {
		r.max = dt
	}
	r.frames++
	r.tickSum += uint64(ticks)
	r.span += dt
}

// Stats summarizes the frames recorded: the window's and the session's.
func (r *FrameStats) Stats() Stats {
	s := Stats{
		Frames:        r.n,
		SessionFrames: r.frames,
		SessionTicks:  r.tickSum,
		SessionSpan:   r.span,
		SessionMin:    r.min,
		SessionMax:    r.max,
	}
	if r.n == 0 {
		return s
	}
	// The window is the first r.n entries when not yet full, else all of them.
	sc := r.scratch[:r.n]
	for i := 0; i < r.n; i++ {
		j := r.head - r.n + i
		if j < 0 {
			j += len(r.dt)
		}
		sc[i] = r.dt[j]
		s.Ticks += int(r.ticks[j])
		s.Span += r.dt[j]
	}
	slices.Sort(sc)
	s.Min, s.Max = sc[0], sc[r.n-1]
	s.Mean = s.Span / time.Duration(r.n)
	rank := (95*r.n + 99) / 100 // ceil(0.95 n), nearest rank
	s.P95 = sc[rank-1]
	if s.Span > 0 {
		sec := s.Span.Seconds()
		s.FPS = float64(s.Frames) / sec
		s.TPS = float64(s.Ticks) / sec
	}
	return s
}

// MonotonicSource returns a Source reading the process's monotonic clock,
// starting at zero. Only platforms should use it; tests and the simulation
// use a VirtualClock.
func MonotonicSource() func() time.Duration {
	start := time.Now()
	return func() time.Duration { return time.Since(start) }
}
