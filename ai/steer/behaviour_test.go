package steer_test

import (
	"math"
	"testing"

	"diorama/ai/steer"
	"diorama/mathx"
)

// integrate is the World's integrator: semi-implicit Euler with limits.
func integrate(pos, vel, f mathx.Vec2, maxSpeed, dt float64) (mathx.Vec2, mathx.Vec2) {
	vel = vel.Add(f.Scale(dt)).ClampLen(maxSpeed)
	return pos.Add(vel.Scale(dt)), vel
}

// Arrive from rest, head on: the distance to the target never grows (no
// overshoot, no oscillation), the agent ends within tolerance at rest, and
// once inside the tolerance it never leaves.
func TestArriveStopsWithoutOscillation(t *testing.T) {
	const maxSpeed, maxAccel, tol, dt = 5.0, 10.0, 0.01, 1.0 / 60
	target := mathx.V2(3, -2)
	for _, start := range []mathx.Vec2{{X: -100, Y: 40}, {X: 3.5, Y: -2}, {X: 10, Y: 10}, {X: 3, Y: -2.2}} {
		pos, vel := start, mathx.Vec2{}
		prev := pos.Dist(target)
		inside := false
		for tick := 0; tick < 60*60; tick++ {
			f := steer.Arrive(pos, vel, target, maxSpeed, maxAccel, tol, dt)
			if f.Len() > maxAccel*(1+1e-12) {
				t.Fatalf("force %v over limit", f)
			}
			pos, vel = integrate(pos, vel, f, maxSpeed, dt)
			d := pos.Dist(target)
			if d > prev+1e-12 {
				t.Fatalf("start %v tick %d: distance grew %g -> %g", start, tick, prev, d)
			}
			if inside && d > tol {
				t.Fatalf("start %v tick %d: left the tolerance (%g)", start, tick, d)
			}
			inside = inside || d <= tol
			prev = d
		}
		if !inside || vel.Len() > 1e-9 {
			t.Fatalf("start %v: ended at distance %g speed %g", start, prev, vel.Len())
		}
	}
}

// Arrive with an initial sideways or away velocity: it may swing around
// once but settles within tolerance, at rest, and stays.
func TestArriveSettlesFromMotion(t *testing.T) {
	const maxSpeed, maxAccel, tol, dt = 5.0, 10.0, 0.01, 1.0 / 60
	rng := mathx.NewRand(7)
	for trial := 0; trial < 200; trial++ {
		pos := rng.InCircle(50)
		vel := rng.InCircle(maxSpeed)
		target := rng.InCircle(50)
		firstIn, left := -1, false
		for tick := 0; tick < 60*60; tick++ {
			pos, vel = integrate(pos, vel, steer.Arrive(pos, vel, target, maxSpeed, maxAccel, tol, dt), maxSpeed, dt)
			d := pos.Dist(target)
			if d <= tol && firstIn < 0 {
				firstIn = tick
			}
			if firstIn >= 0 && d > tol {
				left = true
			}
		}
		if firstIn < 0 || left || vel.Len() > 1e-9 {
			t.Fatalf("trial %d: firstIn %d left %v speed %g", trial, firstIn, left, vel.Len())
		}
	}
}

func TestSeekFleeValues(t *testing.T) {
	f := steer.Seek(mathx.V2(0, 0), mathx.V2(1, 0), mathx.V2(0, 10), 2)
	if f != mathx.V2(-1, 2) {
		t.Fatalf("seek = %v", f)
	}
	f = steer.Flee(mathx.V2(0, 0), mathx.V2(1, 0), mathx.V2(0, 10), 2, 0)
	if f != mathx.V2(-1, -2) {
		t.Fatalf("flee = %v", f)
	}
	if f = steer.Flee(mathx.V2(0, 0), mathx.V2(1, 0), mathx.V2(0, 10), 2, 5); f != (mathx.Vec2{}) {
		t.Fatalf("flee beyond panic distance = %v", f)
	}
	// Seek at the target brakes.
	if f = steer.Seek(mathx.V2(1, 1), mathx.V2(3, 0), mathx.V2(1, 1), 2); f != mathx.V2(-3, 0) {
		t.Fatalf("seek at target = %v", f)
	}
}

