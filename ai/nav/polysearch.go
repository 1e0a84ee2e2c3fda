package nav

import "diorama/mathx"

// polySearch holds PolyMesh.FindPath's work arrays, kept in a Searcher.
type polySearch struct {
	g      []float64
	entry  []mathx.Vec2
	parent []int32
	stamp  []uint32
	closed []uint32
	cur    uint32
	heap   []pqItem
}

type pqItem struct {
	f float64
	n int32
}

func (q *polySearch) push(it pqItem) {
	q.heap = append(q.heap, it)
	i := len(q.heap) - 1
	for i > 0 {
		p := (i - 1) / 2
		if q.heap[p].f <= it.f {
			break
		}
		q.heap[i] = q.heap[p]
		i = p
	}
	q.heap[i] = it
}

func (q *polySearch) pop() pqItem {
	h := q.heap
	top := h[0]
	last := h[len(h)-1]
	h = h[:len(h)-1]
	i := 0
	for {
		c := 2*i + 1
		if c >= len(h) {
			break
		}
		if c+1 < len(h) && h[c+1].f < h[c].f {
			c++
		}
		if last.f <= h[c].f {
			break
		}
		h[i] = h[c]
		i = c
	}
	if len(h) > 0 {
		h[i] = last
	}
	q.heap = h
	return top
}

// corridor runs A* over the polygons, where the cost of entering a
// polygon is the distance from the point the search entered its parent
// at to the nearest point of the portal between them (that point becomes
// the new entry). This tracks the taut path far better than centroid
// distances; the heuristic is the straight line to the goal.
func (m *PolyMesh) corridor(s *Searcher, a, b int, from, to mathx.Vec2, dst []int) ([]int, Stats, error) {
	q := s.poly
	if q == nil {
		q = &polySearch{}
		s.poly = q
	}
	n := len(m.polys)
	if len(q.g) < n {
		q.g = make([]float64, n)
		q.entry = make([]mathx.Vec2, n)
		q.parent = make([]int32, n)
		q.stamp = make([]uint32, n)
		q.closed = make([]uint32, n)
	}
	q.cur++
	if q.cur == 0 {
		clear(q.stamp)
		clear(q.closed)
		q.cur = 1
	}
	q.heap = q.heap[:0]
	q.g[a], q.entry[a], q.parent[a], q.stamp[a] = 0, from, -1, q.cur
	q.push(pqItem{from.Dist(to), int32(a)})
	expanded := 0
	found := false
	for len(q.heap) > 0 {
		it := q.pop()
		p := it.n
		if q.closed[p] == q.cur {
			continue
		}
		q.closed[p] = q.cur
		expanded++
		if int(p) == b {
			found = true
			break
		}
		if expanded > 4*n+16 {
			break // re-opening bound (see below)
		}
		e := q.entry[p]
		for _, l := range m.links[p] {
			c := l.To
			if c == q.parent[p] {
				continue
			}
			x := portalPoint(l.A, l.B, e, to)
			g := q.g[p] + e.Dist(x)
			f := g + x.Dist(to)
			// Entries at different points are compared by their
			// estimated total, and a polygon reached better is opened
			// again.
			if q.stamp[c] != q.cur || f < q.g[c]+q.entry[c].Dist(to)-1e-9 {
				q.stamp[c], q.g[c], q.entry[c], q.parent[c] = q.cur, g, x, p
				q.closed[c] = 0
				q.push(pqItem{f, c})
			}
		}
	}
	st := Stats{Expanded: expanded}
	dst = dst[:0]
	if !found {
		return dst, st, ErrNoPath
	}
	st.Cost = q.g[b] + q.entry[b].Dist(to)
	for p := int32(b); p >= 0; p = q.parent[p] {
		dst = append(dst, int(p))
	}
	for i, j := 0, len(dst)-1; i < j; i, j = i+1, j-1 {
		dst[i], dst[j] = dst[j], dst[i]
	}
	return dst, st, nil
}

// portalPoint is the point x of portal a–b (kept a hair off its ends)
// that minimises |e−x| + |x−to|: where the segment e–to crosses the
// portal, or else the better end.
func portalPoint(a, b, e, to mathx.Vec2) mathx.Vec2 {
	const k = 1e-3
	d := b.Sub(a)
	if d.LenSq() == 0 {
		return a
	}
	pa, pb := a.Add(d.Scale(k)), a.Add(d.Scale(1-k))
	oe, ot := orient(a, b, e), orient(a, b, to)
	if (oe > 0) != (ot > 0) && oe != ot {
		u := to.Sub(e)
		den := d.Cross(u)
		if den != 0 {
			t := e.Sub(a).Cross(u) / den
			if t >= k && t <= 1-k {
				return a.Add(d.Scale(t))
			}
		}
	}
	if e.Dist(pa)+pa.Dist(to) <= e.Dist(pb)+pb.Dist(to) {
		return pa
	}
	return pb
}
