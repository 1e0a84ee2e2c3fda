//go:build !js

package webbench

import (
	"os"
	"strings"
	"testing"
	"time"
)

// TestChromiumBench builds the bench program for js/wasm and natively,
// runs a tiny bench (ring 18, 60 frames after the 300 ticks that fill the
// rings) in headless Chromium and natively, and checks the reports: the
// page ran as js/wasm, cross-origin isolated, the simulation gave exactly
// the native counts (same code, deterministic), and the frame times are
// sane (positive, ordered, one per frame, under a second).
func TestChromiumBench(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: skipping the wasm build and Chromium")
	}
	if FindChromium() == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("CI=true and no chromium (install it: ./scripts/deps.sh test)")
		}
		t.Skip("no chromium in PATH (./scripts/deps.sh test installs it)")
	}
	d, err := Build(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	d.Timeout = 2 * time.Minute
	p := Params{Rings: []int{18}, Warmup: 300, Frames: 60, Seed: 1}
	web, err := d.Web(p)
	if err != nil {
		t.Fatal(err)
	}
	nat, err := d.Native(p)
	if err != nil {
		t.Fatal(err)
	}
	if web.GOOS != "js" || web.GOARCH != "wasm" || web.Procs != 1 {
		t.Errorf("web report from %s/%s, GOMAXPROCS %d; want js/wasm, 1", web.GOOS, web.GOARCH, web.Procs)
	}
	if !web.Isolated || !strings.Contains(web.UserAgent, "Chrome") {
		t.Errorf("page not cross-origin isolated (%v) or not Chromium (%q)", web.Isolated, web.UserAgent)
	}
	if nat.GOOS == "js" || nat.Procs != 1 {
		t.Errorf("native report from %s/%s, GOMAXPROCS %d; want the host, 1", nat.GOOS, nat.GOARCH, nat.Procs)
	}
	w, n := web.Runs[0], nat.Runs[0]
	// The seed's ring of 18 peaks at 147 alive (perf's tests); both
	// builds simulate the same bullets.
	if w.MaxAlive != 147 || w.MaxAlive != n.MaxAlive || w.Fired != n.Fired || w.WallHits != n.WallHits || w.Fired == 0 || w.WallHits == 0 {
		t.Errorf("web alive %d fired %d wall hits %d; native %d %d %d; want equal, 147 alive",
			w.MaxAlive, w.Fired, w.WallHits, n.MaxAlive, n.Fired, n.WallHits)
	}
	for _, r := range []Run{w, n} {
		for _, d := range []struct {
			name string
			v    [4]time.Duration
		}{{"sim", [4]time.Duration{r.Sim.Mean, r.Sim.P50, r.Sim.P95, r.Sim.Max}},
			{"render", [4]time.Duration{r.Render.Mean, r.Render.P50, r.Render.P95, r.Render.Max}},
			{"total", [4]time.Duration{r.Total.Mean, r.Total.P50, r.Total.P95, r.Total.Max}}} {
			mean, p50, p95, mx := d.v[0], d.v[1], d.v[2], d.v[3]
			if p50 <= 0 && d.name != "sim" || p50 > p95 || p95 > mx || mean <= 0 || mean > mx || mx > time.Second {
				t.Errorf("ring %d %s times mean %v p50 %v p95 %v max %v: not sane", r.Ring, d.name, mean, p50, p95, mx)
			}
		}
		var sum float64
		for _, v := range r.Series {
			if !(v > 0 && v < 1000) {
				t.Fatalf("frame time %v ms out of range", v)
			}
			sum += float64(v)
		}
		if mean := time.Duration(sum / float64(len(r.Series)) * 1e6); mean < r.Total.Mean*99/100-time.Microsecond || mean > r.Total.Mean*101/100+time.Microsecond {
			t.Errorf("series mean %v, total mean %v", mean, r.Total.Mean)
		}
	}
	t.Logf("ring 18, %d frames: web p50 %v mean %v; native p50 %v mean %v; main.wasm %d bytes",
		w.Frames, w.Total.P50, w.Total.Mean, n.Total.P50, n.Total.Mean, d.WasmBytes())
}
