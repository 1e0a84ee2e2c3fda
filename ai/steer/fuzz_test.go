package steer_test

import (
	"math"
	"testing"

	"diorama/ai/steer"
	"diorama/mathx"
)

// FuzzBehavioursFinite feeds arbitrary numbers (NaN, ±Inf, huge, tiny) to
// every behaviour and to a World, and checks that nothing non-finite
// comes out: forces are finite, agents either stay finite or are flagged.
func FuzzBehavioursFinite(f *testing.F) {
	f.Add(0.0, 0.0, 1.0, 0.0, 5.0, 5.0, 3.0, 1.0)
	f.Add(math.NaN(), 1.0, math.Inf(1), -2.0, 1e308, -1e308, 0.0, 0.5)
	f.Add(1e-300, 1e-300, 0.0, 0.0, 0.0, 0.0, math.Inf(-1), 2.0)
	f.Fuzz(func(t *testing.T, px, py, vx, vy, tx, ty, speed, r float64) {
		pos, vel, tgt := mathx.V2(px, py), mathx.V2(vx, vy), mathx.V2(tx, ty)
		head := vel.Unit()
		rng := mathx.NewRand(1)
		wt := mathx.V2(r, 0)
		obs := []steer.Circle{{C: tgt, R: r}}
		walls := []steer.Segment{{A: tgt, B: pos.Add(mathx.V2(1, 1))}}
		fs := []mathx.Vec2{
			steer.Seek(pos, vel, tgt, speed),
			steer.Flee(pos, vel, tgt, speed, r),
			steer.Arrive(pos, vel, tgt, speed, r, 0.1, 1.0/60),
			steer.Pursue(pos, vel, tgt, vel, speed),
			steer.Evade(pos, vel, tgt, vel, speed, r),
			steer.Wander(pos, vel, head, &wt, steer.WanderParams{Radius: r, Distance: speed, Jitter: r}, speed, rng),
			steer.WallAvoidance(pos, head, walls, steer.DefaultFeelers(speed)),
			steer.ObstacleAvoidance(pos, vel, head, r, obs, speed, speed),
		}
		d, _ := steer.PushPull(pos, r, tgt, obs, steer.DefaultSwarm())
		fs = append(fs, d)
		fp, _ := steer.FollowPath(pos, vel, []mathx.Vec2{tgt, pos}, false, 0, r, speed, speed, 0.1, 1.0/60)
		fs = append(fs, fp)
		for k, f := range fs {
			if !f.IsFinite() {
				t.Fatalf("behaviour %d returned %v", k, f)
			}
		}
		// A World either refuses the agent or keeps it finite / flagged.
		w := steer.NewCrowd(steer.DefaultConfig(1))
		id, err := w.Add(steer.Agent{Pos: pos, Vel: vel, Radius: math.Abs(r), MaxSpeed: math.Abs(speed), MaxForce: 10,
			Behaviours: steer.Seeking | steer.Separating | steer.Wandering, Target: tgt, TargetAgent: -1, Path: -1})
		if err != nil {
			return
		}
		w.Add(steer.Agent{Pos: tgt, Radius: 1, MaxSpeed: 1, MaxForce: 1, Behaviours: steer.Separating, TargetAgent: -1, Path: -1})
		for k := 0; k < 3; k++ {
			w.Step(1.0 / 60)
		}
		if !w.Faulted(id) && (!w.Pos(id).IsFinite() || !w.Vel(id).IsFinite()) {
			t.Fatalf("unflagged non-finite agent: %v %v", w.Pos(id), w.Vel(id))
		}
		if !w.Force(id).IsFinite() {
			t.Fatalf("force %v", w.Force(id))
		}
	})
}
