package physics

import (
	"math"
	"testing"

	"diorama/internal/testenv"
	"diorama/mathx"
)

func TestRayCastExact(t *testing.T) {
	w := newTestWorld(t, SpaceDef{})
	_, _ = w.AddWall(mathx.AABB{Min: v(40, -50), Max: v(50, 50)}, 0)
	a := body(t, w, Static, mustCircle(t, 5), v(20, 0), 0)
	b := body(t, w, Dynamic, mustBox(t, 2, 2), v(30, 1), 1)
	h, ok := w.RayCast(v(0, 0), v(100, 0), QueryFilter{})
	if !ok || h.Body != a || h.Wall != -1 || h.Point != v(15, 0) || h.Normal != v(-1, 0) || h.Fraction != 0.15 {
		t.Errorf("first hit %+v", h)
	}
	all := w.RayCastAll(v(0, 0), v(100, 0), QueryFilter{}, nil)
	if len(all) != 3 || all[0].Body != a || all[1].Body != b || all[2].Wall != 0 {
		t.Fatalf("all hits %+v", all)
	}
	if !all[1].Point.ApproxEqual(v(28, 0), 1e-12) || all[2].Point != v(40, 0) || all[2].Fraction != 0.4 {
		t.Errorf("all hits points %+v", all)
	}
	// Filters.
	if h, _ := w.RayCast(v(0, 0), v(100, 0), QueryFilter{Exclude: a}); h.Body != b {
		t.Errorf("exclude a: hit %+v", h)
	}
	if _, ok := w.RayCast(v(0, 0), v(100, 0), QueryFilter{Mask: 2}); ok {
		t.Error("mask 2 hit something")
	}
	if w.LineOfSight(v(0, 0), v(100, 0), QueryFilter{}) || !w.LineOfSight(v(0, 20), v(35, 20), QueryFilter{}) {
		t.Error("line of sight wrong")
	}
	if !w.LineOfSight(v(0, 0), v(100, 0), QueryFilter{Mask: 2}) {
		t.Error("line of sight should ignore other layers")
	}
	// Circle cast stops earlier by its radius.
	if h, ok := w.CircleCast(v(0, 0), v(100, 0), 3, QueryFilter{}); !ok || h.Fraction != 0.12 || h.Point != v(15, 0) {
		t.Errorf("circle cast %+v", h)
	}
	// Bad input never hits, never panics.
	nan := math.NaN()
	if _, ok := w.RayCast(v(nan, 0), v(1, 0), QueryFilter{}); ok {
		t.Error("NaN ray hit")
	}
	if _, ok := w.CircleCast(v(0, 0), v(1, 0), -1, QueryFilter{}); ok {
		t.Error("negative radius hit")
	}
	if got := w.RayCastAll(v(0, math.Inf(1)), v(1, 0), QueryFilter{}, nil); len(got) != 0 {
		t.Error("Inf RayCastAll hit")
	}
}

func TestOverlapAndNearest(t *testing.T) {
	w := newTestWorld(t, SpaceDef{})
	_, _ = w.AddWall(mathx.AABB{Min: v(40, -50), Max: v(50, 50)}, 0)
	a := body(t, w, Static, mustCircle(t, 5), v(20, 0), 0)
	b := body(t, w, Dynamic, mustBox(t, 2, 2), v(30, 1), 1)
	s, _ := w.CreateBody(BodyDef{Type: Static, Shape: mustCircle(t, 3), Position: v(-20, 0), Sensor: true})
	got := w.OverlapBox(mathx.AABB{Min: v(24, -3), Max: v(41, 3)}, QueryFilter{}, nil)
	if len(got) != 3 || got[0].Wall != 0 || got[1].Body != a || got[2].Body != b {
		t.Errorf("overlap %+v", got)
	}
	// A box just missing the circle's curve (corner region) does not count.
	if got := w.OverlapBox(mathx.AABB{Min: v(24, 4), Max: v(26, 6)}, QueryFilter{}, nil); len(got) != 0 {
		t.Errorf("corner box overlaps %+v", got)
	}
	if got := w.OverlapBox(mathx.AABB{Min: v(-21, -1), Max: v(-19, 1)}, QueryFilter{}, nil); len(got) != 0 {
		t.Errorf("sensor visible without IncludeSensors: %+v", got)
	}
	if got := w.OverlapBox(mathx.AABB{Min: v(-21, -1), Max: v(-19, 1)}, QueryFilter{IncludeSensors: true}, nil); len(got) != 1 || got[0].Body != s {
		t.Errorf("sensor overlap %+v", got)
	}
	id, d, ok := w.Nearest(v(20, 30), 100, QueryFilter{})
	if !ok || id != a || d != 25 {
		t.Errorf("nearest %v %v %v, want a at 25", id, d, ok)
	}
	id, d, ok = w.Nearest(v(35, 1), 100, QueryFilter{})
	if !ok || id != b || d != 3 {
		t.Errorf("nearest %v %v %v, want b at 3", id, d, ok)
	}
	if _, _, ok := w.Nearest(v(20, 30), 10, QueryFilter{}); ok {
		t.Error("nearest beyond maxDist")
	}
	if _, _, ok := w.Nearest(v(math.NaN(), 0), 10, QueryFilter{}); ok {
		t.Error("NaN nearest")
	}
}

