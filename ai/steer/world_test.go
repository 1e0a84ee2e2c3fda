package steer_test

import (
	"math"
	"slices"
	"testing"

	"diorama/ai/steer"
	"diorama/internal/testenv"
	"diorama/mathx"
)

// maxOverlap returns the deepest overlap between any two agents' circles.
func maxOverlap(w *steer.Crowd) float64 {
	worst := 0.0
	ps := w.Positions()
	rs := make([]float64, len(ps))
	for i := range ps {
		rs[i] = w.Agent(i).Radius
	}
	for i, p := range ps {
		for j := i + 1; j < len(ps); j++ {
			s := rs[i] + rs[j]
			dx, dy := p.X-ps[j].X, p.Y-ps[j].Y
			if d2 := dx*dx + dy*dy; d2 < s*s {
				if o := s - math.Sqrt(d2); o > worst {
					worst = o
				}
			}
		}
	}
	return worst
}

// crowd places n agents of radius r on a jittered lattice (no overlap).
func crowd(t testing.TB, w *steer.Crowd, n int, r, spacing float64, beh steer.Behaviour, target func(p mathx.Vec2) mathx.Vec2) {
	rng := mathx.NewRand(3)
	side := int(math.Ceil(math.Sqrt(float64(n))))
	for k := 0; k < n; k++ {
		p := mathx.V2(float64(k%side), float64(k/side)).Scale(spacing).Add(rng.InCircle(0.2 * (spacing - 2*r)))
		p = p.Sub(mathx.V2(1, 1).Scale(spacing * float64(side-1) / 2))
		if _, err := w.Add(steer.Agent{Pos: p, Radius: r, MaxSpeed: 4, MaxForce: 20, Behaviours: beh,
			Target: target(p), TargetAgent: -1, Path: -1}); err != nil {
			t.Fatal(err)
		}
	}
}

// The stated separation margin: with separation on (steering plus the
// default contact resolution), agents never overlap by more than this
// fraction of their radius (measured 0.054 r in the converging crowd,
// 0.022 r in the crossing; idle agents being pushed aside cost most of it).
const overlapMargin = 0.06

// With contact resolution switched off, separation steering alone lets a
// crowd pressing toward one point squeeze together by up to this much
// (measured 0.52 r); it is a documented limitation, checked so that it
// does not get worse.
const steeringOnlyMargin = 0.75

// 200 agents all arriving at the same point: separation keeps them from
// overlapping by more than overlapMargin radii at every tick.
func TestSeparationConvergingCrowd(t *testing.T) {
	const r = 1.0
	w := steer.NewCrowd(steer.DefaultConfig(r))
	crowd(t, w, 200, r, 4*r, steer.Separating|steer.Arriving, func(mathx.Vec2) mathx.Vec2 { return mathx.Vec2{} })
	worst := 0.0
	for tick := 0; tick < 60*20; tick++ {
		if err := w.Step(1.0 / 60); err != nil {
			t.Fatal(err)
		}
		worst = math.Max(worst, maxOverlap(w))
	}
	t.Logf("worst overlap %.4f r", worst/r)
	if worst > overlapMargin*r {
		t.Fatalf("agents overlapped by %.4f (margin %.2f)", worst, overlapMargin*r)
	}
	// Steering only.
	cfg := steer.DefaultConfig(r)
	cfg.Resolve = 0
	w3 := steer.NewCrowd(cfg)
	crowd(t, w3, 200, r, 4*r, steer.Separating|steer.Arriving, func(mathx.Vec2) mathx.Vec2 { return mathx.Vec2{} })
	worst3 := 0.0
	for tick := 0; tick < 60*20; tick++ {
		w3.Step(1.0 / 60)
		worst3 = math.Max(worst3, maxOverlap(w3))
	}
	t.Logf("steering only: worst overlap %.4f r", worst3/r)
	if worst3 > steeringOnlyMargin*r {
		t.Fatalf("steering-only overlap %.4f over %.2f", worst3, steeringOnlyMargin*r)
	}
	// The crowd did converge: everyone is packed near the centre.
	far := 0.0
	for _, p := range w.Positions() {
		far = math.Max(far, p.Len())
	}
	if far > 25*r {
		t.Fatalf("crowd did not gather: farthest %.2f", far)
	}
	// Without separation the same crowd piles up.
	w2 := steer.NewCrowd(steer.DefaultConfig(r))
	crowd(t, w2, 200, r, 4*r, steer.Arriving, func(mathx.Vec2) mathx.Vec2 { return mathx.Vec2{} })
	for tick := 0; tick < 60*20; tick++ {
		w2.Step(1.0 / 60)
	}
	if o := maxOverlap(w2); o < r {
		t.Fatalf("control crowd did not pile up (overlap %.3f)", o)
	}
}