// Pursue leads the target: the predicted point is ahead of it.
func TestPursueEvadePrediction(t *testing.T) {
	// Target 10 ahead on x, moving +y at 2; pursuer speed 3: lookahead 10/5 = 2 s
	// -> predicted (10, 4).
	f := steer.Pursue(mathx.V2(0, 0), mathx.Vec2{}, mathx.V2(10, 0), mathx.V2(0, 2), 3)
	want := mathx.V2(10, 4).Unit().Scale(3)
	if !f.ApproxEqual(want, 1e-12) {
		t.Fatalf("pursue = %v want %v", f, want)
	}
	e := steer.Evade(mathx.V2(0, 0), mathx.Vec2{}, mathx.V2(10, 0), mathx.V2(0, 2), 3, 0)
	if !e.ApproxEqual(want.Neg(), 1e-12) {
		t.Fatalf("evade = %v", e)
	}
	// A faster pursuer catches a straight runner; a seeker that does not
	// lead takes longer.
	catch := func(lead bool) int {
		p, v := mathx.V2(0, -20), mathx.Vec2{}
		q, qv := mathx.V2(0, 0), mathx.V2(3, 0)
		const dt = 1.0 / 30
		for tick := 0; tick < 3000; tick++ {
			var f mathx.Vec2
			if lead {
				f = steer.Pursue(p, v, q, qv, 5)
			} else {
				f = steer.Seek(p, v, q, 5)
			}
			p, v = integrate(p, v, f.ClampLen(20), 5, dt)
			q = q.Add(qv.Scale(dt))
			if p.Dist(q) < 0.5 {
				return tick
			}
		}
		return -1
	}
	lead, plain := catch(true), catch(false)
	if lead < 0 || plain < 0 || lead >= plain {
		t.Fatalf("pursue caught at %d, seek at %d", lead, plain)
	}
}

func TestWanderDeterministicAndBounded(t *testing.T) {
	p := steer.WanderParams{Radius: 2, Distance: 4, Jitter: 0.5}
	run := func() []mathx.Vec2 {
		rng := mathx.NewRand(42)
		pos, vel := mathx.Vec2{}, mathx.V2(1, 0)
		wt := mathx.V2(p.Radius, 0)
		var out []mathx.Vec2
		for i := 0; i < 500; i++ {
			h := vel.Unit()
			f := steer.Wander(pos, vel, h, &wt, p, 3, rng)
			if math.Abs(wt.Len()-p.Radius) > 1e-9 {
				t.Fatalf("wander target left the circle: %v", wt)
			}
			pos, vel = integrate(pos, vel, f.ClampLen(5), 3, 1.0/30)
			out = append(out, pos)
		}
		return out
	}
	a, b := run(), run()
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("wander not deterministic at %d", i)
		}
	}
	// It does wander: the heading turns by more than 90° at some point.
	turned := false
	for i := 2; i < len(a); i++ {
		if a[i].Sub(a[i-1]).Dot(mathx.V2(1, 0)) < 0 {
			turned = true
		}
	}
	if !turned {
		t.Fatal("wander never turned around")
	}
}

