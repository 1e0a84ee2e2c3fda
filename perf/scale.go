package perf

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"
	"time"

	"diorama/internal/blitbench"
	"diorama/iso"
	"diorama/mathx"
	"diorama/raster"
)

// Issue 27's scaling targets (16 cores): the 10k-sprite frame at least
// ScaleFrameSpeedup times one worker, 50,000 units within FrameBudget
// (ScaleUnits at 60 FPS), ScaleBullets alive at 60 FPS, the depth sort of
// 10,000 boxes within ScaleSortBudget.
const (
	ScaleFrameSpeedup = 10
	ScaleUnits        = 200000
	ScaleBullets      = 4000000
	ScaleSortBudget   = 500 * time.Microsecond
)

// ScaleOptions control Scale.
type ScaleOptions struct {
	// Procs are the GOMAXPROCS values measured, each capped at
	// runtime.NumCPU (default 1, 2, 4, 8, 16; duplicates after capping
	// are dropped).
	Procs []int
	// Units is the unit count timed at every core count (default 50,000).
	Units int
	// Short shrinks every measurement (tests).
	Short bool
	// Log, when set, is told what is being measured.
	Log func(format string, a ...any)
}

// ScaleRow is one core count's measurements. All worker counts (renderer,
// physics, steering, depth sorter) follow Procs.
type ScaleRow struct {
	Procs int
	// Frame10k is the median time of raster's 10k-sprite frame (an
	// 800×480 frame cleared and drawn with 10,000 16×16 sprites by a
	// raster.Renderer), FrameMin the fastest.
	Frame10k, FrameMin time.Duration
	// Frame10kLists is the median time of the same frame built as one
	// draw list per worker at the same time (Renderer.Do) and drawn with
	// Renderer.RenderLists, so that building the frame is not serial.
	Frame10kLists time.Duration
	// SplitOne and SplitPar are the medians of the 10k-sprite frame's
	// pixel work cut, before timing, into Procs bands of equal work,
	// drawn by one goroutine band after band (SplitOne) and by one
	// goroutine per band (SplitPar), interleaved frame by frame: the
	// most a band-parallel renderer could gain on this machine, with
	// nothing serial but waking the goroutines (see timeIdealSplit).
	SplitOne, SplitPar time.Duration
	// DepthSort is the median time of iso.Sorter sorting 10,000 boxes
	// (iso's BenchmarkDepthSort10k, level200).
	DepthSort time.Duration
	// Units is the measured run of ScaleOptions.Units units.
	Units Result
	// UnitsMax is the most units measured to hold 60 FPS (p50 frame),
	// with every probe of the search.
	UnitsMax    int
	UnitsProbes []Probe
	// BulletsAlive is the most bullets alive (at the ring size
	// BulletRing) measured to hold 60 FPS, BulletsBest that probe's run.
	BulletsAlive, BulletRing int
	BulletsBest              Result
	BulletProbes             []Probe
}

// ScaleProcs returns the core counts Scale measures by default on this
// machine: 1, 2, 4, 8, 16 capped at runtime.NumCPU, without repeats.
func ScaleProcs() []int {
	var ps []int
	for _, p := range []int{1, 2, 4, 8, 16} {
		p = min(p, runtime.NumCPU())
		if !slices.Contains(ps, p) {
			ps = append(ps, p)
		}
	}
	return ps
}