// Two blocks of 100 cross at right angles: separation keeps the margin at
// every tick, and idle agents stepping aside lets everyone through the
// jam: all 200 reach their targets.
func TestSeparationCrossingGroups(t *testing.T) {
	const r = 1.0
	w := steer.NewCrowd(steer.DefaultConfig(r))
	for k := 0; k < 100; k++ {
		p := mathx.V2(float64(k%10)*3-45, float64(k/10)*3-13.5)
		w.Add(steer.Agent{Pos: p, Radius: r, MaxSpeed: 4, MaxForce: 20, Behaviours: steer.Separating | steer.Arriving,
			Target: p.Add(mathx.V2(70, 0)), TargetAgent: -1, Path: -1})
		q := mathx.V2(float64(k%10)*3-13.5, float64(k/10)*3-45)
		w.Add(steer.Agent{Pos: q, Radius: r, MaxSpeed: 4, MaxForce: 20, Behaviours: steer.Separating | steer.Arriving,
			Target: q.Add(mathx.V2(0, 70)), TargetAgent: -1, Path: -1})
	}
	worst := 0.0
	for tick := 0; tick < 60*120; tick++ {
		w.Step(1.0 / 60)
		worst = math.Max(worst, maxOverlap(w))
	}
	t.Logf("worst overlap %.4f r", worst/r)
	if worst > overlapMargin*r {
		t.Fatalf("agents overlapped by %.4f (margin %.2f)", worst, overlapMargin*r)
	}
	for i := 0; i < w.Len(); i++ {
		if d := w.Pos(i).Dist(w.Agent(i).Target); d > 0.1 {
			t.Errorf("agent %d stuck %.2f from its target", i, d)
		}
	}
}

// The grid returns exactly the brute-force neighbour set, for many radii
// and point spreads (including points far apart and hash collisions).
func TestGridMatchesBruteForce(t *testing.T) {
	rng := mathx.NewRand(11)
	var g steer.Bins
	for trial := 0; trial < 50; trial++ {
		n := 1 + rng.IntN(400)
		spread := []float64{5, 100, 1e6}[trial%3]
		pts := make([]mathx.Vec2, n)
		for i := range pts {
			pts[i] = rng.InCircle(spread)
		}
		cell := rng.Range(0.5, 20)
		g.Build(pts, cell, nil)
		var got []int32
		for q := 0; q < 20; q++ {
			c := pts[rng.IntN(n)].Add(rng.InCircle(3))
			rad := rng.Range(0, 3*cell)
			got = g.Query(c, rad, got[:0])
			var want []int32
			for i, p := range pts {
				if p.DistSq(c) <= rad*rad {
					want = append(want, int32(i))
				}
			}
			gs := append([]int32(nil), got...)
			slices.Sort(gs)
			if !slices.Equal(gs, want) {
				t.Fatalf("trial %d query %d: got %v want %v", trial, q, gs, want)
			}
		}
	}
	// Non-finite and skipped points are left out.
	pts := []mathx.Vec2{{X: 0, Y: 0}, {X: math.NaN(), Y: 0}, {X: 1, Y: 0}, {X: 0.5, Y: 0}}
	g.Build(pts, 1, []bool{false, false, false, true})
	if got := g.Query(mathx.Vec2{}, 10, nil); len(got) != 2 || g.Len() != 2 {
		t.Fatalf("got %v len %d", got, g.Len())
	}
}

