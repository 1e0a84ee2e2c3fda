package physics

import (
	"math"
	"slices"

	"diorama/mathx"
)

// ContactEvent reports two solid shapes touching or overlapping during a
// step, before resolution pushed them apart.
type ContactEvent struct {
	// A is always a kinematic or dynamic body.
	A BodyID
	// B is the other body, or nil when A hit wall Wall.
	B BodyID
	// Wall is the wall index when B is nil, otherwise -1.
	Wall int
	// Normal points from A toward B; Depth is the penetration found (0 for
	// touching); Point is the contact point (see Manifold).
	Normal mathx.Vec2
	Depth  float64
	Point  mathx.Vec2
}

// SensorEvent reports a body starting (Begin) or ceasing to overlap a sensor.
// End events may carry handles of bodies destroyed since.
type SensorEvent struct {
	Sensor, Visitor BodyID
	Begin           bool
}

// StepStats counts the work done by the last Step (no wall-clock times, so
// it is deterministic): candidate pairs from the broad phase, contacts
// found, sensor overlaps, and bodies stopped by continuous collision.
type StepStats struct {
	Pairs, Contacts, SensorOverlaps, CCDClamps int
}

type pair struct {
	a, b   int32 // a: moving body slot; b: body slot or wall index
	wall   bool
	sensor bool
	seen   bool // a contact event was recorded for this pair
}

// cmpPair orders pairs by moving body, then walls before bodies, then index,
// so the grid and the brute-force reference resolve in the same order.
func cmpPair(x, y pair) int {
	switch {
	case x.a != y.a:
		return int(x.a) - int(y.a)
	case x.wall != y.wall:
		if x.wall {
			return -1
		}
		return 1
	}
	return int(x.b) - int(y.b)
}

// sortPairs is an insertion sort: pairs come out of findPairs grouped by
// moving body already, so only a few neighbours are ever out of order.
func sortPairs(p []pair) {
	for i := 1; i < len(p); i++ {
		x := p[i]
		j := i
		for j > 0 && cmpPair(p[j-1], x) > 0 {
			p[j] = p[j-1]
			j--
		}
		p[j] = x
	}
}

type sensorKey struct {
	sensor, visitor int32
	gs, gv          uint32
}

func cmpSensorKey(x, y sensorKey) int {
	switch {
	case x.sensor != y.sensor:
		return int(x.sensor) - int(y.sensor)
	case x.visitor != y.visitor:
		return int(x.visitor) - int(y.visitor)
	case x.gs != y.gs:
		return int(int64(x.gs) - int64(y.gs))
	}
	return int(int64(x.gv) - int64(y.gv))
}

// Contacts returns the contact events of the last Step in deterministic
// order (by the moving body's slot A, then walls by index, then bodies by
// slot). The slice is
// reused by the next Step.
func (w *Space) Contacts() []ContactEvent { return w.contacts }

// SensorEvents returns the sensor begin/end events of the last Step, sorted
// by sensor slot then visitor slot. The slice is reused by the next Step.
func (w *Space) SensorEvents() []SensorEvent { return w.sensorEvents }

// Stats returns the counters of the last Step.
func (w *Space) Stats() StepStats { return w.profile }

// Step advances the world by dt seconds: it integrates velocities (sweeping
// fast dynamic bodies against walls and static bodies so they cannot pass
// through or end on the wrong side), finds candidate pairs through the
// grid, resolves overlaps by seed 000's push rules, and records contact and
// sensor events. A dt that is NaN, infinite or <= 0 does nothing but clear
// the events. Step never allocates once its buffers have grown.
func (w *Space) Step(dt float64) {
	w.contacts = w.contacts[:0]
	w.sensorEvents = w.sensorEvents[:0]
	w.profile = StepStats{}
	if !(dt > 0) || !finite(dt) {
		return
	}
	w.movingDirty = false // Step builds the moving grid itself, when it needs it
	w.refresh()
	w.integrate(dt)
	w.Parallel(len(w.moving), w.boxesFn)
	layers, masks := w.bodyLayers()
	if w.def.BruteForce || w.bodyPairsPossible(layers, masks) {
		w.gMoving.build(w.moving, w.sbox, w.def.MaxCastRadius)
	}
	w.findPairs(layers, masks)
	sortPairs(w.pairs)
	w.profile.Pairs = len(w.pairs)
	for it := 0; it < w.def.Iterations; it++ {
		for k := range w.pairs {
			w.solvePair(&w.pairs[k])
		}
	}
	w.finishSensors()
	w.Parallel(len(w.moving), w.boxesFn)
	// Queries and bullets build the moving grid again when they need it
	// (refresh): a world whose bodies only meet walls, stepped without
	// them, never builds it.
	w.movingDirty = true
}

