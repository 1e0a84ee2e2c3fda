// Command report runs seed 003's bullet and unit tests on the engine (the
// seed's configurations for a simulated 120 s each, the 50,000-bullet and
// 5,000-unit targets, the 60 FPS sweeps on one core and on all cores),
// the naive image/draw peer (perf/peers/naive) in the same run, CPU
// profiles of the target scenes, seed 000's Tables 2.1/2.2 (collision
// grid sweep) and 3.1 (culling) with the seed's figures beside ours, and
// writes perf/REPORT.md with PNG plots drawn by the engine's raster
// package beside it.
//
// Seed 000's tables alone (a minute or two), replacing their section of
// an existing REPORT.md:
//
//	nice -n -20 go run ./perf/cmd/report -only-tables
//
// Run it from the repository root (preferably on a quiet machine):
//
//	nice -n -20 go run ./perf/cmd/report
//
// The bullet test built for js/wasm in headless Chromium against the
// same code natively, alternating (a few minutes), replacing its section:
//
//	nice -n -20 go run ./perf/cmd/report -web
//
// Issue 27's scaling at 1, 2, 4, 8 and 16 cores (under 5 minutes on 16
// cores); the binary runs anywhere, without a toolchain or the repository:
//
//	CGO_ENABLED=0 go build -o bin/report ./perf/cmd/report && bin/report -scale -scale-out /tmp/scale
//
// Flags shorten or skip parts; see -help.
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"strings"
	"time"

	"diorama/perf"
)

