package steer_test

import (
	"math"
	"testing"

	"diorama/ai/steer"
	"diorama/mathx"
)

// sixAgents builds a crowd of six separating, wall-free agents, agent 2
// pursuing agent 5 and agent 3 evading agent 1.
func sixAgents(t *testing.T) *steer.Crowd {
	t.Helper()
	c := steer.NewCrowd(steer.DefaultConfig(0.3))
	for k := 0; k < 6; k++ {
		a := steer.Agent{Pos: mathx.V2(float64(k%3), float64(k/3)), Radius: 0.3, MaxSpeed: 2, MaxForce: 8,
			Behaviours: steer.Separating | steer.Arriving, Target: mathx.V2(1, 0.5), TargetAgent: -1, Path: -1}
		if _, err := c.Add(a); err != nil {
			t.Fatal(err)
		}
	}
	if err := c.SetTargetAgent(2, 5); err != nil {
		t.Fatal(err)
	}
	if err := c.SetTargetAgent(3, 1); err != nil {
		t.Fatal(err)
	}
	return c
}

// TestCrowdRemove: Remove swaps the last agent into the hole, remaps the
// agents that targeted the moved or removed one, and the crowd then steps
// bit for bit like one built in the new order.
func TestCrowdRemove(t *testing.T) {
	c := sixAgents(t)
	want := c.Agent(5)
	moved, err := c.Remove(1)
	if err != nil || moved != 5 {
		t.Fatalf("Remove(1) = %d, %v; want 5, nil", moved, err)
	}
	if c.Len() != 5 {
		t.Fatalf("Len %d after Remove, want 5", c.Len())
	}
	got := c.Agent(1)
	want.TargetAgent = got.TargetAgent // compared below
	if got != want {
		t.Fatalf("agent 1 after Remove is %+v, want the old agent 5 %+v", got, want)
	}
	if ta := c.Agent(2).TargetAgent; ta != 1 {
		t.Errorf("agent 2 pursued agent 5, now at 1; its target is %d", ta)
	}
	if ta := c.Agent(3).TargetAgent; ta != -1 {
		t.Errorf("agent 3 evaded the removed agent 1; its target is %d, want -1", ta)
	}
	if _, err := c.Remove(5); err == nil {
		t.Error("Remove(5) of 5 agents: no error")
	}
	if m, err := c.Remove(4); err != nil || m != 4 {
		t.Fatalf("Remove(last) = %d, %v; want 4, nil", m, err)
	}

	// The same agents added in the resulting order step identically.
	ref := steer.NewCrowd(steer.DefaultConfig(0.3))
	for i := 0; i < c.Len(); i++ {
		a := c.Agent(i)
		a.TargetAgent = -1
		if _, err := ref.Add(a); err != nil {
			t.Fatal(err)
		}
	}
	_ = ref.SetTargetAgent(2, 1)
	for k := 0; k < 60; k++ {
		if err := c.Step(1.0 / 60); err != nil {
			t.Fatal(err)
		}
		_ = ref.Step(1.0 / 60)
	}
	for i := 0; i < c.Len(); i++ {
		if c.Pos(i) != ref.Pos(i) || c.Vel(i) != ref.Vel(i) {
			t.Fatalf("agent %d at %v %v, the rebuilt crowd's at %v %v", i, c.Pos(i), c.Vel(i), ref.Pos(i), ref.Vel(i))
		}
	}
	// Removing everything leaves an empty crowd that still steps.
	for c.Len() > 0 {
		if _, err := c.Remove(0); err != nil {
			t.Fatal(err)
		}
	}
	if err := c.Step(1.0 / 60); err != nil {
		t.Fatal(err)
	}
}

