package physics

import (
	"fmt"
	"math"
	"slices"
	"sync/atomic"

	"diorama/internal/workers"
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

// BoundsMargin is how far outside SpaceDef.Bounds a bullet may fly before
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
// by Add, last freed first. The arrays are exported for fast reading and
// rendering; positions, velocities and masks of live bullets may be changed
// in place between steps (homing, drag; keep them finite), but bullets are
// created and removed only through Add and Kill.
type Bullets struct {
	X, Y, VX, VY, R []float64
	Mask            []uint32
	Alive           []bool
	// PrevX and PrevY, when set at least as long as X, receive every live
	// bullet's position as StepBullets starts to move it, written by the
	// worker that moves it: a renderer's interpolation source without a
	// pass of its own over the pool (the scene's previous positions).
	// Slots of dead bullets are not written. Nil: nothing is written.
	PrevX, PrevY []float64
	// Hits lists the bullets that ended during the last StepBullets, in slot
	// order. It is reused by the next step.
	Hits []BulletHit
	free []int32
	live int
	// Hits found by each StepBullets worker, in slot order; [0] is scratch.
	scratch  []BulletHit
	wscratch [][]BulletHit
}

// Add spawns a bullet at pos with velocity vel (units per second), radius r
// (>= 0; at most SpaceDef.MaxCastRadius for the fast path), hitting bodies
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
	b.X, b.Y, b.VX, b.VY, b.R = growCap(b.X, n), growCap(b.Y, n), growCap(b.VX, n), growCap(b.VY, n), growCap(b.R, n)
	b.Mask, b.Alive, b.free = growCap(b.Mask, n), growCap(b.Alive, n), growCap(b.free, n)
	if cap(b.Hits) < n {
		b.Hits = growCap(b.Hits, n)
		b.scratch = make([]BulletHit, 0, n)
	}
}

// growCap returns s with room for at least n elements.
func growCap[T any](s []T, n int) []T {
	if cap(s) >= n {
		return s
	}
	return slices.Grow(s, n-len(s))
}

// StepBullets moves every live bullet by its velocity times dt, sweeping it
// against walls and against solid bodies as they moved during the last Step
// (relative motion, so a fast unit crossing a bullet's path mid-step is
// still hit): no bullet passes through anything whatever its speed. Call it
// right after Step with the same dt. A bullet that hits
// stops at the contact, dies, and gets a BulletHit; one that leaves the
// bounds grown by BoundsMargin dies with HitBounds. Bullets do not collide
// with each other or with sensors. It does not allocate in steady state.
// A dt that is NaN, infinite or <= 0 only clears Hits.
func (sp *Space) StepBullets(b *Bullets, dt float64) { sp.StepBulletsThen(b, dt, nil) }

// BulletChunk is how many slots StepBulletsThen sweeps as one chunk.
const BulletChunk = 4096

// BulletChunks returns how many chunks StepBulletsThen cuts b's slots
// into: one per BulletChunk slots (the last one shorter).
func BulletChunks(b *Bullets) int { return (len(b.X) + BulletChunk - 1) / BulletChunk }

// StepBulletsThen is StepBullets with a pass of the caller's own over the
// bullets while their data are still in the cache: the slots are cut into
// consecutive chunks of BulletChunk (BulletChunks of them), and right after
// chunk c, slots [lo, hi), has been swept, the goroutine that swept it calls
// then(c, lo, hi). By then the chunk's bullets that ended are dead (Alive
// false) and the others moved; Hits is filled only once every chunk is done.
// Calls for different chunks run at once on the Workers goroutines: then
// must write only those slots' data and chunk c's own. It returns how many
// chunks were swept: 0 when nothing was (no live bullet, or a bad dt; then
// is not called). then may be nil.
func (sp *Space) StepBulletsThen(b *Bullets, dt float64, then func(c, lo, hi int)) int {
	b.Hits = b.Hits[:0]
	if !(dt > 0) || !finite(dt) || b.live == 0 {
		return 0
	}
	sp.refresh()
	sp.buildBulletGrid()
	n := len(b.X)
	chunks := BulletChunks(b)
	workers := sp.def.Workers
	if b.live < 4096 || chunks < 2 {
		workers = 1
	}
	for len(b.wscratch) < workers {
		b.wscratch = append(b.wscratch, nil)
	}
	for len(sp.workerMarks) < workers {
		sp.workerMarks = append(sp.workerMarks, marks{})
	}
	s := &sp.share
	s.b, s.dt, s.n, s.chunk, s.then = b, dt, n, BulletChunk, then
	if workers == 1 {
		// One worker finds the hits in slot order already: straight into
		// Hits.
		b.wscratch[0] = b.Hits[:0]
		s.next.Store(1)
		sp.runShare(0, &sp.mk)
		s.b, s.then = nil, nil
		b.Hits = b.wscratch[0]
		b.wscratch[0] = nil
		for _, h := range b.Hits {
			b.freeDead(h.Bullet)
		}
		return chunks
	}
	b.wscratch[0] = b.scratch[:0]
	sp.startWorkers()
	// Worker k first sweeps chunk k, then takes further chunks from a
	// shared counter, so a worker whose core is busy elsewhere costs the
	// others at most one chunk of waiting.
	s.next.Store(int32(workers))
	sp.pool.Run(sp.poolJob)
	s.b, s.then = nil, nil
	b.scratch = b.wscratch[0]
	// Report and free in slot order. Each worker's hits are in slot order
	// (its chunks are taken in increasing order), so merging the lists by
	// slot gives the same sequence as one worker.
	head := b.wscratch[:workers]
	var pos [64]int
	for {
		k := -1
		for j, l := range head {
			if pos[j] < len(l) && (k < 0 || l[pos[j]].Bullet < head[k][pos[k]].Bullet) {
				k = j
			}
		}
		if k < 0 {
			return chunks
		}
		h := head[k][pos[k]]
		pos[k]++
		b.Hits = append(b.Hits, h)
		b.freeDead(h.Bullet)
	}
}

