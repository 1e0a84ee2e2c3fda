package iso

import (
	"fmt"
	"math"

	"diorama/mathx"
)

// Box is an axis-aligned box in world space (tiles on x and y, height
// units on z). Flat things are boxes too: a floor tile has Min.Z == Max.Z,
// a wall on the x-z plane has Min.Y == Max.Y.
type Box struct{ Min, Max mathx.Vec3 }

// IsFinite reports whether every coordinate is finite and Min <= Max.
func (b Box) IsFinite() bool {
	return b.Min.IsFinite() && b.Max.IsFinite() && b.Min.X <= b.Max.X && b.Min.Y <= b.Max.Y && b.Min.Z <= b.Max.Z
}

// Intersects reports whether the two boxes share interior volume (boxes
// that only touch do not intersect).
func (b Box) Intersects(o Box) bool {
	return b.Min.X < o.Max.X && o.Min.X < b.Max.X &&
		b.Min.Y < o.Max.Y && o.Min.Y < b.Max.Y &&
		b.Min.Z < o.Max.Z && o.Min.Z < b.Max.Z
}

// Footprint returns the box of a multi-tile object standing on cells
// [i, i+w) × [j, j+h) at height z with the given height.
func Footprint(i, j, w, h int, z, height float64) Box {
	return Box{
		Min: mathx.Vec3{X: float64(i), Y: float64(j), Z: z},
		Max: mathx.Vec3{X: float64(i + w), Y: float64(j + h), Z: z + height},
	}
}

// BoxBounds returns the map-pixel bounding rectangle of the projection of
// b (a hexagon), rounded outwards.
func (p Projection) BoxBounds(b Box) mathx.Rect {
	hw, hh, zp := float64(p.TileW/2), float64(p.TileH/2), float64(p.ZPixels)
	x0 := (b.Min.X - b.Max.Y) * hw
	x1 := (b.Max.X - b.Min.Y) * hw
	y0 := (b.Min.X+b.Min.Y)*hh - b.Max.Z*zp
	y1 := (b.Max.X+b.Max.Y)*hh - b.Min.Z*zp
	return mathx.Rect{
		Min: mathx.Point{X: clampPix(math.Floor(x0)), Y: clampPix(math.Floor(y0))},
		Max: mathx.Point{X: clampPix(math.Ceil(x1)), Y: clampPix(math.Ceil(y1))},
	}
}

func clampPix(f float64) int {
	const lim = 1 << 40
	if !(f > -lim) {
		return -lim
	}
	if f > lim {
		return lim
	}
	return int(f)
}

// MaxSortItems is the largest number of items one [Sorter] pass accepts.
const MaxSortItems = 1 << 24

// Sorter computes a painter's order (back to front) for boxes drawn as
// sprites. Two items are ordered only when the projections of their boxes
// overlap; then:
//
//  1. If the boxes are separated along world x, y or z (they may touch),
//     the one on the smaller side is behind: the view looks down along
//     (−1, −1, −2·(TileH/2)/ZPixels), so larger x, larger y and larger z are
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
// Candidate pairs come from a uniform grid of buckets, so the cost
// is proportional to the number of items plus the number of overlapping
// pairs, not n². A Sorter reuses its memory: after the first frames,
// Reset/Add/Sort does not allocate.
type Sorter struct {
	proj Projection
	kz   float64 // view depth of one z unit relative to one x unit
	q    float64 // ZPixels/TileH: hexagon-overlap weight of z

	box  []Box
	fb   []float32 // fallback depth
	vw   []float64 // per item: v range, w range
	bidx []int32   // per item: bucket ranges on v and w

	rank  []int32 // fallback rank of each item
	byFB  []int32 // items in fallback order
	tmp   []int32
	key   []uint32
	keyT  []uint32
	count [256]int32

	cellStart []int32
	cells     []bucketEntry
	edgeA     []int32 // behind
	edgeB     []int32 // front
	adjStart  []int32
	adj       []int32
	state     []uint8
	stack     []int32
	cursor    []int32
	order     []int32
}

// NewSorter returns a sorter for items projected with p.
func NewSorter(p Projection) *Sorter {
	return &Sorter{proj: p, kz: float64(p.TileH) / float64(p.ZPixels), q: float64(p.ZPixels) / float64(p.TileH)}
}

// Reset forgets all items, keeping memory.
func (s *Sorter) Reset() {
	s.box = s.box[:0]
	s.fb = s.fb[:0]
}

// Len returns the number of items added since the last Reset.
func (s *Sorter) Len() int { return len(s.box) }

