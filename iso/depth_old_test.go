package iso

// The oldSorter as it was before the issue-19 speed work, kept as the peer
// of the equivalence tests and benchmarks (identifiers prefixed old).

import (
	"fmt"
	"math"
	"runtime"
	"sync"
)

// oldSorter computes a painter's order (back to front) for boxes drawn as
// sprites. Two items are ordered only when the projections of their boxes
// overlap; then:
//
//  1. If the boxes are separated along world x, y or z (they may touch),
//     the one on the smaller side is behind: the view looks down along
//     (−1, −1, −TileH/ZPixels), so larger x, larger y and larger z are
//     all nearer the viewer. For disjoint boxes whose projections overlap
//     every separating axis agrees, so this is the exact order.
//  2. Otherwise (the boxes intersect) the fallback order decides: the
//     depth of the box centre along the view direction, then the
//     insertion index.
//
// The pairwise relations form a graph that is sorted topologically by a
// depth-first search started from items in fallback order, so items that
// are not constrained keep the fallback order and the result is fully
// deterministic. A cycle (cyclic overlap: boxes floating at different
// heights, or the classic three interlocking rods, can overlap each other
// in a ring that no order satisfies) is broken at the edge that closes it
// during the search; every other constraint holds.
//
// Candidate pairs come from rows of the (x − q·z, y − q·z) plane swept in
// order (q = ZPixels/TileH), so the cost is proportional to the number of
// items plus the number of nearby pairs, not n². A oldSorter reuses its
// memory: after the first frames, Reset/Add/Sort does not allocate.
type oldSorter struct {
	proj Projection
	kz   float64 // view depth of one z unit relative to one x unit
	q    float64 // ZPixels/TileH: hexagon-overlap weight of z

	box  []Box
	ent  []oldEntry         // per item: its (v, w) ranges, in float32 rounded outwards
	fbK  []uint32           // per item: fallback depth as an order-preserving key
	vK   []uint32           // per item: v0 as an order-preserving key
	rank []int32            // fallback rank of each item
	byFB []int32            // items in fallback order
	byV  []int32            // items in increasing v0
	scr  [2]oldRadixScratch // one per concurrent oldRadix sort

	// Parallel phases: the caller runs part 0 and, when the helper
	// goroutine is running, the helper runs part 1 at the same time.
	helper                      *oldSortHelper
	workers                     int
	phEntries, phRadix, phSweep func(part int)
	sweepLo, sweepHi            [2]int32 // row range of each sweep part
	partA, partB                [2][]int32
	// parHook, set by tests, runs each parallel phase in place of par
	// (to time its two parts one after the other).
	parHook func(func(int))

	rowLo, rowHi []int32
	rowStart     []int32
	cells        []oldEntry
	cursor       []int32
	edgeA        []int32 // behind
	edgeB        []int32 // front
	adjStart     []int32
	adj          []int32
	state        []uint8
	stack        []int32
	order        []int32
}

// oldEntry is one item's candidate-search record: its ranges of
// v = x − q·z, w = y − q·z and u = x − y (two projected boxes overlap
// exactly when all three ranges do), rounded outwards to float32, and the
// first row of the search grid it lies in.
type oldEntry struct {
	v0, v1, w0, w1 float32
	u0, u1         float32 // x − y range: the third overlap test
	row            int32
	idx            int32
}

// oldRadixScratch is the working memory of one oldRadix sort.
type oldRadixScratch struct {
	tmp        []int32
	keyA, keyB []uint32
}

// oldSortHelper is the oldSorter's second goroutine: it runs part 1 of each
// parallel phase. It holds no reference to the oldSorter between phases, so an
// unreachable oldSorter is collected and its cleanup stops the helper.
type oldSortHelper struct {
	job  chan func(int)
	done chan struct{}
	once sync.Once
}

// stop ends the helper goroutine; it may be called more than once (by
// Close and by the cleanup of an unreachable oldSorter).
func (h *oldSortHelper) stop() { h.once.Do(func() { close(h.job) }) }

// oldParallelMin is the item count from which Sort uses the helper: below it
// the hand-off costs more than it saves.
const oldParallelMin = 2048

