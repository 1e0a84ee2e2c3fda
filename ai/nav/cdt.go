package nav

import (
	"math"

	"diorama/mathx"
)

// cdt is a constrained Delaunay triangulation of a rectangle: points are
// inserted by locating their triangle and flipping (Lawson), constraint
// segments by flipping away the edges that cross them (Sloan). A
// constraint that crosses another one is split at the crossing; one that
// runs through a vertex is split there.
type cdt struct {
	pts  []mathx.Vec2
	tri  []ctri
	vtri []int32 // a triangle around each vertex
	last int32
	eps  float64 // distance under which points merge or lie on a line
	walk uint32

	stack []int32
	cross [][2]int32
	fresh [][2]int32
}

// ctri is one triangle: vertices counter-clockwise; n[i] is the
// triangle across the edge opposite v[i] (v[i+1]–v[i+2]), -1 on the
// rectangle's boundary; c[i] says that edge is a constraint.
type ctri struct {
	v [3]int32
	n [3]int32
	c [3]bool
}

func next3(i int) int { return (i + 1) % 3 }
func prev3(i int) int { return (i + 2) % 3 }

// reset starts over with the rectangle b split into two triangles.
func (d *cdt) reset(b mathx.AABB) {
	d.pts = append(d.pts[:0], b.Min, mathx.V2(b.Max.X, b.Min.Y), b.Max, mathx.V2(b.Min.X, b.Max.Y))
	d.tri = append(d.tri[:0],
		ctri{v: [3]int32{0, 1, 2}, n: [3]int32{-1, 1, -1}},
		ctri{v: [3]int32{0, 2, 3}, n: [3]int32{-1, -1, 0}})
	d.vtri = append(d.vtri[:0], 0, 0, 0, 1)
	d.last = 0
	s := math.Max(b.Max.X-b.Min.X, b.Max.Y-b.Min.Y)
	d.eps = 1e-10 * math.Max(s, 1)
}

func (d *cdt) setTri(t int32, v [3]int32, n [3]int32, c [3]bool) {
	d.tri[t] = ctri{v: v, n: n, c: c}
	for _, x := range v {
		d.vtri[x] = t
	}
}

// relink makes triangle x (if any) point at nw where it pointed at old.
func (d *cdt) relink(x, old, nw int32) {
	if x < 0 {
		return
	}
	for i := range 3 {
		if d.tri[x].n[i] == old {
			d.tri[x].n[i] = nw
			return
		}
	}
}

func (d *cdt) newTri() int32 {
	d.tri = append(d.tri, ctri{})
	return int32(len(d.tri) - 1)
}

// locate finds the triangle containing p by a randomised visibility
// walk. It returns the triangle, the index of the edge p lies on (or -1),
// and the vertex p coincides with (or -1).
func (d *cdt) locate(p mathx.Vec2) (t int32, edge int, vert int32) {
	t = d.last
	for steps := 0; steps < 4*len(d.tri)+16; steps++ {
		tr := &d.tri[t]
		d.walk = d.walk*1664525 + 1013904223
		s := int(d.walk>>16) % 3
		moved := false
		for k := range 3 {
			i := (s + k) % 3
			a, b := d.pts[tr.v[next3(i)]], d.pts[tr.v[prev3(i)]]
			if tr.n[i] >= 0 && orient(a, b, p) < 0 {
				t = tr.n[i]
				moved = true
				break
			}
		}
		if !moved {
			break
		}
		if steps == 4*len(d.tri)+15 {
			t = d.scan(p)
		}
	}
	d.last = t
	tr := &d.tri[t]
	e2 := d.eps * d.eps
	for i := range 3 {
		if d.pts[tr.v[i]].DistSq(p) <= e2 {
			return t, -1, tr.v[i]
		}
	}
	// On an edge: exactly on its line (orient's sign is exact), or
	// within eps of a constraint (a computed crossing point that rounding
	// put a hair off the obstacle edge it lies on) when splitting that
	// edge there keeps every triangle counter-clockwise.
	for i := range 3 {
		if orient(d.pts[tr.v[next3(i)]], d.pts[tr.v[prev3(i)]], p) == 0 {
			return t, i, -1
		}
	}
	for i := range 3 {
		if !tr.c[i] {
			continue
		}
		a, b := d.pts[tr.v[next3(i)]], d.pts[tr.v[prev3(i)]]
		if mathx.SegmentDist(p, a, b) <= d.eps && d.splitOK(t, i, p) {
			return t, i, -1
		}
	}
	return t, -1, -1
}

