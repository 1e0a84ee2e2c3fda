package nav

import (
	"fmt"
	"math"

	"diorama/mathx"
)

// Method chooses how a Mesh partitions the walkable cells into rectangles.
type Method uint8

// The partition methods.
const (
	// Strips is strip intersection: a horizontal scan and a vertical
	// scan each merge equal runs of consecutive lines into rectangles, and
	// the mesh is their pairwise intersection. Door cells are then cut out
	// into polygons of their own and the remainder re-split into
	// rectangles.
	Strips Method = iota
	// Greedy takes, at each uncovered cell in row-major order, the larger
	// of the right-then-down and down-then-right maximal rectangles, then
	// merges neighbours that share a whole edge. It gives far fewer
	// polygons than Strips.
	Greedy
)

// MeshOptions configures Build.
type MeshOptions struct {
	// Method is the partition method.
	Method Method
	// Radius is the agent radius in tiles. The walkable area is eroded so
	// every polygon keeps at least Radius from every wall: the mesh is
	// where the agent's centre may go.
	Radius float64
	// Sub subdivides each tile into Sub×Sub cells (1..8; 0 means 1), so
	// erosion is rounded up to 1/Sub tile instead of a whole tile.
	Sub int
}

// Poly is one convex (rectangular) navmesh polygon.
type Poly struct {
	// Rect is the polygon in cells (tile × Sub), Max exclusive.
	Rect mathx.Rect
	// Door is the door's index (see Mesh.Doors) or -1.
	Door  int
	alive bool
}

// Link is a portal from one polygon into another: the shared edge
// segment A–B in world units (tiles).
type Link struct {
	To   int32      // the polygon on the other side
	A, B mathx.Vec2 // the portal's end points
}

// Mesh is a navigation mesh of axis-aligned rectangles built from a tile
// map, with its polygon adjacency graph (one node per polygon, edge weight
// centre → portal midpoint → centre). Polygons are identified by index;
// after Block or Unblock some indices are dead (see Poly.Alive) and may be
// reused.
type Mesh struct {
	opt     MeshOptions
	tw, th  int // tiles
	sub     int
	k       int // erosion in cells
	w, h    int // cells
	base    []Tile
	dyn     []bool  // per cell: blocked at run time
	free    []bool  // per cell: eroded walkable
	door    []int32 // per cell: door index or -1
	doors   []mathx.Point
	locked  []bool
	cell    []int32 // per cell: polygon or -1
	polys   []Poly
	links   [][]Link
	graph   *Graph
	deadIDs []int32

	mark  []uint32 // scratch: stamp = in the set being partitioned, stamp+1 = a door cell waiting
	stamp uint32   // advanced by 2 per partition
	hid   []int32  // scratch for Strips
	vid   []int32
	tmp   []bool
	fresh []int32

	linkSlab []Link // backing store handed out four links at a time
	edgeSlab []Edge
}

// slabs gives a new polygon room for four links and four graph edges
// carved from shared blocks, so building thousands of polygons costs a
// few large allocations instead of many small ones.
func (m *Mesh) slabs(id int32) {
	if len(m.linkSlab) < 4 {
		m.linkSlab = make([]Link, 4096)
		m.edgeSlab = make([]Edge, 4096)
	}
	m.links[id] = m.linkSlab[0:0:4]
	m.graph.adj[id] = m.edgeSlab[0:0:4]
	m.linkSlab, m.edgeSlab = m.linkSlab[4:], m.edgeSlab[4:]
}