// newOldSorter returns a sorter for items projected with p. It sorts on two
// goroutines when GOMAXPROCS allows (see [oldSorter.SetWorkers]); the order is
// the same either way.
func newOldSorter(p Projection) *oldSorter {
	s := &oldSorter{proj: p, kz: float64(p.TileH) / float64(p.ZPixels), q: float64(p.ZPixels) / float64(p.TileH)}
	// Phase functions are made once, so handing them to the helper does not
	// allocate.
	s.phEntries, s.phRadix, s.phSweep = s.entriesPart, s.radixPart, s.sweepPart
	s.workers = min(runtime.GOMAXPROCS(0), 2)
	return s
}

// SetWorkers sets how many goroutines Sort uses: 1 (serial) or 2 (the
// caller and one helper goroutine, for large item counts). The result is
// identical for both.
func (s *oldSorter) SetWorkers(n int) {
	s.workers = min(max(n, 1), 2)
	if s.workers == 1 {
		s.Close()
	}
}

// Close stops the helper goroutine, if one is running. The oldSorter stays
// usable (serially, until it starts a new helper on a large Sort). An
// unreachable oldSorter is cleaned up without Close.
func (s *oldSorter) Close() {
	if s.helper != nil {
		s.helper.stop()
		s.helper = nil
	}
}

// par runs f(0) and f(1): at the same time when the helper runs, else one
// after the other.
func (s *oldSorter) par(f func(int)) {
	if s.parHook != nil {
		s.parHook(f)
		return
	}
	if s.helper == nil {
		f(0)
		f(1)
		return
	}
	s.helper.job <- f
	f(0)
	<-s.helper.done
}

func (s *oldSorter) startHelper() {
	h := &oldSortHelper{job: make(chan func(int)), done: make(chan struct{})}
	go func(job chan func(int), done chan struct{}) {
		for f := range job {
			f(1)
			f = nil // hold no reference to the oldSorter between phases
			done <- struct{}{}
		}
	}(h.job, h.done)
	s.helper = h
	runtime.AddCleanup(s, (*oldSortHelper).stop, h)
}

// Reset forgets all items, keeping memory.
func (s *oldSorter) Reset() {
	s.box = s.box[:0]
	s.ent = s.ent[:0]
	s.fbK = s.fbK[:0]
	s.vK = s.vK[:0]
}

// Len returns the number of items added since the last Reset.
func (s *oldSorter) Len() int { return len(s.box) }

// Add adds an item with world box b and returns its index. The box is the
// authority for the order: an item's image should stay inside the
// projection of its box (see [Projection.BoxBounds]); two items whose box
// projections do not overlap are not ordered against each other. A box
// with a NaN or infinite coordinate, a coordinate beyond ±[MaxCoord] or
// Min > Max is refused with an error and not added.
func (s *oldSorter) Add(b Box) (int, error) {
	// One comparison chain rejects NaN, infinities, coordinates beyond
	// ±MaxCoord and Min > Max.
	const m = MaxCoord
	if !(b.Min.X >= -m && b.Min.X <= b.Max.X && b.Max.X <= m &&
		b.Min.Y >= -m && b.Min.Y <= b.Max.Y && b.Max.Y <= m &&
		b.Min.Z >= -m && b.Min.Z <= b.Max.Z && b.Max.Z <= m) {
		return -1, fmt.Errorf("iso: depth sort: invalid box %v–%v", b.Min, b.Max)
	}
	if len(s.box) >= MaxSortItems {
		return -1, fmt.Errorf("iso: depth sort: more than %d items", MaxSortItems)
	}
	s.box = append(s.box, b)
	return len(s.box) - 1, nil
}

// oldOrderKey maps a float32 to a uint32 with the same order.
func oldOrderKey(f float32) uint32 {
	u := math.Float32bits(f)
	if u&(1<<31) != 0 {
		return ^u
	}
	return u | 1<<31
}

// relate returns −1 when item a must be drawn before item b, +1 when b
// must be drawn before a, and 0 when their projections do not overlap (no
// constraint).
func (s *oldSorter) relate(a, b int32) int {
	return oldRelation(&s.box[a], &s.box[b], s.rank[a], s.rank[b], s.q)
}

