package nav

import (
	"math"
	"testing"

	"diorama/mathx"
)

// randomField returns n obstacles inside b: axis-aligned and rotated
// boxes, circles, convex and concave polygons, a fixed mix per seed.
func randomField(seed uint64, n int, b mathx.AABB) []Obstacle {
	r := mathx.NewRand(seed)
	w, h := b.Max.X-b.Min.X, b.Max.Y-b.Min.Y
	var out []Obstacle
	for len(out) < n {
		c := mathx.V2(b.Min.X+r.Range(0, w), b.Min.Y+r.Range(0, h))
		size := 60 * r.Range(0.02, 0.08)
		switch len(out) % 5 {
		case 0:
			out = append(out, BoxObstacle(c, mathx.V2(size, size*r.Range(0.3, 1)), 0))
		case 1:
			out = append(out, BoxObstacle(c, mathx.V2(size, size*r.Range(0.2, 0.6)), r.Range(0, math.Pi)))
		case 2:
			out = append(out, CircleObstacle(c, size*0.8, 12))
		case 3: // convex: hull of random points
			var pts []mathx.Vec2
			for range 7 {
				pts = append(pts, c.Add(r.InCircle(size)))
			}
			h := convexHull(pts)
			if len(h) < 3 {
				continue
			}
			out = append(out, PolygonObstacle(h...))
		case 4: // concave: an L or a star
			if r.Bool() {
				a := r.Range(0, math.Pi)
				rot := func(x, y float64) mathx.Vec2 { return c.Add(mathx.V2(x, y).Scale(size).Rotate(a)) }
				out = append(out, PolygonObstacle(rot(-1, -1), rot(1, -1), rot(1, -0.4), rot(-0.4, -0.4), rot(-0.4, 1), rot(-1, 1)))
			} else {
				var pts []mathx.Vec2
				k := 5
				for i := range 2 * k {
					rr := size
					if i%2 == 1 {
						rr *= 0.45
					}
					pts = append(pts, c.Add(mathx.FromAngle(float64(i)*math.Pi/float64(k)).Scale(rr)))
				}
				out = append(out, PolygonObstacle(pts...))
			}
		}
	}
	return out
}

// visShortest is the reference: the true shortest path from a to b among
// the mesh's inflated obstacles inside its walkable rectangle, by a
// visibility graph over the obstacle corners and Dijkstra. It returns
// +Inf when b cannot be reached.
func visShortest(m *PolyMesh, a, b mathx.Vec2) float64 {
	var pieces []*convexPiece
	for i := range m.obs {
		if !m.obs[i].alive {
			continue
		}
		for j := range m.obs[i].pieces {
			pieces = append(pieces, &m.obs[i].pieces[j])
		}
	}
	nodes := []mathx.Vec2{a, b}
	w := m.walk
	for _, p := range pieces {
		for _, v := range p.pts {
			if v.X < w.Min.X || v.Y < w.Min.Y || v.X > w.Max.X || v.Y > w.Max.Y {
				continue
			}
			inside := false
			for _, q := range pieces {
				if q.contains(v, geomEps) {
					inside = true
					break
				}
			}
			if !inside {
				nodes = append(nodes, v)
			}
		}
	}
	clear := func(u, v mathx.Vec2) bool {
		for _, p := range pieces {
			if p.hitsSegment(u, v, geomEps) {
				return false
			}
		}
		return true
	}
	n := len(nodes)
	dist := make([]float64, n)
	done := make([]bool, n)
	for i := range dist {
		dist[i] = math.Inf(1)
	}
	dist[0] = 0
	for {
		u := -1
		for i := range n {
			if !done[i] && !math.IsInf(dist[i], 1) && (u < 0 || dist[i] < dist[u]) {
				u = i
			}
		}
		if u < 0 || u == 1 {
			break
		}
		done[u] = true
		for v := range n {
			if done[v] {
				continue
			}
			d := dist[u] + nodes[u].Dist(nodes[v])
			if d < dist[v] && clear(nodes[u], nodes[v]) {
				dist[v] = d
			}
		}
	}
	return dist[1]
}

// pathCrosses reports the first segment of path that enters an inflated
// obstacle or leaves the walkable rectangle, or -1.
func pathCrosses(m *PolyMesh, path []mathx.Vec2) int {
	w := m.walk.Expand(geomEps)
	for i := 1; i < len(path); i++ {
		u, v := path[i-1], path[i]
		if !w.Contains(u) || !w.Contains(v) {
			return i
		}
		for k := range m.obs {
			if !m.obs[k].alive {
				continue
			}
			for j := range m.obs[k].pieces {
				if m.obs[k].pieces[j].hitsSegment(u, v, geomEps) {
					return i
				}
			}
		}
	}
	return -1
}

// checkCDT verifies the scratch triangulation's structure: counter-
// clockwise triangles, symmetric neighbours and constraint flags, and
// the Delaunay property on unconstrained edges.
func checkCDT(t *testing.T, d *cdt) {
	t.Helper()
	for i := range d.tri {
		tr := &d.tri[i]
		a, b, c := d.pts[tr.v[0]], d.pts[tr.v[1]], d.pts[tr.v[2]]
		if orient(a, b, c) <= 0 {
			t.Fatalf("triangle %d %v not counter-clockwise: %v %v %v orient %g", i, tr.v, a, b, c, orient(a, b, c))
		}
		for k := range 3 {
			u := tr.n[k]
			if u < 0 {
				continue
			}
			ur := &d.tri[u]
			j := -1
			for q := range 3 {
				if ur.n[q] == int32(i) {
					j = q
				}
			}
			if j < 0 {
				t.Fatalf("triangle %d's neighbour %d does not point back", i, u)
			}
			if ur.c[j] != tr.c[k] {
				t.Fatalf("constraint flag differs across %d/%d", i, u)
			}
			if ur.v[next3(j)] != tr.v[prev3(k)] || ur.v[prev3(j)] != tr.v[next3(k)] {
				t.Fatalf("triangles %d and %d do not share the edge", i, u)
			}
			if !tr.c[k] {
				w := d.pts[ur.v[j]]
				// (a quad that is not strictly convex cannot be flipped)
				x := d.pts[tr.v[k]]
				y, z := d.pts[tr.v[next3(k)]], d.pts[tr.v[prev3(k)]]
				convex := orient(x, y, w) > 0 && orient(x, w, z) > 0
				if ic := inCircle(a, b, c, w); convex && ic > 1e-9*math.Pow(a.Dist(b)+b.Dist(c)+c.Dist(a), 4) {
					t.Fatalf("edge %d/%d not Delaunay (%g)", i, u, ic)
				}
			}
		}
	}
}
