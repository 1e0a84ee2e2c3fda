package nav

import (
	"fmt"
	"math"

	"diorama/mathx"
)

// growState is SeedGrow's raster: per cell, whether the agent's centre
// may be anywhere in it, and which rectangle covers it.
type growState struct {
	cell   float64
	gw, gh int
	free   []bool
	owner  []int32
	rects  []mathx.Rect // per polygon id, in cells
	seeds  []int32      // scratch: rectangles still growing
	grown  []int32
	scanOK []bool
}

func (m *PolyMesh) initGrow() error {
	w, h := m.walk.Max.X-m.walk.Min.X, m.walk.Max.Y-m.walk.Min.Y
	c := m.opt.Cell
	if c == 0 {
		c = math.Max(w, h) / 100
	}
	if !(c > 0) || math.IsInf(c, 1) {
		return fmt.Errorf("nav: geom Cell %v, want > 0", m.opt.Cell)
	}
	gw, gh := math.Floor(w/c+1e-9), math.Floor(h/c+1e-9)
	if gw < 1 || gh < 1 || gw*gh > MaxGeomCells {
		return fmt.Errorf("%w: %v×%v cells of %v", ErrTooLarge, gw, gh, c)
	}
	if m.opt.Seeds == 0 {
		m.opt.Seeds = 12
	}
	if m.opt.Seeds < 1 || m.opt.Seeds > int(gw*gh) {
		return fmt.Errorf("nav: geom Seeds %d not in 1..%v", m.opt.Seeds, gw*gh)
	}
	if m.opt.Iterations == 0 {
		m.opt.Iterations = 3
	}
	g := &growState{cell: c, gw: int(gw), gh: int(gh)}
	n := g.gw * g.gh
	g.free = make([]bool, n)
	g.owner = make([]int32, n)
	for i := range g.owner {
		g.owner[i] = -1
	}
	m.grow = g
	m.rasterize(mathx.Rect{Max: mathx.Pt(g.gw, g.gh)})
	return nil
}

// cellBox returns cell rectangle r in world units.
func (g *growState) cellBox(o mathx.Vec2, r mathx.Rect) mathx.AABB {
	return mathx.AABB{
		Min: mathx.V2(o.X+float64(r.Min.X)*g.cell, o.Y+float64(r.Min.Y)*g.cell),
		Max: mathx.V2(o.X+float64(r.Max.X)*g.cell, o.Y+float64(r.Max.Y)*g.cell),
	}
}

// cellsOf returns the cells a world box touches, clamped to the raster.
func (g *growState) cellsOf(o mathx.Vec2, b mathx.AABB) mathx.Rect {
	x0 := int(math.Floor((b.Min.X - o.X) / g.cell))
	y0 := int(math.Floor((b.Min.Y - o.Y) / g.cell))
	x1 := int(math.Floor((b.Max.X-o.X)/g.cell)) + 1
	y1 := int(math.Floor((b.Max.Y-o.Y)/g.cell)) + 1
	return mathx.R(x0, y0, x1, y1).Intersect(mathx.Rect{Max: mathx.Pt(g.gw, g.gh)})
}

// boxHitsPiece reports whether box and the convex piece overlap by more
// than a hair (separating axis test on the box axes and piece normals).
func boxHitsPiece(b mathx.AABB, p *convexPiece) bool {
	const eps = 1e-9
	if b.Max.X <= p.bb.Min.X+eps || b.Min.X >= p.bb.Max.X-eps || b.Max.Y <= p.bb.Min.Y+eps || b.Min.Y >= p.bb.Max.Y-eps {
		return false
	}
	corners := [4]mathx.Vec2{b.Min, mathx.V2(b.Max.X, b.Min.Y), b.Max, mathx.V2(b.Min.X, b.Max.Y)}
	n := len(p.pts)
	for i := 0; i < n; i++ {
		a, c := p.pts[i], p.pts[(i+1)%n]
		e := c.Sub(a)
		l := e.Len()
		out := true
		for _, q := range corners {
			if e.Cross(q.Sub(a)) > eps*l { // corner inside this edge's half-plane
				out = false
				break
			}
		}
		if out {
			return false
		}
	}
	return true
}

// rasterize recomputes the free flags of the cells of r.
func (m *PolyMesh) rasterize(r mathx.Rect) {
	g := m.grow
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			g.free[y*g.gw+x] = true
		}
	}
	rb := g.cellBox(m.walk.Min, r)
	for i := range m.obs {
		o := &m.obs[i]
		if !o.alive || !o.bb.Overlaps(rb) {
			continue
		}
		for j := range o.pieces {
			pc := &o.pieces[j]
			cr := g.cellsOf(m.walk.Min, pc.bb).Intersect(r)
			for y := cr.Min.Y; y < cr.Max.Y; y++ {
				for x := cr.Min.X; x < cr.Max.X; x++ {
					c := y*g.gw + x
					if g.free[c] && boxHitsPiece(g.cellBox(m.walk.Min, mathx.R(x, y, x+1, y+1)), pc) {
						g.free[c] = false
					}
				}
			}
		}
	}
}