// Build generates a navmesh from a tile map.
func Build(t *TileMap, opt MeshOptions) (*Mesh, error) {
	if t == nil || t.W <= 0 || t.H <= 0 || len(t.Tiles) != t.W*t.H {
		return nil, ErrEmptyMap
	}
	if opt.Sub == 0 {
		opt.Sub = 1
	}
	if opt.Sub < 1 || opt.Sub > 8 {
		return nil, fmt.Errorf("nav: mesh Sub %d not in 1..8", opt.Sub)
	}
	if !(opt.Radius >= 0) || opt.Radius > 64 {
		return nil, fmt.Errorf("nav: mesh Radius %v not in [0, 64]", opt.Radius)
	}
	if opt.Method != Strips && opt.Method != Greedy {
		return nil, fmt.Errorf("nav: unknown mesh method %d", opt.Method)
	}
	w, h := t.W*opt.Sub, t.H*opt.Sub
	if w > MaxGridCells || h > MaxGridCells || w*h > MaxGridCells {
		return nil, fmt.Errorf("%w: %d×%d cells", ErrTooLarge, w, h)
	}
	m := &Mesh{opt: opt, tw: t.W, th: t.H, sub: opt.Sub, w: w, h: h, graph: NewGraph()}
	m.k = int(math.Ceil(opt.Radius*float64(opt.Sub) - 1e-9))
	n := w * h
	m.base = append([]Tile(nil), t.Tiles...)
	m.dyn = make([]bool, n)
	m.free = make([]bool, n)
	m.door = make([]int32, n)
	m.cell = make([]int32, n)
	m.mark = make([]uint32, n)
	doorAt := map[int]int32{}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			c := y*w + x
			m.cell[c] = -1
			m.door[c] = -1
			tx, ty := x/m.sub, y/m.sub
			if t.Tiles[ty*t.W+tx] == Door {
				id, ok := doorAt[ty*t.W+tx]
				if !ok {
					id = int32(len(m.doors))
					doorAt[ty*t.W+tx] = id
					m.doors = append(m.doors, mathx.Point{X: tx, Y: ty})
					m.locked = append(m.locked, false)
				}
				m.door[c] = id
			}
		}
	}
	m.erode(mathx.Rect{Max: mathx.Point{X: w, Y: h}})
	all := mathx.Rect{Max: mathx.Point{X: w, Y: h}}
	m.stamp += 2
	nfree := 0
	for c := range m.free {
		if m.free[c] {
			m.mark[c] = m.stamp
			nfree++
		}
	}
	// Room for the polygons up front (Strips makes about one per three
	// free cells on busy maps).
	est := nfree/3 + 16
	m.polys = make([]Poly, 0, est)
	m.links = make([][]Link, 0, est)
	m.graph.pos = make([]mathx.Vec2, 0, est)
	m.graph.adj = make([][]Edge, 0, est)
	m.partition(all, opt.Method, true)
	return m, nil
}

// walkable reports whether cell (x, y) is inside and not a wall or blocked.
func (m *Mesh) walkable(x, y int) bool {
	if x < 0 || y < 0 || x >= m.w || y >= m.h {
		return false
	}
	c := y*m.w + x
	return !m.dyn[c] && m.base[(y/m.sub)*m.tw+x/m.sub] != Wall
}

// erode recomputes free for the cells of r: a cell is free when every cell
// within Chebyshev distance k is walkable.
func (m *Mesh) erode(r mathx.Rect) {
	k := m.k
	r = r.Intersect(mathx.Rect{Max: mathx.Point{X: m.w, Y: m.h}})
	if r.Empty() {
		return
	}
	// Horizontal pass over the rows r spans plus k above and below.
	y0, y1 := r.Min.Y-k, r.Max.Y+k
	rw := r.Dx()
	need := rw * (y1 - y0)
	if cap(m.tmp) < need {
		m.tmp = make([]bool, need)
	}
	tmp := m.tmp[:need]
	for y := y0; y < y1; y++ {
		row := tmp[(y-y0)*rw : (y-y0+1)*rw]
		// count walls in [x-k, x+k] with a sliding window
		walls := 0
		for x := r.Min.X - k; x <= r.Min.X+k-1; x++ {
			if !m.walkable(x, y) {
				walls++
			}
		}
		for x := r.Min.X; x < r.Max.X; x++ {
			if !m.walkable(x+k, y) {
				walls++
			}
			row[x-r.Min.X] = walls == 0
			if !m.walkable(x-k, y) {
				walls--
			}
		}
	}
	for x := r.Min.X; x < r.Max.X; x++ {
		bad := 0
		col := func(y int) bool { return tmp[(y-y0)*rw+x-r.Min.X] }
		for y := r.Min.Y - k; y <= r.Min.Y+k-1; y++ {
			if !col(y) {
				bad++
			}
		}
		for y := r.Min.Y; y < r.Max.Y; y++ {
			if !col(y + k) {
				bad++
			}
			m.free[y*m.w+x] = bad == 0
			if !col(y - k) {
				bad--
			}
		}
	}
}

