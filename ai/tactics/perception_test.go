package tactics_test

import (
	"math"
	"testing"

	"diorama/ai/tactics"
	"diorama/mathx"
)

func TestSightCone(t *testing.T) {
	s := tactics.Senses{FOV: mathx.Deg(90), SightRange: 10}
	self, face := mathx.V2(0, 0), mathx.V2(1, 0)
	cases := []struct {
		p    mathx.Vec2
		want bool
	}{
		{mathx.V2(5, 0), true},
		{mathx.V2(5, 4.9), true},   // 44.4°
		{mathx.V2(5, 5.1), false},  // 45.6°
		{mathx.V2(-1, 0), false},   // behind
		{mathx.V2(9.9, 0), true},   // in range
		{mathx.V2(10.1, 0), false}, // out of range
		{mathx.V2(0, 0), true},     // itself
		{mathx.V2(math.NaN(), 0), false},
	}
	for _, c := range cases {
		if got := s.InCone(self, face, c.p); got != c.want {
			t.Errorf("InCone(%v) = %v", c.p, got)
		}
	}
	// Line of sight blocks the view.
	wall := boxes{{Min: mathx.V2(2, -1), Max: mathx.V2(3, 1)}}
	if s.CanSee(self, face, mathx.V2(5, 0), wall.los) {
		t.Error("saw through a wall")
	}
	if !s.CanSee(self, face, mathx.V2(5, 3), wall.los) {
		t.Error("did not see past the wall's end")
	}
	// All-round vision.
	s.FOV = 2 * math.Pi
	if !s.InCone(self, face, mathx.V2(-5, 0)) {
		t.Error("2π FOV does not see behind")
	}
}

func TestHearing(t *testing.T) {
	s := tactics.Senses{HearingRange: 8}
	if !s.CanHear(mathx.V2(0, 0), mathx.V2(8, 0), 1) || s.CanHear(mathx.V2(0, 0), mathx.V2(8.1, 0), 1) {
		t.Error("hearing range")
	}
	if !s.CanHear(mathx.V2(0, 0), mathx.V2(15, 0), 2) {
		t.Error("loud sound not heard at 15")
	}
	if s.CanHear(mathx.V2(0, 0), mathx.V2(1, 0), math.NaN()) || s.CanHear(mathx.V2(0, 0), mathx.V2(1, 0), 0) {
		t.Error("NaN or silent sound heard")
	}
}

func TestAwarenessReactionAndMemory(t *testing.T) {
	s := tactics.Senses{ReactionTicks: 3, MemoryTicks: 2}
	var a tactics.Awareness
	// A 3-tick glimpse is not enough; a gap restarts the count.
	script := []bool{true, true, true, false, true, true, true, true, false, false, false, true}
	want := []bool{false, false, false, false, false, false, false, true, true, true, false, false}
	for i, in := range script {
		if got := a.Update(s, in, mathx.V2(float64(i), 0)); got != want[i] {
			t.Fatalf("tick %d: aware %v want %v", i, got, want[i])
		}
	}
	if a.LastKnown() != mathx.V2(11, 0) {
		t.Fatalf("last known %v", a.LastKnown())
	}
	// ReactionTicks 0: aware at once. NaN stimuli do not count.
	var b tactics.Awareness
	if b.Update(tactics.Senses{}, true, mathx.V2(math.NaN(), 0)) {
		t.Fatal("NaN stimulus counted")
	}
	if !b.Update(tactics.Senses{}, true, mathx.V2(1, 1)) {
		t.Fatal("no reaction delay but not aware")
	}
	for _, bad := range []tactics.Senses{{FOV: 7}, {SightRange: -1}, {HearingRange: math.Inf(1)}, {ReactionTicks: -1}} {
		if bad.Validate() == nil {
			t.Errorf("%+v validated", bad)
		}
	}
	if (tactics.Senses{FOV: 1, SightRange: 5, HearingRange: 3, ReactionTicks: 2}).Validate() != nil {
		t.Error("good senses rejected")
	}
}
