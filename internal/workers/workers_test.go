package workers

import (
	"fmt"
	"runtime"
	"sync/atomic"
	"testing"
	"time"

	"diorama/internal/testenv"
)

// TestRunCallsEachWorkerOnce runs many jobs, short and long, back to back
// and with pauses longer than Spin between them (so that helpers and the
// caller both spin and park), and checks that each job called every
// worker index exactly once and returned only after every call returned.
func TestRunCallsEachWorkerOnce(t *testing.T) {
	for _, n := range []int{1, 2, 3, 8, 33} {
		p := New(n)
		if p.Workers() != n {
			t.Fatalf("New(%d).Workers() = %d", n, p.Workers())
		}
		calls := make([]atomic.Int32, n)
		var running atomic.Int32
		for job := range 400 {
			var work time.Duration
			switch job % 4 {
			case 1:
				work = 2 * CallerSpin // the caller parks for the helpers
			case 2:
				time.Sleep(2 * Spin) // the helpers park between jobs
			}
			p.Run(func(w int) {
				running.Add(1)
				if w == n-1 || job%8 == 1 {
					time.Sleep(work)
				}
				calls[w].Add(1)
				running.Add(-1)
			})
			if r := running.Load(); r != 0 {
				t.Fatalf("%d workers, job %d: Run returned with %d calls running", n, job, r)
			}
			for w := range calls {
				if c := calls[w].Load(); c != int32(job+1) {
					t.Fatalf("%d workers, job %d: worker %d called %d times, want %d", n, job, w, c, job+1)
				}
			}
		}
		p.Close()
	}
}

// TestLateLastCall: the helper whose call ended a job may look at the
// caller's parking flag only after the caller has started the next job
// and parked in it; its wake-up then belongs to the earlier job, and Run
// must not return on it before the next job's calls are done.
func TestLateLastCall(t *testing.T) {
	p := New(2)
	defer p.Close()
	var held atomic.Int32
	p.afterCall = func() {
		if held.Add(1) != 1 {
			return
		}
		// The first job's last call: wait until the caller parks in the
		// second job (it spins CallerSpin first).
		for deadline := time.Now().Add(5 * time.Second); !p.callerParked.Load() && time.Now().Before(deadline); {
			time.Sleep(10 * time.Microsecond)
		}
	}
	var calls atomic.Int32
	p.Run(func(w int) {
		if w == 1 {
			calls.Add(1)
		}
	})
	p.Run(func(w int) {
		if w == 1 {
			time.Sleep(20 * time.Millisecond) // a Run that returns early returns first
			calls.Add(1)
		}
	})
	if c := calls.Load(); c != 2 {
		t.Fatalf("Run returned with the helper called %d times in two jobs", c)
	}
}

// TestWakeAfterRun: Run's wake-up loop may reach a helper that has
// already run the job (it was spinning when the job was published) and
// parked again for the next one; that helper must wait again, not run the
// job a second time.
func TestWakeAfterRun(t *testing.T) {
	p := New(2)
	defer p.Close()
	var calls atomic.Int32
	count := func(w int) {
		if w == 1 {
			calls.Add(1)
		}
	}
	p.Run(count) // the helper now spins for the next job
	held := false
	p.beforeWake = func() {
		if held {
			return
		}
		held = true
		// The helper takes the job through its spin, then parks again.
		for deadline := time.Now().Add(5 * time.Second); (calls.Load() < 2 || !p.helpers[0].parked.Load()) && time.Now().Before(deadline); {
			time.Sleep(10 * time.Microsecond)
		}
	}
	p.Run(count)
	if c := calls.Load(); c != 2 {
		t.Fatalf("after two jobs the helper ran %d times", c)
	}
	time.Sleep(20 * time.Millisecond) // a helper that runs the job again on the stale wake-up does so now
	if c := calls.Load(); c != 2 {
		t.Fatalf("the helper ran %d times in two jobs: a wake-up for a job it had run made it run it again", c)
	}
	p.Run(count) // and it still takes the next job
	if c := calls.Load(); c != 3 {
		t.Fatalf("after three jobs the helper ran %d times", c)
	}
}