// Scale measures the frame, unit, bullet and depth-sort workloads at
// each core count of opt.Procs, with GOMAXPROCS and every worker count set
// to it, and returns one row per count. It restores GOMAXPROCS.
func Scale(opt ScaleOptions) ([]ScaleRow, error) {
	if len(opt.Procs) == 0 {
		opt.Procs = ScaleProcs()
	}
	if opt.Units <= 0 {
		opt.Units = 50000
	}
	logf := opt.Log
	if logf == nil {
		logf = func(string, ...any) {}
	}
	old := runtime.GOMAXPROCS(0)
	defer runtime.GOMAXPROCS(old)
	var rows []ScaleRow
	var prev *ScaleRow
	for _, p := range opt.Procs {
		p = max(1, min(p, runtime.NumCPU()))
		runtime.GOMAXPROCS(p)
		row := ScaleRow{Procs: p}
		logf("scale: %d cores: 10k-sprite frame", p)
		row.Frame10k, row.FrameMin = timeFrame10k(p, opt.Short)
		row.Frame10kLists, _ = timeFrame10kLists(p, opt.Short)
		row.SplitOne, row.SplitPar = timeIdealSplit(p, opt.Short)
		logf("scale: %d cores: depth sort of 10k", p)
		row.DepthSort = timeDepthSort10k(p, opt.Short)
		logf("scale: %d cores: %d units", p, opt.Units)
		var err error
		row.Units, err = scaleRun(Config{Test: Units, Count: opt.Units, Workers: p, Seed: 1}, opt.Short)
		if err != nil {
			return rows, err
		}
		logf("scale: %d cores: units at 60 FPS", p)
		row.UnitsMax, row.UnitsProbes, _, err = searchCount(opt.Units, row.Units, 0, 1<<20, func(n int) (Result, error) {
			return scaleRun(Config{Test: Units, Count: n, Workers: p, Seed: 1}, opt.Short)
		}, opt.Short)
		if err != nil {
			return rows, err
		}
		logf("scale: %d cores: bullets at 60 FPS", p)
		ring := 16000
		if prev != nil && prev.BulletRing > 0 {
			ring = prev.BulletRing * p / prev.Procs
		}
		if opt.Short {
			ring = 2000
		}
		first, err := scaleRun(Config{Test: Bullets, Count: ring, Workers: p, Seed: 1}, opt.Short)
		if err != nil {
			return rows, err
		}
		var best Result
		row.BulletRing, row.BulletProbes, best, err = searchCount(ring, first, 0, 1<<20, func(n int) (Result, error) {
			return scaleRun(Config{Test: Bullets, Count: n, Workers: p, Seed: 1}, opt.Short)
		}, opt.Short)
		if err != nil {
			return rows, err
		}
		row.BulletsBest, row.BulletsAlive = best, best.MaxBullets
		rows = append(rows, row)
		prev = &rows[len(rows)-1]
	}
	return rows, nil
}

// scaleRun measures one scene briefly: a short warm-up (the bullet test's
// rings fill in 4.5 s of simulated time, mostly simulated without
// drawing), then about a second of frames.
func scaleRun(cfg Config, short bool) (Result, error) {
	o := Options{Warmup: 250 * time.Millisecond, Duration: time.Second}
	if cfg.Test == Bullets {
		o = Options{Warmup: 4500 * time.Millisecond, Duration: 750 * time.Millisecond}
	}
	if short {
		o.Warmup, o.Duration = 100*time.Millisecond, 100*time.Millisecond
		if cfg.Test == Bullets {
			o.Warmup = 600 * time.Millisecond // past the first ring
		}
	}
	return Run(cfg, o)
}

