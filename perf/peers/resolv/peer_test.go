package resolvpeer

import (
	"fmt"
	"math"
	"testing"

	"diorama/mathx"
	"diorama/physics"

	"github.com/solarlune/resolv"
)

// TestScenesMatch checks both engines were given the same scene: same
// walls and movers, and after settling neither leaves a mover deep inside
// a wall.
func TestScenesMatch(t *testing.T) {
	ents := SeedEntities()
	w, ids, err := DioramaWorld(ents, nil, 64, 2)
	if err != nil {
		t.Fatal(err)
	}
	rs, err := NewResolvScene(ents, nil, 64)
	if err != nil {
		t.Fatal(err)
	}
	if w.WallCount() != 20 || len(rs.Walls) != 20 || len(ids) != 51 || len(rs.Movers) != 51 {
		t.Fatalf("walls %d/%d movers %d/%d, want 20 and 51", w.WallCount(), len(rs.Walls), len(ids), len(rs.Movers))
	}
	for k := 0; k < 20; k++ {
		b := rs.Walls[k].Bounds()
		wb := w.Wall(k)
		if b.Min.X != wb.Min.X || b.Min.Y != wb.Min.Y || b.Max.X != wb.Max.X || b.Max.Y != wb.Max.Y {
			t.Fatalf("wall %d: resolv %v diorama %v", k, b, wb)
		}
	}
	for s := 0; s < 100; s++ {
		w.Step(1.0 / 25)
		rs.Step(1.0 / 25)
	}
	for _, id := range ids {
		got := w.OverlapShape(w.Shape(id), w.Position(id), w.Angle(id), physics.QueryFilter{Mask: 1, Exclude: id}, nil)
		for _, o := range got {
			if o.Wall >= 0 {
				if m, ok := physics.Collide(w.Shape(id), w.Position(id), w.Angle(id), mustBoxAt(t, w.Wall(o.Wall)), w.Wall(o.Wall).Center(), 0); ok && m.Depth > 0.5 {
					t.Errorf("diorama body %v inside wall %d by %v", id, o.Wall, m.Depth)
				}
			}
		}
	}
}

func mustBoxAt(t *testing.T, b mathx.AABB) physics.Shape {
	h := b.Half()
	s, err := physics.NewBox(h.X, h.Y)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// BenchmarkSeed71 runs seed 000's 71-entity scene (25 ticks/s, AI seeking
// the player) in Diorama and in resolv; one op is one step.
func BenchmarkSeed71(b *testing.B) {
	ents := SeedEntities()
	b.Run("diorama", func(b *testing.B) {
		w, ids, err := DioramaWorld(ents, nil, 64, 2)
		if err != nil {
			b.Fatal(err)
		}
		pos := make([]mathx.Vec2, len(ids))
		vel := make([]mathx.Vec2, len(ids))
		step := func(s int) {
			for i, id := range ids {
				pos[i] = w.Position(id)
			}
			SeedVelocities(pos, s, vel)
			for i, id := range ids {
				_ = w.SetVelocity(id, vel[i])
			}
			w.Step(1.0 / 25)
		}
		for s := 0; s < 100; s++ {
			step(s)
		}
		b.ReportAllocs()
		b.ResetTimer()
		cpu0 := cpuNanos()
		for i := 0; i < b.N; i++ {
			step(100 + i)
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N), "ns/step")
		b.ReportMetric(float64(cpuNanos()-cpu0)/float64(b.N), "cpu-ns/step")
	})
	b.Run("resolv", func(b *testing.B) {
		rs, err := NewResolvScene(ents, nil, 64)
		if err != nil {
			b.Fatal(err)
		}
		pos := make([]mathx.Vec2, len(rs.Movers))
		step := func(s int) {
			for i, m := range rs.Movers {
				p := m.Position()
				pos[i] = mathx.Vec2{X: p.X, Y: p.Y}
			}
			SeedVelocities(pos, s, rs.Vel)
			rs.Step(1.0 / 25)
		}
		for s := 0; s < 100; s++ {
			step(s)
		}
		b.ReportAllocs()
		b.ResetTimer()
		cpu0 := cpuNanos()
		for i := 0; i < b.N; i++ {
			step(100 + i)
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N), "ns/step")
		b.ReportMetric(float64(cpuNanos()-cpu0)/float64(b.N), "cpu-ns/step")
	})
}

type bulletSet struct {
	p, v []mathx.Vec2
	r    *mathx.Rand
}

func newBulletSet(n int) *bulletSet {
	bs := &bulletSet{r: mathx.NewRand(3)}
	for i := 0; i < n; i++ {
		p, v := bs.spawn()
		bs.p = append(bs.p, p)
		bs.v = append(bs.v, v)
	}
	return bs
}

func (bs *bulletSet) spawn() (mathx.Vec2, mathx.Vec2) {
	return mathx.Vec2{X: bs.r.Range(40, 760), Y: bs.r.Range(40, 440)}, bs.r.UnitVec().Scale(bs.r.Range(300, 900))
}