func TestFollowPathVisitsWaypointsInOrder(t *testing.T) {
	pts := []mathx.Vec2{{X: 10, Y: 0}, {X: 10, Y: 10}, {X: 0, Y: 10}}
	pos, vel := mathx.Vec2{}, mathx.Vec2{}
	idx := 0
	var order []int
	const dt = 1.0 / 60
	for tick := 0; tick < 60*30; tick++ {
		var f mathx.Vec2
		old := idx
		f, idx = steer.FollowPath(pos, vel, pts, false, idx, 1, 4, 8, 0.01, dt)
		if idx != old {
			order = append(order, idx)
		}
		pos, vel = integrate(pos, vel, f, 4, dt)
	}
	if len(order) != 2 || order[0] != 1 || order[1] != 2 {
		t.Fatalf("waypoint order %v", order)
	}
	if pos.Dist(pts[2]) > 0.01 || vel.Len() > 1e-9 {
		t.Fatalf("did not arrive at the end: %v %v", pos, vel)
	}
	// Looping wraps to 0.
	_, idx = steer.FollowPath(pts[2], mathx.Vec2{}, pts, true, 2, 1, 4, 8, 0.01, dt)
	if idx != 0 {
		t.Fatalf("loop index %d", idx)
	}
}

func TestWallAvoidance(t *testing.T) {
	// Heading +x toward a vertical wall at x = 3; centre feeler of length 4
	// overshoots by 1: force (-1, 0).
	walls := []steer.Segment{{A: mathx.V2(3, -10), B: mathx.V2(3, 10)}}
	f := steer.WallAvoidance(mathx.V2(0, 0), mathx.V2(1, 0), walls, steer.Feelers{Length: 4})
	if !f.ApproxEqual(mathx.V2(-1, 0), 1e-12) {
		t.Fatalf("wall force %v", f)
	}
	// Wall given the other way round: same force (normal faces the agent).
	walls[0] = steer.Segment{A: mathx.V2(3, 10), B: mathx.V2(3, -10)}
	if g := steer.WallAvoidance(mathx.V2(0, 0), mathx.V2(1, 0), walls, steer.Feelers{Length: 4}); g != f {
		t.Fatalf("reversed wall force %v", g)
	}
	// Closest wall wins: a nearer wall at x = 2 overshoots by 2.
	walls = append(walls, steer.Segment{A: mathx.V2(2, -1), B: mathx.V2(2, 1)})
	f = steer.WallAvoidance(mathx.V2(0, 0), mathx.V2(1, 0), walls, steer.Feelers{Length: 4})
	if !f.ApproxEqual(mathx.V2(-2, 0), 1e-12) {
		t.Fatalf("closest wall force %v", f)
	}
	// A side feeler (45°) catches a wall the centre feeler misses.
	walls = []steer.Segment{{A: mathx.V2(-5, 2), B: mathx.V2(5, 2)}}
	f = steer.WallAvoidance(mathx.V2(0, 0), mathx.V2(1, 0), walls, steer.DefaultFeelers(4))
	// Side tip (0.6*4)(cos45, sin45) = (1.697, 1.697): misses y = 2.
	if f != (mathx.Vec2{}) {
		t.Fatalf("short side feeler hit: %v", f)
	}
	f = steer.WallAvoidance(mathx.V2(0, 0), mathx.V2(1, 0), walls, steer.Feelers{Length: 4, SideLength: 4, SideAngle: math.Pi / 4})
	want := 4 - 2*math.Sqrt2 // overshoot along the side feeler
	if !f.ApproxEqual(mathx.V2(0, -want), 1e-12) {
		t.Fatalf("side feeler force %v want (0,%g)", f, -want)
	}
	// Walls with NaN are skipped.
	walls = []steer.Segment{{A: mathx.V2(math.NaN(), 0), B: mathx.V2(3, 1)}}
	if f = steer.WallAvoidance(mathx.V2(0, 0), mathx.V2(1, 0), walls, steer.Feelers{Length: 4}); f != (mathx.Vec2{}) {
		t.Fatalf("NaN wall gave %v", f)
	}
}

