package physics

import (
	"math"
	"slices"
	"sync/atomic"
	"testing"

	"diorama/internal/testenv"
	"diorama/mathx"
)

// TestBulletTunnelling fires bullets from 10 to 100,000 px/s in many
// directions at a 1 px thin wall and at small units; none may get past.
func TestBulletTunnelling(t *testing.T) {
	speeds := []float64{10, 100, 1000, 5000, 20000, 50000, 100000}
	for _, brute := range []bool{false, true} {
		w := newTestWorld(t, SpaceDef{Bounds: mathx.AABB{Min: v(-2000, -2000), Max: v(2000, 2000)}, CellSize: 32, MaxCastRadius: 2, BruteForce: brute})
		// A 1 px thin wall ring at distance 300 around the origin (square),
		// and small units (radius 1.5) on a circle of radius 150.
		_, _ = w.AddWall(mathx.AABB{Min: v(-300, -301), Max: v(300, -300)}, 0)
		_, _ = w.AddWall(mathx.AABB{Min: v(-300, 300), Max: v(300, 301)}, 0)
		_, _ = w.AddWall(mathx.AABB{Min: v(-301, -300), Max: v(-300, 300)}, 0)
		_, _ = w.AddWall(mathx.AABB{Min: v(300, -300), Max: v(301, 300)}, 0)
		unit := mustCircle(t, 1.5)
		var units []BodyID
		for k := 0; k < 360; k += 10 {
			a := mathx.Deg(float64(k))
			id, err := w.CreateBody(BodyDef{Type: Dynamic, Mass: 1, Shape: unit, Position: mathx.FromAngle(a).Scale(150), Layer: 2})
			if err != nil {
				t.Fatal(err)
			}
			units = append(units, id)
		}
		var b Bullets
		type shot struct {
			speed  float64
			toUnit bool
			dir    mathx.Vec2
		}
		var shots []shot
		for _, sp := range speeds {
			for k := 0; k < 360; k += 3 {
				a := mathx.Deg(float64(k) + 0.37)
				toUnit := k%10 == 0
				if toUnit {
					a = mathx.Deg(float64(k)) // straight at unit k/10
				}
				dir := mathx.FromAngle(a)
				if _, err := b.Add(v(0, 0), dir.Scale(sp), 0.5, AllLayers); err != nil {
					t.Fatal(err)
				}
				shots = append(shots, shot{sp, toUnit, dir})
			}
		}
		ended := make([]bool, len(shots))
		for step := 0; step < 4000 && b.Live() > 0; step++ {
			w.StepBullets(&b, 1.0/60)
			for _, h := range b.Hits {
				s := shots[h.Bullet]
				ended[h.Bullet] = true
				switch {
				case h.Kind == HitBounds:
					t.Fatalf("brute %v: bullet %d (%v px/s) escaped through the wall to %v", brute, h.Bullet, s.speed, h.Point)
				case s.toUnit && h.Kind != HitBody:
					t.Fatalf("brute %v: bullet %d (%v px/s) aimed at a unit passed it and hit %v at %v", brute, h.Bullet, s.speed, h.Kind, h.Point)
				case h.Kind == HitWall && math.Max(math.Abs(h.Point.X), math.Abs(h.Point.Y)) > 300+1e-9:
					t.Fatalf("hit point %v beyond the wall's inner face", h.Point)
				}
				if h.Kind == HitBody {
					// The bullet touches the unit it hit: centre at r+R from it.
					c := v(b.X[h.Bullet], b.Y[h.Bullet])
					if d := c.Dist(w.Position(h.Body)); math.Abs(d-2) > 1e-6 {
						t.Fatalf("bullet centre %v from the unit at impact, want 2", d)
					}
				}
			}
		}
		for i, e := range ended {
			if !e {
				t.Fatalf("bullet %d never hit anything", i)
			}
		}
		// Every bullet is inside the ring.
		for i := range b.X {
			if math.Max(math.Abs(b.X[i]), math.Abs(b.Y[i])) > 300 {
				t.Fatalf("bullet %d ended at (%v,%v), outside the ring", i, b.X[i], b.Y[i])
			}
		}
	}
}