// TestCrowdSetPos: SetPos then Step is bit for bit Set with the same
// position and the agent's own velocity then Step (the way a world that
// owns positions used to hand them over), and unlike Set it keeps a path
// follower's progress.
func TestCrowdSetPos(t *testing.T) {
	a, b := sixAgents(t), sixAgents(t)
	for k := 0; k < 90; k++ {
		for i := 0; i < a.Len(); i++ {
			p := a.Pos(i).Add(mathx.V2(0.01, -0.02)) // an outside push (physics)
			ag := a.Agent(i)
			ag.Pos = p
			if err := a.Set(i, ag); err != nil {
				t.Fatal(err)
			}
			b.SetPos(i, p)
		}
		_ = a.Step(1.0 / 60)
		_ = b.Step(1.0 / 60)
	}
	for i := 0; i < a.Len(); i++ {
		if a.Pos(i) != b.Pos(i) || a.Vel(i) != b.Vel(i) {
			t.Fatalf("agent %d: Set gives %v %v, SetPos %v %v", i, a.Pos(i), a.Vel(i), b.Pos(i), b.Vel(i))
		}
	}

	c := steer.NewCrowd(steer.DefaultConfig(0.3))
	path, _ := c.AddPath([]mathx.Vec2{{X: 1}, {X: 2}, {X: 3}, {X: 4}}, false)
	i, _ := c.Add(steer.Agent{Radius: 0.3, MaxSpeed: 2, MaxForce: 8, Behaviours: steer.FollowingPath, TargetAgent: -1, Path: path})
	for k := 0; k < 60 && c.PathIndex(i) < 2; k++ {
		_ = c.Step(1.0 / 60)
	}
	idx := c.PathIndex(i)
	if idx < 2 {
		t.Fatalf("path follower still at waypoint %d after a second", idx)
	}
	c.SetPos(i, c.Pos(i))
	if c.PathIndex(i) != idx {
		t.Fatalf("SetPos restarted the path: waypoint %d, was %d", c.PathIndex(i), idx)
	}
}

// TestAgentsKeepIndicesAcrossSteps: a Step keeps its agents in the order
// of its grid internally; every agent must still answer by its own index
// (each has its own max speed as a tag), Positions must agree with Pos,
// and a pursuer must follow its target agent, across Steps and a Remove
// that swaps the last agent in.
func TestAgentsKeepIndicesAcrossSteps(t *testing.T) {
	c := steer.NewCrowd(steer.DefaultConfig(0.3))
	const n = 300
	var r mathx.Rand
	r.Seed(9)
	for k := 0; k < n; k++ {
		// Scattered, so the grid's order is far from the index order.
		a := steer.Agent{Pos: mathx.V2(r.Float64()*20, r.Float64()*20), Radius: 0.3,
			MaxSpeed: 1 + float64(k)/1000, MaxForce: 8,
			Behaviours: steer.Separating | steer.Wandering, TargetAgent: -1, Path: -1}
		if _, err := c.Add(a); err != nil {
			t.Fatal(err)
		}
	}
	tag := func(i int) int { return int(math.Round((c.Agent(i).MaxSpeed - 1) * 1000)) }
	check := func(when string, want func(i int) int) {
		t.Helper()
		pos := c.Positions()
		if len(pos) != c.Len() {
			t.Fatalf("%s: %d positions for %d agents", when, len(pos), c.Len())
		}
		for i := 0; i < c.Len(); i++ {
			if got := tag(i); got != want(i) {
				t.Fatalf("%s: agent %d is agent %d's state", when, i, got)
			}
			if pos[i] != c.Pos(i) || pos[i] != c.Agent(i).Pos {
				t.Fatalf("%s: agent %d at %v, Pos %v", when, i, pos[i], c.Pos(i))
			}
		}
	}
	for k := 0; k < 20; k++ {
		if err := c.Step(1.0 / 60); err != nil {
			t.Fatal(err)
		}
	}
	check("after 20 steps", func(i int) int { return i })
	// Agent 7 pursues agent 250; agent 3 goes, agent n-1 takes index 3.
	if err := c.SetTargetAgent(7, 250); err != nil {
		t.Fatal(err)
	}
	c.SetBehaviours(7, steer.Pursuing)
	if moved, err := c.Remove(3); err != nil || moved != n-1 {
		t.Fatalf("Remove: %d, %v", moved, err)
	}
	for k := 0; k < 60; k++ {
		if err := c.Step(1.0 / 60); err != nil {
			t.Fatal(err)
		}
	}
	check("after Remove and 60 steps", func(i int) int {
		if i == 3 {
			return n - 1
		}
		return i
	})
	if c.Agent(7).TargetAgent != 250 {
		t.Fatalf("pursuer's target is %d", c.Agent(7).TargetAgent)
	}
	// Agent 250 arrives where it is and stays: the pursuer must get to it
	// (pursuing whichever agent sits in 250's storage slot would not).
	if err := c.SetTarget(250, c.Pos(250)); err != nil {
		t.Fatal(err)
	}
	c.SetBehaviours(250, steer.Arriving)
	for k := 0; k < 1800; k++ {
		_ = c.Step(1.0 / 60)
	}
	if d := c.Pos(7).Dist(c.Pos(250)); !(d < 1.5) {
		t.Fatalf("pursuer is %.3f from agent 250 after 30 s", d)
	}
}
