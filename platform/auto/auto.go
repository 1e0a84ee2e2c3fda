package auto

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"diorama/platform"
	"diorama/platform/headless"
	"diorama/raster"
)

// Options tune the headless fallback.
type Options struct {
	// Ticks the headless fallback runs (default 10 s of simulation).
	Ticks int
	// OutDir receives <Name>.png (the last frame) and, unless GIFPath
	// says otherwise, <Name>.gif; default "out".
	OutDir string
	Name   string // default "demo"
	// GIFPath is where the recording goes (default <OutDir>/<Name>.gif).
	GIFPath string
	// DrawEvery draws a frame every DrawEvery ticks (default GIFEvery
	// when that is set, else 2).
	DrawEvery int
	// GIFEvery records one GIF frame every GIFEvery ticks (default: 15
	// frames a second, TPS/15 ticks).
	GIFEvery int
	// GIF tunes the recording (nil: ShareableGIF; &raster.GIFOptions{}
	// records exactly, about 6 times larger on a scrolling camera).
	GIF *raster.GIFOptions
	// Script is scripted input for the headless fallback.
	Script headless.Script
	// Log receives the fallback message (default os.Stderr).
	Log io.Writer
	// Headless makes Run run headless even when a window could open (a
	// game's -headless flag); the browser and Android ignore it.
	Headless bool
	// Sound, when set, is where a headless run of a platform.Sounder
	// game writes its mix as a WAV file (in step with the GIF).
	Sound string
}

// HeadlessGame is an optional interface of a game: before a headless
// run (Options.Headless, or the fallback when no window opens) Run calls
// RunHeadless, so the game knows no one is there to play (let its AI
// play, skip a menu that waits for input).
type HeadlessGame interface {
	RunHeadless()
}

// headlessRun tells g it runs headless, runs it and says on the log where
// the PNG and the GIF went.
func headlessRun(g platform.Game, cfg platform.Config, opt Options) error {
	if h, ok := g.(HeadlessGame); ok {
		h.RunHeadless()
	}
	res, err := Headless(g, cfg, opt)
	if err != nil {
		return err
	}
	opt.defaultPaths()
	fmt.Fprintf(logTo(opt), "diorama: headless run done: %d ticks, %d frames; wrote %s and %s\n", res.Ticks, res.Frames, opt.path(".png"), opt.gifPath())
	return nil
}

// Headless runs g without a window as Options say, writing the PNG and
// GIF, and returns the run's result. Run uses it as the fallback.
func Headless(g platform.Game, cfg platform.Config, opt Options) (*headless.Result, error) {
	cfg, err := cfg.ForGame(g)
	if err != nil {
		return nil, err
	}
	if opt.Ticks <= 0 {
		opt.Ticks = 10 * cfg.TPS
	}
	opt.defaultPaths()
	if opt.DrawEvery <= 0 {
		opt.DrawEvery = 2
		if opt.GIFEvery > 0 {
			opt.DrawEvery = opt.GIFEvery
		}
	}
	if opt.GIFEvery <= 0 {
		opt.GIFEvery = max(1, (cfg.TPS+7)/15)
	}
	gifOpt := ShareableGIF
	if opt.GIF != nil {
		gifOpt = *opt.GIF
	}
	if err := os.MkdirAll(opt.OutDir, 0o755); err != nil {
		return nil, fmt.Errorf("auto: %w", err)
	}
	if err := os.MkdirAll(filepath.Dir(opt.gifPath()), 0o755); err != nil {
		return nil, fmt.Errorf("auto: %w", err)
	}
	gf, err := os.Create(opt.gifPath())
	if err != nil {
		return nil, fmt.Errorf("auto: %w", err)
	}
	hopt := headless.Options{Ticks: opt.Ticks, DrawEvery: opt.DrawEvery, Script: opt.Script,
		GIF: gf, GIFEvery: opt.GIFEvery, GIFOptions: gifOpt}
	closeSound, err := soundFile(&hopt, opt.Sound)
	if err != nil {
		gf.Close()
		return nil, err
	}
	res, err := headless.Run(g, cfg, hopt)
	if cerr := closeSound(); err == nil && cerr != nil {
		err = cerr
	}
	if cerr := gf.Close(); err == nil && cerr != nil {
		err = fmt.Errorf("auto: %w", cerr)
	}
	if err != nil {
		return res, err
	}
	if err := res.Frame.SavePNG(opt.path(".png")); err != nil {
		return res, err
	}
	return res, nil
}

// defaultPaths fills in the default OutDir and Name.
func (o *Options) defaultPaths() {
	if o.OutDir == "" {
		o.OutDir = "out"
	}
	if o.Name == "" {
		o.Name = "demo"
	}
}

// gifPath is where the GIF goes.
func (o *Options) gifPath() string {
	if o.GIFPath != "" {
		return o.GIFPath
	}
	return o.path(".gif")
}

// ShareableGIF is the recording quality Headless uses by default: pixels
// within 32 levels of what is shown stay, runs of colours within 16
// levels share one entry, so a scrolling camera over noisy textures costs
// a few hundred kilobytes a second instead of megabytes.
var ShareableGIF = raster.GIFOptions{Tolerance: 32, Smooth: 16}

// path is the output file <OutDir>/<Name><ext>.
func (o *Options) path(ext string) string { return filepath.Join(o.OutDir, o.Name+ext) }

func logTo(opt Options) io.Writer {
	if opt.Log != nil {
		return opt.Log
	}
	return os.Stderr
}