// TestRunOneProc: with GOMAXPROCS 1 the helpers only run when the caller
// yields; Run must still finish, whether the caller spins or parks.
func TestRunOneProc(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	p := New(4)
	defer p.Close()
	var sum atomic.Int64
	for job := range 200 {
		p.Run(func(w int) {
			if job%3 == 0 {
				time.Sleep(Spin / 2)
			}
			sum.Add(int64(w))
		})
	}
	if got, want := sum.Load(), int64(200*(0+1+2+3)); got != want {
		t.Fatalf("sum of worker indices %d, want %d", got, want)
	}
}

// TestCloseStopsHelpers: Close ends the helper goroutines (spinning or
// parked), and Run after Close starts new ones that do the work alone.
func TestCloseStopsHelpers(t *testing.T) {
	// Helpers of the tests before may still be on their way out: start
	// from a count that held for 20 ms.
	base := runtime.NumGoroutine()
	for deadline, held := time.Now().Add(5*time.Second), time.Now(); time.Now().Before(deadline) && time.Since(held) < 20*time.Millisecond; time.Sleep(time.Millisecond) {
		if g := runtime.NumGoroutine(); g != base {
			base, held = g, time.Now()
		}
	}
	p := New(6)
	count := func() int {
		for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(time.Millisecond) {
			if g := runtime.NumGoroutine() - base; g <= 0 {
				return g
			}
		}
		return runtime.NumGoroutine() - base
	}
	var calls atomic.Int32
	for round := range 3 {
		p.Run(func(int) { calls.Add(1) })
		if g := runtime.NumGoroutine() - base; g != 5 {
			t.Fatalf("round %d: %d goroutines started, want 5 helpers", round, g)
		}
		if round == 1 {
			time.Sleep(4 * Spin) // parked helpers this time; spinning ones the others
		}
		p.Close()
		if g := count(); g != 0 {
			t.Fatalf("round %d: %d helpers still running after Close", round, g)
		}
	}
	if c := calls.Load(); c != 18 {
		t.Fatalf("%d calls in 3 jobs of 6 workers", c)
	}
	p.Close() // twice is fine
}

// TestRunAllocatesNothing counts allocations exactly over many jobs once
// the helpers run.
func TestRunAllocatesNothing(t *testing.T) {
	p := New(3)
	defer p.Close()
	var sum atomic.Int64
	fn := func(w int) { sum.Add(int64(w)) }
	p.Run(fn)
	if a := testenv.AllocsOver(1000, func() { p.Run(fn) }); a != 0 {
		t.Fatalf("%d allocations over 1000 jobs", a)
	}
}

// BenchmarkHandOff times a pass of 50 µs of work per worker after 30 µs
// of serial work (a tick's passes and the steps between them): the ideal
// is 80 µs a round. It times the pool against the hand-off the engine's
// pools used before: one channel send to each helper, one receive from
// each, the goroutines parked in between.
func BenchmarkHandOff(b *testing.B) {
	n := runtime.GOMAXPROCS(0)
	busy := func(d time.Duration) {
		for t0 := time.Now(); time.Since(t0) < d; {
		}
	}
	pass := func(int) { busy(50 * time.Microsecond) }
	report := func(b *testing.B) {
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/1e3, "µs/round")
	}
	b.Run("pool", func(b *testing.B) {
		p := New(n)
		defer p.Close()
		p.Run(pass)
		b.ResetTimer()
		for range b.N {
			busy(30 * time.Microsecond)
			p.Run(pass)
		}
		report(b)
	})
	b.Run("channels", func(b *testing.B) {
		jobs, done := make([]chan struct{}, n-1), make(chan struct{}, n)
		for k := range jobs {
			jobs[k] = make(chan struct{})
			go func() {
				for range jobs[k] {
					pass(k + 1)
					done <- struct{}{}
				}
			}()
		}
		defer func() {
			for _, c := range jobs {
				close(c)
			}
		}()
		b.ResetTimer()
		for range b.N {
			busy(30 * time.Microsecond)
			for _, c := range jobs {
				c <- struct{}{}
			}
			pass(0)
			for range jobs {
				<-done
			}
		}
		report(b)
	})
}

func ExamplePool() {
	p := New(4)
	defer p.Close()
	// Square 1000 numbers in four fixed parts, one per worker.
	xs := make([]int, 1000)
	p.Run(func(w int) {
		lo, hi := w*len(xs)/p.Workers(), (w+1)*len(xs)/p.Workers()
		for i := lo; i < hi; i++ {
			xs[i] = i * i
		}
	})
	fmt.Println(xs[10], xs[999])
	// Output: 100 998001
}
