package steer

import (
	"math"

	"diorama/mathx"
)

// length is |v| by a plain square root, cheaper than mathx's Hypot-based
// Len in the hot loops; components beyond about 1e154 overflow to +Inf,
// which the callers treat as non-finite.
func length(v mathx.Vec2) float64 { return math.Sqrt(float64(v.X*v.X) + float64(v.Y*v.Y)) }

// unit is v scaled to length 1, or zero when v is zero or not finite.
func unit(v mathx.Vec2) mathx.Vec2 {
	l := length(v)
	if l == 0 || !mathx.IsFinite(l) {
		return mathx.Vec2{}
	}
	return mathx.Vec2{X: v.X / l, Y: v.Y / l}
}
