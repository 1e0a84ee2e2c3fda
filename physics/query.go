package physics

import (
	"math"
	"slices"

	"diorama/mathx"
)

// QueryFilter selects what a query sees. The zero filter sees every wall and
// every solid (non-sensor) body.
type QueryFilter struct {
	// Mask selects body and wall layers; 0 means AllLayers.
	Mask uint32
	// IgnoreWalls skips tile walls.
	IgnoreWalls bool
	// IncludeSensors makes sensor bodies visible too.
	IncludeSensors bool
	// Exclude skips one body (typically the one asking).
	Exclude BodyID
	// StaticOnly skips every body that is not Static (walls still count
	// unless IgnoreWalls): what blocks sight, where moving bodies do not.
	StaticOnly bool
}

// RayHit is one hit of a ray or circle cast.
type RayHit struct {
	// Body is the body hit, nil for a wall.
	Body BodyID
	// Wall is the wall index hit, -1 for a body.
	Wall int
	// Point is the contact point on the surface hit; Normal the unit surface
	// normal there, pointing back toward the caster.
	Point, Normal mathx.Vec2
	// Fraction of the cast travelled at impact, in [0, 1] (0 when the cast
	// started overlapping).
	Fraction float64
}

// Overlap is one result of an overlap query: a body, or a wall (Body nil).
type Overlap struct {
	Body BodyID
	Wall int // -1 for a body
}

type castQuery struct {
	p, d      mathx.Vec2
	r         float64
	mask      uint32 // targets whose layer meets mask
	layer     uint32 // if non-zero, targets whose mask meets layer
	walls     bool
	static    bool
	moving    bool
	exclude   int32 // body slot to skip, -1 for none
	solidOnly bool  // skip sensors
	stamp     uint32
	mk        *marks // nil: the Space's own
	best      castResult
	all       bool
	// sweep bounds the swept circle; single is set when the cast visits one
	// grid cell only, so items cannot repeat and need no stamps.
	sweep  mathx.AABB
	single bool
	// relative casts against bodies as they moved during the last Step
	// (bullets), not against their end positions.
	relative bool
	// skipLeaving ignores shapes the cast starts in contact with while
	// moving along or away from them (body sweeps slide along walls).
	skipLeaving bool
}

type castResult struct {
	hit  castHit
	wall bool
	idx  int32
}

// before orders hits: earlier first, then walls before bodies, then index.
func (a castResult) before(b castResult) bool {
	if a.hit.t != b.hit.t {
		return a.hit.t < b.hit.t
	}
	if a.wall != b.wall {
		return a.wall
	}
	return a.idx < b.idx
}

func (sp *Space) filterQuery(f QueryFilter, q *castQuery) {
	q.mask = f.Mask
	if q.mask == 0 {
		q.mask = AllLayers
	}
	q.walls = !f.IgnoreWalls
	q.static, q.moving = true, !f.StaticOnly
	q.solidOnly = !f.IncludeSensors
	q.exclude = -1
	if i, ok := sp.slot(f.Exclude); ok {
		q.exclude = int32(i)
	}
}

func (sp *Space) bodyVisible(q *castQuery, j int) bool {
	return sp.alive[j] && int32(j) != q.exclude && sp.layer[j]&q.mask != 0 &&
		(q.layer == 0 || sp.mask[j]&q.layer != 0) && !(q.solidOnly && sp.sensor[j])
}

// testWall and testBody cast against one item, keeping the best hit (or,
// in all mode, appending to sp.hits).
func (sp *Space) testWall(q *castQuery, k int) {
	if !q.single {
		if q.mk.wall[k] == q.stamp {
			return
		}
		q.mk.wall[k] = q.stamp
	}
	if sp.wallLayer[k]&q.mask == 0 {
		return
	}
	h, ok := castCircleBox(q.p, q.d, q.r, sp.wallBox[k])
	if ok {
		sp.offer(q, castResult{h, true, int32(k)})
	}
}

func (sp *Space) testBody(q *castQuery, j int) {
	if !q.single {
		if q.mk.body[j] == q.stamp {
			return
		}
		q.mk.body[j] = q.stamp
	}
	if !sp.bodyVisible(q, j) {
		return
	}
	var h castHit
	var ok bool
	if q.relative {
		h, ok = sp.castMoving(q.p, q.d, q.r, j)
	} else {
		h, ok = castShape(q.p, q.d, q.r, &sp.shape[j], sp.xf(j))
	}
	if ok {
		sp.offer(q, castResult{h, false, int32(j)})
	}
}