// TestBulletsGridMatchesBruteForce: the same scene stepped with the grid
// and with all-pairs gives identical hits and bullet states.
func TestBulletsGridMatchesBruteForce(t *testing.T) {
	wg, bg, ug, rg := bulletScene(t, 300, 2000, false)
	wb, bb, _, rb := bulletScene(t, 300, 2000, true)
	_ = ug
	for step := 0; step < 60; step++ {
		wg.Step(1.0 / 60)
		wb.Step(1.0 / 60)
		wg.StepBullets(bg, 1.0/60)
		wb.StepBullets(bb, 1.0/60)
		if len(bg.Hits) != len(bb.Hits) {
			t.Fatalf("step %d: %d hits with the grid, %d brute force", step, len(bg.Hits), len(bb.Hits))
		}
		for i := range bg.Hits {
			if bg.Hits[i] != bb.Hits[i] {
				t.Fatalf("step %d hit %d: grid %+v brute %+v", step, i, bg.Hits[i], bb.Hits[i])
			}
		}
		for range bg.Hits {
			spawnBullet(bg, rg)
			spawnBullet(bb, rb)
		}
	}
	if stateHash(wg) != stateHash(wb) {
		t.Fatal("unit states differ")
	}
	for i := range bg.X {
		if bg.X[i] != bb.X[i] || bg.Y[i] != bb.Y[i] || bg.Alive[i] != bb.Alive[i] {
			t.Fatalf("bullet %d differs", i)
		}
	}
}

func TestBulletsAllocs(t *testing.T) {
	w, b, _, r := bulletScene(t, 1000, 5000, false)
	checkStepAllocs(t, w, b, r, "a bullet step")
}

// checkStepAllocs fails unless a bulletScene tick allocates nothing once
// 30 ticks have warmed it up.
func checkStepAllocs(t *testing.T, w *Space, b *Bullets, r *mathx.Rand, what string) {
	t.Helper()
	for i := 0; i < 30; i++ {
		stepScene(w, b, r)
	}
	if a := testenv.AllocsOver(50, func() { stepScene(w, b, r) }); a != 0 {
		t.Errorf("%s allocates %v times", what, a)
	}
}

func TestBulletsBadInput(t *testing.T) {
	var b Bullets
	nan := math.NaN()
	for _, c := range []struct {
		p, vel mathx.Vec2
		r      float64
	}{{v(nan, 0), v(1, 0), 1}, {v(0, 0), v(math.Inf(1), 0), 1}, {v(0, 0), v(1, 0), -1}, {v(0, 0), v(1, 0), nan}} {
		if _, err := b.Add(c.p, c.vel, c.r, 0); err == nil {
			t.Errorf("Add(%v,%v,%v) accepted", c.p, c.vel, c.r)
		}
	}
	if b.Live() != 0 || len(b.X) != 0 {
		t.Fatal("bad bullets were stored")
	}
	b.Kill(-1)
	b.Kill(5)
	w := newTestWorld(t, SpaceDef{})
	i, _ := b.Add(v(0, 0), v(10, 0), 1, 0)
	w.StepBullets(&b, nan)
	w.StepBullets(&b, -1)
	if b.X[i] != 0 {
		t.Error("bad dt moved a bullet")
	}
	w.StepBullets(&b, 1)
	if b.X[i] != 10 || !b.Alive[i] {
		t.Errorf("bullet at %v alive %v, want 10 alive", b.X[i], b.Alive[i])
	}
	// Slot reuse after a kill.
	b.Kill(i)
	j, _ := b.Add(v(1, 1), v(0, 0), 1, 0)
	if j != i || b.Live() != 1 {
		t.Errorf("reused slot %d (want %d), live %d", j, i, b.Live())
	}
}