// oldRelation is the pairwise rule for boxes A and B with fallback ranks ra
// and rb.
func oldRelation(A, B *Box, ra, rb int32, q float64) int {
	// The projected hexagons overlap iff their ranges of x−y, x−q·z and
	// y−q·z overlap (their edges only run along the three projected axes).
	if A.Min.X-A.Max.Y >= B.Max.X-B.Min.Y || B.Min.X-B.Max.Y >= A.Max.X-A.Min.Y ||
		A.Min.X-q*A.Max.Z >= B.Max.X-q*B.Min.Z || B.Min.X-q*B.Max.Z >= A.Max.X-q*A.Min.Z ||
		A.Min.Y-q*A.Max.Z >= B.Max.Y-q*B.Min.Z || B.Min.Y-q*B.Max.Z >= A.Max.Y-q*A.Min.Z {
		return 0
	}
	// An axis on which both are flat at the same coordinate (coplanar
	// faces) says nothing; otherwise "A ends where B starts" puts A first.
	ax, bx := A.Max.X <= B.Min.X, B.Max.X <= A.Min.X
	ay, by := A.Max.Y <= B.Min.Y, B.Max.Y <= A.Min.Y
	az, bz := A.Max.Z <= B.Min.Z, B.Max.Z <= A.Min.Z
	aFirst := ax && !bx || ay && !by || az && !bz
	bFirst := bx && !ax || by && !ay || bz && !az
	if aFirst != bFirst {
		if aFirst {
			return -1
		}
		return 1
	}
	if ra < rb {
		return -1
	}
	return 1
}

// Relation reports the pairwise rule for items a and b after Sort: −1 if a
// is drawn before b, +1 if after, 0 if their projections do not overlap
// (so their order does not matter).
func (s *oldSorter) Relation(a, b int) int { return s.relate(int32(a), int32(b)) }

// Sort returns the item indices back to front. The slice is owned by the
// oldSorter and valid until the next Sort.
func (s *oldSorter) Sort() []int32 {
	n := len(s.box)
	s.order = s.order[:0]
	if n == 0 {
		return s.order
	}
	if s.workers > 1 && n >= oldParallelMin && s.helper == nil {
		s.startHelper()
	}
	s.ent = oldGrow(s.ent, n)
	s.fbK = oldGrow(s.fbK, n)
	s.vK = oldGrow(s.vK, n)
	s.par(s.phEntries)
	s.par(s.phRadix)
	s.buildEdges(n)
	s.topo(n)
	return s.order
}

// entriesPart computes the candidate-search entries and the two sort keys
// of half the items.
func (s *oldSorter) entriesPart(part int) {
	n := len(s.box)
	lo, hi := part*n/2, (part+1)*n/2
	q := s.q
	for i := lo; i < hi; i++ {
		b := &s.box[i]
		e := oldEntry{
			v0: oldDown32(b.Min.X - q*b.Max.Z), v1: oldUp32(b.Max.X - q*b.Min.Z),
			w0: oldDown32(b.Min.Y - q*b.Max.Z), w1: oldUp32(b.Max.Y - q*b.Min.Z),
			u0: oldDown32(b.Min.X - b.Max.Y), u1: oldUp32(b.Max.X - b.Min.Y),
			idx: int32(i),
		}
		c := (b.Min.X + b.Max.X + b.Min.Y + b.Max.Y + s.kz*(b.Min.Z+b.Max.Z)) / 2
		s.ent[i] = e
		s.fbK[i] = oldOrderKey(float32(c))
		s.vK[i] = oldOrderKey(e.v0)
	}
}

// radixPart sorts the items by fallback depth (part 0, which also ranks
// them) or by v0 (part 1).
func (s *oldSorter) radixPart(part int) {
	n := len(s.box)
	if part == 0 {
		s.byFB = oldRadix(s.byFB, s.fbK, n, &s.scr[0])
		s.rank = oldGrow(s.rank, n)
		for r, it := range s.byFB[:n] {
			s.rank[it] = int32(r)
		}
		return
	}
	s.byV = oldRadix(s.byV, s.vK, n, &s.scr[1])
}