func newAgent(p mathx.Vec2, beh steer.Behaviour) steer.Agent {
	return steer.Agent{Pos: p, Radius: 1, MaxSpeed: 4, MaxForce: 20, Behaviours: beh, TargetAgent: -1, Path: -1}
}

func TestWorldRejectsBadInput(t *testing.T) {
	w := steer.NewCrowd(steer.DefaultConfig(1))
	nan := math.NaN()
	bad := []steer.Agent{
		{Pos: mathx.V2(nan, 0), TargetAgent: -1, Path: -1},
		{Vel: mathx.V2(0, math.Inf(1)), TargetAgent: -1, Path: -1},
		{Radius: -1, TargetAgent: -1, Path: -1},
		{MaxSpeed: nan, TargetAgent: -1, Path: -1},
		{MaxForce: -2, TargetAgent: -1, Path: -1},
		{TargetAgent: 5, Path: -1},
		{TargetAgent: -1, Path: 0},
	}
	for k, a := range bad {
		if _, err := w.Add(a); err == nil {
			t.Errorf("bad agent %d accepted", k)
		}
	}
	if w.Len() != 0 {
		t.Fatalf("half-built state: %d agents", w.Len())
	}
	i, _ := w.Add(newAgent(mathx.V2(0, 0), steer.Seeking))
	if err := w.SetTarget(i, mathx.V2(nan, 1)); err == nil {
		t.Fatal("NaN target accepted")
	}
	if err := w.Step(0); err == nil {
		t.Fatal("dt 0 accepted")
	}
	if err := w.Step(nan); err == nil {
		t.Fatal("dt NaN accepted")
	}
	if _, err := w.AddPath(nil, false); err == nil {
		t.Fatal("empty path accepted")
	}
	if _, err := w.AddPath([]mathx.Vec2{{X: 1, Y: nan}}, false); err == nil {
		t.Fatal("NaN path accepted")
	}
}

// NaN coming from the world queries never reaches positions: bad walls
// and obstacles are skipped and counted, everything stays finite.
func TestWorldNaNFromQueriesIsCountedNotPropagated(t *testing.T) {
	cfg := steer.DefaultConfig(1)
	nan := math.NaN()
	cfg.Walls = func(area mathx.AABB, dst []steer.Segment) []steer.Segment {
		return append(dst, steer.Segment{A: mathx.V2(nan, 0), B: mathx.V2(5, 5)}, steer.Segment{A: mathx.V2(3, -9), B: mathx.V2(3, 9)})
	}
	cfg.Obstacles = func(area mathx.AABB, dst []steer.Circle) []steer.Circle {
		return append(dst, steer.Circle{C: mathx.V2(2, nan), R: 1}, steer.Circle{C: mathx.V2(6, 0.2), R: math.Inf(1)})
	}
	w := steer.NewCrowd(cfg)
	a := newAgent(mathx.V2(0, 0), steer.AvoidingWalls|steer.AvoidingObstacles|steer.Swarming|steer.Seeking)
	a.Target = mathx.V2(10, 0)
	a.Vel = mathx.V2(1, 0)
	w.Add(a)
	for tick := 0; tick < 100; tick++ {
		w.Step(1.0 / 60)
		if !w.Pos(0).IsFinite() || !w.Vel(0).IsFinite() || !w.Force(0).IsFinite() {
			t.Fatalf("tick %d: NaN leaked: %v %v", tick, w.Pos(0), w.Vel(0))
		}
	}
	if w.Stats().Skipped == 0 {
		t.Fatal("bad query results were not counted")
	}
	// The good wall at x = 3 was still avoided.
	if w.Pos(0).X >= 3-1 {
		t.Fatalf("walked into the wall: %v", w.Pos(0))
	}
}

