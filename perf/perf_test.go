package perf

import (
	"math"
	"sort"
	"testing"
	"time"

	"diorama/internal/testenv"
	"diorama/scene"
)

func newScene(t testing.TB, cfg Config) *Scene {
	t.Helper()
	s, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	return s
}

// TestRingPattern: every 500 ms the player fires exactly one ring of
// Count bullets, evenly spaced over 360° at the bullet speed, starting at
// the muzzle distance around the player.
func TestRingPattern(t *testing.T) {
	for _, n := range SeedRings {
		s := newScene(t, Config{Test: Bullets, Count: n})
		w := s.World
		ticks := 0
		for s.Fired == 0 {
			s.Tick()
			ticks++
			if ticks > RingEvery {
				t.Fatalf("ring %d: nothing fired in %d ticks", n, ticks)
			}
		}
		if s.Fired != n {
			t.Fatalf("ring %d: fired %d in the first round", n, s.Fired)
		}
		b := w.Bullets()
		if b.Len() != n {
			t.Fatalf("ring %d: %d bullets alive after the first round", n, b.Len())
		}
		c := w.Pos(s.Player).XY()
		var ang []float64
		for i, u := range b.Used {
			if !u {
				continue
			}
			v := math.Hypot(b.P.VX[i], b.P.VY[i])
			if math.Abs(v-BulletSpeed) > 1e-12 {
				t.Fatalf("ring %d: bullet speed %v, want %v", n, v, BulletSpeed)
			}
			d := math.Hypot(b.P.X[i]-c.X, b.P.Y[i]-c.Y)
			if math.Abs(d-muzzle) > 1e-12 {
				t.Fatalf("ring %d: bullet starts %v from the player, want %v", n, d, muzzle)
			}
			if b.TTL[i] != BulletTTL {
				t.Fatalf("ring %d: ttl %d, want %d", n, b.TTL[i], BulletTTL)
			}
			ang = append(ang, math.Atan2(b.P.VY[i], b.P.VX[i]))
		}
		sort.Float64s(ang)
		step := 2 * math.Pi / float64(n)
		for k := 1; k < len(ang); k++ {
			if d := ang[k] - ang[k-1]; math.Abs(d-step) > 1e-9 {
				t.Fatalf("ring %d: bullets %d and %d are %v° apart, want %v°", n, k-1, k, d*180/math.Pi, step*180/math.Pi)
			}
		}
		if wrap := ang[0] + 2*math.Pi - ang[len(ang)-1]; math.Abs(wrap-step) > 1e-9 {
			t.Fatalf("ring %d: wrap-around gap %v°, want %v°", n, wrap*180/math.Pi, step*180/math.Pi)
		}
		// The next ring leaves exactly 500 ms (RingEvery ticks) later.
		for k := 1; k < RingEvery; k++ {
			s.Tick()
			if s.Fired != n {
				t.Fatalf("ring %d: second ring after %d ticks, want %d", n, k, RingEvery)
			}
		}
		s.Tick()
		if s.Fired != 2*n {
			t.Fatalf("ring %d: fired %d after %d ticks, want %d", n, s.Fired, RingEvery, 2*n)
		}
	}
}