func main() {
	var (
		out       = flag.String("out", "perf", "directory for REPORT.md and the plots (relative to the repository root)")
		seconds   = flag.Float64("seconds", 120, "simulated seconds of each seed configuration (the seed ran 120 s)")
		targetSec = flag.Float64("target-seconds", 30, "simulated seconds of each target run (50,000 bullets, 5,000 units)")
		sweep     = flag.Bool("sweep", true, "run the 60 FPS sweeps")
		naive     = flag.Bool("naive", true, "run the naive image/draw peer module")
		naiveSec  = flag.Float64("naive-seconds", 60, "simulated seconds of each naive peer configuration")
		profSec   = flag.Float64("profile-seconds", 10, "simulated seconds of CPU profile per target (0: none)")
		fit       = flag.String("fit", "p50", "sweep criterion: frame statistic within 16.7 ms (p50, p95 or mean)")
		tables    = flag.Bool("tables", true, "run seed 000's Tables 2.1/2.2 (collision grid sweep) and 3.1 (culling)")
		onlyTabs  = flag.Bool("only-tables", false, "run only seed 000's tables, print them and replace their section of the existing REPORT.md")
		tabReps   = flag.Int("table-repeats", 20, "repeats of each table row (the best mean is kept)")
		bulk      = flag.Bool("bulk", false, "only run issue 19's 2-core sweeps (1,000,000 bullets, 50,000 units), memory per entity and profiles, and replace the bulk section of the existing REPORT.md")
		soak      = flag.Int("soak", 0, "only run the headless demo for this many ticks, sampling its memory, and replace the soak section of the existing REPORT.md")
		webOnly   = flag.Bool("web", false, "only run the bullet test built for js/wasm in headless Chromium and natively, alternating, and replace the web section of the existing REPORT.md")
		webRings  = flag.String("web-rings", "18,36,64,72,250,1000,2500,6250,12500,25000", "ring sizes of -web")
		webFrames = flag.Int("web-frames", 600, "frames measured per ring size and side in -web (after 300 warm-up ticks)")
		webRounds = flag.Int("web-rounds", 3, "rounds of -web (each measures every ring size once per side)")
		scale     = flag.Bool("scale", false, "only measure issue 27's scaling at 1, 2, 4, 8 and 16 cores (capped at the machine's): the 10k-sprite frame, 50,000 units, units and bullets at 60 FPS, the depth sort of 10k; write SCALE.md and scale.png into -scale-out, and inside the repository replace the scaling section of perf/REPORT.md")
		scaleOut  = flag.String("scale-out", filepath.Join(os.TempDir(), "diorama-scale"), "directory -scale writes SCALE.md, scale.png and CPU profiles into (created)")
		scaleN    = flag.Int("scale-units", 50000, "unit count -scale times at every core count")
		scaleProf = flag.Bool("scale-profile", true, "-scale also writes CPU profiles of the unit and bullet scenes at the most cores")
		scaleQ    = flag.Bool("scale-short", false, "-scale with tiny measurements (a smoke test, seconds)")
	)
	flag.Parse()
	if *scale {
		onlyScale(*scaleOut, *scaleN, *scaleQ, *scaleProf)
		return
	}
	root, err := repoRoot()
	if err != nil {
		log.Fatal(err)
	}
	dir := filepath.Join(root, *out)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		log.Fatal(err)
	}
	fitC := perf.FitP50
	switch *fit {
	case "p95":
		fitC = perf.FitP95
	case "mean":
		fitC = perf.FitMean
	case "p50":
	default:
		log.Fatalf("unknown -fit %q", *fit)
	}
	rep := &report{
		cmd:   "nice -n -20 go run ./perf/cmd/report " + strings.Join(os.Args[1:], " "),
		start: time.Now().UTC(), load0: loadavg(),
	}
	if *webOnly {
		onlyWeb(dir, rep.cmd, *webRings, *webFrames, *webRounds)
		return
	}
	if *soak > 0 {
		onlySoak(root, dir, *soak)
		return
	}
	if *bulk {
		onlyBulk(dir, rep.cmd, fitC, *profSec)
		return
	}
	if *onlyTabs {
		rep.cmd = "nice -n -20 go run ./perf/cmd/report " + strings.Join(os.Args[1:], " ")
		onlyTables(dir, rep.cmd, *tabReps)
		return
	}
	dur := func(s float64) time.Duration { return time.Duration(s * float64(time.Second)) }

	// 1. The seed's configurations, all cores, 120 s simulated each.
	for _, n := range perf.SeedRings {
		log.Printf("bullets ring %d", n)
		r, err := perf.Run(perf.Config{Test: perf.Bullets, Count: n, Seed: 1}, perf.Options{Warmup: 5 * time.Second, Duration: dur(*seconds), Keep: true})
		check(err)
		rep.seedBullets = append(rep.seedBullets, r)
	}
	for _, n := range perf.SeedUnits {
		log.Printf("units %d", n)
		r, err := perf.Run(perf.Config{Test: perf.Units, Count: n, Seed: 1}, perf.Options{Warmup: time.Second, Duration: dur(*seconds), Keep: true})
		check(err)
		rep.seedUnits = append(rep.seedUnits, r)
	}
	// 2. The targets.
	for _, w := range []int{1, 0, -1} {
		pipe := w < 0
		w = max(w, 0)
		log.Printf("target bullets, workers %d, pipeline %v", w, pipe)
		r, err := perf.Run(perf.Config{Test: perf.Bullets, Count: targetRing, Workers: w, Seed: 1, Pipeline: pipe},
			perf.Options{Warmup: 5 * time.Second, Duration: dur(*targetSec), Keep: true})
		check(err)
		rep.targetBullets = append(rep.targetBullets, r)
		log.Printf("target units, workers %d, pipeline %v", w, pipe)
		r, err = perf.Run(perf.Config{Test: perf.Units, Count: targetUnits, Workers: w, Seed: 1, Pipeline: pipe},
			perf.Options{Warmup: time.Second, Duration: dur(*targetSec), Keep: true})
		check(err)
		rep.targetUnits = append(rep.targetUnits, r)
	}
	// 3. CPU profiles of the targets.
	if *profSec > 0 {
		for _, c := range []perf.Config{{Test: perf.Bullets, Count: targetRing, Seed: 1}, {Test: perf.Units, Count: targetUnits, Seed: 1}} {
			log.Printf("profile %v", c.Test)
			top, err := profile(dir, c, dur(*profSec))
			if err != nil {
				log.Printf("profile %v: %v", c.Test, err)
				top = "(profile failed: " + err.Error() + ")"
			}
			rep.profiles = append(rep.profiles, top)
		}
	}
	// 4. Sweeps.
	if *sweep {
		for _, t := range []perf.Test{perf.Bullets, perf.Units} {
			for _, p := range []int{1, runtime.NumCPU(), -runtime.NumCPU()} {
				pipe := p < 0
				p = max(p, -p)
				if pipe && p == 1 {
					continue
				}
				log.Printf("sweep %v on %d cores, pipeline %v", t, p, pipe)
				warm := 5 * time.Second // the rings fill in 4.5 s
				if t == perf.Units {
					warm = time.Second
				}
				s, err := perf.Sweep(t, p, perf.SweepOptions{Start: 4000, Fit: fitC, Warmup: warm, Precision: 1.04, Pipeline: pipe})
				check(err)
				rep.sweeps = append(rep.sweeps, s)
			}
		}
	}
	// 5. The naive peer, its own module.
	if *naive {
		log.Printf("naive peer")
		args := []string{"run", ".", "-json", fmt.Sprintf("-seconds=%g", *naiveSec)}
		if *sweep {
			args = append(args, "-sweep", "-fit="+*fit)
		}
		cmd := exec.Command("go", args...)
		cmd.Dir = filepath.Join(root, "perf", "peers", "naive")
		cmd.Stderr = os.Stderr
		b, err := cmd.Output()
		if err == nil {
			err = json.Unmarshal(b, &rep.naive)
		}
		if err != nil {
			log.Printf("naive peer: %v", err)
			rep.naiveErr = err.Error()
		}
	}
	// 6. Seed 000's tables.
	if *tables {
		rep.tables, err = runTables(dir, rep.cmd, *tabReps)
		check(err)
	}
	rep.end, rep.load1 = time.Now().UTC(), loadavg()
	check(rep.plots(dir))
	check(os.WriteFile(filepath.Join(dir, "REPORT.md"), []byte(rep.markdown()), 0o644))
	log.Printf("wrote %s in %v", filepath.Join(dir, "REPORT.md"), rep.end.Sub(rep.start).Round(time.Second))
}

