package tactics_test

import (
	"math"
	"testing"

	"diorama/ai/tactics"
	"diorama/internal/testenv"
	"diorama/mathx"
)

func TestNewMapRejectsBadSizes(t *testing.T) {
	for _, c := range []struct {
		w, h int
		cell float64
	}{{0, 5, 1}, {5, -1, 1}, {1 << 12, 1 << 12, 1}, {4, 4, 0}, {4, 4, math.NaN()}, {4, 4, math.Inf(1)}} {
		if _, err := tactics.NewMap(c.w, c.h, c.cell, mathx.Vec2{}); err == nil {
			t.Errorf("NewMap(%d, %d, %v) accepted", c.w, c.h, c.cell)
		}
	}
	m, err := tactics.NewMap(4, 3, 2, mathx.V2(10, 20))
	if err != nil {
		t.Fatal(err)
	}
	if c := m.Center(1, 2); c != mathx.V2(13, 25) {
		t.Fatalf("center %v", c)
	}
	if x, y, ok := m.CellAt(mathx.V2(13.9, 24.1)); !ok || x != 1 || y != 2 {
		t.Fatalf("cell %d %d %v", x, y, ok)
	}
	for _, p := range []mathx.Vec2{{X: 9.9, Y: 21}, {X: 18, Y: 21}, {X: 11, Y: 26}, {X: math.NaN(), Y: 21}} {
		if _, _, ok := m.CellAt(p); ok {
			t.Errorf("CellAt(%v) inside", p)
		}
	}
}

// The separable blur equals the direct 2D sum of peak-1 Gaussians.
func TestBlurMatchesDirectGaussian(t *testing.T) {
	const sigma = 1.7
	b, err := tactics.NewBlur(sigma)
	if err != nil {
		t.Fatal(err)
	}
	m, _ := tactics.NewMap(23, 17, 1, mathx.Vec2{})
	rng := mathx.NewRand(2)
	type stamp struct {
		x, y int
		v    float32
	}
	var st []stamp
	for k := 0; k < 6; k++ {
		s := stamp{rng.IntN(m.W), rng.IntN(m.H), float32(rng.Range(0.2, 2))}
		st = append(st, s)
		m.V[s.y*m.W+s.x] += s.v
	}
	b.Apply(m)
	r := int(math.Ceil(3 * sigma))
	for y := 0; y < m.H; y++ {
		for x := 0; x < m.W; x++ {
			want := 0.0
			for _, s := range st {
				dx, dy := x-s.x, y-s.y
				if dx < -r || dx > r || dy < -r || dy > r {
					continue
				}
				want += float64(s.v) * math.Exp(-float64(dx*dx+dy*dy)/(2*sigma*sigma))
			}
			if got := float64(m.At(x, y)); math.Abs(got-want) > 1e-5 {
				t.Fatalf("cell %d,%d: %g want %g", x, y, got, want)
			}
		}
	}
	if _, err := tactics.NewBlur(0); err == nil {
		t.Fatal("sigma 0 accepted")
	}
	if _, err := tactics.NewBlur(math.NaN()); err == nil {
		t.Fatal("sigma NaN accepted")
	}
}

// Seed 002's reason for blurring: two barrels some way apart make the
// ground between them more dangerous than either alone would.
func TestDangerAddsUpBetweenSources(t *testing.T) {
	cfg := tactics.DefaultAnalyzerConfig(1)
	cfg.Sigma = 2
	a, _ := tactics.NewAnalyzer(cfg)
	mid := mathx.V2(0.5, 0.5)
	one := []tactics.Source{{Pos: mathx.V2(-3.5, 0.5), Amount: 1}}
	two := append(one, tactics.Source{Pos: mathx.V2(4.5, 0.5), Amount: 1})
	a.Update(mathx.Vec2{}, nil, one, nil, nil)
	x, y, _ := a.Danger.CellAt(mid)
	single := a.Danger.At(x, y)
	a.Update(mathx.Vec2{}, nil, two, nil, nil)
	both := a.Danger.At(x, y)
	want := 2 * math.Exp(-16.0/8)
	if math.Abs(float64(both)-want) > 1e-6 || !(both > 1.9*single) {
		t.Fatalf("between two barrels %g (single %g), want %g", both, single, want)
	}
}