// An agent whose state is corrupted by a caller is frozen and flagged,
// and the others keep going.
func TestWorldFaultedAgent(t *testing.T) {
	w := steer.NewCrowd(steer.DefaultConfig(1))
	a := newAgent(mathx.V2(0, 0), steer.Seeking|steer.Separating)
	a.Target = mathx.V2(10, 0)
	w.Add(a)
	a.Pos = mathx.V2(0, 5)
	w.Add(a)
	w.SetPos(0, mathx.V2(math.NaN(), 0)) // corrupt (SetPos takes it unchecked)
	w.Step(0.1)
	if !w.Faulted(0) || w.Faulted(1) || w.Stats().Faulted != 1 {
		t.Fatalf("faults %v %v stats %+v", w.Faulted(0), w.Faulted(1), w.Stats())
	}
	if w.Pos(1) == mathx.V2(0, 5) || !w.Pos(1).IsFinite() {
		t.Fatalf("healthy agent did not move: %v", w.Pos(1))
	}
	if err := w.Set(0, a); err != nil || w.Faulted(0) {
		t.Fatalf("Set did not clear the fault: %v", err)
	}
}

// Pursuit, evasion and path following through the World.
func TestWorldPursueEvadePath(t *testing.T) {
	cfg := steer.DefaultConfig(0.5)
	w := steer.NewCrowd(cfg)
	runner := newAgent(mathx.V2(0, 0), steer.FollowingPath)
	pid, err := w.AddPath([]mathx.Vec2{{X: 20, Y: 0}, {X: 20, Y: 20}, {X: 0, Y: 20}, {X: 0, Y: 0}}, true)
	if err != nil {
		t.Fatal(err)
	}
	runner.Path = pid
	runner.MaxSpeed = 3
	r, _ := w.Add(runner)
	hunter := newAgent(mathx.V2(-40, -40), steer.Pursuing)
	hunter.TargetAgent = r
	hunter.MaxSpeed = 5
	h, _ := w.Add(hunter)
	caught := -1
	visited := map[int]bool{}
	for tick := 0; tick < 60*60 && caught < 0; tick++ {
		w.Step(1.0 / 60)
		visited[w.PathIndex(r)] = true
		if w.Pos(h).Dist(w.Pos(r)) < 1 {
			caught = tick
		}
	}
	if caught < 0 {
		t.Fatal("pursuer never caught the path runner")
	}
	if len(visited) < 2 {
		t.Fatalf("runner did not progress along the path: %v", visited)
	}
	// An evader with the same speed as its pursuer keeps its distance.
	w2 := steer.NewCrowd(cfg)
	e := newAgent(mathx.V2(0, 0), steer.Evading)
	w2.Add(e)
	p := newAgent(mathx.V2(-6, 0), steer.Pursuing)
	p.TargetAgent = 0
	w2.Add(p)
	if err := w2.SetTargetAgent(0, 1); err != nil {
		t.Fatal(err)
	}
	for tick := 0; tick < 600; tick++ {
		w2.Step(1.0 / 60)
		if d := w2.Pos(0).Dist(w2.Pos(1)); d < 5 {
			t.Fatalf("tick %d: evader caught (d %.2f)", tick, d)
		}
	}
}

// flockStats returns the mean alignment |mean heading| of each agent's
// neighbourhood (itself and the agents within rad, over agents that have
// neighbours) and the mean number of neighbours per agent.
func flockStats(w *steer.Crowd, rad float64) (order, neighbours float64) {
	cnt, nb := 0, 0
	for i := 0; i < w.Len(); i++ {
		s := w.Heading(i)
		n := 0
		for j := 0; j < w.Len(); j++ {
			if j != i && w.Pos(i).Dist(w.Pos(j)) <= rad {
				s = s.Add(w.Heading(j))
				n++
			}
		}
		if n > 0 {
			order += s.Len() / float64(n+1)
			cnt++
			nb += n
		}
	}
	if cnt > 0 {
		order /= float64(cnt)
	}
	return order, float64(nb) / float64(w.Len())
}