// open reports whether cell (x, y) is free and not yet covered.
func (g *growState) open(x, y int) bool {
	if x < 0 || y < 0 || x >= g.gw || y >= g.gh {
		return false
	}
	c := y*g.gw + x
	return g.free[c] && g.owner[c] < 0
}

// seed starts a 1×1 rectangle at cell (x, y) (which must be open).
func (m *PolyMesh) seed(x, y int) int32 {
	g := m.grow
	id := int32(len(g.rects))
	if n := len(m.dead); n > 0 {
		id = m.dead[n-1]
		m.dead = m.dead[:n-1]
		g.rects[id] = mathx.R(x, y, x+1, y+1)
		m.polys[id] = gpoly{}
	} else {
		g.rects = append(g.rects, mathx.R(x, y, x+1, y+1))
		m.polys = append(m.polys, gpoly{})
		m.links = append(m.links, nil)
		m.graph.AddNode(mathx.Vec2{})
	}
	g.owner[y*g.gw+x] = id
	return id
}

// growRects grows the rectangles one cell at a time in each of the four
// directions, round robin, until none can grow (a side stops at an obstacle, the raster's edge or another rectangle).
func (m *PolyMesh) growRects(ids []int32) {
	g := m.grow
	for changed := true; changed; {
		changed = false
		for _, id := range ids {
			r := g.rects[id]
			// +x
			if m.colOpen(r.Max.X, r.Min.Y, r.Max.Y) {
				m.claim(id, mathx.R(r.Max.X, r.Min.Y, r.Max.X+1, r.Max.Y))
				r.Max.X++
				changed = true
			}
			if m.colOpen(r.Min.X-1, r.Min.Y, r.Max.Y) {
				m.claim(id, mathx.R(r.Min.X-1, r.Min.Y, r.Min.X, r.Max.Y))
				r.Min.X--
				changed = true
			}
			if m.rowOpen(r.Max.Y, r.Min.X, r.Max.X) {
				m.claim(id, mathx.R(r.Min.X, r.Max.Y, r.Max.X, r.Max.Y+1))
				r.Max.Y++
				changed = true
			}
			if m.rowOpen(r.Min.Y-1, r.Min.X, r.Max.X) {
				m.claim(id, mathx.R(r.Min.X, r.Min.Y-1, r.Max.X, r.Min.Y))
				r.Min.Y--
				changed = true
			}
			g.rects[id] = r
		}
	}
}

func (m *PolyMesh) colOpen(x, y0, y1 int) bool {
	g := m.grow
	if x < 0 || x >= g.gw {
		return false
	}
	for y := y0; y < y1; y++ {
		if !g.open(x, y) {
			return false
		}
	}
	return true
}

func (m *PolyMesh) rowOpen(y, x0, x1 int) bool {
	g := m.grow
	if y < 0 || y >= g.gh {
		return false
	}
	for x := x0; x < x1; x++ {
		if !g.open(x, y) {
			return false
		}
	}
	return true
}

func (m *PolyMesh) claim(id int32, r mathx.Rect) {
	g := m.grow
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			g.owner[y*g.gw+x] = id
		}
	}
}

// gaps seeds the open cells just outside the sides of the given
// rectangles: one seed in the middle of each run
// of open cells along a side, so a gap grows as one rectangle rather than
// as many strips; what the seeds leave is found in the next round.
func (m *PolyMesh) gaps(ids []int32, dst []int32) []int32 {
	g := m.grow
	side := func(n int, at func(i int) (int, int)) {
		for i := 0; i < n; {
			x, y := at(i)
			if !g.open(x, y) {
				i++
				continue
			}
			j := i + 1
			for j < n {
				if x2, y2 := at(j); !g.open(x2, y2) {
					break
				}
				j++
			}
			x, y = at((i + j - 1) / 2)
			dst = append(dst, m.seed(x, y))
			i = j
		}
	}
	for _, id := range ids {
		r := g.rects[id]
		side(r.Dx(), func(i int) (int, int) { return r.Min.X + i, r.Min.Y - 1 })
		side(r.Dx(), func(i int) (int, int) { return r.Min.X + i, r.Max.Y })
		side(r.Dy(), func(i int) (int, int) { return r.Min.X - 1, r.Min.Y + i })
		side(r.Dy(), func(i int) (int, int) { return r.Max.X, r.Min.Y + i })
	}
	return dst
}

