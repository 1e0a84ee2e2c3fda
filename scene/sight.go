package scene

import (
	"math"

	"diorama/mathx"
	"diorama/physics"
)

// LineOfSight reports whether the straight line from a to b (world x, y)
// is clear of walls and solid objects; characters, pickups and triggers
// do not block sight.
func (w *World) LineOfSight(a, b mathx.Vec2) bool { return w.sightExcept(a, b, physics.BodyID{}) }

// sightExcept is LineOfSight with the body except not blocking (a solid
// object seen from outside is not hidden by itself).
func (w *World) sightExcept(a, b mathx.Vec2, except physics.BodyID) bool {
	w.rayBuf = w.Phys.RayCastAll(a, b, physics.QueryFilter{}, w.rayBuf[:0])
	for _, h := range w.rayBuf {
		if h.Body.IsNil() || h.Body != except && w.Phys.Type(h.Body) == physics.Static {
			return false
		}
	}
	return true
}

// FindCover returns the walkable tile centre nearest to from (within
// maxDist world units) that threat cannot see (LineOfSight), and false
// when there is none: where a unit hides to reload.
func (w *World) FindCover(from, threat mathx.Vec2, maxDist float64) (mathx.Vec2, bool) {
	n, err := w.Nav()
	if err != nil || !(maxDist > 0) {
		return mathx.Vec2{}, false
	}
	r := int(math.Ceil(math.Min(maxDist, 256)))
	cx, cy := int(math.Floor(from.X)), int(math.Floor(from.Y))
	best, bestD := mathx.Vec2{}, math.Inf(1)
	for y := cy - r; y <= cy+r; y++ {
		for x := cx - r; x <= cx+r; x++ {
			if n.Blocked(x, y) {
				continue
			}
			c := mathx.V2(float64(x)+0.5, float64(y)+0.5)
			d := c.Dist(from)
			if d > maxDist || d >= bestD || w.LineOfSight(threat, c) {
				continue
			}
			best, bestD = c, d
		}
	}
	return best, bestD < math.Inf(1)
}