// A threat on the left, a wall between: the chosen cover is behind the
// wall (hidden from the threat), accessible, and its safety follows the
// fall-off exactly.
func TestAnalyzerFindsCoverBehindWall(t *testing.T) {
	world := boxes{{Min: mathx.V2(-1, -4), Max: mathx.V2(1, 4)}}
	threat := mathx.V2(-12, 0)
	self := mathx.V2(-4, 6)
	a, err := tactics.NewAnalyzer(tactics.DefaultAnalyzerConfig(1))
	if err != nil {
		t.Fatal(err)
	}
	p, ok := a.FindCover(self, threat, nil, world.ray, world.open)
	if !ok {
		t.Fatal("no cover")
	}
	if world.los(threat, p) {
		t.Fatalf("cover %v is visible from the threat", p)
	}
	if !world.open(p) {
		t.Fatalf("cover %v inside the wall", p)
	}
	if tHit, _ := world.ray(p, threat); tHit*threat.Dist(p) > 1 {
		t.Fatalf("cover %v is %.2f from the wall", p, tHit*threat.Dist(p))
	}
	// Safety values: visible cells 0; a hidden cell behind the wall by
	// distance d has 1 − d/4.
	x, y, _ := a.Safety.CellAt(mathx.V2(-6.5, 0.5))
	if a.Safety.At(x, y) != 0 {
		t.Fatal("visible cell not 0")
	}
	c := mathx.V2(2.5, 0.5) // the ray back to the threat meets the wall at x = 1
	x, y, _ = a.Safety.CellAt(c)
	tHit, _ := world.ray(c, threat)
	behind := tHit * threat.Dist(c)
	if math.Abs(behind-1.5*threat.Dist(c)/14.5) > 1e-12 {
		t.Fatalf("behind %g", behind)
	}
	want := float32(1 - behind/4)
	if got := a.Safety.At(x, y); math.Abs(float64(got-want)) > 1e-6 {
		t.Fatalf("safety %g want %g", got, want)
	}
	// Final = safety − danger − distance cost.
	i := y*a.Final.W + x
	if want := a.Safety.V[i] - a.Danger.V[i] - 0.02*float32(c.Dist(self)); a.Final.V[i] != want {
		t.Fatalf("final %g is not safety − danger − distance %g", a.Final.V[i], want)
	}
}

// Two walls; a barrel behind the nearer one makes the analyzer pick the
// other (seed 002 system test: "hides behind an obstacle, far from
// dangerous objects").
func TestAnalyzerAvoidsDangerousCover(t *testing.T) {
	world := boxes{{Min: mathx.V2(-1, 2), Max: mathx.V2(1, 6)}, {Min: mathx.V2(-1, -8), Max: mathx.V2(1, -4)}}
	threat := mathx.V2(-12, 0)
	self := mathx.V2(-3, 1)
	a, _ := tactics.NewAnalyzer(tactics.DefaultAnalyzerConfig(1))
	p, ok := a.FindCover(self, threat, nil, world.ray, world.open)
	if !ok || !(p.Y > 0) {
		t.Fatalf("without barrel: cover %v, want behind the upper wall", p)
	}
	barrel := []tactics.Source{{Pos: mathx.V2(2.5, 4), Amount: 3}}
	p, ok = a.FindCover(self, threat, barrel, world.ray, world.open)
	if !ok || !(p.Y < 0) || world.los(threat, p) {
		t.Fatalf("with barrel: cover %v, want behind the lower wall", p)
	}
}

