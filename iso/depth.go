package iso

import (
	"fmt"
	"math"
	"runtime"
	"slices"
	"sync/atomic"

	"diorama/internal/workers"
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
	hw, hh, zp := float64(p.TileW)/2, float64(p.TileH)/2, float64(p.ZPixels)
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
	const lim = min(1<<40, math.MaxInt/2) // 2^40; 2^30 with a 32-bit int
	if !(f > -lim) {
		return -lim
	}
	if f > lim {
		return lim
	}
	return int(f)
}

// MaxCoord is the largest world coordinate magnitude a [Sorter] accepts.
const MaxCoord = 1e12

// MaxSortItems is the largest number of items one [Sorter] pass accepts.
const MaxSortItems = 1 << 24

// Sorter computes a painter's order (back to front) for boxes drawn as
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
// deterministic. The search visits the items behind an item in this
// order: by the first row of w = y − q·z both lie in (q = ZPixels/TileH;
// rows as high as the items' mean w extent), then by v0 = min(x − q·z)
// rounded down to float32, then by index. A cycle (cyclic overlap: boxes
// floating at different heights, or the classic three interlocking rods,
// can overlap each other in a ring that no order satisfies) is broken at
// the edge that closes it during the search; every other constraint
// holds.
//
// Candidate pairs come from rows of the (x − y, y − q·z) plane swept in
// order, so the cost is proportional to the number of items plus the
// number of nearby pairs, not n². A Sorter reuses its memory: after the
// first frames, Reset/Add/Sort does not allocate.
//
// Speed. When an item's turn comes in fallback order, every
// item before it is out already, so the search only has to descend from
// an item that has something behind it coming later in fallback order —
// 2 % of the edges on a level; the rest go out in fallback order without
// looking at their edges. Hence the exact overlap check is only made at
// once for those edges (the walk checks the others when it follows one,
// and sorts only the lists it follows into the order above), and the
// candidate search is free to use any rows and any filter that keeps
// every overlapping pair: it sweeps along u = x − y (the narrowest
// projected range of tall objects: 30 % fewer candidates than along v)
// in rows 1.5 times as high, over 16-byte cells holding u, v and w in
// 15-bit grid steps rounded outwards (w and v compared by one integer
// subtraction), testing each cell against its next four without a branch.
// The order is exactly the former implementation's (TestSorterMatchesOld,
// against the copy kept in depth_old_test.go) and the definition's
// computed from all n² pairs (TestSorterMatchesBruteForce).
// BenchmarkDepthSortVsOld times both in one loop on the 10,000-object
// scenes of BenchmarkDepthSort10k; see README.md's performance table for
// the figures.
//
// Workers. Each parallel phase — entries, the key sorts (each key in one
// part with two parts; from three, sample sorts: bucket counts with the
// entries, scatter with the rows, bucket sorts), row counts, fill, sweep
// (equal shares of the cells), gathering each item's edges (from five
// parts, when the scene has many roots, see lazyParts and gatherRoots;
// else the walk reads the parts' chains of the items it pushes), the
// walk's speculative searches (from three parts) — is cut into one part
// per worker (GOMAXPROCS by default) when there are at least 2048 items.
// The result does not depend on the parts: the key sorts are stable
// sorts, which have one outcome (see depth_keysort.go), every part's
// edges for an item are gathered and sorted by the walk into one total
// order, the flags are a union, and the rows hold the cells in u0 order
// whatever the parts (TestSorterParallelMatchesSerial: 1 to 16 workers;
// TestKeySortMatchesStable). From three parts the walk's searches are
// made speculatively in parallel and checked serially (depth_walk.go:
// topo's order exactly; TestWalkParallelConflicts). What stays serial:
// Add, the layouts, the walk's check and output pass, or with fewer parts
// the walk (BenchmarkDepthSortModel reports it as serial-µs).
type Sorter struct {
	proj Projection
	kz   float64 // view depth of one z unit relative to one x unit
	q    float64 // ZPixels/TileH: hexagon-overlap weight of z

	box     []Box
	wr      []wRange        // per item: its w range, in float32 rounded outwards
	fbK     []uint32        // per item: fallback depth as an order-preserving key
	uK      []uint32        // per item: u0 rounded down to float32 (its bits), then its grid step
	vK      []uint32        // per item: v0 rounded down to float32 as an order-preserving key (see vKey)
	adjKeys []adjKey        // sortAdj's scratch for long lists
	rank    []int32         // fallback rank of each item
	byFB    []int32         // items in fallback order
	byU     []int32         // items in increasing u0
	scr     [2]radixScratch // one per concurrent radix sort
	count15 *[1 << 15]int32 // countSort15's counts

	// Parallel phases: each is cut into parts (one per worker for a large
	// Sort, else one), which the caller and the pool's helpers claim.
	pool                        *workers.Pool   // from the first large Sort
	cleanup                     runtime.Cleanup // closes the pool of an unreachable Sorter
	workers                     int
	phase                       func(part int) // the running phase, while the pool runs it
	nextPart                    atomic.Int32   // the running phase's next part to claim
	claimF                      func(w int)    // s.claimParts, made once (a method value allocates)
	parts                       int            // parts of each phase of the current Sort
	phEntries, phRadix, phSweep func(part int)
	phGather, phCount, phFill   func(part int)
	phScatter, phLocal, phSpec  func(part int)
	// With several parts the two key sorts (fallback depth, u0's step)
	// are sample sorts (see keySort); ks[0] sorts fbK, ks[1] uK.
	ks               [2]keySort
	sample           []uint64  // pickSplitters' scratch: the sample and its sort's
	curP             [][]int32 // per part: its fill cursor in each row (several parts)
	sweepLo, sweepHi []int32   // row range of each fill part (its rows' sentinels)
	// Each sweep part takes the items (as a, the item that meets the
	// ones after it in its row) of cells [sweepC[k], sweepC[k+1]), which
	// start in row sweepR0[k]: equal shares of the cells, cutting rows.
	sweepC, sweepR0 []int32
	wStat           []wStats   // per entries part: its w statistics
	rowW0, rowInv   float32    // the sweep rows' origin and 1/height in w
	orderRows       int32      // the rows the order is defined by (see orderRow)
	orderInv        float32    // and 1/their height
	grid            [6]float64 // origin and steps a unit of w, v and u
	rows            int
	rowCount        [][]int32 // cells per row, counted by each part
	// Each part's edges: the rank of the item behind (partA), chained by
	// the item in front (headP: 1 + its last edge, 0 if none; nextP: 1 +
	// the edge before with the same front), and flagP lists the items
	// (fronts) with something behind them that comes later in fallback
	// order (an item may be listed more than once); flag marks them all.
	partA, headP, nextP [][]int32
	flagP               [][]int32
	flag                []uint8
	// With more than lazyParts parts, gatherPart lists each item's edges
	// of every part in one place for the walk (which would otherwise look
	// up every part's chain for each item it pushes): item x of fallback
	// rank in part k has adjP[k][start:adjOff[x]], start being
	// adjOff[x−1] or, for the part's first item, 0.
	adjP     [][]int32
	adjOff   []int32
	gathered bool // this Sort's gather phase ran
	// parHook, set by tests, runs each parallel phase in place of par
	// (to time its parts one after the other).
	parHook func(f func(int), parts int)
	cand    []*[candBuf]uint64 // candidate pairs (cells a | b<<32) of each sweep part
	// The walk with several parts (see walkParallel).
	roots   []int32   // the flagged items (fallback ranks), increasing
	walkers []walker  // per part: its speculative walks
	seg     []treeSeg // per root: its tree
	redo    walker    // the serial check's walks
	// walkRedo counts the trees the check searched again, specLimit (if
	// not 0) bounds each speculative search's pushes (for tests).
	walkRedo, specLimit int
	rowPasses           int          // layoutRows's passes over the items (for tests)
	grown               atomic.Int64 // scratch growths (see Grown)

	rowLo    []int32 // per item: the first and last sweep row it lies in
	rowHi    []int32
	rowStart []int32
	pc       []cell // per item: its cell (first-row flag clear)
	cells    []cell
	cursor   []int32
	arena    []int32 // the lists of the items on the search stack
	frameEnd []int32 // per stack level: the end of its item's list in arena
	state    []uint8
	stack    []int32
	order    []int32
}