func flock(seed uint64, beh steer.Behaviour) *steer.Crowd {
	cfg := steer.DefaultConfig(0.5)
	cfg.Seed = seed
	// Flocking weights: separation must not use up the budget in a dense
	// flock (the default 4 is for crowds pressing together).
	cfg.Weights.Wander = 0.2
	cfg.Weights.Separation = 0.5
	cfg.Weights.Alignment = 3
	cfg.Weights.Cohesion = 0.5
	w := steer.NewCrowd(cfg)
	rng := mathx.NewRand(seed)
	for k := 0; k < 40; k++ {
		a := newAgent(rng.InCircle(4), beh)
		a.Vel = rng.UnitVec().Scale(2)
		w.Add(a)
	}
	for tick := 0; tick < 60*30; tick++ {
		w.Step(1.0 / 60)
	}
	return w
}

// Flocking: wanderers with separation, alignment and cohesion stay
// together and fly aligned with their neighbours; without alignment and
// cohesion they scatter. Runs are deterministic.
func TestWorldFlocking(t *testing.T) {
	const all = steer.Separating | steer.Aligning | steer.Cohering | steer.Wandering
	for seed := uint64(1); seed <= 4; seed++ {
		w := flock(seed, all)
		order, nb := flockStats(w, 3)
		if order < 0.95 || nb < 2 {
			t.Errorf("seed %d: local order %.3f, neighbours %.2f", seed, order, nb)
		}
		if w2 := flock(seed, all); w2.Pos(7) != w.Pos(7) {
			t.Errorf("seed %d: not deterministic", seed)
		}
		_, nbc := flockStats(flock(seed, steer.Separating|steer.Wandering), 3)
		if nbc > 0.5 {
			t.Errorf("seed %d: control wanderers stayed together (%.2f neighbours)", seed, nbc)
		}
	}
}

// Stepping a world allocates nothing once warm, with every behaviour on.
func TestWorldStepZeroAlloc(t *testing.T) {
	cfg := steer.DefaultConfig(1)
	walls := []steer.Segment{{A: mathx.V2(-60, -60), B: mathx.V2(60, -60)}}
	obs := []steer.Circle{{C: mathx.V2(10, 10), R: 3}}
	cfg.Walls = func(area mathx.AABB, dst []steer.Segment) []steer.Segment { return append(dst, walls...) }
	cfg.Obstacles = func(area mathx.AABB, dst []steer.Circle) []steer.Circle { return append(dst, obs...) }
	w := steer.NewCrowd(cfg)
	pid, _ := w.AddPath([]mathx.Vec2{{X: 0, Y: 0}, {X: 30, Y: 0}}, true)
	rng := mathx.NewRand(1)
	all := []steer.Behaviour{steer.Seeking | steer.Separating | steer.AvoidingWalls, steer.Arriving | steer.AvoidingObstacles,
		steer.Wandering | steer.Aligning | steer.Cohering, steer.Swarming, steer.FollowingPath, steer.Pursuing | steer.Evading | steer.Fleeing}
	for k := 0; k < 600; k++ {
		a := newAgent(rng.InCircle(50), all[k%len(all)])
		a.Target = rng.InCircle(50)
		a.TargetAgent = k/2 - 1
		a.Path = pid
		if _, err := w.Add(a); err != nil {
			t.Fatal(err)
		}
	}
	w.Step(1.0 / 60)
	if n := testenv.AllocsOver(20, func() { w.Step(1.0 / 60) }); n != 0 {
		t.Fatalf("Step allocated %d times", n)
	}
	var buf []int32
	buf = w.Neighbours(0, 5, buf)
	if n := testenv.AllocsOver(20, func() { buf = w.Neighbours(0, 5, buf[:0]) }); n != 0 {
		t.Fatalf("Neighbours allocated %d times", n)
	}
}