// Add adds an item with world box b and returns its index. The box is the
// authority for the order: an item's image should stay inside the
// projection of its box (see [Projection.BoxBounds]); two items whose box
// projections do not overlap are not ordered against each other. A box
// with a NaN or infinite coordinate or Min > Max is refused with an error
// and not added.
func (s *Sorter) Add(b Box) (int, error) {
	if !b.IsFinite() {
		return -1, fmt.Errorf("iso: depth sort: invalid box %v–%v", b.Min, b.Max)
	}
	if len(s.box) >= MaxSortItems {
		return -1, fmt.Errorf("iso: depth sort: more than %d items", MaxSortItems)
	}
	s.box = append(s.box, b)
	c := (b.Min.X + b.Max.X + b.Min.Y + b.Max.Y + s.kz*(b.Min.Z+b.Max.Z)) / 2
	s.fb = append(s.fb, float32(c))
	return len(s.box) - 1, nil
}

// relate returns −1 when item a must be drawn before item b, +1 when b
// must be drawn before a, and 0 when their projections do not overlap (no
// constraint).
func (s *Sorter) relate(a, b int32) int {
	A, B := &s.box[a], &s.box[b]
	q := s.q
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
	if s.rank[a] < s.rank[b] {
		return -1
	}
	return 1
}

// Relation reports the pairwise rule for items a and b after Sort: −1 if a
// is drawn before b, +1 if after, 0 if their projections do not overlap
// (so their order does not matter).
func (s *Sorter) Relation(a, b int) int { return s.relate(int32(a), int32(b)) }

// Sort returns the item indices back to front. The slice is owned by the
// Sorter and valid until the next Sort.
func (s *Sorter) Sort() []int32 {
	n := len(s.box)
	s.order = s.order[:0]
	if n == 0 {
		return s.order
	}
	s.fallbackOrder(n)
	s.buildEdges(n)
	s.topo(n)
	return s.order
}

// fallbackOrder fills byFB and rank with a stable LSD radix sort on the
// float32 fallback depth (ties keep insertion order).
func (s *Sorter) fallbackOrder(n int) {
	s.key = grow32u(s.key, n)
	s.keyT = grow32u(s.keyT, n)
	s.byFB = grow32(s.byFB, n)
	s.tmp = grow32(s.tmp, n)
	s.rank = grow32(s.rank, n)
	for i := 0; i < n; i++ {
		u := math.Float32bits(s.fb[i])
		if u&(1<<31) != 0 {
			u = ^u
		} else {
			u |= 1 << 31
		}
		s.key[i] = u
		s.byFB[i] = int32(i)
	}
	src, dst := s.byFB, s.tmp
	ks, kd := s.key, s.keyT
	for shift := uint(0); shift < 32; shift += 8 {
		s.count = [256]int32{}
		for i := 0; i < n; i++ {
			s.count[(ks[i]>>shift)&0xff]++
		}
		var sum int32
		for d := range s.count {
			c := s.count[d]
			s.count[d] = sum
			sum += c
		}
		for i := 0; i < n; i++ {
			d := (ks[i] >> shift) & 0xff
			p := s.count[d]
			s.count[d]++
			dst[p] = src[i]
			kd[p] = ks[i]
		}
		src, dst = dst, src
		ks, kd = kd, ks
	}
	// Four passes: the result is back in s.byFB / s.key.
	for r, it := range s.byFB[:n] {
		s.rank[it] = int32(r)
	}
}