func TestBulletHitDetails(t *testing.T) {
	w := newTestWorld(t, SpaceDef{})
	_, _ = w.AddWall(mathx.AABB{Min: v(50, -10), Max: v(60, 10)}, 0)
	target := body(t, w, Dynamic, mustCircle(t, 3), v(0, 40), 1)
	sensor, _ := w.CreateBody(BodyDef{Type: Static, Shape: mustBox(t, 5, 5), Position: v(20, 0), Sensor: true})
	_ = sensor
	var b Bullets
	_, _ = b.Add(v(0, 0), v(6000, 0), 1, 0)  // through the sensor into the wall
	_, _ = b.Add(v(0, 10), v(0, 6000), 1, 0) // into the unit
	_, _ = b.Add(v(0, -10), v(0, 600), 1, 1<<5)
	w.StepBullets(&b, 1.0/60)
	if len(b.Hits) != 2 {
		t.Fatalf("hits %+v", b.Hits)
	}
	h := b.Hits[0]
	if h.Bullet != 0 || h.Kind != HitWall || h.Wall != 0 || h.Point != v(50, 0) || h.Normal != v(-1, 0) || h.TOI != 0.49 {
		t.Errorf("wall hit %+v, want bullet 0 wall 0 at (50,0) normal (-1,0) toi 0.49", h)
	}
	h = b.Hits[1]
	if h.Bullet != 1 || h.Kind != HitBody || h.Body != target || h.Point != v(0, 37) || h.Normal != v(0, -1) || h.TOI != 0.26 {
		t.Errorf("body hit %+v, want bullet 1 body at (0,37) normal (0,-1) toi 0.26", h)
	}
	if b.Alive[0] || b.Alive[1] || !b.Alive[2] || b.Y[2] != 0 {
		t.Error("alive flags or the masked bullet are wrong")
	}
}

// TestBulletHitsCrossingUnit: a fast unit crosses the bullet's path during
// the step and is past it by the end; sweeping against the unit's end
// position alone would miss it.
func TestBulletHitsCrossingUnit(t *testing.T) {
	for _, brute := range []bool{false, true} {
		w := newTestWorld(t, SpaceDef{Bounds: mathx.AABB{Min: v(-500, -500), Max: v(500, 500)}, BruteForce: brute})
		unit := body(t, w, Dynamic, mustCircle(t, 3), v(50, -30), 1)
		_ = w.SetVelocity(unit, v(0, 3600)) // 60 px per 1/60 s step: y -30 → 30
		var b Bullets
		_, _ = b.Add(v(0, 0), v(6000, 0), 1, 0) // x 0 → 100 in the same step
		w.Step(1.0 / 60)
		if p := w.Position(unit); p != v(50, 30) {
			t.Fatalf("unit at %v", p)
		}
		w.StepBullets(&b, 1.0/60)
		if len(b.Hits) != 1 || b.Hits[0].Kind != HitBody || b.Hits[0].Body != unit {
			t.Fatalf("brute %v: hits %+v, want the crossing unit", brute, b.Hits)
		}
		// Bullet centre x(t) = 6000t·(1/60)… they meet when |(100t−50, −60t+30)| = 4.
		h := b.Hits[0]
		c := v(100*h.TOI, 0)
		u := v(50, -30+60*h.TOI)
		if d := c.Dist(u); math.Abs(d-4) > 1e-9 {
			t.Fatalf("at toi %v bullet and unit are %v apart, want 4", h.TOI, d)
		}
	}
}

