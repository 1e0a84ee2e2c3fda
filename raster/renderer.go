package raster

import (
	"fmt"
	"image"
	"runtime"
	"sync"
	"sync/atomic"

	"diorama/internal/workers"
)

// Renderer executes DrawLists over horizontal bands of the frame, one
// goroutine per worker. Every band draws, in depth order, each command that
// touches it, clipped to the band, so the output is byte-identical to
// [DrawList.Draw] whatever the number of workers. Workers are started once
// and reused; rendering a prepared list allocates nothing.
//
// With several workers nothing but publishing the job and one small merge
// is serial: a frame is a sequence of tasks that the workers claim one at
// a time, in order, in four phases:
//
//  1. cost: the commands are cut into chunks (at most two per worker) and
//     each chunk adds up its commands' estimated cost per row (see split);
//  2. split: one task cuts the rows into bands of equal estimated cost,
//     two per worker (or one, see minBandRows);
//  3. bin: each chunk lists its commands per band they touch, in insertion
//     order;
//  4. bands: each band gathers its commands from the chunks' lists (in
//     insertion order, since the chunks are in order), sorts them by depth
//     (the stable radix sort of [DrawList.Draw], on the band's commands
//     only) and draws them.
//
// The bin tasks also add up their commands' row costs, and each band task
// sums them over its own rows: the frame's cost profile. When the next
// frame draws the same first list (of as many lists) onto a frame of the
// same size, the caller cuts its bands by that profile before publishing
// the job, which then has the bin and band phases only: one hand-off
// between phases instead of three, and one pass over the commands before
// drawing instead of two (frames are coherent, and a split only balances
// the work: any split draws the same pixels).
//
// A task of one phase starts when every task of the phase before is done;
// a worker waiting for a phase yields for tens of microseconds, then
// sleeps until the phase's last task wakes it. Before, the caller ran the
// depth sort of the whole list, the split and the bucketing alone (about
// 270 µs of a 4.6 ms 10k-sprite frame, a serial fraction of 6 % that
// capped 16 workers near 8×); now they are spread over the workers, and
// the split's serial part is the merge of the chunks' row costs
// (O(chunks × rows), a few microseconds). What stays serial in a frame is
// the caller's building of the list (BenchmarkFrame10kModel reports it),
// unless the caller builds one list per worker with [Renderer.Do] and
// draws them together with [Renderer.RenderLists]: the chunks then span
// the lists one after the other, and a band's commands name their list.
//
// Bands are cut by estimated cost, not by height: two per worker (one
// when two would be under minBandRows high), each with an equal share of
// the frame's pixel and per-command work (see split), so a frame whose
// sprites crowd into a few rows still keeps every worker busy, and few
// commands straddle a band edge (each one that does pays its overhead
// twice).
//
// The calling goroutine runs tasks too, and helper goroutines join in as
// soon as they are scheduled: tasks are claimed one at a time, and a
// worker only ever waits for tasks that another worker has already claimed
// (and is running), never for a helper that has not started yet. On a
// machine whose other cores are busy the frame therefore costs what one
// core can do, not a scheduling delay on top.
//
// A Renderer renders one list at a time; call Close to stop its
// goroutines.
type Renderer struct {
	workers int
	scratch []*scratch
	sorts   []*depthSort // per worker: its bands' depth sort

	// The current job. Its fields are written before the pool runs the
	// job, which publishes them to the helpers (the split task's results
	// are read only after the done count says it finished).
	dst    *Frame
	lists  []*DrawList // the job's lists (see RenderLists)
	off    []int       // off[k]: the commands of the lists before list k (len(lists)+1 entries)
	multi  bool        // several lists: a band's command ids pack the list (see listShift)
	one    [1]*DrawList
	doF    func(int) // a Do job's function, nil for a render job
	doLo   int       // the first k of the Do job
	nb     int       // bands of the job
	edges  []int32   // band k covers rows [edges[k], edges[k+1])
	chunks int       // command chunks of the job
	cost   [][]int64 // per chunk: row-cost differences (see addCosts)
	// costPhase: the job runs the cost and split tasks (no usable
	// profile from the frame before); binT0 and bandT0 are the job's
	// first bin and band tasks.
	costPhase     bool
	binT0, bandT0 int
	// profile is the row-cost differences of the last frame drawn (h+1
	// entries), summed over the chunks by the band tasks, each over its
	// own rows; profW, profH, profList and profLists say what it was for:
	// a frame of that size drawing that first list of that many lists.
	// The next frame of the same kind cuts its bands by it instead of
	// running the cost phase (frames are coherent, and the split only
	// balances the work: any split draws the same pixels).
	profile      []int64
	profOK       bool
	profW, profH int
	profList     *DrawList
	profLists    int
	oneCost      [1][]int64
	bins         [][]uint32 // per chunk and band (chunk*nb + band): command indices in insertion order
	bandOrd      [][]uint32 // per worker: the band being drawn, sorted by depth
	bandDep      [][]int64  // per worker, with several lists: the band's depths by position

	rowCost []int64  // scratch: estimated drawing cost of each row
	rowBand []uint16 // scratch: the band of each row

	// evenBands is a test hook: cut bands the former way (power-of-two
	// heights, about four per worker, whatever the cost), so benchmarks can
	// time the old split against the new one in the same run.
	evenBands bool

	// state packs the next task to claim (high 16 bits) and the number of
	// tasks (low 16 bits) of the current job.
	state atomic.Uint32
	done  atomic.Int32 // tasks completed in the current job
	// A worker that waits for a phase to end spins a little, then sleeps
	// on cond; the task that ends a phase broadcasts.
	mu   sync.Mutex
	cond sync.Cond

	pool    *workers.Pool // the workers, from the first job with several
	workF   func(int)     // runs the current job as worker w (made once: a method value allocates)
	stopped bool
}

