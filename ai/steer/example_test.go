package steer_test

import (
	"fmt"
	"math"
	"slices"

	"diorama/ai/steer"
	"diorama/mathx"
)

// Seed 001's swarm avoidance: a ship flies to a station moving on an
// ellipse through a system of planets that move on ellipses too. Obstacles
// push, the target pulls, and the ship never touches a planet.
func ExamplePushPull() {
	type body struct{ a, b, w, phase, r float64 } // ellipse about the sun
	planets := []body{{0, 0, 0, 0, 40}, {90, 70, 0.12, 0.3, 12}, {140, 110, -0.08, 2, 18},
		{190, 150, 0.05, 3.5, 25}, {240, 200, 0.035, 5, 16}, {300, 230, -0.03, 0.9, 22}}
	station := body{260, 210, 0.04, 0.2, 0}
	at := func(o body, t float64) mathx.Vec2 {
		s, c := math.Sincos(o.phase + o.w*t)
		return mathx.V2(o.a*c, o.b*s)
	}
	const radius, speed, dt = 4.0, 30.0, 1.0 / 60
	ship := mathx.V2(-320, -40)
	obstacles := make([]steer.Circle, len(planets))
	minGap := math.Inf(1)
	for tick := 0; tick < 60*120; tick++ {
		t := float64(tick) * dt
		for k, p := range planets {
			obstacles[k] = steer.Circle{C: at(p, t), R: p.r}
			minGap = math.Min(minGap, ship.Dist(obstacles[k].C)-p.r-radius)
		}
		dir, arrived := steer.PushPull(ship, radius, at(station, t), obstacles, steer.DefaultSwarm())
		if arrived {
			fmt.Printf("arrived after %.1f s, closest pass %.1f units, touched: %v\n", t, minGap, minGap <= 0)
			return
		}
		ship = ship.Add(dir.Scale(speed * dt))
	}
	fmt.Println("never arrived")
	// Output: arrived after 18.6 s, closest pass 1.9 units, touched: false
}

// Arrive brings an agent to rest on its target without overshooting.
func ExampleArrive() {
	pos, vel := mathx.V2(0, 0), mathx.Vec2{}
	target := mathx.V2(10, 0)
	const dt = 1.0 / 60
	maxX := 0.0
	for tick := 0; tick < 600; tick++ {
		f := steer.Arrive(pos, vel, target, 4, 8, 0.01, dt)
		vel = vel.Add(f.Scale(dt)).ClampLen(4)
		pos = pos.Add(vel.Scale(dt))
		maxX = math.Max(maxX, pos.X)
	}
	fmt.Printf("at %.3f, speed %.3f, never past the target: %v\n", pos.X, vel.Len(), maxX <= target.X)
	// Output: at 10.000, speed 0.000, never past the target: true
}

// A World steps many agents: here a small crowd gathers at a point with
// separation keeping them apart.
func ExampleCrowd() {
	w := steer.NewCrowd(steer.DefaultConfig(1))
	for k := 0; k < 20; k++ {
		p := mathx.V2(float64(k%5)*5, float64(k/5)*5)
		w.Add(steer.Agent{Pos: p, Radius: 1, MaxSpeed: 4, MaxForce: 20,
			Behaviours: steer.Arriving | steer.Separating, Target: mathx.V2(10, 7.5), TargetAgent: -1, Path: -1})
	}
	for tick := 0; tick < 60*10; tick++ {
		w.Step(1.0 / 60)
	}
	worst, far := 0.0, 0.0
	ps := w.Positions()
	for i := range ps {
		far = math.Max(far, ps[i].Dist(mathx.V2(10, 7.5)))
		for j := i + 1; j < len(ps); j++ {
			worst = math.Max(worst, 2-ps[i].Dist(ps[j]))
		}
	}
	fmt.Printf("all within %.0f units of the target, overlap below 1%%: %v\n", math.Ceil(far), worst < 0.01)
	// Output: all within 7 units of the target, overlap below 1%: true
}

// Prioritized combination: avoidance takes what it needs from the force
// budget first; seeking gets only the rest.
func ExampleAccumulator() {
	acc := steer.Accumulator{Mode: steer.Prioritized, Max: 10}
	acc.Add(mathx.V2(0, 8), 1) // avoidance
	acc.Add(mathx.V2(6, 0), 1) // seek, truncated to the remaining 2
	fmt.Println(acc.Force())
	// Output: (2,8)
}

// Feelers against walls: the closest wall a feeler crosses pushes the
// agent back along its normal by the overshoot.
func ExampleWallAvoidance() {
	walls := []steer.Segment{{A: mathx.V2(3, -5), B: mathx.V2(3, 5)}}
	f := steer.WallAvoidance(mathx.V2(0, 0), mathx.V2(1, 0), walls, steer.DefaultFeelers(4))
	fmt.Println(f)
	// Output: (-1,0)
}

// A Grid answers radius queries over many points in near-constant time.
func ExampleBins_Query() {
	pts := []mathx.Vec2{{X: 0, Y: 0}, {X: 1, Y: 0}, {X: 5, Y: 5}, {X: 0.5, Y: 0.5}}
	var g steer.Bins
	g.Build(pts, 2, nil)
	near := g.Query(mathx.V2(0, 0), 1, nil)
	slices.Sort(near)
	fmt.Println(near)
	// Output: [0 1 3]
}

// The force pass on two goroutines (Config.Workers) moves every agent
// exactly as one does, wander included.
func ExampleConfig_workers() {
	run := func(workers int) mathx.Vec2 {
		cfg := steer.DefaultConfig(1)
		cfg.Workers = workers
		w := steer.NewCrowd(cfg)
		defer w.Close()
		for k := 0; k < 2000; k++ {
			p := mathx.V2(float64(k%50)*2.5, float64(k/50)*2.5)
			w.Add(steer.Agent{Pos: p, Radius: 1, MaxSpeed: 4, MaxForce: 20,
				Behaviours: steer.Wandering | steer.Separating, TargetAgent: -1, Path: -1})
		}
		for tick := 0; tick < 60; tick++ {
			w.Step(1.0 / 60)
		}
		return w.Pos(1234)
	}
	fmt.Println(run(1) == run(2))
	// Output: true
}
