package steer_test

import (
	"math"
	"testing"

	"diorama/ai/steer"
	"diorama/mathx"
)

// Seed 001: a ship reaches a target moving on an ellipse among planets
// moving on ellipses without touching any, from several starts; the same
// flight with the pushes switched off would have hit a planet, so the
// avoidance is what keeps it clear.
func TestPushPullReachesMovingTargetWithoutTouching(t *testing.T) {
	s := newSolarSystem()
	const radius, speed, dt = 4.0, 30.0, 1.0 / 60
	starts := []mathx.Vec2{mathx.V2(-320, -40), mathx.V2(300, 250), mathx.V2(0, -300), mathx.V2(-60, 80)}
	for _, st := range starts {
		arrived, gap, track := s.fly(st, radius, speed, dt, 60*120)
		if arrived < 0 {
			t.Errorf("start %v: never arrived", st)
			continue
		}
		if !(gap > 0) {
			t.Errorf("start %v: touched a planet (min gap %g)", st, gap)
		}
		// Determinism: a second run is identical.
		a2, g2, tr2 := s.fly(st, radius, speed, dt, 60*120)
		if a2 != arrived || g2 != gap || tr2[len(tr2)-1] != track[len(track)-1] {
			t.Errorf("start %v: second run differs", st)
		}
		// Arrival is real: the last position is within ArriveDist of the target.
		tgt := s.target.at(float64(arrived) * dt)
		if d := track[len(track)-1].Dist(tgt); d > steer.DefaultSwarm().ArriveDist {
			t.Errorf("start %v: arrived at distance %g", st, d)
		}
	}
	// Without pushes (pure pull) the first start flies into a planet.
	noPush := s
	noPush.planets = nil
	_, _, track := noPush.fly(starts[0], radius, speed, dt, 60*120)
	hit := false
	for tick, p := range track {
		for _, o := range s.planets {
			if p.Dist(o.at(float64(tick)*dt)) < o.R+radius {
				hit = true
			}
		}
	}
	if !hit {
		t.Fatal("scenario too easy: the straight chase touches nothing")
	}
}

func TestPushPullRules(t *testing.T) {
	p := steer.DefaultSwarm()
	// No obstacle: unit pull toward the target.
	d, arrived := steer.PushPull(mathx.V2(0, 0), 1, mathx.V2(10, 0), nil, p)
	if arrived || d != mathx.V2(1, 0) {
		t.Fatalf("pull only: %v %v", d, arrived)
	}
	// Within ArriveDist: arrived, zero direction.
	d, arrived = steer.PushPull(mathx.V2(0, 0), 1, mathx.V2(0.5, 0.5), nil, p)
	if !arrived || d != (mathx.Vec2{}) {
		t.Fatalf("arrive: %v %v", d, arrived)
	}
	// One obstacle below at gap 1 (< 3 radii): push = (0,5)/1, pull = (1,0)*4.
	obs := []steer.Circle{{C: mathx.V2(0, -5), R: 3}}
	d, _ = steer.PushPull(mathx.V2(0, 0), 1, mathx.V2(10, 0), obs, p)
	want := mathx.V2(4, 5).Unit()
	if !d.ApproxEqual(want, 1e-12) {
		t.Fatalf("push/pull = %v, want %v", d, want)
	}
	// Out of range (gap 3 = 3 radii): ignored.
	obs[0].R = 1
	d, _ = steer.PushPull(mathx.V2(0, 0), 1, mathx.V2(10, 0), obs, p)
	if d != mathx.V2(1, 0) {
		t.Fatalf("out of range obstacle pushed: %v", d)
	}
	// Overlapping obstacle: the gap is clamped to MinGap, result finite.
	obs[0] = steer.Circle{C: mathx.V2(0, -1), R: 3}
	d, _ = steer.PushPull(mathx.V2(0, 0), 1, mathx.V2(10, 0), obs, p)
	if !d.IsFinite() || math.Abs(d.Len()-1) > 1e-12 || d.Y <= 0.99 {
		t.Fatalf("overlap push = %v", d)
	}
}
