package atlas

import (
	"cmp"
	"image"
	"slices"
)

// firstOverlap returns two frames (by index, a < b) whose rectangles on
// the same page partly overlap, or ok false. Identical rectangles are
// aliases, not overlaps. It is a sweep over x with the active
// rectangles' y intervals in a treap: while no overlap has been found the
// active intervals are disjoint, so a new one only needs checking against
// its neighbours in y. O(n log n) for n frames.
func firstOverlap(frames []Frame) (a, b int, ok bool) {
	type ev struct {
		x, kind int // kind 0: end, 1: start (ends first at equal x)
		idx     int
	}
	// Distinct rectangles per page, each with its first frame's index.
	order := make([]int, len(frames))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(i, j int) int {
		fi, fj := &frames[i], &frames[j]
		if c := cmp.Compare(fi.Page, fj.Page); c != 0 {
			return c
		}
		return cmpRect(fi.Rect, fj.Rect)
	})
	var pages [][]int // distinct rectangles by page
	for k, i := range order {
		if k > 0 {
			p := order[k-1]
			if frames[p].Page == frames[i].Page && frames[p].Rect == frames[i].Rect {
				continue // an alias of the previous one (lower index kept)
			}
			if frames[p].Page == frames[i].Page {
				pages[len(pages)-1] = append(pages[len(pages)-1], i)
				continue
			}
		}
		pages = append(pages, []int{i})
	}
	for _, ids := range pages {
		evs := make([]ev, 0, 2*len(ids))
		for _, i := range ids {
			r := frames[i].Rect
			if r.Empty() {
				continue
			}
			evs = append(evs, ev{r.Min.X, 1, i}, ev{r.Max.X, 0, i})
		}
		slices.SortFunc(evs, func(p, q ev) int {
			if c := cmp.Compare(p.x, q.x); c != 0 {
				return c
			}
			return cmp.Compare(p.kind, q.kind)
		})
		t := newTreap(len(ids))
		for _, e := range evs {
			r := frames[e.idx].Rect
			if e.kind == 0 {
				t.remove(r.Min.Y, e.idx)
				continue
			}
			if p := t.floor(r.Min.Y, e.idx); p >= 0 && frames[p].Rect.Max.Y > r.Min.Y {
				return min(p, e.idx), max(p, e.idx), true
			}
			if s := t.ceil(r.Min.Y, e.idx); s >= 0 && frames[s].Rect.Min.Y < r.Max.Y {
				return min(s, e.idx), max(s, e.idx), true
			}
			t.insert(r.Min.Y, e.idx)
		}
	}
	return 0, 0, false
}

func cmpRect(a, b image.Rectangle) int {
	if c := cmp.Compare(a.Min.X, b.Min.X); c != 0 {
		return c
	}
	if c := cmp.Compare(a.Min.Y, b.Min.Y); c != 0 {
		return c
	}
	if c := cmp.Compare(a.Max.X, b.Max.X); c != 0 {
		return c
	}
	return cmp.Compare(a.Max.Y, b.Max.Y)
}

// treap is an ordered set of (y, id) keys with random priorities from a
// fixed-seed generator (deterministic), stored in slices.
type treap struct {
	key   []int // y
	id    []int
	pri   []uint32
	l, r  []int32
	root  int32
	free  []int32
	state uint32
}

func newTreap(n int) *treap {
	return &treap{root: -1, state: 0x9e3779b9,
		key: make([]int, 0, n), id: make([]int, 0, n), pri: make([]uint32, 0, n), l: make([]int32, 0, n), r: make([]int32, 0, n)}
}

func (t *treap) less(k1, id1 int, n int32) bool {
	return k1 < t.key[n] || k1 == t.key[n] && id1 < t.id[n]
}

func (t *treap) rand() uint32 {
	t.state ^= t.state << 13
	t.state ^= t.state >> 17
	t.state ^= t.state << 5
	return t.state
}

func (t *treap) insert(k, id int) {
	var n int32
	if f := len(t.free); f > 0 {
		n = t.free[f-1]
		t.free = t.free[:f-1]
		t.key[n], t.id[n], t.pri[n], t.l[n], t.r[n] = k, id, t.rand(), -1, -1
	} else {
		n = int32(len(t.key))
		t.key, t.id, t.pri = append(t.key, k), append(t.id, id), append(t.pri, t.rand())
		t.l, t.r = append(t.l, -1), append(t.r, -1)
	}
	t.root = t.ins(t.root, n)
}

func (t *treap) ins(root, n int32) int32 {
	if root < 0 {
		return n
	}
	if t.less(t.key[n], t.id[n], root) {
		t.l[root] = t.ins(t.l[root], n)
		if t.pri[t.l[root]] > t.pri[root] {
			c := t.l[root]
			t.l[root], t.r[c] = t.r[c], root
			return c
		}
	} else {
		t.r[root] = t.ins(t.r[root], n)
		if t.pri[t.r[root]] > t.pri[root] {
			c := t.r[root]
			t.r[root], t.l[c] = t.l[c], root
			return c
		}
	}
	return root
}

func (t *treap) remove(k, id int) { t.root = t.del(t.root, k, id) }

func (t *treap) del(root int32, k, id int) int32 {
	if root < 0 {
		return -1
	}
	switch {
	case t.key[root] == k && t.id[root] == id:
		t.free = append(t.free, root)
		return t.merge(t.l[root], t.r[root])
	case t.less(k, id, root):
		t.l[root] = t.del(t.l[root], k, id)
	default:
		t.r[root] = t.del(t.r[root], k, id)
	}
	return root
}

func (t *treap) merge(a, b int32) int32 {
	switch {
	case a < 0:
		return b
	case b < 0:
		return a
	case t.pri[a] > t.pri[b]:
		t.r[a] = t.merge(t.r[a], b)
		return a
	default:
		t.l[b] = t.merge(a, t.l[b])
		return b
	}
}

// floor returns the id of the greatest key ≤ (k, id), or -1.
func (t *treap) floor(k, id int) int {
	best := -1
	for n := t.root; n >= 0; {
		if t.less(k, id, n) {
			n = t.l[n]
		} else {
			best = t.id[n]
			n = t.r[n]
		}
	}
	return best
}

// ceil returns the id of the least key > (k, id), or -1.
func (t *treap) ceil(k, id int) int {
	best := -1
	for n := t.root; n >= 0; {
		if t.less(k, id, n) {
			best = t.id[n]
			n = t.l[n]
		} else {
			n = t.r[n]
		}
	}
	return best
}
