package nav

import (
	"fmt"
	"math"

	"diorama/mathx"
)

// Alive reports whether the polygon is part of the mesh (false for
// indices freed by Block or Unblock).
func (p Poly) Alive() bool { return p.alive }

// Len returns the number of polygon indices, dead ones included.
func (m *Mesh) Len() int { return len(m.polys) }

// Count returns the number of live polygons.
func (m *Mesh) Count() int { return len(m.polys) - len(m.deadIDs) }

// Poly returns polygon i.
func (m *Mesh) Poly(i int) Poly { return m.polys[i] }

// Bounds returns polygon i's rectangle in world units (tiles).
func (m *Mesh) Bounds(i int) mathx.AABB {
	r := m.polys[i].Rect
	s := 1 / float64(m.sub)
	return mathx.AABB{Min: mathx.V2(float64(r.Min.X)*s, float64(r.Min.Y)*s), Max: mathx.V2(float64(r.Max.X)*s, float64(r.Max.Y)*s)}
}

// Links returns polygon i's portals. The slice belongs to the mesh.
func (m *Mesh) Links(i int) []Link { return m.links[i] }

// Graph returns the polygon adjacency graph (node i is polygon i).
func (m *Mesh) Graph() *Graph { return m.graph }

// Doors returns the door tiles, indexed by door index.
func (m *Mesh) Doors() []mathx.Point { return m.doors }

// PolyAt returns the polygon containing world point p, or -1 when p is
// outside the map or in no polygon (a wall, or too close to one for the
// agent radius).
func (m *Mesh) PolyAt(p mathx.Vec2) int {
	if !p.IsFinite() {
		return -1
	}
	x, y := math.Floor(p.X*float64(m.sub)), math.Floor(p.Y*float64(m.sub))
	if x < 0 || y < 0 || x >= float64(m.w) || y >= float64(m.h) {
		return -1
	}
	return int(m.cell[int(y)*m.w+int(x)])
}

// Polygons appends every live polygon's outline (four corners, clockwise
// on screen, in world units) to dst and returns it, ready to draw. The
// outlines reuse the storage of those beyond len(dst) within its
// capacity, so calling it again with dst[:0] allocates nothing.
func (m *Mesh) Polygons(dst [][]mathx.Vec2) [][]mathx.Vec2 {
	for i, p := range m.polys {
		if !p.alive {
			continue
		}
		b := m.Bounds(i)
		var q []mathx.Vec2
		if n := len(dst); n < cap(dst) {
			q = dst[: n+1 : n+1][n][:0]
		}
		dst = append(dst, append(q, b.Min, mathx.V2(b.Max.X, b.Min.Y), b.Max, mathx.V2(b.Min.X, b.Max.Y)))
	}
	return dst
}

// SetDoorLocked locks or unlocks the door on tile (x, y). Locking disables
// every edge leading into the door's polygons, so no path is planned
// through it; edges out stay, so an agent standing in the doorway can still
// leave.
func (m *Mesh) SetDoorLocked(x, y int, locked bool) error {
	d := -1
	for i, p := range m.doors {
		if p.X == x && p.Y == y {
			d = i
		}
	}
	if d < 0 {
		return fmt.Errorf("nav: no door at tile (%d,%d)", x, y)
	}
	m.locked[d] = locked
	for i, p := range m.polys {
		if !p.alive || p.Door != d {
			continue
		}
		for _, l := range m.links[i] {
			m.graph.SetEdgeEnabled(int(l.To), i, !locked)
		}
	}
	return nil
}

// Block marks the tiles of r (tile coordinates, Max exclusive) blocked at
// run time: polygons that lose cells are removed and their remaining cells
// re-partitioned locally with the mesh's method, then linked to their
// neighbours.
// It returns the number of polygons replaced.
func (m *Mesh) Block(r mathx.Rect) int { return m.setBlocked(r, true) }

// Unblock frees the tiles of r blocked by Block (static walls stay) and
// re-partitions the freed cells together with the polygons around them.
func (m *Mesh) Unblock(r mathx.Rect) int { return m.setBlocked(r, false) }

