package workers

import (
	"runtime"
	"sync/atomic"
	"time"
)

// Spin is how long a helper waits, yielding, for the next job before it
// parks: longer than most serial steps between a tick's passes, far
// shorter than the time between frames. (A 50,000-unit tick of perf's
// unit test runs 22 jobs; with 50 µs its helpers parked 6 times a tick,
// with 200 µs 4.5, with 500 µs 3.8: the rest are the tick's long serial
// steps and the other pools' passes.)
const Spin = 200 * time.Microsecond

// CallerSpin is how long Run's caller waits, yielding, for the helpers'
// last calls before it parks: a job's last chunk may take a few hundred
// microseconds, and the caller has nothing else to do meanwhile.
const CallerSpin = time.Millisecond

// MaxWorkers bounds a pool's workers.
const MaxWorkers = 256

// Pool runs jobs on a fixed number of workers: the calling goroutine and
// helper goroutines started on the first Run. A Pool runs one job at a
// time: Run must not be called from a job, nor from two goroutines at
// once. The zero Pool is not usable; call New.
type Pool struct {
	n   int
	fn  func(w int) // the running job; written before gen publishes it
	gen atomic.Uint64
	// pending counts the helpers' calls of the running job not yet returned.
	pending atomic.Int32
	// callerParked says the caller sleeps on callerWake for the last
	// helper call; the helper whose call ends the job and finds it set
	// (compare-and-swap) sends the wake-up.
	callerParked atomic.Bool
	callerWake   chan struct{}
	helpers      []helper
	started      bool
	// Test hooks: afterCall (set before the first Run) runs in a helper
	// between the end of its call and its check of callerParked;
	// beforeWake (the caller's, set between jobs) runs in Run between
	// publishing the job and waking the parked helpers.
	afterCall, beforeWake func()
}

// helper is one helper goroutine's parking place. parked says it sleeps
// (or is about to) on wake; whoever clears it with a compare-and-swap
// owns the one wake-up: the caller sends it, or the helper, finding a new
// job itself, consumes none.
type helper struct {
	parked atomic.Bool
	stop   atomic.Bool // set by Close: the helper returns, even if it sees a later job
	wake   chan struct{}
	_      [48]byte // one helper per cache line
}

// New returns a pool of n workers, clamped to 1..MaxWorkers; n ≤ 0 means
// runtime.GOMAXPROCS(0).
func New(n int) *Pool {
	if n <= 0 {
		n = runtime.GOMAXPROCS(0)
	}
	return &Pool{n: min(max(n, 1), MaxWorkers)}
}

// Workers returns the number of workers, the calling goroutine included.
func (p *Pool) Workers() int { return p.n }

// Run calls fn(0) on the calling goroutine and fn(1), …, fn(Workers()−1)
// on the helpers, at the same time, and returns when every call has
// returned. It allocates nothing once the helpers run. With one worker
// it is the call fn(0). After Close, Run starts the helpers again.
func (p *Pool) Run(fn func(w int)) {
	if p.n == 1 {
		fn(0)
		return
	}
	if !p.started {
		p.start()
	}
	p.fn = fn
	p.pending.Store(int32(p.n - 1))
	p.gen.Add(1) // publishes the job
	if p.beforeWake != nil {
		p.beforeWake()
	}
	for i := range p.helpers {
		if h := &p.helpers[i]; h.parked.Load() && h.parked.CompareAndSwap(true, false) {
			h.wake <- struct{}{}
		}
	}
	fn(0)
	p.await()
	p.fn = nil // hold no reference to the job between jobs
}

// await returns when the helpers' calls of the running job have all
// returned: it spins for up to CallerSpin, then parks until the last one
// wakes it.
func (p *Pool) await() {
	if p.pending.Load() == 0 {
		return
	}
	deadline := time.Now().Add(CallerSpin)
	for i := 0; ; i++ {
		if p.pending.Load() == 0 {
			return
		}
		if i&15 == 15 {
			if time.Now().After(deadline) {
				break
			}
			runtime.Gosched()
		}
	}
	for {
		p.callerParked.Store(true)
		if p.pending.Load() == 0 && p.callerParked.CompareAndSwap(true, false) {
			return // the last call ended before it could see the flag
		}
		<-p.callerWake // whoever cleared the flag sends
		if p.pending.Load() == 0 {
			return
		}
		// The wake-up came from the last call of an earlier job, which
		// saw the flag only now: park again.
	}
}

// start starts the helpers.
func (p *Pool) start() {
	p.started = true
	if p.callerWake == nil {
		// Made once: a helper closed with the last helpers may still be
		// reading the field on its way out (see await's re-check).
		p.callerWake = make(chan struct{}, 1)
	}
	p.helpers = make([]helper, p.n-1)
	seen := p.gen.Load()
	for i := range p.helpers {
		p.helpers[i].wake = make(chan struct{}, 1)
		go p.helper(i+1, &p.helpers[i], seen)
	}
}

// helper is worker w's goroutine: it runs each job published after seen,
// once, until Close.
func (p *Pool) helper(w int, h *helper, seen uint64) {
	for {
		g := p.next(h, seen)
		if g == 0 {
			return // closed
		}
		seen = g
		p.fn(w)
		left := p.pending.Add(-1)
		if p.afterCall != nil {
			p.afterCall()
		}
		if left == 0 && p.callerParked.Load() && p.callerParked.CompareAndSwap(true, false) {
			p.callerWake <- struct{}{}
		}
	}
}

// next waits for a job after seen and returns its generation, or 0 when
// the pool is closed: it spins for up to Spin, then parks.
func (p *Pool) next(h *helper, seen uint64) uint64 {
	for {
		deadline := time.Now().Add(Spin)
		for i := 0; ; i++ {
			if g := p.gen.Load(); g != seen {
				if h.stop.Load() {
					return 0 // a job of the helpers started after Close
				}
				return g
			}
			if i&15 == 15 {
				if time.Now().After(deadline) {
					break
				}
				runtime.Gosched()
			}
		}
		h.parked.Store(true)
		if g := p.gen.Load(); g != seen && h.parked.CompareAndSwap(true, false) {
			if h.stop.Load() {
				return 0
			}
			return g // published after all; nobody sends
		}
		if _, ok := <-h.wake; !ok {
			return 0
		}
		// Woken; but Run's wake-up loop may reach a helper that already
		// ran the job (through the spin) and parked again for the next:
		// then wait again.
	}
}

// Close stops the helper goroutines once they are parked. The pool must
// not be running a job. Run starts them again if called after Close.
func (p *Pool) Close() {
	if !p.started {
		return
	}
	p.started = false
	for i := range p.helpers {
		p.helpers[i].stop.Store(true)
		close(p.helpers[i].wake)
	}
	p.helpers = nil
}
