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
	bandH   int
	buckets [][]uint32 // per band: command indices in drawing order

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
	l.Sort()
	h := dst.H()
	if r.workers == 1 || h < 2 || len(l.cmds) == 0 {
		l.execAll(dst, r.scratch[0])
		return
	}
	if r.wake == nil {
		r.startWorkers()
	}
	// About four bands per worker balances uneven bands; a power-of-two
	// band height turns the band of a row into a shift.
	shift := uint(3)
	for 1<<shift < h/(r.workers*4) {
		shift++
	}
	for (h+1<<shift-1)>>shift > maxBands {
		shift++
	}
	bandH := 1 << shift
	nb := (h + bandH - 1) >> shift
	r.dst, r.list, r.bandH = dst, l, bandH
	if cap(r.buckets) < nb {
		r.buckets = append(r.buckets[:cap(r.buckets)], make([][]uint32, nb-cap(r.buckets))...)
	}
	r.buckets = r.buckets[:nb]
	for b := range r.buckets {
		r.buckets[b] = r.buckets[b][:0]
	}
	last := int32(h - 1)
	rows := l.rows
	for _, i := range l.order {
		y0, y1 := rows[2*i], rows[2*i+1]
		if y1 < 0 || y0 > last {
			continue
		}
		y0, y1 = max(y0, 0), min(y1, last)
		for k := y0 >> shift; k <= y1>>shift; k++ {
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
		band := image.Rect(dst.Rect.Min.X, next*r.bandH, dst.Rect.Max.X, min((next+1)*r.bandH, dst.Rect.Max.Y))
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