func (sp *Space) offer(q *castQuery, c castResult) {
	if q.skipLeaving && c.hit.t == 0 && c.hit.n.Dot(q.d) >= 0 {
		return
	}
	if q.all {
		sp.hits = append(sp.hits, sp.rayHit(q, c))
		return
	}
	if c.before(q.best) {
		q.best = c
	}
}

func (sp *Space) rayHit(q *castQuery, c castResult) RayHit {
	h := RayHit{Wall: -1, Normal: c.hit.n, Fraction: c.hit.t}
	h.Point = q.p.Add(q.d.Scale(c.hit.t)).Sub(c.hit.n.Scale(q.r))
	if c.wall {
		h.Wall = int(c.idx)
	} else {
		h.Body = sp.idOf(c.idx)
	}
	return h
}

// testCell casts against the items of cell c in each grid the query wants,
// rejecting by the boxes stored alongside the items before anything else.
func (sp *Space) testCell(q *castQuery, c int) {
	if q.walls {
		sp.testGrid(q, &sp.gWalls, c, true)
	}
	if q.static {
		sp.testGrid(q, &sp.gStatic, c, false)
	}
	if q.moving {
		sp.testGrid(q, &sp.gMoving, c, false)
	}
}

func (sp *Space) testGrid(q *castQuery, g *grid, c int, walls bool) {
	s := q.sweep
	lo, hi := g.start[c], g.start[c+1]
	boxes := g.ibox[lo:hi]
	items := g.items[lo:hi]
	for k := range boxes {
		b := &boxes[k]
		if s.Min.X > b.Max.X || b.Min.X > s.Max.X || s.Min.Y > b.Max.Y || b.Min.Y > s.Max.Y {
			continue
		}
		if walls {
			sp.testWall(q, int(items[k]))
		} else {
			sp.testBody(q, int(items[k]))
		}
	}
}

// castFirst finds the earliest hit of q, or every hit when q.all.
func (sp *Space) castFirst(q *castQuery) (castResult, bool) {
	if q.mk == nil {
		q.mk = &sp.mk
	}
	q.best = castResult{hit: castHit{t: math.Inf(1)}}
	end := q.p.Add(q.d)
	seg := segBox(q.p, end)
	q.sweep = seg.Expand(q.r)
	q.single = false
	if sp.def.BruteForce {
		q.stamp = q.mk.next(len(sp.alive), len(sp.wallBox))
		sp.castBrute(q)
		return q.best, q.best.hit.t <= 1
	}
	g := &sp.gMoving
	if !q.all && q.r <= sp.def.MaxCastRadius && sp.def.Bounds.Contains(q.p) && sp.def.Bounds.Contains(end) &&
		(math.Abs(q.d.X) > g.cell || math.Abs(q.d.Y) > g.cell) {
		q.stamp = q.mk.next(len(sp.alive), len(sp.wallBox))
		sp.castDDA(q)
	} else {
		// Items sit in the grid grown by MaxCastRadius, so a cast no wider
		// than that only needs the cells its centre path touches.
		if q.r > sp.def.MaxCastRadius {
			seg = q.sweep
		}
		r := g.rangeOf(seg)
		q.single = r.x0 == r.x1 && r.y0 == r.y1
		if !q.single {
			q.stamp = q.mk.next(len(sp.alive), len(sp.wallBox))
		}
		for y := r.y0; y <= r.y1; y++ {
			for x := r.x0; x <= r.x1; x++ {
				sp.testCell(q, int(y)*g.nx+int(x))
			}
		}
	}
	return q.best, q.best.hit.t <= 1
}