// oldRadix returns the item indices 0..n−1 stably sorted by key (an LSD oldRadix
// sort, 11 bits a pass), in dst's memory, using sc as working memory.
func oldRadix(dst []int32, key []uint32, n int, sc *oldRadixScratch) []int32 {
	dst = oldGrow(dst, n)
	sc.tmp = oldGrow(sc.tmp, n)
	sc.keyA = oldGrow(sc.keyA, n)
	sc.keyB = oldGrow(sc.keyB, n)
	copy(sc.keyA, key[:n])
	for i := range dst {
		dst[i] = int32(i)
	}
	src, out := dst, sc.tmp
	ks, kd := sc.keyA, sc.keyB
	and, or := ^uint32(0), uint32(0)
	for _, k := range ks {
		and &= k
		or |= k
	}
	// 11-bit digits: three passes cover 32-bit keys.
	var count [2048]int32
	for shift := uint(0); shift < 32; shift += 11 {
		if (and^or)>>shift&0x7ff == 0 {
			continue // every key has the same digit here
		}
		count = [2048]int32{}
		for _, k := range ks {
			count[(k>>shift)&0x7ff]++
		}
		var sum int32
		for d, c := range count {
			count[d] = sum
			sum += c
		}
		for i, k := range ks {
			d := (k >> shift) & 0x7ff
			p := count[d]
			count[d]++
			out[p] = src[i]
			kd[p] = k
		}
		src, out = out, src
		ks, kd = kd, ks
	}
	if &src[0] != &dst[0] { // an odd number of passes ran
		copy(dst, src)
	}
	return dst
}

// buildEdges finds every pair of items whose box projections overlap and
// records one edge per pair. The (v, w) plane is cut into rows of w; each
// item is listed in the rows its w range touches, in increasing v0 (items
// are visited in v order), so each row is swept along v: an item only
// meets the items that start before it ends. In that plane a long wall is
// as thin as it is in the world (its screen rectangle would be huge).
func (s *oldSorter) buildEdges(n int) {
	w0, w1 := float32(math.Inf(1)), float32(math.Inf(-1))
	ext := 0.0
	for i := range s.ent[:n] {
		e := &s.ent[i]
		w0, w1 = min(w0, e.w0), max(w1, e.w1)
		ext += float64(e.w1 - e.w0)
	}
	// Row height: the mean w extent, so an item spans one or two rows; at
	// most n+16 rows.
	side := max(ext/float64(n), 1.0/64)
	span := float64(w1 - w0)
	for span/side+1 > float64(n+16) {
		side *= 2
	}
	rows := int(span/side) + 1
	inv := 1 / side
	s.rowLo = oldGrow(s.rowLo, n)
	s.rowHi = oldGrow(s.rowHi, n)
	s.rowStart = oldGrow(s.rowStart, rows+1)
	clear(s.rowStart)
	for i := range s.ent[:n] {
		e := &s.ent[i]
		lo := int32(min(float64(e.w0-w0)*inv, float64(rows-1)))
		hi := int32(min(float64(e.w1-w0)*inv, float64(rows-1)))
		e.row = lo
		s.rowLo[i], s.rowHi[i] = lo, hi
		for r := lo; r <= hi; r++ {
			s.rowStart[r+1]++
		}
	}
	for r := 1; r <= rows; r++ {
		s.rowStart[r] += s.rowStart[r-1]
	}
	total := int(s.rowStart[rows])
	s.cells = oldGrow(s.cells, total)
	s.cursor = oldGrow(s.cursor, rows)
	copy(s.cursor, s.rowStart[:rows])
	for _, i := range s.byV[:n] {
		e := s.ent[i]
		for r := s.rowLo[i]; r <= s.rowHi[i]; r++ {
			s.cells[s.cursor[r]] = e
			s.cursor[r]++
		}
	}
	// Sweep the rows in two parts of about equal cell counts; part 1's
	// edges follow part 0's, so the edge list is the same as one sweep
	// over all rows.
	mid := int32(rows)
	half := int32(total / 2)
	for r := int32(0); r < int32(rows); r++ {
		if s.rowStart[r] >= half {
			mid = r
			break
		}
	}
	s.sweepLo = [2]int32{0, mid}
	s.sweepHi = [2]int32{mid, int32(rows)}
	s.par(s.phSweep)
	s.edgeA = append(s.partA[0], s.partA[1]...)
	s.edgeB = append(s.partB[0], s.partB[1]...)
	s.partA[0], s.partB[0] = s.edgeA, s.edgeB // keep the grown memory
}