// TestQueriesMatchBruteForce compares every query on random worlds with
// the all-pairs reference.
func TestQueriesMatchBruteForce(t *testing.T) {
	wg, _, _, _ := bulletScene(t, 400, 0, false)
	wb, _, _, _ := bulletScene(t, 400, 0, true)
	for i := 0; i < 3; i++ {
		wg.Step(1.0 / 60)
		wb.Step(1.0 / 60)
	}
	r := mathx.NewRand(11)
	var ag, ab []RayHit
	var og, ob []Overlap
	for it := 0; it < 3000; it++ {
		from := v(r.Range(-50, 850), r.Range(-50, 530))
		to := from.Add(r.UnitVec().Scale(r.Range(0, 900)))
		if it%3 == 0 {
			to = from.Add(r.UnitVec().Scale(r.Range(0, 20)))
		}
		f := QueryFilter{Mask: []uint32{0, 1, 2}[r.IntN(3)], IgnoreWalls: r.Chance(0.2)}
		rad := []float64{0, 0, 2, 4, 9}[r.IntN(5)]
		hg, okg := wg.CircleCast(from, to, rad, f)
		hb, okb := wb.CircleCast(from, to, rad, f)
		if okg != okb || hg != hb {
			t.Fatalf("cast %d %v→%v r=%v: grid %+v %v, brute %+v %v", it, from, to, rad, hg, okg, hb, okb)
		}
		ag = wg.RayCastAll(from, to, f, ag[:0])
		ab = wb.RayCastAll(from, to, f, ab[:0])
		if len(ag) != len(ab) {
			t.Fatalf("all %d: %d vs %d hits", it, len(ag), len(ab))
		}
		for k := range ag {
			if ag[k] != ab[k] {
				t.Fatalf("all %d hit %d: %+v vs %+v", it, k, ag[k], ab[k])
			}
		}
		if len(ag) > 0 && (ag[0] != hg || !okg) && rad == 0 {
			t.Fatalf("RayCastAll's first %+v differs from RayCast %+v", ag[0], hg)
		}
		box := mathx.BoxAround(from, v(r.Range(0, 40), r.Range(0, 40)))
		og = wg.OverlapBox(box, f, og[:0])
		ob = wb.OverlapBox(box, f, ob[:0])
		if len(og) != len(ob) {
			t.Fatalf("overlap %d: %d vs %d", it, len(og), len(ob))
		}
		for k := range og {
			if og[k] != ob[k] {
				t.Fatalf("overlap %d: %+v vs %+v", it, og[k], ob[k])
			}
		}
		md := r.Range(0, 300)
		ig, dg, okg := wg.Nearest(from, md, f)
		ib, db, okb := wb.Nearest(from, md, f)
		if ig != ib || dg != db || okg != okb {
			t.Fatalf("nearest %d from %v: %v %v vs %v %v", it, from, ig, dg, ib, db)
		}
	}
}

func TestQueryAllocs(t *testing.T) {
	w, _, _, _ := bulletScene(t, 1000, 0, false)
	w.Step(1.0 / 60)
	r := mathx.NewRand(2)
	hits := make([]RayHit, 0, 1024)
	ov := make([]Overlap, 0, 1024)
	a := testenv.AllocsOver(200, func() {
		from := v(r.Range(0, 800), r.Range(0, 480))
		to := v(r.Range(0, 800), r.Range(0, 480))
		w.RayCast(from, to, QueryFilter{})
		hits = w.RayCastAll(from, to, QueryFilter{}, hits[:0])
		ov = w.OverlapBox(mathx.BoxAround(from, v(30, 30)), QueryFilter{}, ov[:0])
		w.Nearest(from, 200, QueryFilter{})
	})
	if a != 0 {
		t.Errorf("queries allocate %v times", a)
	}
}