// bodyLayers returns every layer and every mask some live body has.
func (w *Space) bodyLayers() (layers, masks uint32) {
	for j, alive := range w.alive {
		if alive {
			layers |= w.layer[j]
			masks |= w.mask[j]
		}
	}
	return layers, masks
}

// bodyPairsPossible reports whether some moving body may meet another
// body (its mask meets some body's layer and its layer some body's mask):
// only then does the pair search need the moving grid.
func (w *Space) bodyPairsPossible(layers, masks uint32) bool {
	for _, s := range w.moving {
		if i := int(s); w.mask[i]&layers != 0 && w.layer[i]&masks != 0 {
			return true
		}
	}
	return false
}

func clampExtent(v mathx.Vec2) mathx.Vec2 {
	return mathx.Vec2{X: mathx.Clamp(v.X, -maxExtent, maxExtent), Y: mathx.Clamp(v.Y, -maxExtent, maxExtent)}
}

// integrate moves the moving bodies by their velocities: in parallel
// parts (Parallel), except the fast dynamic bodies that must be swept
// against static geometry, which each part lists and this goroutine then
// sweeps in slot order. Each body's outcome depends only on itself and
// the static world, so the result is the same for any worker count.
func (w *Space) integrate(dt float64) {
	w.stepDt = dt
	parts := w.Parallel(len(w.moving), w.integrateFn)
	for k := range parts {
		for _, s := range w.sweepLists[k] {
			i := int(s)
			d := w.vel[i].Scale(dt)
			r := math.Min(w.shape[i].core, w.def.MaxCastRadius)
			d = w.sweepBody(i, d, r)
			w.pos[i] = clampExtent(w.pos[i].Add(d))
		}
	}
}

// integrateRange is part k of integrate over w.moving[lo:hi]: bodies
// that need a sweep go to sweepLists[k], in slot order.
func (w *Space) integrateRange(k, lo, hi int) {
	dt := w.stepDt
	sweep := w.sweepLists[k][:0]
	// One part (the caller's goroutine only) sweeps at once, as before,
	// without a list to grow.
	inline := lo == 0 && hi == len(w.moving)
	for _, s := range w.moving[lo:hi] {
		i := int(s)
		w.prev[i] = w.pos[i]
		d := w.vel[i].Scale(dt)
		if w.angVel[i] != 0 {
			w.setAngle(i, w.angle[i]+float64(w.angVel[i]*dt))
		}
		if w.typ[i] == Dynamic && !w.sensor[i] && d != (mathx.Vec2{}) {
			r := math.Min(w.shape[i].core, w.def.MaxCastRadius)
			if d.LenSq() > 0.25*r*r {
				if !inline {
					sweep = append(sweep, s)
					continue
				}
				d = w.sweepBody(i, d, r)
			}
		}
		w.pos[i] = clampExtent(w.pos[i].Add(d))
	}
	w.sweepLists[k] = sweep
}

// boxesRange updates the boxes of w.moving[lo:hi].
func (w *Space) boxesRange(_, lo, hi int) {
	for _, i := range w.moving[lo:hi] {
		w.updateBox(int(i))
	}
}

// sweepBody casts body i's core circle (radius r, inside its shape) along d
// against walls and static bodies and returns the displacement allowed: up
// to the first impact, then sliding along the surface for the rest of the
// step (up to three surfaces). The core's centre never crosses a surface, so
// the discrete resolution that follows pushes out on the side the body came
// from (seed 000's wrong-side flaw).
func (w *Space) sweepBody(i int, d mathx.Vec2, r float64) mathx.Vec2 {
	start := w.pos[i]
	p := start
	for iter := 0; iter < 3 && d != (mathx.Vec2{}); iter++ {
		q := castQuery{p: p, d: d, r: r, mask: w.mask[i], layer: w.layer[i], walls: true, static: true, exclude: int32(i), solidOnly: true, skipLeaving: true}
		h, ok := w.castFirst(&q)
		if !ok {
			p = p.Add(d)
			break
		}
		w.profile.CCDClamps++
		n := h.hit.n
		if vn := w.vel[i].Dot(n); vn < 0 {
			w.vel[i] = w.vel[i].Sub(n.Scale(vn))
		}
		p = p.Add(d.Scale(h.hit.t))
		d = d.Scale(1 - h.hit.t)
		if dn := d.Dot(n); dn < 0 {
			d = d.Sub(n.Scale(dn))
		}
	}
	return p.Sub(start)
}