// maxBands bounds the band count so that the tasks fit the packed state.
const maxBands = 1 << 14

// maxChunksPerWorker bounds the command chunks: two per worker, so that a
// worker that starts late still finds a chunk to take.
const maxChunksPerWorker = 2

// minChunk is the fewest commands a chunk holds (but the last): smaller
// chunks cost more in hand-offs and in merging their row costs than they
// spread.
const minChunk = 512

// NewRenderer returns a renderer with the given number of workers; 0 or
// less means runtime.GOMAXPROCS(0).
func NewRenderer(workers int) *Renderer {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = min(workers, 256)
	r := &Renderer{workers: workers}
	r.cond.L = &r.mu
	for i := 0; i < workers; i++ {
		r.scratch = append(r.scratch, new(scratch))
		r.sorts = append(r.sorts, new(depthSort))
	}
	r.bandOrd = make([][]uint32, workers)
	r.bandDep = make([][]int64, workers)
	return r
}

// Workers returns the number of goroutines that draw.
func (r *Renderer) Workers() int { return r.workers }

// Close stops the worker goroutines. The Renderer must not be used after.
func (r *Renderer) Close() {
	if r.stopped {
		return
	}
	r.stopped = true
	if r.pool != nil {
		r.pool.Close()
		r.pool = nil
	}
}

// startWorkers makes the pool; worker 0 is the calling goroutine.
func (r *Renderer) startWorkers() {
	if r.pool == nil {
		r.pool = workers.New(r.workers)
		r.workF = r.work
	}
}

// Render sorts l by depth and draws it onto dst.
func (r *Renderer) Render(dst *Frame, l *DrawList) {
	if l == nil {
		return
	}
	r.one[0] = l
	r.RenderLists(dst, r.one[:])
	r.one[0] = nil
}

// Limits of RenderLists: with several lists a command is named by its
// list (the high bits) and its index in the list (the low listShift bits).
const (
	listShift   = 24
	MaxLists    = 1 << (32 - listShift) // the most lists RenderLists draws together
	MaxListCmds = 1 << listShift        // the most commands of each of several lists
)

// RenderLists draws the lists onto dst as one list holding their commands
// one list after the other: in depth order, equal depths in the order of
// the lists and then of insertion, byte-identical to [DrawList.Draw] of
// that list. Each list can be built by its own goroutine at the same time
// (see [Renderer.Do]), so building a frame's commands need not be serial.
// Nil lists are skipped. More than [MaxLists] lists, or a list of more
// than [MaxListCmds] commands among several, draw nothing and return an
// error.
func (r *Renderer) RenderLists(dst *Frame, ls []*DrawList) error {
	if dst == nil || r.stopped {
		return nil
	}
	if err := r.setLists(ls); err != nil {
		return err
	}
	n := r.off[len(ls)]
	if n == 0 {
		r.lists = nil
		return nil
	}
	if len(ls) == 1 && (r.workers == 1 || dst.H() < 2) {
		ls[0].sortCommands()
		ls[0].execAll(dst, r.scratch[0])
		return nil
	}
	if r.workers == 1 || dst.H() < 2 {
		r.drawSerial(dst)
	} else {
		r.startWorkers()
		r.runJob(r.prepare(dst))
	}
	r.lists, r.dst = nil, nil // hold no reference between frames
	return nil
}