// searchCount looks for the largest count whose p50 frame holds
// FrameBudget, from a measured first count: secant steps on the frame
// time (about linear in the count), at most a few probes, then, if none
// fitted, steps of 15% down from the smallest. hint, when > 0, is tried
// second. It returns the largest fitting count (0: none did),
// the probes in order and the fitting probe's run.
func searchCount(n0 int, r0 Result, hint, maxN int, measure func(int) (Result, error), short bool) (int, []Probe, Result, error) {
	const aim = 0.97 // aim a little under the budget
	budget := FrameBudget.Seconds() * 1e3
	type pt struct {
		n  int
		ms float64
	}
	probe := func(n int, r Result) Probe {
		alive := n
		if r.Cfg.Test == Bullets {
			alive = r.MaxBullets
		}
		return Probe{Count: n, Alive: alive, Total: r.Total, Fits: r.Total.P50 <= FrameBudget}
	}
	pts := []pt{{n0, r0.Total.P50.Seconds() * 1e3}}
	probes := []Probe{probe(n0, r0)}
	bestN, best := 0, Result{}
	if probes[0].Fits {
		bestN, best = n0, r0
	}
	tries := 3
	if short {
		tries = 1
	}
	for t := 0; t < tries; t++ {
		var next int
		last := pts[len(pts)-1]
		switch {
		case t == 0 && hint > 0 && hint != n0:
			next = hint
		case len(pts) == 1:
			// Proportional: frame time ∝ count.
			next = int(float64(last.n) * aim * budget / math.Max(last.ms, 1e-3))
		default:
			// Secant through the two probes nearest the budget.
			a, b := pts[len(pts)-2], last
			slope := (b.ms - a.ms) / float64(b.n-a.n)
			if !(slope > 0) || b.n == a.n {
				next = int(float64(b.n) * aim * budget / math.Max(b.ms, 1e-3))
			} else {
				next = b.n + int((aim*budget-b.ms)/slope)
			}
		}
		// Keep steps sane: at most ×3 or ÷3 from the last probe.
		next = min(max(next, last.n/3, 1), last.n*3, maxN)
		if next == last.n || slices.ContainsFunc(pts, func(p pt) bool { return p.n == next }) {
			break
		}
		// Close enough: the last probe fits within 5% of the aim.
		if bestN > 0 && last.n == bestN && last.ms >= 0.92*budget {
			break
		}
		r, err := measure(next)
		if err != nil {
			return bestN, probes, best, err
		}
		ms := r.Total.P50.Seconds() * 1e3
		pts = append(pts, pt{next, ms})
		pr := probe(next, r)
		probes = append(probes, pr)
		if pr.Fits && next > bestN {
			bestN, best = next, r
		}
	}
	// Noise near the budget can leave every probe just over it: step
	// down from the smallest count probed until one fits, so the report
	// never gives 0 for a count that a little less would hold.
	for t := 0; bestN == 0 && t < tries; t++ {
		low := slices.MinFunc(pts, func(a, b pt) int { return a.n - b.n }).n
		next := max(low*85/100, 1)
		if next == low {
			break
		}
		r, err := measure(next)
		if err != nil {
			return bestN, probes, best, err
		}
		pts = append(pts, pt{next, r.Total.P50.Seconds() * 1e3})
		pr := probe(next, r)
		probes = append(probes, pr)
		if pr.Fits {
			bestN, best = next, r
		}
	}
	return bestN, probes, best, nil
}

// placed is a sprite's position in the 10k-sprite frame.
type placed struct{ x, y int }

// frame10kScene returns raster's BenchmarkFrame10kSprites scene: the
// 16×16 pixel-art sprite the blit benchmarks draw, an 800×480 frame and
// 10,000 seeded random positions.
func frame10kScene() (*raster.Sprite, *raster.Frame, []placed) {
	s := raster.MustSprite(blitbench.PixelArt(16, 16))
	f, err := raster.NewFrame(800, 480)
	if err != nil {
		panic(err) // constant size
	}
	r := rand.New(rand.NewPCG(2, 0))
	ps := make([]placed, 10000)
	for i := range ps {
		ps[i] = placed{r.IntN(800+16) - 8, r.IntN(480+16) - 8}
	}
	return s, f, ps
}

// timeFrame10k times raster's BenchmarkFrame10kSprites frame with workers
// goroutines: an 800×480 frame cleared and drawn with 10,000 16×16 pixel-
// art sprites (a few translucent pixels) at seeded random positions, depth
// by row. It returns the median and the fastest frame.
func timeFrame10k(workers int, short bool) (med, best time.Duration) {
	s, f, ps := frame10kScene()
	l := raster.NewDrawList()
	rd := raster.NewRenderer(workers)
	defer rd.Close()
	bg := color.RGBA{30, 40, 50, 255}
	frame := func() {
		l.Reset()
		l.Clear(bg)
		for i, p := range ps {
			l.Sprite(int64(p.y+i&3), s, p.x, p.y, nil)
		}
		rd.Render(f, l)
	}
	frame()
	return timeMedian(frame, short)
}

