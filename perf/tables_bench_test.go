package perf

import (
	"fmt"
	"sync"
	"testing"
	"time"
)

// settled caches the settled tanks of each control map scale.
var settled sync.Map

func settledTanks(b *testing.B, m *ControlMap) []Tank {
	if v, ok := settled.Load(m.Scale); ok {
		return v.([]Tank)
	}
	tanks, err := m.Settle()
	if err != nil {
		b.Fatal(err)
	}
	settled.Store(m.Scale, tanks)
	return tanks
}

// BenchmarkTable21: seed 000's Tables 2.1/2.2 on the engine, one
// physics.Space.Step of the settled control map per iteration, for the
// seed's n×n grids (n = 1..12) and finer ones, at 51, 201 and 801 tanks.
func BenchmarkTable21(b *testing.B) {
	for _, sc := range []int{1, 2, 4} {
		m, err := NewControlMap(sc)
		if err != nil {
			b.Fatal(err)
		}
		per := append([]int{1}, DefaultPerSide[1:]...)
		for k := range per[1:] {
			per[k+1] *= sc
		}
		if sc == 1 {
			per = DefaultPerSide
		}
		for _, n := range per {
			b.Run(fmt.Sprintf("tanks=%d/cells=%d", m.Entities(), n*n), func(b *testing.B) {
				w, err := m.CollisionWorld(settledTanks(b, m), n)
				if err != nil {
					b.Fatal(err)
				}
				for k := 0; k < SeedTPS; k++ {
					w.Step(1.0 / SeedTPS)
				}
				entries, shared := cellWork(w, n)
				b.ReportAllocs()
				start := time.Now()
				for b.Loop() {
					w.Step(1.0 / SeedTPS)
				}
				b.ReportMetric(time.Since(start).Seconds()*1e6/float64(b.N), "µs/step")
				b.ReportMetric(float64(w.Stats().Pairs), "pairs")
				b.ReportMetric(float64(shared), "shared-pairs")
				b.ReportMetric(float64(entries), "cell-entries")
			})
		}
	}
}

// BenchmarkTable31: seed 000's Table 3.1 on the engine, one 800×480 frame
// per iteration at the seed's on-screen counts, with and without culling.
func BenchmarkTable31(b *testing.B) {
	s, err := NewCullScene(CullScale, 1)
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	centres, counts := s.Views(SeedOnScreen)
	for k, c := range centres {
		for _, cull := range []bool{true, false} {
			b.Run(fmt.Sprintf("onscreen=%d/cull=%v", SeedOnScreen[k], cull), func(b *testing.B) {
				s.Cam.Center = c
				cmds, err := s.Render(cull)
				if err != nil {
					b.Fatal(err)
				}
				b.ReportAllocs()
				start := time.Now()
				for b.Loop() {
					s.Render(cull)
				}
				b.ReportMetric(time.Since(start).Seconds()*1e3/float64(b.N), "ms/frame")
				b.ReportMetric(float64(counts[k]), "onscreen")
				b.ReportMetric(float64(cmds), "cmds")
			})
		}
	}
}
