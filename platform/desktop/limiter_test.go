package desktop

import (
	"testing"
	"time"
)

// simulate runs frames of a loop whose swaps return after work (the
// render time, or the vsync wait) and sleeps as the limiter asks, with a
// virtual clock; it returns the frames presented within span.
func simulate(l *limiter, span time.Duration, work func(i int) time.Duration) int {
	t0 := time.Unix(1000, 0)
	now := t0
	frames := 0
	for i := 0; now.Sub(t0) < span; i++ {
		now = now.Add(work(i))
		frames++
		d := l.swapped(now)
		now = now.Add(d)
		l.sleep(d)
	}
	return frames
}

func TestLimiterThrottlesWithoutVSync(t *testing.T) {
	// 3 ms a frame (333 FPS) on a 60 Hz display: vsync does not hold.
	l := newLimiter(true, 60)
	frames := simulate(l, 10*time.Second, func(int) time.Duration { return 3 * time.Millisecond })
	// 600 refresh periods, plus probeFrames unthrottled every reprobeFrames.
	if frames < 600 || frames > 650 {
		t.Fatalf("%d frames in 10 s at 60 Hz, want 600..650", frames)
	}
	if !l.limiting {
		t.Fatal("not limiting")
	}
}

func TestLimiterTrustsWorkingVSync(t *testing.T) {
	// Swaps that block for the period: no sleeping at all, even when
	// the driver first queues three frames without blocking.
	l := newLimiter(true, 75)
	slept := time.Duration(0)
	t0 := time.Unix(0, 0)
	for i := 0; i < 3; i++ {
		slept += l.swapped(t0.Add(time.Duration(i) * time.Millisecond))
	}
	for i := 1; i <= 1000; i++ {
		d := l.swapped(t0.Add(time.Duration(i) * time.Second / 75))
		slept += d
	}
	if slept != 0 || l.limiting {
		t.Fatalf("slept %v with working vsync (limiting %v)", slept, l.limiting)
	}
}

func TestLimiterSlowGameAndNoVSync(t *testing.T) {
	// A game slower than the display is never throttled.
	l := newLimiter(true, 60)
	if frames := simulate(l, 10*time.Second, func(int) time.Duration { return 20 * time.Millisecond }); frames != 500 || l.limiting {
		t.Fatalf("slow game: %d frames in 10 s, want 500 (limiting %v)", frames, l.limiting)
	}
	// NoVSync: the player asked for every frame.
	l = newLimiter(false, 60)
	if frames := simulate(l, time.Second, func(int) time.Duration { return time.Millisecond }); frames != 1000 {
		t.Fatalf("NoVSync: %d frames in 1 s, want 1000", frames)
	}
}

func TestLimiterReleasesWhenVSyncReturns(t *testing.T) {
	// Unsynced for 5 s, then the swaps block for the period (say a
	// fullscreen mode switch turned vsync on): the limiter measures again
	// and stops sleeping within one reprobe.
	l := newLimiter(true, 0) // no rate reported: 60 Hz
	if l.period != time.Second/60 {
		t.Fatalf("default period %v", l.period)
	}
	t0 := time.Unix(0, 0)
	now := t0
	for now.Sub(t0) < 5*time.Second {
		now = now.Add(2 * time.Millisecond)
		d := l.swapped(now)
		now = now.Add(d)
		l.sleep(d)
	}
	if !l.limiting {
		t.Fatal("not limiting after 5 s unsynced")
	}
	// vsync: each swap returns on the next vblank.
	vblank := func(t time.Time) time.Time {
		p := l.period
		return t0.Add((t.Sub(t0)/p + 1) * p)
	}
	var lastSleep time.Time
	for end := now.Add(5 * time.Second); now.Before(end); {
		now = vblank(now.Add(time.Millisecond))
		d := l.swapped(now)
		if d > 0 {
			lastSleep = now
		}
		now = now.Add(d)
		l.sleep(d)
	}
	if l.limiting || now.Sub(lastSleep) < 2*time.Second {
		t.Fatalf("still limiting %v; last sleep %v before the end", l.limiting, now.Sub(lastSleep))
	}
}

func TestLimiterBrokenRun(t *testing.T) {
	// A long idle gap between frames is not taken for a slow frame, and a
	// frame late by more than a period does not cause a burst.
	l := newLimiter(true, 60)
	now := time.Unix(0, 0)
	for i := 0; i < 20; i++ {
		now = now.Add(time.Millisecond)
		d := l.swapped(now)
		now = now.Add(d)
		l.sleep(d)
	}
	if !l.limiting {
		t.Fatal("not limiting")
	}
	l.broken()
	now = now.Add(3 * time.Second)
	if d := l.swapped(now); d != 0 {
		t.Fatalf("first frame after a gap sleeps %v, want 0", d)
	}
	now = now.Add(time.Millisecond)
	if d := l.swapped(now); d != l.period-time.Millisecond {
		t.Fatalf("second frame after a gap sleeps %v, want %v", d, l.period-time.Millisecond)
	}
}