// TestBulletsDieOnWalls: bullets that strike a pillar die there (the hit
// lies on the pillar's face and the bullet is gone after the tick), no
// bullet is ever inside a wall, and the others live exactly BulletTTL
// ticks.
func TestBulletsDieOnWalls(t *testing.T) {
	s := newScene(t, Config{Test: Bullets, Count: 36})
	w := s.World
	l := s.lvl
	hits := 0
	born := map[scene.BulletID]uint64{}
	for k := 0; k < 10*TPS; k++ {
		s.Tick()
		for _, h := range w.Events.BulletHits() {
			if h.Wall < 0 || h.Edge {
				t.Errorf("bullet hit %+v is not a wall hit", h)
				continue
			}
			hits++
			// The point is on a wall face: a solid cell on one side of the
			// normal, a free one on the other.
			in := h.Point.Sub(h.Normal.Scale(BulletR + 1e-3))
			out := h.Point.Add(h.Normal.Scale(1e-3))
			if !l.solidAt(int(math.Floor(in.X)), int(math.Floor(in.Y))) || l.solidAt(int(math.Floor(out.X)), int(math.Floor(out.Y))) {
				t.Errorf("hit at %v normal %v is not on a wall face", h.Point, h.Normal)
			}
		}
		b := w.Bullets()
		for i, u := range b.Used {
			if !u || !b.P.Alive[i] {
				continue
			}
			if l.solidAt(int(math.Floor(b.P.X[i])), int(math.Floor(b.P.Y[i]))) {
				t.Fatalf("tick %d: bullet %d at (%v, %v) is inside a wall", w.Tick(), i, b.P.X[i], b.P.Y[i])
			}
			id := scene.BulletID{Slot: int32(i), Gen: b.Gen[i]}
			if _, ok := born[id]; !ok {
				born[id] = w.Tick()
			}
			if age := w.Tick() - born[id]; age > BulletTTL {
				t.Fatalf("bullet %v alive %d ticks, lifetime %d", id, age, BulletTTL)
			}
		}
	}
	if hits == 0 || hits != s.WallHits {
		t.Fatalf("%d wall hits seen, scene counted %d: the pillars stopped nothing", hits, s.WallHits)
	}
	// Most bullets fly their whole lifetime: the room is sparsely populated.
	if frac := float64(hits) / float64(s.Fired); frac < 0.05 || frac > 0.5 {
		t.Fatalf("%.0f%% of bullets died on walls, want between 5%% and 50%%", 100*frac)
	}
}

// TestSeedPeaks: with the one lifetime, the seed's ring sizes peak at its
// "max bullets alive" captions: 148 (±3%), 287 and 534 (±5%), and 72 at
// "almost 600".
func TestSeedPeaks(t *testing.T) {
	want := map[int][2]int{18: {144, 152}, 36: {273, 301}, 64: {508, 560}, 72: {570, 600}}
	for _, n := range SeedRings {
		s := newScene(t, Config{Test: Bullets, Count: n})
		for k := 0; k < 12*TPS; k++ {
			s.Tick()
		}
		if r := want[n]; s.PeakBullets < r[0] || s.PeakBullets > r[1] {
			t.Errorf("ring %d: peak %d bullets alive, want [%d, %d]", n, s.PeakBullets, r[0], r[1])
		}
		t.Logf("ring %d: peak %d alive", n, s.PeakBullets)
	}
}

// TestUnitsNeverOverlapWalls: wandering units stay out of the walls
// (their circles never cut into a solid cell by more than physics' slop),
// they move and walk (animation state Walk).
func TestUnitsNeverOverlapWalls(t *testing.T) {
	ticks := 20 * TPS
	if testing.Short() {
		ticks = 5 * TPS
	}
	for _, n := range SeedUnits {
		s := newScene(t, Config{Test: Units, Count: n, Seed: 3})
		w := s.World
		l := s.lvl
		start := make([]float64, 0, n)
		for _, e := range s.Units {
			start = append(start, w.Pos(e).X, w.Pos(e).Y)
		}
		worst := 0.0
		for k := 0; k < ticks; k++ {
			s.Tick()
			for _, e := range s.Units {
				if d := wallPenetration(l, w.Pos(e).X, w.Pos(e).Y, UnitRadius); d > worst {
					worst = d
				}
			}
		}
		if worst > 1e-3 {
			t.Errorf("%d units: a unit cut %.4f world units into a wall", n, worst)
		}
		moved, walking := 0, 0
		for i, e := range s.Units {
			if math.Hypot(w.Pos(e).X-start[2*i], w.Pos(e).Y-start[2*i+1]) > 1 {
				moved++
			}
			if w.Looks().Anim(e) == scene.Walk {
				walking++
			}
		}
		if moved < n*3/4 || walking < n*3/4 {
			t.Errorf("%d units: only %d moved over 1 tile and %d walk", n, moved, walking)
		}
		t.Logf("%d units: worst wall penetration %.5f, %d moved, %d walking", n, worst, moved, walking)
	}
}

// wallPenetration is how deep a circle cuts into the nearest solid cell.
func wallPenetration(l *level, x, y, r float64) float64 {
	worst := 0.0
	for j := int(math.Floor(y - r)); j <= int(math.Floor(y+r)); j++ {
		for i := int(math.Floor(x - r)); i <= int(math.Floor(x+r)); i++ {
			if !l.solidAt(i, j) {
				continue
			}
			cx := math.Max(float64(i), math.Min(x, float64(i+1)))
			cy := math.Max(float64(j), math.Min(y, float64(j+1)))
			d := r - math.Hypot(x-cx, y-cy)
			worst = math.Max(worst, d)
		}
	}
	return worst
}

