package steer_test

import (
	"math"

	"diorama/ai/steer"
	"diorama/mathx"
)

// orbit is a body moving on an ellipse centred at C with semi-axes A, B,
// angular rate W (rad/s) and phase P.
type orbit struct {
	C          mathx.Vec2
	A, B, W, P float64
	R          float64
}

func (o orbit) at(t float64) mathx.Vec2 {
	s, c := math.Sincos(o.P + o.W*t)
	return mathx.V2(o.C.X+o.A*c, o.C.Y+o.B*s)
}

// solarSystem is seed 001's setting: a sun, planets on ellipses around it
// and a target (a station) on an outer ellipse.
type solarSystem struct {
	planets []orbit
	target  orbit
}

func newSolarSystem() solarSystem {
	return solarSystem{
		planets: []orbit{
			{C: mathx.V2(0, 0), A: 0, B: 0, R: 40}, // the sun
			{C: mathx.V2(10, 0), A: 90, B: 70, W: 0.12, P: 0.3, R: 12},
			{C: mathx.V2(-15, 5), A: 140, B: 110, W: -0.08, P: 2.0, R: 18},
			{C: mathx.V2(20, -10), A: 190, B: 150, W: 0.05, P: 3.5, R: 25},
			{C: mathx.V2(0, 10), A: 240, B: 200, W: 0.035, P: 5.0, R: 16},
			{C: mathx.V2(-20, 0), A: 300, B: 230, W: -0.03, P: 0.9, R: 22},
		},
		target: orbit{C: mathx.V2(0, 0), A: 260, B: 210, W: 0.04, P: 0.2},
	}
}

// fly runs the ship with steer.PushPull from start at speed until it
// arrives or maxTicks pass; it returns the tick of arrival (-1 if never),
// the smallest edge-to-edge gap to any planet seen, and the ship's track.
func (s solarSystem) fly(start mathx.Vec2, radius, speed, dt float64, maxTicks int) (arrived int, minGap float64, track []mathx.Vec2) {
	ship := start
	p := steer.DefaultSwarm()
	obs := make([]steer.Circle, len(s.planets))
	minGap = math.Inf(1)
	for tick := 0; tick < maxTicks; tick++ {
		t := float64(tick) * dt
		for k, o := range s.planets {
			obs[k] = steer.Circle{C: o.at(t), R: o.R}
			if g := ship.Dist(obs[k].C) - o.R - radius; g < minGap {
				minGap = g
			}
		}
		track = append(track, ship)
		dir, done := steer.PushPull(ship, radius, s.target.at(t), obs, p)
		if done {
			return tick, minGap, track
		}
		ship = ship.Add(dir.Scale(speed * dt))
	}
	return -1, minGap, track
}