// buildEdges finds every pair of items whose box projections overlap and
// records one edge per pair. Candidates come from a uniform grid over the
// (v, w) = (x − q·z, y − q·z) plane: two projected hexagons can only
// overlap where their v and w ranges do, and in that plane a long wall is
// as thin as it is in the world (its screen rectangle would be huge).
func (s *Sorter) buildEdges(n int) {
	s.edgeA = s.edgeA[:0]
	s.edgeB = s.edgeB[:0]
	q := s.q
	s.vw = growF(s.vw, 4*n)
	v0, w0 := math.Inf(1), math.Inf(1)
	v1, w1 := math.Inf(-1), math.Inf(-1)
	ext := 0.0
	for i := 0; i < n; i++ {
		b := &s.box[i]
		r := s.vw[4*i : 4*i+4 : 4*i+4]
		r[0], r[1] = b.Min.X-q*b.Max.Z, b.Max.X-q*b.Min.Z
		r[2], r[3] = b.Min.Y-q*b.Max.Z, b.Max.Y-q*b.Min.Z
		v0, v1 = min(v0, r[0]), max(v1, r[1])
		w0, w1 = min(w0, r[2]), max(w1, r[3])
		ext += r[1] - r[0] + r[3] - r[2]
	}
	// Bucket side: about the mean extent of an item, so an item touches a
	// few buckets and a bucket holds a few items; at most about 4n buckets.
	side := max(ext/float64(n), 1.0/64)
	var bw, bh int
	for {
		fw, fh := (v1-v0)/side+1, (w1-w0)/side+1
		if fw*fh <= float64(4*n+16) {
			bw, bh = int(fw), int(fh)
			break
		}
		side *= 1.5
	}
	inv := 1 / side
	s.bidx = grow32(s.bidx, 4*n)
	nb := bw * bh
	s.cellStart = grow32(s.cellStart, nb+1)
	clear(s.cellStart)
	for i := 0; i < n; i++ {
		r := s.vw[4*i : 4*i+4 : 4*i+4]
		bi := s.bidx[4*i : 4*i+4 : 4*i+4]
		bi[0] = int32(min((r[0]-v0)*inv, float64(bw-1)))
		bi[1] = int32(min((r[1]-v0)*inv, float64(bw-1)))
		bi[2] = int32(min((r[2]-w0)*inv, float64(bh-1)))
		bi[3] = int32(min((r[3]-w0)*inv, float64(bh-1)))
		for by := bi[2]; by <= bi[3]; by++ {
			row := int(by) * bw
			for bx := bi[0]; bx <= bi[1]; bx++ {
				s.cellStart[row+int(bx)+1]++
			}
		}
	}
	for c := 1; c <= nb; c++ {
		s.cellStart[c] += s.cellStart[c-1]
	}
	// Each bucket holds compact copies of its items' ranges (float32,
	// rounded outwards so the test stays conservative; relate decides
	// exactly), so the pair loop reads memory in order.
	total := int(s.cellStart[nb])
	if cap(s.cells) < total {
		s.cells = make([]bucketEntry, total, total+total/4)
	}
	s.cells = s.cells[:total]
	s.cursor = grow32(s.cursor, nb)
	copy(s.cursor, s.cellStart[:nb])
	for i := 0; i < n; i++ {
		bi := s.bidx[4*i : 4*i+4 : 4*i+4]
		r := s.vw[4*i : 4*i+4 : 4*i+4]
		e := bucketEntry{
			v0: down32(r[0]), v1: up32(r[1]), w0: down32(r[2]), w1: up32(r[3]),
			bx: bi[0], by: bi[2], idx: int32(i),
		}
		for by := bi[2]; by <= bi[3]; by++ {
			row := int(by) * bw
			for bx := bi[0]; bx <= bi[1]; bx++ {
				c := row + int(bx)
				s.cells[s.cursor[c]] = e
				s.cursor[c]++
			}
		}
	}
	for c := 0; c < nb; c++ {
		items := s.cells[s.cellStart[c]:s.cellStart[c+1]]
		if len(items) < 2 {
			continue
		}
		// Sweep along v: sort the bucket by v0 (insertion sort, stable, the
		// buckets are small), then each item only meets the items that
		// start before it ends.
		for i := 1; i < len(items); i++ {
			e := items[i]
			j := i
			for j > 0 && items[j-1].v0 > e.v0 {
				items[j] = items[j-1]
				j--
			}
			items[j] = e
		}
		bx, by := int32(c%bw), int32(c/bw)
		for ai := range items {
			ea := &items[ai]
			for bi := ai + 1; bi < len(items); bi++ {
				eb := &items[bi]
				if eb.v0 >= ea.v1 {
					break
				}
				if ea.w0 >= eb.w1 || eb.w0 >= ea.w1 {
					continue
				}
				// Count the pair once: in the bucket of the overlap's low
				// corner, which is the low corner bucket of one of the two.
				if max(ea.bx, eb.bx) != bx || max(ea.by, eb.by) != by {
					continue
				}
				a, b := ea.idx, eb.idx
				switch s.relate(a, b) {
				case -1:
					s.edgeA = append(s.edgeA, a)
					s.edgeB = append(s.edgeB, b)
				case 1:
					s.edgeA = append(s.edgeA, b)
					s.edgeB = append(s.edgeB, a)
				}
			}
		}
	}
}

// bucketEntry is one item's copy in one bucket.
type bucketEntry struct {
	v0, v1, w0, w1 float32 // ranges, rounded outwards
	bx, by         int32   // the item's lowest bucket column and row
	idx            int32
}

// down32 and up32 round a float64 to a float32 at or below (above) it.
func down32(f float64) float32 {
	r := float32(f)
	if float64(r) > f {
		r = math.Nextafter32(r, float32(math.Inf(-1)))
	}
	return r
}

func up32(f float64) float32 {
	r := float32(f)
	if float64(r) < f {
		r = math.Nextafter32(r, float32(math.Inf(1)))
	}
	return r
}

// topo emits the items in a topological order of the "behind" edges:
// a depth-first search from each item in fallback order that first emits
// everything that must be behind it.
func (s *Sorter) topo(n int) {
	s.adjStart = grow32(s.adjStart, n+1)
	clear(s.adjStart)
	for _, b := range s.edgeB {
		s.adjStart[b+1]++
	}
	for i := 1; i <= n; i++ {
		s.adjStart[i] += s.adjStart[i-1]
	}
	s.adj = grow32(s.adj, len(s.edgeA))
	s.cursor = grow32(s.cursor, n)
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

func grow32(b []int32, n int) []int32 {
	if cap(b) < n {
		return make([]int32, n, n+n/4)
	}
	return b[:n]
}

func grow32u(b []uint32, n int) []uint32 {
	if cap(b) < n {
		return make([]uint32, n, n+n/4)
	}
	return b[:n]
}

func growF(b []float64, n int) []float64 {
	if cap(b) < n {
		return make([]float64, n, n+n/4)
	}
	return b[:n]
}