// cell is one item's candidate-search record in one row: its ranges of
// u = x − y (the sweep's axis), w = y − q·z and v = x − q·z (two projected
// boxes overlap exactly when all three ranges do) in 15-bit grid steps
// rounded outwards, w and v packed so that one integer subtraction
// compares both (see overlapWV); the item and whether this row is the
// first it lies in (bit 31 of id). It is computed from the box while the
// rows are filled; 16 bytes, as the cells are the largest array the sort
// writes and reads (24 bytes was measured 7 % slower overall). The filter
// only has to keep every pair that overlaps: relateAll and the walk decide
// exactly.
type cell struct {
	u  uint32 // u0 | u1<<16 in grid steps
	lo uint32 // w0 | v0<<16 in grid steps, plus 1 in each half
	hi uint32 // w1 | v1<<16 in grid steps, with bit 15 set in each half
	id uint32 // the item | first row << 31
}

// Packed (w, v) grid steps: two 16-bit halves holding values below 2^15.
const (
	gridMax   = 1<<15 - 1
	gridOnes  = 1 | 1<<16
	gridGuard = 1<<15 | 1<<31
)

// overlapWV reports whether both the w and the v ranges of two cells
// overlap: a.lo < b.hi and b.lo < a.hi in each half. Subtracting one half
// from the other with its bit 15 set leaves that bit set exactly when the
// difference is not negative, and never borrows from the next half.
func overlapWV(aLo, aHi, bLo, bHi uint32) bool {
	return (bHi-aLo)&(aHi-bLo)&gridGuard == gridGuard
}

// firstRow is the bit of cell.id set in an item's first row.
const firstRow = 1 << 31

// wRange is an item's w range, rounded outwards to float32.
type wRange struct{ w0, w1 float32 }

// radixScratch is the working memory of one radix sort.
type radixScratch struct {
	a, b []uint64 // (key, index) words
}

// parallelMin is the item count from which Sort uses the helpers: below it
// the hand-offs cost more than they save.
const parallelMin = 2048

// maxSortWorkers bounds the workers of a Sorter.
const maxSortWorkers = 256

// NewSorter returns a sorter for items projected with p. It sorts on
// GOMAXPROCS goroutines (see [Sorter.SetWorkers]); the order is the same
// whatever their number.
func NewSorter(p Projection) *Sorter {
	s := &Sorter{proj: p, kz: float64(p.TileH) / float64(p.ZPixels), q: float64(p.ZPixels) / float64(p.TileH)}
	// Phase functions are made once, so handing them to the helper does not
	// allocate.
	s.phEntries, s.phRadix, s.phSweep, s.phGather = s.entriesPart, s.radixPart, s.sweepPart, s.gatherPart
	s.phCount, s.phFill = s.countPart, s.fillPart
	s.phScatter, s.phLocal, s.phSpec = s.scatterPart, s.localPart, s.specPart
	s.workers = min(runtime.GOMAXPROCS(0), maxSortWorkers)
	return s
}

// SetWorkers sets how many goroutines Sort uses: 1 is serial, n > 1 the
// caller and n−1 helper goroutines (for large item counts). The result is
// identical for any number.
func (s *Sorter) SetWorkers(n int) {
	n = min(max(n, 1), maxSortWorkers)
	if n != s.workers {
		s.Close()
	}
	s.workers = n
}

// Close stops the helper goroutines, if any are running. The Sorter stays
// usable (it starts new helpers on a large Sort). An unreachable Sorter is
// cleaned up without Close.
func (s *Sorter) Close() {
	if s.pool != nil {
		s.cleanup.Stop()
		s.pool.Close()
		s.pool = nil
	}
}

// Grown returns how many times the Sorter's scratch memory grew to a new
// size since it was made: a steady state that allocates nothing leaves it
// unchanged, and a scene reaching a new size (more items, pairs or rows)
// adds to it.
func (s *Sorter) Grown() int { return int(s.grown.Load()) }

// par runs f(0) … f(s.parts−1): at the same time when the helpers run,
// else one after the other. Parts are claimed one at a time, and the
// caller only ever waits for parts a helper has claimed (and is running),
// never for a helper that has not started.
func (s *Sorter) par(f func(int)) {
	if s.parHook != nil {
		s.parHook(f, s.parts)
		return
	}
	s.parRun(f)
}

// parRun is par without the test hook: the pool's workers claim the
// parts one at a time.
func (s *Sorter) parRun(f func(int)) {
	if s.pool == nil || s.parts == 1 {
		for part := range s.parts {
			f(part)
		}
		return
	}
	s.phase = f
	s.nextPart.Store(0)
	s.pool.Run(s.claimF)
	s.phase = nil // hold no reference to the Sorter between phases
}

// claimParts is a worker's share of the running phase: parts claimed
// from the shared counter until none are left.
func (s *Sorter) claimParts(int) {
	for {
		part := int(s.nextPart.Add(1) - 1)
		if part >= s.parts {
			return
		}
		s.phase(part)
	}
}

// startPool starts the helpers of s.workers. The pool holds no reference
// to the Sorter between phases, so an unreachable Sorter is collected and
// its cleanup stops the helpers.
func (s *Sorter) startPool() {
	s.pool = workers.New(s.workers)
	s.claimF = s.claimParts
	s.cleanup = runtime.AddCleanup(s, (*workers.Pool).Close, s.pool)
}

// Reset forgets all items, keeping memory.
func (s *Sorter) Reset() {
	s.box = s.box[:0]
	s.wr = s.wr[:0]
	s.fbK = s.fbK[:0]
	s.uK = s.uK[:0]
	s.vK = s.vK[:0]
}

// Len returns the number of items added since the last Reset.
func (s *Sorter) Len() int { return len(s.box) }

// Add adds an item with world box b and returns its index. The box is the
// authority for the order: an item's image should stay inside the
// projection of its box (see [Projection.BoxBounds]); two items whose box
// projections do not overlap are not ordered against each other. A box
// with a NaN or infinite coordinate, a coordinate beyond ±[MaxCoord] or
// Min > Max is refused with an error and not added.
func (s *Sorter) Add(b Box) (int, error) {
	// The common case is inlined into the caller's loop (Add is the one
	// phase of a sort that no worker count shortens): a valid box and room
	// for it. One comparison chain rejects NaN, infinities, coordinates
	// beyond ±MaxCoord and Min > Max.
	const m = MaxCoord
	n := len(s.box)
	if n < cap(s.box) && n < MaxSortItems &&
		b.Min.X >= -m && b.Min.X <= b.Max.X && b.Max.X <= m &&
		b.Min.Y >= -m && b.Min.Y <= b.Max.Y && b.Max.Y <= m &&
		b.Min.Z >= -m && b.Min.Z <= b.Max.Z && b.Max.Z <= m {
		s.box = s.box[:n+1]
		// Field by field: a whole-struct copy goes through the stack,
		// where two 8-byte stores read back as one 16-byte load stall
		// store forwarding (about half of Add's time).
		p := &s.box[n]
		p.Min.X, p.Min.Y, p.Min.Z = b.Min.X, b.Min.Y, b.Min.Z
		p.Max.X, p.Max.Y, p.Max.Z = b.Max.X, b.Max.Y, b.Max.Z
		return n, nil
	}
	return s.addSlow(b)
}

