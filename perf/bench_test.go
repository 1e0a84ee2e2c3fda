package perf

import (
	"fmt"
	"testing"
	"time"

	"diorama/internal/testenv"
)

// benchFrames times whole frames (one tick and one render) of a warmed-up
// scene and reports ms per frame split into simulation and rendering.
func benchFrames(b *testing.B, cfg Config, warm int) { benchFramesWith(b, cfg, warm, nil) }

// benchFramesWith is benchFrames with set applied to the new scene.
func benchFramesWith(b *testing.B, cfg Config, warm int, set func(*Scene)) {
	s, err := New(cfg)
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	if set != nil {
		set(s)
	}
	// With Config.Pipeline a frame's raster pass overlaps the next tick:
	// the loop's wall time per frame is what counts (ms/frame).
	for k := 0; k < warm; k++ {
		s.Tick()
	}
	if err := s.Render(0.5); err != nil {
		b.Fatal(err)
	}
	var sim, ren time.Duration
	alive := 0
	b.ReportAllocs()
	b.ResetTimer()
	c0 := testenv.CPUTime()
	// b.N, not b.Loop: go test's -test.cpu sets GOMAXPROCS around
	// b.N runs only; a b.Loop benchmark runs once, whole, at the
	// GOMAXPROCS it started with, so its scene would take the wrong
	// worker count (TestBenchmarksFollowCPUFlag).
	for range b.N {
		t := time.Now()
		s.Tick()
		t1 := time.Now()
		if err := s.Render(0.5); err != nil {
			b.Fatal(err)
		}
		sim += t1.Sub(t)
		ren += time.Since(t1)
		alive += s.World.Bullets().Len()
	}
	n := float64(b.N)
	b.ReportMetric(sim.Seconds()*1e3/n, "sim-ms/frame")
	b.ReportMetric(ren.Seconds()*1e3/n, "render-ms/frame")
	b.ReportMetric((sim+ren).Seconds()*1e3/n, "ms/frame")
	// CPU time per frame (all goroutines): on a shared machine wall time
	// also counts the time other programs held the cores.
	b.ReportMetric((testenv.CPUTime()-c0).Seconds()*1e3/n, "cpu-ms/frame")
	if cfg.Test == Bullets {
		b.ReportMetric(float64(alive)/n, "bullets")
	} else {
		b.ReportMetric(float64(cfg.Count), "units")
	}
	b.ReportMetric(float64(s.Workers()), "workers")
}

// BenchmarkBullets: the seed's ring sizes and the 50,000-alive target
// (rings of 6,250), all cores and one render worker.
func BenchmarkBullets(b *testing.B) {
	for _, n := range append(append([]int(nil), SeedRings...), 6250) {
		for _, w := range []int{1, 0} {
			b.Run(fmt.Sprintf("ring=%d/workers=%d", n, w), func(b *testing.B) {
				benchFrames(b, Config{Test: Bullets, Count: n, Workers: w}, 5*TPS)
			})
		}
	}
	b.Run("ring=6250/workers=0/pipeline", func(b *testing.B) {
		benchFrames(b, Config{Test: Bullets, Count: 6250, Pipeline: true}, 5*TPS)
	})
}

// BenchmarkUnits: the seed's enemy counts and the 5,000 target.
func BenchmarkUnits(b *testing.B) {
	for _, n := range append(append([]int(nil), SeedUnits...), 5000) {
		for _, w := range []int{1, 0} {
			b.Run(fmt.Sprintf("units=%d/workers=%d", n, w), func(b *testing.B) {
				benchFrames(b, Config{Test: Units, Count: n, Workers: w, Seed: 1}, TPS)
			})
		}
	}
	b.Run("units=5000/workers=0/pipeline", func(b *testing.B) {
		benchFrames(b, Config{Test: Units, Count: 5000, Seed: 1, Pipeline: true}, TPS)
	})
}

// BenchmarkBulletsLarge: about 1,000,000 bullets alive (rings of 122,000),
// all cores, the batched blit against one draw-list command per bullet.
func BenchmarkBulletsLarge(b *testing.B) {
	for _, listed := range []bool{false, true} {
		name := "ring=122000/batched"
		if listed {
			name = "ring=122000/drawlist"
		}
		b.Run(name, func(b *testing.B) {
			benchFramesWith(b, Config{Test: Bullets, Count: 122000}, 5*TPS, func(s *Scene) { s.listBullets = listed })
		})
	}
}

// BenchmarkBulletsLargeRender: Render alone (bullet positions, the scene's
// draw list, the blit) at about 930,000 bullets alive, all cores.
func BenchmarkBulletsLargeRender(b *testing.B) {
	s, err := New(Config{Test: Bullets, Count: 122000})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	for k := 0; k < 5*TPS; k++ {
		s.Tick()
	}
	b.ResetTimer()
	for range b.N { // b.N, not b.Loop: see benchFramesWith
		if err := s.Render(0.5); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(s.Drawn), "bullets")
}

// BenchmarkUnitsLarge: 50,000 units (the target), all cores.
func BenchmarkUnitsLarge(b *testing.B) {
	b.Run("units=50000", func(b *testing.B) {
		benchFrames(b, Config{Test: Units, Count: 50000, Seed: 1}, TPS/2)
	})
	b.Run("units=50000/pipeline", func(b *testing.B) {
		benchFrames(b, Config{Test: Units, Count: 50000, Seed: 1, Pipeline: true}, TPS/2)
	})
}

// BenchmarkBulkAB: the issue 19 paths against the serial ones before it
// (one goroutine for bullet stepping and steering, one draw-list command
// per bullet) at counts near the 2-core limits, in one run so machine
// load falls on both alike: run with -count 5 and compare the best.
func BenchmarkBulkAB(b *testing.B) {
	for _, c := range []Config{{Test: Bullets, Count: 48000}, {Test: Units, Count: 14000, Seed: 1}, {Test: Units, Count: 14000, Seed: 1, steerWorkers: 1}} {
		for _, serial := range []bool{false, true} {
			if serial && c.steerWorkers > 0 {
				continue
			}
			c.serial = serial
			name := fmt.Sprintf("%v=%d/issue19", c.Test, c.Count)
			if serial {
				name = fmt.Sprintf("%v=%d/serial", c.Test, c.Count)
			}
			if c.steerWorkers > 0 {
				name += fmt.Sprintf("-steer%d", c.steerWorkers)
			}
			warm := 5 * TPS
			if c.Test == Units {
				warm = TPS
			}
			b.Run(name, func(b *testing.B) { benchFrames(b, c, warm) })
		}
	}
}

// BenchmarkUnitsLargeSim: World.Step alone at 50,000 units (steady
// state: the scene is warmed up before the timer starts), for profiles
// of the simulation without setup or drawing.
func BenchmarkUnitsLargeSim(b *testing.B) {
	s, err := New(Config{Test: Units, Count: 50000, Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	for k := 0; k < TPS/2; k++ {
		s.Tick()
	}
	b.ReportAllocs()
	b.ResetTimer()
	c0 := testenv.CPUTime()
	for range b.N { // b.N, not b.Loop: see benchFramesWith
		s.Tick()
	}
	b.ReportMetric(float64(b.Elapsed().Seconds()*1e3)/float64(b.N), "sim-ms/tick")
	b.ReportMetric((testenv.CPUTime()-c0).Seconds()*1e3/float64(b.N), "cpu-ms/tick")
	b.ReportMetric(float64(s.Workers()), "workers")
}
