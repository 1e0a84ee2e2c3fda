package physics

import (
	"testing"

	"diorama/mathx"
)

func quadPass(target, cast uint64) bool { return ((target|laneHigh)-cast)&laneHigh == laneHigh }

// TestQuadNeverRejectsTouching: the quantized reject never drops a pair of
// boxes that touch (the exact test decides those), whatever the rounding,
// clamping or position in the frame; boxes clearly apart are rejected.
func TestQuadNeverRejectsTouching(t *testing.T) {
	// A frame at (-300, 200) quanta; a scale of 1.25 with the origin at
	// (7, -3) turns the boxes' pixels into quanta. The frame covers
	// [lo, hi] in pixels.
	bg := &bulletGrid{ox: 7, oy: -3, scale: 1.25}
	fx, fy := int64(-300), int64(200)
	lo := mathx.Vec2{X: 7 + float64(fx)/1.25, Y: -3 + float64(fy)/1.25}
	hi := lo.Add(mathx.Vec2{X: quadK / 1.25, Y: quadK / 1.25})
	r := mathx.NewRand(3)
	box := func() mathx.AABB {
		// Mostly inside the frame, some beyond either end, some tiny.
		c := mathx.Vec2{X: r.Range(lo.X-2000, hi.X+2000), Y: r.Range(lo.Y-2000, hi.Y+2000)}
		h := mathx.Vec2{X: r.Range(0, 300), Y: r.Range(0, 300)}
		if r.Float64() < 0.2 {
			h = mathx.Vec2{X: r.Range(0, 0.01), Y: r.Range(0, 0.01)}
		}
		return mathx.AABB{Min: c.Sub(h), Max: c.Add(h)}
	}
	touching, apart := 0, 0
	for i := 0; i < 200000; i++ {
		a, b := box(), box()
		if i%4 == 0 {
			// Exactly touching along an edge or a corner.
			b = b.Translate(mathx.Vec2{X: a.Max.X - b.Min.X, Y: a.Max.Y - b.Min.Y})
			if i%8 == 0 {
				b = b.Translate(mathx.Vec2{Y: a.Min.Y - b.Max.Y})
			}
		}
		qt := quadTarget(bg.globOf(&a), fx, fy)
		qc := quadCast(bg.globOf(&b), fx, fy)
		if boxesTouch(a, b) {
			touching++
			if !quadPass(qt, qc) {
				t.Fatalf("touching boxes %v and %v rejected", a, b)
			}
			continue
		}
		// Apart by more than two quanta on an axis, both inside the frame:
		// rejected.
		in := func(x mathx.AABB) bool {
			return x.Min.X > lo.X && x.Min.Y > lo.Y && x.Max.X < hi.X-1 && x.Max.Y < hi.Y-1
		}
		if in(a) && in(b) && (b.Min.X > a.Max.X+2 || a.Min.X > b.Max.X+2 || b.Min.Y > a.Max.Y+2 || a.Min.Y > b.Max.Y+2) {
			apart++
			if quadPass(qt, qc) {
				t.Fatalf("boxes %v and %v apart but passed", a, b)
			}
		}
	}
	if touching < 40000 || apart < 40000 {
		t.Fatalf("only %d touching and %d apart cases", touching, apart)
	}
}

// TestBulletGridExtremeRadius: a MaxCastRadius far beyond the cell size
// (frames of one quantum per cell, saturated coordinates) still gives the
// brute-force hits.
func TestBulletGridExtremeRadius(t *testing.T) {
	for _, maxR := range []float64{0.001, 2, 500, 1e8} {
		var hits [2][]BulletHit
		for k, brute := range []bool{false, true} {
			w := newTestWorld(t, SpaceDef{Bounds: world800, CellSize: 32, MaxCastRadius: maxR, BruteForce: brute})
			_, _ = w.AddWall(mathx.AABB{Min: v(400, 0), Max: v(410, 480)}, 0)
			unit := mustCircle(t, 6)
			for y := 20.0; y < 480; y += 40 {
				if _, err := w.CreateBody(BodyDef{Type: Dynamic, Mass: 1, Shape: unit, Position: v(300, y), Velocity: v(0, 30)}); err != nil {
					t.Fatal(err)
				}
			}
			var b Bullets
			r := mathx.NewRand(5)
			for i := 0; i < 400; i++ {
				_, _ = b.Add(v(r.Range(10, 390), r.Range(10, 470)), r.UnitVec().Scale(r.Range(100, 3000)), min(maxR, 1.5), 0)
			}
			for step := 0; step < 30; step++ {
				w.Step(1.0 / 60)
				w.StepBullets(&b, 1.0/60)
				hits[k] = append(hits[k], b.Hits...)
			}
		}
		if len(hits[0]) != len(hits[1]) || len(hits[0]) < 100 {
			t.Fatalf("MaxCastRadius %v: %d hits with the grid, %d brute force", maxR, len(hits[0]), len(hits[1]))
		}
		for i := range hits[0] {
			if hits[0][i] != hits[1][i] {
				t.Fatalf("MaxCastRadius %v hit %d: grid %+v brute %+v", maxR, i, hits[0][i], hits[1][i])
			}
		}
	}
}