// setLists makes ls the job's lists: their command offsets, and whether
// a band's ids name the list.
func (r *Renderer) setLists(ls []*DrawList) error {
	if len(ls) > MaxLists {
		return fmt.Errorf("raster: RenderLists: %d lists, at most %d", len(ls), MaxLists)
	}
	r.off = grow(r.off, len(ls)+1)
	r.off[0] = 0
	for k, l := range ls {
		c := 0
		if l != nil {
			c = len(l.cmds)
			if c > MaxListCmds && len(ls) > 1 {
				return fmt.Errorf("raster: RenderLists: list %d has %d commands, at most %d", k, c, MaxListCmds)
			}
		}
		r.off[k+1] = r.off[k] + c
	}
	r.lists, r.multi = ls, len(ls) > 1
	return nil
}

// runJob publishes a job of the given tasks and runs it on the pool's
// workers, the calling goroutine among them; it returns when all are
// done (each worker returns once no task is left to claim and its own are
// done).
func (r *Renderer) runJob(tasks int) {
	r.done.Store(0)
	r.state.Store(uint32(tasks))
	r.pool.Run(r.workF)
}

// Do runs f(0), …, f(n−1) on the renderer's workers, the calling goroutine
// among them, and returns when every call has returned: for a frame's
// work before drawing, such as building one [DrawList] per worker for
// [Renderer.RenderLists]. Calls for different k may run at the same time.
// It allocates nothing. Do must not be called from f, nor while the
// Renderer draws.
func (r *Renderer) Do(n int, f func(k int)) {
	if r.stopped {
		return
	}
	if r.workers == 1 || n <= 1 {
		for k := range n {
			f(k)
		}
		return
	}
	r.startWorkers()
	const most = 1<<16 - 1 // tasks a job holds
	for lo := 0; lo < n; lo += most {
		r.doF, r.doLo = f, lo
		r.chunks = 0
		r.runJob(min(n-lo, most))
	}
	r.doF = nil
}

// drawSerial draws the job's lists on the calling goroutine: every
// command sorted by depth (the lists one after the other), then drawn.
func (r *Renderer) drawSerial(dst *Frame) {
	ids := r.bandOrd[0][:0]
	for k, l := range r.lists {
		if l == nil {
			continue
		}
		for i := range l.cmds {
			ids = append(ids, r.id(k, i))
		}
	}
	r.bandOrd[0] = ids
	ids = r.sortBand(0, ids)
	for _, id := range ids {
		l, c := r.cmd(id)
		l.exec(dst, c, dst.Rect, r.scratch[0])
	}
}

// id names command i of list k in a band's list; cmd finds it again.
func (r *Renderer) id(k, i int) uint32 {
	if r.multi {
		return uint32(k)<<listShift | uint32(i)
	}
	return uint32(i)
}

func (r *Renderer) cmd(id uint32) (*DrawList, *command) {
	if r.multi {
		l := r.lists[id>>listShift]
		return l, &l.cmds[id&(MaxListCmds-1)]
	}
	l := r.lists[0]
	return l, &l.cmds[id]
}

// sortBand sorts the command ids of a band by depth as worker w (stably:
// they are in list and insertion order) and returns them in that order.
func (r *Renderer) sortBand(w int, ord []uint32) []uint32 {
	if !r.multi {
		r.sorts[w].sort(ord, r.lists[0].depths)
		return ord
	}
	// Several lists: gather the depths by position, then sort.
	dep := grow(r.bandDep[w], len(ord))
	lists := r.lists
	for j, id := range ord {
		dep[j] = lists[id>>listShift].depths[id&(MaxListCmds-1)]
	}
	r.bandDep[w] = dep
	r.sorts[w].sortAligned(ord, dep)
	return ord
}