// castDDA walks the cells the centre path crosses in order (Amanatides &
// Woo) and stops once the best hit lies before the next cell. Items are in
// the grid grown by MaxCastRadius >= r, so any shape the circle touches at
// time t is listed in the cell holding the centre at t.
func (sp *Space) castDDA(q *castQuery) {
	g := &sp.gMoving
	cx, cy := g.cellX(q.p.X), g.cellY(q.p.Y)
	ex, ey := g.cellX(q.p.X+q.d.X), g.cellY(q.p.Y+q.d.Y)
	stepX, stepY := 0, 0
	tMaxX, tMaxY := math.Inf(1), math.Inf(1)
	tDX, tDY := math.Inf(1), math.Inf(1)
	if q.d.X > 0 {
		stepX, tMaxX, tDX = 1, (g.ox+float64(float64(cx+1)*g.cell)-q.p.X)/q.d.X, g.cell/q.d.X
	} else if q.d.X < 0 {
		stepX, tMaxX, tDX = -1, (g.ox+float64(float64(cx)*g.cell)-q.p.X)/q.d.X, -g.cell/q.d.X
	}
	if q.d.Y > 0 {
		stepY, tMaxY, tDY = 1, (g.oy+float64(float64(cy+1)*g.cell)-q.p.Y)/q.d.Y, g.cell/q.d.Y
	} else if q.d.Y < 0 {
		stepY, tMaxY, tDY = -1, (g.oy+float64(float64(cy)*g.cell)-q.p.Y)/q.d.Y, -g.cell/q.d.Y
	}
	for {
		sp.testCell(q, cy*g.nx+cx)
		next := math.Min(tMaxX, tMaxY)
		if q.best.hit.t < next || next > 1 || (cx == ex && cy == ey) {
			return
		}
		if tMaxX < tMaxY {
			cx += stepX
			tMaxX += tDX
		} else {
			cy += stepY
			tMaxY += tDY
		}
		if cx < 0 || cx >= g.nx || cy < 0 || cy >= g.ny {
			return
		}
	}
}

func (sp *Space) castBrute(q *castQuery) {
	if q.walls {
		for k := range sp.wallBox {
			if boxesTouch(q.sweep, sp.wallBox[k]) {
				sp.testWall(q, k)
			}
		}
	}
	for j, a := range sp.alive {
		if !a || !boxesTouch(q.sweep, sp.sbox[j]) {
			continue
		}
		if (sp.typ[j] == Static && q.static) || (sp.typ[j] != Static && q.moving) {
			sp.testBody(q, j)
		}
	}
}

func validCast(from, to mathx.Vec2) bool { return finiteVec(from) && finiteVec(to) }

// RayCast returns the first wall or body the segment from→to hits.
// Non-finite input hits nothing. On a miss the RayHit is empty with Wall -1.
func (sp *Space) RayCast(from, to mathx.Vec2, f QueryFilter) (RayHit, bool) {
	return sp.CircleCast(from, to, 0, f)
}

// CircleCast sweeps a circle of radius r from→to and returns the first
// wall or body it touches (Fraction 0 if it starts overlapping one).
func (sp *Space) CircleCast(from, to mathx.Vec2, r float64, f QueryFilter) (RayHit, bool) {
	if !validCast(from, to) || !finite(r) || r < 0 {
		return RayHit{Wall: -1}, false
	}
	sp.refresh()
	q := castQuery{p: from, d: to.Sub(from), r: r}
	sp.filterQuery(f, &q)
	c, ok := sp.castFirst(&q)
	if !ok {
		return RayHit{Wall: -1}, false
	}
	return sp.rayHit(&q, c), true
}

// RayCastAll appends every wall and body the segment from→to hits to dst,
// sorted by Fraction (ties: walls first, then by index), and returns it.
func (sp *Space) RayCastAll(from, to mathx.Vec2, f QueryFilter, dst []RayHit) []RayHit {
	if !validCast(from, to) {
		return dst
	}
	sp.refresh()
	q := castQuery{p: from, d: to.Sub(from), all: true}
	sp.filterQuery(f, &q)
	sp.hits = dst
	n0 := len(dst)
	sp.castFirst(&q)
	dst = sp.hits
	sp.hits = nil
	slices.SortFunc(dst[n0:], cmpRayHit)
	return dst
}

func cmpRayHit(a, b RayHit) int {
	switch {
	case a.Fraction < b.Fraction:
		return -1
	case a.Fraction > b.Fraction:
		return 1
	case (a.Wall >= 0) != (b.Wall >= 0):
		if a.Wall >= 0 {
			return -1
		}
		return 1
	case a.Wall != b.Wall:
		return a.Wall - b.Wall
	}
	return int(a.Body.index) - int(b.Body.index)
}

// LineOfSight reports whether the segment from→to is clear of walls and of
// the bodies the filter selects (a typical call sets IgnoreWalls false and
// Mask to the obstacle layers, Exclude to the viewer).
func (sp *Space) LineOfSight(from, to mathx.Vec2, f QueryFilter) bool {
	_, hit := sp.RayCast(from, to, f)
	return !hit
}

