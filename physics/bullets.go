package physics

import (
	"fmt"

	"diorama/mathx"
)

// HitKind says what ended a bullet.
type HitKind uint8

// Bullet hit kinds.
const (
	// HitWall: the bullet struck a tile wall (BulletHit.Wall).
	HitWall HitKind = iota + 1
	// HitBody: the bullet struck a solid body (BulletHit.Body).
	HitBody
	// HitBounds: the bullet left the world bounds grown by BoundsMargin.
	HitBounds
)

// BoundsMargin is how far outside WorldDef.Bounds a bullet may fly before
// it is removed with a HitBounds event.
const BoundsMargin = 64

// BulletHit reports the end of one bullet during StepBullets.
type BulletHit struct {
	// Bullet is the bullet's slot in the Bullets arrays.
	Bullet int32
	Kind   HitKind
	// Body is the body hit (nil unless Kind is HitBody); Wall the wall
	// index (-1 unless Kind is HitWall).
	Body BodyID
	Wall int32
	// Point is the contact point on the surface hit (the bullet's position
	// for HitBounds); Normal the unit surface normal there, pointing back
	// at the bullet.
	Point, Normal mathx.Vec2
	// TOI is the fraction of the step at which the bullet touched, in [0,1].
	TOI float64
}

// Bullets is a struct-of-arrays pool of small fast circles that are swept
// (continuous collision) against walls and bodies each StepBullets and die
// on their first hit. Slot i is live when Alive[i]; dead slots are reused
// by Add, lowest-freed-last first. The arrays are exported for fast reading
// and for rendering; change them only through Add and Kill.
type Bullets struct {
	X, Y, VX, VY, R []float64
	Mask            []uint32
	Alive           []bool
	// Hits lists the bullets that ended during the last StepBullets, in slot
	// order. It is reused by the next step.
	Hits []BulletHit
	free []int32
	live int
}

// Add spawns a bullet at pos with velocity vel (units per second), radius r
// (>= 0; at most WorldDef.MaxCastRadius for the fast path), hitting bodies
// and walls whose layer meets mask (0 means AllLayers). It returns the slot.
// Non-finite values are an error and add nothing.
func (b *Bullets) Add(pos, vel mathx.Vec2, r float64, mask uint32) (int, error) {
	if !finiteVec(pos) || !finiteVec(vel) || !finite(r) || r < 0 {
		return -1, fmt.Errorf("%w: bullet at %v velocity %v radius %v", ErrBadPosition, pos, vel, r)
	}
	if mask == 0 {
		mask = AllLayers
	}
	var i int
	if n := len(b.free); n > 0 {
		i = int(b.free[n-1])
		b.free = b.free[:n-1]
	} else {
		i = len(b.X)
		b.X = append(b.X, 0)
		b.Y = append(b.Y, 0)
		b.VX = append(b.VX, 0)
		b.VY = append(b.VY, 0)
		b.R = append(b.R, 0)
		b.Mask = append(b.Mask, 0)
		b.Alive = append(b.Alive, false)
	}
	b.X[i], b.Y[i], b.VX[i], b.VY[i], b.R[i], b.Mask[i], b.Alive[i] = pos.X, pos.Y, vel.X, vel.Y, r, mask, true
	b.live++
	return i, nil
}

// Kill removes bullet i (no event). Killing a dead or unknown slot does
// nothing.
func (b *Bullets) Kill(i int) {
	if i < 0 || i >= len(b.Alive) || !b.Alive[i] {
		return
	}
	b.Alive[i] = false
	b.free = append(b.free, int32(i))
	b.live--
}

// Live returns the number of live bullets.
func (b *Bullets) Live() int { return b.live }

// Reserve grows the arrays' capacity to n bullets so that steady-state
// spawning does not allocate.
func (b *Bullets) Reserve(n int) {
	if cap(b.X) >= n {
		return
	}
	grow := func(s []float64) []float64 { t := make([]float64, len(s), n); copy(t, s); return t }
	b.X, b.Y, b.VX, b.VY, b.R = grow(b.X), grow(b.Y), grow(b.VX), grow(b.VY), grow(b.R)
	m := make([]uint32, len(b.Mask), n)
	copy(m, b.Mask)
	b.Mask = m
	a := make([]bool, len(b.Alive), n)
	copy(a, b.Alive)
	b.Alive = a
	f := make([]int32, len(b.free), n)
	copy(f, b.free)
	b.free = f
	if cap(b.Hits) < n {
		h := make([]BulletHit, len(b.Hits), n)
		copy(h, b.Hits)
		b.Hits = h
	}
}

// StepBullets moves every live bullet by its velocity times dt, sweeping it
// against walls and solid bodies (their positions after the last Step), so
// no bullet passes through anything whatever its speed. A bullet that hits
// stops at the contact, dies, and gets a BulletHit; one that leaves the
// bounds grown by BoundsMargin dies with HitBounds. Bullets do not collide
// with each other or with sensors. It does not allocate in steady state.
// A dt that is NaN, infinite or <= 0 only clears Hits.
func (w *World) StepBullets(b *Bullets, dt float64) {
	b.Hits = b.Hits[:0]
	if !(dt > 0) || !finite(dt) {
		return
	}
	w.refresh()
	out := w.def.Bounds.Expand(BoundsMargin)
	q := castQuery{walls: true, static: true, moving: true, exclude: -1, solidOnly: true}
	for i, alive := range b.Alive {
		if !alive {
			continue
		}
		q.p = mathx.Vec2{X: b.X[i], Y: b.Y[i]}
		q.d = mathx.Vec2{X: b.VX[i] * dt, Y: b.VY[i] * dt}
		q.r = b.R[i]
		q.mask = b.Mask[i]
		c, ok := w.castFirst(&q)
		if ok {
			h := BulletHit{Bullet: int32(i), Wall: -1, Normal: c.hit.n, TOI: c.hit.t}
			centre := q.p.Add(q.d.Scale(c.hit.t))
			h.Point = centre.Sub(c.hit.n.Scale(q.r))
			if c.wall {
				h.Kind, h.Wall = HitWall, c.idx
			} else {
				h.Kind, h.Body = HitBody, w.idOf(c.idx)
			}
			b.X[i], b.Y[i] = centre.X, centre.Y
			b.Hits = append(b.Hits, h)
			b.Kill(i)
			continue
		}
		p := q.p.Add(q.d)
		b.X[i], b.Y[i] = p.X, p.Y
		if !out.Contains(p) {
			b.Hits = append(b.Hits, BulletHit{Bullet: int32(i), Kind: HitBounds, Wall: -1, Point: p, TOI: 1})
			b.Kill(i)
		}
	}
}
