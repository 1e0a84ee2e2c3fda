package tactics_test

import (
	"math"

	"diorama/mathx"
)

// boxes is a test world of axis-aligned obstacles.
type boxes []mathx.AABB

// ray returns the first fraction along from→to at which a box is hit.
func (bs boxes) ray(from, to mathx.Vec2) (float64, bool) {
	d := to.Sub(from)
	best, hit := math.Inf(1), false
	for _, b := range bs {
		t0, t1 := 0.0, 1.0
		ok := true
		for _, ax := range [2][3]float64{{from.X, d.X, 0}, {from.Y, d.Y, 1}} {
			o, dd := ax[0], ax[1]
			lo, hi := b.Min.X, b.Max.X
			if ax[2] == 1 {
				lo, hi = b.Min.Y, b.Max.Y
			}
			if dd == 0 {
				if o < lo || o > hi {
					ok = false
				}
				continue
			}
			a, c := (lo-o)/dd, (hi-o)/dd
			if a > c {
				a, c = c, a
			}
			t0, t1 = math.Max(t0, a), math.Min(t1, c)
		}
		if ok && t0 <= t1 && t0 < best {
			best, hit = t0, true
		}
	}
	return best, hit
}

func (bs boxes) los(from, to mathx.Vec2) bool { _, hit := bs.ray(from, to); return !hit }

func (bs boxes) open(p mathx.Vec2) bool {
	for _, b := range bs {
		if b.Contains(p) {
			return false
		}
	}
	return true
}