// OverlapBox appends to dst the walls and bodies that overlap or touch box b
// (exact shape test), walls first by index, then bodies by slot.
func (sp *Space) OverlapBox(b mathx.AABB, f QueryFilter, dst []Overlap) []Overlap {
	if !finiteVec(b.Min) || !finiteVec(b.Max) || b.Max.X < b.Min.X || b.Max.Y < b.Min.Y {
		return dst
	}
	var s Shape
	h := b.Half()
	if h.X > 0 && h.Y > 0 {
		s, _ = NewBox(h.X, h.Y)
	} else {
		// A degenerate box is a point or segment: a tiny circle stands in.
		s, _ = NewCircle(math.Max(math.Max(h.X, h.Y), 1e-9))
	}
	return sp.OverlapShape(s, b.Center(), 0, f, dst)
}

// OverlapShape appends to dst the walls and bodies that overlap or touch
// shape s placed at pos rotated by angle: walls first by index, then bodies
// by slot.
func (sp *Space) OverlapShape(s Shape, pos mathx.Vec2, angle float64, f QueryFilter, dst []Overlap) []Overlap {
	if s.kind == 0 || !finiteVec(pos) || !finite(angle) {
		return dst
	}
	sp.refresh()
	var q castQuery
	sp.filterQuery(f, &q)
	x := makeXform(pos, angle)
	box := s.aabb(x)
	st := sp.nextStamp()
	n0 := len(dst)
	visitWall := func(k int) {
		if sp.mk.wall[k] == st {
			return
		}
		sp.mk.wall[k] = st
		if sp.wallLayer[k]&q.mask == 0 || !boxesTouch(box, sp.wallBox[k]) {
			return
		}
		var wp poly
		boxPoly(sp.wallBox[k], 0xff, &wp)
		if _, ok := collideWall(&wp, &s, x); ok {
			dst = append(dst, Overlap{Wall: k})
		}
	}
	visitBody := func(j int) {
		if sp.mk.body[j] == st {
			return
		}
		sp.mk.body[j] = st
		if !sp.bodyVisible(&q, j) || !boxesTouch(box, sp.box[j]) {
			return
		}
		if _, ok := collideShapes(&s, x, &sp.shape[j], sp.xf(j)); ok {
			dst = append(dst, Overlap{Body: sp.idOf(int32(j)), Wall: -1})
		}
	}
	if sp.def.BruteForce {
		if q.walls {
			for k := range sp.wallBox {
				visitWall(k)
			}
		}
		for j := range sp.alive {
			visitBody(j)
		}
	} else {
		r := sp.gMoving.rangeOf(box)
		for y := r.y0; y <= r.y1; y++ {
			for xx := r.x0; xx <= r.x1; xx++ {
				c := int(y)*sp.gMoving.nx + int(xx)
				if q.walls {
					for _, k := range sp.gWalls.cellItems(c) {
						visitWall(int(k))
					}
				}
				for _, j := range sp.gStatic.cellItems(c) {
					visitBody(int(j))
				}
				for _, j := range sp.gMoving.cellItems(c) {
					visitBody(int(j))
				}
			}
		}
	}
	slices.SortFunc(dst[n0:], func(a, b Overlap) int {
		if (a.Wall >= 0) != (b.Wall >= 0) {
			if a.Wall >= 0 {
				return -1
			}
			return 1
		}
		if a.Wall != b.Wall {
			return a.Wall - b.Wall
		}
		return int(a.Body.index) - int(b.Body.index)
	})
	return dst
}

// distToShape returns the distance from p to shape s under x (0 inside).
func distToShape(p mathx.Vec2, s *Shape, x xform) float64 {
	if s.kind == KindCircle {
		return math.Max(0, p.Dist(x.p)-s.radius)
	}
	if s.kind == KindCapsule {
		a, b := s.segment(x)
		_, c := closestOnSeg(p, a, b)
		return math.Max(0, length(p.Sub(c))-s.radius)
	}
	var a poly
	s.worldPoly(x, &a)
	inside := true
	best := math.Inf(1)
	for i := 0; i < a.n; i++ {
		v1, v2 := a.v[i], a.v[(i+1)%a.n]
		if a.nrm[i].Dot(p.Sub(v1)) > 0 {
			inside = false
		}
		best = math.Min(best, mathx.SegmentDist(p, v1, v2))
	}
	if inside {
		return 0
	}
	return best
}

