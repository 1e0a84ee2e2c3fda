package desktop

import "time"

// Frame limiter tuning.
const (
	// probeFrames is how many swaps are averaged to decide whether vsync
	// holds.
	probeFrames = 8
	// reprobeFrames is how many limited frames pass before the limiter
	// lets probeFrames through unthrottled to measure again (about 2 s at
	// 60 Hz), so it lets go when vsync starts working (a fullscreen mode
	// switch, a driver setting).
	reprobeFrames = 120
	// defaultRefresh is the display refresh rate assumed when the monitor
	// reports none (Xvfb, some VMs).
	defaultRefresh = 60
)

// limiter caps presenting at the display refresh rate when vsync was
// asked for but does not hold. It does not assume: it measures the
// interval between SwapBuffers returns (minus the time it slept itself)
// over probeFrames swaps, and throttles only when at least 3/4 of them
// are shorter than 3/4 of the refresh period, which a working vsync never
// allows (a driver queueing two or three frames at start makes only those
// short). While
// throttling it sleeps to the next deadline, one refresh period after the
// last, without bursts to catch up after a slow frame.
type limiter struct {
	enabled  bool          // vsync was asked for
	period   time.Duration // display refresh period
	limiting bool          // vsync measured not to hold: throttling
	prev     time.Time     // last swap return; zero when the run of frames broke
	slept    time.Duration // slept by the limiter since prev
	short    int           // probe: intervals shorter than 3/4 period so far
	n        int           // probe: intervals so far; while limiting, frames limited
	deadline time.Time     // while limiting: when the last frame was due
}

func newLimiter(enabled bool, refreshHz int) *limiter {
	l := &limiter{enabled: enabled}
	l.setRefresh(refreshHz)
	return l
}

// setRefresh sets the display refresh rate (defaultRefresh when hz ≤ 0).
func (l *limiter) setRefresh(hz int) {
	if hz <= 0 {
		hz = defaultRefresh
	}
	l.period = time.Second / time.Duration(hz)
}

// swapped records a SwapBuffers return at now and returns how long to
// sleep before the next frame (zero unless vsync was measured not to
// hold). The caller reports the sleep with [limiter.sleep].
func (l *limiter) swapped(now time.Time) time.Duration {
	if !l.enabled {
		return 0
	}
	if !l.prev.IsZero() {
		dt := now.Sub(l.prev) - l.slept
		if l.limiting {
			l.n++
			if l.n >= reprobeFrames {
				l.limiting, l.n, l.short = false, 0, 0
			}
		} else {
			if dt*4 < l.period*3 {
				l.short++
			}
			l.n++
			if l.n == probeFrames {
				l.limiting = l.short*4 >= probeFrames*3
				l.n, l.short = 0, 0
				l.deadline = now
			}
		}
	}
	l.prev, l.slept = now, 0
	if !l.limiting {
		return 0
	}
	next := l.deadline.Add(l.period)
	if next.Before(now.Add(-l.period)) {
		next = now // more than a period late: start again from now
	}
	l.deadline = next
	if next.Before(now) {
		return 0
	}
	return next.Sub(now)
}

// sleep records that the caller slept d after a swap.
func (l *limiter) sleep(d time.Duration) { l.slept += d }

// broken tells the limiter that frames were skipped (the game idled or
// the window was minimised): the next interval measures nothing.
func (l *limiter) broken() { l.prev = time.Time{} }
