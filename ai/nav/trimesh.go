package nav

import (
	"math"

	"diorama/mathx"
)

// clipSeg clips segment a–b to box b (Liang–Barsky).
func clipSeg(a, b mathx.Vec2, box mathx.AABB) (mathx.Vec2, mathx.Vec2, bool) {
	t0, t1 := 0.0, 1.0
	d := b.Sub(a)
	for _, e := range [4][2]float64{{-d.X, a.X - box.Min.X}, {d.X, box.Max.X - a.X}, {-d.Y, a.Y - box.Min.Y}, {d.Y, box.Max.Y - a.Y}} {
		p, q := e[0], e[1]
		if p == 0 {
			if q < 0 {
				return a, b, false
			}
			continue
		}
		r := q / p
		if p < 0 {
			if r > t1 {
				return a, b, false
			}
			if r > t0 {
				t0 = r
			}
		} else {
			if r < t0 {
				return a, b, false
			}
			if r < t1 {
				t1 = r
			}
		}
	}
	if t1 <= t0 {
		return a, b, false
	}
	na, nb := a, b
	if t0 > 0 {
		na = a.Add(d.Scale(t0))
	}
	if t1 < 1 {
		nb = a.Add(d.Scale(t1))
	}
	// keep clipped ends exactly on the box
	na = clampBox(na, box)
	nb = clampBox(nb, box)
	return na, nb, na != nb
}

func clampBox(p mathx.Vec2, b mathx.AABB) mathx.Vec2 {
	return mathx.V2(mathx.Clamp(p.X, b.Min.X, b.Max.X), mathx.Clamp(p.Y, b.Min.Y, b.Max.Y))
}

// blocked reports whether p lies inside an inflated live obstacle.
func (m *PolyMesh) blocked(p mathx.Vec2) bool {
	for i := range m.obs {
		o := &m.obs[i]
		if !o.alive || !o.bb.Contains(p) {
			continue
		}
		for j := range o.pieces {
			if o.pieces[j].contains(p, 0) {
				return true
			}
		}
	}
	return false
}

// triangulate covers the free space of box (inside the walkable
// rectangle) that the fence polygons do not already cover with new
// polygons, linked to each other and to the fence: a constrained
// Delaunay triangulation of box with every obstacle edge and fence edge
// as a constraint, its free triangles merged into convex polygons.
func (m *PolyMesh) triangulate(box mathx.AABB, fence []int32) {
	box, ok := box.Intersect(m.walk)
	if !ok || box.Max.X <= box.Min.X || box.Max.Y <= box.Min.Y {
		return
	}
	d := &m.tri
	d.reset(box)
	local := m.localPieces[:0]
	for i := range m.obs {
		o := &m.obs[i]
		if !o.alive || !o.bb.Overlaps(box) {
			continue
		}
		for j := range o.pieces {
			pc := &o.pieces[j]
			if !pc.bb.Overlaps(box) {
				continue
			}
			local = append(local, pc)
			n := len(pc.pts)
			for k := 0; k < n; k++ {
				if a, b, ok := clipSeg(pc.pts[k], pc.pts[(k+1)%n], box); ok {
					d.addSegment(a, b)
				}
			}
		}
	}
	// Fence edges lying on an obstacle edge are constraints already;
	// adding them again would make nearly collinear copies.
	tol := 1e-9 * math.Max(box.Max.X-box.Min.X, box.Max.Y-box.Min.Y)
	for _, f := range fence {
		pts := m.polys[f].pts
		n := len(pts)
		for k := 0; k < n; k++ {
			a, b, ok := clipSeg(pts[k], pts[(k+1)%n], box)
			if ok && !onPieceEdge(local, a, b, tol) {
				d.addSegment(a, b)
			}
		}
	}
	// Classify triangles by their centroids.
	pg := &m.pgrid
	pg.build(box, local)
	free := make([]bool, len(d.tri))
	for t := range d.tri {
		tr := &d.tri[t]
		a, b, c := d.pts[tr.v[0]], d.pts[tr.v[1]], d.pts[tr.v[2]]
		if orient(a, b, c) <= 0 {
			continue // degenerate sliver
		}
		g := a.Add(b).Add(c).Scale(1.0 / 3)
		hit := false
		for _, pc := range pg.at(g) {
			if pc.contains(g, 0) {
				hit = true
				break
			}
		}
		if hit {
			continue
		}
		in := false
		for _, f := range fence {
			if q := &m.polys[f]; q.bb.Contains(g) && inConvex(q.pts, g, -1e-12) {
				in = true
				break
			}
		}
		free[t] = !in
	}
	m.localPieces = local
	rings := m.mergeTriangles(free)
	ids := make([]int32, 0, len(rings))
	for _, r := range rings {
		ids = append(ids, m.addPoly(r))
	}
	for _, id := range ids {
		m.linkByEdges(id)
	}
}