// in reports whether cell c is in the current partition set.
func (m *Mesh) in(c int) bool { return m.mark[c] == m.stamp && m.cell[c] < 0 }

// partition splits the marked, unassigned cells inside bb into polygons
// with the given method, then links them. full says bb is the whole map
// (links then only need right and bottom scans).
func (m *Mesh) partition(bb mathx.Rect, method Method, full bool) {
	m.fresh = m.fresh[:0]
	if method == Strips {
		m.strips(bb)
		m.isolateDoors(bb)
	} else {
		// Doors are decomposed on their own afterwards.
		for y := bb.Min.Y; y < bb.Max.Y; y++ {
			for x := bb.Min.X; x < bb.Max.X; x++ {
				if c := y*m.w + x; m.mark[c] == m.stamp && m.door[c] >= 0 {
					m.mark[c] = m.stamp + 1
				}
			}
		}
		m.greedy(bb, -1)
		m.mergeFresh()
		m.doorPolys(bb)
	}
	for _, p := range m.fresh {
		if m.polys[p].alive {
			m.linkPoly(p, !full)
		}
	}
}

// newPoly records rectangle r (whose cells are all in the set) as a
// polygon.
func (m *Mesh) newPoly(r mathx.Rect, door int) int32 {
	var id int32
	if n := len(m.deadIDs); n > 0 {
		id = m.deadIDs[n-1]
		m.deadIDs = m.deadIDs[:n-1]
		m.polys[id] = Poly{Rect: r, Door: door, alive: true}
		m.graph.pos[id] = m.center(r)
		m.graph.dirty = true
	} else {
		id = int32(len(m.polys))
		m.polys = append(m.polys, Poly{Rect: r, Door: door, alive: true})
		m.links = append(m.links, nil)
		m.graph.AddNode(m.center(r))
		m.slabs(id)
	}
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			m.cell[y*m.w+x] = id
		}
	}
	m.fresh = append(m.fresh, id)
	return id
}

func (m *Mesh) center(r mathx.Rect) mathx.Vec2 {
	s := 1 / float64(m.sub)
	return mathx.V2(float64(r.Min.X+r.Max.X)*0.5*s, float64(r.Min.Y+r.Max.Y)*0.5*s)
}

// greedy covers the set's unassigned cells in bb with maximal rectangles.
func (m *Mesh) greedy(bb mathx.Rect, door int) {
	for y := bb.Min.Y; y < bb.Max.Y; y++ {
		for x := bb.Min.X; x < bb.Max.X; x++ {
			if !m.in(y*m.w + x) {
				continue
			}
			// right, then down
			wa := 1
			for x+wa < bb.Max.X && m.in(y*m.w+x+wa) {
				wa++
			}
			ha := 1
			for y+ha < bb.Max.Y && m.rowIn(x, x+wa, y+ha) {
				ha++
			}
			// down, then right
			hb := 1
			for y+hb < bb.Max.Y && m.in((y+hb)*m.w+x) {
				hb++
			}
			wb := 1
			for x+wb < bb.Max.X && m.colIn(x+wb, y, y+hb) {
				wb++
			}
			r := mathx.Rect{Min: mathx.Point{X: x, Y: y}, Max: mathx.Point{X: x + wa, Y: y + ha}}
			if wb*hb > wa*ha {
				r.Max = mathx.Point{X: x + wb, Y: y + hb}
			}
			m.newPoly(r, door)
		}
	}
}