// The targets of issue 10: rings of 6,250 every 500 ms keep about 50,000
// bullets alive; 5,000 units.
const (
	targetRing  = 6250
	targetUnits = 5000
)

func check(err error) {
	if err != nil {
		log.Fatal(err)
	}
}

// repoRoot walks up from the working directory to the go.mod of module
// diorama.
func repoRoot() (string, error) {
	d, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		b, err := os.ReadFile(filepath.Join(d, "go.mod"))
		if err == nil && bytes.HasPrefix(bytes.TrimSpace(b), []byte("module diorama\n")) {
			return d, nil
		}
		p := filepath.Dir(d)
		if p == d {
			return "", fmt.Errorf("report: run it inside the diorama repository (no go.mod of module diorama above %s)", d)
		}
		d = p
	}
}

// profile records a CPU profile of one scene for d of simulated time and
// returns `go tool pprof -top` of it.
func profile(dir string, c perf.Config, d time.Duration) (string, error) {
	s, err := perf.New(c)
	if err != nil {
		return "", err
	}
	defer s.Close()
	for k := 0; k < 5*perf.TPS; k++ {
		s.Tick()
	}
	path := filepath.Join(os.TempDir(), fmt.Sprintf("diorama-perf-%v.pprof", c.Test))
	f, err := os.Create(path)
	if err != nil {
		return "", err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return "", err
	}
	_, err = s.Measure(perf.Options{Duration: d})
	pprof.StopCPUProfile()
	f.Close()
	if err != nil {
		return "", err
	}
	out, err := exec.Command("go", "tool", "pprof", "-top", "-nodecount=25", path).Output()
	if err != nil {
		return "", err
	}
	// Keep the table, drop the header lines naming temp files.
	var keep []string
	for _, l := range strings.Split(string(out), "\n") {
		if strings.HasPrefix(l, "File:") || strings.HasPrefix(l, "Build ID:") || strings.HasPrefix(l, "Time:") {
			continue
		}
		keep = append(keep, l)
	}
	return strings.TrimSpace(strings.Join(keep, "\n")), nil
}

func loadavg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], " ")
}

func cpuModel() string {
	b, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		return "unknown"
	}
	for _, l := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(l, "model name") {
			if i := strings.IndexByte(l, ':'); i >= 0 {
				return strings.TrimSpace(l[i+1:])
			}
		}
	}
	return "unknown"
}