func (m *Mesh) setBlocked(r mathx.Rect, blocked bool) int {
	r = r.Intersect(mathx.Rect{Max: mathx.Point{X: m.tw, Y: m.th}})
	if r.Empty() {
		return 0
	}
	cr := mathx.Rect{Min: r.Min.Mul(m.sub), Max: r.Max.Mul(m.sub)}
	changed := false
	for y := cr.Min.Y; y < cr.Max.Y; y++ {
		for x := cr.Min.X; x < cr.Max.X; x++ {
			if c := y*m.w + x; m.dyn[c] != blocked {
				m.dyn[c] = blocked
				changed = true
			}
		}
	}
	if !changed {
		return 0
	}
	all := mathx.Rect{Max: mathx.Point{X: m.w, Y: m.h}}
	win := cr.Inset(-m.k).Intersect(all) // cells whose erosion may change
	old := append([]bool(nil), m.free[win.Min.Y*m.w:win.Max.Y*m.w]...)
	m.erode(win)
	// Polygons touching a changed cell, or next to a newly freed one, are
	// replaced.
	var victims []int32
	add := func(p int32) {
		if p < 0 {
			return
		}
		for _, v := range victims {
			if v == p {
				return
			}
		}
		victims = append(victims, p)
	}
	bb := mathx.Rect{Min: mathx.Point{X: m.w, Y: m.h}}
	var freed []int
	for y := win.Min.Y; y < win.Max.Y; y++ {
		for x := win.Min.X; x < win.Max.X; x++ {
			c := y*m.w + x
			was := old[(y-win.Min.Y)*m.w+x]
			if was == m.free[c] {
				continue
			}
			if was {
				add(m.cell[c])
			} else {
				freed = append(freed, c)
				bb = bb.Union(mathx.R(x, y, x+1, y+1))
				for _, n := range [4][2]int{{x - 1, y}, {x + 1, y}, {x, y - 1}, {x, y + 1}} {
					if n[0] >= 0 && n[1] >= 0 && n[0] < m.w && n[1] < m.h {
						add(m.cell[n[1]*m.w+n[0]])
					}
				}
			}
		}
	}
	m.stamp += 2
	for _, p := range victims {
		pr := m.polys[p].Rect
		bb = bb.Union(pr)
		m.kill(p)
		for y := pr.Min.Y; y < pr.Max.Y; y++ {
			for x := pr.Min.X; x < pr.Max.X; x++ {
				c := y*m.w + x
				m.cell[c] = -1
				if m.free[c] {
					m.mark[c] = m.stamp
				}
			}
		}
	}
	for _, c := range freed {
		m.mark[c] = m.stamp
	}
	if !bb.Empty() {
		m.partition(bb, m.opt.Method, false)
	}
	return len(victims)
}

// FindPath plans a corridor of polygons from world point from to world
// point to and appends it to dst[:0]. Start and goal in the same polygon
// give a one-polygon corridor without a search; a goal in no polygon is
// ErrBlocked (the goal is inaccessible: stop).
func (m *Mesh) FindPath(s *Searcher, from, to mathx.Vec2, dst []int) ([]int, Stats, error) {
	a, b := m.PolyAt(from), m.PolyAt(to)
	switch {
	case a < 0:
		return dst[:0], Stats{}, fmt.Errorf("%w: start %v is in no polygon", ErrBlocked, from)
	case b < 0:
		return dst[:0], Stats{}, fmt.Errorf("%w: goal %v is in no polygon", ErrBlocked, to)
	case a == b:
		return append(dst[:0], a), Stats{Cost: from.Dist(to)}, nil
	}
	return s.AStarGraph(m.graph, a, b, dst)
}

// portal returns the portal from polygon a into b, ordered left then
// right for a traveller crossing it, or false when they are not linked.
func (m *Mesh) portal(a, b int) (l, r mathx.Vec2, ok bool) {
	for _, k := range m.links[a] {
		if int(k.To) != b {
			continue
		}
		d := m.graph.pos[b].Sub(m.graph.pos[a])
		mid := k.A.Add(k.B).Scale(0.5)
		if d.Cross(k.A.Sub(mid)) > 0 {
			return k.A, k.B, true
		}
		return k.B, k.A, true
	}
	return l, r, false
}

// Portals appends the corridor's portals, as left/right pairs, to dst[:0]
// framed by (from, from) and (to, to): the input of the funnel.
func (m *Mesh) Portals(from, to mathx.Vec2, corridor []int, dst [][2]mathx.Vec2) ([][2]mathx.Vec2, error) {
	return corridorPortals(m, from, to, corridor, dst)
}

