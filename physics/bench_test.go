package physics

import (
	"fmt"
	"runtime"
	"testing"
	"time"

	"diorama/mathx"
)

// seedMeasuredNs is seed 000's best measured collision time for its
// 71-entity scene (Table 2.1: 16 ms at 64 cells).
const seedMeasuredNs = 16e6

// BenchmarkSeed71 steps seed 000's scene (20 merged walls, 50 AI, one
// player, 25 ticks/s) with the grid and with the brute-force all-pairs
// reference.
func BenchmarkSeed71(b *testing.B) {
	for _, brute := range []bool{false, true} {
		name := "grid"
		if brute {
			name = "brute"
		}
		b.Run(name, func(b *testing.B) {
			w, ai, player := seedScene(b, brute)
			step := 0
			for ; step < 100; step++ {
				driveSeed(w, ai, player, step)
				w.Step(1.0 / 25)
			}
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			b.ReportAllocs()
			b.ResetTimer()
			cpu0, t0 := cpuNanos(), threadNanos()
			pairs, contacts := 0, 0
			for i := 0; i < b.N; i++ {
				driveSeed(w, ai, player, step)
				w.Step(1.0 / 25)
				step++
				pairs += w.Stats().Pairs
				contacts += w.Stats().Contacts
			}
			ns := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
			b.ReportMetric(ns, "ns/step")
			b.ReportMetric(float64(cpuNanos()-cpu0)/float64(b.N), "cpu-ns/step")
			b.ReportMetric(float64(threadNanos()-t0)/float64(b.N), "thread-cpu-ns/step")
			b.ReportMetric(seedMeasuredNs/ns, "x-seed-16ms")
			b.ReportMetric(float64(pairs)/float64(b.N), "pairs/step")
			b.ReportMetric(float64(contacts)/float64(b.N), "contacts/step")
		})
	}
}

// BenchmarkBullets: N bullets (radius 2, 300–900 px/s) against 1,000
// wandering units and the seed map's walls on an 800×480 world at 60 Hz.
// One op is Space.Step plus StepBullets plus respawning the bullets that
// died, so the count stays N. grid-2workers runs StepBullets on two
// goroutines (SpaceDef.Workers = 2); cpu-ns then counts both.
// bullet-cpu-ns is the CPU time of the calling goroutine's thread inside
// StepBullets (the goroutine is locked to it), the steadiest figure on a
// loaded machine; with 2 workers it leaves out the second goroutine's share.
func BenchmarkBullets(b *testing.B) {
	for _, n := range []int{1000, 10000, 50000} {
		for _, mode := range []string{"grid", "grid-2workers", "brute"} {
			brute := mode == "brute"
			name := fmt.Sprintf("%dk/%s", n/1000, mode)
			b.Run(name, func(b *testing.B) {
				w, bl, _, r := bulletScene(b, 1000, n, brute)
				if mode == "grid-2workers" {
					w.def.Workers = 2
					defer w.Close()
				}
				for i := 0; i < 3; i++ {
					stepScene(w, bl, r)
				}
				runtime.LockOSThread()
				defer runtime.UnlockOSThread()
				b.ReportAllocs()
				b.ResetTimer()
				cpu0 := cpuNanos()
				var bulletNs time.Duration
				var bulletCPU int64
				hits := 0
				for i := 0; i < b.N; i++ {
					w.Step(1.0 / 60)
					t0, c0 := time.Now(), threadNanos()
					w.StepBullets(bl, 1.0/60)
					bulletCPU += threadNanos() - c0
					bulletNs += time.Since(t0)
					hits += len(bl.Hits)
					for range bl.Hits {
						spawnBullet(bl, r)
					}
				}
				ns := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
				b.ReportMetric(ns, "ns/step")
				b.ReportMetric(float64(cpuNanos()-cpu0)/float64(b.N), "cpu-ns/step")
				b.ReportMetric(float64(bulletNs.Nanoseconds())/float64(b.N), "bullet-ns/step")
				b.ReportMetric(float64(bulletNs.Nanoseconds())/float64(b.N)/float64(n), "ns/bullet")
				b.ReportMetric(float64(bulletCPU)/float64(b.N), "bullet-cpu-ns/step")
				b.ReportMetric(float64(bulletCPU)/float64(b.N)/float64(n), "cpu-ns/bullet")
				b.ReportMetric(float64(hits)/float64(b.N), "hits/step")
			})
		}
	}
}