func boxesTouch(a, b mathx.AABB) bool {
	return a.Min.X <= b.Max.X && b.Min.X <= a.Max.X && a.Min.Y <= b.Max.Y && b.Min.Y <= a.Max.Y
}

// interacts applies layers, masks and the "someone must be able to move or
// sense" rule to bodies i (moving) and j.
func (w *Space) interacts(i, j int) bool {
	if w.layer[i]&w.mask[j] == 0 || w.layer[j]&w.mask[i] == 0 {
		return false
	}
	if w.sensor[i] && w.sensor[j] {
		return false
	}
	return w.typ[i] == Dynamic || w.typ[j] == Dynamic || w.sensor[i] || w.sensor[j]
}

// findPairs lists the candidate pairs of the moving bodies, in the order
// of the moving bodies: in parallel parts, each part's pairs in its own
// list, joined in part order (the same list for any worker count).
func (w *Space) findPairs(layers, masks uint32) {
	w.pairs = w.pairs[:0]
	if w.def.BruteForce {
		w.findPairsBrute()
		return
	}
	gm := &w.gMoving
	if ncell := gm.nx * gm.ny; len(w.cellEpoch) != ncell {
		w.cellEpoch, w.cellCur, w.epoch = make([]uint32, ncell), make([]int32, ncell), 0
	}
	w.epoch++
	if w.epoch == 0 {
		clear(w.cellEpoch)
		w.epoch = 1
	}
	w.stepLayers, w.stepMasks = layers, masks
	parts := w.Parallel(len(w.moving), w.pairsFn)
	for k := 1; k < parts; k++ {
		w.pairs = append(w.pairs, w.partPairs[k]...)
	}
}