// TestBulletWorkersParallel: StepBullets gives identical hits and states
// with 1, 2 and 3 goroutines (run with -race too).
func TestBulletWorkersParallel(t *testing.T) {
	type run struct {
		w *Space
		b *Bullets
		r *mathx.Rand
	}
	var runs []run
	for _, k := range []int{1, 2, 3} {
		w, b, _, r := bulletScene(t, 500, 12000, false)
		w.def.Workers = k
		defer w.Close()
		runs = append(runs, run{w, b, r})
	}
	for step := 0; step < 20; step++ {
		for _, x := range runs {
			x.w.Step(1.0 / 60)
			x.w.StepBullets(x.b, 1.0/60)
		}
		ref := runs[0].b
		for k, x := range runs[1:] {
			if len(x.b.Hits) != len(ref.Hits) {
				t.Fatalf("step %d: %d workers give %d hits, 1 gives %d", step, k+2, len(x.b.Hits), len(ref.Hits))
			}
			for i := range ref.Hits {
				if x.b.Hits[i] != ref.Hits[i] {
					t.Fatalf("step %d hit %d: %+v vs %+v", step, i, x.b.Hits[i], ref.Hits[i])
				}
			}
			for i := range ref.X {
				if x.b.X[i] != ref.X[i] || x.b.Y[i] != ref.Y[i] || x.b.Alive[i] != ref.Alive[i] {
					t.Fatalf("step %d bullet %d differs", step, i)
				}
			}
		}
		for k, x := range runs[1:] {
			// The extra workers really ran and found hits of their own.
			if x.w.pool == nil || x.w.pool.Workers() != k+2 || len(x.b.wscratch) != k+2 || len(x.b.wscratch[k+1]) == 0 {
				t.Fatalf("%d workers: pool %v, last worker found %d hits", k+2, x.w.pool, len(x.b.wscratch[len(x.b.wscratch)-1]))
			}
		}
		for _, x := range runs {
			for range x.b.Hits {
				spawnBullet(x.b, x.r)
			}
		}
	}
}

func TestBulletWorkersAllocs(t *testing.T) {
	w, b, _, r := bulletScene(t, 1000, 10000, false)
	w.def.Workers = 2
	defer w.Close()
	checkStepAllocs(t, w, b, r, "a 2-worker bullet step")
}

// TestBulletSetWorkers: changing the worker count between steps (as a
// scene's owner does through SetWorkers) keeps every bullet bit-identical
// to a world that stays on one goroutine, and really starts the workers.
func TestBulletSetWorkers(t *testing.T) {
	w1, b1, _, r1 := bulletScene(t, 500, 12000, false)
	w2, b2, _, r2 := bulletScene(t, 500, 12000, false)
	defer w2.Close()
	for step := 0; step < 12; step++ {
		w2.SetWorkers([]int{2, 3, 1}[step%3])
		if got := w2.Workers(); got != []int{2, 3, 1}[step%3] {
			t.Fatalf("Workers() = %d after SetWorkers(%d)", got, []int{2, 3, 1}[step%3])
		}
		for _, x := range []struct {
			w *Space
			b *Bullets
		}{{w1, b1}, {w2, b2}} {
			x.w.Step(1.0 / 60)
			x.w.StepBullets(x.b, 1.0/60)
		}
		if w2.Workers() > 1 && (w2.pool == nil || w2.pool.Workers() != w2.Workers()) {
			t.Fatalf("step %d: pool %v for %d workers", step, w2.pool, w2.Workers())
		}
		if len(b1.Hits) != len(b2.Hits) {
			t.Fatalf("step %d: %d hits vs %d", step, len(b2.Hits), len(b1.Hits))
		}
		for i := range b1.X {
			if b1.X[i] != b2.X[i] || b1.Y[i] != b2.Y[i] || b1.Alive[i] != b2.Alive[i] {
				t.Fatalf("step %d bullet %d differs", step, i)
			}
		}
		for range b1.Hits {
			spawnBullet(b1, r1)
			spawnBullet(b2, r2)
		}
	}
	w2.SetWorkers(0)
	if w2.Workers() != 1 || w2.pool != nil {
		t.Fatalf("SetWorkers(0): %d workers, pool %v", w2.Workers(), w2.pool)
	}
}

