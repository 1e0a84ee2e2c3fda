package auto

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"diorama/platform"
	"diorama/platform/headless"
)

// Options tune the headless fallback.
type Options struct {
	// Ticks the headless fallback runs (default 10 s of simulation).
	Ticks int
	// OutDir receives <Name>.png (the last frame) and <Name>.gif (every
	// GIFEvery-th tick); default "out".
	OutDir string
	Name   string // default "demo"
	// GIFEvery records one GIF frame every GIFEvery ticks (default 2).
	GIFEvery int
	// Script is scripted input for the headless fallback.
	Script headless.Script
	// Log receives the fallback message (default os.Stderr).
	Log io.Writer
}

// Headless runs g without a window as Options say, writing the PNG and
// GIF, and returns the run's result. Run uses it as the fallback.
func Headless(g platform.Game, cfg platform.Config, opt Options) (*headless.Result, error) {
	cfg, err := cfg.WithDefaults()
	if err != nil {
		return nil, err
	}
	if opt.Ticks <= 0 {
		opt.Ticks = 10 * cfg.TPS
	}
	opt.defaultPaths()
	if opt.GIFEvery <= 0 {
		opt.GIFEvery = 2
	}
	if err := os.MkdirAll(opt.OutDir, 0o755); err != nil {
		return nil, fmt.Errorf("auto: %w", err)
	}
	gf, err := os.Create(opt.path(".gif"))
	if err != nil {
		return nil, fmt.Errorf("auto: %w", err)
	}
	res, err := headless.Run(g, cfg, headless.Options{Ticks: opt.Ticks, DrawEvery: opt.GIFEvery, Script: opt.Script, GIF: gf})
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

// path is the output file <OutDir>/<Name><ext>.
func (o *Options) path(ext string) string { return filepath.Join(o.OutDir, o.Name+ext) }

func logTo(opt Options) io.Writer {
	if opt.Log != nil {
		return opt.Log
	}
	return os.Stderr
}