// Waypoints appends the corridor's raw path to dst[:0]: from, the
// midpoint of every portal, then to. Each segment lies in one convex
// polygon, so the path is walkable; it is the slack path to smooth
// (Smooth, SeedBezier) or to follow by look-ahead, where Funnel gives the
// taut one.
func (m *Mesh) Waypoints(from, to mathx.Vec2, corridor []int, dst []mathx.Vec2) []mathx.Vec2 {
	return corridorWaypoints(m, from, to, corridor, dst)
}

// portaler is a navmesh whose neighbouring polygons share a portal: Mesh
// and PolyMesh.
type portaler interface {
	portal(a, b int) (l, r mathx.Vec2, ok bool)
}

// corridorPortals is Portals for either mesh (generic, so no allocation).
func corridorPortals[M portaler](m M, from, to mathx.Vec2, corridor []int, dst [][2]mathx.Vec2) ([][2]mathx.Vec2, error) {
	dst = append(dst[:0], [2]mathx.Vec2{from, from})
	for i := 1; i < len(corridor); i++ {
		l, r, ok := m.portal(corridor[i-1], corridor[i])
		if !ok {
			return dst[:0], fmt.Errorf("nav: polygons %d and %d are not neighbours", corridor[i-1], corridor[i])
		}
		dst = append(dst, [2]mathx.Vec2{l, r})
	}
	return append(dst, [2]mathx.Vec2{to, to}), nil
}

// corridorWaypoints is Waypoints for either mesh.
func corridorWaypoints[M portaler](m M, from, to mathx.Vec2, corridor []int, dst []mathx.Vec2) []mathx.Vec2 {
	dst = append(dst[:0], from)
	for i := 1; i < len(corridor); i++ {
		if l, r, ok := m.portal(corridor[i-1], corridor[i]); ok {
			dst = append(dst, l.Add(r).Scale(0.5))
		}
	}
	return append(dst, to)
}

// Clear reports whether the straight segment a–b stays inside the mesh's
// walkable (eroded) cells: a ClearFunc for this mesh.
func (m *Mesh) Clear(a, b mathx.Vec2) bool {
	s := float64(m.sub)
	return segmentClear(a.Scale(s), b.Scale(s), func(x, y int) bool {
		return x >= 0 && y >= 0 && x < m.w && y < m.h && m.free[y*m.w+x]
	})
}

// Clear reports whether the straight segment between world points a and b
// (one unit per cell, cell (x, y) spanning [x, x+1)×[y, y+1)) crosses only
// walkable cells: a ClearFunc for this grid.
func (g *Grid) Clear(a, b mathx.Vec2) bool {
	return segmentClear(a, b, g.Walkable)
}

// segmentClear reports whether every cell the segment a–b (in cell units)
// passes through is ok. The ends are pulled in by a hair so a segment that
// merely ends on a cell's boundary does not test that cell; a segment
// lying exactly on a grid line may run along walls on either side; where
// it passes exactly through a cell corner it may graze one blocked cell
// there but not squeeze between two.
func segmentClear(a, b mathx.Vec2, ok func(x, y int) bool) bool {
	if !a.IsFinite() || !b.IsFinite() {
		return false
	}
	if a.Y == b.Y && a.Y == math.Floor(a.Y) {
		return lineClear(a.X, b.X, int(a.Y), ok)
	}
	if a.X == b.X && a.X == math.Floor(a.X) {
		return lineClear(a.Y, b.Y, int(a.X), func(u, v int) bool { return ok(v, u) })
	}
	const eps = 1e-7
	d := b.Sub(a)
	if l := d.Len(); l > 4*eps {
		n := d.Scale(eps / l)
		a, b = a.Add(n), b.Sub(n)
	}
	return walkCells(a, b, ok)
}

// lineClear checks a segment lying on the grid line between rows at-1 and
// at (in ok's coordinates), from u0 to u1 along it: each stretch needs a
// walkable cell on one side, and at each lattice point the path may not
// squeeze between two blocked cells meeting there.
func lineClear(u0, u1 float64, at int, ok func(u, v int) bool) bool {
	if u0 > u1 {
		u0, u1 = u1, u0
	}
	if u1-u0 > 1<<24 {
		return false
	}
	first, last := int(math.Floor(u0)), int(math.Ceil(u1))-1
	if last < first {
		last = first
	}
	for c := first; c <= last; c++ {
		if !ok(c, at-1) && !ok(c, at) {
			return false
		}
		if c > first {
			if (!ok(c-1, at-1) && !ok(c, at)) || (!ok(c, at-1) && !ok(c-1, at)) {
				return false
			}
		}
	}
	return true
}

