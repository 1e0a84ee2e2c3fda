package physics

import (
	"fmt"
	"math"

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
// by Add, last freed first. The arrays are exported for fast reading and
// rendering; positions, velocities and masks of live bullets may be changed
// in place between steps (homing, drag; keep them finite), but bullets are
// created and removed only through Add and Kill.
type Bullets struct {
	X, Y, VX, VY, R []float64
	Mask            []uint32
	Alive           []bool
	// Hits lists the bullets that ended during the last StepBullets, in slot
	// order. It is reused by the next step.
	Hits []BulletHit
	free []int32
	live int
	// Scratch for StepBullets: per-slot bucket key and hit index, per-cell
	// counters, packed work in bucket order, hits in processing order.
	key, hitAt, cellCnt []int32
	hitW                []uint8 // which worker's list hitAt indexes
	work                []bulletWork
	scratch             []BulletHit
	wscratch            [][]BulletHit // per worker; [0] is scratch
}

// bulletWork is one live bullet's cast inputs, packed in bucket order.
type bulletWork struct {
	p, d mathx.Vec2
	r    float64
	mask uint32
	idx  int32
	near bool // short enough for castNear
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
		b.scratch = make([]BulletHit, 0, n)
	}
	b.key = growInt32(b.key, n)[:len(b.X)]
	b.hitAt = growInt32(b.hitAt, n)[:len(b.X)]
	if cap(b.work) < n {
		b.work = make([]bulletWork, 0, n)
	}
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
func (w *World) StepBullets(b *Bullets, dt float64) {
	b.Hits = b.Hits[:0]
	if !(dt > 0) || !finite(dt) {
		return
	}
	w.refresh()
	n := len(b.X)
	g := &w.gMoving
	ncell := g.nx * g.ny
	b.key = growInt32(b.key, n)
	b.hitAt = growInt32(b.hitAt, n)
	if cap(b.hitW) < n {
		b.hitW = make([]uint8, n, n+n/4)
	}
	b.hitW = b.hitW[:n]
	b.cellCnt = growInt32(b.cellCnt, ncell+2)
	clear(b.cellCnt)
	b.scratch = b.scratch[:0]

	// Bucket the live bullets by the grid cell their step stays in (ncell
	// for the general path), so bullets sharing a cell run back to back
	// with that cell's data hot in cache. Within a bucket, slot order.
	fast := w.def.Bounds
	for i, alive := range b.Alive {
		if !alive {
			b.key[i] = -1
			continue
		}
		k := int32(ncell)
		if !w.def.BruteForce && b.R[i] <= w.def.MaxCastRadius {
			px, py := b.X[i], b.Y[i]
			ex, ey := px+b.VX[i]*dt, py+b.VY[i]*dt
			if fast.Contains(mathx.Vec2{X: px, Y: py}) && fast.Contains(mathx.Vec2{X: ex, Y: ey}) &&
				math.Abs(ex-px) <= g.cell && math.Abs(ey-py) <= g.cell {
				k = int32(g.cellY(py)*g.nx + g.cellX(px))
			}
		}
		b.key[i] = k
		b.cellCnt[k+1]++
	}
	for c := 1; c < len(b.cellCnt); c++ {
		b.cellCnt[c] += b.cellCnt[c-1]
	}
	live := int(b.cellCnt[len(b.cellCnt)-1])
	// Gather each live bullet's inputs into a packed array in bucket order,
	// so the cast loop below reads memory front to back.
	if cap(b.work) < live {
		b.work = make([]bulletWork, live, live+live/4)
	}
	b.work = b.work[:live]
	for i, k := range b.key[:n] {
		if k < 0 {
			continue
		}
		j := b.cellCnt[k]
		b.cellCnt[k]++
		b.work[j] = bulletWork{
			p:    mathx.Vec2{X: b.X[i], Y: b.Y[i]},
			d:    mathx.Vec2{X: b.VX[i] * dt, Y: b.VY[i] * dt},
			r:    b.R[i],
			mask: b.Mask[i],
			idx:  int32(i),
			near: int(k) < ncell,
		}
	}

	workers := w.def.Workers
	if live < 4096 {
		workers = 1
	}
	for len(b.wscratch) < workers {
		b.wscratch = append(b.wscratch, nil)
	}
	for len(w.workerMarks) < workers {
		w.workerMarks = append(w.workerMarks, marks{})
	}
	b.wscratch[0] = b.scratch[:0]
	if workers == 1 {
		w.castBullets(b, 0, live, 0, &w.mk)
	} else {
		w.startWorkers()
		chunk := (live + workers - 1) / workers
		for k := 1; k < workers; k++ {
			w.jobs[k-1] <- bulletJob{b: b, lo: min(k*chunk, live), hi: min((k+1)*chunk, live)}
		}
		w.castBullets(b, 0, min(chunk, live), 0, &w.mk)
		for k := 1; k < workers; k++ {
			<-w.jobsDone
		}
	}
	b.scratch = b.wscratch[0]
	// Report and free in slot order, so events and slot reuse do not depend
	// on the bucketing.
	any := false
	for _, s := range b.wscratch[:workers] {
		any = any || len(s) > 0
	}
	if !any {
		return
	}
	for i, h := range b.hitAt[:n] {
		if h != 0 {
			b.Hits = append(b.Hits, b.wscratch[b.hitW[i]][h-1])
			b.hitAt[i] = 0
			b.Kill(i)
		}
	}
}

// bulletJob is one worker's share of a StepBullets call.
type bulletJob struct {
	b      *Bullets
	lo, hi int
}

// startWorkers starts the Workers-1 parked goroutines on first use.
func (w *World) startWorkers() {
	if len(w.jobs) > 0 {
		return
	}
	w.jobsDone = make(chan struct{}, w.def.Workers)
	for k := 1; k < w.def.Workers; k++ {
		ch := make(chan bulletJob)
		w.jobs = append(w.jobs, ch)
		go w.bulletWorker(k, ch)
	}
}

func (w *World) bulletWorker(k int, jobs chan bulletJob) {
	for j := range jobs {
		w.castBullets(j.b, j.lo, j.hi, k, &w.workerMarks[k])
		w.jobsDone <- struct{}{}
	}
}

// Close stops the goroutines a World with Workers > 1 starts on its first
// large StepBullets. A World with one worker needs no Close. After Close,
// StepBullets starts them again if called.
func (w *World) Close() {
	for _, ch := range w.jobs {
		close(ch)
	}
	w.jobs = nil
}

// castBullets sweeps b.work[lo:hi] as worker k with its own marks. It reads
// the world only and writes only the slots it owns and its own hit list,
// so workers never share a written byte and the outcome does not depend on
// how the work was split.
func (w *World) castBullets(b *Bullets, lo, hi, k int, mk *marks) {
	out := w.def.Bounds.Expand(BoundsMargin)
	q := castQuery{walls: true, static: true, moving: true, exclude: -1, solidOnly: true, relative: true, mk: mk}
	hits := b.wscratch[k][:0]
	for wi := lo; wi < hi; wi++ {
		bw := &b.work[wi]
		i := int(bw.idx)
		q.p, q.d, q.r, q.mask = bw.p, bw.d, bw.r, bw.mask
		var c castResult
		var ok bool
		if bw.near {
			c, ok = w.castNear(&q)
		} else {
			c, ok = w.castFirst(&q)
		}
		if ok {
			h := BulletHit{Bullet: bw.idx, Wall: -1, Normal: c.hit.n, TOI: c.hit.t}
			centre := q.p.Add(q.d.Scale(c.hit.t))
			h.Point = centre.Sub(c.hit.n.Scale(q.r))
			if c.wall {
				h.Kind, h.Wall = HitWall, c.idx
			} else {
				h.Kind, h.Body = HitBody, w.idOf(c.idx)
			}
			b.X[i], b.Y[i] = centre.X, centre.Y
			hits = append(hits, h)
			b.hitAt[i], b.hitW[i] = int32(len(hits)), uint8(k)
			continue
		}
		p := q.p.Add(q.d)
		b.X[i], b.Y[i] = p.X, p.Y
		if !out.Contains(p) {
			hits = append(hits, BulletHit{Bullet: bw.idx, Kind: HitBounds, Wall: -1, Point: p, TOI: 1})
			b.hitAt[i], b.hitW[i] = int32(len(hits)), uint8(k)
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

// castNear is the bullet fast path for a short cast (at most one cell
// along each axis, so at most 2×2 cells) inside the bounds with a radius
// within MaxCastRadius: castFirst's work flattened into plain loops, with
// stamps only when more than one cell is visited.
func (w *World) castNear(q *castQuery) (castResult, bool) {
	best := castResult{hit: castHit{t: 2}}
	p, d, r := q.p, q.d, q.r
	seg := segBox(p, p.Add(d))
	s := seg.Expand(r)
	gm := &w.gMoving
	x0, x1 := gm.cellX(seg.Min.X), gm.cellX(seg.Max.X)
	y0, y1 := gm.cellY(seg.Min.Y), gm.cellY(seg.Max.Y)
	single := x0 == x1 && y0 == y1
	var st uint32
	mk := q.mk
	if !single {
		st = mk.next(len(w.alive), len(w.wallBox))
	}
	for cy := y0; cy <= y1; cy++ {
		for cx := x0; cx <= x1; cx++ {
			c := cy*gm.nx + cx
			gw := &w.gWalls
			for k := gw.start[c]; k < gw.start[c+1]; k++ {
				b := &gw.ibox[k]
				if s.Min.X > b.Max.X || b.Min.X > s.Max.X || s.Min.Y > b.Max.Y || b.Min.Y > s.Max.Y {
					continue
				}
				wi := gw.items[k]
				if !single {
					if mk.wall[wi] == st {
						continue
					}
					mk.wall[wi] = st
				}
				if w.wallLayer[wi]&q.mask == 0 {
					continue
				}
				if h, ok := castCircleBox(p, d, r, *b); ok {
					if cr := (castResult{h, true, wi}); cr.before(best) {
						best = cr
					}
				}
			}
			for gi := 0; gi < 2; gi++ {
				g := gm
				if gi == 0 {
					g = &w.gStatic
				}
				for k := g.start[c]; k < g.start[c+1]; k++ {
					b := &g.ibox[k]
					if s.Min.X > b.Max.X || b.Min.X > s.Max.X || s.Min.Y > b.Max.Y || b.Min.Y > s.Max.Y {
						continue
					}
					j := g.items[k]
					if !single {
						if mk.body[j] == st {
							continue
						}
						mk.body[j] = st
					}
					if w.layer[j]&q.mask == 0 || w.sensor[j] {
						continue
					}
					if h, ok := w.castMoving(p, d, r, int(j)); ok {
						if cr := (castResult{h, false, j}); cr.before(best) {
							best = cr
						}
					}
				}
			}
		}
	}
	return best, best.hit.t <= 1
}