// timeFrame10kLists times timeFrame10k's frame built as one draw list
// per worker, all at the same time on the renderer's workers
// (raster.Renderer.Do), and drawn as one with RenderLists: the same
// pixels, with the list building spread over the workers.
func timeFrame10kLists(workers int, short bool) (med, best time.Duration) {
	s, f, ps := frame10kScene()
	rd := raster.NewRenderer(workers)
	defer rd.Close()
	ls := make([]*raster.DrawList, rd.Workers())
	for k := range ls {
		ls[k] = raster.NewDrawList()
	}
	bg := color.RGBA{30, 40, 50, 255}
	build := func(k int) {
		l := ls[k]
		l.Reset()
		if k == 0 {
			l.Clear(bg)
		}
		lo, hi := k*len(ps)/len(ls), (k+1)*len(ps)/len(ls)
		for i, p := range ps[lo:hi] {
			l.Sprite(int64(p.y+(lo+i)&3), s, p.x, p.y, nil)
		}
	}
	frame := func() {
		rd.Do(len(ls), build)
		_ = rd.RenderLists(f, ls) // at most one list per worker
	}
	frame()
	return timeMedian(frame, short)
}

// idealSplit is the 10k-sprite frame's pixel work as a band-parallel
// renderer could at best do it with a number of goroutines: the sprites
// sorted by depth and cut, once, into bands of equal pixel work, each
// band cleared and drawn (its sprites clipped to it, in depth order) by
// its own goroutine, woken for each frame (par), or every band by one
// goroutine, one after the other (one). Both draw the renderer's picture.
type idealSplit struct {
	f     *raster.Frame
	s     *raster.Sprite
	bands []splitBand
	wake  []chan struct{}
	done  sync.WaitGroup
}

// splitBand is one band of an idealSplit: its rows and its sprites'
// positions in depth order.
type splitBand struct {
	r  image.Rectangle
	at []placed
}

var splitBG = color.RGBA{30, 40, 50, 255}

// newIdealSplit cuts the 10k-sprite frame into workers bands and starts
// the goroutines of bands 1..workers−1 (close stops them).
func newIdealSplit(workers int) *idealSplit {
	s, f, ps := frame10kScene()
	w, h := f.W(), f.H()
	// Depth order: by depth y + i&3, then insertion order (a stable
	// sort, as the draw list's).
	ord := make([]int, len(ps))
	for i := range ord {
		ord[i] = i
	}
	slices.SortStableFunc(ord, func(a, b int) int { return (ps[a].y + a&3) - (ps[b].y + b&3) })
	// Rows' pixel work: the clear, and each sprite's visible width on
	// the rows it covers.
	cost := make([]int, h)
	for y := range cost {
		cost[y] = w
	}
	sw, sh := s.W(), s.H()
	for _, p := range ps {
		vis := max(min(p.x+sw, w)-max(p.x, 0), 0)
		for y := max(p.y, 0); y < min(p.y+sh, h); y++ {
			cost[y] += vis
		}
	}
	total := 0
	for _, c := range cost {
		total += c
	}
	edges := []int{0}
	acc := 0
	for y, c := range cost {
		acc += c
		if len(edges) < workers && acc*workers >= total*len(edges) {
			edges = append(edges, y+1)
		}
	}
	for len(edges) <= workers {
		edges = append(edges, h)
	}
	x := &idealSplit{f: f, s: s, bands: make([]splitBand, workers), wake: make([]chan struct{}, workers)}
	for k := range x.bands {
		r := image.Rect(0, edges[k], w, edges[k+1])
		x.bands[k].r = r
		for _, i := range ord {
			if image.Rect(ps[i].x, ps[i].y, ps[i].x+sw, ps[i].y+sh).Overlaps(r) {
				x.bands[k].at = append(x.bands[k].at, ps[i])
			}
		}
	}
	for k := 1; k < workers; k++ {
		x.wake[k] = make(chan struct{})
		go func(k int) {
			for range x.wake[k] {
				x.draw(k)
				x.done.Done()
			}
		}(k)
	}
	return x
}

// draw draws band k.
func (x *idealSplit) draw(k int) {
	b := &x.bands[k]
	raster.ClearRect(x.f, b.r, splitBG)
	for _, p := range b.at {
		raster.DrawSprite(x.f, b.r, x.s, p.x, p.y, nil)
	}
}

// one draws every band on the calling goroutine.
func (x *idealSplit) one() {
	for k := range x.bands {
		x.draw(k)
	}
}

// par draws band 0 on the calling goroutine and each other band on its
// own goroutine, and returns when all are drawn.
func (x *idealSplit) par() {
	x.done.Add(len(x.bands) - 1)
	for _, c := range x.wake[1:] {
		c <- struct{}{}
	}
	x.draw(0)
	x.done.Wait()
}