func (m *Mesh) rowIn(x0, x1, y int) bool {
	for x := x0; x < x1; x++ {
		if !m.in(y*m.w + x) {
			return false
		}
	}
	return true
}

func (m *Mesh) colIn(x, y0, y1 int) bool {
	for y := y0; y < y1; y++ {
		if !m.in(y*m.w + x) {
			return false
		}
	}
	return true
}

// mergeFresh merges fresh non-door rectangles that share a whole edge
// until none do.
func (m *Mesh) mergeFresh() {
	isFresh := func(p int32) bool { return p >= 0 && m.mark[m.cellIndex(m.polys[p].Rect.Min)] == m.stamp }
	for changed := true; changed; {
		changed = false
		for _, a := range m.fresh {
			pa := &m.polys[a]
			if !pa.alive || pa.Door >= 0 {
				continue
			}
			for {
				r := pa.Rect
				var b int32 = -1
				if r.Max.Y < m.h {
					if q := m.cell[r.Max.Y*m.w+r.Min.X]; q >= 0 && q != a && isFresh(q) && m.polys[q].Door < 0 {
						if qr := m.polys[q].Rect; qr.Min.X == r.Min.X && qr.Max.X == r.Max.X && qr.Min.Y == r.Max.Y {
							b = q
						}
					}
				}
				if b < 0 && r.Max.X < m.w {
					if q := m.cell[r.Min.Y*m.w+r.Max.X]; q >= 0 && q != a && isFresh(q) && m.polys[q].Door < 0 {
						if qr := m.polys[q].Rect; qr.Min.Y == r.Min.Y && qr.Max.Y == r.Max.Y && qr.Min.X == r.Max.X {
							b = q
						}
					}
				}
				if b < 0 {
					break
				}
				u := r.Union(m.polys[b].Rect)
				m.kill(b)
				pa = &m.polys[a]
				pa.Rect = u
				m.graph.pos[a] = m.center(u)
				for y := u.Min.Y; y < u.Max.Y; y++ {
					for x := u.Min.X; x < u.Max.X; x++ {
						m.cell[y*m.w+x] = a
					}
				}
				changed = true
			}
		}
	}
}

func (m *Mesh) cellIndex(p mathx.Point) int { return p.Y*m.w + p.X }

// cutLinks removes every link of polygon p, both ways, from links and
// from the adjacency graph g (Mesh and PolyMesh share the layout).
func cutLinks(links [][]Link, g *Graph, p int32) {
	for _, l := range links[p] {
		q := l.To
		ls := links[q]
		for i := range ls {
			if ls[i].To == p {
				links[q] = append(ls[:i], ls[i+1:]...)
				break
			}
		}
		g.RemoveEdge(int(q), int(p))
	}
	links[p] = links[p][:0]
	g.adj[p] = g.adj[p][:0]
	g.dirty = true
}

// kill marks a polygon dead (its cells are left to the caller) and cuts
// its links.
func (m *Mesh) kill(p int32) {
	cutLinks(m.links, m.graph, p)
	m.polys[p].alive = false
	m.deadIDs = append(m.deadIDs, p)
}