// BenchmarkBulletsSparse: 50,000 bullets among 20 units on the same map,
// most of them in cells holding nothing (the common case of a shooter
// scene); one op is Step, StepBullets and the respawns.
func BenchmarkBulletsSparse(b *testing.B) {
	w, bl, _, r := bulletScene(b, 20, 50000, false)
	for i := 0; i < 3; i++ {
		stepScene(w, bl, r)
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	b.ReportAllocs()
	b.ResetTimer()
	var bulletCPU int64
	hits := 0
	for i := 0; i < b.N; i++ {
		w.Step(1.0 / 60)
		c0 := threadNanos()
		w.StepBullets(bl, 1.0/60)
		bulletCPU += threadNanos() - c0
		hits += len(bl.Hits)
		for range bl.Hits {
			spawnBullet(bl, r)
		}
	}
	b.ReportMetric(float64(bulletCPU)/float64(b.N), "bullet-cpu-ns/step")
	b.ReportMetric(float64(bulletCPU)/float64(b.N)/50000, "cpu-ns/bullet")
	b.ReportMetric(float64(hits)/float64(b.N), "hits/step")
}

// BenchmarkRaycasts: 10,000 random rays across the 800×480 bullet scene
// (1,000 units, 20 walls) per op.
func BenchmarkRaycasts(b *testing.B) {
	for _, brute := range []bool{false, true} {
		name := "grid"
		if brute {
			name = "brute"
		}
		b.Run(name, func(b *testing.B) {
			w, _, _, _ := bulletScene(b, 1000, 0, brute)
			w.Step(1.0 / 60)
			r := mathx.NewRand(99)
			from := make([]mathx.Vec2, 10000)
			to := make([]mathx.Vec2, 10000)
			for i := range from {
				from[i] = mathx.Vec2{X: r.Range(0, 800), Y: r.Range(0, 480)}
				to[i] = mathx.Vec2{X: r.Range(0, 800), Y: r.Range(0, 480)}
			}
			b.ReportAllocs()
			b.ResetTimer()
			cpu0 := cpuNanos()
			hits := 0
			for i := 0; i < b.N; i++ {
				for k := range from {
					if _, ok := w.RayCast(from[k], to[k], QueryFilter{}); ok {
						hits++
					}
				}
			}
			ns := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
			b.ReportMetric(ns/1e6, "ms/10k-rays")
			b.ReportMetric(ns/1e4, "ns/ray")
			b.ReportMetric(float64(cpuNanos()-cpu0)/float64(b.N)/1e4, "cpu-ns/ray")
			b.ReportMetric(float64(hits)/float64(b.N), "hits/10k")
		})
	}
}

// BenchmarkUnits: Space.Step alone for N wandering units (no bullets) on
// the 800×480 map at 60 Hz; 5,000 units is a dense crowd. thread-cpu-ns is
// the CPU time of the benchmark's thread (the goroutine is locked to it),
// steadier than wall time on a loaded machine.
func BenchmarkUnits(b *testing.B) {
	for _, n := range []int{1000, 5000} {
		for _, brute := range []bool{false, true} {
			if brute && n > 1000 {
				continue
			}
			name := fmt.Sprintf("%d/grid", n)
			if brute {
				name = fmt.Sprintf("%d/brute", n)
			}
			b.Run(name, func(b *testing.B) {
				w, _, _, _ := bulletScene(b, n, 0, brute)
				for i := 0; i < 10; i++ {
					w.Step(1.0 / 60)
				}
				runtime.LockOSThread()
				defer runtime.UnlockOSThread()
				b.ReportAllocs()
				b.ResetTimer()
				cpu0, t0 := cpuNanos(), threadNanos()
				pairs := 0
				for i := 0; i < b.N; i++ {
					w.Step(1.0 / 60)
					pairs += w.Stats().Pairs
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N), "ns/step")
				b.ReportMetric(float64(cpuNanos()-cpu0)/float64(b.N), "cpu-ns/step")
				b.ReportMetric(float64(threadNanos()-t0)/float64(b.N), "thread-cpu-ns/step")
				b.ReportMetric(float64(pairs)/float64(b.N), "pairs/step")
			})
		}
	}
}