func TestObstacleAvoidanceSide(t *testing.T) {
	head := mathx.V2(1, 0)
	// Obstacle ahead, slightly to the right (y < 0): steer left (+y).
	f := steer.ObstacleAvoidance(mathx.V2(0, 0), mathx.V2(1, 0), head, 1, []steer.Circle{{C: mathx.V2(5, -0.5), R: 1}}, 5, 2)
	if !(f.Y > 0) {
		t.Fatalf("expected left force, got %v", f)
	}
	// Mirror: slightly left, steer right.
	g := steer.ObstacleAvoidance(mathx.V2(0, 0), mathx.V2(1, 0), head, 1, []steer.Circle{{C: mathx.V2(5, 0.5), R: 1}}, 5, 2)
	if !g.ApproxEqual(mathx.V2(f.X, -f.Y), 1e-12) {
		t.Fatalf("not mirrored: %v vs %v", f, g)
	}
	// Behind, beside and beyond the box: nothing.
	for _, o := range []steer.Circle{{C: mathx.V2(-3, 0), R: 1}, {C: mathx.V2(3, 2.5), R: 1}, {C: mathx.V2(20, 0), R: 1}} {
		if f := steer.ObstacleAvoidance(mathx.V2(0, 0), mathx.V2(1, 0), head, 1, []steer.Circle{o}, 5, 2); f != (mathx.Vec2{}) {
			t.Fatalf("obstacle %v gave %v", o, f)
		}
	}
	// Closest counts: a far obstacle on the left does not cancel a near one on the right.
	obs := []steer.Circle{{C: mathx.V2(7, 0.5), R: 1}, {C: mathx.V2(3, -0.5), R: 1}}
	if f := steer.ObstacleAvoidance(mathx.V2(0, 0), mathx.V2(1, 0), head, 1, obs, 5, 2); !(f.Y > 0) {
		t.Fatalf("closest rule: %v", f)
	}
}

// Steering agents around an obstacle field with avoidance: none touches
// an obstacle on the way to the goal.
func TestObstacleAvoidanceCourse(t *testing.T) {
	obs := []steer.Circle{{C: mathx.V2(20, 0.3), R: 3}, {C: mathx.V2(40, -1), R: 4}, {C: mathx.V2(60, 2), R: 3}}
	pos, vel := mathx.V2(0, 0), mathx.V2(2, 0)
	goal := mathx.V2(80, 0)
	const dt = 1.0 / 60
	for tick := 0; tick < 60*60; tick++ {
		acc := steer.Accumulator{Mode: steer.Prioritized, Max: 20}
		h := vel.Unit()
		acc.Add(steer.ObstacleAvoidance(pos, vel, h, 1, obs, 4, 5), 10)
		acc.Add(steer.Arrive(pos, vel, goal, 5, 20, 0.05, dt), 1)
		pos, vel = integrate(pos, vel, acc.Force(), 5, dt)
		for _, o := range obs {
			if pos.Dist(o.C) < o.R+1 {
				t.Fatalf("tick %d: touched obstacle %v at %v", tick, o, pos)
			}
		}
	}
	if pos.Dist(goal) > 0.05 {
		t.Fatalf("did not reach goal: %v", pos)
	}
}

func TestAccumulator(t *testing.T) {
	// Weighted sum: add all, then truncate.
	a := steer.Accumulator{Mode: steer.WeightedSum, Max: 10}
	a.Add(mathx.V2(3, 0), 2)
	a.Add(mathx.V2(0, 4), 1)
	if a.Force() != mathx.V2(6, 4) {
		t.Fatalf("sum %v", a.Force())
	}
	a.Add(mathx.V2(0, 100), 1)
	if got := a.Force().Len(); math.Abs(got-10) > 1e-12 {
		t.Fatalf("truncated length %g", got)
	}
	// Prioritized: the first force takes 6 of 10, the second gets the
	// remaining 4 (truncated), the third nothing.
	p := steer.Accumulator{Mode: steer.Prioritized, Max: 10}
	if more, _ := p.Add(mathx.V2(6, 0), 1); !more {
		t.Fatal("budget left")
	}
	if more, _ := p.Add(mathx.V2(0, 9), 1); more {
		t.Fatal("budget should be spent")
	}
	if more, _ := p.Add(mathx.V2(100, 0), 1); more {
		t.Fatal("still spent")
	}
	if p.Force() != mathx.V2(6, 4) {
		t.Fatalf("prioritized %v", p.Force())
	}
	// NaN forces are refused and reported.
	q := steer.Accumulator{Mode: steer.WeightedSum, Max: 10}
	if _, ok := q.Add(mathx.V2(math.NaN(), 0), 1); ok {
		t.Fatal("NaN accepted")
	}
	if q.Force() != (mathx.Vec2{}) {
		t.Fatalf("NaN leaked: %v", q.Force())
	}
}