// TestBulletPrev: with PrevX and PrevY set, StepBullets writes every live
// bullet's position before the step into them (and nothing else: dead
// slots keep their value), the same with 1, 2 and 3 goroutines, and the
// step's results equal a one-goroutine step without them.
func TestBulletPrev(t *testing.T) {
	for _, k := range []int{1, 2, 3} {
		ref, refB, _, _ := bulletScene(t, 500, 12000, false)
		w, b, _, _ := bulletScene(t, 500, 12000, false)
		w.def.Workers = k
		defer w.Close()
		n := len(b.X)
		b.PrevX, b.PrevY = make([]float64, n), make([]float64, n)
		for step := 0; step < 10; step++ {
			const mark = -12345.0
			x0, y0, alive0 := slices.Clone(b.X), slices.Clone(b.Y), slices.Clone(b.Alive)
			for i := range b.PrevX {
				b.PrevX[i], b.PrevY[i] = mark, mark
			}
			ref.Step(1.0 / 60)
			ref.StepBullets(refB, 1.0/60)
			w.Step(1.0 / 60)
			w.StepBullets(b, 1.0/60)
			if len(b.Hits) == 0 {
				t.Fatalf("%d workers, step %d: no hits (the test needs some)", k, step)
			}
			for i := range n {
				wantX, wantY := mark, mark
				if alive0[i] {
					wantX, wantY = x0[i], y0[i]
				}
				if b.PrevX[i] != wantX || b.PrevY[i] != wantY {
					t.Fatalf("%d workers, step %d, slot %d: prev (%v, %v), want (%v, %v)", k, step, i, b.PrevX[i], b.PrevY[i], wantX, wantY)
				}
				if b.X[i] != refB.X[i] || b.Y[i] != refB.Y[i] || b.Alive[i] != refB.Alive[i] {
					t.Fatalf("%d workers, step %d, slot %d: bullet differs from a step without PrevX", k, step, i)
				}
			}
		}
	}
}

// TestBulletStepThen: StepBulletsThen calls its pass once per chunk of
// BulletChunk slots, covering every slot once, after the chunk's sweep (the
// chunk's bullets that hit are already dead, the others moved), and leaves
// the same bullets and hits as StepBullets on one goroutine, with 1, 2 and
// 3 workers.
func TestBulletStepThen(t *testing.T) {
	for _, k := range []int{1, 2, 3} {
		ref, refB, _, _ := bulletScene(t, 500, 14000, false)
		w, b, _, _ := bulletScene(t, 500, 14000, false)
		w.def.Workers = k
		defer w.Close()
		n := len(b.X)
		calls := make([]int32, BulletChunks(b))
		dead := make([]bool, n) // slots seen dead in the pass
		for step := 0; step < 8; step++ {
			clear(calls)
			alive0 := slices.Clone(b.Alive)
			ref.Step(1.0 / 60)
			ref.StepBullets(refB, 1.0/60)
			w.Step(1.0 / 60)
			got := w.StepBulletsThen(b, 1.0/60, func(c, lo, hi int) {
				if lo != c*BulletChunk || hi != min(lo+BulletChunk, n) {
					t.Errorf("chunk %d is [%d, %d)", c, lo, hi)
					return
				}
				atomic.AddInt32(&calls[c], 1)
				for i := lo; i < hi; i++ {
					dead[i] = alive0[i] && !b.Alive[i]
				}
			})
			if got != len(calls) {
				t.Fatalf("%d workers: %d chunks, want %d", k, got, len(calls))
			}
			for c, m := range calls {
				if m != 1 {
					t.Fatalf("%d workers, step %d: chunk %d passed %d times", k, step, c, m)
				}
			}
			if len(b.Hits) == 0 || !slices.Equal(b.Hits, refB.Hits) {
				t.Fatalf("%d workers, step %d: %d hits differ from StepBullets' %d", k, step, len(b.Hits), len(refB.Hits))
			}
			nDead := 0
			for i := range n {
				if dead[i] {
					nDead++
				}
				if b.X[i] != refB.X[i] || b.Y[i] != refB.Y[i] || b.Alive[i] != refB.Alive[i] {
					t.Fatalf("%d workers, step %d, slot %d differs from StepBullets", k, step, i)
				}
			}
			if nDead != len(b.Hits) || b.Live() != refB.Live() {
				t.Fatalf("%d workers, step %d: %d bullets dead in the pass, %d hits; %d live, want %d", k, step, nDead, len(b.Hits), b.Live(), refB.Live())
			}
		}
	}
}