// scan finds the triangle containing p by testing every one (the
// fallback of a walk that did not settle).
func (d *cdt) scan(p mathx.Vec2) int32 {
	best, bd := int32(0), math.Inf(-1)
	for t := range d.tri {
		tr := &d.tri[t]
		m := math.Inf(1)
		for i := range 3 {
			a, b := d.pts[tr.v[next3(i)]], d.pts[tr.v[prev3(i)]]
			m = math.Min(m, orient(a, b, p)/a.Dist(b))
		}
		if m > bd {
			best, bd = int32(t), m
		}
	}
	return best
}

// splitOK reports whether splitting t's edge e at p leaves all four
// (or two) new triangles strictly counter-clockwise.
func (d *cdt) splitOK(t int32, e int, p mathx.Vec2) bool {
	tr := &d.tri[t]
	a, b, c := d.pts[tr.v[e]], d.pts[tr.v[next3(e)]], d.pts[tr.v[prev3(e)]]
	if orient(p, c, a) <= 0 || orient(p, a, b) <= 0 {
		return false
	}
	if u := tr.n[e]; u >= 0 {
		ur := &d.tri[u]
		j := 0
		for ur.n[j] != t {
			j++
		}
		w := d.pts[ur.v[j]]
		if orient(p, b, w) <= 0 || orient(p, w, c) <= 0 {
			return false
		}
	}
	return true
}

// addPoint inserts p (which must lie in the rectangle) and returns its
// vertex, or the vertex already there.
func (d *cdt) addPoint(p mathx.Vec2) int32 {
	t, e, v := d.locate(p)
	if v >= 0 {
		return v
	}
	return d.insertAt(t, e, p)
}

// insertAt inserts p inside triangle t, or on its edge e when e >= 0.
func (d *cdt) insertAt(t int32, e int, p mathx.Vec2) int32 {
	pi := int32(len(d.pts))
	d.pts = append(d.pts, p)
	d.vtri = append(d.vtri, t)
	d.stack = d.stack[:0]
	if e < 0 {
		// split t into three, p at v[0] of each
		tr := d.tri[t]
		a, b, c := tr.v[0], tr.v[1], tr.v[2]
		t1, t2 := d.newTri(), d.newTri()
		d.setTri(t, [3]int32{pi, b, c}, [3]int32{tr.n[0], t1, t2}, [3]bool{tr.c[0], false, false})
		d.setTri(t1, [3]int32{pi, c, a}, [3]int32{tr.n[1], t2, t}, [3]bool{tr.c[1], false, false})
		d.setTri(t2, [3]int32{pi, a, b}, [3]int32{tr.n[2], t, t1}, [3]bool{tr.c[2], false, false})
		d.relink(tr.n[1], t, t1)
		d.relink(tr.n[2], t, t2)
		d.stack = append(d.stack, t, t1, t2)
	} else {
		// split the edge opposite v[e] of t (and of its neighbour u)
		tr := d.tri[t]
		a := tr.v[e]
		b, c := tr.v[next3(e)], tr.v[prev3(e)]
		nab, nca := tr.n[prev3(e)], tr.n[next3(e)]
		cab, cca := tr.c[prev3(e)], tr.c[next3(e)]
		con := tr.c[e]
		u := tr.n[e]
		t1 := d.newTri()
		// t = (p, c, a), t1 = (p, a, b)
		var u1 int32 = -1
		if u >= 0 {
			u1 = d.newTri()
		}
		d.setTri(t, [3]int32{pi, c, a}, [3]int32{nca, t1, u1}, [3]bool{cca, false, con})
		d.setTri(t1, [3]int32{pi, a, b}, [3]int32{nab, u, t}, [3]bool{cab, con, false})
		d.relink(nab, t, t1)
		d.stack = append(d.stack, t, t1)
		if u >= 0 {
			ur := d.tri[u]
			j := 0
			for ur.n[j] != t {
				j++
			}
			// u = (w, c, b) with w = ur.v[j]; edge c-b opposite w
			// v[j] = w, v[j+1] = c, v[j+2] = b; u becomes (p, b, w)
			// and u1 (p, w, c)
			w := ur.v[j]
			nbw, nwc := ur.n[next3(j)], ur.n[prev3(j)]
			cbw, cwc := ur.c[next3(j)], ur.c[prev3(j)]
			d.setTri(u, [3]int32{pi, b, w}, [3]int32{nbw, u1, t1}, [3]bool{cbw, false, con})
			d.setTri(u1, [3]int32{pi, w, c}, [3]int32{nwc, t, u}, [3]bool{cwc, con, false})
			d.relink(nwc, u, u1)
			d.stack = append(d.stack, u, u1)
		}
	}
	d.legalize()
	if cdtDebug != nil {
		cdtDebug(d, "insert")
	}
	return pi
}

