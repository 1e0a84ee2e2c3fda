package nav

import (
	"fmt"
	"math"

	"diorama/mathx"
)

// GeomMethod chooses how BuildGeom partitions the free space.
type GeomMethod uint8

// The geometry builders.
const (
	// Triangulate is a constrained Delaunay triangulation of the free
	// space (the walkable rectangle minus the inflated obstacles), its
	// triangles merged into convex polygons unless NoMerge is set. It
	// covers the free space exactly.
	Triangulate GeomMethod = iota
	// SeedGrow is a simplified DEACCON (rectangles grown from seeds) on a raster of Cell-sized
	// cells: square seeds grown one cell at a time in four directions
	// until they meet an obstacle or another rectangle, then gaps next to
	// the rectangles re-seeded, Iterations times. Cells that an inflated
	// obstacle touches are not walkable, so the rectangles are
	// conservative, and coverage may be incomplete.
	SeedGrow
)

// GeomOptions configures BuildGeom.
type GeomOptions struct {
	// Method is the builder.
	Method GeomMethod
	// Bounds is the walkable outer rectangle in world units.
	Bounds mathx.AABB
	// Radius is the agent radius: obstacles are inflated and Bounds is
	// shrunk by it, so the mesh is where the agent's centre may go.
	Radius float64
	// Sides is the number of sides of the polygon approximating the
	// agent's disc when inflating (4..64, 0 means 8). The polygon's edges
	// touch the circle, so inflation is conservative.
	Sides int
	// NoMerge keeps Triangulate's raw triangles.
	NoMerge bool
	// Cell is SeedGrow's raster resolution in world units (0 means one
	// hundredth of the larger side of Bounds).
	Cell float64
	// Seeds is SeedGrow's number of initial square seeds, spread on a
	// regular lattice (0 means 12, a value tuned on game-sized fields).
	Seeds int
	// Iterations caps SeedGrow's re-seeding rounds (0 means 3; negative means until no gap is left).
	Iterations int
}

// MaxGeomCells bounds SeedGrow's raster.
const MaxGeomCells = 1 << 22

// gpoly is one convex polygon of a PolyMesh, counter-clockwise (x right,
// y up; on a y-down screen it is clockwise).
type gpoly struct {
	pts   []mathx.Vec2
	bb    mathx.AABB
	alive bool
}

// PolyMesh is a navigation mesh of convex polygons built from obstacle
// geometry (BuildGeom). Its queries match Mesh's: PolyAt, FindPath,
// Portals (for Funnel), Waypoints, Clear, Nearest, Polygons. Obstacles
// can be added, removed and moved at run time; only the polygons near
// the change are rebuilt. Polygons are identified by index; after an
// update some indices are dead (see Alive) and may be reused.
type PolyMesh struct {
	opt   GeomOptions
	walk  mathx.AABB // Bounds shrunk by Radius
	obs   []meshObstacle
	polys []gpoly
	links [][]Link
	graph *Graph
	dead  []int32

	// point location: a grid of buckets listing the polygons whose
	// boxes overlap each bucket
	bcell   float64
	bw, bh  int
	buckets [][]int32

	grow *growState // SeedGrow only
	tri  cdt        // scratch triangulation
	ekey map[edgeKey]edgeRef

	localPieces []*convexPiece // scratch
	pgrid       pieceGrid
}

type meshObstacle struct {
	o      Obstacle
	pieces []convexPiece
	bb     mathx.AABB // of the pieces
	alive  bool
}

type edgeKey [4]float64

type edgeRef struct {
	poly int32
}

func keyOf(a, b mathx.Vec2) edgeKey {
	if a.X < b.X || (a.X == b.X && a.Y < b.Y) {
		return edgeKey{a.X, a.Y, b.X, b.Y}
	}
	return edgeKey{b.X, b.Y, a.X, a.Y}
}