// TestZeroAllocs: after warm-up, a whole frame (one tick and one render)
// allocates nothing in either test.
func TestZeroAllocs(t *testing.T) {
	for _, c := range []struct {
		cfg  Config
		warm int
	}{
		{Config{Test: Bullets, Count: 72}, 5 * TPS},
		// About 15,000 bullets on 16 workers: the sweep and the rules in
		// several chunks, 16 slot chunks and bands of the blit.
		{Config{Test: Bullets, Count: 2000, Workers: 16}, 5 * TPS},
		{Config{Test: Units, Count: 115}, TPS},
		{Config{Test: Bullets, Count: 72, Pipeline: true}, 5 * TPS},
		{Config{Test: Units, Count: 115, Pipeline: true}, TPS},
	} {
		s := newScene(t, c.cfg)
		for k := 0; k < c.warm; k++ {
			s.Tick()
			if err := s.Render(0.5); err != nil {
				t.Fatal(err)
			}
		}
		var err error
		a := testingAllocs(60, func() {
			s.Tick()
			if e := s.Render(0.5); e != nil {
				err = e
			}
		})
		if err != nil {
			t.Fatal(err)
		}
		if a != 0 {
			t.Errorf("%v %d: %v allocations in 60 frames, want 0", c.cfg.Test, c.cfg.Count, a)
		}
	}
}

func testingAllocs(runs int, f func()) uint64 { return testenv.AllocsOver(runs, f) }

// TestDeterministic: the same configuration gives the same world state
// after the same ticks, rendering or not, pipelined or not.
func TestDeterministic(t *testing.T) {
	for _, cfg := range []Config{{Test: Bullets, Count: 36, Seed: 5}, {Test: Units, Count: 60, Seed: 5}} {
		pc := cfg
		pc.Pipeline = true
		a, b := newScene(t, cfg), newScene(t, pc)
		for k := 0; k < 3*TPS; k++ {
			a.Tick()
			b.Tick()
			if err := b.Render(0.25); err != nil {
				t.Fatal(err)
			}
		}
		if ha, hb := a.World.StateHash(), b.World.StateHash(); ha != hb {
			t.Fatalf("%v: state hashes differ: %#x %#x", cfg.Test, ha, hb)
		}
	}
}

// TestMeasure: a short measured run reports consistent figures (whatever
// the machine's speed).
func TestMeasure(t *testing.T) {
	r, err := Run(Config{Test: Bullets, Count: 18, Workers: 2}, Options{Warmup: 5 * time.Second, Duration: 2 * time.Second, Keep: true})
	if err != nil {
		t.Fatal(err)
	}
	if r.Frames != 2*TPS || len(r.Series) != r.Frames || r.Seconds != 2 || r.Workers != 2 {
		t.Fatalf("frames %d series %d seconds %v workers %d", r.Frames, len(r.Series), r.Seconds, r.Workers)
	}
	if r.MaxBullets < 144 || r.MaxBullets > 152 || r.Drawn != r.MaxBullets {
		t.Fatalf("max bullets %d, drawn %d", r.MaxBullets, r.Drawn)
	}
	for _, d := range []Dist{r.Sim, r.Render, r.Total} {
		if !(d.P50 <= d.P95 && d.P95 <= d.Max && d.Mean <= d.Max && d.P50 > 0) {
			t.Fatalf("inconsistent distribution %+v", d)
		}
	}
	if !(r.FPSMin <= r.FPSAvg && r.FPSAvg <= r.FPSMax) {
		t.Fatalf("fps min %v avg %v max %v", r.FPSMin, r.FPSAvg, r.FPSMax)
	}
	if _, err := Run(Config{Test: Bullets, Count: 0}, Options{Duration: time.Second}); err == nil {
		t.Fatal("count 0 accepted")
	}
	if _, err := Run(Config{Test: 9, Count: 1}, Options{Duration: time.Second}); err == nil {
		t.Fatal("unknown test accepted")
	}
}