// cdtDebug, when set (tests), is called after every insertion and
// constraint.
var cdtDebug func(d *cdt, what string)

// legalize flips the edges opposite v[0] of the stacked triangles until
// they are locally Delaunay (constraints are never flipped).
func (d *cdt) legalize() {
	for len(d.stack) > 0 {
		t := d.stack[len(d.stack)-1]
		d.stack = d.stack[:len(d.stack)-1]
		tr := &d.tri[t]
		u := tr.n[0]
		if u < 0 || tr.c[0] {
			continue
		}
		ur := &d.tri[u]
		j := 0
		for ur.n[j] != t {
			j++
		}
		a, b, c, w := d.pts[tr.v[0]], d.pts[tr.v[1]], d.pts[tr.v[2]], d.pts[ur.v[j]]
		// Flip only a strictly convex quad: with nearly collinear points
		// rounding can put w "inside" the circle of a flat quad.
		if inCircle(a, b, c, w) > 0 && orient(a, b, w) > 0 && orient(a, w, c) > 0 {
			d.flip(t, 0)
			d.stack = append(d.stack, t, u)
		}
	}
}

// inCircle is positive when d lies inside the circle through the
// counter-clockwise a, b, c.
func inCircle(a, b, c, d mathx.Vec2) float64 {
	adx, ady := a.X-d.X, a.Y-d.Y
	bdx, bdy := b.X-d.X, b.Y-d.Y
	cdx, cdy := c.X-d.X, c.Y-d.Y
	ad := adx*adx + ady*ady
	bd := bdx*bdx + bdy*bdy
	cd := cdx*cdx + cdy*cdy
	return adx*(bdy*cd-bd*cdy) - ady*(bdx*cd-bd*cdx) + ad*(bdx*cdy-bdy*cdx)
}

// flip turns the edge opposite v[i] of t. Afterwards t = (a, b, w) and
// u = (a, w, c), where t was (a, b, c) and w is u's far vertex: both have
// a at v[0], and the edges opposite a are the old outer edges of u.
func (d *cdt) flip(t int32, i int) {
	tr := d.tri[t]
	u := tr.n[i]
	ur := d.tri[u]
	j := 0
	for ur.n[j] != t {
		j++
	}
	a, b, c := tr.v[i], tr.v[next3(i)], tr.v[prev3(i)]
	w := ur.v[j]
	// ur: v[j]=w, v[j+1]=c, v[j+2]=b
	nab, cab := tr.n[prev3(i)], tr.c[prev3(i)]
	nca, cca := tr.n[next3(i)], tr.c[next3(i)]
	nbw, cbw := ur.n[next3(j)], ur.c[next3(j)]
	nwc, cwc := ur.n[prev3(j)], ur.c[prev3(j)]
	d.setTri(t, [3]int32{a, b, w}, [3]int32{nbw, u, nab}, [3]bool{cbw, false, cab})
	d.setTri(u, [3]int32{a, w, c}, [3]int32{nwc, nca, t}, [3]bool{cwc, cca, false})
	d.relink(nbw, u, t)
	d.relink(nca, t, u)
}

// findEdge returns the triangle and index of the edge from vertex a to b
// (b at v[next3(k)] when a is v[k]... the edge opposite the third
// vertex), or -1.
func (d *cdt) findEdge(a, b int32) (int32, int) {
	t0 := d.vtri[a]
	// Rotate one way (across (v[k+2], a)), then the other (across
	// (a, v[k+1])) when a boundary stops the first.
	for pass := 0; pass < 2; pass++ {
		t := t0
		for n := 0; n < len(d.tri)+1; n++ {
			tr := &d.tri[t]
			k := 0
			for tr.v[k] != a {
				k++
			}
			if tr.v[next3(k)] == b {
				return t, prev3(k)
			}
			if tr.v[prev3(k)] == b {
				return t, next3(k)
			}
			nt := tr.n[next3(k)]
			if pass == 1 {
				nt = tr.n[prev3(k)]
			}
			if nt < 0 || nt == t0 {
				break
			}
			t = nt
		}
	}
	return -1, -1
}

