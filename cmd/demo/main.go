package main

import (
	"errors"
	"flag"
	"fmt"
	"image/color"
	"io"
	"os"
	"path/filepath"
	"slices"
	"time"

	"diorama/loop"
	"diorama/raster"
)

// options are the demo's command-line settings.
type options struct {
	frames  int
	out     string
	seed    uint64
	workers int
}

// result summarises a run.
type result struct {
	frames    int
	mean, p95 time.Duration
	hash      uint64
	gif, png  string
}

func main() {
	var o options
	flag.IntVar(&o.frames, "frames", 180, "frames to render (two simulation ticks each)")
	flag.StringVar(&o.out, "out", "out", "directory for demo.gif and demo.png")
	flag.Uint64Var(&o.seed, "seed", 1, "random seed of the simulation")
	flag.IntVar(&o.workers, "workers", 0, "renderer workers (0 = all cores)")
	flag.Parse()
	r, err := run(o, os.Stdout)
	if err != nil {
		fmt.Fprintln(os.Stderr, "demo:", err)
		os.Exit(1)
	}
	fmt.Printf("demo: %d frames, render mean %.2f ms, p95 %.2f ms per frame; wrote %s and %s\n",
		r.frames, ms(r.mean), ms(r.p95), r.gif, r.png)
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// run simulates and renders o.frames frames headless on a virtual clock
// (60 ticks per second, 30 frames per second), recording every frame to the
// GIF and the last one to the PNG.
func run(o options, log io.Writer) (result, error) {
	if o.frames <= 0 || o.frames > 100000 {
		return result{}, fmt.Errorf("-frames %d out of range (1..100000)", o.frames)
	}
	if err := os.MkdirAll(o.out, 0o755); err != nil {
		return result{}, err
	}
	frame, err := raster.NewFrame(frameW, frameH)
	if err != nil {
		return result{}, err
	}
	res := result{gif: filepath.Join(o.out, "demo.gif"), png: filepath.Join(o.out, "demo.png")}
	gf, err := os.Create(res.gif)
	if err != nil {
		return result{}, err
	}
	defer gf.Close()
	rec, err := raster.NewGIFRecorder(gf, frameW, frameH, 3)
	if err != nil {
		return result{}, err
	}

	w := newWorld(o.seed)
	v := newView()
	list := raster.NewDrawList()
	rd := raster.NewRenderer(o.workers)
	defer rd.Close()
	clock := loop.NewClock(loop.Config{})
	frameDt := time.Second / 30
	times := make([]time.Duration, 0, o.frames)
	for i := 0; i < o.frames; i++ {
		for n := clock.Advance(frameDt); n > 0; n-- {
			w.update()
		}
		start := time.Now() // measures rendering only; the simulation never reads it
		list.Reset()
		hud := fmt.Sprintf("Diorama demo  tick %d  tanks %d  bullets %d  hits %d", w.tick, len(w.tanks), len(w.bullets), w.hits)
		v.draw(list, w, clock.Alpha(), hud)
		frame.Clear(color.RGBA{24, 28, 36, 255})
		rd.Render(frame, list)
		times = append(times, time.Since(start))
		if err := rec.Add(frame); err != nil {
			return result{}, err
		}
	}
	if err := rec.Close(); err != nil {
		return result{}, err
	}
	if err := gf.Close(); err != nil && !errors.Is(err, os.ErrClosed) {
		return result{}, err
	}
	if err := frame.SavePNG(res.png); err != nil {
		return result{}, err
	}
	res.frames = len(times)
	var sum time.Duration
	for _, t := range times {
		sum += t
	}
	res.mean = sum / time.Duration(len(times))
	slices.Sort(times)
	res.p95 = times[min(len(times)-1, len(times)*95/100)]
	res.hash = w.hash()
	return res, nil
}