// freeDead frees slot i, which castBullets marked dead.
func (b *Bullets) freeDead(i int32) {
	b.free = append(b.free, i)
	b.live--
}

// bulletShare is the work of one multi-goroutine StepBullets call, or
// of one Parallel call (fn set).
type bulletShare struct {
	b        *Bullets
	dt       float64
	n, chunk int
	then     func(c, lo, hi int) // StepBulletsThen's pass, or nil
	fn       func(k, lo, hi int) // Parallel's function; nil for StepBullets
	parts    int
	next     atomic.Int32 // next chunk to take after the home chunks
	_        [64]byte     // keep the counter off the caller's fields
}

// runShare is worker k's part: its home chunk k, then chunks from the
// shared counter until none are left.
func (sp *Space) runShare(k int, mk *marks) {
	s := &sp.share
	b := s.b
	b.wscratch[k] = b.wscratch[k][:0]
	for c := k; ; c = int(s.next.Add(1) - 1) {
		lo := c * s.chunk
		if lo >= s.n {
			return
		}
		hi := min(lo+s.chunk, s.n)
		sp.castBullets(b, s.dt, lo, hi, k, mk)
		if s.then != nil {
			s.then(c, lo, hi)
		}
	}
}

// startWorkers makes the pool of Workers goroutines on first use.
func (sp *Space) startWorkers() {
	if sp.pool == nil {
		sp.pool = workers.New(sp.def.Workers)
		sp.poolJob = sp.runJob
	}
}

// runJob is worker k's part of the running job: its part of a Parallel
// call, or its share of StepBullets' chunks.
func (sp *Space) runJob(k int) {
	if s := &sp.share; s.fn != nil {
		lo, hi := partOf(s.n, s.parts, k)
		s.fn(k, lo, hi)
		return
	}
	mk := &sp.mk
	if k > 0 {
		mk = &sp.workerMarks[k]
	}
	sp.runShare(k, mk)
}

// partOf is part k of [0, n) cut into parts nearly equal parts.
func partOf(n, parts, k int) (lo, hi int) { return n * k / parts, n * (k + 1) / parts }

// Parallel calls fn(k, lo, hi) for the parts k of [0, n) cut into as many
// nearly equal, consecutive parts as the world has workers (SetWorkers),
// part 0 on the calling goroutine and the others on the goroutines that
// step bullets, and returns when every part is done and how many parts
// there were. With one worker, or n under 4096, it is the one call
// fn(0, 0, n). fn must be safe to run at once on disjoint ranges; it is
// for a game's own per-bullet or per-body pass over arrays it owns (the
// scene's bullet lifetimes). It does not allocate once the workers run.
// Never call it from fn or during StepBullets.
func (sp *Space) Parallel(n int, fn func(k, lo, hi int)) int {
	parts := sp.def.Workers
	if parts <= 1 || n < 4096 {
		fn(0, 0, n)
		return 1
	}
	sp.startWorkers()
	s := &sp.share
	s.fn, s.n, s.parts = fn, n, parts
	sp.pool.Run(sp.poolJob)
	s.fn = nil
	return parts
}

// SetWorkers sets how many goroutines StepBullets may use, as
// SpaceDef.Workers (clamped to 1..64), for a Space built by code that does
// not expose its SpaceDef (a scene.World's physics). Results do not depend
// on the count. Call it between steps, never during one; it stops the old
// goroutines (Close) when the count changes.
func (sp *Space) SetWorkers(n int) {
	n = max(1, min(n, 64))
	if n == sp.def.Workers {
		return
	}
	sp.Close()
	sp.def.Workers = n
}