// Arrive through the World (the same integrator): no overshoot, settles
// within tolerance, stays.
func TestWorldArrive(t *testing.T) {
	cfg := steer.DefaultConfig(0.5)
	w := steer.NewCrowd(cfg)
	a := newAgent(mathx.V2(-30, 12), steer.Arriving)
	a.Target = mathx.V2(4, -1)
	w.Add(a)
	prev := math.Inf(1)
	for tick := 0; tick < 60*30; tick++ {
		w.Step(1.0 / 60)
		d := w.Pos(0).Dist(a.Target)
		if d > prev+1e-12 {
			t.Fatalf("tick %d: distance grew %g -> %g", tick, prev, d)
		}
		prev = d
	}
	if prev > cfg.ArriveTolerance || w.Vel(0).Len() > 1e-9 {
		t.Fatalf("ended %g away at speed %g", prev, w.Vel(0).Len())
	}
}

// Seed 001 through the World: a swarming agent chases a target on an
// ellipse among planets supplied by an ObstacleQuery that moves them every
// tick, and never touches one. The seed moves its ship kinematically; with
// inertia the ship needs enough force to turn (300 = 10× its speed per
// second; at 100 it grazes a planet).
func TestWorldSwarmingAmongMovingPlanets(t *testing.T) {
	s := newSolarSystem()
	var now float64
	cfg := steer.DefaultConfig(4)
	cfg.Obstacles = func(area mathx.AABB, dst []steer.Circle) []steer.Circle {
		for _, o := range s.planets {
			c := steer.Circle{C: o.at(now), R: o.R}
			if area.Expand(c.R).Contains(c.C) {
				dst = append(dst, c)
			}
		}
		return dst
	}
	w := steer.NewCrowd(cfg)
	w.Add(steer.Agent{Pos: mathx.V2(-320, -40), Radius: 4, MaxSpeed: 30, MaxForce: 300,
		Behaviours: steer.Swarming, Target: s.target.at(0), TargetAgent: -1, Path: -1})
	const dt = 1.0 / 60
	arrived := -1
	for tick := 0; tick < 60*120 && arrived < 0; tick++ {
		now = float64(tick) * dt
		w.SetTarget(0, s.target.at(now))
		for _, o := range s.planets {
			if g := w.Pos(0).Dist(o.at(now)) - o.R - 4; g <= 0 {
				t.Fatalf("tick %d: touched a planet (gap %g)", tick, g)
			}
		}
		if w.Pos(0).Dist(s.target.at(now)) <= 1 {
			arrived = tick
		}
		w.Step(dt)
	}
	if arrived < 0 {
		t.Fatal("never reached the target")
	}
}

// In both combination modes no agent ever gets more than its MaxForce or
// goes faster than its MaxSpeed while 100 agents all cross through the
// centre at once. The overlap stays within the stated margin with the
// default Prioritized combination; a weighted sum lets seek outvote
// separation and the crowd squeezes harder (measured 0.17 r, bound 0.25 r).
func TestWorldLimitsBothModes(t *testing.T) {
	for _, mode := range []steer.Combine{steer.WeightedSum, steer.Prioritized} {
		cfg := steer.DefaultConfig(1)
		cfg.Combine = mode
		w := steer.NewCrowd(cfg)
		crowd(t, w, 100, 1, 4, steer.Separating|steer.Seeking|steer.Wandering, func(p mathx.Vec2) mathx.Vec2 { return p.Neg() })
		worst := 0.0
		for tick := 0; tick < 600; tick++ {
			w.Step(1.0 / 60)
			for i := 0; i < w.Len(); i++ {
				a := w.Agent(i)
				if f := w.Force(i).Len(); f > a.MaxForce*(1+1e-9) {
					t.Fatalf("mode %d: force %g over %g", mode, f, a.MaxForce)
				}
				if v := a.Vel.Len(); v > a.MaxSpeed*(1+1e-9) {
					t.Fatalf("mode %d: speed %g over %g", mode, v, a.MaxSpeed)
				}
			}
			worst = math.Max(worst, maxOverlap(w))
		}
		bound := overlapMargin
		if mode == steer.WeightedSum {
			bound = 0.25
		}
		t.Logf("mode %d: worst overlap %.4f r", mode, worst)
		if worst > bound {
			t.Fatalf("mode %d: overlap %g over %g", mode, worst, bound)
		}
	}
}

