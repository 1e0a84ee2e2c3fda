// Package loop runs simulation time for Diorama.
//
// It owns:
//   - Clock: a fixed-step clock (60 ticks per second by default) with an
//     accumulator, a cap on catch-up ticks per frame (no spiral of death),
//     dropping of time after a stall, the interpolation factor (alpha)
//     handed to rendering, and pause/resume without a jump. Time comes from
//     an injected source (a func() time.Duration) or from explicit
//     Advance(dt) calls, so tests and replays use a virtual clock.
//   - Stats: actual TPS and FPS with min, mean, p95 and max frame times over
//     a window of recent frames (a preallocated ring buffer) plus
//     whole-session min/mean/max, as IsoMob measured over 120 s.
//   - Scheduler: periodic tasks measured in ticks (IsoMob's 33/99/330/990 ms
//     tasks at a 30 Hz base tick are periods 1, 3, 10 and 30) that end when
//     they report done.
//   - Headless: a driver that runs exactly N ticks as fast as possible on a
//     virtual clock, for tests, perf runs and replays.
//
// A frame never allocates: Clock.Frame, Clock.Advance and Scheduler.Run do
// no heap allocation in steady state.
//
// The simulation never reads the wall clock; only MonotonicSource does, and
// only a platform should call it.
//
// loop imports only the standard library; it must NOT import any other
// Diorama package (it sits below scene, platform and cmd).
package loop
