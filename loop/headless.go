package loop

import "time"

// VirtualClock is a manually advanced time source for tests, perf runs and
// replays. Use its Now as Config.Source.
type VirtualClock struct{ now time.Duration }

// Now returns the virtual time.
func (v *VirtualClock) Now() time.Duration { return v.now }

// Advance moves the virtual time forward by d (negative d is ignored).
func (v *VirtualClock) Advance(d time.Duration) {
	if d > 0 {
		v.now += d
	}
}

// Headless runs a Clock as fast as possible on a virtual clock: each frame
// advances virtual time by FrameTime, runs the due ticks, then calls
// Render. Nothing waits on real time.
type Headless struct {
	// Clock is the fixed-step clock being driven.
	Clock *Clock
	// Time is the virtual time, advanced by every frame.
	Time VirtualClock
	// FrameTime is the virtual duration of one frame. 0 means exactly one
	// tick per frame: each frame is the shortest time (whole nanoseconds)
	// that makes the next tick due, so k frames take ceil(k × step).
	FrameTime time.Duration
	// Render, if set, is called once per frame with the clock's Alpha.
	Render func(alpha float64)
}

// NewHeadless returns a headless driver for a new clock made from cfg
// (cfg.Source is ignored: the driver advances the clock itself).
func NewHeadless(cfg Config) *Headless {
	cfg.Source = nil
	return &Headless{Clock: NewClock(cfg)}
}

// Run runs exactly n ticks, calling tick for each with its number, and
// returns the number of frames it took. The last frame is shortened so that
// no tick beyond n is issued. A paused clock runs nothing: Run returns 0.
func (h *Headless) Run(n int, tick func(tick uint64)) (frames int) {
	c := h.Clock
	for n > 0 && !c.paused {
		dt := h.FrameTime
		if dt <= 0 {
			dt = time.Duration((c.num - c.acc + c.den - 1) / c.den)
			if dt > c.maxFrame { // a step longer than MaxFrameTime: no fake stall
				dt = c.maxFrame
			}
		} else if d := c.dueTicks(dt); d > int64(n) {
			// Shortest dt that makes exactly n ticks due: ceil((n*num - acc)/den).
			need := int64(n)*c.num - c.acc
			dt = time.Duration((need + c.den - 1) / c.den)
		}
		h.Time.Advance(dt)
		k := c.Advance(dt)
		c.runTicks(k, tick)
		n -= k
		frames++
		if h.Render != nil {
			h.Render(c.Alpha())
		}
	}
	return frames
}

// dueTicks returns how many ticks Advance(dt) would issue, before the cap.
func (c *Clock) dueTicks(dt time.Duration) int64 {
	if dt > c.maxFrame {
		dt = c.maxFrame
	}
	return (c.acc + int64(dt)*c.den) / c.num
}