// strips scans the set's cells in bb both ways and intersects the runs.
func (m *Mesh) strips(bb mathx.Rect) {
	n := m.w * m.h
	if len(m.hid) != n {
		m.hid = make([]int32, n)
		m.vid = make([]int32, n)
	}
	type run struct {
		a, b int
		id   int32
	}
	var hr, vr []mathx.Rect
	var prev, cur []run
	// Horizontal scan: a run joins the previous row's rectangle that
	// starts and ends at the same x.
	for y := bb.Min.Y; y < bb.Max.Y; y++ {
		cur = cur[:0]
		j := 0
		for x := bb.Min.X; x < bb.Max.X; {
			if !m.in(y*m.w + x) {
				x++
				continue
			}
			a := x
			for x < bb.Max.X && m.in(y*m.w+x) {
				x++
			}
			for j < len(prev) && prev[j].a < a {
				j++
			}
			var id int32
			if j < len(prev) && prev[j].a == a && prev[j].b == x {
				id = prev[j].id
				hr[id].Max.Y = y + 1
			} else {
				id = int32(len(hr))
				hr = append(hr, mathx.R(a, y, x, y+1))
			}
			for i := a; i < x; i++ {
				m.hid[y*m.w+i] = id
			}
			cur = append(cur, run{a, x, id})
		}
		prev, cur = cur, prev
	}
	prev = prev[:0]
	// Vertical scan, the same with rows and columns swapped.
	for x := bb.Min.X; x < bb.Max.X; x++ {
		cur = cur[:0]
		j := 0
		for y := bb.Min.Y; y < bb.Max.Y; {
			if !m.in(y*m.w + x) {
				y++
				continue
			}
			a := y
			for y < bb.Max.Y && m.in(y*m.w+x) {
				y++
			}
			for j < len(prev) && prev[j].a < a {
				j++
			}
			var id int32
			if j < len(prev) && prev[j].a == a && prev[j].b == y {
				id = prev[j].id
				vr[id].Max.X = x + 1
			} else {
				id = int32(len(vr))
				vr = append(vr, mathx.R(x, a, x+1, y))
			}
			for i := a; i < y; i++ {
				m.vid[i*m.w+x] = id
			}
			cur = append(cur, run{a, y, id})
		}
		prev, cur = cur, prev
	}
	// Intersection: the cells sharing an (h, v) pair form hr ∩ vr.
	for y := bb.Min.Y; y < bb.Max.Y; y++ {
		for x := bb.Min.X; x < bb.Max.X; x++ {
			c := y*m.w + x
			if m.in(c) {
				m.newPoly(hr[m.hid[c]].Intersect(vr[m.vid[c]]), -1)
			}
		}
	}
}

// isolateDoors cuts door cells out of the fresh Strips polygons that
// contain them, re-splits the rest greedily, and gives each door its own
// polygons, the remainder kept rectangular.
func (m *Mesh) isolateDoors(bb mathx.Rect) {
	fresh := append([]int32(nil), m.fresh...)
	for _, p := range fresh {
		r := m.polys[p].Rect
		hasDoor := false
		for y := r.Min.Y; y < r.Max.Y && !hasDoor; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				if m.door[y*m.w+x] >= 0 {
					hasDoor = true
					break
				}
			}
		}
		if !hasDoor {
			continue
		}
		allDoor := true
		d0 := m.door[r.Min.Y*m.w+r.Min.X]
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				if m.door[y*m.w+x] != d0 {
					allDoor = false
				}
			}
		}
		if allDoor {
			m.polys[p].Door = int(d0)
			continue
		}
		m.kill(p)
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				c := y*m.w + x
				m.cell[c] = -1
				if m.door[c] >= 0 {
					m.mark[c] = m.stamp + 1 // left for doorPolys
				}
			}
		}
		m.greedy(r, -1)
	}
	m.doorPolys(bb)
}

// doorPolys gives the free, unassigned door cells in bb polygons of their
// own, one door at a time.
func (m *Mesh) doorPolys(bb mathx.Rect) {
	bb = bb.Intersect(mathx.Rect{Max: mathx.Point{X: m.w, Y: m.h}})
	for y := bb.Min.Y; y < bb.Max.Y; y++ {
		for x := bb.Min.X; x < bb.Max.X; x++ {
			c := y*m.w + x
			d := m.door[c]
			if d < 0 || m.cell[c] >= 0 || !m.free[c] || m.mark[c] != m.stamp+1 {
				continue
			}
			// Mark this door's pending cells and cover them.
			tr := mathx.R(int(m.doors[d].X)*m.sub, int(m.doors[d].Y)*m.sub, int(m.doors[d].X+1)*m.sub, int(m.doors[d].Y+1)*m.sub)
			for yy := tr.Min.Y; yy < tr.Max.Y; yy++ {
				for xx := tr.Min.X; xx < tr.Max.X; xx++ {
					if cc := yy*m.w + xx; m.mark[cc] == m.stamp+1 && m.cell[cc] < 0 && m.free[cc] {
						m.mark[cc] = m.stamp
					}
				}
			}
			m.greedy(tr, int(d))
		}
	}
}