func (x *idealSplit) close() {
	for _, c := range x.wake[1:] {
		close(c)
	}
}

// timeIdealSplit times idealSplit's one and par interleaved, frame by
// frame, for about 300 ms, so that both see the machine in the same
// state (a shared machine's cores change speed with the load on them),
// and returns their medians: their ratio is the most a band-parallel
// frame can gain on this machine at that core count.
func timeIdealSplit(workers int, short bool) (one, par time.Duration) {
	x := newIdealSplit(workers)
	defer x.close()
	span := 300 * time.Millisecond
	if short {
		span = 10 * time.Millisecond
	}
	var t1, tn []time.Duration
	start := time.Now()
	for len(t1) < 5 || time.Since(start) < span {
		t := time.Now()
		x.one()
		t1 = append(t1, time.Since(t))
		t = time.Now()
		x.par()
		tn = append(tn, time.Since(t))
	}
	slices.Sort(t1)
	slices.Sort(tn)
	return t1[len(t1)/2], tn[len(tn)/2]
}

// timeMedian runs fn for about 300 ms (at least 5 times) and returns its
// median and fastest run.
func timeMedian(fn func(), short bool) (med, best time.Duration) {
	span := 300 * time.Millisecond
	if short {
		span = 10 * time.Millisecond
	}
	var ts []time.Duration
	start := time.Now()
	for len(ts) < 5 || time.Since(start) < span {
		t := time.Now()
		fn()
		ts = append(ts, time.Since(t))
	}
	slices.Sort(ts)
	return ts[len(ts)/2], ts[0]
}

// timeDepthSort10k times iso's BenchmarkDepthSort10k (level200): 10,000
// boxes (70% characters, 20% blocks, 10% walls) over 200×200 tiles, added
// to an iso.Sorter and sorted, with workers goroutines.
func timeDepthSort10k(workers int, short bool) time.Duration {
	s := iso.NewSorter(iso.Projection{TileW: 64, TileH: 32, ZPixels: 32})
	s.SetWorkers(workers)
	defer s.Close()
	r := mathx.NewRand(2)
	boxes := make([]iso.Box, 10000)
	box := func(x0, y0, z0, x1, y1, z1 float64) iso.Box {
		return iso.Box{Min: mathx.V3(x0, y0, z0), Max: mathx.V3(x1, y1, z1)}
	}
	const spread = 200.0
	for k := range boxes {
		x, y := r.Range(0, spread), r.Range(0, spread)
		switch k % 10 {
		case 0:
			boxes[k] = box(x, y, 0, x+r.Range(1, 4), y, 2)
		case 1, 2:
			boxes[k] = box(x, y, 0, x+float64(1+r.IntN(2)), y+float64(1+r.IntN(2)), r.Range(0.5, 2))
		default:
			boxes[k] = box(x, y, 0, x+0.4, y+0.4, 1.5)
		}
	}
	run := func() {
		s.Reset()
		_, _ = s.AddBoxes(boxes) // finite boxes
		s.Sort()
	}
	run()
	med, _ := timeMedian(run, short)
	return med
}

// KarpFlatt is the serial fraction of a workload (Amdahl's law solved
// from a measurement, the Karp–Flatt metric) that took t1 on one core and
// tn on n cores: e = (n/s − 1)/(n − 1) with s = t1/tn. It is NaN for
// n < 2 or times that are not positive.
func KarpFlatt(t1, tn time.Duration, n int) float64 {
	if n < 2 || t1 <= 0 || tn <= 0 {
		return math.NaN()
	}
	s := float64(t1) / float64(tn)
	return (float64(n)/s - 1) / float64(n-1)
}

// String is a short summary of a row (for logs).
func (r ScaleRow) String() string {
	return fmt.Sprintf("%d cores: frame10k %v, sort10k %v, %d units %.2f ms (sim %.2f), units@60 %d, bullets@60 %d",
		r.Procs, r.Frame10k, r.DepthSort, r.Units.Cfg.Count, r.Units.Total.Mean.Seconds()*1e3,
		r.Units.Sim.Mean.Seconds()*1e3, r.UnitsMax, r.BulletsAlive)
}
