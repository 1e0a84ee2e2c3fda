package nav

import (
	"fmt"

	"diorama/mathx"
)

// UpdateStats describes one live update of a PolyMesh.
type UpdateStats struct {
	// Removed and Added count the polygons replaced and created.
	Removed, Added int
}

// Obstacles returns the number of obstacle ids handed out (removed ones
// included).
func (m *PolyMesh) Obstacles() int { return len(m.obs) }

// Obstacle returns obstacle id's outline and whether it is present.
func (m *PolyMesh) Obstacle(id int) (Obstacle, bool) {
	if id < 0 || id >= len(m.obs) {
		return Obstacle{}, false
	}
	return m.obs[id].o, m.obs[id].alive
}

// AddObstacle adds an obstacle at run time and returns its id (ids of
// the obstacles passed to BuildGeom are their indices). Only the
// polygons whose boxes overlap the inflated obstacle are rebuilt: a
// triangulated mesh re-triangulates them together with every polygon
// edge around them as a constraint; a SeedGrow mesh re-rasterises the
// cells, removes the rectangles there and re-seeds and grows the gap
// (as DASFV, dynamic adaptive space-filling volumes, does).
func (m *PolyMesh) AddObstacle(o Obstacle) (int, UpdateStats, error) {
	if err := o.Validate(); err != nil {
		return -1, UpdateStats{}, err
	}
	mo := m.newObstacle(o)
	m.obs = append(m.obs, mo)
	return len(m.obs) - 1, m.update(mo.bb, mo.pieces, nil), nil
}

// RemoveObstacle removes obstacle id and rebuilds the polygons around
// it, covering the space it freed.
func (m *PolyMesh) RemoveObstacle(id int) (UpdateStats, error) {
	if id < 0 || id >= len(m.obs) || !m.obs[id].alive {
		return UpdateStats{}, fmt.Errorf("nav: no obstacle %d", id)
	}
	m.obs[id].alive = false
	return m.update(m.obs[id].bb, m.obs[id].pieces, nil), nil
}

// MoveObstacle replaces obstacle id's outline with o (a moved, turned
// or reshaped obstacle) and rebuilds the polygons around both places in
// one update.
func (m *PolyMesh) MoveObstacle(id int, o Obstacle) (UpdateStats, error) {
	if id < 0 || id >= len(m.obs) || !m.obs[id].alive {
		return UpdateStats{}, fmt.Errorf("nav: no obstacle %d", id)
	}
	if err := o.Validate(); err != nil {
		return UpdateStats{}, err
	}
	old := m.obs[id]
	m.obs[id] = m.newObstacle(o)
	return m.update(old.bb.Union(m.obs[id].bb), old.pieces, m.obs[id].pieces), nil
}

// polysIn appends the live polygons whose boxes overlap b to dst.
func (m *PolyMesh) polysIn(b mathx.AABB, dst []int32) []int32 {
	x0, y0, x1, y1 := m.bucketRange(b)
	start := len(dst)
	for y := y0; y <= y1; y++ {
		for x := x0; x <= x1; x++ {
			for _, id := range m.buckets[y*m.bw+x] {
				p := &m.polys[id]
				if !p.alive || !p.bb.Overlaps(b) {
					continue
				}
				dup := false
				for _, q := range dst[start:] {
					if q == id {
						dup = true
						break
					}
				}
				if !dup {
					dst = append(dst, id)
				}
			}
		}
	}
	return dst
}

// update rebuilds the mesh where the pieces of the changed obstacles
// (before and after) lie: region bounds them all.
func (m *PolyMesh) update(region mathx.AABB, before, after []convexPiece) UpdateStats {
	if m.grow != nil {
		return m.regrow(region)
	}
	size := max(m.walk.Max.X-m.walk.Min.X, m.walk.Max.Y-m.walk.Min.Y)
	margin := 1e-6 * size
	region = region.Expand(margin)
	// Victims: the polygons that overlap or touch a changed piece (the
	// ones touching an old piece border the space it frees).
	cand := m.polysIn(region, nil)
	victims := cand[:0]
	for _, p := range cand {
		pts := m.polys[p].pts
		hit := false
		for _, ps := range [2][]convexPiece{before, after} {
			for i := range ps {
				if ps[i].bb.Expand(margin).Overlaps(m.polys[p].bb) && convexTouch(pts, ps[i].pts, margin) {
					hit = true
					break
				}
			}
		}
		if hit {
			victims = append(victims, p)
		}
	}
	box := region
	for _, v := range victims {
		box = box.Union(m.polys[v].bb)
	}
	box = box.Expand(margin)
	all := m.polysIn(box, nil)
	fence := all[:0]
	for _, p := range all {
		isVictim := false
		for _, v := range victims {
			if v == p {
				isVictim = true
				break
			}
		}
		if !isVictim {
			fence = append(fence, p)
		}
	}
	for _, v := range victims {
		m.killPoly(v)
	}
	count0 := m.Count()
	m.triangulate(box, fence)
	return UpdateStats{Removed: len(victims), Added: m.Count() - count0}
}

// regrow is SeedGrow's update: re-rasterise the changed cells, drop the
// rectangles that touch them, then seed every uncovered free cell of the
// dropped area in scan order and grow it (full coverage of the gap).
func (m *PolyMesh) regrow(region mathx.AABB) UpdateStats {
	g := m.grow
	cr := g.cellsOf(m.walk.Min, region).Inset(-1).Intersect(mathx.Rect{Max: mathx.Pt(g.gw, g.gh)})
	if cr.Empty() {
		return UpdateStats{}
	}
	m.rasterize(cr)
	var victims []int32
	for y := cr.Min.Y; y < cr.Max.Y; y++ {
		for x := cr.Min.X; x < cr.Max.X; x++ {
			if id := g.owner[y*g.gw+x]; id >= 0 && m.polys[id].alive {
				dup := false
				for _, v := range victims {
					if v == id {
						dup = true
						break
					}
				}
				if !dup {
					victims = append(victims, id)
				}
			}
		}
	}
	area := cr
	for _, v := range victims {
		r := g.rects[v]
		area = area.Union(r)
		m.killPoly(v)
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				g.owner[y*g.gw+x] = -1
			}
		}
	}
	var fresh []int32
	for y := area.Min.Y; y < area.Max.Y; y++ {
		for x := area.Min.X; x < area.Max.X; x++ {
			if g.open(x, y) {
				id := m.seed(x, y)
				m.growRects([]int32{id})
				fresh = append(fresh, id)
			}
		}
	}
	m.finishRects(fresh)
	return UpdateStats{Removed: len(victims), Added: len(fresh)}
}

// convexTouch reports whether two convex counter-clockwise polygons
// overlap or come within eps of each other (no separating axis with a
// gap over eps among their edge normals).
func convexTouch(a, b []mathx.Vec2, eps float64) bool {
	return !separated(a, b, eps) && !separated(b, a, eps)
}

// separated reports whether an edge of a has all of b more than eps
// outside it.
func separated(a, b []mathx.Vec2, eps float64) bool {
	n := len(a)
	for i := 0; i < n; i++ {
		p, q := a[i], a[(i+1)%n]
		e := q.Sub(p)
		l := e.Len()
		if l == 0 {
			continue
		}
		out := true
		for _, v := range b {
			if e.Cross(v.Sub(p)) > -eps*l { // not beyond the edge by eps
				out = false
				break
			}
		}
		if out {
			return true
		}
	}
	return false
}
