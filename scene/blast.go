package scene

import (
	"fmt"

	"diorama/mathx"
)

// Blast is what a rocket, grenade or barrel does when it bursts: it
// damages every entity with health (characters, breakable objects) whose
// centre is within radius of at (world x, y), except source: the
// full damage at the centre, falling off linearly to (1 − falloff) of it
// at the edge. Walls and other solid objects shield what is behind them
// (LineOfSight), except an entity within reach of the blast point (its
// radius or half-extent plus a quarter unit: a rocket bursting on a wall
// still hurts the tank standing against it). It returns how many
// entities it damaged; deaths follow through Damage's events. A radius of
// 0 or less damages nothing; a point, radius or falloff that is not
// finite panics.
func (b *Bullets) Blast(at mathx.Vec2, radius float64, damage int32, falloff float64, source Entity) int {
	w := b.w
	if !at.IsFinite() || !mathx.IsFinite(radius) || !mathx.IsFinite(falloff) {
		panic(fmt.Sprintf("scene: Bullets.Blast: point %v radius %v falloff %v not finite", at, radius, falloff))
	}
	if !(radius > 0) {
		return 0
	}
	// The targets first, then the damage (which may kill).
	w.blastBuf = w.blastBuf[:0]
	for i := range w.state {
		if w.state[i] != stLive || w.health[i] <= 0 || w.kind[i] == Trigger || w.kind[i] == SpawnPoint {
			continue
		}
		if e := w.handle(i); e != source && w.pos[i].XY().Dist(at) <= radius {
			w.blastBuf = append(w.blastBuf, e)
		}
	}
	n := 0
	for _, e := range w.blastBuf {
		i, ok := w.slotOf(e)
		if !ok || w.state[i] != stLive || w.health[i] <= 0 {
			continue
		}
		p := w.pos[i].XY()
		d := p.Dist(at)
		reach := max(w.radius[i], w.extent[i].X, w.extent[i].Y) + 0.25
		if d > reach && !w.sightExcept(at, p, w.body[i]) {
			continue
		}
		w.Damage(e, int32(float64(damage)*(1-falloff*d/radius)), source) // e is live: it takes the damage
		n++
	}
	return n
}