// prepare sets up the job of drawing r.lists onto dst (before it is
// published) and returns its number of tasks.
//
// When the frame before drew the same first list of as many lists onto
// a frame of the same size, its row costs (summed by its bin and band
// tasks) cut the bands here, and the job is the bin and band phases
// only; otherwise it starts with the cost and split phases.
func (r *Renderer) prepare(dst *Frame) int {
	r.dst = dst
	r.doF = nil
	h := dst.H()
	r.nb = r.bandCount(h)
	n := r.off[len(r.lists)]
	r.chunks = min((n+minChunk-1)/minChunk, r.workers*maxChunksPerWorker)
	for len(r.cost) < r.chunks {
		r.cost = append(r.cost, nil)
	}
	if nbins := r.chunks * r.nb; len(r.bins) < nbins {
		r.bins = append(r.bins, make([][]uint32, nbins-len(r.bins))...)
	}
	r.profile = grow(r.profile, h+1)
	r.costPhase = !(r.profOK && r.profW == dst.W() && r.profH == h &&
		r.profList == r.lists[0] && r.profLists == len(r.lists))
	r.profW, r.profH, r.profList, r.profLists = dst.W(), h, r.lists[0], len(r.lists)
	r.profOK = true // the band tasks fill the profile in
	c := r.chunks
	if r.costPhase {
		r.binT0, r.bandT0 = c+1, 2*c+1
	} else {
		r.oneCost[0] = r.profile
		r.cutBands(h, r.oneCost[:])
		r.binT0, r.bandT0 = 0, c
	}
	return r.bandT0 + r.nb
}

// bandCount returns the number of bands a frame of h rows is cut into.
func (r *Renderer) bandCount(h int) int {
	if r.evenBands {
		shift := r.evenShift(h)
		return (h + 1<<shift - 1) >> shift
	}
	return min(r.workers*bandsPerWorkerFor(r.workers, h), h, maxBands)
}

// bandsPerWorkerFor returns the bands per worker for a frame of h rows: two
// while they stay at least minBandRows high, else one.
func bandsPerWorkerFor(workers, h int) int {
	if h >= bandsPerWorker*workers*minBandRows {
		return bandsPerWorker
	}
	return 1
}

// evenShift returns the log2 height of the former even bands.
func (r *Renderer) evenShift(h int) uint {
	shift := uint(3)
	for 1<<shift < h/(r.workers*4) {
		shift++
	}
	for (h+1<<shift-1)>>shift > maxBands {
		shift++
	}
	return shift
}

// work claims and runs tasks of the current job, as worker w, until none
// are left.
func (r *Renderer) work(w int) {
	for {
		s := r.state.Load()
		next, tasks := int(s>>16), int(s&0xffff)
		if next >= tasks {
			return
		}
		if !r.state.CompareAndSwap(s, s+1<<16) {
			continue
		}
		// Read before the task is done: the next job may follow at once.
		c, b0, b1 := int32(r.chunks), int32(r.binT0), int32(r.bandT0)
		if !r.costPhase {
			c = b0
		}
		r.run(next, w)
		d := r.done.Add(1)
		if d == c || d == b0 || d == b1 || d == int32(tasks) {
			// The end of a phase: wake the workers asleep on it.
			r.mu.Lock()
			r.cond.Broadcast()
			r.mu.Unlock()
		}
	}
}

