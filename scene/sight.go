package scene

import (
	"math"

	"diorama/mathx"
	"diorama/physics"
)

// LineOfSight reports whether the straight line from a to b (world x, y)
// is clear of walls and solid objects; characters, pickups and triggers
// do not block sight.
func (n Navigator) LineOfSight(a, b mathx.Vec2) bool {
	return n.w.sightExcept(a, b, physics.BodyID{})
}

// sightExcept is LineOfSight with the body except not blocking (a solid
// object seen from outside is not hidden by itself).
func (w *World) sightExcept(a, b mathx.Vec2, except physics.BodyID) bool {
	_, blocked := w.sightHit(a, b, except)
	return !blocked
}

// sightHit casts sight from a to b past the body except: whether a wall
// or another solid object stops it, and at which fraction of the way.
func (w *World) sightHit(a, b mathx.Vec2, except physics.BodyID) (t float64, blocked bool) {
	// The first wall or static body other than except: one cast, no
	// list of every hit to grow.
	if h, ok := w.Phys.RayCast(a, b, physics.QueryFilter{Exclude: except, StaticOnly: true}); ok {
		return h.Fraction, true
	}
	return 1, false
}

// FindCover returns the walkable tile centre nearest to from (within
// maxDist world units) that threat cannot see (LineOfSight), and false
// when there is none: where a unit hides to reload.
func (nv Navigator) FindCover(from, threat mathx.Vec2, maxDist float64) (mathx.Vec2, bool) {
	w := nv.w
	n, err := w.navigation()
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
			if d > maxDist || d >= bestD || w.sightExcept(threat, c, physics.BodyID{}) {
				continue
			}
			best, bestD = c, d
		}
	}
	return best, bestD < math.Inf(1)
}

// SightRay casts sight from a to b: blocked when a wall or a solid object
// (what stops LineOfSight) is on the way, with t the fraction of the way
// to the first one (t is 1 when nothing blocks). It has the signature of
// tactics.RayCast, so the world's sight feeds the terrain analysis:
// analyzer.FindCover(self, threat, nil, w.Nav().SightRay, floor.Walkable).
func (n Navigator) SightRay(a, b mathx.Vec2) (t float64, blocked bool) {
	return n.w.sightHit(a, b, physics.BodyID{})
}

// TileFree reports whether tile (x, y) is open floor with nothing on it:
// not a wall or under a solid object (Navigation.Blocked), and no
// character, object or pickup (a door, open or shut, included) covering
// any of it. It is where a game may put something down: a barricade, a
// turret, a dropped item.
func (nv Navigator) TileFree(x, y int) bool {
	w := nv.w
	n, err := w.navigation()
	if err != nil || n.Blocked(x, y) {
		return false
	}
	const inset = 0.05 // touching the tile's edge is not covering it
	tile := mathx.AABB{Min: mathx.V2(float64(x)+inset, float64(y)+inset), Max: mathx.V2(float64(x+1)-inset, float64(y+1)-inset)}
	for i := range w.state {
		if w.state[i] != stLive || w.kind[i] != Character && w.kind[i] != Object && w.kind[i] != Pickup {
			continue
		}
		if f := w.footprint(i); f.Max.X > f.Min.X && f.Overlaps(tile) {
			return false
		}
	}
	return true
}