// BuildGeom builds a navmesh of the free space inside opt.Bounds around
// the obstacles, for an agent of radius opt.Radius.
func BuildGeom(obstacles []Obstacle, opt GeomOptions) (*PolyMesh, error) {
	if opt.Sides == 0 {
		opt.Sides = 8
	}
	if opt.Sides < 4 || opt.Sides > 64 {
		return nil, fmt.Errorf("nav: geom Sides %d not in 4..64", opt.Sides)
	}
	if !opt.Bounds.IsFinite() || !(opt.Bounds.Max.X > opt.Bounds.Min.X) || !(opt.Bounds.Max.Y > opt.Bounds.Min.Y) {
		return nil, fmt.Errorf("nav: geom Bounds %v is empty or not finite", opt.Bounds)
	}
	if !(opt.Radius >= 0) || math.IsInf(opt.Radius, 1) {
		return nil, fmt.Errorf("nav: geom Radius %v, want finite and >= 0", opt.Radius)
	}
	walk := opt.Bounds.Expand(-opt.Radius)
	if !(walk.Max.X > walk.Min.X) || !(walk.Max.Y > walk.Min.Y) {
		return nil, fmt.Errorf("nav: geom Bounds %v leave no room for Radius %v", opt.Bounds, opt.Radius)
	}
	if opt.Method != Triangulate && opt.Method != SeedGrow {
		return nil, fmt.Errorf("nav: unknown geom method %d", opt.Method)
	}
	m := &PolyMesh{opt: opt, walk: walk, graph: NewGraph(), ekey: map[edgeKey]edgeRef{}}
	for i, o := range obstacles {
		if err := o.Validate(); err != nil {
			return nil, fmt.Errorf("obstacle %d: %w", i, err)
		}
		m.obs = append(m.obs, m.newObstacle(o))
	}
	if opt.Method == SeedGrow {
		if err := m.initGrow(); err != nil {
			return nil, err
		}
	}
	m.initBuckets(len(obstacles))
	if opt.Method == SeedGrow {
		m.growAll()
	} else {
		m.triangulate(m.walk, nil)
	}
	return m, nil
}

func (m *PolyMesh) newObstacle(o Obstacle) meshObstacle {
	ps := inflateObstacle(o, m.opt.Radius, m.opt.Sides)
	bb := ps[0].bb
	for _, p := range ps[1:] {
		bb = bb.Union(p.bb)
	}
	return meshObstacle{o: Obstacle{Pts: append([]mathx.Vec2(nil), o.Pts...)}, pieces: ps, bb: bb, alive: true}
}

func (m *PolyMesh) initBuckets(nobs int) {
	w, h := m.walk.Max.X-m.walk.Min.X, m.walk.Max.Y-m.walk.Min.Y
	n := 4*nobs + 16
	if n > 1<<14 {
		n = 1 << 14
	}
	m.bcell = math.Sqrt(w * h / float64(n))
	m.bw = int(math.Ceil(w/m.bcell)) + 1
	m.bh = int(math.Ceil(h/m.bcell)) + 1
	m.buckets = make([][]int32, m.bw*m.bh)
}

func (m *PolyMesh) bucketRange(b mathx.AABB) (x0, y0, x1, y1 int) {
	f := func(v, lo float64, n int) int {
		i := int(math.Floor((v - lo) / m.bcell))
		return max(0, min(n-1, i))
	}
	return f(b.Min.X, m.walk.Min.X, m.bw), f(b.Min.Y, m.walk.Min.Y, m.bh), f(b.Max.X, m.walk.Min.X, m.bw), f(b.Max.Y, m.walk.Min.Y, m.bh)
}

// addPoly adds a convex counter-clockwise polygon and returns its id.
func (m *PolyMesh) addPoly(pts []mathx.Vec2) int32 {
	p := gpoly{pts: pts, bb: mathx.BoxOf(pts...), alive: true}
	c := centroid(pts)
	var id int32
	if n := len(m.dead); n > 0 {
		id = m.dead[n-1]
		m.dead = m.dead[:n-1]
		m.polys[id] = p
		m.links[id] = m.links[id][:0]
		m.graph.pos[id] = c
		m.graph.dirty = true
	} else {
		id = int32(len(m.polys))
		m.polys = append(m.polys, p)
		m.links = append(m.links, nil)
		m.graph.AddNode(c)
	}
	x0, y0, x1, y1 := m.bucketRange(p.bb)
	for y := y0; y <= y1; y++ {
		for x := x0; x <= x1; x++ {
			m.buckets[y*m.bw+x] = append(m.buckets[y*m.bw+x], id)
		}
	}
	return id
}

