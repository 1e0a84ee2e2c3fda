package nav

import "math"

// heapItem is one open node: its f = g + h, a tie-break key and its node
// index. In Dijkstra mode, among equal f the larger g wins, then the older
// entry (first-in, first-out, as the lecture's worked example expects);
// g enters the key rounded to float32 since tie-breaking never affects
// optimality. A* mode compares f alone (see openHeap).
type heapItem struct {
	f float64
	k uint64 // ^float32bits(g) << 32 | insertion number
	n int32
}

// openHeap is an indexed binary min-heap: pos[n] is node n's slot, so a
// node's key can be decreased in place instead of pushing a duplicate.
//
// With ties on (A* only), a node pushed with f no greater than the f of
// the node last popped (the current minimum, so such a node is among the
// best) goes on a plain stack instead, popped before the heap: on grids
// most nodes are generated along the optimal f, so most pushes and pops
// skip the heap. Order among equal f never affects optimality.
type openHeap struct {
	items []heapItem
	pos   []int32 // slot in items, or -1 while on the stack
	seq   uint32
	ties  bool
	fcur  float64
	stack []int32
}

func (h *openHeap) reset(n int, ties bool) {
	h.items = h.items[:0]
	h.stack = h.stack[:0]
	h.seq = 0
	h.ties = ties
	h.fcur = math.Inf(-1)
	if len(h.pos) < n {
		h.pos = make([]int32, n)
	}
}

func (h *openHeap) len() int { return len(h.items) + len(h.stack) }

func tieKey(g float64, seq uint32) uint64 {
	return uint64(^math.Float32bits(float32(g)))<<32 | uint64(seq)
}

func less(a, b *heapItem) bool {
	return a.f < b.f || (a.f == b.f && a.k < b.k)
}

func (h *openHeap) push(n int32, f, g float64) {
	if h.ties && f <= h.fcur+1e-9 {
		h.pos[n] = -1
		h.stack = append(h.stack, n)
		return
	}
	if h.ties { // f alone orders A*-mode items
		h.items = append(h.items, heapItem{f: f, n: n})
		h.upF(len(h.items) - 1)
		return
	}
	h.seq++
	h.items = append(h.items, heapItem{f, tieKey(g, h.seq), n})
	h.up(len(h.items) - 1)
}

// decrease lowers the key of n, which must be in the heap.
func (h *openHeap) decrease(n int32, f, g float64) {
	i := int(h.pos[n])
	if i < 0 {
		return // on the stack, already among the best
	}
	h.items[i].f = f
	if h.ties {
		h.upF(i)
		return
	}
	h.items[i].k = tieKey(g, uint32(h.items[i].k))
	h.up(i)
}

// pop removes the minimum. It walks the hole left at the root down to a
// leaf along the smaller children, then sifts the last item up from there
// (bottom-up heap deletion: about half the comparisons of a plain
// sift-down, since the last item usually belongs near the bottom).
func (h *openHeap) pop() int32 {
	if k := len(h.stack); k > 0 {
		n := h.stack[k-1]
		h.stack = h.stack[:k-1]
		return n
	}
	if h.ties {
		return h.popF()
	}
	it := h.items
	top := it[0].n
	h.fcur = it[0].f
	last := len(it) - 1
	x := it[last]
	it = it[:last]
	h.items = it
	if last == 0 {
		return top
	}
	i := 0
	for {
		c := 2*i + 1
		if c >= last {
			break
		}
		if c+1 < last && less(&it[c+1], &it[c]) {
			c++
		}
		it[i] = it[c]
		h.pos[it[i].n] = int32(i)
		i = c
	}
	it[i] = x
	h.up(i)
	return top
}

func (h *openHeap) up(i int) {
	if h.ties {
		h.upF(i)
		return
	}
	it := h.items
	x := it[i]
	for i > 0 {
		p := (i - 1) / 2
		if !less(&x, &it[p]) {
			break
		}
		it[i] = it[p]
		h.pos[it[i].n] = int32(i)
		i = p
	}
	it[i] = x
	h.pos[x.n] = int32(i)
}

// popF and upF are pop and up comparing f alone: in A* mode the stack
// already sends the search deep along equal f, and a second tie-break
// compare costs more than it saves.
func (h *openHeap) popF() int32 {
	it := h.items
	top := it[0].n
	h.fcur = it[0].f
	last := len(it) - 1
	x := it[last]
	it = it[:last]
	h.items = it
	if last == 0 {
		return top
	}
	i := 0
	for {
		c := 2*i + 1
		if c >= last {
			break
		}
		if c+1 < last {
			d := 0
			if it[c+1].f < it[c].f {
				d = 1 // a conditional move, not a jump
			}
			c += d
		}
		it[i] = it[c]
		h.pos[it[i].n] = int32(i)
		i = c
	}
	it[i] = x
	h.upF(i)
	return top
}

func (h *openHeap) upF(i int) {
	it := h.items
	x := it[i]
	for i > 0 {
		p := (i - 1) / 2
		if x.f >= it[p].f {
			break
		}
		it[i] = it[p]
		h.pos[it[i].n] = int32(i)
		i = p
	}
	it[i] = x
	h.pos[x.n] = int32(i)
}