// pairsRange is part k of findPairs: the pairs of w.moving[lo:hi] into
// partPairs[k] (part 0 straight into w.pairs, so one worker keeps one
// list, growing only when the pairs do). One part walks each cell's bodies with a cursor kept
// across bodies (bodies come in ascending slot order); several parts
// each find their place in a cell by binary search instead.
func (w *Space) pairsRange(k, lo, hi int) {
	dst := w.partPairs[k][:0]
	if k == 0 {
		dst = w.pairs[:0]
	}
	cursor := lo == 0 && hi == len(w.moving)
	layers, masks := w.stepLayers, w.stepMasks
	gm, gs, gw := &w.gMoving, &w.gStatic, &w.gWalls
	epoch := w.epoch
	// layers and masks are every layer and every mask some body has: a
	// body whose mask meets no body's layer, or whose layer no body's
	// mask admits (units that only collide with walls), skips the body
	// search altogether.
	for _, s := range w.moving[lo:hi] {
		i := int(s)
		b := w.box[i]
		walls := !w.sensor[i] && w.typ[i] == Dynamic
		bodies := w.mask[i]&layers != 0 && w.layer[i]&masks != 0
		if !bodies && !walls {
			continue
		}
		r := gm.rangeOf(b)
		// A body spanning several cells meets a candidate in every cell
		// both ranges share; it considers it only in the first of them, the
		// corner (max x0, max y0) of the overlap, so no marks are needed.
		// Boxes are rejected with one branch (most fail, at random).
		single := r.x0 == r.x1 && r.y0 == r.y1
		first := func(rj *cellRange, x, y int32) bool {
			return single || (max(r.x0, rj.x0) == x && max(r.y0, rj.y0) == y)
		}
		for y := r.y0; y <= r.y1; y++ {
			for x := r.x0; x <= r.x1; x++ {
				c := int(y)*gm.nx + int(x)
				if bodies {
					// Items in a cell are in ascending slot order and only
					// slots above i are wanted.
					var k int32
					end := gm.start[c+1]
					if cursor {
						// Bodies come in ascending order too, so each cell
						// keeps a cursor past the slots already left behind:
						// skipping costs O(1) per entry per step.
						if w.cellEpoch[c] != epoch {
							w.cellEpoch[c], w.cellCur[c] = epoch, gm.start[c]
						}
						k = w.cellCur[c]
						for k < end && int(gm.items[k]) <= i {
							k++
						}
						w.cellCur[c] = k
					} else {
						lo, hi := gm.start[c], end
						for lo < hi {
							m := int32(uint32(lo+hi) >> 1)
							if int(gm.items[m]) <= i {
								lo = m + 1
							} else {
								hi = m
							}
						}
						k = lo
					}
					for ; k < end; k++ {
						j, o := gm.items[k], &gm.ibox[k]
						touch := b2i(b.Min.X <= o.Max.X) & b2i(o.Min.X <= b.Max.X) & b2i(b.Min.Y <= o.Max.Y) & b2i(o.Min.Y <= b.Max.Y)
						if touch != 0 && first(&gm.rng[j], x, y) {
							dst = w.considerBody(dst, i, int(j))
						}
					}
					for k := gs.start[c]; k < gs.start[c+1]; k++ {
						j, o := gs.items[k], &gs.ibox[k]
						touch := b2i(b.Min.X <= o.Max.X) & b2i(o.Min.X <= b.Max.X) & b2i(b.Min.Y <= o.Max.Y) & b2i(o.Min.Y <= b.Max.Y)
						if touch != 0 && first(&gs.rng[j], x, y) {
							dst = w.considerBody(dst, i, int(j))
						}
					}
				}
				if walls {
					for k := gw.start[c]; k < gw.start[c+1]; k++ {
						j, o := gw.items[k], &gw.ibox[k]
						touch := b2i(b.Min.X <= o.Max.X) & b2i(o.Min.X <= b.Max.X) & b2i(b.Min.Y <= o.Max.Y) & b2i(o.Min.Y <= b.Max.Y)
						if touch != 0 && first(&gw.rng[j], x, y) {
							dst = w.considerWall(dst, i, int(j))
						}
					}
				}
			}
		}
	}
	if k == 0 {
		w.pairs = dst
	} else {
		w.partPairs[k] = dst
	}
}

func (w *Space) considerBody(dst []pair, i, j int) []pair {
	if !boxesTouch(w.box[i], w.box[j]) || !w.interacts(i, j) {
		return dst
	}
	return append(dst, pair{a: int32(i), b: int32(j), sensor: w.sensor[i] || w.sensor[j]})
}

func (w *Space) considerWall(dst []pair, i, k int) []pair {
	if w.wallLayer[k]&w.mask[i] == 0 {
		return dst
	}
	return append(dst, pair{a: int32(i), b: int32(k), wall: true})
}

// findPairsBrute is the all-pairs reference: same filters, same order of
// pairs per moving body as sorted ids (walls, then bodies).
func (w *Space) findPairsBrute() {
	for _, s := range w.moving {
		i := int(s)
		for j := range w.alive {
			if !w.alive[j] || j == i || (w.typ[j] != Static && j < i) {
				continue
			}
			if boxesTouch(w.box[i], w.box[j]) && w.interacts(i, j) {
				w.pairs = append(w.pairs, pair{a: int32(i), b: int32(j), sensor: w.sensor[i] || w.sensor[j]})
			}
		}
		if w.sensor[i] || w.typ[i] != Dynamic {
			continue
		}
		for k := range w.wallBox {
			if w.wallLayer[k]&w.mask[i] != 0 && boxesTouch(w.box[i], w.wallBox[k]) {
				w.pairs = append(w.pairs, pair{a: int32(i), b: int32(k), wall: true})
			}
		}
	}
}