// killPoly removes polygon p with its links.
func (m *PolyMesh) killPoly(p int32) {
	if m.grow == nil {
		// a shared edge now belongs to the neighbour alone
		for _, l := range m.links[p] {
			m.ekey[keyOf(l.A, l.B)] = edgeRef{poly: l.To}
		}
	}
	cutLinks(m.links, m.graph, p)
	x0, y0, x1, y1 := m.bucketRange(m.polys[p].bb)
	for y := y0; y <= y1; y++ {
		for x := x0; x <= x1; x++ {
			b := m.buckets[y*m.bw+x]
			for i, v := range b {
				if v == p {
					b[i] = b[len(b)-1]
					m.buckets[y*m.bw+x] = b[:len(b)-1]
					break
				}
			}
		}
	}
	if m.grow == nil {
		pts := m.polys[p].pts
		for i := range pts {
			k := keyOf(pts[i], pts[(i+1)%len(pts)])
			if r, ok := m.ekey[k]; ok && r.poly == p {
				delete(m.ekey, k)
			}
		}
	}
	m.polys[p].alive = false
	m.dead = append(m.dead, p)
}

// link joins p and q through the portal a–b, given in p's
// counter-clockwise order.
func (m *PolyMesh) link(p, q int32, a, b mathx.Vec2) {
	for _, l := range m.links[p] {
		if l.To == q {
			return
		}
	}
	m.links[p] = append(m.links[p], Link{To: q, A: a, B: b})
	m.links[q] = append(m.links[q], Link{To: p, A: b, B: a})
	mid := a.Add(b).Scale(0.5)
	w := m.graph.pos[p].Dist(mid) + mid.Dist(m.graph.pos[q])
	m.graph.adj[p] = append(m.graph.adj[p], Edge{To: q, W: w})
	m.graph.adj[q] = append(m.graph.adj[q], Edge{To: p, W: w})
	m.graph.dirty = true
}

// linkByEdges links polygon p with the polygons that share one of its
// edges exactly (the triangulation builder's conforming meshes).
func (m *PolyMesh) linkByEdges(p int32) {
	pts := m.polys[p].pts
	for i := range pts {
		a, b := pts[i], pts[(i+1)%len(pts)]
		k := keyOf(a, b)
		if r, ok := m.ekey[k]; ok && r.poly != p && m.polys[r.poly].alive {
			m.link(p, r.poly, a, b)
			continue
		}
		m.ekey[k] = edgeRef{poly: p}
	}
}

func centroid(p []mathx.Vec2) mathx.Vec2 {
	var c mathx.Vec2
	a := 0.0
	for i := range p {
		u, v := p[i], p[(i+1)%len(p)]
		k := u.Cross(v)
		a += k
		c = c.Add(u.Add(v).Scale(k))
	}
	if a == 0 {
		for _, q := range p {
			c = c.Add(q)
		}
		return c.Scale(1 / float64(len(p)))
	}
	return c.Scale(1 / (3 * a))
}

// inConvex reports whether p is inside or on the convex counter-
// clockwise polygon, to a tolerance eps.
func inConvex(pts []mathx.Vec2, p mathx.Vec2, eps float64) bool {
	n := len(pts)
	for i := 0; i < n; i++ {
		a, b := pts[i], pts[(i+1)%n]
		d := b.Sub(a)
		if d.Cross(p.Sub(a)) < -eps*d.Len() {
			return false
		}
	}
	return true
}

// Len returns the number of polygon indices, dead ones included.
func (m *PolyMesh) Len() int { return len(m.polys) }