// Workers returns how many goroutines StepBullets may use.
func (sp *Space) Workers() int { return sp.def.Workers }

// Close stops the goroutines a Space with Workers > 1 starts on its first
// large StepBullets. A Space with one worker needs no Close. After Close,
// StepBullets starts them again if called.
func (sp *Space) Close() {
	if sp.pool != nil {
		sp.pool.Close()
		sp.pool = nil
	}
}

// castBullets sweeps the live bullets in slots [lo, hi) as worker k,
// appending hits to b.wscratch[k] in slot order and marking those bullets
// dead. It reads the world only (long casts use the worker's own marks) and
// writes only those slots and that list, so workers never share a written byte and the outcome does
// not depend on how the slots were split.
func (sp *Space) castBullets(b *Bullets, dt float64, lo, hi, k int, mk *marks) {
	bounds := sp.def.Bounds
	out := bounds.Expand(BoundsMargin)
	maxR, cell := sp.def.MaxCastRadius, sp.gMoving.cell
	if sp.def.BruteForce {
		maxR = -1 // every bullet takes castFirst, which runs brute force
	}
	g, start := &sp.gMoving, sp.bgrid.start
	hits := b.wscratch[k]
	xs, ys, vxs, vys, rs := b.X[lo:hi], b.Y[lo:hi], b.VX[lo:hi], b.VY[lo:hi], b.R[lo:hi]
	masks, alive := b.Mask[lo:hi], b.Alive[lo:hi]
	// Previous positions go to PrevX/PrevY when set; else back into X/Y
	// (overwritten below), which spares a branch per bullet.
	pxs, pys := xs, ys
	if len(b.PrevX) >= hi && len(b.PrevY) >= hi {
		pxs, pys = b.PrevX[lo:hi], b.PrevY[lo:hi]
	}
	xs, ys, vxs, vys, rs, masks = xs[:len(alive)], ys[:len(alive)], vxs[:len(alive)], vys[:len(alive)], rs[:len(alive)], masks[:len(alive)]
	pxs, pys = pxs[:len(alive)], pys[:len(alive)]
	for o, a := range alive {
		if !a {
			continue
		}
		p := mathx.Vec2{X: xs[o], Y: ys[o]}
		pxs[o], pys[o] = p.X, p.Y
		d := mathx.Vec2{X: float64(vxs[o] * dt), Y: float64(vys[o] * dt)}
		r := rs[o]
		e := p.Add(d)
		var c castResult
		var ok bool
		near := r <= maxR && bounds.Contains(p) && bounds.Contains(e) &&
			math.Abs(e.X-p.X) <= cell && math.Abs(e.Y-p.Y) <= cell
		if near {
			// Most bullets fly inside one cell with nothing listed in it:
			// castNear would find no candidate there, so skip the call.
			cx, cy := g.cellX(min(p.X, e.X)), g.cellY(min(p.Y, e.Y))
			if cx != g.cellX(max(p.X, e.X)) || cy != g.cellY(max(p.Y, e.Y)) ||
				start[4*(cy*g.nx+cx)] != start[4*(cy*g.nx+cx)+4] {
				c, ok = sp.castNear(p, d, r, masks[o])
			}
		} else {
			q := castQuery{p: p, d: d, r: r, mask: masks[o], walls: true, static: true, moving: true,
				exclude: -1, solidOnly: true, relative: true, mk: mk}
			c, ok = sp.castFirst(&q)
		}
		if ok {
			h := BulletHit{Bullet: int32(lo + o), Wall: -1, Normal: c.hit.n, TOI: c.hit.t}
			centre := p.Add(d.Scale(c.hit.t))
			h.Point = centre.Sub(c.hit.n.Scale(r))
			if c.wall {
				h.Kind, h.Wall = HitWall, c.idx
			} else {
				h.Kind, h.Body = HitBody, sp.idOf(c.idx)
			}
			xs[o], ys[o] = centre.X, centre.Y
			alive[o] = false // freed (free list, count) after every chunk
			hits = append(hits, h)
			continue
		}
		xs[o], ys[o] = e.X, e.Y
		// A near cast ends inside the bounds, so inside out.
		if !near && !out.Contains(e) {
			alive[o] = false
			hits = append(hits, BulletHit{Bullet: int32(lo + o), Kind: HitBounds, Wall: -1, Point: e, TOI: 1})
		}
	}
	b.wscratch[k] = hits
}

func growInt32(s []int32, n int) []int32 {
	if cap(s) < n {
		t := make([]int32, n, n+n/4)
		copy(t, s)
		return t
	}
	return s[:n]
}
