package steer_test

import (
	"testing"

	"diorama/ai/steer"
	"diorama/mathx"
)

// benchWorld is n agents of radius 0.5 spread at about one per 4 square
// units, seeking points across the field with separation on.
func benchWorld(b *testing.B, n int, beh steer.Behaviour, resolve int) *steer.Crowd {
	return benchWorldN(b, n, beh, resolve, 1)
}

// benchWorldN is benchWorld with the force pass on workers goroutines.
func benchWorldN(b *testing.B, n int, beh steer.Behaviour, resolve, workers int) *steer.Crowd {
	cfg := steer.DefaultConfig(0.5)
	cfg.Resolve = resolve
	cfg.Workers = workers
	w := steer.NewCrowd(cfg)
	rng := mathx.NewRand(1)
	side := 2 * sqrt(float64(n))
	for k := 0; k < n; k++ {
		a := steer.Agent{Pos: mathx.V2(rng.Range(0, side), rng.Range(0, side)), Radius: 0.5, MaxSpeed: 3, MaxForce: 15,
			Behaviours: beh, Target: mathx.V2(rng.Range(0, side), rng.Range(0, side)), TargetAgent: -1, Path: -1}
		if _, err := w.Add(a); err != nil {
			b.Fatal(err)
		}
	}
	for k := 0; k < 60; k++ { // settle the initial overlaps
		w.Step(1.0 / 60)
	}
	return w
}

func sqrt(x float64) float64 {
	r := x
	for k := 0; k < 60; k++ {
		r = (r + x/r) / 2
	}
	return r
}

func benchStep(b *testing.B, n int, beh steer.Behaviour, resolve int) {
	benchStepN(b, n, beh, resolve, 1)
}

func benchStepN(b *testing.B, n int, beh steer.Behaviour, resolve, workers int) {
	w := benchWorldN(b, n, beh, resolve, workers)
	defer w.Close()
	b.ReportAllocs()
	b.ResetTimer()
	pairs := 0
	for i := 0; i < b.N; i++ {
		w.Step(1.0 / 60)
		pairs += w.Stats().Pairs
	}
	b.StopTimer()
	ns := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
	b.ReportMetric(ns/1e6, "ms/tick")
	b.ReportMetric(ns/float64(n), "ns/agent")
	b.ReportMetric(float64(pairs)/float64(b.N)/float64(n), "pairs/agent")
}

// The target: 5,000 agents with separation under 2 ms per tick.
func BenchmarkStep5000SeekSeparation(b *testing.B) {
	benchStep(b, 5000, steer.Seeking|steer.Separating, 0)
}

// The same with the default 4 contact-resolution passes.
func BenchmarkStep5000SeekSeparationResolve(b *testing.B) {
	benchStep(b, 5000, steer.Seeking|steer.Separating, 4)
}

// Near-linear scaling: compare ns/agent across sizes.
func BenchmarkStep1000SeekSeparation(b *testing.B) {
	benchStep(b, 1000, steer.Seeking|steer.Separating, 0)
}

func BenchmarkStep20000SeekSeparation(b *testing.B) {
	benchStep(b, 20000, steer.Seeking|steer.Separating, 0)
}

// Full flocking (neighbour radius 3 units instead of 1.25).
func BenchmarkStep5000Flock(b *testing.B) {
	benchStep(b, 5000, steer.Separating|steer.Aligning|steer.Cohering|steer.Wandering, 0)
}

// The force pass on 1 and 2 goroutines (Config.Workers), 20,000 wandering
// agents with separation: compare the best of several -count runs.
func BenchmarkStep20000WanderWorkers(b *testing.B) {
	for _, w := range []int{1, 2} {
		b.Run(map[int]string{1: "workers=1", 2: "workers=2"}[w], func(b *testing.B) {
			benchStepN(b, 20000, steer.Wandering|steer.Separating, 2, w)
		})
	}
}