// TestWorkersSamePicture: the frame is byte-identical whatever the number
// of renderer workers (and so of bullet draw lists built in parallel).
func TestWorkersSamePicture(t *testing.T) {
	for _, test := range []Test{Bullets, Units} {
		var ref []byte
		for _, w := range []int{1, 2, 3, -2} {
			s := newScene(t, Config{Test: test, Count: 72, Workers: max(w, -w), Seed: 2, Pipeline: w < 0})
			for k := 0; k < 3*TPS; k++ {
				s.Tick()
				// Every variant draws the same frames (which frames are
				// drawn cannot matter: TestPictureIndependentOfHistory).
				if k%7 == 0 {
					if err := s.Render(0.5); err != nil {
						t.Fatal(err)
					}
				}
			}
			if err := s.Render(0.5); err != nil {
				t.Fatal(err)
			}
			s.Sync()
			pix := s.Frame.Image().Pix
			if ref == nil {
				ref = append([]byte(nil), pix...)
				continue
			}
			for k := range pix {
				if pix[k] != ref[k] {
					t.Fatalf("%v: %d workers (negative: pipelined) differ from 1 at byte %d", test, w, k)
				}
			}
		}
	}
}

// TestPictureIndependentOfHistory: a frame shows the world as it is,
// whatever frames were drawn before it (every tick or none, into the same
// frame), for both tests and seeds that once left earlier frames' pixels
// where nothing was drawn.
func TestPictureIndependentOfHistory(t *testing.T) {
	for _, test := range []Test{Bullets, Units} {
		for _, seed := range []uint64{2, 3, 5, 6} {
			var ref []byte
			for _, every := range []int{1, 1 << 30} {
				s := newScene(t, Config{Test: test, Count: 72, Workers: 1, Seed: seed})
				for k := 0; k < 3*TPS; k++ {
					s.Tick()
					if k%every == 0 {
						if err := s.Render(0.5); err != nil {
							t.Fatal(err)
						}
					}
				}
				if err := s.Render(0.5); err != nil {
					t.Fatal(err)
				}
				s.Sync()
				pix := s.Frame.Image().Pix
				if ref == nil {
					ref = append([]byte(nil), pix...)
					continue
				}
				for k := range pix {
					if pix[k] != ref[k] {
						t.Fatalf("%v seed %d: the last frame differs at byte %d when earlier frames were drawn", test, seed, k)
					}
				}
			}
		}
	}
}

// TestUnitsKeepApart: steer's separation and contact resolution keep the
// wandering units from piling up: over 10 s no two of the seed's 115
// ever overlap by more than a fifth of a radius.
func TestUnitsKeepApart(t *testing.T) {
	s := newScene(t, Config{Test: Units, Count: 115, Seed: 4})
	w := s.World
	worst := 0.0
	for k := 0; k < 10*TPS; k++ {
		s.Tick()
		if k%10 != 0 {
			continue
		}
		for i, a := range s.Units {
			pa := w.Pos(a)
			for _, b := range s.Units[i+1:] {
				pb := w.Pos(b)
				if d := 2*UnitRadius - math.Hypot(pa.X-pb.X, pa.Y-pb.Y); d > worst {
					worst = d
				}
			}
		}
	}
	if worst > 0.2*UnitRadius {
		t.Fatalf("two units overlapped by %.3f (radius %v)", worst, UnitRadius)
	}
	t.Logf("deepest overlap %.4f", worst)
}

// TestMeasureMemory: the heap cost per entity is positive and bounded by
// what the structures hold (a bullet is a few float64 columns in physics
// and in the scene's pool, under 1 KB; a unit a scene entity, a body and
// a steer agent, under 8 KB), and bad counts are refused.
func TestMeasureMemory(t *testing.T) {
	b, err := MeasureMemory(Bullets, 200, 1200)
	if err != nil {
		t.Fatal(err)
	}
	if b.Entities[1] <= b.Entities[0] || b.PerEntity < 40 || b.PerEntity > 1024 || b.PerSlot > b.PerEntity {
		t.Fatalf("bullets: %+v", b)
	}
	u, err := MeasureMemory(Units, 100, 1100)
	if err != nil {
		t.Fatal(err)
	}
	if u.PerEntity < 100 || u.PerEntity > 8192 {
		t.Fatalf("units: %+v", u)
	}
	t.Logf("bytes per bullet %.0f (per slot %.0f), per unit %.0f (+%.0f of map)", b.PerEntity, b.PerSlot, u.PerEntity, u.MapPerUnit)
	if u.MapPerUnit <= 0 {
		t.Fatalf("a bigger room costs nothing: %+v", u)
	}
	if _, err := MeasureMemory(Units, 10, 10); err == nil {
		t.Fatal("equal counts accepted")
	}
}