// linkPoly scans the cells just outside p's right and bottom edges (and
// its left and top ones when all is set) and links p with the polygons
// found there.
func (m *Mesh) linkPoly(p int32, all bool) {
	r := m.polys[p].Rect
	if r.Max.X < m.w {
		m.scanSide(p, r.Max.X, r.Min.Y, r.Max.Y, true)
	}
	if r.Max.Y < m.h {
		m.scanSide(p, r.Max.Y, r.Min.X, r.Max.X, false)
	}
	if all {
		if r.Min.X > 0 {
			m.scanSide(p, r.Min.X-1, r.Min.Y, r.Max.Y, true)
		}
		if r.Min.Y > 0 {
			m.scanSide(p, r.Min.Y-1, r.Min.X, r.Max.X, false)
		}
	}
}

// scanSide walks the line of cells at fixed (x when vertical, else y)
// from a to b and links p to each run of one polygon.
func (m *Mesh) scanSide(p int32, fixed, a, b int, vertical bool) {
	s := 1 / float64(m.sub)
	r := m.polys[p].Rect
	edge := fixed // the shared boundary's coordinate in cells
	if vertical && fixed < r.Min.X || !vertical && fixed < r.Min.Y {
		edge = fixed + 1
	}
	for i := a; i < b; {
		var q int32
		if vertical {
			q = m.cell[i*m.w+fixed]
		} else {
			q = m.cell[fixed*m.w+i]
		}
		j := i + 1
		for j < b {
			var q2 int32
			if vertical {
				q2 = m.cell[j*m.w+fixed]
			} else {
				q2 = m.cell[fixed*m.w+j]
			}
			if q2 != q {
				break
			}
			j++
		}
		if q >= 0 && q != p {
			var A, B mathx.Vec2
			if vertical {
				A, B = mathx.V2(float64(edge)*s, float64(i)*s), mathx.V2(float64(edge)*s, float64(j)*s)
			} else {
				A, B = mathx.V2(float64(i)*s, float64(edge)*s), mathx.V2(float64(j)*s, float64(edge)*s)
			}
			m.link(p, q, A, B)
		}
		i = j
	}
}

func (m *Mesh) link(p, q int32, a, b mathx.Vec2) {
	for _, l := range m.links[p] {
		if l.To == q {
			return
		}
	}
	m.links[p] = append(m.links[p], Link{To: q, A: a, B: b})
	m.links[q] = append(m.links[q], Link{To: p, A: a, B: b})
	mid := a.Add(b).Scale(0.5)
	u, v := m.graph.pos[p].Sub(mid), mid.Sub(m.graph.pos[q])
	w := math.Sqrt(u.X*u.X+u.Y*u.Y) + math.Sqrt(v.X*v.X+v.Y*v.Y)
	m.graph.adj[p] = append(m.graph.adj[p], Edge{To: q, W: w})
	m.graph.adj[q] = append(m.graph.adj[q], Edge{To: p, W: w})
	m.graph.dirty = true
	if d := m.polys[q].Door; d >= 0 && m.locked[d] {
		m.graph.SetEdgeEnabled(int(p), int(q), false)
	}
	if d := m.polys[p].Door; d >= 0 && m.locked[d] {
		m.graph.SetEdgeEnabled(int(q), int(p), false)
	}
}
