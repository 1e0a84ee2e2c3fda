package tactics_test

import (
	"math"
	"testing"

	"diorama/ai/tactics"
	"diorama/mathx"
)

// occupancy is a solid/empty tile grid with unit cells and an exact DDA
// ray cast, the usual world behind a RayCast on a tile map.
type occupancy struct {
	w, h  int
	solid []bool
}

func newOccupancy(w, h int, fill float64, seed uint64) *occupancy {
	o := &occupancy{w: w, h: h, solid: make([]bool, w*h)}
	rng := mathx.NewRand(seed)
	for i := range o.solid {
		o.solid[i] = rng.Chance(fill)
	}
	return o
}

func (o *occupancy) blocked(x, y int) bool {
	return x < 0 || y < 0 || x >= o.w || y >= o.h || o.solid[y*o.w+x]
}

// ray walks the tiles the segment crosses (Amanatides–Woo) and returns the
// entry fraction of the first solid one, skipping the start tile.
func (o *occupancy) ray(from, to mathx.Vec2) (float64, bool) {
	d := to.Sub(from)
	x, y := int(math.Floor(from.X)), int(math.Floor(from.Y))
	tx, ty := int(math.Floor(to.X)), int(math.Floor(to.Y))
	stepX, stepY := 1, 1
	nextX, nextY := math.Inf(1), math.Inf(1)
	dX, dY := math.Inf(1), math.Inf(1)
	if d.X < 0 {
		stepX = -1
	}
	if d.Y < 0 {
		stepY = -1
	}
	if d.X != 0 {
		dX = math.Abs(1 / d.X)
		b := float64(x)
		if stepX > 0 {
			b++
		}
		nextX = (b - from.X) / d.X
	}
	if d.Y != 0 {
		dY = math.Abs(1 / d.Y)
		b := float64(y)
		if stepY > 0 {
			b++
		}
		nextY = (b - from.Y) / d.Y
	}
	for x != tx || y != ty {
		var t float64
		if nextX < nextY {
			t, x = nextX, x+stepX
			nextX += dX
		} else {
			t, y = nextY, y+stepY
			nextY += dY
		}
		if t > 1 {
			break
		}
		if o.blocked(x, y) {
			return t, true
		}
	}
	return 0, false
}

func (o *occupancy) open(p mathx.Vec2) bool {
	return !o.blocked(int(math.Floor(p.X)), int(math.Floor(p.Y)))
}

func bigAnalyzer(b *testing.B) *tactics.Analyzer {
	cfg := tactics.DefaultAnalyzerConfig(1)
	cfg.W, cfg.H = 128, 128
	a, err := tactics.NewAnalyzer(cfg)
	if err != nil {
		b.Fatal(err)
	}
	return a
}

// Influence map update on 128×128: stamp 32 danger sources, Gaussian
// spread (σ = 1.5 cells, 19-tap separable), combine.
func BenchmarkInfluenceUpdate128(b *testing.B) {
	a := bigAnalyzer(b)
	rng := mathx.NewRand(1)
	src := make([]tactics.Source, 32)
	for i := range src {
		src[i] = tactics.Source{Pos: mathx.V2(rng.Range(0, 128), rng.Range(0, 128)), Amount: 1}
	}
	centre := mathx.V2(64, 64)
	a.Update(centre, nil, src, nil, nil) // grow the blur's scratch
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		a.Update(centre, nil, src, nil, nil)
	}
	ns := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
	b.ReportMetric(ns/1e6, "ms/update")
	b.ReportMetric(ns/(128*128), "ns/cell")
}

// The full terrain analysis on 128×128: danger plus a line-of-sight ray
// from every cell to the threat through a 10 %-filled tile map.
func BenchmarkTerrainAnalysis128(b *testing.B) {
	a := bigAnalyzer(b)
	occ := newOccupancy(128, 128, 0.1, 3)
	ray, open := tactics.RayCast(occ.ray), tactics.Accessible(occ.open)
	threat := mathx.V2(20.5, 30.5)
	src := []tactics.Source{{Pos: mathx.V2(70, 70), Amount: 2}}
	a.FindCover(mathx.V2(64, 64), threat, src, ray, open)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		a.FindCover(mathx.V2(64, 64), threat, src, ray, open)
	}
	ns := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
	b.ReportMetric(ns/1e6, "ms/update")
	b.ReportMetric(ns/(128*128), "ns/cell")
}

// Optimal slot assignment for a 32-member formation.
func BenchmarkAssign32(b *testing.B) {
	f, _ := tactics.NewCircle(20)
	rng := mathx.NewRand(1)
	pos := make([]mathx.Vec2, 32)
	for i := range pos {
		f.Join(i)
		pos[i] = rng.InCircle(30)
	}
	f.Assign(pos)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		f.Assign(pos)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/1e3, "µs/assign")
}