// TestWorldWorkersBitIdentical: every behaviour mixed (walls, obstacles,
// separation, flocking, wander, paths, pursuit), 3,000 agents: positions,
// velocities, path indices and Stats are bit-identical after 40 steps
// with 1, 2 and 3 force-pass goroutines (3,000 agents: above the
// parallel threshold), and a 2-worker Step allocates nothing.
func TestWorldWorkersBitIdentical(t *testing.T) {
	mk := func(workers int) *steer.Crowd {
		cfg := steer.DefaultConfig(1)
		cfg.Workers = workers
		cfg.Resolve = 2
		walls := []steer.Segment{{A: mathx.V2(-80, -80), B: mathx.V2(80, -80)}, {A: mathx.V2(-80, -80), B: mathx.V2(-80, 80)}}
		obs := []steer.Circle{{C: mathx.V2(10, 10), R: 3}, {C: mathx.V2(-20, 5), R: 4}}
		cfg.Walls = func(area mathx.AABB, dst []steer.Segment) []steer.Segment { return append(dst, walls...) }
		cfg.Obstacles = func(area mathx.AABB, dst []steer.Circle) []steer.Circle { return append(dst, obs...) }
		w := steer.NewCrowd(cfg)
		t.Cleanup(w.Close)
		pid, _ := w.AddPath([]mathx.Vec2{{X: 0, Y: 0}, {X: 30, Y: 0}, {X: 30, Y: 30}}, true)
		rng := mathx.NewRand(9)
		all := []steer.Behaviour{steer.Wandering | steer.Separating | steer.AvoidingWalls, steer.Seeking | steer.Separating | steer.AvoidingWalls,
			steer.Arriving | steer.AvoidingObstacles | steer.Separating, steer.Wandering | steer.Aligning | steer.Cohering,
			steer.FollowingPath | steer.Separating, steer.Pursuing | steer.Evading | steer.Wandering}
		for k := 0; k < 3000; k++ {
			a := newAgent(rng.InCircle(70), all[k%len(all)])
			a.Target = rng.InCircle(70)
			a.TargetAgent = k/2 - 1
			a.Path = pid
			if _, err := w.Add(a); err != nil {
				t.Fatal(err)
			}
		}
		return w
	}
	ref := mk(1)
	others := []*steer.Crowd{mk(2), mk(3)}
	for step := 0; step < 40; step++ {
		for _, w := range append([]*steer.Crowd{ref}, others...) {
			if err := w.Step(1.0 / 60); err != nil {
				t.Fatal(err)
			}
		}
		for k, w := range others {
			if w.Stats() != ref.Stats() {
				t.Fatalf("step %d, %d workers: stats %+v, one worker %+v", step, k+2, w.Stats(), ref.Stats())
			}
			for i := 0; i < ref.Len(); i++ {
				if w.Pos(i) != ref.Pos(i) || w.Vel(i) != ref.Vel(i) || w.Force(i) != ref.Force(i) || w.PathIndex(i) != ref.PathIndex(i) {
					t.Fatalf("step %d, %d workers: agent %d at %v, one worker %v", step, k+2, i, w.Pos(i), ref.Pos(i))
				}
			}
		}
	}
	if ref.Stats().Pairs == 0 {
		t.Fatal("no neighbour pairs tested")
	}
	if n := testenv.AllocsOver(5, func() { others[0].Step(1.0 / 60) }); n != 0 {
		t.Fatalf("a 2-worker Step allocated %d times", n)
	}
}