// addSlow is Add when the box is refused or the items' memory is full.
func (s *Sorter) addSlow(b Box) (int, error) {
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

// AddBoxes adds the boxes of bs in order, as many calls of [Sorter.Add]
// would: the first gets index Len() before the call, the next the one
// after. It stops at the first box Add would refuse, and returns how many
// it added and that box's error. It costs about half as much as Add's
// loop (one check per box, then one copy).
func (s *Sorter) AddBoxes(bs []Box) (int, error) {
	const m = MaxCoord
	room := MaxSortItems - len(s.box)
	ok := min(len(bs), room)
	for k := range bs[:ok] {
		b := &bs[k]
		if !(b.Min.X >= -m && b.Min.X <= b.Max.X && b.Max.X <= m &&
			b.Min.Y >= -m && b.Min.Y <= b.Max.Y && b.Max.Y <= m &&
			b.Min.Z >= -m && b.Min.Z <= b.Max.Z && b.Max.Z <= m) {
			ok = k
			break
		}
	}
	s.box = append(s.box, bs[:ok]...)
	if ok == len(bs) {
		return ok, nil
	}
	_, err := s.addSlow(bs[ok]) // refuses it: invalid, or one too many
	return ok, err
}

// orderKey maps a float32 to a uint32 with the same order.
func orderKey(f float32) uint32 {
	u := math.Float32bits(f)
	if u&(1<<31) != 0 {
		return ^u
	}
	return u | 1<<31
}

// relate returns −1 when item a must be drawn before item b, +1 when b
// must be drawn before a, and 0 when their projections do not overlap (no
// constraint).
func (s *Sorter) relate(a, b int32) int {
	return relation(&s.box[a], &s.box[b], s.rank[a], s.rank[b], s.q)
}

// relation is the pairwise rule for boxes A and B with fallback ranks ra
// and rb. Its tests are combined without branches: which way a pair goes
// is a coin toss to the branch predictor.
func relation(A, B *Box, ra, rb int32, q float64) int {
	// The projected hexagons overlap iff their ranges of x−y, x−q·z and
	// y−q·z overlap (their edges only run along the three projected axes).
	if !projOverlap(A, B, q) {
		return 0
	}
	// An axis on which both are flat at the same coordinate (coplanar
	// faces) says nothing; otherwise "A ends where B starts" puts A first.
	ax, bx := b2u(A.Max.X <= B.Min.X), b2u(B.Max.X <= A.Min.X)
	ay, by := b2u(A.Max.Y <= B.Min.Y), b2u(B.Max.Y <= A.Min.Y)
	az, bz := b2u(A.Max.Z <= B.Min.Z), b2u(B.Max.Z <= A.Min.Z)
	aFirst := ax&^bx | ay&^by | az&^bz
	bFirst := bx&^ax | by&^ay | bz&^az
	// Separated: −1 or +1; otherwise the fallback ranks decide.
	sep := int(bFirst) - int(aFirst)
	fb := 1 - 2*int(b2u(ra < rb))
	return sep | fb&^-int(aFirst^bFirst)
}

// projOverlap reports whether the projections of A and B overlap, exactly
// as relation decides it.
func projOverlap(A, B *Box, q float64) bool {
	return !(A.Min.X-A.Max.Y >= B.Max.X-B.Min.Y || B.Min.X-B.Max.Y >= A.Max.X-A.Min.Y ||
		A.Min.X-q*A.Max.Z >= B.Max.X-q*B.Min.Z || B.Min.X-q*B.Max.Z >= A.Max.X-q*A.Min.Z ||
		A.Min.Y-q*A.Max.Z >= B.Max.Y-q*B.Min.Z || B.Min.Y-q*B.Max.Z >= A.Max.Y-q*A.Min.Z)
}

// b2u is 1 for true and 0 for false (compiled to a flag move, no branch).
func b2u(b bool) uint32 {
	if b {
		return 1
	}
	return 0
}

// Relation reports the pairwise rule for items a and b after Sort: −1 if a
// is drawn before b, +1 if after, 0 if their projections do not overlap
// (so their order does not matter).
func (s *Sorter) Relation(a, b int) int { return s.relate(int32(a), int32(b)) }

// Sort returns the item indices back to front. The slice is owned by the
// Sorter and valid until the next Sort.
func (s *Sorter) Sort() []int32 {
	n := len(s.box)
	if n == 0 {
		s.order = s.order[:0]
		return s.order
	}
	s.parts = 1
	if s.workers > 1 && n >= parallelMin {
		if s.pool == nil {
			s.startPool()
		}
		s.parts = s.workers
	}
	s.sizeParts()
	s.wr = grow(s, s.wr, n)
	s.fbK = grow(s, s.fbK, n)
	s.uK = grow(s, s.uK, n)
	s.vK = grow(s, s.vK, n)
	s.pc = grow(s, s.pc, n)
	s.layoutGrid(n)
	if s.sampleSorts() {
		s.pickSplitters(n)
	}
	s.par(s.phEntries)
	s.layoutRows(n)
	if s.sampleSorts() {
		s.bucketStarts(n)
		s.par(s.phScatter)
		s.par(s.phLocal)
	} else {
		s.par(s.phRadix)
	}
	if s.parts > 1 {
		s.par(s.phCount)
	}
	s.countRows()
	if s.parts > 1 {
		s.par(s.phFill)
	}
	s.par(s.phSweep)
	s.gathered = false
	if s.parts >= specParts {
		s.walkParallel(n)
	} else {
		s.topo(n)
	}
	return s.order
}

// lazyParts is the most parts whose edges the serial walk (topo) reads
// from every part's chains for each item it pushes (a few percent of the
// items); with more, the gather phase lists each item's edges of every
// part first, in parallel (reading every part's head of every item, which
// costs more in all but less on the critical path). The parallel walk
// (walkParallel) gathers only for scenes with many roots (see
// gatherRoots): its searches are spread over the parts, and the serial
// check searches again only a few trees.
var lazyParts = 4

// gather runs the gather phase (see lazyParts).
func (s *Sorter) gather(n int) {
	s.adjOff = grow(s, s.adjOff, n)
	s.par(s.phGather)
	s.gathered = true
}

// sampleSorts reports whether the current Sort's key sorts are sample
// sorts (see depth_keysort.go): from three parts. Two parts sort one key
// each (radixPart), which measured about 10 % faster on level200 than
// sample-sorting both (BenchmarkDepthSortModel, 2 workers).
func (s *Sorter) sampleSorts() bool { return s.parts > 2 }

// sizeParts gives every per-part slice an entry for each of s.parts.
func (s *Sorter) sizeParts() {
	k := s.parts
	if len(s.rowCount) >= k {
		return
	}
	s.grown.Add(1)
	s.sweepLo = make([]int32, k)
	s.sweepHi = make([]int32, k)
	s.sweepC = make([]int32, k+1)
	s.sweepR0 = make([]int32, k)
	s.rowCount = append(s.rowCount, make([][]int32, k-len(s.rowCount))...)
	s.partA = append(s.partA, make([][]int32, k-len(s.partA))...)
	s.headP = append(s.headP, make([][]int32, k-len(s.headP))...)
	s.nextP = append(s.nextP, make([][]int32, k-len(s.nextP))...)
	s.flagP = append(s.flagP, make([][]int32, k-len(s.flagP))...)
	s.adjP = append(s.adjP, make([][]int32, k-len(s.adjP))...)
	s.curP = append(s.curP, make([][]int32, k-len(s.curP))...)
	s.cand = append(s.cand, make([]*[candBuf]uint64, k-len(s.cand))...)
	s.wStat = append(s.wStat, make([]wStats, k-len(s.wStat))...)
	s.walkers = append(s.walkers, make([]walker, k-len(s.walkers))...)
}

// partRange returns the items [lo, hi) of part of n items.
func (s *Sorter) partRange(part, n int) (lo, hi int) {
	return part * n / s.parts, (part + 1) * n / s.parts
}

// entriesPart computes, for one part of the items, the fallback key, the w
// range (for the rows), u0's grid step (the sweep order) and the cell.
func (s *Sorter) entriesPart(part int) {
	n := len(s.box)
	lo, hi := s.partRange(part, n)
	q, kz := s.q, s.kz
	box, wr, fbK, uK, vK, pc := s.box[lo:hi], s.wr[lo:hi], s.fbK[lo:hi], s.uK[lo:hi], s.vK[lo:hi], s.pc[lo:hi]
	g := &s.grid
	for j := range box {
		b := &box[j]
		wr[j] = wRange{down32(b.Min.Y - q*b.Max.Z), up32(b.Max.Y - q*b.Min.Z)}
		fbK[j] = fallbackKey(b, kz)
		vK[j] = orderKey(down32(b.Min.X - q*b.Max.Z)) // as vKey
		u0 := uStep(b, g)
		uK[j] = u0
		pc[j] = cellOf(b, int32(lo+j), u0, q, g)
	}
	if s.parts > 1 {
		// The part's w statistics, for layoutRows (see wStats): in a
		// pass of their own, which costs less than in the loop above,
		// and with one part layoutRows's pass is as cheap.
		w0, w1, dMin := float32(math.Inf(1)), float32(math.Inf(-1)), float32(math.Inf(1))
		ext := 0.0
		for _, e := range wr {
			if e.w0 < w0 {
				w0 = e.w0
			}
			if e.w1 > w1 {
				w1 = e.w1
			}
			d := e.w1 - e.w0
			ext += float64(d)
			if d < dMin {
				dMin = d
			}
		}
		s.wStat[part] = wStats{w0, w1, ext, ulpExp(dMin)}
	}
	if s.sampleSorts() {
		s.ks[0].count(part, lo, fbK)
		s.ks[1].count(part, lo, uK)
	}
}

// wStats is one entries part's w range (the least w0 and the greatest
// w1 in item order, as layoutRows's pass finds them), the sum of its
// items' w extents (float32 differences, summed in float64 in item order)
// and fine, an exponent such that every extent is a multiple of 2^fine
// (the unit in the last place of the smallest, see ulpExp).
type wStats struct {
	w0, w1 float32
	ext    float64
	fine   int32
}

// ulpExp returns the exponent of the unit in the last place of f, a
// non-negative float32: every float32 at or above f is a multiple of
// 2^ulpExp(f). (+Inf, from a part without items, gives a large one.)
func ulpExp(f float32) int32 {
	return max(int32(math.Float32bits(f)>>23&0xff), 1) - 150
}

// fallbackKey is the fallback order's key of box b: the depth of its
// centre along the view direction (kz: the view depth of one z unit), in
// float32, as an order-preserving key.
func fallbackKey(b *Box, kz float64) uint32 {
	c := (b.Min.X + b.Max.X + b.Min.Y + b.Max.Y + kz*(b.Min.Z+b.Max.Z)) / 2
	return orderKey(float32(c))
}

// uStep is the sweep's key of box b: u0's grid step, from u0's float32
// rounding down (the rows are swept in this order).
func uStep(b *Box, g *[6]float64) uint32 {
	return gridDown((float64(down32(b.Min.X-b.Max.Y)) - g[4]) * g[5])
}

// cellOf returns the candidate-search record of box b, item i, whose u0
// is u0 grid steps (the rows' sort key, from u0's float32 rounding down).
// Every range is rounded outwards from the float64 values relation
// compares.
func cellOf(b *Box, i int32, u0 uint32, q float64, g *[6]float64) cell {
	w0, w1 := b.Min.Y-q*b.Max.Z, b.Max.Y-q*b.Min.Z
	v0, v1 := b.Min.X-q*b.Max.Z, b.Max.X-q*b.Min.Z
	// u0's step comes from its float32 rounding (the rows' sort key);
	// u1's straight from the box is as good for the overlap test.
	u1 := b.Max.X - b.Min.Y
	return cell{
		u:  u0 | gridUp((u1-g[4])*g[5])<<16,
		lo: gridDown((w0-g[0])*g[1]) | gridDown((v0-g[2])*g[3])<<16 + gridOnes,
		hi: gridUp((w1-g[0])*g[1]) | gridUp((v1-g[2])*g[3])<<16 | gridGuard,
		id: uint32(i),
	}
}

// gridDown and gridUp turn a position in grid steps into a whole step
// below (above) it, with a step to spare for rounding. Positions off the
// grid saturate so that the order is kept and two ranges off the same end
// still overlap: gridDown is within [0, gridMax−2] and gridUp within
// [2, gridMax], and gridDown(f) < gridUp(g) whenever f ≤ g. They clamp in
// integers: min and max of floats cost more (NaN and signed zeros).
func gridDown(f float64) uint32 { return uint32(min(max(int64(clampSteps(f))-1, 0), gridMax-2)) }
func gridUp(f float64) uint32   { return uint32(min(max(int64(clampSteps(f))+2, 2), gridMax)) }

// clampSteps keeps a position in grid steps within ±2^40, where int64
// holds it (a far-off item, or a grid over a single point, can put it
// anywhere up to ±Inf). The branches are almost never taken.
func clampSteps(f float64) float64 {
	if f > 1<<40 {
		f = 1 << 40
	}
	if f < -(1 << 40) {
		f = -(1 << 40)
	}
	return f
}

// radixPart sorts the items by fallback depth (part 0, which also ranks
// them) and by u0's grid step (part 1, or part 0 when it is the only
// one), then finds the rows of one part of the items.
func (s *Sorter) radixPart(part int) {
	n := len(s.box)
	if part == 0 {
		s.byFB = s.radix(s.byFB, s.fbK, n, &s.scr[0])
		rank := grow(s, s.rank, n)
		s.rank = rank
		for r, it := range s.byFB[:n] {
			rank[it] = int32(r)
		}
	}
	if part == 1 || s.parts == 1 {
		// The rows are swept in the order of u0's grid step (15 bits).
		uK := s.uK[:n]
		if n >= 1<<13 {
			s.byU = s.countSort15(s.byU, uK, n)
		} else {
			s.byU = s.radix(s.byU, uK, n, &s.scr[1])
		}
	}
	s.rowsPart(part)
}

// rowsPart finds the sweep rows of one part of the items and, with one
// part, counts them per row (several parts count them in countPart).
func (s *Sorter) rowsPart(part int) {
	if s.parts > 1 {
		s.findRows(part)
		return
	}
	lo, hi := s.partRange(part, len(s.box))
	wr := s.wr[lo:hi]
	rowLo := s.rowLo[lo:hi]
	rowHi := s.rowHi[lo:hi]
	count := s.rowCount[part]
	clear(count)
	w0, inv, last := s.rowW0, float64(s.rowInv), int32(s.rows-1)
	for i := range wr {
		e := &wr[i]
		// Clamped in integers (the same rows as clamping the float first,
		// which costs more).
		lo := min(int32(float64(e.w0-w0)*inv), last)
		hi := min(int32(float64(e.w1-w0)*inv), last)
		rowLo[i] = lo
		rowHi[i] = hi
		// Most items lie in one or two rows: counted without a branch
		// (count has a spare entry at the end).
		count[lo]++
		count[lo+1] += int32(b2u(hi > lo))
		for r := lo + 2; r <= hi; r++ {
			count[r]++
		}
	}
}

// findRows finds the sweep rows of one part of the items.
func (s *Sorter) findRows(part int) {
	lo, hi := s.partRange(part, len(s.box))
	wr := s.wr[lo:hi]
	rowLo := s.rowLo[lo:hi]
	rowHi := s.rowHi[lo:hi]
	w0, inv, last := s.rowW0, float64(s.rowInv), int32(s.rows-1)
	for i := range wr {
		e := &wr[i]
		rowLo[i] = min(int32(float64(e.w0-w0)*inv), last)
		rowHi[i] = min(int32(float64(e.w1-w0)*inv), last)
	}
}

// countPart counts the cells of one part of the items in u0 order (byU)
// per row, for fillPart. With several parts the rows are filled by parts
// of byU, each in its own stretch of every row, so that no part reads
// every item (as fillRows does for its rows).
func (s *Sorter) countPart(part int) {
	lo, hi := s.partRange(part, len(s.box))
	rowLo, rowHi := s.rowLo, s.rowHi
	count := s.rowCount[part]
	clear(count)
	for _, i := range s.byU[lo:hi] {
		count[rowLo[i]]++
		count[rowLo[i]+1] += int32(b2u(rowHi[i] > rowLo[i])) // count has a spare entry at the end
		for r := rowLo[i] + 2; r <= rowHi[i]; r++ {
			count[r]++
		}
	}
}

// fillPart lists one part of the items in u0 order (byU) in the cells of
// their rows, after the cells of the parts before it, and ends the rows
// of sweep part part in their sentinels.
func (s *Sorter) fillPart(part int) {
	rows := s.rows
	cur := grow(s, s.curP[part], rows)
	s.curP[part] = cur
	copy(cur, s.rowStart[:rows])
	for _, c := range s.rowCount[:part] {
		for r, v := range c[:rows] {
			cur[r] += v
		}
	}
	lo, hi := s.partRange(part, len(s.box))
	rowLo, rowHi, pc, cells := s.rowLo, s.rowHi, s.pc, s.cells
	for _, i := range s.byU[lo:hi] {
		c := pc[i]
		r0, r1 := rowLo[i], rowHi[i]
		first := c
		first.id |= firstRow
		cells[cur[r0]] = first
		cur[r0]++
		for r := r0 + 1; r <= r1; r++ { // a branch: the cell after this part's stretch is another part's
			cells[cur[r]] = c
			cur[r]++
		}
	}
	stop := cell{u: gridMax}
	for r := s.sweepLo[part]; r < s.sweepHi[part]; r++ {
		end := s.rowStart[r+1]
		for c := end - look; c < end; c++ {
			cells[c] = stop
		}
	}
}

// countSort15 returns the item indices 0..n−1 stably sorted by key, whose
// values are below 2^15: one counting pass over 2^15 counts, which beats
// two radix passes from about 8192 items.
func (s *Sorter) countSort15(dst []int32, key []uint32, n int) []int32 {
	dst = grow(s, dst, n)
	if s.count15 == nil {
		s.count15 = new([1 << 15]int32)
	}
	cnt := s.count15
	clear(cnt[:])
	for _, k := range key[:n] {
		cnt[k]++
	}
	var sum int32
	for i, c := range cnt {
		cnt[i] = sum
		sum += c
	}
	for i, k := range key[:n] {
		p := cnt[k]
		cnt[k]++
		dst[p] = int32(i)
	}
	return dst
}

// radix returns the item indices 0..n−1 stably sorted by key (an LSD radix
// sort, 11 bits a pass), in dst's memory, using sc as working memory.
// Each key travels with its index in one 64-bit word, so a pass makes one
// scattered store per item instead of two. (Byte digits were measured
// slower: four passes instead of three.)
func (s *Sorter) radix(dst []int32, key []uint32, n int, sc *radixScratch) []int32 {
	dst = grow(s, dst, n)
	src := grow(s, sc.a, n)
	sc.a = src
	out := grow(s, sc.b, n)
	sc.b = out
	// One pass packs the words and counts all three digits (11 bits each:
	// three passes cover 32-bit keys).
	var count [3][2048]int32
	for i, k := range key[:n] {
		src[i] = uint64(k)<<32 | uint64(i)
		count[0][k&0x7ff]++
		count[1][k>>11&0x7ff]++
		count[2][k>>22]++
	}
	for d := range 3 {
		shift := uint(32 + 11*d)
		cnt := &count[d]
		if cnt[src[0]>>shift&0x7ff] == int32(n) {
			continue // every key has the same digit here
		}
		var sum int32
		for i, c := range cnt {
			cnt[i] = sum
			sum += c
		}
		for _, e := range src {
			dg := e >> shift & 0x7ff
			p := cnt[dg]
			cnt[dg]++
			out[p] = e
		}
		src, out = out, src
	}
	for i, e := range src {
		dst[i] = int32(uint32(e))
	}
	return dst
}

// Candidate pairs: the (u, w) plane is cut into rows of w; each item is
// listed in the rows its w range touches, in increasing u0, so each row is
// swept along u: an item only meets the items that start before it ends.
// In that plane a long wall is as thin as it is in the world (its screen
// rectangle would be huge).
//
// layoutRows chooses the rows the order is defined by, the sweep's rows
// and the grid of the cells (serially: one pass over the items);
// radixPart assigns one part of the items to rows (and, with one part,
// counts the cells of each row; several parts count them per part of the
// u order in countPart); countRows lays out the cells and splits the rows
// into parts of about equal cell counts; fillPart (several parts) or
// sweepPart (one) fills the rows, and sweepPart sweeps the rows of one
// part. The edges' order does not matter (see sortAdj).
func (s *Sorter) layoutRows(n int) {
	// The entries parts' w ranges and sums of w extents. Their sum is the
	// one a pass over the items in order makes (the former definition)
	// when every partial sum is exact: all extents are multiples of
	// 2^fine, and the total is below 2^(53+fine). Else (extents of
	// widely different scales) the pass is made.
	w0, w1 := float32(math.Inf(1)), float32(math.Inf(-1))
	ext, fine := 0.0, int32(math.MaxInt32)
	st := s.wStat[:s.parts]
	if s.parts == 1 {
		st = nil // the pass below
	}
	for _, p := range st {
		if p.w0 < w0 {
			w0 = p.w0
		}
		if p.w1 > w1 {
			w1 = p.w1
		}
		ext += p.ext
		fine = min(fine, p.fine)
	}
	if st == nil {
		for i := range s.wr[:n] {
			e := &s.wr[i]
			if e.w0 < w0 {
				w0 = e.w0
			}
			if e.w1 > w1 {
				w1 = e.w1
			}
			ext += float64(e.w1 - e.w0)
		}
	} else if !(ext < math.Ldexp(1, 53+int(max(fine, -200)))) {
		s.rowPasses++
		ext = 0
		for i := range s.wr[:n] {
			e := &s.wr[i]
			ext += float64(e.w1 - e.w0)
		}
	}
	// Row height: the mean w extent, so an item spans one or two rows; at
	// most n+16 rows.
	side := max(ext/float64(n), 1.0/64)
	span := float64(w1 - w0)
	for span/side+1 > float64(n+16) {
		side *= 2
	}
	s.orderRows = int32(span/side) + 1
	s.orderInv = float32(1 / side)
	// The sweep's rows are half as high again: fewer cells (items in two
	// rows) for a few more candidate pairs, 4 % faster on level200.
	side *= sweepRowScale
	for span/side+1 > float64(n+16) {
		side *= 2
	}
	s.rows = int(span/side) + 1
	s.rowW0 = w0
	s.rowInv = float32(1 / side)

	s.rowLo = grow(s, s.rowLo, n)
	s.rowHi = grow(s, s.rowHi, n)
	for k := range s.parts {
		s.rowCount[k] = grow(s, s.rowCount[k], s.rows+1)
	}
}

// layoutGrid chooses the cells' grid: for each of w, v and u, 2^15 − 8
// steps over the range that holds the bulk of the items (see bulkRange),
// so that a few far-off items do not leave all the others in one step
// (they land in the end steps, which keep every pair there).
func (s *Sorter) layoutGrid(n int) {
	const samples = 64
	var lo, ext [3][samples]float64
	k := min(n, samples)
	q := s.q
	for j := range k {
		b := &s.box[j*n/k]
		lo[0][j], ext[0][j] = b.Min.Y-q*b.Max.Z, b.Max.Y-b.Min.Y+q*(b.Max.Z-b.Min.Z)
		lo[1][j], ext[1][j] = b.Min.X-q*b.Max.Z, b.Max.X-b.Min.X+q*(b.Max.Z-b.Min.Z)
		lo[2][j], ext[2][j] = b.Min.X-b.Max.Y, b.Max.X-b.Min.X+b.Max.Y-b.Min.Y
	}
	for a := range 3 {
		org, width := bulkRange(lo[a][:k], ext[a][:k])
		s.grid[2*a], s.grid[2*a+1] = org, (gridMax-8)/max(width, 1e-300)
	}
}

// bulkRange returns the origin and width of a range holding the bulk of
// a sample of items with the given low ends and extents: its 6th to 94th
// percentile of low ends, widened on each side by that spread plus the
// largest extent (so that on a level hardly any item is off it). It
// reorders lo.
func bulkRange(lo, ext []float64) (org, width float64) {
	slices.Sort(lo)
	cut := len(lo) / 16
	a, b := lo[cut], lo[len(lo)-1-cut]
	pad := b - a
	for _, e := range ext {
		pad = max(pad, b-a+e)
	}
	return a - pad, b - a + 2*pad
}

// countRows turns the per-part row counts into the cells' layout and
// splits the rows between the sweep parts, in runs of about equal cell
// counts.
func (s *Sorter) countRows() {
	rows := s.rows
	rowStart := grow(s, s.rowStart, rows+1)
	s.rowStart = rowStart
	rowStart[0] = 0
	for r := range rows {
		rowStart[r+1] = look
	}
	for _, c := range s.rowCount[:s.parts] {
		for r, v := range c[:rows] {
			rowStart[r+1] += v
		}
	}
	for r := range rows { // prefix sums
		rowStart[r+1] += rowStart[r]
	}
	total := int64(rowStart[rows])
	s.cells = grow(s, s.cells, int(total))
	r := int32(0)
	for k := range s.parts {
		s.sweepLo[k] = r
		end := int32(total * int64(k+1) / int64(s.parts))
		for r < int32(rows) && rowStart[r] < end {
			r++
		}
		if k == s.parts-1 {
			r = int32(rows)
		}
		s.sweepHi[k] = r
	}
	// The sweep's shares cut rows: a share of whole rows was up to a
	// row's cells (about 150 on level200) off an even share, the slowest
	// sweep part 20 % over the mean at 16 parts.
	r = 0
	for k := range s.parts {
		c := int32(total * int64(k) / int64(s.parts))
		for r+1 < int32(rows) && rowStart[r+1] <= c {
			r++
		}
		s.sweepC[k], s.sweepR0[k] = c, r
	}
	s.sweepC[s.parts] = int32(total)
	s.cursor = grow(s, s.cursor, rows)
}

// fillRows lists the items whose rows fall in [lo, hi) in those rows'
// cells, in increasing u0 steps. Each sweep part reads every item and
// fills its own rows.
func (s *Sorter) fillRows(lo, hi int32) {
	n := len(s.box)
	rowLo, rowHi, pc, cells := s.rowLo[:n], s.rowHi[:n], s.pc[:n], s.cells
	cursor := s.cursor
	copy(cursor[lo:hi], s.rowStart[lo:hi])
	for _, i := range s.byU[:n] {
		r0, r1 := max(rowLo[i], lo), min(rowHi[i], hi-1)
		if r0 > r1 {
			continue // none of its rows is in this part
		}
		c := pc[i]
		first := c
		first.id |= firstRow
		if rowLo[i] != r0 {
			first = c
		}
		cells[cursor[r0]] = first
		cursor[r0]++
		// Most items lie in one or two rows: the second is written
		// without a branch (into a free cell of this part's rows, which
		// stays free when there is no second row).
		r := min(r0+1, hi-1)
		cells[cursor[r]] = c
		cursor[r] += int32(b2u(r1 > r0))
		for r := r0 + 2; r <= r1; r++ {
			cells[cursor[r]] = c
			cursor[r]++
		}
	}
	// Each row ends in look sentinels that no item reaches.
	stop := cell{u: gridMax}
	for r := lo; r < hi; r++ {
		end := s.rowStart[r+1]
		for c := end - look; c < end; c++ {
			cells[c] = stop
		}
	}
}

// candBuf is the number of candidate pairs a sweep part collects before
// it relates them.
const candBuf = 1024

// sweepPart finds the pairs of one range of rows whose cells overlap and
// records an edge for each. It runs in two steps so that neither has a
// hard-to-predict branch: the sweep writes every pair it meets into a
// buffer and advances the buffer's end by 1 when the pair passes the
// range filter (by 0 otherwise), then the buffered pairs are related.
func (s *Sorter) sweepPart(part int) {
	if s.cand[part] == nil {
		s.cand[part] = new([candBuf]uint64)
	}
	buf := s.cand[part]
	if s.parts == 1 {
		s.fillRows(0, int32(s.rows))
	}
	n := len(s.box)
	s.headP[part] = grow(s, s.headP[part], n)
	clear(s.headP[part])
	s.flagP[part] = s.flagP[part][:0]
	s.nextP[part] = s.nextP[part][:0]
	s.sweepRows(part, buf)
}

// sweepRows sweeps the filled rows of one part (see sweepPart).
func (s *Sorter) sweepRows(part int, buf *[candBuf]uint64) {
	cells := s.cells
	ea0 := s.partA[part][:0]
	nc := 0
	c0, c1 := s.sweepC[part], s.sweepC[part+1]
	for r := s.sweepR0[part]; r < int32(s.rows) && s.rowStart[r] < c1; r++ {
		start, end := s.rowStart[r], s.rowStart[r+1]
		items := cells[start:end]
		// This part's items of the row (its sentinels are none's).
		a0, a1 := max(c0, start)-start, min(c1, end-look)-start
		for ai := int(a0); ai < int(a1); ai++ {
			// a's ranges in locals: the stores into buf would otherwise
			// make the compiler reload them for every b.
			ea := &items[ai]
			u1, lo, hi := ea.u>>16, ea.lo, ea.hi
			// The pair counts in the first row both are in; b is in row r,
			// so that is r when a or b starts there.
			first := ea.id >> 31
			ca := start + int32(ai)
			pa := uint64(ca) | uint64(ca)<<32
			// keep is 1 when b starts before a ends (b's v0 is below a's
			// v1: items are in increasing v0, and the row's sentinels
			// never are) and the w and u ranges overlap.
			keep := func(eb *cell) int {
				return int(b2u(eb.u&0xffff < u1) & b2u(overlapWV(lo, hi, eb.lo, eb.hi)) & (first | eb.id>>31))
			}
			// The next look items are tested without a branch (most
			// items meet fewer): the loop's exit is the branch the
			// predictor misses.
			if nc >= candBuf-look {
				ea0 = s.relateAll(part, buf[:nc], ea0)
				nc = 0
			}
			next := items[ai+1 : ai+1+look : ai+1+look]
			buf[nc] = pa + 1<<32
			nc += keep(&next[0])
			buf[nc] = pa + 2<<32
			nc += keep(&next[1])
			buf[nc] = pa + 3<<32
			nc += keep(&next[2])
			buf[nc] = pa + 4<<32
			nc += keep(&next[3])
			if next[look-1].u&0xffff >= u1 {
				continue
			}
			for bi := ai + 1 + look; ; bi++ {
				eb := &items[bi]
				if eb.u&0xffff >= u1 {
					break
				}
				buf[nc] = pa + uint64(bi-ai)<<32
				nc += keep(eb)
				if nc == candBuf {
					ea0 = s.relateAll(part, buf[:nc], ea0)
					nc = 0
				}
			}
		}
	}
	s.partA[part] = s.relateAll(part, buf[:nc], ea0)
}

// look is the number of a row's next items each item is tested against
// without a branch; each row ends in look sentinels.
const look = 4

// relateAll appends an edge to part's edges for each pair of cells, by
// the pairwise rule: the rank of the item behind to ea, chained by the
// item in front. A pair whose projections do not overlap may be kept when
// its edge follows fallback order (see below).
func (s *Sorter) relateAll(part int, pairs []uint64, ea []int32) []int32 {
	cells, box, rank, q := s.cells, s.box, s.rank, s.q
	head, flag := s.headP[part], growBy(s, s.flagP[part], len(pairs))
	k := len(ea)
	ea = growBy(s, ea, len(pairs))[:k+len(pairs)]
	next := growBy(s, s.nextP[part][:k], len(pairs))[:k+len(pairs)]
	for _, p := range pairs {
		a, b := &cells[uint32(p)], &cells[p>>32]
		ia, ib := a.id&^firstRow, b.id&^firstRow
		A, B := &box[ia], &box[ib]
		// The rule is relation's, written out.
		ax, bx := b2u(A.Max.X <= B.Min.X), b2u(B.Max.X <= A.Min.X)
		ay, by := b2u(A.Max.Y <= B.Min.Y), b2u(B.Max.Y <= A.Min.Y)
		az, bz := b2u(A.Max.Z <= B.Min.Z), b2u(B.Max.Z <= A.Min.Z)
		aFirst := ax&^bx | ay&^by | az&^bz
		bFirst := bx&^ax | by&^ay | bz&^az
		ra, rb := rank[ia], rank[ib]
		// b is behind when only it is on the near side of a separating
		// axis, or when neither (or both) is and its fallback rank is lower.
		bBehind := bFirst&^aFirst | (aFirst^bFirst^1)&b2u(rb < ra)
		swap := (ra ^ rb) & -int32(bBehind)
		behind, front := ra^swap, rb^swap
		// The range filter may pass a pair whose projections only touch
		// (it works in grid steps rounded outwards). Only an edge against
		// fallback order (the item behind ranks later) is checked here:
		// the others cannot change the order unless the topological walk
		// follows them, and it checks them then (see edgeHolds).
		if behind > front {
			if !projOverlap(A, B, q) {
				continue
			}
			flag = append(flag, front)
		}
		ea[k] = behind
		next[k] = head[front]
		head[front] = int32(k + 1)
		k++
	}
	s.nextP[part] = next[:k]
	s.flagP[part] = flag
	return ea[:k]
}

// down32 and up32 round a float64 to a float32 at or below (above) it:
// the nearest float32 is within half a unit in the last place, so moving
// it by |r|·2⁻²² (four units) plus a hair is always enough. The ranges only
// pick candidates and rows; relateAll and the walk decide exactly in
// float64.
func down32(f float64) float32 {
	r := float32(f)
	return r - (math.Float32frombits(math.Float32bits(r)&^(1<<31))*(1.0/(1<<22)) + 1e-30)
}

func up32(f float64) float32 {
	r := float32(f)
	return r + (math.Float32frombits(math.Float32bits(r)&^(1<<31))*(1.0/(1<<22)) + 1e-30)
}

// gatherPart lists the edges of the items of one part of the fallback
// ranks (see adjP): each item's chains of every sweep part, one after the
// other (their order does not matter: the walk sorts each list it
// follows). It reads the sweep parts' heads one part after the other (a
// sequential scan each; few items have edges in any one part): a count
// pass, then a fill pass, after which adjOff[x] is the end of x's list.
// (Reading all parts' heads for one item after another cost about 4 ns
// per item and part, the largest phase with 16 parts.)
func (s *Sorter) gatherPart(part int) {
	lo, hi := s.partRange(part, len(s.box))
	off := s.adjOff[lo:hi]
	clear(off)
	heads, nexts, behinds := s.headP[:s.parts], s.nextP[:s.parts], s.partA[:s.parts]
	for k, head := range heads {
		next := nexts[k]
		for j, h := range head[lo:hi] {
			for e := h; e != 0; e = next[e-1] {
				off[j]++
			}
		}
	}
	sum := int32(0)
	for j, c := range off {
		off[j] = sum
		sum += c
	}
	buf := grow(s, s.adjP[part], int(sum))
	for k, head := range heads {
		next, behind := nexts[k], behinds[k]
		for j, h := range head[lo:hi] {
			for e := h; e != 0; e = next[e-1] {
				buf[off[j]] = behind[e-1]
				off[j]++
			}
		}
	}
	s.adjP[part] = buf
}

// adjacency returns the edges of the item of fallback rank x gathered by
// gatherPart.
func (s *Sorter) adjacency(x int32) []int32 {
	n := len(s.box)
	k := int(int64(x) * int64(s.parts) / int64(n))
	lo, hi := s.partRange(k, n)
	for int(x) < lo {
		k--
		lo, hi = s.partRange(k, n)
	}
	for int(x) >= hi {
		k++
		lo, hi = s.partRange(k, n)
	}
	start := int32(0)
	if int(x) > lo {
		start = s.adjOff[x-1]
	}
	return s.adjP[k][start:s.adjOff[x]]
}

// topo emits the items in a topological order of the "behind" edges:
// a depth-first search from each item in fallback order that first emits
// everything that must be behind it. It works on fallback ranks (the
// edges name items by rank), so the search's roots are visited in memory
// order. Each item's edges are chained as relateAll makes them (no
// adjacency table): the walk follows only the lists of the items it
// pushes, copied onto an arena in the order sortAdj defines.
func (s *Sorter) topo(n int) {
	// Every slice is held in a local: stores through s would make the
	// compiler reload them on each step.
	// state: 0 unvisited, 2 on the search stack, 3 out.
	state := grow(s, s.state, n)
	s.state = state
	clear(state)
	flag := grow(s, s.flag, n)
	s.flag = flag
	clear(flag)
	for _, f := range s.flagP[:s.parts] {
		for _, x := range f {
			flag[x] = 1
		}
	}
	parts := s.parts
	heads, nexts, behinds := s.headP[:parts], s.nextP[:parts], s.partA[:parts]
	stack := grow(s, s.stack, n)
	s.stack = stack
	cur := grow(s, s.cursor, n) // per stack level: the next list entry to follow
	s.cursor = cur
	end := grow(s, s.frameEnd, n)
	s.frameEnd = end
	arena := s.arena[:0]
	order := grow(s, s.order, n)
	s.order = order
	byFB := s.byFB[:n]
	// push puts x on the stack with its list (every part's edges, from
	// their chains or, with more than lazyParts parts, as gathered; their
	// order does not matter, as sortAdj orders the list fully).
	if parts > lazyParts && !s.gathered {
		s.gather(n)
	}
	push := func(x int32, sp int) {
		start := len(arena)
		arena = s.appendEdges(arena, x, heads, nexts, behinds, &s.adjKeys)
		stack[sp], cur[sp], end[sp] = x, int32(start), int32(len(arena))
	}
	k := 0
	for root := range int32(n) {
		if state[root] != 0 {
			continue
		}
		// Fast path: when root's turn comes every item before it in
		// fallback order is out, so unless something behind it comes
		// later in that order (flagged), root goes out now.
		if flag[root] == 0 {
			state[root] = 3
			order[k] = byFB[root]
			k++
			continue
		}
		state[root] = 2
		push(root, 0)
		sp := 1
		for sp > 0 {
			t := sp - 1
			top := stack[t]
			if c := cur[t]; c < end[t] {
				cur[t]++
				nb := arena[c]
				// An edge from an item earlier in fallback order is checked
				// now (see relateAll); state 2 (on the stack) closes a
				// cycle: skip.
				if state[nb] == 0 && (nb > top || s.edgeHolds(nb, top)) {
					state[nb] = 2
					push(nb, sp)
					sp++
				}
				continue
			}
			sp--
			if sp > 0 {
				arena = arena[:end[sp-1]]
			} else {
				arena = arena[:0]
			}
			state[top] = 3
			order[k] = byFB[top]
			k++
		}
	}
	s.arena = arena
}

// appendEdges appends to arena the list of x's edges, the items x is
// drawn after: from every part's chains (heads, nexts, behinds), or from
// the gathered adjacency once gather ran; sorted by sortAdj with scratch
// keys. The serial and the speculative walk both push through it.
func (s *Sorter) appendEdges(arena []int32, x int32, heads, nexts, behinds [][]int32, scratch *[]adjKey) []int32 {
	start := len(arena)
	if !s.gathered {
		for k, head := range heads {
			next, behind := nexts[k], behinds[k]
			for e := head[x]; e != 0; e = next[e-1] {
				if len(arena) == cap(arena) {
					s.grown.Add(1)
				}
				arena = append(arena, behind[e-1])
			}
		}
	} else {
		a := s.adjacency(x)
		arena = growBy(s, arena, len(a))
		arena = append(arena, a...)
	}
	s.sortAdj(arena[start:], x, scratch)
	return arena
}

// sortAdj puts the items behind x (all named by fallback rank) in the
// order the walk visits them in (see Sorter): by the first of the order's
// rows both lie in, then by v0, then by index — the order in which a sweep
// along v over those rows found them in the former implementation. Only
// the lists the walk follows are sorted. Each entry's key (row and v0,
// from entriesPart's vK) is computed once, not in every comparison: the
// walk is serial.
func (s *Sorter) sortAdj(list []int32, x int32, scratch *[]adjKey) {
	if len(list) < 2 {
		return
	}
	byFB, vK := s.byFB, s.vK
	rx := s.orderRow(byFB[x])
	key := func(a int32) adjKey {
		i := byFB[a]
		return adjKey{uint64(max(rx, s.orderRow(i)))<<32 | uint64(vK[i]), i, a}
	}
	if len(list) <= 12 {
		var keys [12]adjKey
		for j, a := range list {
			k := key(a)
			for j > 0 && k.less(&keys[j-1]) {
				keys[j] = keys[j-1]
				j--
			}
			keys[j] = k
		}
		for j := range list {
			list[j] = keys[j].rank
		}
		return
	}
	keys := growBy(s, (*scratch)[:0], len(list))
	for _, a := range list {
		keys = append(keys, key(a))
	}
	slices.SortFunc(keys, func(a, b adjKey) int {
		if a.k != b.k {
			return cmpU64(a.k, b.k)
		}
		return int(a.item - b.item)
	})
	for j := range list {
		list[j] = keys[j].rank
	}
	*scratch = keys
}

// adjKey is an entry of a list sortAdj orders: its key (the row both lie
// in, then v0's key), its item and its fallback rank.
type adjKey struct {
	k          uint64
	item, rank int32
}

func (a *adjKey) less(b *adjKey) bool {
	return a.k < b.k || a.k == b.k && a.item < b.item
}

func cmpU64(a, b uint64) int {
	if a < b {
		return -1
	}
	return int(b2u(a > b))
}

// sweepRowScale is the sweep rows' height over the order's rows'.
const sweepRowScale = 1.5

// orderRow is the first of the rows the order is defined by that item i
// lies in: rows of w as high as the items' mean w extent (see layoutRows;
// the sweep uses taller ones).
func (s *Sorter) orderRow(i int32) int32 {
	return min(int32(float64(s.wr[i].w0-s.rowW0)*float64(s.orderInv)), s.orderRows-1)
}

// vKey is item i's v0 (rounded down to float32, as the rows' cells have
// it) as an order-preserving key.
func (s *Sorter) vKey(i int32) uint32 {
	b := &s.box[i]
	return orderKey(down32(b.Min.X - s.q*b.Max.Z))
}

func cmpU32(a, b uint32) int {
	if a < b {
		return -1
	}
	return int(b2u(a > b))
}

// edgeHolds reports whether the projections of the items of fallback
// ranks a and b overlap.
func (s *Sorter) edgeHolds(a, b int32) bool {
	return projOverlap(&s.box[s.byFB[a]], &s.box[s.byFB[b]], s.q)
}

// grow returns b resliced to length n, reallocated with a quarter's
// headroom when its capacity is short (counted in s.grown). Callers must
// not rely on its contents.
func grow[T any](s *Sorter, b []T, n int) []T {
	if cap(b) < n {
		s.grown.Add(1)
		return make([]T, n, n+n/4)
	}
	return b[:n]
}

// growBy returns b with room for extra more elements, counting a
// reallocation in s.grown.
func growBy[T any](s *Sorter, b []T, extra int) []T {
	if cap(b)-len(b) < extra {
		s.grown.Add(1)
		return slices.Grow(b, extra)
	}
	return b
}