func (d *cdt) setConstraint(t int32, i int) {
	d.tri[t].c[i] = true
	if u := d.tri[t].n[i]; u >= 0 {
		for j := range 3 {
			if d.tri[u].n[j] == t {
				d.tri[u].c[j] = true
			}
		}
	}
}

// leaves looks at triangle t around vertex a for the segment pa–pb: k is
// a's corner in t; stop is a vertex of t lying on the segment beyond a
// (-1 if none); found reports that the segment leaves a through t's
// opposite edge.
func (d *cdt) leaves(t, a int32, pa, pb mathx.Vec2) (k int, stop int32, found bool) {
	tr := &d.tri[t]
	for tr.v[k] != a {
		k++
	}
	p1, p2 := tr.v[next3(k)], tr.v[prev3(k)]
	o1, o2 := d.side(pa, pb, d.pts[p1]), d.side(pa, pb, d.pts[p2])
	if o1 == 0 && d.pts[p1].Sub(pa).Dot(pb.Sub(pa)) > 0 {
		return k, p1, false
	}
	if o2 == 0 && d.pts[p2].Sub(pa).Dot(pb.Sub(pa)) > 0 {
		return k, p2, false
	}
	return k, -1, o1 < 0 && o2 > 0
}

// addSegment inserts the constraint a–b (both in the rectangle).
func (d *cdt) addSegment(p, q mathx.Vec2) {
	a, b := d.addPoint(p), d.addPoint(q)
	d.segment(a, b, 0)
}

func (d *cdt) segment(a, b int32, depth int) {
	for guard := 0; a != b && depth < 64 && guard < 1<<12; guard++ {
		if t, i := d.findEdge(a, b); t >= 0 {
			d.setConstraint(t, i)
			return
		}
		pa, pb := d.pts[a], d.pts[b]
		// Find the triangle around a that the segment leaves through.
		t0 := d.vtri[a]
		t := t0
		found := false
		var stop int32 = -1
		for n := 0; n < len(d.tri)+1; n++ {
			k, s, f := d.leaves(t, a, pa, pb)
			if s >= 0 || f {
				stop, found = s, f
				break
			}
			nt := d.tri[t].n[next3(k)]
			if nt < 0 {
				// hit the boundary: go the other way from t0
				t = t0
				for m := 0; m < len(d.tri)+1; m++ {
					k, s, f := d.leaves(t, a, pa, pb)
					if s >= 0 || f {
						stop, found = s, f
						break
					}
					nt := d.tri[t].n[prev3(k)]
					if nt < 0 {
						break
					}
					t = nt
				}
				break
			}
			if nt == t0 {
				break
			}
			t = nt
		}
		if stop >= 0 {
			d.segment(a, stop, depth+1)
			a = stop
			continue
		}
		if !found {
			return // cannot happen in a valid triangulation
		}
		// Walk across the triangles, collecting crossed edges.
		d.cross = d.cross[:0]
		tr := &d.tri[t]
		k := 0
		for tr.v[k] != a {
			k++
		}
		r, l := tr.v[next3(k)], tr.v[prev3(k)]
		ei := k
		split := false
		for {
			if tr.c[ei] {
				// crossing a constraint: split both at the crossing
				pr, pl := d.pts[r], d.pts[l]
				// r and l lie strictly on either side of a–b, so this
				// parameter is in (0, 1) even when the lines are nearly
				// parallel.
				or, ol := orient(pa, pb, pr), orient(pa, pb, pl)
				x := pr.Add(pl.Sub(pr).Scale(or / (or - ol)))
				var v int32
				switch {
				case x.Dist(pr) <= d.eps:
					v = r
				case x.Dist(pl) <= d.eps:
					v = l
				case d.splitOK(t, ei, x):
					v = d.insertAt(t, ei, x)
				default:
					v = d.addPoint(x) // rounding: let the point find its place
				}
				if v == a {
					return // no progress possible (degenerate)
				}
				d.segment(a, v, depth+1)
				a = v
				split = true
				break
			}
			d.cross = append(d.cross, [2]int32{r, l})
			u := tr.n[ei]
			ur := &d.tri[u]
			j := 0
			for ur.n[j] != t {
				j++
			}
			w := ur.v[j]
			if w == b {
				break
			}
			o := d.side(pa, pb, d.pts[w])
			if o == 0 {
				stop = w
				break
			}
			t, tr = u, ur
			if o < 0 {
				r = w // next edge (w, l), opposite r's old partner
			} else {
				l = w
			}
			for i := range 3 {
				if tr.v[i] != r && tr.v[i] != l {
					ei = i
				}
			}
		}
		if split {
			continue
		}
		if stop >= 0 {
			d.flipAway(a, stop)
			d.segment(a, stop, depth+1)
			a = stop
			continue
		}
		d.flipAway(a, b)
		if cdtDebug != nil {
			cdtDebug(d, "flipAway")
		}
		if t, i := d.findEdge(a, b); t >= 0 {
			d.setConstraint(t, i)
		}
		return
	}
}