// walkCells is an Amanatides–Woo traversal from a to b.
func walkCells(a, b mathx.Vec2, ok func(x, y int) bool) bool {
	x, y := int(math.Floor(a.X)), int(math.Floor(a.Y))
	if !ok(x, y) {
		return false
	}
	dx, dy := b.X-a.X, b.Y-a.Y
	sx, sy := 1, 1
	if dx < 0 {
		sx = -1
	}
	if dy < 0 {
		sy = -1
	}
	inf := math.Inf(1)
	tdx, tdy, tx, ty := inf, inf, inf, inf
	if dx != 0 {
		tdx = math.Abs(1 / dx)
		nx := float64(x)
		if sx > 0 {
			nx++
		}
		tx = (nx - a.X) / dx
	}
	if dy != 0 {
		tdy = math.Abs(1 / dy)
		ny := float64(y)
		if sy > 0 {
			ny++
		}
		ty = (ny - a.Y) / dy
	}
	limit := 1 << 30
	if l := math.Abs(dx) + math.Abs(dy) + 4; l < float64(limit) {
		limit = int(l)
	}
	for n := 0; n < limit; n++ {
		switch {
		case tx < ty-1e-9:
			if tx >= 1 {
				return true
			}
			x += sx
			tx += tdx
		case ty < tx-1e-9:
			if ty >= 1 {
				return true
			}
			y += sy
			ty += tdy
		default: // through a corner (to rounding)
			if tx >= 1 {
				return true
			}
			if !ok(x+sx, y) && !ok(x, y+sy) {
				return false // squeezing between two walls meeting at a point
			}
			x += sx
			y += sy
			tx += tdx
			ty += tdy
		}
		if !ok(x, y) {
			return false
		}
	}
	return true
}

// Rebuild re-partitions the whole walkable area from scratch with the
// mesh's method, keeping run-time blocks and door locks. Local updates
// (Block, Unblock) fragment the mesh over time; a Rebuild between levels
// or when the count has grown restores a fresh partition. Polygon indices
// change.
func (m *Mesh) Rebuild() {
	m.polys = m.polys[:0]
	m.links = m.links[:0]
	m.deadIDs = m.deadIDs[:0]
	m.graph = NewGraph()
	m.linkSlab, m.edgeSlab = nil, nil
	for c := range m.cell {
		m.cell[c] = -1
	}
	m.stamp += 2
	for c, f := range m.free {
		if f {
			m.mark[c] = m.stamp
		}
	}
	m.partition(mathx.Rect{Max: mathx.Point{X: m.w, Y: m.h}}, m.opt.Method, true)
}

// Nearest returns the polygon closest to world point p and the closest
// point of it (p itself when p is inside one), or -1 when the mesh is
// empty or p is not finite. Use it to snap a start or goal that lies in a
// wall, or too near one for the agent radius, onto the mesh.
func (m *Mesh) Nearest(p mathx.Vec2) (int, mathx.Vec2) {
	if !p.IsFinite() {
		return -1, p
	}
	if i := m.PolyAt(p); i >= 0 {
		return i, p
	}
	best, bd := -1, math.Inf(1)
	var bq mathx.Vec2
	for i := range m.polys {
		if !m.polys[i].alive {
			continue
		}
		b := m.Bounds(i)
		q := mathx.V2(mathx.Clamp(p.X, b.Min.X, b.Max.X), mathx.Clamp(p.Y, b.Min.Y, b.Max.Y))
		if d := q.DistSq(p); d < bd {
			best, bd, bq = i, d, q
		}
	}
	if best >= 0 {
		// Pull the point a hair inside so PolyAt finds the polygon (Max
		// edges are exclusive).
		b := m.Bounds(best)
		const eps = 1e-9
		bq.X = math.Min(math.Max(bq.X, b.Min.X+eps), b.Max.X-eps)
		bq.Y = math.Min(math.Max(bq.Y, b.Min.Y+eps), b.Max.Y-eps)
	}
	return best, bq
}