func TestAnalyzerBadInput(t *testing.T) {
	if _, err := tactics.NewAnalyzer(tactics.AnalyzerConfig{W: 8, H: 8, Cell: 1, Sigma: 1, CoverFalloff: math.NaN()}); err == nil {
		t.Fatal("NaN falloff accepted")
	}
	if _, err := tactics.NewAnalyzer(tactics.AnalyzerConfig{W: 8, H: 8, Cell: 1, Sigma: -1, CoverFalloff: 1}); err == nil {
		t.Fatal("negative sigma accepted")
	}
	a, _ := tactics.NewAnalyzer(tactics.DefaultAnalyzerConfig(1))
	if err := a.Update(mathx.V2(math.NaN(), 0), nil, nil, nil, nil); err == nil {
		t.Fatal("NaN centre accepted")
	}
	world := boxes{}
	nan := math.NaN()
	err := a.Update(mathx.Vec2{}, []mathx.Vec2{{X: nan, Y: 0}, {X: -5, Y: 0}},
		[]tactics.Source{{Pos: mathx.V2(nan, 1), Amount: 1}, {Pos: mathx.V2(1, 1), Amount: float32(math.Inf(1))}, {Pos: mathx.V2(2, 2), Amount: 1}},
		world.ray, nil)
	if err != nil || a.Rejected != 3 {
		t.Fatalf("err %v rejected %d", err, a.Rejected)
	}
	for i, v := range a.Final.V {
		if math.IsNaN(float64(v)) || math.IsInf(float64(v), 0) {
			t.Fatalf("cell %d = %v", i, v)
		}
	}
	// No open cell: no cover.
	if _, ok := a.FindCover(mathx.Vec2{}, mathx.V2(-5, 0), nil, world.ray, func(mathx.Vec2) bool { return false }); ok {
		t.Fatal("cover found with no open cell")
	}
}

func TestAnalyzerUpdateZeroAlloc(t *testing.T) {
	world := boxes{{Min: mathx.V2(-1, -4), Max: mathx.V2(1, 4)}}
	a, _ := tactics.NewAnalyzer(tactics.DefaultAnalyzerConfig(1))
	ray, open := tactics.RayCast(world.ray), tactics.Accessible(world.open)
	barrels := []tactics.Source{{Pos: mathx.V2(3, 3), Amount: 1}}
	a.FindCover(mathx.V2(-4, 6), mathx.V2(-12, 0), barrels, ray, open)
	if n := testenv.AllocsOver(10, func() { a.FindCover(mathx.V2(-4, 6), mathx.V2(-12, 0), barrels, ray, open) }); n != 0 {
		t.Fatalf("FindCover allocated %d", n)
	}
}

// The tile-map ray cast used by the benchmark agrees with the exact box
// ray cast on the same solid tiles.
func TestOccupancyRayMatchesBoxes(t *testing.T) {
	occ := newOccupancy(24, 24, 0.15, 9)
	var bs boxes
	for y := 0; y < occ.h; y++ {
		for x := 0; x < occ.w; x++ {
			if occ.solid[y*occ.w+x] {
				bs = append(bs, mathx.AABB{Min: mathx.V2(float64(x), float64(y)), Max: mathx.V2(float64(x+1), float64(y+1))})
			}
		}
	}
	rng := mathx.NewRand(2)
	for k := 0; k < 2000; k++ {
		a := mathx.V2(rng.Range(0.01, 23.99), rng.Range(0.01, 23.99))
		b := mathx.V2(rng.Range(0.01, 23.99), rng.Range(0.01, 23.99))
		if !occ.open(a) {
			continue
		}
		t1, h1 := occ.ray(a, b)
		t2, h2 := bs.ray(a, b)
		if h1 != h2 || (h1 && math.Abs(t1-t2) > 1e-9) {
			t.Fatalf("%v→%v: tiles %v %g, boxes %v %g", a, b, h1, t1, h2, t2)
		}
	}
}
