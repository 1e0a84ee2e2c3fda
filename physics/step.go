package physics

import (
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
func (sp *Space) Contacts() []ContactEvent { return sp.contacts }

// SensorEvents returns the sensor begin/end events of the last Step, sorted
// by sensor slot then visitor slot. The slice is reused by the next Step.
func (sp *Space) SensorEvents() []SensorEvent { return sp.sensorEvents }

// Stats returns the counters of the last Step.
func (sp *Space) Stats() StepStats { return sp.profile }

// Step advances the world by dt seconds: it integrates velocities (sweeping
// fast dynamic bodies against walls and static bodies so they cannot pass
// through or end on the wrong side), finds candidate pairs through the
// grid, pushes overlapping bodies apart (equal masses split the push, the
// lighter body moves, static and kinematic never move), and records contact and
// sensor events. A dt that is NaN, infinite or <= 0 does nothing but clear
// the events. Step never allocates once its buffers have grown.
func (sp *Space) Step(dt float64) {
	sp.contacts = sp.contacts[:0]
	sp.sensorEvents = sp.sensorEvents[:0]
	sp.profile = StepStats{}
	if !(dt > 0) || !finite(dt) {
		return
	}
	sp.movingDirty = false // Step builds the moving grid itself, when it needs it
	sp.refresh()
	if !sp.filtersKnown {
		sp.knowFilters()
	}
	sp.integrate(dt) // and the moved bodies' boxes
	if sp.def.BruteForce || sp.pairsPossible {
		sp.gMoving.build(sp.moving, sp.sbox, sp.def.MaxCastRadius)
	}
	sp.findPairs()
	sortPairs(sp.pairs)
	sp.profile.Pairs = len(sp.pairs)
	for it := 0; it < sp.def.Iterations; it++ {
		for k := range sp.pairs {
			sp.solvePair(&sp.pairs[k])
		}
	}
	sp.finishSensors()
	// Only bodies in a pair can have been pushed: with few pairs their
	// boxes are updated alone (a box depends only on its body's shape,
	// position, angle and previous position, so the others' stay right).
	if len(sp.pairs) <= len(sp.moving)/8 {
		for k := range sp.pairs {
			p := &sp.pairs[k]
			sp.updateBox(int(p.a))
			if !p.wall && sp.typ[p.b] != Static {
				sp.updateBox(int(p.b))
			}
		}
	} else {
		sp.Parallel(len(sp.moving), sp.boxesFn)
	}
	// Queries and bullets build the moving grid again when they need it
	// (refresh): a world whose bodies only meet walls, stepped without
	// them, never builds it.
	sp.movingDirty = true
}

// Pair kinds of the moving bodies (Space.pairKind).
const (
	meetsWalls  uint8 = 1 << iota // dynamic and not a sensor: swept, and paired with walls
	meetsBodies                   // its mask meets some body's layer and its layer some body's mask
)

// knowFilters finds what Step reads of the filters: the layers and
// masks of the live bodies, whether body pairs are possible, and the
// moving bodies' pair kinds. The layers, masks and moving set change
// only with bodies created or destroyed and SetFilter, which clear
// filtersKnown.
func (sp *Space) knowFilters() {
	layers, masks := sp.bodyLayers()
	sp.stepLayers, sp.stepMasks = layers, masks
	sp.pairsPossible = sp.bodyPairsPossible(layers, masks)
	if cap(sp.pairKind) < len(sp.alive) {
		sp.pairKind = make([]uint8, len(sp.alive), cap(sp.alive))
	}
	sp.pairKind = sp.pairKind[:len(sp.alive)]
	for _, s := range sp.moving {
		i := int(s)
		var k uint8
		if !sp.sensor[i] && sp.typ[i] == Dynamic {
			k |= meetsWalls
		}
		if sp.mask[i]&layers != 0 && sp.layer[i]&masks != 0 {
			k |= meetsBodies
		}
		sp.pairKind[i] = k
	}
	sp.filtersKnown = true
}

// bodyLayers returns every layer and every mask some live body has.
func (sp *Space) bodyLayers() (layers, masks uint32) {
	for j, alive := range sp.alive {
		if alive {
			layers |= sp.layer[j]
			masks |= sp.mask[j]
		}
	}
	return layers, masks
}

// bodyPairsPossible reports whether some moving body may meet another
// body (its mask meets some body's layer and its layer some body's mask):
// only then does the pair search need the moving grid.
func (sp *Space) bodyPairsPossible(layers, masks uint32) bool {
	for _, s := range sp.moving {
		if i := int(s); sp.mask[i]&layers != 0 && sp.layer[i]&masks != 0 {
			return true
		}
	}
	return false
}

func clampExtent(v mathx.Vec2) mathx.Vec2 {
	return mathx.Vec2{X: mathx.Clamp(v.X, -maxExtent, maxExtent), Y: mathx.Clamp(v.Y, -maxExtent, maxExtent)}
}

// integrate moves the moving bodies by their velocities and updates
// their boxes: in parallel parts (Parallel), except the fast dynamic
// bodies that must be swept against static geometry, which each part
// lists and this goroutine then sweeps in slot order. Each body's outcome
// depends only on itself and the static world (a sweep reads no moving
// body's box), so the result is the same for any worker count.
func (sp *Space) integrate(dt float64) {
	sp.stepDt = dt
	parts := sp.Parallel(len(sp.moving), sp.integrateFn)
	for k := range parts {
		for _, s := range sp.sweepLists[k] {
			i := int(s)
			d := sp.vel[i].Scale(dt)
			r := min(sp.shape[i].core, sp.def.MaxCastRadius)
			d = sp.sweepBody(i, d, r)
			sp.pos[i] = clampExtent(sp.pos[i].Add(d))
			sp.updateBox(i)
		}
	}
}

// integrateRange is part k of integrate over sp.moving[lo:hi]: bodies
// that need a sweep go to sweepLists[k], in slot order (their boxes are
// updated after the sweep); the others' boxes are updated here.
func (sp *Space) integrateRange(k, lo, hi int) {
	dt := sp.stepDt
	sweep := sp.sweepLists[k][:0]
	// One part (the caller's goroutine only) sweeps at once, as before,
	// without a list to grow.
	inline := lo == 0 && hi == len(sp.moving)
	for _, s := range sp.moving[lo:hi] {
		i := int(s)
		sp.prev[i] = sp.pos[i]
		d := sp.vel[i].Scale(dt)
		if sp.angVel[i] != 0 {
			sp.setAngle(i, sp.angle[i]+float64(sp.angVel[i]*dt))
		}
		if sp.pairKind[i]&meetsWalls != 0 && d != (mathx.Vec2{}) { // dynamic, not a sensor
			// A circle's core is its radius (crad, without the shape).
			r := sp.crad[i]
			if r < 0 {
				r = sp.shape[i].core
			}
			r = min(r, sp.def.MaxCastRadius)
			if d.LenSq() > 0.25*r*r {
				if !inline {
					sweep = append(sweep, s)
					continue
				}
				d = sp.sweepBody(i, d, r)
			}
		}
		sp.pos[i] = clampExtent(sp.pos[i].Add(d))
		sp.updateBox(i)
	}
	sp.sweepLists[k] = sweep
}

// boxesRange updates the boxes of sp.moving[lo:hi].
func (sp *Space) boxesRange(_, lo, hi int) {
	for _, i := range sp.moving[lo:hi] {
		sp.updateBox(int(i))
	}
}

// sweepBody casts body i's core circle (radius r, inside its shape) along d
// against walls and static bodies and returns the displacement allowed: up
// to the first impact, then sliding along the surface for the rest of the
// step (up to three surfaces). The core's centre never crosses a surface, so
// the discrete resolution that follows pushes out on the side the body came
// from (a body that moved far in one tick is never resolved onto the
// wrong side of what it hit).
func (sp *Space) sweepBody(i int, d mathx.Vec2, r float64) mathx.Vec2 {
	start := sp.pos[i]
	p := start
	for iter := 0; iter < 3 && d != (mathx.Vec2{}); iter++ {
		q := castQuery{p: p, d: d, r: r, mask: sp.mask[i], layer: sp.layer[i], walls: true, static: true, exclude: int32(i), solidOnly: true, skipLeaving: true}
		h, ok := sp.castFirst(&q)
		if !ok {
			p = p.Add(d)
			break
		}
		sp.profile.CCDClamps++
		n := h.hit.n
		if vn := sp.vel[i].Dot(n); vn < 0 {
			sp.vel[i] = sp.vel[i].Sub(n.Scale(vn))
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
func (sp *Space) interacts(i, j int) bool {
	if sp.layer[i]&sp.mask[j] == 0 || sp.layer[j]&sp.mask[i] == 0 {
		return false
	}
	if sp.sensor[i] && sp.sensor[j] {
		return false
	}
	return sp.typ[i] == Dynamic || sp.typ[j] == Dynamic || sp.sensor[i] || sp.sensor[j]
}

// findPairs lists the candidate pairs of the moving bodies, in the order
// of the moving bodies: in parallel parts, each part's pairs in its own
// list, joined in part order (the same list for any worker count).
func (sp *Space) findPairs() {
	sp.pairs = sp.pairs[:0]
	if sp.def.BruteForce {
		sp.findPairsBrute()
		return
	}
	gm := &sp.gMoving
	if ncell := gm.nx * gm.ny; len(sp.cellEpoch) != ncell {
		sp.cellEpoch, sp.cellCur, sp.epoch = make([]uint32, ncell), make([]int32, ncell), 0
	}
	sp.epoch++
	if sp.epoch == 0 {
		clear(sp.cellEpoch)
		sp.epoch = 1
	}
	parts := sp.Parallel(len(sp.moving), sp.pairsFn)
	for k := 1; k < parts; k++ {
		sp.pairs = append(sp.pairs, sp.partPairs[k]...)
	}
}

// pairsRange is part k of findPairs: the pairs of sp.moving[lo:hi] into
// partPairs[k] (part 0 straight into sp.pairs, so one worker keeps one
// list, growing only when the pairs do). One part walks each cell's bodies with a cursor kept
// across bodies (bodies come in ascending slot order); several parts
// each find their place in a cell by binary search instead.
func (sp *Space) pairsRange(k, lo, hi int) {
	dst := sp.partPairs[k][:0]
	if k == 0 {
		dst = sp.pairs[:0]
	}
	cursor := lo == 0 && hi == len(sp.moving)
	gm, gs, gw := &sp.gMoving, &sp.gStatic, &sp.gWalls
	epoch := sp.epoch
	// A body whose mask meets no body's layer, or whose layer no body's
	// mask admits (units that only collide with walls), skips the body
	// search altogether (pairKind).
	for _, s := range sp.moving[lo:hi] {
		i := int(s)
		kind := sp.pairKind[i]
		walls := kind&meetsWalls != 0
		if kind&meetsBodies == 0 {
			if walls {
				dst = sp.wallPairs(dst, i)
			}
			continue
		}
		b := sp.box[i]
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
				// Items in a cell are in ascending slot order and only
				// slots above i are wanted.
				var k int32
				end := gm.start[c+1]
				if cursor {
					// Bodies come in ascending order too, so each cell
					// keeps a cursor past the slots already left behind:
					// skipping costs O(1) per entry per step.
					if sp.cellEpoch[c] != epoch {
						sp.cellEpoch[c], sp.cellCur[c] = epoch, gm.start[c]
					}
					k = sp.cellCur[c]
					for k < end && int(gm.items[k]) <= i {
						k++
					}
					sp.cellCur[c] = k
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
						dst = sp.considerBody(dst, i, int(j))
					}
				}
				for k := gs.start[c]; k < gs.start[c+1]; k++ {
					j, o := gs.items[k], &gs.ibox[k]
					touch := b2i(b.Min.X <= o.Max.X) & b2i(o.Min.X <= b.Max.X) & b2i(b.Min.Y <= o.Max.Y) & b2i(o.Min.Y <= b.Max.Y)
					if touch != 0 && first(&gs.rng[j], x, y) {
						dst = sp.considerBody(dst, i, int(j))
					}
				}
				if walls && gw.has(c) {
					for k := gw.start[c]; k < gw.start[c+1]; k++ {
						j, o := gw.items[k], &gw.ibox[k]
						touch := b2i(b.Min.X <= o.Max.X) & b2i(o.Min.X <= b.Max.X) & b2i(b.Min.Y <= o.Max.Y) & b2i(o.Min.Y <= b.Max.Y)
						if touch != 0 && first(&gw.rng[j], x, y) {
							dst = sp.considerWall(dst, i, int(j))
						}
					}
				}
			}
		}
	}
	if k == 0 {
		sp.pairs = dst
	} else {
		sp.partPairs[k] = dst
	}
}

// wallPairs appends the wall pairs of body i, which meets no body: what
// pairsRange's walk finds for it, in the same order, with the walk
// skipped when the wall grid's nearWalls says that none of the at most
// 2×2 cells its box spans holds a wall.
func (sp *Space) wallPairs(dst []pair, i int) []pair {
	gw := &sp.gWalls
	b := &sp.box[i]
	x0, y0, x1, y1 := gw.cellX(b.Min.X), gw.cellY(b.Min.Y), gw.cellX(b.Max.X), gw.cellY(b.Max.Y)
	if c := y0*gw.nx + x0; x1-x0 <= 1 && y1-y0 <= 1 && c>>6 < len(sp.nearWalls) && sp.nearWalls[c>>6]&(1<<(c&63)) == 0 {
		return dst
	}
	single := x0 == x1 && y0 == y1
	for y := y0; y <= y1; y++ {
		for x := x0; x <= x1; x++ {
			c := y*gw.nx + x
			if !gw.has(c) {
				continue
			}
			for k := gw.start[c]; k < gw.start[c+1]; k++ {
				j, o := gw.items[k], &gw.ibox[k]
				touch := b2i(b.Min.X <= o.Max.X) & b2i(o.Min.X <= b.Max.X) & b2i(b.Min.Y <= o.Max.Y) & b2i(o.Min.Y <= b.Max.Y)
				if touch != 0 {
					if rj := &gw.rng[j]; single || (max(x0, int(rj.x0)) == x && max(y0, int(rj.y0)) == y) {
						dst = sp.considerWall(dst, i, int(j))
					}
				}
			}
		}
	}
	return dst
}

func (sp *Space) considerBody(dst []pair, i, j int) []pair {
	if !boxesTouch(sp.box[i], sp.box[j]) || !sp.interacts(i, j) {
		return dst
	}
	return append(dst, pair{a: int32(i), b: int32(j), sensor: sp.sensor[i] || sp.sensor[j]})
}

func (sp *Space) considerWall(dst []pair, i, k int) []pair {
	if sp.wallLayer[k]&sp.mask[i] == 0 {
		return dst
	}
	return append(dst, pair{a: int32(i), b: int32(k), wall: true})
}

// findPairsBrute is the all-pairs reference: same filters, same order of
// pairs per moving body as sorted ids (walls, then bodies).
func (sp *Space) findPairsBrute() {
	for _, s := range sp.moving {
		i := int(s)
		for j := range sp.alive {
			if !sp.alive[j] || j == i || (sp.typ[j] != Static && j < i) {
				continue
			}
			if boxesTouch(sp.box[i], sp.box[j]) && sp.interacts(i, j) {
				sp.pairs = append(sp.pairs, pair{a: int32(i), b: int32(j), sensor: sp.sensor[i] || sp.sensor[j]})
			}
		}
		if sp.sensor[i] || sp.typ[i] != Dynamic {
			continue
		}
		for k := range sp.wallBox {
			if sp.wallLayer[k]&sp.mask[i] != 0 && boxesTouch(sp.box[i], sp.wallBox[k]) {
				sp.pairs = append(sp.pairs, pair{a: int32(i), b: int32(k), wall: true})
			}
		}
	}
}

// solvePair runs the narrow phase on one pair and pushes the bodies apart.
// Each pair reports at most one event per step: the first pass in which it
// touches.
func (sp *Space) solvePair(p *pair) {
	i := int(p.a)
	xi := sp.xf(i)
	if p.wall {
		k := int(p.b)
		var wp poly
		boxPoly(sp.wallBox[k], sp.localMask(k, sp.shape[i].aabb(xi)), &wp)
		m, ok := collideWall(&wp, &sp.shape[i], xi)
		if !ok {
			return
		}
		// m.Normal points from the wall to the body.
		if !p.seen {
			p.seen = true
			sp.contacts = append(sp.contacts, ContactEvent{A: sp.idOf(p.a), Wall: k, Normal: neg(m.Normal), Depth: m.Depth, Point: m.Point})
			sp.profile.Contacts++
		}
		sp.pushOne(i, m.Normal, m.Depth)
		return
	}
	j := int(p.b)
	m, ok := collideShapes(&sp.shape[i], xi, &sp.shape[j], sp.xf(j))
	if !ok {
		return
	}
	if p.sensor {
		if !p.seen {
			p.seen = true
			s, v := i, j
			if sp.sensor[j] {
				s, v = j, i
			}
			sp.sensorNow = append(sp.sensorNow, sensorKey{int32(s), int32(v), sp.gen[s], sp.gen[v]})
			sp.profile.SensorOverlaps++
		}
		return
	}
	if !p.seen {
		p.seen = true
		sp.contacts = append(sp.contacts, ContactEvent{A: sp.idOf(p.a), B: sp.idOf(p.b), Wall: -1, Normal: m.Normal, Depth: m.Depth, Point: m.Point})
		sp.profile.Contacts++
	}
	sp.resolve(i, j, m.Normal, m.Depth)
}

// pushOne moves dynamic body i by n*depth and removes its velocity into n.
func (sp *Space) pushOne(i int, n mathx.Vec2, depth float64) {
	if sp.typ[i] != Dynamic {
		return
	}
	sp.pos[i] = sp.pos[i].Add(n.Scale(depth))
	if vn := sp.vel[i].Dot(n); vn < 0 {
		sp.vel[i] = sp.vel[i].Sub(n.Scale(vn))
	}
}

// resolve pushes bodies i and j apart along normal n (from i to j) by
// depth: equal masses split the push, otherwise only the lighter
// body moves; static and kinematic bodies never move. Velocities lose
// their approaching component along n (perfectly inelastic, no bounce).
func (sp *Space) resolve(i, j int, n mathx.Vec2, depth float64) {
	di, dj := sp.typ[i] == Dynamic, sp.typ[j] == Dynamic
	switch {
	case di && dj && sp.mass[i] == sp.mass[j]:
		h := depth / 2
		sp.pos[i] = sp.pos[i].Sub(n.Scale(h))
		sp.pos[j] = sp.pos[j].Add(n.Scale(h))
		if vr := sp.vel[j].Sub(sp.vel[i]).Dot(n); vr < 0 {
			sp.vel[i] = sp.vel[i].Add(n.Scale(vr / 2))
			sp.vel[j] = sp.vel[j].Sub(n.Scale(vr / 2))
		}
	case dj && (!di || sp.mass[j] < sp.mass[i]):
		sp.pos[j] = sp.pos[j].Add(n.Scale(depth))
		if vr := sp.vel[j].Sub(sp.vel[i]).Dot(n); vr < 0 {
			sp.vel[j] = sp.vel[j].Sub(n.Scale(vr))
		}
	case di:
		sp.pos[i] = sp.pos[i].Sub(n.Scale(depth))
		if vr := sp.vel[j].Sub(sp.vel[i]).Dot(n); vr < 0 {
			sp.vel[i] = sp.vel[i].Add(n.Scale(vr))
		}
	}
}

// finishSensors turns this step's overlaps into begin/end events by
// merging against the previous step's sorted overlaps.
func (sp *Space) finishSensors() {
	slices.SortFunc(sp.sensorNow, cmpSensorKey)
	a, b := sp.sensorPrev, sp.sensorNow
	for x, y := 0, 0; x < len(a) || y < len(b); {
		switch {
		case y == len(b) || (x < len(a) && cmpSensorKey(a[x], b[y]) < 0):
			k := a[x]
			sp.sensorEvents = append(sp.sensorEvents, SensorEvent{Sensor: BodyID{k.sensor + 1, k.gs}, Visitor: BodyID{k.visitor + 1, k.gv}})
			x++
		case x == len(a) || cmpSensorKey(a[x], b[y]) > 0:
			k := b[y]
			sp.sensorEvents = append(sp.sensorEvents, SensorEvent{Sensor: BodyID{k.sensor + 1, k.gs}, Visitor: BodyID{k.visitor + 1, k.gv}, Begin: true})
			y++
		default:
			x++
			y++
		}
	}
	sp.sensorPrev, sp.sensorNow = sp.sensorNow, sp.sensorPrev[:0]
}
