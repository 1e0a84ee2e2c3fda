package main

import (
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"diorama/perf"
	"diorama/perf/webbench"
)

// TestWebSection writes the web section and its plots from two made-up
// ring sizes: the ratios, the 60 FPS line and every round's p50 are in the
// table, the section sits between its markers, and the three plots are
// PNGs.
func TestWebSection(t *testing.T) {
	mk := func(ring, alive int, p50 time.Duration) webbench.Run {
		s := make([]float32, 120)
		for k := range s {
			s[k] = float32(p50.Seconds() * 1e3 * (1 + float64(k%7)/20))
		}
		d := perf.Dist{Mean: p50 * 11 / 10, P50: p50, P95: p50 * 3 / 2, Max: 2 * p50}
		return webbench.Run{Ring: ring, MaxAlive: alive, Frames: len(s), Sim: d, Render: d, Total: d, Series: s}
	}
	r := &webRun{cmd: "go run ./perf/cmd/report -web", start: time.Now(), end: time.Now(),
		p: webbench.Params{Rings: []int{18, 6250}, Warmup: 300, Frames: 120, Seed: 1}, rounds: 2, isolated: true, ua: "HeadlessChrome/156"}
	r.best[native] = []webbench.Run{mk(18, 147, 100*time.Microsecond), mk(6250, 51239, 4*time.Millisecond)}
	r.best[wasm] = []webbench.Run{mk(18, 147, 300*time.Microsecond), mk(6250, 51239, 20*time.Millisecond)}
	r.p50s[native] = [][]time.Duration{{100 * time.Microsecond, 120 * time.Microsecond}, {4 * time.Millisecond, 5 * time.Millisecond}}
	r.p50s[wasm] = [][]time.Duration{{300 * time.Microsecond, 310 * time.Microsecond}, {20 * time.Millisecond, 21 * time.Millisecond}}
	md := r.markdown()
	for _, want := range []string{webBegin + "\n## Web build", webEnd + "\n",
		"| 18 | 147 | 0.110 / 0.100 / 0.150 | 0.330 / 0.300 / 0.450 | **3.0×** | 3.0× |",
		"| 6250 | 51239 |", "**5.0×**", "| 4.000, 5.000 | 20.000, 21.000 |",
		"147 bullets alive (ring 18) hold 60 FPS (web p50 0.300 ms) and 51239 (ring 6250) do not (20.000 ms)", "takes 3.0–5.0× the native", "`go run ./perf/cmd/report -web`"} {
		if !strings.Contains(md, want) {
			t.Errorf("section lacks %q:\n%s", want, md)
		}
	}
	dir := t.TempDir()
	if err := r.plots(dir); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{webPlotSeed, webPlotLarge, webPlotXY} {
		fh, err := os.Open(filepath.Join(dir, f))
		if err != nil {
			t.Fatal(err)
		}
		im, err := png.Decode(fh)
		fh.Close()
		if err != nil || im.Bounds().Dx() < 900 {
			t.Errorf("%s: %v, %v", f, err, im)
		}
	}
}
