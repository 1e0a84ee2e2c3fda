package fuzzy

import (
	"errors"
	"math"
	"os"
	"testing"
)

// seed002Attack is seed 002's attack module in the text format: game data,
// so it lives in testdata (testdata/seed002_attack.fz documents its
// variables, breakpoints and 16 rules), not in the package.
func seed002Attack(t testing.TB) string {
	t.Helper()
	b, err := os.ReadFile("testdata/seed002_attack.fz")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// seedModule is seed 002's attack module, freshly parsed.
func seedModule(t testing.TB) *Module {
	t.Helper()
	m, err := Parse("", seed002Attack(t))
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// The 12 weapon rules: max-of-min with crisp consequents, the strongest
// consequent wins (seed 002 §5.2). Hand computation per case:
//
//	A ammo 4, tiredness .5, distance 5: hasAmmo 1 empty 0, rested .5 tired .5,
//	  close 1 far 0 (fairly far 0).
//	  pistol = max(r2 min(0,0), r3 min(0,1), r4 min(1,1)) = 1
//	  rocket = max(r1 0, r5 0, r6 min(.5,1)=.5, r7 0, r8 .5, r9 min(.5,1)=.5, r10 0, r11 .5, r12 0) = .5
//	B ammo 4, tiredness .5, distance 60: close 0, far 1.
//	  pistol = max(0, 0, min(1,0)) = 0;  rocket ≥ r1 min(1,1) = 1
//	C ammo 4, tiredness .5, distance 30: close .5, far .5, fairly far √.5 = .70710678.
//	  pistol = max(r2 0, r3 0, r4 min(1,.5)) = .5
//	  rocket = max(r1 min(1,.7071)=.7071, r5 .5, r6 .5, r7 .5, r8 .5, r9 .5, r10 0, r11 .5, r12 0) = .70710678
//	D ammo 1, tiredness .35, distance 20: hasAmmo .25 empty .75, rested (.8-.35)/.6 = .75
//	  tired .25, close (50-20)/40 = .75, far .25, fairly far .5.
//	  pistol = max(r2 min(.75,.5)=.5, r3 .75, r4 .25) = .75
//	  rocket = max(r1 .25, r5 .5, r6 .75, r7 .25, r8 .25, r9 .25, r10 .75, r11 .25, r12 .25) = .75
//	  a tie: the first set declared (rocket) wins.
//	E ammo 10, tiredness .9, distance 100: hasAmmo 1, tired 1, far 1, others 0.
//	  pistol = max(0, 0, min(1,0)) = 0; rocket = r1 = 1
//	F ammo 0, tiredness .5, distance 5: empty 1, close 1, rested .5, tired .5.
//	  pistol = r3 = 1; rocket = max(r6 .5, r8 .5, r10 .5, r12 .5, others 0) = .5
func TestSeed002WeaponRules(t *testing.T) {
	m := seedModule(t)
	w := m.Variable("weapon")
	const s2 = 0.7071067811865476
	for _, c := range []struct {
		name                   string
		ammo, tiredness, dist  float64
		rocket, pistol         float64
		winner                 string
		nanDistanceWantsRocket bool
	}{
		{name: "A close with ammo", ammo: 4, tiredness: .5, dist: 5, rocket: .5, pistol: 1, winner: "pistol"},
		{name: "B far with ammo", ammo: 4, tiredness: .5, dist: 60, rocket: 1, pistol: 0, winner: "rocket"},
		{name: "C middle", ammo: 4, tiredness: .5, dist: 30, rocket: s2, pistol: .5, winner: "rocket"},
		{name: "D tie", ammo: 1, tiredness: .35, dist: 20, rocket: .75, pistol: .75, winner: "rocket"},
		{name: "E tired far", ammo: 10, tiredness: .9, dist: 100, rocket: 1, pistol: 0, winner: "rocket"},
		{name: "F empty close", ammo: 0, tiredness: .5, dist: 5, rocket: .5, pistol: 1, winner: "pistol"},
	} {
		for _, in := range []struct {
			n string
			x float64
		}{{"ammo", c.ammo}, {"tiredness", c.tiredness}, {"distance", c.dist}} {
			if err := m.Fuzzify(in.n, in.x); err != nil {
				t.Fatal(err)
			}
		}
		i, d, err := w.Winner()
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if got := w.SetName(i); got != c.winner || !near(d, math.Max(c.rocket, c.pistol), 1e-12) {
			t.Errorf("%s: winner %s (%v), want %s", c.name, got, d, c.winner)
		}
		if !near(w.DOM(0), c.rocket, 1e-12) || !near(w.DOM(1), c.pistol, 1e-12) {
			t.Errorf("%s: rocket %v pistol %v, want %v %v", c.name, w.DOM(0), w.DOM(1), c.rocket, c.pistol)
		}
	}
	// Switching the weapon block off leaves nothing firing for the weapon
	// and does not touch the accuracy block.
	m.Fuzzify("health", 50)
	before, _ := m.Defuzzify("accuracy", AverageOfMaxima)
	m.Block("weapon").SetEnabled(false)
	if _, _, err := w.Winner(); !errors.Is(err, ErrNoFiring) {
		t.Errorf("weapon block off: %v", err)
	}
	if v, err := m.Defuzzify("accuracy", AverageOfMaxima); err != nil || v != before {
		t.Errorf("accuracy with weapon block off: %v %v, want %v", v, err, before)
	}
	m.Block("weapon").SetEnabled(true)
	// The seed's system test: the enemy changes weapon with the distance
	// (approach: pistol; move back: rocket launcher).
	m.Fuzzify("ammo", 6)
	m.Fuzzify("tiredness", 0.5)
	prev := ""
	var changes []string
	for d := 0.0; d <= 100; d += 5 {
		m.Fuzzify("distance", d)
		i, _, _ := w.Winner()
		if n := w.SetName(i); n != prev {
			changes = append(changes, n)
			prev = n
		}
	}
	if len(changes) != 2 || changes[0] != "pistol" || changes[1] != "rocket" {
		t.Errorf("weapon along distance: %v, want [pistol rocket]", changes)
	}
	// NaN distance: Fuzzify reports it, close and far read 0; with ammo 4
	// and tiredness .5 only r9 and r11 fire (.5): rocket .5, pistol 0.
	m.Fuzzify("ammo", 4)
	if err := m.Fuzzify("distance", math.NaN()); !errors.Is(err, ErrNaN) {
		t.Fatal(err)
	}
	if i, d, err := w.Winner(); err != nil || w.SetName(i) != "rocket" || d != .5 || w.DOM(1) != 0 {
		t.Errorf("NaN distance: %v %v %v", w.SetName(i), d, err)
	}
}

// The 2×2 accuracy FAM defuzzified by average of maxima (seed 002 §5.3):
// V = Σ dᵢ·rᵢ / Σ dᵢ, r(good) = (90+100)/2 = 95, r(bad) = (0+10)/2 = 5.
//
//	a distance 20, health 50: close .75 far .25, healthy (50-20)/40 = .75, unhealthy .25
//	  good = min(.75,.75) = .75; bad = max(min(.75,.25), min(.25,.75), min(.25,.25)) = .25
//	  V = (.75·95 + .25·5) / (.75+.25) = (71.25 + 1.25) / 1 = 72.5
//	b distance 5, health 100: good 1, bad 0 → 95
//	c distance 60, health 100: far 1, healthy 1 → bad 1, good 0 → 5
//	d distance 30, health 40: close .5 far .5, healthy .5 unhealthy .5 → good .5, bad .5 → 50
//	e distance 10, health 30: close 1, healthy .25, unhealthy .75 → good .25, bad .75
//	  V = (.25·95 + .75·5) / 1 = 23.75 + 3.75 = 27.5
//	f distance 45, health 25: close .125 far .875, healthy .125 unhealthy .875
//	  good = .125; bad = max(min(.125,.875), min(.875,.125), min(.875,.875)) = .875
//	  V = (.125·95 + .875·5) / 1 = 11.875 + 4.375 = 16.25
func TestSeed002AccuracyRules(t *testing.T) {
	m := seedModule(t)
	acc := m.Variable("accuracy")
	for _, c := range []struct {
		dist, health, good, bad, want float64
	}{
		{20, 50, .75, .25, 72.5},
		{5, 100, 1, 0, 95},
		{60, 100, 0, 1, 5},
		{30, 40, .5, .5, 50},
		{10, 30, .25, .75, 27.5},
		{45, 25, .125, .875, 16.25},
	} {
		m.Fuzzify("distance", c.dist)
		m.Fuzzify("health", c.health)
		got, err := m.Defuzzify("accuracy", AverageOfMaxima)
		if err != nil || !near(got, c.want, 1e-12) {
			t.Errorf("distance %v health %v: %v %v, want %v", c.dist, c.health, got, err, c.want)
		}
		if !near(acc.DOM(1), c.good, 1e-12) || !near(acc.DOM(0), c.bad, 1e-12) {
			t.Errorf("distance %v health %v: good %v bad %v", c.dist, c.health, acc.DOM(1), acc.DOM(0))
		}
	}
}

// Case a again with the other two defuzzifiers.
//
// Mean of maximum: the highest degree is good's .75; RightShoulder(50,90,100)
// reaches .75 from 50+.75·40 = 80 to the range end 100 → (80+100)/2 = 90.
//
// Centroid, by hand: μ(x) = max(min(.25, bad(x)), min(.75, good(x))) is
//
//	.25 on [0,40], (50-x)/40 on [40,50], (x-50)/40 on [50,80], .75 on [80,100]
//	area   = 10 + 1.25 + 11.25 + 15 = 37.5
//	moment = .25·800 + (1/40)(2500 - 1000/3) + (1/40)(9000 + 22500) + .75·1800
//	       = 200 + 54.1667 + 787.5 + 1350 = 7175/3
//	centroid = (7175/3) / 37.5 = 574/9 = 63.777…
func TestSeed002AccuracyOtherDefuzzifiers(t *testing.T) {
	m := seedModule(t)
	m.Fuzzify("distance", 20)
	m.Fuzzify("health", 50)
	mom, err := m.Defuzzify("accuracy", MeanOfMaximum)
	if err != nil || !near(mom, 90, 1e-12) {
		t.Errorf("mean of maximum %v %v, want 90", mom, err)
	}
	c, err := m.Defuzzify("accuracy", Centroid)
	if err != nil || !near(c, 574.0/9, 1e-3) {
		t.Errorf("centroid %v %v, want 574/9 = %v", c, err, 574.0/9)
	}
	// The hand result agrees with an independent fine integration.
	good := func(x float64) float64 { return math.Min(1, math.Max(0, (x-50)/40)) }
	bad := func(x float64) float64 { return math.Min(1, math.Max(0, (50-x)/40)) }
	mu := func(x float64) float64 { return math.Max(math.Min(.25, bad(x)), math.Min(.75, good(x))) }
	if got := simpsonCentroid(mu, 0, 100, 1<<16); !near(got, 574.0/9, 1e-6) {
		t.Errorf("Simpson centroid %v", got)
	}
}

// The exported module has exactly the variables, ranges and sets its
// documentation lists, in that order.
func TestSeed002AttackDocumented(t *testing.T) {
	m := seedModule(t)
	type set struct {
		name string
		s    Set
	}
	want := []struct {
		name     string
		output   bool
		min, max float64
		sets     []set
	}{
		{"ammo", false, 0, 10, []set{{"empty", LeftShoulder(0, 0, 4)}, {"hasAmmo", RightShoulder(0, 4, 10)}}},
		{"tiredness", false, 0, 1, []set{{"rested", LeftShoulder(0, 0.2, 0.8)}, {"tired", RightShoulder(0.2, 0.8, 1)}}},
		{"distance", false, 0, 100, []set{{"close", LeftShoulder(0, 10, 50)}, {"far", RightShoulder(10, 50, 100)}}},
		{"health", false, 0, 100, []set{{"unhealthy", LeftShoulder(0, 20, 60)}, {"healthy", RightShoulder(20, 60, 100)}}},
		{"weapon", true, 0, 1, []set{{"rocket", Singleton(1)}, {"pistol", Singleton(0)}}},
		{"accuracy", true, 0, 100, []set{{"bad", LeftShoulder(0, 10, 50)}, {"good", RightShoulder(50, 90, 100)}}},
	}
	vs := m.Variables()
	if len(vs) != len(want) {
		t.Fatalf("%d variables, want %d", len(vs), len(want))
	}
	for i, w := range want {
		v := vs[i]
		lo, hi := v.Range()
		if v.Name() != w.name || v.IsOutput() != w.output || lo != w.min || hi != w.max || v.Len() != len(w.sets) {
			t.Fatalf("variable %d: %s output %v range %v..%v with %d sets, want %+v", i, v.Name(), v.IsOutput(), lo, hi, v.Len(), w)
		}
		for j, s := range w.sets {
			if v.SetName(j) != s.name || v.Set(j) != s.s {
				t.Errorf("%s set %d: %s %+v, want %s %+v", w.name, j, v.SetName(j), v.Set(j), s.name, s.s)
			}
		}
	}
	if r := m.Variable("accuracy"); r.Set(0).Representative() != 5 || r.Set(1).Representative() != 95 {
		t.Errorf("accuracy representatives %v %v, want 5 95", r.Set(0).Representative(), r.Set(1).Representative())
	}
}

// Each call builds a module of its own: readings and block switches in
// one do not reach another.
func TestSeed002AttackIndependent(t *testing.T) {
	a, b := seedModule(t), seedModule(t)
	for _, m := range []*Module{a, b} {
		m.Fuzzify("ammo", 4)
		m.Fuzzify("tiredness", .5)
		m.Fuzzify("distance", 60)
	}
	a.Fuzzify("distance", 5)
	a.Block("weapon").SetEnabled(false)
	if !b.Block("weapon").Enabled() {
		t.Fatal("disabling a's weapon block disabled b's")
	}
	w := b.Variable("weapon")
	if i, d, err := w.Winner(); err != nil || w.SetName(i) != "rocket" || d != 1 {
		t.Fatalf("b's weapon %s %v %v, want rocket 1 (distance 60)", w.SetName(i), d, err)
	}
	if a.Variable("distance").DOM(0) != 1 || b.Variable("distance").DOM(0) != 0 {
		t.Fatalf("close: a %v b %v, want 1 0", a.Variable("distance").DOM(0), b.Variable("distance").DOM(0))
	}
}