// Count returns the number of live polygons.
func (m *PolyMesh) Count() int { return len(m.polys) - len(m.dead) }

// Alive reports whether polygon i is part of the mesh.
func (m *PolyMesh) Alive(i int) bool { return m.polys[i].alive }

// Outline returns polygon i's corners, counter-clockwise with y up. The
// slice belongs to the mesh.
func (m *PolyMesh) Outline(i int) []mathx.Vec2 { return m.polys[i].pts }

// Bounds returns polygon i's bounding box.
func (m *PolyMesh) Bounds(i int) mathx.AABB { return m.polys[i].bb }

// Links returns polygon i's portals, each A–B in polygon i's corner
// order. The slice belongs to the mesh.
func (m *PolyMesh) Links(i int) []Link { return m.links[i] }

// Graph returns the polygon adjacency graph (node i is polygon i at its
// centroid; edge weight centroid → portal midpoint → centroid).
func (m *PolyMesh) Graph() *Graph { return m.graph }

// Walkable returns the rectangle the agent's centre may use: Bounds
// shrunk by Radius.
func (m *PolyMesh) Walkable() mathx.AABB { return m.walk }

// Area returns the live polygons' total area.
func (m *PolyMesh) Area() float64 {
	s := 0.0
	for _, p := range m.polys {
		if p.alive {
			s += signedArea(p.pts)
		}
	}
	return s
}

// PolyAt returns a polygon containing world point p, or -1 when p is in
// none (outside Bounds, in an obstacle, or too close to one for the
// agent radius).
func (m *PolyMesh) PolyAt(p mathx.Vec2) int {
	if !p.IsFinite() || !m.walk.Contains(p) {
		return -1
	}
	x0, y0, _, _ := m.bucketRange(mathx.AABB{Min: p, Max: p})
	for _, id := range m.buckets[y0*m.bw+x0] {
		q := &m.polys[id]
		if p.X < q.bb.Min.X || p.X > q.bb.Max.X || p.Y < q.bb.Min.Y || p.Y > q.bb.Max.Y {
			continue
		}
		if inConvex(q.pts, p, 1e-12) {
			return int(id)
		}
	}
	return -1
}

// Polygons appends every live polygon's outline to dst and returns it,
// ready to draw.
func (m *PolyMesh) Polygons(dst [][]mathx.Vec2) [][]mathx.Vec2 {
	for _, p := range m.polys {
		if p.alive {
			dst = append(dst, p.pts)
		}
	}
	return dst
}

// FindPath plans a corridor of polygons from world point from to world
// point to and appends it to dst[:0], as Mesh.FindPath does: A* over the
// polygons where a step costs the distance from the point the parent was
// entered at to the nearest point of the next portal. Stats.Cost is that
// estimate of the length; Funnel gives the path.
func (m *PolyMesh) FindPath(s *Searcher, from, to mathx.Vec2, dst []int) ([]int, Stats, error) {
	a, b := m.PolyAt(from), m.PolyAt(to)
	switch {
	case a < 0:
		return dst[:0], Stats{}, fmt.Errorf("%w: start %v is in no polygon", ErrBlocked, from)
	case b < 0:
		return dst[:0], Stats{}, fmt.Errorf("%w: goal %v is in no polygon", ErrBlocked, to)
	case a == b:
		return append(dst[:0], a), Stats{Cost: from.Dist(to)}, nil
	}
	return m.corridor(s, a, b, from, to, dst)
}

// portal returns the portal from a into b as (left, right) for a
// traveller crossing it.
func (m *PolyMesh) portal(a, b int) (l, r mathx.Vec2, ok bool) {
	for _, k := range m.links[a] {
		if int(k.To) == b {
			return k.B, k.A, true
		}
	}
	return l, r, false
}

// Portals appends the corridor's portals, as left/right pairs, to dst[:0]
// framed by (from, from) and (to, to): the input of Funnel.
func (m *PolyMesh) Portals(from, to mathx.Vec2, corridor []int, dst [][2]mathx.Vec2) ([][2]mathx.Vec2, error) {
	return corridorPortals(m, from, to, corridor, dst)
}