// mergeTriangles turns the free triangles into convex polygons
// (Hertel–Mehlhorn: drop an unconstrained diagonal when the union stays
// convex), or returns them as they are with NoMerge.
func (m *PolyMesh) mergeTriangles(free []bool) [][]mathx.Vec2 {
	d := &m.tri
	owner := make([]int32, len(d.tri))
	rings := make([][]int32, 0, len(d.tri))
	for t := range d.tri {
		owner[t] = -1
		if free[t] {
			owner[t] = int32(len(rings))
			v := d.tri[t].v
			rings = append(rings, []int32{v[0], v[1], v[2]})
		}
	}
	// union-find over ring ids
	parent := make([]int32, len(rings))
	for i := range parent {
		parent[i] = int32(i)
	}
	var find func(int32) int32
	find = func(x int32) int32 {
		for parent[x] != x {
			parent[x] = parent[parent[x]]
			x = parent[x]
		}
		return x
	}
	if !m.opt.NoMerge {
		for t := range d.tri {
			if !free[t] {
				continue
			}
			for i := range 3 {
				u := d.tri[t].n[i]
				if u < 0 || int(u) < t || !free[u] || d.tri[t].c[i] {
					continue
				}
				a, b := find(owner[t]), find(owner[u])
				if a == b {
					continue
				}
				r := mergeRing(rings[a], rings[b])
				if r == nil || !m.convexRing(r) {
					continue
				}
				rings[a] = r
				rings[b] = nil
				parent[b] = a
			}
		}
	}
	out := make([][]mathx.Vec2, 0, len(rings))
	for i, r := range rings {
		if r == nil || parent[i] != int32(i) {
			continue
		}
		pts := make([]mathx.Vec2, len(r))
		for k, v := range r {
			pts[k] = d.pts[v]
		}
		out = append(out, pts)
	}
	return out
}

// convexRing reports whether the index ring is a simple convex polygon
// (collinear corners allowed: they keep the mesh conforming).
func (m *PolyMesh) convexRing(r []int32) bool {
	d := &m.tri
	n := len(r)
	for i, v := range r {
		for _, w := range r[i+1:] {
			if v == w {
				return false
			}
		}
	}
	turn := 0.0
	for i := 0; i < n; i++ {
		a, b, c := d.pts[r[i]], d.pts[r[(i+1)%n]], d.pts[r[(i+2)%n]]
		o := orient(a, b, c)
		if o < 0 {
			return false
		}
		turn += math.Atan2(o, b.Sub(a).Dot(c.Sub(b)))
	}
	return turn < 2*math.Pi+1e-6
}

// pieceGrid buckets convex pieces by box for point queries.
type pieceGrid struct {
	box   mathx.AABB
	cell  float64
	w, h  int
	cells [][]*convexPiece
	all   []*convexPiece
}

func (g *pieceGrid) build(box mathx.AABB, ps []*convexPiece) {
	g.box, g.all = box, ps
	if len(ps) < 16 {
		g.w = 0
		return
	}
	bw, bh := box.Max.X-box.Min.X, box.Max.Y-box.Min.Y
	g.cell = math.Sqrt(bw * bh / float64(len(ps)))
	g.w = min(256, int(bw/g.cell)+1)
	g.h = min(256, int(bh/g.cell)+1)
	g.cell = math.Max(bw/float64(g.w), bh/float64(g.h))
	n := g.w * g.h
	if cap(g.cells) < n {
		g.cells = make([][]*convexPiece, n)
	}
	g.cells = g.cells[:n]
	for i := range g.cells {
		g.cells[i] = g.cells[i][:0]
	}
	for _, p := range ps {
		x0, y0 := g.index(p.bb.Min)
		x1, y1 := g.index(p.bb.Max)
		for y := y0; y <= y1; y++ {
			for x := x0; x <= x1; x++ {
				g.cells[y*g.w+x] = append(g.cells[y*g.w+x], p)
			}
		}
	}
}

func (g *pieceGrid) index(p mathx.Vec2) (int, int) {
	x := int(math.Floor((p.X - g.box.Min.X) / g.cell))
	y := int(math.Floor((p.Y - g.box.Min.Y) / g.cell))
	return max(0, min(g.w-1, x)), max(0, min(g.h-1, y))
}

// at returns the pieces that may contain p.
func (g *pieceGrid) at(p mathx.Vec2) []*convexPiece {
	if g.w == 0 {
		return g.all
	}
	x, y := g.index(p)
	return g.cells[y*g.w+x]
}

// onPieceEdge reports whether segment a–b lies along an edge of one of
// the pieces, to within tol.
func onPieceEdge(ps []*convexPiece, a, b mathx.Vec2, tol float64) bool {
	for _, p := range ps {
		if !p.bb.Expand(tol).Contains(a) || !p.bb.Expand(tol).Contains(b) {
			continue
		}
		n := len(p.pts)
		for i := 0; i < n; i++ {
			u, v := p.pts[i], p.pts[(i+1)%n]
			if mathx.SegmentDist(a, u, v) <= tol && mathx.SegmentDist(b, u, v) <= tol {
				return true
			}
		}
	}
	return false
}