// growAll builds the whole mesh: seeds on a lattice, growth, then
// Iterations rounds of gap seeding and growth.
func (m *PolyMesh) growAll() {
	g := m.grow
	s := m.opt.Seeds
	nx := max(1, int(math.Round(math.Sqrt(float64(s)*float64(g.gw)/float64(g.gh)))))
	ny := (s + nx - 1) / nx
	var ids []int32
	for j := 0; j < ny; j++ {
		for i := 0; i < nx && len(ids) < s; i++ {
			x := int((float64(i) + 0.5) * float64(g.gw) / float64(nx))
			y := int((float64(j) + 0.5) * float64(g.gh) / float64(ny))
			if g.open(x, y) {
				ids = append(ids, m.seed(x, y))
			}
		}
	}
	m.growRects(ids)
	all := append([]int32(nil), ids...)
	for it := 0; m.opt.Iterations < 0 || it < m.opt.Iterations; it++ {
		seeds := m.gaps(ids, nil)
		if len(seeds) == 0 {
			break
		}
		m.growRects(seeds)
		all = append(all, seeds...)
		ids = seeds
	}
	m.finishRects(all)
}

// finishRects turns grown rectangles into polygons and links them with
// every rectangle along their sides.
func (m *PolyMesh) finishRects(ids []int32) {
	g := m.grow
	for _, id := range ids {
		b := g.cellBox(m.walk.Min, g.rects[id])
		pts := []mathx.Vec2{b.Min, mathx.V2(b.Max.X, b.Min.Y), b.Max, mathx.V2(b.Min.X, b.Max.Y)}
		m.polys[id] = gpoly{pts: pts, bb: b, alive: true}
		m.links[id] = m.links[id][:0]
		m.graph.adj[id] = m.graph.adj[id][:0]
		m.graph.pos[id] = b.Center()
		m.graph.dirty = true
		x0, y0, x1, y1 := m.bucketRange(b)
		for y := y0; y <= y1; y++ {
			for x := x0; x <= x1; x++ {
				m.buckets[y*m.bw+x] = append(m.buckets[y*m.bw+x], id)
			}
		}
	}
	for _, id := range ids {
		m.linkRect(id)
	}
}

// linkRect links rectangle id with the rectangles along its four sides;
// each portal is the overlap of the two sides, in id's counter-clockwise
// order (x right, y up).
func (m *PolyMesh) linkRect(id int32) {
	g := m.grow
	r := g.rects[id]
	o := m.walk.Min
	wx := func(x int) float64 { return o.X + float64(x)*g.cell }
	wy := func(y int) float64 { return o.Y + float64(y)*g.cell }
	run := func(n int, at func(i int) int32, emit func(q int32, i, j int)) {
		for i := 0; i < n; {
			q := at(i)
			j := i + 1
			for j < n && at(j) == q {
				j++
			}
			if q >= 0 && q != id && m.polys[q].alive {
				emit(q, i, j)
			}
			i = j
		}
	}
	w, h := r.Dx(), r.Dy()
	if r.Max.X < g.gw { // right side, going up
		run(h, func(i int) int32 { return g.owner[(r.Min.Y+i)*g.gw+r.Max.X] }, func(q int32, i, j int) {
			m.link(id, q, mathx.V2(wx(r.Max.X), wy(r.Min.Y+i)), mathx.V2(wx(r.Max.X), wy(r.Min.Y+j)))
		})
	}
	if r.Min.X > 0 { // left side, going down
		run(h, func(i int) int32 { return g.owner[(r.Min.Y+i)*g.gw+r.Min.X-1] }, func(q int32, i, j int) {
			m.link(id, q, mathx.V2(wx(r.Min.X), wy(r.Min.Y+j)), mathx.V2(wx(r.Min.X), wy(r.Min.Y+i)))
		})
	}
	if r.Max.Y < g.gh { // top side (max y), going left
		run(w, func(i int) int32 { return g.owner[r.Max.Y*g.gw+r.Min.X+i] }, func(q int32, i, j int) {
			m.link(id, q, mathx.V2(wx(r.Min.X+j), wy(r.Max.Y)), mathx.V2(wx(r.Min.X+i), wy(r.Max.Y)))
		})
	}
	if r.Min.Y > 0 { // bottom side, going right
		run(w, func(i int) int32 { return g.owner[(r.Min.Y-1)*g.gw+r.Min.X+i] }, func(q int32, i, j int) {
			m.link(id, q, mathx.V2(wx(r.Min.X+i), wy(r.Min.Y)), mathx.V2(wx(r.Min.X+j), wy(r.Min.Y)))
		})
	}
}

// Coverage returns the fraction of the free raster cells that a SeedGrow
// mesh covers, or 1 for a triangulated mesh,
// which covers the free space exactly.
func (m *PolyMesh) Coverage() float64 {
	g := m.grow
	if g == nil {
		return 1
	}
	free, cov := 0, 0
	for c, f := range g.free {
		if f {
			free++
			if g.owner[c] >= 0 {
				cov++
			}
		}
	}
	if free == 0 {
		return 1
	}
	return float64(cov) / float64(free)
}
