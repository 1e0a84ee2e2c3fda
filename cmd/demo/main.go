package main

import (
	"flag"
	"fmt"
	"image/color"
	"io"
	"os"
	"slices"
	"time"

	"diorama/platform"
	"diorama/platform/auto"
	"diorama/raster"
)

// options are the demo's command-line settings.
type options struct {
	headless bool
	ticks    int
	out      string
	seed     uint64
	workers  int
}

// game is the demo scene as a platform.Game: Update advances the world by
// one fixed tick, Draw renders it (interpolated) and records how long
// rendering took.
type game struct {
	w     *world
	v     *view
	list  *raster.DrawList
	rd    *raster.Renderer
	times []time.Duration // render time of every drawn frame
}

func newGame(seed uint64, workers int) *game {
	return &game{w: newWorld(seed), v: newView(), list: raster.NewDrawList(), rd: raster.NewRenderer(workers)}
}

// Update implements platform.Game. Escape quits.
func (g *game) Update(in *platform.Input) error {
	if in.KeyPressed(platform.KeyEscape) {
		return platform.ErrQuit
	}
	g.w.update()
	return nil
}

// Draw implements platform.Game. It reads the wall clock only to report
// render times; the simulation never sees it.
func (g *game) Draw(f *raster.Frame, alpha float64) {
	start := time.Now()
	g.list.Reset()
	hud := fmt.Sprintf("Diorama demo  tick %d  tanks %d  bullets %d  hits %d", g.w.tick, len(g.w.tanks), len(g.w.bullets), g.w.hits)
	g.v.draw(g.list, g.w, alpha, hud)
	f.Clear(color.RGBA{24, 28, 36, 255})
	g.rd.Render(f, g.list)
	g.times = append(g.times, time.Since(start))
}

// summary returns the number of frames drawn and the mean and p95 render
// time.
func (g *game) summary() (n int, mean, p95 time.Duration) {
	if len(g.times) == 0 {
		return 0, 0, 0
	}
	var sum time.Duration
	for _, t := range g.times {
		sum += t
	}
	sorted := slices.Clone(g.times)
	slices.Sort(sorted)
	return len(sorted), sum / time.Duration(len(sorted)), sorted[min(len(sorted)-1, len(sorted)*95/100)]
}

func main() {
	var o options
	flag.BoolVar(&o.headless, "headless", false, "run without a window even when a display is present")
	flag.IntVar(&o.ticks, "ticks", 360, "ticks to simulate when headless (60 per second)")
	flag.StringVar(&o.out, "out", "out", "directory for demo.gif and demo.png when headless")
	flag.Uint64Var(&o.seed, "seed", 1, "random seed of the simulation")
	flag.IntVar(&o.workers, "workers", 0, "renderer workers (0 = all cores)")
	flag.Parse()
	if err := run(o, os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "demo:", err)
		os.Exit(1)
	}
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// run plays the demo: in a window when one can be opened (and -headless is
// not set), otherwise headless for o.ticks ticks writing out/demo.gif and
// out/demo.png. It ends with one summary line on out.
func run(o options, out, log io.Writer) error {
	if o.ticks <= 0 || o.ticks > 1_000_000 {
		return fmt.Errorf("-ticks %d out of range (1..1000000)", o.ticks)
	}
	g := newGame(o.seed, o.workers)
	defer g.rd.Close()
	cfg := platform.Config{Title: "Diorama demo", Width: frameW, Height: frameH}
	opt := auto.Options{Ticks: o.ticks, OutDir: o.out, Name: "demo", Log: log}
	var err error
	if o.headless {
		_, err = auto.Headless(g, cfg, opt)
	} else {
		err = auto.Run(g, cfg, opt)
	}
	if err != nil {
		return err
	}
	n, mean, p95 := g.summary()
	fmt.Fprintf(out, "demo: %d frames, render mean %.2f ms, p95 %.2f ms per frame, state %016x\n", n, ms(mean), ms(p95), g.w.hash())
	return nil
}
