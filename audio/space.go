package audio

import (
	"fmt"
	"math"
)

// Space is the distance model of positional voices ([Mixer.PlayAt]), in
// screen-space pixels from the listener (iso screen coordinates: what the
// player sees as near is near). Zero fields take the defaults.
//
// With d the distance and dx the horizontal offset:
//
//	gain = 1                                   d ≤ Near
//	gain = (Near/d) · (Far−d)/(Far−Near)       Near < d < Far
//	gain = 0                                   d ≥ Far
//	pan  = clamp(dx / PanWidth, −1, 1)
//
// The first factor is the inverse-distance law (OpenAL's "inverse
// distance clamped" with rolloff 1); the second brings it to silence at
// Far without a step. Every operation is rounded explicitly, so the gains
// are the same on every CPU.
type Space struct {
	Near     float64 // full volume within this distance (default 96)
	Far      float64 // silent from this distance (default 960)
	PanWidth float64 // horizontal offset panned fully to one side (default 480)
}

// Defaults for [Space].
const (
	DefaultNear     = 96
	DefaultFar      = 960
	DefaultPanWidth = 480
)

func (s Space) orDefault() (Space, error) {
	if s.Near == 0 {
		s.Near = DefaultNear
	}
	if s.Far == 0 {
		s.Far = DefaultFar
	}
	if s.PanWidth == 0 {
		s.PanWidth = DefaultPanWidth
	}
	if !(s.Near > 0) || !(s.Far > s.Near) || !(s.PanWidth > 0) || math.IsInf(s.Far, 0) || math.IsInf(s.PanWidth, 0) {
		return s, fmt.Errorf("audio: Space{Near: %g, Far: %g, PanWidth: %g}: want 0 < Near < Far and PanWidth > 0, finite", s.Near, s.Far, s.PanWidth)
	}
	return s, nil
}

// Gain returns the gain and pan of a voice at offset (dx, dy) from the
// listener, as the model says.
func (s Space) Gain(dx, dy float64) (gain, pan float64) {
	s, err := s.orDefault()
	if err != nil {
		return 0, 0
	}
	return s.gainPan(dx, dy)
}

func (s Space) gainPan(dx, dy float64) (gain, pan float64) {
	if dx != dx || dy != dy {
		return 0, 0
	}
	d := math.Sqrt(float64(dx*dx) + float64(dy*dy))
	switch {
	case d <= s.Near:
		gain = 1
	case d >= s.Far:
		gain = 0
	default:
		gain = float64(s.Near/d) * float64(float64(s.Far-d)/float64(s.Far-s.Near))
	}
	return gain, clamp(float64(dx/s.PanWidth), -1, 1)
}