// side is the sign of p relative to the line a→b, 0 within eps.
func (d *cdt) side(a, b, p mathx.Vec2) int {
	o := orient(a, b, p)
	if o == 0 {
		return 0
	}
	if o > 0 {
		return 1
	}
	return -1
}

// flipAway flips the edges in d.cross (which all cross a–b properly)
// until none crosses, then restores the Delaunay property around the
// new edges (Sloan 1993).
func (d *cdt) flipAway(a, b int32) {
	pa, pb := d.pts[a], d.pts[b]
	crosses := func(u, v int32) bool {
		if u == a || u == b || v == a || v == b {
			return false
		}
		pu, pv := d.pts[u], d.pts[v]
		return orient(pa, pb, pu)*orient(pa, pb, pv) < 0 && orient(pu, pv, pa)*orient(pu, pv, pb) < 0
	}
	d.fresh = d.fresh[:0]
	guard := 0
	for len(d.cross) > 0 && guard < 1<<20 {
		guard++
		e := d.cross[0]
		d.cross = d.cross[1:]
		t, i := d.findEdge(e[0], e[1])
		if t < 0 {
			continue
		}
		tr := d.tri[t]
		u := tr.n[i]
		ur := d.tri[u]
		j := 0
		for ur.n[j] != t {
			j++
		}
		x, y := tr.v[i], ur.v[j]
		// convex quad: x–y crosses e properly
		pe0, pe1, px, py := d.pts[e[0]], d.pts[e[1]], d.pts[x], d.pts[y]
		if !(orient(px, py, pe0)*orient(px, py, pe1) < 0 && orient(pe0, pe1, px)*orient(pe0, pe1, py) < 0) {
			d.cross = append(d.cross, e)
			continue
		}
		d.flip(t, i)
		if crosses(x, y) {
			d.cross = append(d.cross, [2]int32{x, y})
		} else {
			d.fresh = append(d.fresh, [2]int32{x, y})
		}
	}
	// Restore Delaunay on the new edges other than a–b.
	for changed, n := true, 0; changed && n < 64; n++ {
		changed = false
		for k, e := range d.fresh {
			if (e[0] == a && e[1] == b) || (e[0] == b && e[1] == a) {
				continue
			}
			t, i := d.findEdge(e[0], e[1])
			if t < 0 || d.tri[t].c[i] {
				continue
			}
			tr := d.tri[t]
			u := tr.n[i]
			if u < 0 {
				continue
			}
			ur := d.tri[u]
			j := 0
			for ur.n[j] != t {
				j++
			}
			x, y := tr.v[i], ur.v[j]
			if inCircle(d.pts[tr.v[0]], d.pts[tr.v[1]], d.pts[tr.v[2]], d.pts[y]) > 0 {
				px, py, p0, p1 := d.pts[x], d.pts[y], d.pts[e[0]], d.pts[e[1]]
				if orient(px, py, p0)*orient(px, py, p1) < 0 && orient(p0, p1, px)*orient(p0, p1, py) < 0 {
					d.flip(t, i)
					d.fresh[k] = [2]int32{x, y}
					changed = true
				}
			}
		}
	}
}
