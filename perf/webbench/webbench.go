package webbench

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"time"

	"diorama/perf"
)

// Limits of Params (a query string is outside input).
const (
	MaxRings = 32
	MaxRing  = 1 << 16
	MaxTicks = 100_000
)

// Params is one bench run: the ring sizes of the bullet test, each
// measured for Frames frames (one tick and one render each) after Warmup
// ticks, on a world seeded with Seed.
type Params struct {
	Rings          []int
	Warmup, Frames int
	Seed           uint64
}

// Query encodes p as a URL query string (without '?'), the form the wasm
// build reads from its page's address.
func (p Params) Query() string {
	v := url.Values{}
	v.Set("rings", joinInts(p.Rings))
	v.Set("warmup", strconv.Itoa(p.Warmup))
	v.Set("frames", strconv.Itoa(p.Frames))
	v.Set("seed", strconv.FormatUint(p.Seed, 10))
	return v.Encode()
}

// Args encodes p as the native build's command-line flags.
func (p Params) Args() []string {
	return []string{"-rings=" + joinInts(p.Rings), "-warmup=" + strconv.Itoa(p.Warmup),
		"-frames=" + strconv.Itoa(p.Frames), "-seed=" + strconv.FormatUint(p.Seed, 10)}
}

func joinInts(v []int) string {
	s := make([]string, len(v))
	for k, n := range v {
		s[k] = strconv.Itoa(n)
	}
	return strings.Join(s, ",")
}

// ParseQuery reads Params from a query string as Query writes it (a
// leading '?' is allowed). Every field is required.
func ParseQuery(q string) (Params, error) {
	v, err := url.ParseQuery(strings.TrimPrefix(q, "?"))
	if err != nil {
		return Params{}, fmt.Errorf("webbench: query %q: %w", q, err)
	}
	get := func(k string) (string, error) {
		if !v.Has(k) {
			return "", fmt.Errorf("webbench: query %q: missing %q", q, k)
		}
		return v.Get(k), nil
	}
	var s [4]string
	for k, name := range []string{"rings", "warmup", "frames", "seed"} {
		if s[k], err = get(name); err != nil {
			return Params{}, err
		}
	}
	return Parse(s[0], s[1], s[2], s[3])
}

// Parse reads Params from their four text fields: rings a comma-separated
// list of ring sizes, warmup and frames tick counts, seed an unsigned
// integer. It reports the first field that is not what it should be.
func Parse(rings, warmup, frames, seed string) (Params, error) {
	var p Params
	if rings == "" {
		return p, fmt.Errorf("webbench: rings: empty, want ring sizes such as 18,72")
	}
	for k, f := range strings.Split(rings, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 1 || n > MaxRing {
			return p, fmt.Errorf("webbench: rings[%d] = %q: want an integer in [1, %d]", k, f, MaxRing)
		}
		if k == MaxRings {
			return p, fmt.Errorf("webbench: rings: more than %d sizes", MaxRings)
		}
		p.Rings = append(p.Rings, n)
	}
	var err error
	if p.Warmup, err = ticks("warmup", warmup, 0); err != nil {
		return p, err
	}
	if p.Frames, err = ticks("frames", frames, 1); err != nil {
		return p, err
	}
	if p.Seed, err = strconv.ParseUint(seed, 10, 64); err != nil {
		return p, fmt.Errorf("webbench: seed = %q: want an unsigned integer", seed)
	}
	return p, nil
}

func ticks(name, s string, lo int) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil || n < lo || n > MaxTicks {
		return 0, fmt.Errorf("webbench: %s = %q: want a tick count in [%d, %d]", name, s, lo, MaxTicks)
	}
	return n, nil
}

// Run is one ring size measured.
type Run struct {
	Ring int
	// MaxAlive is the most bullets alive after any measured tick; Fired
	// and WallHits count bullets over the measured frames. They depend on
	// the simulation only, so both builds must agree.
	MaxAlive, Fired, WallHits int
	// Frames measured; Sim, Render and Total per-frame wall times.
	Frames             int
	Sim, Render, Total perf.Dist
	// Series is each frame's sim+render time in ms.
	Series []float32
	// AllocsPerFrame is heap allocations per measured frame.
	AllocsPerFrame float64
}

// Report is what the bench program prints (native) or POSTs (wasm).
type Report struct {
	GOOS, GOARCH string
	Procs        int
	// Isolated is the page's crossOriginIsolated (wasm only): true means
	// performance.now is coarsened to 5 µs, not 100 µs.
	Isolated  bool
	UserAgent string `json:",omitempty"`
	Runs      []Run
	// Err is set when the bench failed.
	Err string `json:",omitempty"`
}

// PreRun is how many frames Bench runs, unmeasured, on a scene of its own
// before each measured run: the browser compiles wasm functions on their
// first call and tiers hot ones up in the background, which in a measured
// run cost frames of up to 50 ms in the first second (natively the
// pre-run only warms caches).
const PreRun = 600

// Bench runs perf's bullet test for each of p's ring sizes on one render
// worker and returns the measurements (after PreRun unmeasured frames of
// the same scene). It is the workload of both builds.
func Bench(p Params) ([]Run, error) {
	tick := time.Second / perf.TPS
	var out []Run
	for _, ring := range p.Rings {
		cfg := perf.Config{Test: perf.Bullets, Count: ring, Workers: 1, Seed: p.Seed}
		if _, err := perf.Run(cfg, perf.Options{Duration: PreRun * tick}); err != nil {
			return out, fmt.Errorf("webbench: ring %d: %w", ring, err)
		}
		r, err := perf.Run(cfg, perf.Options{Warmup: time.Duration(p.Warmup) * tick, Duration: time.Duration(p.Frames) * tick, Keep: true})
		if err != nil {
			return out, fmt.Errorf("webbench: ring %d: %w", ring, err)
		}
		out = append(out, Run{Ring: ring, MaxAlive: r.MaxBullets, Fired: r.Fired, WallHits: r.WallHits,
			Frames: r.Frames, Sim: r.Sim, Render: r.Render, Total: r.Total, Series: r.Series, AllocsPerFrame: r.AllocsPerFrame})
	}
	return out, nil
}