// run runs task t as worker w: the chunks' costs, the split, the chunks'
// bins, then the bands (see Renderer); or a Do job's call.
func (r *Renderer) run(t, w int) {
	if r.doF != nil {
		r.doF(r.doLo + t)
		return
	}
	c, nb, dst := r.chunks, r.nb, r.dst
	switch {
	case t < r.binT0 && t < c:
		lo, hi := r.chunkRange(t)
		r.cost[t] = grow(r.cost[t], dst.H()+1)
		clear(r.cost[t])
		for k, l := range r.lists {
			if a, b := max(lo, r.off[k]), min(hi, r.off[k+1]); a < b {
				addCosts(r.cost[t], l, a-r.off[k], b-r.off[k], dst.W())
			}
		}
	case t < r.binT0:
		r.await(int32(c))
		r.cutBands(dst.H(), r.cost[:c])
	case t < r.bandT0:
		r.await(int32(r.binT0))
		k := t - r.binT0
		lo, hi := r.chunkRange(k)
		bins := r.bins[k*nb : (k+1)*nb]
		for b := range bins {
			bins[b] = bins[b][:0]
		}
		// The chunk's row costs, for the next frame's split.
		rc := grow(r.cost[k], dst.H()+1)
		r.cost[k] = rc
		clear(rc)
		for li, l := range r.lists {
			if a, b := max(lo, r.off[li]), min(hi, r.off[li+1]); a < b {
				base := uint32(0)
				if r.multi {
					base = uint32(li) << listShift
				}
				binCmds(l.cmds[a-r.off[li]:b-r.off[li]], base|uint32(a-r.off[li]), r.rowBand, bins, rc, dst.W())
			}
		}
	default:
		r.await(int32(r.bandT0))
		k := t - r.bandT0
		e0, e1 := int(r.edges[k]), int(r.edges[k+1])
		if e0 == e1 {
			return // an empty band (rows are indivisible)
		}
		// The band's rows of the next frame's cost profile.
		prof := r.profile[e0:e1]
		copy(prof, r.cost[0][e0:e1])
		for _, rc := range r.cost[1:c] {
			for y, v := range rc[e0:e1] {
				prof[y] += v
			}
		}
		ord := r.bandOrd[w][:0]
		for j := range c {
			ord = append(ord, r.bins[j*nb+k]...)
		}
		r.bandOrd[w] = ord
		ord = r.sortBand(w, ord)
		band := image.Rect(dst.Rect.Min.X, int(r.edges[k]), dst.Rect.Max.X, int(r.edges[k+1]))
		sc := r.scratch[w]
		if !r.multi {
			l := r.lists[0]
			for _, i := range ord {
				l.exec(dst, &l.cmds[i], band, sc)
			}
			return
		}
		for _, id := range ord {
			l, cmd := r.cmd(id)
			l.exec(dst, cmd, band, sc)
		}
	}
}

// chunkRange returns the commands [lo, hi) of chunk k (counted over the
// lists one after the other).
func (r *Renderer) chunkRange(k int) (lo, hi int) {
	n := r.off[len(r.lists)]
	return k * n / r.chunks, (k + 1) * n / r.chunks
}

// binCmds appends the ids of cmds (first..., counting up) to the bins of
// the bands they touch (rowBand: each row's band), in order, and adds
// their row costs to rc as addCosts does. A command that touches no row
// of the frame goes nowhere: it would draw nothing.
func binCmds(cmds []command, first uint32, rowBand []uint16, bins [][]uint32, rc []int64, w int) {
	last := int32(len(rowBand) - 1)
	rc = rc[:len(rowBand)+1]
	w32 := int32(min(w, coordLimit)) // bounds lie within ±coordLimit: no overflow below
	for j := range cmds {
		b := &cmds[j].bounds
		y0, y1 := max(b.y0, 0), min(b.y1-1, last)
		if y0 > y1 {
			continue
		}
		per := int64(max(min(b.x1, w32)-max(b.x0, 0), 0)) + rowOverhead
		// Never taken (0 ≤ y0 ≤ y1 ≤ last): says so to the compiler, which
		// then drops four of the five bounds checks below.
		u0, u1 := uint(y0), uint(y1)
		if u0 > u1 || u1 >= uint(len(rowBand)) || u1+1 >= uint(len(rc)) {
			continue
		}
		rc[u0] += per + cmdOverhead
		rc[u0+1] -= cmdOverhead
		rc[u1+1] -= per
		k0, k1 := rowBand[u0], rowBand[u1]
		id := first + uint32(j)
		bins[k0] = append(bins[k0], id)
		for k := k0 + 1; k <= k1; k++ {
			bins[k] = append(bins[k], id)
		}
	}
}

// await returns once need tasks of the current job are done: it spins a
// little (a phase usually ends within microseconds), then sleeps until
// the task that ends the phase wakes it.
func (r *Renderer) await(need int32) {
	for i := 0; i < 256; i++ { // runtime.Gosched takes well under a microsecond
		if r.done.Load() >= need {
			return
		}
		if i >= 16 {
			runtime.Gosched()
		}
	}
	r.mu.Lock()
	for r.done.Load() < need {
		r.cond.Wait()
	}
	r.mu.Unlock()
}

