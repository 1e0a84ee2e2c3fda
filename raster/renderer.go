package raster

import (
	"image"
	"runtime"
	"sync"
	"sync/atomic"
)

// Renderer executes DrawLists over horizontal bands of the frame, one
// goroutine per worker. Every band draws, in depth order, each command that
// touches it, clipped to the band, so the output is byte-identical to
// [DrawList.Draw] whatever the number of workers. Workers are started once
// and reused; rendering a prepared list allocates nothing.
//
// A Renderer renders one list at a time; call Close to stop its
// goroutines.
type Renderer struct {
	workers int
	scratch []*scratch

	// Per-render job, read by the workers.
	dst     *Frame
	list    *DrawList
	bandH   int
	nbands  int
	buckets [][]uint32 // per band: command indices in drawing order
	next    atomic.Int32

	start   []chan struct{}
	done    sync.WaitGroup
	stopped bool
}

// NewRenderer returns a renderer with the given number of workers; 0 or
// less means runtime.GOMAXPROCS(0).
func NewRenderer(workers int) *Renderer {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = min(workers, 256)
	r := &Renderer{workers: workers}
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
	for _, c := range r.start {
		close(c)
	}
	r.start = nil
}

func (r *Renderer) startWorkers() {
	// Worker 0 is the calling goroutine.
	for i := 1; i < r.workers; i++ {
		c := make(chan struct{})
		r.start = append(r.start, c)
		go func(sc *scratch) {
			for range c {
				r.work(sc)
				r.done.Done()
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
		sc := r.scratch[0]
		for _, i := range l.order {
			l.exec(dst, &l.cmds[i], dst.Rect, sc)
		}
		return
	}
	if r.start == nil {
		r.startWorkers()
	}
	// About four bands per worker balances uneven bands; multiples of 8
	// rows keep band edges aligned.
	bandH := max(8, (h/(r.workers*4)+7)&^7)
	nb := (h + bandH - 1) / bandH
	r.dst, r.list, r.bandH, r.nbands = dst, l, bandH, nb
	if cap(r.buckets) < nb {
		r.buckets = append(r.buckets[:cap(r.buckets)], make([][]uint32, nb-cap(r.buckets))...)
	}
	r.buckets = r.buckets[:nb]
	for b := range r.buckets {
		r.buckets[b] = r.buckets[b][:0]
	}
	for _, i := range l.order {
		c := &l.cmds[i]
		b := c.bounds.Intersect(dst.Rect)
		if b.Empty() {
			continue
		}
		last := (b.Max.Y - 1) / bandH
		for k := b.Min.Y / bandH; k <= last; k++ {
			r.buckets[k] = append(r.buckets[k], i)
		}
	}
	r.next.Store(0)
	r.done.Add(len(r.start))
	for _, c := range r.start {
		c <- struct{}{}
	}
	r.work(r.scratch[0])
	r.done.Wait()
	r.dst, r.list = nil, nil
}

// work draws bands until none are left.
func (r *Renderer) work(sc *scratch) {
	dst, l := r.dst, r.list
	for {
		b := int(r.next.Add(1)) - 1
		if b >= r.nbands {
			return
		}
		band := image.Rect(dst.Rect.Min.X, b*r.bandH, dst.Rect.Max.X, min((b+1)*r.bandH, dst.Rect.Max.Y))
		for _, i := range r.buckets[b] {
			l.exec(dst, &l.cmds[i], band, sc)
		}
	}
}