// BenchmarkBullets: N bullets (points) against 1,000 wandering units and
// the seed map's walls, 60 Hz. Diorama sweeps its Bullets pool through the
// grid; resolv line-tests each bullet's step segment against the shapes in
// the cells it spans (the closest resolv has to continuous collision). One
// op is one step: units move and resolve, bullets move, hits respawn.
func BenchmarkBullets(b *testing.B) {
	ents, uvel := UnitEntities(1000)
	for _, n := range []int{1000, 10000} {
		b.Run(fmt.Sprintf("%dk/diorama", n/1000), func(b *testing.B) {
			w, _, err := DioramaWorld(ents, uvel, 32, 1)
			if err != nil {
				b.Fatal(err)
			}
			src := newBulletSet(n)
			var bl physics.Bullets
			bl.Reserve(n)
			for i := range src.p {
				_, _ = bl.Add(src.p[i], src.v[i], 0, physics.AllLayers)
			}
			for i := 0; i < 3; i++ { // grow scratch buffers before timing
				w.Step(1.0 / 60)
				w.StepBullets(&bl, 1.0/60)
				for range bl.Hits {
					p, v := src.spawn()
					_, _ = bl.Add(p, v, 0, physics.AllLayers)
				}
			}
			b.ReportAllocs()
			b.ResetTimer()
			cpu0 := cpuNanos()
			hits := 0
			for i := 0; i < b.N; i++ {
				w.Step(1.0 / 60)
				w.StepBullets(&bl, 1.0/60)
				hits += len(bl.Hits)
				for range bl.Hits {
					p, v := src.spawn()
					_, _ = bl.Add(p, v, 0, physics.AllLayers)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N), "ns/step")
			b.ReportMetric(float64(cpuNanos()-cpu0)/float64(b.N), "cpu-ns/step")
			b.ReportMetric(float64(hits)/float64(b.N), "hits/step")
		})
		b.Run(fmt.Sprintf("%dk/resolv", n/1000), func(b *testing.B) {
			rs, err := NewResolvScene(ents, uvel, 32)
			if err != nil {
				b.Fatal(err)
			}
			bs := newBulletSet(n)
			for i := 0; i < 3; i++ {
				rs.Step(1.0 / 60)
			}
			b.ReportAllocs()
			b.ResetTimer()
			cpu0 := cpuNanos()
			hits := 0
			for i := 0; i < b.N; i++ {
				rs.Step(1.0 / 60)
				for k := range bs.p {
					p := bs.p[k]
					e := p.Add(bs.v[k].Scale(1.0 / 60))
					start, end := resolv.NewVector(p.X, p.Y), resolv.NewVector(e.X, e.Y)
					bounds := resolv.Bounds{Min: resolv.NewVector(math.Min(p.X, e.X), math.Min(p.Y, e.Y)), Max: resolv.NewVector(math.Max(p.X, e.X), math.Max(p.Y, e.Y))}
					hit := resolv.LineTest(resolv.LineTestSettings{
						Start: start, End: end,
						TestAgainst: rs.Space.FilterCells(bounds).FilterShapes(),
						OnIntersect: func(set resolv.IntersectionSet, index, max int) bool { return false },
					})
					if hit || e.X < -64 || e.Y < -64 || e.X > 864 || e.Y > 544 {
						hits++
						bs.p[k], bs.v[k] = bs.spawn()
					} else {
						bs.p[k] = e
					}
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N), "ns/step")
			b.ReportMetric(float64(cpuNanos()-cpu0)/float64(b.N), "cpu-ns/step")
			b.ReportMetric(float64(hits)/float64(b.N), "hits/step")
		})
	}
}

// BenchmarkRaycasts: 10,000 random rays across the world (1,000 units and
// the walls) per op.
func BenchmarkRaycasts(b *testing.B) {
	ents, _ := UnitEntities(1000)
	r := mathx.NewRand(99)
	from := make([]mathx.Vec2, 10000)
	to := make([]mathx.Vec2, 10000)
	for i := range from {
		from[i] = mathx.Vec2{X: r.Range(0, 800), Y: r.Range(0, 480)}
		to[i] = mathx.Vec2{X: r.Range(0, 800), Y: r.Range(0, 480)}
	}
	b.Run("diorama", func(b *testing.B) {
		w, _, err := DioramaWorld(ents, nil, 32, 1)
		if err != nil {
			b.Fatal(err)
		}
		w.Step(1.0 / 60)
		b.ReportAllocs()
		b.ResetTimer()
		cpu0 := cpuNanos()
		for i := 0; i < b.N; i++ {
			for k := range from {
				w.RayCast(from[k], to[k], physics.QueryFilter{})
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/1e4, "ns/ray")
		b.ReportMetric(float64(cpuNanos()-cpu0)/float64(b.N)/1e4, "cpu-ns/ray")
	})
	b.Run("resolv", func(b *testing.B) {
		rs, err := NewResolvScene(ents, nil, 32)
		if err != nil {
			b.Fatal(err)
		}
		b.ReportAllocs()
		b.ResetTimer()
		cpu0 := cpuNanos()
		for i := 0; i < b.N; i++ {
			for k := range from {
				p, e := from[k], to[k]
				bounds := resolv.Bounds{Min: resolv.NewVector(math.Min(p.X, e.X), math.Min(p.Y, e.Y)), Max: resolv.NewVector(math.Max(p.X, e.X), math.Max(p.Y, e.Y))}
				resolv.LineTest(resolv.LineTestSettings{
					Start: resolv.NewVector(p.X, p.Y), End: resolv.NewVector(e.X, e.Y),
					TestAgainst: rs.Space.FilterCells(bounds).FilterShapes(),
					OnIntersect: func(set resolv.IntersectionSet, index, max int) bool { return false },
				})
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/1e4, "ns/ray")
		b.ReportMetric(float64(cpuNanos()-cpu0)/float64(b.N)/1e4, "cpu-ns/ray")
	})
}
