package nav

// heapItem is one open node: its f = g + h, its g (larger g wins ties, so
// the search dives toward the goal), its node index and its insertion
// number (older wins remaining ties, so equal keys leave first-in,
// first-out and the order is deterministic).
type heapItem struct {
	f, g float64
	n    int32
	seq  uint32
}

// openHeap is an indexed binary min-heap: pos[n] is node n's slot, so a
// node's key can be decreased in place instead of pushing a duplicate.
type openHeap struct {
	items []heapItem
	pos   []int32
	seq   uint32
}

func (h *openHeap) reset(n int) {
	h.items = h.items[:0]
	h.seq = 0
	if len(h.pos) < n {
		h.pos = make([]int32, n)
	}
}

func (h *openHeap) len() int { return len(h.items) }

func less(a, b *heapItem) bool {
	if a.f != b.f {
		return a.f < b.f
	}
	if a.g != b.g {
		return a.g > b.g
	}
	return a.seq < b.seq
}

func (h *openHeap) push(n int32, f, g float64) {
	h.seq++
	h.items = append(h.items, heapItem{f, g, n, h.seq})
	i := len(h.items) - 1
	h.pos[n] = int32(i)
	h.up(i)
}

// decrease lowers the key of n, which must be in the heap.
func (h *openHeap) decrease(n int32, f, g float64) {
	i := int(h.pos[n])
	h.items[i].f, h.items[i].g = f, g
	h.up(i)
}

func (h *openHeap) pop() int32 {
	it := h.items
	top := it[0].n
	last := len(it) - 1
	if last > 0 {
		it[0] = it[last]
		h.pos[it[0].n] = 0
	}
	h.items = it[:last]
	if last > 1 {
		h.down(0)
	}
	return top
}

func (h *openHeap) up(i int) {
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

func (h *openHeap) down(i int) {
	it := h.items
	n := len(it)
	x := it[i]
	for {
		c := 2*i + 1
		if c >= n {
			break
		}
		if c+1 < n && less(&it[c+1], &it[c]) {
			c++
		}
		if !less(&it[c], &x) {
			break
		}
		it[i] = it[c]
		h.pos[it[i].n] = int32(i)
		i = c
	}
	it[i] = x
	h.pos[x.n] = int32(i)
}
