package perf

import (
	"fmt"
	"math"
	"runtime"
	"slices"
	"time"

	"diorama/loop"
)

// FrameBudget is one frame at 60 FPS: simulation plus rendering must fit.
const FrameBudget = time.Second / 60

// Dist summarises a series of durations.
type Dist struct {
	Mean, P50, P95, Max time.Duration
}

// distOf summarises d (sorted in place).
func distOf(d []time.Duration) Dist {
	if len(d) == 0 {
		return Dist{}
	}
	var sum time.Duration
	for _, v := range d {
		sum += v
	}
	slices.Sort(d)
	at := func(q float64) time.Duration {
		k := int(math.Ceil(q*float64(len(d)))) - 1
		return d[min(max(k, 0), len(d)-1)]
	}
	return Dist{Mean: sum / time.Duration(len(d)), P50: at(0.5), P95: at(0.95), Max: d[len(d)-1]}
}

// Options control a measured run.
type Options struct {
	// Warmup is simulated time run before measuring (ticks and frames,
	// untimed), so pools and buffers reach their steady size.
	Warmup time.Duration
	// Duration is the measured simulated time (the seed ran 120 s).
	Duration time.Duration
	// NoRender measures the simulation only.
	NoRender bool
	// Keep keeps the per-frame series in the result (for plots).
	Keep bool
}

// Result is what a measured run reports.
type Result struct {
	Cfg Config
	// Frames measured and the simulated seconds they covered.
	Frames  int
	Seconds float64
	// Sim, Render and Total are wall times per frame (one tick and one
	// rendered frame each at 60 FPS).
	Sim, Render, Total Dist
	// FPSMin, FPSAvg and FPSMax are the frame rates the machine could
	// sustain, per simulated second (min and max over seconds) and over
	// the whole run, had it not been capped: frames / (sim + render time).
	FPSMin, FPSAvg, FPSMax float64
	// MaxBullets is the most bullets alive at once; Drawn the most bullets
	// (bullet test) or units (unit test) drawn in one frame.
	MaxBullets, Drawn int
	// AllocsPerFrame is the heap allocations per measured frame
	// (runtime.MemStats.Mallocs difference over the run / frames).
	AllocsPerFrame float64
	// Workers is the renderer's goroutine count and Procs GOMAXPROCS.
	Workers, Procs int
	// Series is the per-frame sim+render time in ms (with Options.Keep).
	Series []float32
	// Fired and WallHits count bullets over the whole run.
	Fired, WallHits int
}

// Run builds cfg's scene and measures it on a virtual clock: a
// loop.Headless driver runs one fixed tick per 1/60 s frame and renders
// every frame, so the simulated time does not depend on how fast this
// machine is; only the wall time each frame took is measured.
func Run(cfg Config, opt Options) (Result, error) {
	s, err := New(cfg)
	if err != nil {
		return Result{}, err
	}
	defer s.Close()
	return s.Measure(opt)
}

// Measure runs s for opt.Warmup and then opt.Duration of simulated time.
func (s *Scene) Measure(opt Options) (Result, error) {
	if opt.Duration <= 0 {
		return Result{}, fmt.Errorf("perf: measure duration %v must be > 0", opt.Duration)
	}
	h := loop.NewHeadless(loop.Config{TPS: TPS})
	h.FrameTime = 0 // exactly one tick per frame
	var renderErr error
	var t0 time.Time
	var sim, ren []time.Duration
	measuring := false
	warm := ticksOf(opt.Warmup)
	frame := 0
	drawn := 0
	h.Render = func(alpha float64) {
		frame++
		// Warm-up renders only its last half second: enough to grow the
		// draw list and renderer buffers, cheap for long warm-ups.
		if !opt.NoRender && (measuring || frame >= warm-TPS/2) {
			t := time.Now()
			if err := s.Render(alpha); err != nil && renderErr == nil {
				renderErr = err
			}
			if measuring {
				ren = append(ren, time.Since(t))
			}
		}
		if measuring {
			drawn = max(drawn, s.Drawn)
		}
	}
	tick := func(uint64) {
		if measuring {
			t0 = time.Now()
		}
		s.Tick()
		if measuring {
			sim = append(sim, time.Since(t0))
		}
	}
	if warm > 0 {
		h.Run(warm, tick)
	}
	n := ticksOf(opt.Duration)
	sim = make([]time.Duration, 0, n+1)
	ren = make([]time.Duration, 0, n+1)
	s.PeakBullets = 0
	fired0, hits0 := s.Fired, s.WallHits
	var ms0, ms1 runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&ms0)
	measuring = true
	frames := h.Run(n, tick)
	measuring = false
	runtime.ReadMemStats(&ms1)
	if renderErr != nil {
		return Result{}, renderErr
	}
	if opt.NoRender {
		ren = make([]time.Duration, len(sim))
	}
	m := min(len(sim), len(ren))
	total := make([]time.Duration, m)
	for k := range total {
		total[k] = sim[k] + ren[k]
	}
	r := Result{
		Cfg: s.Cfg, Frames: m, Seconds: float64(n) / TPS,
		MaxBullets: s.PeakBullets, Drawn: drawn,
		AllocsPerFrame: float64(ms1.Mallocs-ms0.Mallocs) / float64(max(frames, 1)),
		Workers:        s.Workers(), Procs: runtime.GOMAXPROCS(0),
		Fired: s.Fired - fired0, WallHits: s.WallHits - hits0,
	}
	if opt.Keep {
		r.Series = make([]float32, m)
		for k, v := range total {
			r.Series[k] = float32(v.Seconds() * 1e3)
		}
	}
	// Frame rates per simulated second (TPS frames each).
	var all time.Duration
	r.FPSMin = math.Inf(1)
	for k := 0; k < m; k += TPS {
		var sec time.Duration
		e := min(k+TPS, m)
		for _, v := range total[k:e] {
			sec += v
		}
		all += sec
		if e-k < TPS/2 {
			continue // a short tail second says little
		}
		fps := float64(e-k) / math.Max(sec.Seconds(), 1e-9)
		r.FPSMin = math.Min(r.FPSMin, fps)
		r.FPSMax = math.Max(r.FPSMax, fps)
	}
	r.FPSAvg = float64(m) / math.Max(all.Seconds(), 1e-9)
	if math.IsInf(r.FPSMin, 1) {
		r.FPSMin, r.FPSMax = r.FPSAvg, r.FPSAvg
	}
	r.Sim, r.Render, r.Total = distOf(sim[:m]), distOf(ren[:m]), distOf(total)
	return r, nil
}

func ticksOf(d time.Duration) int {
	return int(math.Round(d.Seconds() * TPS))
}