// Nearest returns the body closest to p (distance to its surface, 0 when p
// is inside) within maxDist, searching grid rings outward. Ties go to the
// lower slot. Walls are not considered.
func (sp *Space) Nearest(p mathx.Vec2, maxDist float64, f QueryFilter) (BodyID, float64, bool) {
	if !finiteVec(p) || math.IsNaN(maxDist) || maxDist < 0 {
		return BodyID{}, 0, false
	}
	sp.refresh()
	var q castQuery
	sp.filterQuery(f, &q)
	st := sp.nextStamp()
	best, bestD := int32(-1), math.Inf(1)
	visit := func(j int) {
		if sp.mk.body[j] == st {
			return
		}
		sp.mk.body[j] = st
		if !sp.bodyVisible(&q, j) {
			return
		}
		d := distToShape(p, &sp.shape[j], sp.xf(j))
		if d <= maxDist && (d < bestD || (d == bestD && int32(j) < best)) {
			best, bestD = int32(j), d
		}
	}
	if sp.def.BruteForce {
		for j := range sp.alive {
			visit(j)
		}
	} else {
		g := &sp.gMoving
		cx, cy := g.cellX(p.X), g.cellY(p.Y)
		for k := 0; ; k++ {
			x0, x1, y0, y1 := cx-k, cx+k, cy-k, cy+k
			for y := max(y0, 0); y <= min(y1, g.ny-1); y++ {
				for x := max(x0, 0); x <= min(x1, g.nx-1); x++ {
					if y != y0 && y != y1 && x != x0 && x != x1 {
						continue // interior: visited in an earlier ring
					}
					c := y*g.nx + x
					for _, j := range sp.gStatic.cellItems(c) {
						visit(int(j))
					}
					for _, j := range sp.gMoving.cellItems(c) {
						visit(int(j))
					}
				}
			}
			if x0 <= 0 && y0 <= 0 && x1 >= g.nx-1 && y1 >= g.ny-1 {
				break // every cell visited
			}
			// Anything unvisited lies wholly outside this block of cells.
			lo := math.Inf(1)
			if x0 > 0 {
				lo = math.Min(lo, p.X-(g.ox+float64(float64(x0)*g.cell)))
			}
			if y0 > 0 {
				lo = math.Min(lo, p.Y-(g.oy+float64(float64(y0)*g.cell)))
			}
			if x1 < g.nx-1 {
				lo = math.Min(lo, g.ox+float64(float64(x1+1)*g.cell)-p.X)
			}
			if y1 < g.ny-1 {
				lo = math.Min(lo, g.oy+float64(float64(y1+1)*g.cell)-p.Y)
			}
			if lo > bestD || lo > maxDist {
				break
			}
		}
	}
	if best < 0 {
		return BodyID{}, 0, false
	}
	return sp.idOf(best), bestD, true
}

// segBox is mathx.Box without math.Min's call and NaN care (inputs are
// finite here): the builtins compile to branch-free MINSD/MAXSD, which
// matters in the per-bullet path (a segment's direction is a coin toss for
// the branch predictor). Its boxes only feed comparisons, where a zero's
// sign never matters.
func segBox(a, b mathx.Vec2) mathx.AABB {
	return mathx.AABB{Min: mathx.Vec2{X: min(a.X, b.X), Y: min(a.Y, b.Y)}, Max: mathx.Vec2{X: max(a.X, b.X), Y: max(a.Y, b.Y)}}
}

// castMoving sweeps circle (p, r) along d against body j as it moved during
// the last Step (from prev to pos, at its current angle): in the body's
// frame the circle moves by d minus the body's displacement, so a bullet and
// a unit crossing each other within one step still meet.
func (sp *Space) castMoving(p, d mathx.Vec2, r float64, j int) (castHit, bool) {
	disp := sp.pos[j].Sub(sp.prev[j])
	if disp == (mathx.Vec2{}) {
		if cr := sp.crad[j]; cr >= 0 {
			return castCircleCircle(p, d, r, sp.pos[j], cr)
		}
		return castShape(p, d, r, &sp.shape[j], sp.xf(j))
	}
	rel := d.Sub(disp)
	if cr := sp.crad[j]; cr >= 0 {
		return castCircleCircle(p, rel, r, sp.prev[j], cr)
	}
	x := sp.xf(j)
	x.p = sp.prev[j]
	return castShape(p, rel, r, &sp.shape[j], x)
}
