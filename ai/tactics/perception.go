package tactics

import (
	"fmt"
	"math"

	"diorama/mathx"
)

// Senses describe what an agent can perceive: field of view, reaction
// time and hearing, with the caller's values.
type Senses struct {
	// FOV is the full opening angle of the sight cone in radians (2π sees
	// all around).
	FOV float64
	// SightRange is how far the agent sees.
	SightRange float64
	// HearingRange is how far a sound of loudness 1 carries.
	HearingRange float64
	// ReactionTicks is how many consecutive ticks a stimulus must last
	// before the agent becomes aware (0: at once).
	ReactionTicks int
	// MemoryTicks is how long the agent stays aware after the last
	// stimulus.
	MemoryTicks int
}

// Validate reports senses that cannot work: negative or non-finite
// ranges, an FOV outside [0, 2π], negative tick counts.
func (s Senses) Validate() error {
	switch {
	case !(s.FOV >= 0 && s.FOV <= 2*math.Pi):
		return fmt.Errorf("tactics: FOV %v outside [0, 2π]", s.FOV)
	case !(s.SightRange >= 0) || !mathx.IsFinite(s.SightRange):
		return fmt.Errorf("tactics: sight range %v invalid", s.SightRange)
	case !(s.HearingRange >= 0) || !mathx.IsFinite(s.HearingRange):
		return fmt.Errorf("tactics: hearing range %v invalid", s.HearingRange)
	case s.ReactionTicks < 0 || s.MemoryTicks < 0:
		return fmt.Errorf("tactics: reaction %d or memory %d ticks negative", s.ReactionTicks, s.MemoryTicks)
	}
	return nil
}

// InCone reports whether target lies within the sight cone: within
// SightRange of self and within FOV/2 of the facing direction (a unit
// vector). The agent's own position is in its cone. Non-finite input is
// never in the cone.
func (s Senses) InCone(self, facing, target mathx.Vec2) bool {
	if !self.IsFinite() || !facing.IsFinite() || !target.IsFinite() {
		return false
	}
	to := target.Sub(self)
	d2 := to.LenSq()
	if d2 > s.SightRange*s.SightRange {
		return false
	}
	if d2 == 0 || s.FOV >= 2*math.Pi {
		return true
	}
	h := facing.Unit()
	if h == (mathx.Vec2{}) {
		return false
	}
	// Compare cosines: angle <= FOV/2  ⇔  cos(angle) >= cos(FOV/2).
	return to.Dot(h) >= mathx.Cos(s.FOV/2)*math.Sqrt(d2)
}

// CanSee reports whether target is in the sight cone and los says
// nothing blocks the view (los may be nil: open ground).
func (s Senses) CanSee(self, facing, target mathx.Vec2, los LineOfSight) bool {
	return s.InCone(self, facing, target) && (los == nil || los(self, target))
}

// CanHear reports whether a sound of the given loudness (1 = normal)
// made at src reaches self: within HearingRange·loudness. Walls do not
// muffle sound. Non-finite input is never heard.
func (s Senses) CanHear(self, src mathx.Vec2, loudness float64) bool {
	if !self.IsFinite() || !src.IsFinite() || !(loudness > 0) || !mathx.IsFinite(loudness) {
		return false
	}
	r := s.HearingRange * loudness
	return self.DistSq(src) <= r*r
}

// Awareness turns per-tick stimuli into awareness with a reaction delay
// and a memory, both counted in ticks: the agent becomes aware on the
// (ReactionTicks+1)-th consecutive tick with a stimulus (a gap restarts
// the count), so ReactionTicks is the delay in ticks; once
// aware, it stays aware until MemoryTicks ticks pass without stimulus, and
// it remembers where the stimulus was last sensed. The zero value is an
// unaware agent.
type Awareness struct {
	streak    int // consecutive ticks with a stimulus, while unaware
	quiet     int // ticks without stimulus, while aware
	aware     bool
	lastKnown mathx.Vec2
}

// Update feeds one tick: sensed says whether a stimulus was perceived this
// tick (seen or heard) and where. It returns whether the agent is aware
// after this tick. A non-finite where is treated as no stimulus.
func (a *Awareness) Update(s Senses, sensed bool, where mathx.Vec2) bool {
	if sensed && !where.IsFinite() {
		sensed = false
	}
	if sensed {
		a.lastKnown = where
		a.quiet = 0
		if !a.aware {
			a.streak++
			if a.streak > s.ReactionTicks {
				a.aware = true
				a.streak = 0
			}
		}
		return a.aware
	}
	a.streak = 0
	if a.aware {
		a.quiet++
		if a.quiet > s.MemoryTicks {
			a.aware = false
			a.quiet = 0
		}
	}
	return a.aware
}

// Aware reports the state after the last Update.
func (a *Awareness) Aware() bool { return a.aware }

// LastKnown returns where the stimulus was last sensed.
func (a *Awareness) LastKnown() mathx.Vec2 { return a.lastKnown }