// Cost model of the band split, in units of one blended pixel: a command
// costs its visible width plus rowOverhead on each row it covers, and
// cmdOverhead once (run lookup, clipping, dispatch).
const (
	rowOverhead = 8
	cmdOverhead = 64
	// bandsPerWorker: two bands of equal estimated cost per worker keep
	// the workers balanced when one starts late or the estimate is off,
	// while cutting few commands in two (a command straddling a band edge
	// pays its per-command and clipping overhead in both bands).
	bandsPerWorker = 2
	// minBandRows: bands lower than this hold few commands whole (a 16-row
	// sprite straddles every edge of 15-row bands, paying its per-command
	// work twice), so with many workers each gets one band instead: on
	// the 800×480 10k-sprite frame, 16 workers' modelled render 115 →
	// 99 µs, 8 workers' 183 → 174 µs (BenchmarkFrame10kModel's tasks).
	minBandRows = 32
)

// split cuts the frame's rows into bands for l, fills r.edges and
// r.rowBand and returns the number of bands (some of them empty when rows
// are too few or too costly to cut where the shares end). It is the serial
// form of Render's cost, split and bin phases, for tests.
func (r *Renderer) split(dst *Frame, l *DrawList) int {
	r.nb = r.bandCount(dst.H())
	rc := grow(r.rowCost, dst.H()+1)
	r.rowCost = rc
	clear(rc)
	addCosts(rc, l, 0, len(l.cmds), dst.W())
	r.cutBands(dst.H(), [][]int64{rc})
	return r.nb
}

// addCosts adds the estimated cost of commands [lo, hi) of l to the row
// cost differences rc (h+1 entries for h rows; rc[y] − rc[y−1] is row y's
// cost once prefix-summed): each command costs its visible width plus
// rowOverhead on every row it covers, and cmdOverhead on its first.
func addCosts(rc []int64, l *DrawList, lo, hi, w int) {
	h := len(rc) - 1
	for i := lo; i < hi; i++ {
		b := &l.cmds[i].bounds
		y0, y1 := max(int(b.y0), 0), min(int(b.y1), h)
		if y0 >= y1 {
			continue
		}
		per := int64(max(min(int(b.x1), w)-max(int(b.x0), 0), 0)) + rowOverhead
		rc[y0] += per + cmdOverhead
		rc[y0+1] -= cmdOverhead
		rc[y1] -= per
	}
}

// cutBands sets r.edges and r.rowBand for r.nb bands of h rows from the
// row cost differences of the chunks (summed).
//
// The bands have equal estimated cost rather than equal height. The former
// split cut power-of-two bands, four per worker, whatever they held, so
// sprites straddled seven edges on an 800×480 frame and two workers reached
// only 1.4–1.6× one.
func (r *Renderer) cutBands(h int, costs [][]int64) {
	nb := r.nb
	r.rowBand = grow(r.rowBand, h)
	r.edges = grow(r.edges, nb+1)
	edges := r.edges
	if r.evenBands {
		shift := r.evenShift(h)
		for k := range nb {
			edges[k] = int32(k << shift)
		}
	} else {
		rc := grow(r.rowCost, h+1)
		r.rowCost = rc
		if &rc[0] != &costs[0][0] {
			copy(rc, costs[0])
		}
		for _, c := range costs[1:] {
			for y, v := range c[:h] {
				rc[y] += v
			}
		}
		// Prefix sums: rc[y] becomes the cost of row y, total the frame's.
		var run, total int64
		for y := range h {
			run += rc[y]
			rc[y] = run
			total += run
		}
		// Cut where the running cost passes k/nb of the total; rows are
		// indivisible, so cuts that would repeat a row are dropped and the
		// bands left over are empty at the end.
		edges[0] = 0
		k, m, acc := 1, 1, int64(0)
		ft, fnb := float64(total), float64(nb)
		for y := 0; y < h-1 && k < nb; y++ {
			acc += rc[y]
			if float64(acc)*fnb >= ft*float64(k) {
				edges[m] = int32(y + 1)
				m++
				for k < nb && float64(acc)*fnb >= ft*float64(k) {
					k++ // this row already ends a band
				}
			}
		}
		for ; m < nb; m++ {
			edges[m] = int32(h)
		}
	}
	edges[nb] = int32(h)
	for k := range nb {
		for y := edges[k]; y < edges[k+1]; y++ {
			r.rowBand[y] = uint16(k)
		}
	}
}
