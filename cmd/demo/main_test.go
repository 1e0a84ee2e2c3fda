package main

import (
	"bytes"
	"image/gif"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestDemoHeadlessWritesOutputs(t *testing.T) {
	dir := t.TempDir()
	var out bytes.Buffer
	if err := run(options{headless: true, ticks: 24, out: dir, seed: 3, workers: 2}, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(out.String(), "demo: 12 frames, render mean ") {
		t.Fatalf("summary %q", out.String())
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
	hash := func(seed uint64, workers int) string {
		var out bytes.Buffer
		if err := run(options{headless: true, ticks: 80, out: t.TempDir(), seed: seed, workers: workers}, &out, io.Discard); err != nil {
			t.Fatal(err)
		}
		s := out.String()
		return s[strings.Index(s, "state "):]
	}
	a, b, c := hash(5, 1), hash(5, 2), hash(6, 2)
	if a != b {
		t.Fatalf("same seed gave different states: %s vs %s", a, b)
	}
	if a == c {
		t.Fatal("different seeds gave the same state")
	}
}

func TestDemoBadTicks(t *testing.T) {
	if err := run(options{headless: true, ticks: 0, out: t.TempDir()}, io.Discard, io.Discard); err == nil {
		t.Fatal("0 ticks accepted")
	}
}
