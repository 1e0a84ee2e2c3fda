package headless

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"diorama/platform"
	"diorama/raster"
)

// Options says what a headless run does besides ticking.
type Options struct {
	// Ticks is how many ticks to run (required, 1..MaxTicks); the run ends
	// earlier when Update returns an error or platform.ErrQuit.
	Ticks int
	// DrawEvery draws a frame after every DrawEvery-th tick (default 1).
	// The last tick is always drawn.
	DrawEvery int
	// Script is fed to the input before the ticks it names.
	Script Script
	// Input, when set, is called before each tick (after that tick's
	// Script steps) to push input computed from the game's state: a
	// click on an entity where the moving camera draws it now, say.
	Input func(tick int, in *platform.Input)
	// SnapshotDir, with SnapshotTicks, writes tick-NNNNNN.png there after
	// each listed tick (the directory is created).
	SnapshotDir   string
	SnapshotTicks []int
	// GIF, when set, receives an animated GIF of the frame after every
	// GIFEvery-th tick (default DrawEvery) and the last tick, encoded as
	// GIFOptions say (TPS is set to the game's). Each frame is shown for
	// the ticks since the one before, so the delays add up to the ticks
	// run (within a hundredth of a second).
	GIF        io.Writer
	GIFEvery   int
	GIFOptions raster.GIFOptions
	// OnDraw, when set, is called after every drawn frame (tests, perf).
	OnDraw func(tick int, f *raster.Frame)
	// Sound, when set and the game is a platform.Sounder, receives the
	// mix as a 16-bit stereo WAV file: the game's mixer is stepped once
	// after every tick (audio.Mixer.Tick), so the audio is in step with
	// the frames and the same on every machine.
	Sound io.WriteSeeker
}

// MaxTicks caps Options.Ticks.
const MaxTicks = 1 << 30

// Result summarises a run.
type Result struct {
	Ticks     int           // ticks run
	Frames    int           // frames drawn
	Snapshots []string      // PNG files written, in order
	Frame     *raster.Frame // the last frame drawn
	Input     *platform.Input
	// SoundHash is the FNV-1a hash of the mix written to Options.Sound
	// (audio.HashSamples), SoundFrames its length in frames.
	SoundHash   uint64
	SoundFrames int64
}

// Run runs g for opt.Ticks ticks with no window. Tick t (from 0) first
// receives the script steps for t, then Update runs; frames are drawn
// with alpha 0 (every tick is a whole step). It returns the game's error,
// or nil when the ticks ran out or the game quit.
func Run(g platform.Game, cfg platform.Config, opt Options) (*Result, error) {
	if opt.Ticks <= 0 || opt.Ticks > MaxTicks {
		return nil, fmt.Errorf("headless: Options.Ticks %d out of range (1..%d)", opt.Ticks, MaxTicks)
	}
	if opt.DrawEvery == 0 {
		opt.DrawEvery = 1
	}
	if opt.DrawEvery < 0 {
		return nil, fmt.Errorf("headless: Options.DrawEvery %d is negative", opt.DrawEvery)
	}
	if opt.GIFEvery == 0 {
		opt.GIFEvery = opt.DrawEvery
	}
	if opt.GIFEvery < 0 {
		return nil, fmt.Errorf("headless: Options.GIFEvery %d is negative", opt.GIFEvery)
	}
	if len(opt.SnapshotTicks) > 0 && opt.SnapshotDir == "" {
		return nil, errors.New("headless: Options.SnapshotTicks without SnapshotDir")
	}
	d, err := platform.NewDriver(g, cfg)
	if err != nil {
		return nil, err
	}
	cfg = d.Config()
	snap := make(map[int]bool, len(opt.SnapshotTicks))
	for _, t := range opt.SnapshotTicks {
		snap[t] = true
	}
	if len(snap) > 0 {
		if err := os.MkdirAll(opt.SnapshotDir, 0o755); err != nil {
			return nil, fmt.Errorf("headless: %w", err)
		}
	}
	var rec *raster.GIFRecorder
	if opt.GIF != nil {
		gopt := opt.GIFOptions
		gopt.TPS = cfg.TPS
		if rec, err = raster.NewGIFRecorder(opt.GIF, cfg.Width, cfg.Height, gopt); err != nil {
			return nil, fmt.Errorf("headless: %w", err)
		}
	}
	res := &Result{Frame: d.Frame, Input: d.Input}
	snd, err := startSound(g, opt.Sound)
	if err != nil {
		return nil, err
	}
	next, recorded := 0, 0 // recorded: the time the next GIF frame starts at
	drawnAt := 0           // the tick after the last drawn frame
	var runErr error
	for t := 0; t < opt.Ticks; t++ {
		for ; next < len(opt.Script) && opt.Script[next].Tick <= t; next++ {
			st := &opt.Script[next]
			if st.IsPad {
				d.Input.SetGamepad(st.Pad, st.Raw)
			} else {
				d.Input.Push(st.Event)
			}
		}
		if opt.Input != nil {
			opt.Input(t, d.Input)
		}
		runErr = d.Tick()
		res.Ticks++
		if err := snd.tick(); err != nil {
			return res, err
		}
		if runErr != nil {
			break
		}
		record := rec != nil && ((t+1)%opt.GIFEvery == 0 || t == opt.Ticks-1)
		if (t+1)%opt.DrawEvery != 0 && t != opt.Ticks-1 && !snap[t] && !record {
			continue
		}
		g.Draw(d.Frame, 0)
		res.Frames++
		// The frame spans the ticks since the last one, in simulated time.
		d.Clock.AddFrame(time.Duration(t+1-drawnAt)*d.Clock.Step(), t+1-drawnAt)
		drawnAt = t + 1
		if opt.OnDraw != nil {
			opt.OnDraw(t, d.Frame)
		}
		if snap[t] {
			p := filepath.Join(opt.SnapshotDir, fmt.Sprintf("tick-%06d.png", t))
			if err := d.Frame.SavePNG(p); err != nil {
				return res, fmt.Errorf("headless: %w", err)
			}
			res.Snapshots = append(res.Snapshots, p)
		}
		if record {
			if err := rec.AddAt(d.Frame, recorded); err != nil {
				return res, fmt.Errorf("headless: %w", err)
			}
			recorded = t + 1
		}
	}
	if rec != nil {
		if err := rec.CloseAt(res.Ticks); err != nil {
			return res, fmt.Errorf("headless: %w", err)
		}
	}
	if err := snd.close(res); err != nil {
		return res, err
	}
	if platform.IsQuit(runErr) {
		return res, nil
	}
	return res, runErr
}