// sweepPart finds the candidate pairs of one range of rows.
func (s *oldSorter) sweepPart(part int) {
	ea0, eb0 := s.partA[part][:0], s.partB[part][:0]
	for r := s.sweepLo[part]; r < s.sweepHi[part]; r++ {
		items := s.cells[s.rowStart[r]:s.rowStart[r+1]]
		for ai := range items {
			ea := &items[ai]
			for bi := ai + 1; bi < len(items); bi++ {
				eb := &items[bi]
				if eb.v0 >= ea.v1 {
					break
				}
				if ea.w0 >= eb.w1 || eb.w0 >= ea.w1 || ea.u0 >= eb.u1 || eb.u0 >= ea.u1 {
					continue
				}
				// Count the pair once: in the first row both are in.
				if max(ea.row, eb.row) != r {
					continue
				}
				a, b := ea.idx, eb.idx
				switch s.relate(a, b) {
				case -1:
					ea0 = append(ea0, a)
					eb0 = append(eb0, b)
				case 1:
					ea0 = append(ea0, b)
					eb0 = append(eb0, a)
				}
			}
		}
	}
	s.partA[part], s.partB[part] = ea0, eb0
}

// oldDown32 and oldUp32 round a float64 to a float32 at or below (above) it:
// the nearest float32 is within half a unit in the last place, so moving
// it by |r|·2⁻²² (four units) plus a hair is always enough. The ranges only
// pick candidates; relate decides exactly in float64.
func oldDown32(f float64) float32 {
	r := float32(f)
	return r - (math.Float32frombits(math.Float32bits(r)&^(1<<31))*(1.0/(1<<22)) + 1e-30)
}

func oldUp32(f float64) float32 {
	r := float32(f)
	return r + (math.Float32frombits(math.Float32bits(r)&^(1<<31))*(1.0/(1<<22)) + 1e-30)
}

// topo emits the items in a topological order of the "behind" edges:
// a depth-first search from each item in fallback order that first emits
// everything that must be behind it.
func (s *oldSorter) topo(n int) {
	s.adjStart = oldGrow(s.adjStart, n+1)
	clear(s.adjStart)
	for _, b := range s.edgeB {
		s.adjStart[b+1]++
	}
	for i := 1; i <= n; i++ {
		s.adjStart[i] += s.adjStart[i-1]
	}
	s.adj = oldGrow(s.adj, len(s.edgeA))
	s.cursor = oldGrow(s.cursor, n)
	copy(s.cursor, s.adjStart[:n])
	for e, b := range s.edgeB {
		s.adj[s.cursor[b]] = s.edgeA[e]
		s.cursor[b]++
	}
	if cap(s.state) < n {
		s.state = make([]uint8, n)
	}
	s.state = s.state[:n]
	clear(s.state)
	// cursor[i] is reused as the DFS position in i's adjacency list.
	copy(s.cursor, s.adjStart[:n])
	s.stack = s.stack[:0]
	for _, root := range s.byFB[:n] {
		if s.state[root] != 0 {
			continue
		}
		s.state[root] = 1
		s.stack = append(s.stack, root)
		for len(s.stack) > 0 {
			top := s.stack[len(s.stack)-1]
			c := s.cursor[top]
			if c < s.adjStart[top+1] {
				s.cursor[top]++
				nb := s.adj[c]
				if s.state[nb] == 0 { // state 1 (on the stack) closes a cycle: skip
					s.state[nb] = 1
					s.stack = append(s.stack, nb)
				}
				continue
			}
			s.stack = s.stack[:len(s.stack)-1]
			s.state[top] = 2
			s.order = append(s.order, top)
		}
	}
}

// oldGrow returns b resliced to length n, reallocated with a quarter's
// headroom when its capacity is short. Callers must not rely on its contents.
func oldGrow[T any](b []T, n int) []T {
	if cap(b) < n {
		return make([]T, n, n+n/4)
	}
	return b[:n]
}
