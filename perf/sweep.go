package perf

import (
	"fmt"
	"runtime"
	"time"
)

// Fit selects which frame statistic must stay within FrameBudget.
type Fit uint8

// Fit criteria.
const (
	FitP50  Fit = iota // the median frame
	FitP95             // 95% of frames
	FitMean            // the mean frame
)

// String names the criterion.
func (f Fit) String() string {
	switch f {
	case FitP95:
		return "p95"
	case FitMean:
		return "mean"
	}
	return "p50"
}

// of picks the statistic from a distribution.
func (f Fit) of(d Dist) time.Duration {
	switch f {
	case FitP95:
		return d.P95
	case FitMean:
		return d.Mean
	}
	return d.P50
}

// SweepOptions control Sweep.
type SweepOptions struct {
	// Start is the first count tried (default 1000); it doubles until a
	// frame no longer fits, then bisects.
	Start int
	// Precision stops bisecting when the bounds are within this ratio
	// (default 1.03).
	Precision float64
	// Warmup and Duration are each probe's simulated warm-up and measured
	// time (defaults: 5 s — the bullet test needs 4.5 s to fill its rings
	// — and 2 s).
	Warmup, Duration time.Duration
	// Fit is the statistic that must stay within Budget (default p50).
	Fit Fit
	// Budget is the frame time to hold (default FrameBudget, 60 FPS).
	Budget time.Duration
	// Max bounds the count (default 1<<20).
	Max int
	// Retries re-measures a count that did not fit up to this many more
	// times, keeping its best measurement (other processes only ever add
	// time, so the best is the least disturbed); default 1, -1 for none.
	Retries int
	// Pipeline runs the scenes with Config.Pipeline.
	Pipeline bool
}

// Probe is one count tried by a sweep.
type Probe struct {
	Count, Alive int
	Total        Dist
	Fits         bool
}

// SweepResult is the largest count that holds the budget.
type SweepResult struct {
	Test Test
	// Procs is GOMAXPROCS during the sweep; Workers the renderer's.
	Procs, Workers int
	Pipeline       bool
	Fit            Fit
	Budget         time.Duration
	// Count is the largest count that fit (0 if none did); Alive the
	// bullets alive at it (bullet test) or the units (unit test); Best
	// its measurement.
	Count, Alive int
	Best         Result
	// Probes lists every count tried, in order.
	Probes []Probe
}

// Sweep raises the count of test until a frame (simulation plus
// rendering) no longer fits the budget and returns the largest count that
// holds, with GOMAXPROCS and the renderer's workers set to procs (0: all
// cores). For the bullet test the count is the ring size and Alive the
// bullets alive at its peak.
func Sweep(test Test, procs int, opt SweepOptions) (SweepResult, error) {
	if opt.Start <= 0 {
		opt.Start = 1000
	}
	if opt.Precision <= 1 {
		opt.Precision = 1.03
	}
	if opt.Warmup <= 0 {
		opt.Warmup = 5 * time.Second
	}
	if opt.Duration <= 0 {
		opt.Duration = 2 * time.Second
	}
	if opt.Budget <= 0 {
		opt.Budget = FrameBudget
	}
	if opt.Max <= 0 {
		opt.Max = 1 << 20
	}
	if opt.Retries == 0 {
		opt.Retries = 1
	}
	if procs <= 0 {
		procs = runtime.NumCPU()
	}
	old := runtime.GOMAXPROCS(procs)
	defer runtime.GOMAXPROCS(old)
	res := SweepResult{Test: test, Procs: procs, Workers: procs, Pipeline: opt.Pipeline, Fit: opt.Fit, Budget: opt.Budget}
	probe := func(n int) (bool, error) {
		var r Result
		for try := 0; try <= max(opt.Retries, 0); try++ {
			q, err := Run(Config{Test: test, Count: n, Workers: procs, Seed: 1, Pipeline: opt.Pipeline},
				Options{Warmup: opt.Warmup, Duration: opt.Duration})
			if err != nil {
				return false, fmt.Errorf("perf: sweep %v at %d: %w", test, n, err)
			}
			if try == 0 || opt.Fit.of(q.Total) < opt.Fit.of(r.Total) {
				r = q
			}
			if opt.Fit.of(r.Total) <= opt.Budget {
				break
			}
		}
		alive := r.MaxBullets
		if test == Units {
			alive = n
		}
		fits := opt.Fit.of(r.Total) <= opt.Budget
		res.Probes = append(res.Probes, Probe{Count: n, Alive: alive, Total: r.Total, Fits: fits})
		if fits && n > res.Count {
			res.Count, res.Alive, res.Best = n, alive, r
		}
		return fits, nil
	}
	lo, hi := 0, 0
	for n := opt.Start; ; n *= 2 {
		n = min(n, opt.Max)
		ok, err := probe(n)
		if err != nil {
			return res, err
		}
		if !ok {
			hi = n
			break
		}
		lo = n
		if n == opt.Max {
			return res, nil
		}
	}
	if lo == 0 {
		// Even the start fails: bisect down from it.
		lo = 1
	}
	for float64(hi) > float64(lo)*opt.Precision && hi-lo > 1 {
		mid := lo + (hi-lo)/2
		ok, err := probe(mid)
		if err != nil {
			return res, err
		}
		if ok {
			lo = mid
		} else {
			hi = mid
		}
	}
	return res, nil
}
