package steer

import "diorama/mathx"

// Combine selects how an [Accumulator] adds behaviour forces.
type Combine uint8

const (
	// WeightedSum adds every weighted force and truncates the total to
	// the maximum force. Strong behaviours can outvote avoidance and
	// separation, so crowds squeeze harder than with Prioritized.
	WeightedSum Combine = iota
	// Prioritized adds weighted forces in priority order, each truncated
	// to what is left of the maximum force, and stops when nothing is
	// left (Buckland's "weighted truncated running sum with
	// prioritisation"): lower-priority behaviours only get the budget the
	// higher ones did not use. The budget is spent by each force's
	// magnitude (Buckland spends the magnitude of the running sum, which
	// lets two opposing forces free budget for a third).
	Prioritized
)

// Accumulator combines steering forces under a maximum magnitude. The
// zero value with Max set is ready; reset it by assigning a new value.
type Accumulator struct {
	Mode  Combine
	Max   float64
	force mathx.Vec2
	used  float64
}

// Add adds f scaled by w. Non-finite forces are ignored and reported by a
// false ok. In Prioritized mode it returns more=false once the budget is
// spent, so callers can skip the remaining (lower priority) behaviours.
func (a *Accumulator) Add(f mathx.Vec2, w float64) (more, ok bool) {
	f = f.Scale(w)
	if !f.IsFinite() {
		return a.Mode == WeightedSum || a.used < a.Max, false
	}
	if a.Mode == WeightedSum {
		a.force = a.force.Add(f)
		return true, true
	}
	left := a.Max - a.used
	if left <= 0 {
		return false, true
	}
	f = f.ClampLen(left)
	a.force = a.force.Add(f)
	a.used += length(f)
	return a.used < a.Max*(1-1e-12), true
}

// Force returns the combined force, truncated to Max.
func (a *Accumulator) Force() mathx.Vec2 { return sane(a.force.ClampLen(a.Max)) }