// solvePair runs the narrow phase on one pair and pushes the bodies apart.
// Each pair reports at most one event per step: the first pass in which it
// touches.
func (w *Space) solvePair(p *pair) {
	i := int(p.a)
	xi := w.xf(i)
	if p.wall {
		k := int(p.b)
		var wp poly
		boxPoly(w.wallBox[k], w.localMask(k, w.shape[i].aabb(xi)), &wp)
		m, ok := collideWall(&wp, &w.shape[i], xi)
		if !ok {
			return
		}
		// m.Normal points from the wall to the body.
		if !p.seen {
			p.seen = true
			w.contacts = append(w.contacts, ContactEvent{A: w.idOf(p.a), Wall: k, Normal: neg(m.Normal), Depth: m.Depth, Point: m.Point})
			w.profile.Contacts++
		}
		w.pushOne(i, m.Normal, m.Depth)
		return
	}
	j := int(p.b)
	m, ok := collideShapes(&w.shape[i], xi, &w.shape[j], w.xf(j))
	if !ok {
		return
	}
	if p.sensor {
		if !p.seen {
			p.seen = true
			s, v := i, j
			if w.sensor[j] {
				s, v = j, i
			}
			w.sensorNow = append(w.sensorNow, sensorKey{int32(s), int32(v), w.gen[s], w.gen[v]})
			w.profile.SensorOverlaps++
		}
		return
	}
	if !p.seen {
		p.seen = true
		w.contacts = append(w.contacts, ContactEvent{A: w.idOf(p.a), B: w.idOf(p.b), Wall: -1, Normal: m.Normal, Depth: m.Depth, Point: m.Point})
		w.profile.Contacts++
	}
	w.resolve(i, j, m.Normal, m.Depth)
}

// pushOne moves dynamic body i by n*depth and removes its velocity into n.
func (w *Space) pushOne(i int, n mathx.Vec2, depth float64) {
	if w.typ[i] != Dynamic {
		return
	}
	w.pos[i] = w.pos[i].Add(n.Scale(depth))
	if vn := w.vel[i].Dot(n); vn < 0 {
		w.vel[i] = w.vel[i].Sub(n.Scale(vn))
	}
}

// resolve applies seed 000's push rules to bodies i and j with normal n
// (from i to j): equal masses split the push, otherwise only the lighter
// body moves; static and kinematic bodies never move. Velocities lose
// their approaching component along n (perfectly inelastic, no bounce).
func (w *Space) resolve(i, j int, n mathx.Vec2, depth float64) {
	di, dj := w.typ[i] == Dynamic, w.typ[j] == Dynamic
	switch {
	case di && dj && w.mass[i] == w.mass[j]:
		h := depth / 2
		w.pos[i] = w.pos[i].Sub(n.Scale(h))
		w.pos[j] = w.pos[j].Add(n.Scale(h))
		if vr := w.vel[j].Sub(w.vel[i]).Dot(n); vr < 0 {
			w.vel[i] = w.vel[i].Add(n.Scale(vr / 2))
			w.vel[j] = w.vel[j].Sub(n.Scale(vr / 2))
		}
	case dj && (!di || w.mass[j] < w.mass[i]):
		w.pos[j] = w.pos[j].Add(n.Scale(depth))
		if vr := w.vel[j].Sub(w.vel[i]).Dot(n); vr < 0 {
			w.vel[j] = w.vel[j].Sub(n.Scale(vr))
		}
	case di:
		w.pos[i] = w.pos[i].Sub(n.Scale(depth))
		if vr := w.vel[j].Sub(w.vel[i]).Dot(n); vr < 0 {
			w.vel[i] = w.vel[i].Add(n.Scale(vr))
		}
	}
}

// finishSensors turns this step's overlaps into begin/end events by
// merging against the previous step's sorted overlaps.
func (w *Space) finishSensors() {
	slices.SortFunc(w.sensorNow, cmpSensorKey)
	a, b := w.sensorPrev, w.sensorNow
	for x, y := 0, 0; x < len(a) || y < len(b); {
		switch {
		case y == len(b) || (x < len(a) && cmpSensorKey(a[x], b[y]) < 0):
			k := a[x]
			w.sensorEvents = append(w.sensorEvents, SensorEvent{Sensor: BodyID{k.sensor + 1, k.gs}, Visitor: BodyID{k.visitor + 1, k.gv}})
			x++
		case x == len(a) || cmpSensorKey(a[x], b[y]) > 0:
			k := b[y]
			w.sensorEvents = append(w.sensorEvents, SensorEvent{Sensor: BodyID{k.sensor + 1, k.gs}, Visitor: BodyID{k.visitor + 1, k.gv}, Begin: true})
			y++
		default:
			x++
			y++
		}
	}
	w.sensorPrev, w.sensorNow = w.sensorNow, w.sensorPrev[:0]
}
