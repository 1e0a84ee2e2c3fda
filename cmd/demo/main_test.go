package main

import (
	"image/gif"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"testing"
)

func TestDemoWritesOutputs(t *testing.T) {
	dir := t.TempDir()
	r, err := run(options{frames: 12, out: dir, seed: 3, workers: 2}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if r.frames != 12 || r.mean <= 0 || r.p95 < r.mean/10 {
		t.Fatalf("result %+v", r)
	}
	f, err := os.Open(filepath.Join(dir, "demo.gif"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	g, err := gif.DecodeAll(f)
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Image) != 12 || g.Config.Width != frameW || g.Config.Height != frameH {
		t.Fatalf("gif: %d frames %dx%d", len(g.Image), g.Config.Width, g.Config.Height)
	}
	p, err := os.Open(filepath.Join(dir, "demo.png"))
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	img, err := png.Decode(p)
	if err != nil {
		t.Fatal(err)
	}
	if img.Bounds().Dx() != frameW || img.Bounds().Dy() != frameH {
		t.Fatalf("png %v", img.Bounds())
	}
}

// The simulation is deterministic: the same seed gives the same state,
// whatever the number of render workers; another seed differs.
func TestDemoDeterministic(t *testing.T) {
	a, err := run(options{frames: 40, out: t.TempDir(), seed: 5, workers: 1}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	b, err := run(options{frames: 40, out: t.TempDir(), seed: 5, workers: 2}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	c, err := run(options{frames: 40, out: t.TempDir(), seed: 6, workers: 2}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if a.hash != b.hash {
		t.Fatal("same seed gave different states")
	}
	if a.hash == c.hash {
		t.Fatal("different seeds gave the same state")
	}
}

func TestDemoBadFrames(t *testing.T) {
	if _, err := run(options{frames: 0, out: t.TempDir()}, io.Discard); err == nil {
		t.Fatal("0 frames accepted")
	}
}
