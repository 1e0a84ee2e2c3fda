package loop_test

import (
	"fmt"
	"time"

	"diorama/loop"
)

// A game loop: advance the clock by the frame time, run the due ticks, and
// render with the interpolation factor.
func ExampleClock() {
	clk := loop.NewClock(loop.Config{TPS: 50}) // 20 ms ticks
	pos, prev := 0.0, 0.0
	for _, frame := range []time.Duration{30 * time.Millisecond, 30 * time.Millisecond} {
		n := clk.Advance(frame)
		for i := 0; i < n; i++ {
			prev = pos
			pos += 1 // one unit per tick
		}
		alpha := clk.Alpha()
		fmt.Printf("ticks %d alpha %.2f draw at %.2f\n", n, alpha, prev+(pos-prev)*alpha)
	}
	// Output:
	// ticks 1 alpha 0.50 draw at 0.50
	// ticks 2 alpha 0.00 draw at 2.00
}

// IsoMob's periodic tasks at a 30 Hz base tick: 33, 99, 330 and 990 ms.
func ExampleScheduler() {
	var s loop.Scheduler
	step := time.Second / 30
	for _, ms := range []int{33, 99, 330, 990} {
		period := loop.TicksFor(time.Duration(ms)*time.Millisecond, step)
		calls := 0
		s.Every(period, func(tick uint64) bool {
			calls++
			if calls == 2 {
				fmt.Printf("%d ms task (every %d ticks) done at tick %d\n", ms, period, tick)
				return true
			}
			return false
		})
	}
	for tick := uint64(0); tick < 60; tick++ {
		s.Run(tick)
	}
	fmt.Println("tasks left:", s.Len())
	// Output:
	// 33 ms task (every 1 ticks) done at tick 1
	// 99 ms task (every 3 ticks) done at tick 5
	// 330 ms task (every 10 ticks) done at tick 19
	// 990 ms task (every 30 ticks) done at tick 59
	// tasks left: 0
}

// A headless run: exactly 600 ticks (10 s at 60 TPS) as fast as possible.
func ExampleHeadless() {
	h := loop.NewHeadless(loop.Config{TPS: 60})
	h.FrameTime = 25 * time.Millisecond
	sum := uint64(0)
	frames := h.Run(600, func(tick uint64) { sum += tick })
	fmt.Println(h.Clock.Ticks(), frames, h.Time.Now(), sum)
	// Output:
	// 600 400 10s 179700
}

// Frame statistics over the window.
func ExampleClock_Stats() {
	clk := loop.NewClock(loop.Config{TPS: 30, StatsWindow: 100})
	for i := 0; i < 100; i++ {
		ft := 33 * time.Millisecond
		if i%10 == 9 {
			ft = 50 * time.Millisecond
		}
		clk.Advance(ft)
	}
	s := clk.Stats()
	fmt.Printf("frames %d min %v mean %v p95 %v max %v fps %.1f\n", s.Frames, s.Min, s.Mean, s.P95, s.Max, s.FPS)
	// Output:
	// frames 100 min 33ms mean 34.7ms p95 50ms max 50ms fps 28.8
}

// A game times the frames it cares about (here: three) and reads the
// mean, 95th percentile and worst.
func ExampleFrameStats() {
	fs := loop.NewFrameStats(100)
	for _, ms := range []time.Duration{2, 4, 3} {
		fs.Add(ms*time.Millisecond, 2)
	}
	s := fs.Stats()
	fmt.Println(s.Mean, s.P95, s.SessionMax, s.Ticks)
	// Output: 3ms 4ms 4ms 6
}