// Every behaviour function returns a finite force for NaN or infinite
// inputs (zero, as documented).
func TestBehavioursNeverReturnNaN(t *testing.T) {
	nan, inf := math.NaN(), math.Inf(1)
	bad := []mathx.Vec2{{X: nan, Y: 0}, {X: 0, Y: inf}, {X: -inf, Y: nan}}
	ok := mathx.V2(1, 2)
	rng := mathx.NewRand(1)
	check := func(name string, f mathx.Vec2) {
		t.Helper()
		if !f.IsFinite() {
			t.Fatalf("%s returned %v", name, f)
		}
	}
	for _, b := range bad {
		for k := 0; k < 3; k++ {
			v := [3]mathx.Vec2{ok, ok, ok}
			v[k] = b
			check("Seek", steer.Seek(v[0], v[1], v[2], 3))
			check("Flee", steer.Flee(v[0], v[1], v[2], 3, 10))
			check("Arrive", steer.Arrive(v[0], v[1], v[2], 3, 5, 0.1, 0.1))
			check("Pursue", steer.Pursue(v[0], v[1], v[2], ok, 3))
			check("Evade", steer.Evade(v[0], v[1], v[2], ok, 3, 0))
			wt := v[2]
			check("Wander", steer.Wander(v[0], v[1], v[1], &wt, steer.WanderParams{Radius: 1, Distance: 2, Jitter: 0.1}, 3, rng))
			if !wt.IsFinite() {
				t.Fatalf("wander target %v", wt)
			}
			f, _ := steer.FollowPath(v[0], v[1], []mathx.Vec2{v[2]}, false, 0, 1, 3, 5, 0.1, 0.1)
			check("FollowPath", f)
			check("WallAvoidance", steer.WallAvoidance(v[0], v[1], []steer.Segment{{A: v[2], B: ok.Scale(3)}}, steer.DefaultFeelers(4)))
			check("ObstacleAvoidance", steer.ObstacleAvoidance(v[0], v[1], v[1], 1, []steer.Circle{{C: v[2], R: 1}}, 4, 3))
			d, _ := steer.PushPull(v[0], 1, v[1], []steer.Circle{{C: v[2], R: 1}}, steer.DefaultSwarm())
			check("PushPull", d)
		}
	}
	// Non-finite scalars too.
	check("Seek speed", steer.Seek(ok, ok, mathx.V2(5, 5), nan))
	check("Arrive dt", steer.Arrive(ok, ok, mathx.V2(5, 5), 3, 5, 0.1, nan))
	check("Arrive accel", steer.Arrive(ok, ok, mathx.V2(5, 5), 3, inf, 0.1, 0.1))
	check("ObstacleAvoidance radius", steer.ObstacleAvoidance(ok, ok, mathx.V2(1, 0), nan, []steer.Circle{{C: mathx.V2(3, 2), R: 1}}, 4, 3))
	d, _ := steer.PushPull(ok, nan, mathx.V2(9, 9), []steer.Circle{{C: mathx.V2(3, 2), R: 1}}, steer.DefaultSwarm())
	check("PushPull radius", d)
}
