package main

import (
	"fmt"
	"image/color"
	"log"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"diorama/perf"
	"diorama/perf/webbench"
)

// Markers around the web build's section of REPORT.md (-web replaces it),
// and its plots.
const (
	webBegin     = "<!-- web:begin -->"
	webEnd       = "<!-- web:end -->"
	webPlotSeed  = "web_bullets_frametime.png"
	webPlotLarge = "web_bullets_frametime_large.png"
	webPlotXY    = "web_vs_native.png"
)

// Sides of a web comparison.
const (
	native = iota
	wasm
)

var sideName = [2]string{"native", "web"}

// webRun is the bullet test measured in headless Chromium and natively,
// alternating.
type webRun struct {
	cmd          string
	start, end   time.Time
	load0, load1 string
	p            webbench.Params
	rounds       int
	wasmBytes    int64
	ua           string
	isolated     bool
	// best[side][k] is the run of ring k with the lowest p50 frame time;
	// p50s[side][k] every round's p50.
	best [2][]webbench.Run
	p50s [2][][]time.Duration
}

// runWeb builds the bench program for js/wasm and natively and measures
// each of p's ring sizes rounds times on each side: per ring size one
// native run and one run in a fresh headless Chromium, their order
// swapped every time, so both see the same load on this shared machine.
func runWeb(cmd string, p webbench.Params, rounds int) (*webRun, error) {
	r := &webRun{cmd: cmd, start: time.Now().UTC(), load0: loadavg(), p: p, rounds: rounds}
	tmp, err := os.MkdirTemp("", "diorama-webbench-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	log.Printf("web: building the bench for js/wasm and natively")
	d, err := webbench.Build(tmp)
	if err != nil {
		return nil, err
	}
	if d.Chrome == "" {
		return nil, fmt.Errorf("web: no chromium in PATH (./scripts/deps.sh test installs it)")
	}
	r.wasmBytes = d.WasmBytes()
	for s := range r.best {
		r.best[s] = make([]webbench.Run, len(p.Rings))
		r.p50s[s] = make([][]time.Duration, len(p.Rings))
	}
	for round := 0; round < rounds; round++ {
		for k, ring := range p.Rings {
			q := p
			q.Rings = []int{ring}
			order := [2]int{native, wasm}
			if (round+k)%2 == 1 {
				order = [2]int{wasm, native}
			}
			for _, side := range order {
				var rep webbench.Report
				if side == native {
					rep, err = d.Native(q)
				} else {
					rep, err = d.Web(q)
					r.ua, r.isolated = rep.UserAgent, rep.Isolated
				}
				if err != nil {
					return nil, err
				}
				run := rep.Runs[0]
				log.Printf("web: round %d ring %d %s: alive %d, frame ms mean %s p50 %s p95 %s", round+1, ring, sideName[side],
					run.MaxAlive, ms(run.Total.Mean), ms(run.Total.P50), ms(run.Total.P95))
				r.p50s[side][k] = append(r.p50s[side][k], run.Total.P50)
				if b := r.best[side][k]; b.Frames == 0 || run.Total.P50 < b.Total.P50 {
					r.best[side][k] = run
				}
			}
			n, w := r.best[native][k], r.best[wasm][k]
			if n.MaxAlive != w.MaxAlive || n.Fired != w.Fired || n.WallHits != w.WallHits {
				return nil, fmt.Errorf("web: ring %d simulated differently: native %d alive %d fired %d wall hits, web %d %d %d",
					ring, n.MaxAlive, n.Fired, n.WallHits, w.MaxAlive, w.Fired, w.WallHits)
			}
		}
	}
	r.end, r.load1 = time.Now().UTC(), loadavg()
	return r, nil
}

// plots draws the web section's PNGs into dir: frame time over the run
// (the seed's ring sizes, and the largest two rings) as bullets_frametime.png
// draws it, and p50/p95 frame time against bullets alive as bulk_sweep.png.
func (r *webRun) plots(dir string) error {
	const w, h = 960, 420
	cols := [2][]color.RGBA{
		{{40, 90, 200, 255}, {20, 160, 200, 255}, {90, 60, 170, 255}, {60, 140, 90, 255}},
		{{220, 120, 20, 255}, {200, 60, 120, 255}, {200, 40, 40, 255}, {160, 120, 30, 255}},
	}
	series := func(ks []int) []perf.Series {
		var s []perf.Series
		for side := range r.best {
			for j, k := range ks {
				b := r.best[side][k]
				s = append(s, perf.Series{Name: fmt.Sprintf("%s, ring %d", sideName[side], b.Ring), Colour: cols[side][j%4], Values: b.Series})
			}
		}
		return s
	}
	var seed, large []int
	for k, ring := range r.p.Rings {
		if ring <= 72 {
			seed = append(seed, k)
		}
	}
	for k := max(len(r.p.Rings)-2, 0); k < len(r.p.Rings); k++ {
		if r.p.Rings[k] > 72 {
			large = append(large, k)
		}
	}
	// The seed's rings take well under a millisecond: scale to them.
	ymax := 0.0
	for side := range r.best {
		for _, k := range seed {
			ymax = max(ymax, 1.5*r.best[side][k].Total.P95.Seconds()*1e3)
		}
	}
	for _, pl := range []struct {
		file, title string
		ks          []int
		ymax        float64
	}{
		{webPlotSeed, "Bullet test, web (js/wasm, headless Chromium) and native, 1 thread: seed ring sizes", seed, ymax},
		{webPlotLarge, "Bullet test, web and native, 1 thread: the largest ring sizes", large, 0},
	} {
		if len(pl.ks) == 0 {
			continue
		}
		f, err := perf.PlotFrameTimes(pl.title, series(pl.ks), w, h, pl.ymax)
		if err != nil {
			return err
		}
		if err := f.SavePNG(filepath.Join(dir, pl.file)); err != nil {
			return err
		}
	}
	var xy []perf.XYSeries
	for side := range r.best {
		for j, stat := range []string{"p50", "p95"} {
			s := perf.XYSeries{Name: sideName[side] + " " + stat, Colour: cols[side][j]}
			for _, b := range r.best[side] {
				d := b.Total.P50
				if j == 1 {
					d = b.Total.P95
				}
				s.X = append(s.X, float64(b.MaxAlive))
				s.Y = append(s.Y, d.Seconds()*1e3)
			}
			xy = append(xy, s)
		}
	}
	f, err := perf.PlotXY("Bullet test frame time against bullets alive: web (js/wasm) and native, 1 thread", perf.Axis{Label: "bullets alive", Log: true},
		perf.Axis{Label: "ms per frame (sim + render), log", Log: true}, xy, 900, 440, perf.FrameBudget.Seconds()*1e3, "16.7 ms")
	if err != nil {
		return err
	}
	return f.SavePNG(filepath.Join(dir, webPlotXY))
}

// markdown is the web section, between its markers.
func (r *webRun) markdown() string {
	var b strings.Builder
	p := func(format string, a ...any) { fmt.Fprintf(&b, format, a...) }
	p("%s\n## Web build: the bullet test in headless Chromium (js/wasm) against native on the same machine\n\n", webBegin)
	p("- Command (from the repository root): `%s`\n", strings.TrimSpace(r.cmd))
	p("- Date: %s to %s (%v); machine: %d cores, %s, %s; load average (1, 5, 15 min) at start %s, at end %s (shared machine)\n",
		r.start.Format("2006-01-02 15:04 MST"), r.end.Format("15:04 MST"), r.end.Sub(r.start).Round(time.Second), runtime.NumCPU(), cpuModel(), runtime.Version(), r.load0, r.load1)
	p("- Browser: `%s`, headless, no virtual time; page cross-origin isolated: %v (performance.now, which Go's clock reads in js/wasm, ticks in 5 µs steps); main.wasm %.1f MB (`-trimpath -ldflags=-s -w`); the browser's threads are kept at the driver's nice value, which the native build inherits (Chromium puts its renderers at nice 0 whatever it was started with, so under `nice -n -20` the page would otherwise run at a lower priority than the native build)\n",
		r.ua, r.isolated, float64(r.wasmBytes)/1e6)
	p("- Workload: `perf/webbench/bench`, one program built twice, calls `webbench.Bench` → `perf.Run`: the bullet test exactly as above (room, pillars, shooter, rings every 500 ms, physics, batched bullet blit, 800×480 frame) with **one render worker** (a page gives Go one thread; physics steps on one goroutine too), seed %d. Compiled for js/wasm it runs in platform/web's page (`index.html`, `wasm_exec.js`) served from 127.0.0.1 and POSTs its per-frame times; natively it runs with `GOMAXPROCS=1`. Per ring size: %d unmeasured frames of a scene of its own first (`webbench.PreRun`: Chromium compiles a wasm function on its first call and tiers hot ones up in the background; without it the first second had frames of up to 50 ms), then the measured scene: %d ticks of warm-up (the rings fill in 4.5 s), then %d frames (%.0f simulated seconds), each one 1/60 s tick and one render; the times are sim + render wall time per frame (in both builds into the 800×480 `raster.Frame`; putting it on a canvas is not timed).\n",
		r.p.Seed, webbench.PreRun, r.p.Warmup, r.p.Frames, float64(r.p.Frames)/perf.TPS)
	p("- Alternating: for each ring size one native run and one run in a fresh Chromium, their order swapped every time; %d rounds; the table gives each side's run with the lower p50 (other programs only ever add time) and every round's p50. Both sides simulated the same bullets (alive, fired and wall-hit counts equal: checked). Compare the p50s: the browser's p95, max and mean carry stalls of tens of milliseconds (sometimes hundreds) that the native build at the same priority sees far less often on this loaded 2-core machine (the page's renderer shares the cores with Chromium's own threads: compositor, V8's background compilers).\n\n", r.rounds)
	p("| bullets / round | max alive | native ms (mean / p50 / p95) | web ms (mean / p50 / p95) | **web ÷ native, p50** | web ÷ native, mean | sim p50 native → web | render p50 native → web | web FPS (1000 / mean) | p50 each round, native | p50 each round, web |\n|---|---|---|---|---|---|---|---|---|---|---|\n")
	fits, over := -1, -1
	for k := range r.p.Rings {
		n, w := r.best[native][k], r.best[wasm][k]
		if w.Total.P50 <= perf.FrameBudget {
			fits = k
		} else if over < 0 {
			over = k
		}
		p("| %d | %d | %s / %s / %s | %s / %s / %s | **%.1f×** | %.1f× | %s → %s | %s → %s | %.0f | %s | %s |\n", n.Ring, n.MaxAlive,
			ms(n.Total.Mean), ms(n.Total.P50), ms(n.Total.P95), ms(w.Total.Mean), ms(w.Total.P50), ms(w.Total.P95),
			ratio(w.Total.P50, n.Total.P50), ratio(w.Total.Mean, n.Total.Mean),
			ms(n.Sim.P50), ms(w.Sim.P50), ms(n.Render.P50), ms(w.Render.P50),
			1/max(w.Total.Mean.Seconds(), 1e-9), p50List(r.p50s[native][k]), p50List(r.p50s[wasm][k]))
	}
	lo, hi, alloc := math.Inf(1), 0.0, [2]float64{}
	for k := range r.p.Rings {
		q := ratio(r.best[wasm][k].Total.P50, r.best[native][k].Total.P50)
		lo, hi = math.Min(lo, q), math.Max(hi, q)
		for side := range alloc {
			alloc[side] = math.Max(alloc[side], r.best[side][k].AllocsPerFrame)
		}
	}
	p("\nAt every ring size the browser's median frame takes %.1f–%.1f× the native one on the same thread count; heap allocations per frame, at most: native %.2f, web %.2f.\n", lo, hi, alloc[native], alloc[wasm])
	switch {
	case fits >= 0 && over > fits:
		f, o := r.best[wasm][fits], r.best[wasm][over]
		p("\nIn the browser on one thread, %d bullets alive (ring %d) hold 60 FPS (web p50 %s ms) and %d (ring %d) do not (%s ms); the seed's best was 534 below 30 FPS.\n",
			f.MaxAlive, f.Ring, ms(f.Total.P50), o.MaxAlive, o.Ring, ms(o.Total.P50))
	case fits >= 0:
		f := r.best[wasm][fits]
		p("\nIn the browser on one thread every measured count holds 60 FPS, up to %d bullets alive (ring %d, web p50 %s ms); the seed's best was 534 below 30 FPS.\n", f.MaxAlive, f.Ring, ms(f.Total.P50))
	}
	p("\n![frame time over the run, seed ring sizes](%s)\n\n![frame time over the run, largest ring sizes](%s)\n\n![frame time against bullets alive](%s)\n%s\n", webPlotSeed, webPlotLarge, webPlotXY, webEnd)
	return b.String()
}

func ratio(a, b time.Duration) float64 { return a.Seconds() / max(b.Seconds(), 1e-12) }

func p50List(d []time.Duration) string {
	s := make([]string, len(d))
	for k, v := range d {
		s[k] = ms(v)
	}
	return strings.Join(s, ", ")
}

// onlyWeb runs the web comparison and splices its section into
// dir/REPORT.md.
func onlyWeb(dir, cmd, rings string, frames, rounds int) {
	p, err := webbench.Parse(rings, "300", fmt.Sprint(frames), "1")
	check(err)
	if rounds < 1 {
		log.Fatalf("-web-rounds %d: want at least 1", rounds)
	}
	r, err := runWeb(cmd, p, rounds)
	check(err)
	check(r.plots(dir))
	sec := r.markdown()
	fmt.Print(sec)
	check(spliceSection(filepath.Join(dir, "REPORT.md"), webBegin, webEnd, sec))
}
