package raster

import (
	"image"
	"runtime"
	"sync/atomic"
)

// Renderer executes DrawLists over horizontal bands of the frame, one
// goroutine per worker. Every band draws, in depth order, each command that
// touches it, clipped to the band, so the output is byte-identical to
// [DrawList.Draw] whatever the number of workers. Workers are started once
// and reused; rendering a prepared list allocates nothing.
//
// Bands are cut by estimated cost, not by height: two per worker, each
// with an equal share of the frame's pixel and per-command work (see
// split), so a frame whose sprites crowd into a few rows still keeps every
// worker busy, and few commands straddle a band edge (each one that does
// pays its overhead twice). BenchmarkRendererBalance, 800×480 frame of
// 10,000 16×16 sprites, prepared list, measured 2026-11-25 on the shared
// 2-core machine at load average 8–11:
//
//	go test -run '^$' -bench RendererBalance -benchtime 60x -count 2 ./raster/
//
// two workers claiming bands, simulated from per-band times measured alone
// (the machine had no free second core for a wall-time figure: best-of-400
// wall speed-ups were 0.93–1.2× for both splits): 1.91–1.95× one worker
// with cost-balanced bands, 1.86–1.88× with the former even power-of-two
// bands; the serial split and bucketing take 76 µs (52–66 µs before) of a
// 1.85 ms one-worker frame. The model leaves out the helper's wake-up and
// the two cores' shared caches, which is where the README's measured
// 1.6× (quiet machine, former split) lost the rest; the split alone does
// not reach the 1.8× on a real machine unless those are small.
//
// The calling goroutine draws bands too, and helper goroutines join in as
// soon as they are scheduled: bands are claimed one at a time, and the
// caller only ever waits for bands a helper has already claimed (and is
// drawing), never for a helper that has not started yet. On a machine whose
// other cores are busy the frame therefore costs what one core can do,
// not a scheduling delay on top.
//
// A Renderer renders one list at a time; call Close to stop its
// goroutines.
type Renderer struct {
	workers int
	scratch []*scratch

	// The current job. Its fields are written before state publishes the
	// job's generation, and a helper reads them only after claiming a band
	// of that generation with a compare-and-swap.
	dst     *Frame
	list    *DrawList
	edges   []int32    // band k covers rows [edges[k], edges[k+1])
	buckets [][]uint32 // per band: command indices in drawing order

	rowCost []int64  // scratch: estimated drawing cost of each row
	rowBand []uint16 // scratch: the band of each row

	// evenBands is a test hook: cut bands the former way (power-of-two
	// heights, about four per worker, whatever the cost), so benchmarks can
	// time the old split against the new one in the same run.
	evenBands bool

	// state packs the job generation (high 32 bits), the next band to claim
	// (16 bits) and the number of bands (low 16 bits).
	state    atomic.Uint64
	done     atomic.Int32  // bands completed in the current job
	finished chan struct{} // a helper that completes the last band signals here
	gen      uint32

	wake    []chan uint32
	stopped bool
}

// maxBands bounds the band count so it fits the packed state.
const maxBands = 1<<16 - 1

// NewRenderer returns a renderer with the given number of workers; 0 or
// less means runtime.GOMAXPROCS(0).
func NewRenderer(workers int) *Renderer {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = min(workers, 256)
	r := &Renderer{workers: workers, finished: make(chan struct{}, 1)}
	for i := 0; i < workers; i++ {
		r.scratch = append(r.scratch, new(scratch))
	}
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
	for _, c := range r.wake {
		close(c)
	}
	r.wake = nil
}

func (r *Renderer) startWorkers() {
	// Worker 0 is the calling goroutine.
	for i := 1; i < r.workers; i++ {
		c := make(chan uint32, 1)
		r.wake = append(r.wake, c)
		go func(sc *scratch) {
			for gen := range c {
				r.work(gen, sc)
			}
		}(r.scratch[i])
	}
}