// Waypoints appends from, every portal's midpoint, then to, to dst[:0]:
// the slack corridor path.
func (m *PolyMesh) Waypoints(from, to mathx.Vec2, corridor []int, dst []mathx.Vec2) []mathx.Vec2 {
	return corridorWaypoints(m, from, to, corridor, dst)
}

// Path plans from → to and pulls the string: the corridor's funnel path
// appended to dst[:0]. corridor and portals are scratch (may be nil);
// with room in all three the query allocates nothing.
func (m *PolyMesh) Path(s *Searcher, from, to mathx.Vec2, corridor []int, portals [][2]mathx.Vec2, dst []mathx.Vec2) ([]mathx.Vec2, []int, [][2]mathx.Vec2, error) {
	corridor, _, err := m.FindPath(s, from, to, corridor)
	if err != nil {
		return dst[:0], corridor, portals, err
	}
	portals, err = m.Portals(from, to, corridor, portals)
	if err != nil {
		return dst[:0], corridor, portals, err
	}
	return Funnel(portals, dst), corridor, portals, nil
}

// Clear reports whether the straight segment a–b stays on the mesh: it
// walks the polygons the segment crosses, through portals only. A
// ClearFunc for this mesh.
func (m *PolyMesh) Clear(a, b mathx.Vec2) bool {
	p := m.PolyAt(a)
	if p < 0 || !b.IsFinite() {
		return false
	}
	d := b.Sub(a)
	const eps = 1e-9
	for steps := 0; steps <= len(m.polys); steps++ {
		pts := m.polys[p].pts
		if inConvex(pts, b, eps) {
			return true
		}
		// exit edge: the largest entry... the smallest t at which the
		// segment leaves an edge's half-plane
		tExit, ei := math.Inf(1), -1
		n := len(pts)
		for i := 0; i < n; i++ {
			u, v := pts[i], pts[(i+1)%n]
			e := v.Sub(u)
			den := e.Cross(d)
			if den >= 0 { // moving inward or parallel
				continue
			}
			t := e.Cross(a.Sub(u)) / -den
			if t < tExit {
				tExit, ei = t, i
			}
		}
		if ei < 0 {
			return false
		}
		x := a.Add(d.Scale(tExit))
		u, v := pts[ei], pts[(ei+1)%n]
		next := int32(-1)
		for _, l := range m.links[p] {
			if onSegment(l.A, l.B, x, 1e-9) && onSegment(u, v, l.A, 1e-9) && onSegment(u, v, l.B, 1e-9) {
				next = l.To
				break
			}
		}
		if next < 0 {
			return false
		}
		p = int(next)
	}
	return false
}

// onSegment reports whether p lies on segment a–b within eps.
func onSegment(a, b, p mathx.Vec2, eps float64) bool {
	return mathx.SegmentDist(p, a, b) <= eps*math.Max(1, a.Dist(b))
}

// Nearest returns the polygon closest to p and the closest point of it,
// pulled a hair inside (p itself when p is on the mesh), or -1.
func (m *PolyMesh) Nearest(p mathx.Vec2) (int, mathx.Vec2) {
	if !p.IsFinite() {
		return -1, p
	}
	if i := m.PolyAt(p); i >= 0 {
		return i, p
	}
	best, bd := -1, math.Inf(1)
	var bq mathx.Vec2
	for i, q := range m.polys {
		if !q.alive {
			continue
		}
		n := len(q.pts)
		for k := 0; k < n; k++ {
			c := mathx.ClosestOnSegment(p, q.pts[k], q.pts[(k+1)%n])
			if d := c.DistSq(p); d < bd {
				best, bd, bq = i, d, c
			}
		}
	}
	if best >= 0 {
		c := m.graph.pos[best]
		bq = bq.Add(c.Sub(bq).Scale(1e-7))
	}
	return best, bq
}