// Render sorts l by depth and draws it onto dst.
func (r *Renderer) Render(dst *Frame, l *DrawList) {
	if dst == nil || l == nil || r.stopped {
		return
	}
	l.sortCommands()
	h := dst.H()
	if r.workers == 1 || h < 2 || len(l.cmds) == 0 {
		l.execAll(dst, r.scratch[0])
		return
	}
	if r.wake == nil {
		r.startWorkers()
	}
	nb := r.split(dst, l)
	r.dst, r.list = dst, l
	if cap(r.buckets) < nb {
		r.buckets = append(r.buckets[:cap(r.buckets)], make([][]uint32, nb-cap(r.buckets))...)
	}
	r.buckets = r.buckets[:nb]
	for b := range r.buckets {
		r.buckets[b] = r.buckets[b][:0]
	}
	last := int32(h - 1)
	rows, rowBand := l.rows, r.rowBand
	for _, i := range l.order {
		y0, y1 := rows[2*i], rows[2*i+1]
		if y1 < 0 || y0 > last {
			continue
		}
		y0, y1 = max(y0, 0), min(y1, last)
		for k := rowBand[y0]; k <= rowBand[y1]; k++ {
			r.buckets[k] = append(r.buckets[k], i)
		}
	}
	select { // drop a stale signal from an earlier job
	case <-r.finished:
	default:
	}
	r.gen++
	r.done.Store(0)
	r.state.Store(uint64(r.gen)<<32 | uint64(nb)) // publishes the job
	for _, c := range r.wake {
		select {
		case c <- r.gen:
		default: // that helper has a wake-up pending already
		}
	}
	r.work(r.gen, r.scratch[0])
	// Every band is claimed; wait for those helpers are still drawing.
	for r.done.Load() < int32(nb) {
		<-r.finished
	}
	r.dst, r.list = nil, nil
}

// work claims and draws bands of job gen until none are left.
func (r *Renderer) work(gen uint32, sc *scratch) {
	for {
		s := r.state.Load()
		if uint32(s>>32) != gen {
			return // a later job: this wake-up is stale
		}
		next, nb := int(s>>16&0xffff), int(s&0xffff)
		if next >= nb {
			return
		}
		if !r.state.CompareAndSwap(s, s+1<<16) {
			continue
		}
		dst, l := r.dst, r.list
		band := image.Rect(dst.Rect.Min.X, int(r.edges[next]), dst.Rect.Max.X, int(r.edges[next+1]))
		for _, i := range r.buckets[next] {
			l.exec(dst, &l.cmds[i], band, sc)
		}
		if r.done.Add(1) == int32(nb) {
			select {
			case r.finished <- struct{}{}:
			default:
			}
		}
	}
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
)

// split cuts the frame's rows into bands for l, fills r.edges and r.rowBand
// and returns the number of bands.
//
// The bands have equal estimated cost rather than equal height: the cost
// of each row is the sum, over the commands that touch it, of the
// command's visible width plus a per-row overhead, plus a per-command
// overhead on its first row (one pass over the commands, in insertion
// order, and one over the rows). The former split cut power-of-two bands,
// four per worker, whatever they held, so sprites straddled seven edges on
// an 800×480 frame and two workers reached only 1.4–1.6× one.
func (r *Renderer) split(dst *Frame, l *DrawList) int {
	h, w := dst.H(), dst.W()
	r.rowBand = grow(r.rowBand, h)
	nb := min(r.workers*bandsPerWorker, h, maxBands)
	r.edges = grow(r.edges, nb+1)
	edges := r.edges
	if r.evenBands {
		shift := uint(3)
		for 1<<shift < h/(r.workers*4) {
			shift++
		}
		for (h+1<<shift-1)>>shift > maxBands {
			shift++
		}
		nb = (h + 1<<shift - 1) >> shift
		r.edges = grow(r.edges, nb+1)
		edges = r.edges
		for k := range nb {
			edges[k] = int32(k << shift)
		}
	} else {
		rc := grow(r.rowCost, h+1)
		r.rowCost = rc
		clear(rc)
		// The bounds give the rows too (l.rows holds the same values).
		for i := range l.cmds {
			b := &l.cmds[i].bounds
			y0, y1 := max(b.Min.Y, 0), min(b.Max.Y, h)
			if y0 >= y1 {
				continue
			}
			per := int64(max(min(b.Max.X, w)-max(b.Min.X, 0), 0)) + rowOverhead
			rc[y0] += per + cmdOverhead
			rc[y0+1] -= cmdOverhead
			rc[y1] -= per
		}
		// Prefix sums: rc[y] becomes the cost of row y, total the frame's.
		var run, total int64
		for y := range h {
			run += rc[y]
			rc[y] = run
			total += run
		}
		// Cut where the running cost passes k/nb of the total; rows are
		// indivisible, so cuts that would repeat a row are dropped.
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
		nb = m
	}
	edges = edges[:nb+1]
	edges[nb] = int32(h)
	r.edges = edges
	for k := range nb {
		for y := edges[k]; y < edges[k+1]; y++ {
			r.rowBand[y] = uint16(k)
		}
	}
	return nb
}
