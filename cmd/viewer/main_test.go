package main

import (
	"bytes"
	"image"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"diorama/internal/testenv"
)

// TestViewAnyMap: a Tiled map without a player spawn and a .world open
// in the viewer (headless writes the PNG); a map naming
// "../sets/tiles.png" loads with the default root (the working directory
// holds both), while -root set to the map's own folder refuses it.
func TestViewAnyMap(t *testing.T) {
	dir := testenv.SharedTestdata(t, "tiled-examples")
	for _, lvl := range []string{"isometric_grass_and_water.tmx", "sticker-knight/sticker-knight.world"} {
		outDir := t.TempDir()
		var out bytes.Buffer
		if err := run(options{headless: true, ticks: 5, out: outDir, file: filepath.Join(dir, lvl)}, &out, io.Discard); err != nil {
			t.Fatalf("%s: %v", lvl, err)
		}
		if !strings.Contains(out.String(), "viewer: viewed") {
			t.Fatalf("%s: %q", lvl, out.String())
		}
		if _, err := os.Stat(filepath.Join(outDir, "view.png")); err != nil {
			t.Fatalf("%s: %v", lvl, err)
		}
	}

	work := t.TempDir()
	os.MkdirAll(filepath.Join(work, "maps"), 0o755)
	os.MkdirAll(filepath.Join(work, "sets"), 0o755)
	var buf bytes.Buffer
	png.Encode(&buf, image.NewNRGBA(image.Rect(0, 0, 64, 32)))
	os.WriteFile(filepath.Join(work, "sets", "tiles.png"), buf.Bytes(), 0o644)
	os.WriteFile(filepath.Join(work, "maps", "m.tmx"), []byte(`<?xml version="1.0"?>
<map version="1.10" orientation="isometric" width="2" height="2" tilewidth="64" tileheight="32">
 <tileset firstgid="1" name="t" tilewidth="64" tileheight="32" tilecount="1" columns="1"><image source="../sets/tiles.png" width="64" height="32"/></tileset>
 <layer id="1" name="g" width="2" height="2"><data encoding="csv">1,1,1,1</data></layer>
</map>`), 0o644)
	wd, _ := os.Getwd()
	defer os.Chdir(wd)
	if err := os.Chdir(work); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := run(options{headless: true, ticks: 3, out: t.TempDir(), file: "maps/m.tmx"}, &out, io.Discard); err != nil || !strings.Contains(out.String(), "viewed maps/m.tmx") {
		t.Fatalf("default root: %v %q", err, out.String())
	}
	out.Reset()
	err := run(options{headless: true, ticks: 3, out: t.TempDir(), file: "maps/m.tmx", root: "maps"}, &out, io.Discard)
	if err == nil || strings.Contains(out.String(), "viewed") {
		t.Fatalf("root = maps/ still reached ../sets: err %v out %q", err, out.String())
	}
	// A file outside the root, and no file at all, are refused.
	if err := run(options{headless: true, ticks: 3, file: "maps/m.tmx", root: "sets"}, &out, io.Discard); err == nil || !strings.Contains(err.Error(), "not inside the root") {
		t.Fatalf("outside the root: %v", err)
	}
	if err := run(options{headless: true}, &out, io.Discard); err == nil {
		t.Fatal("no map: no error")
	}
}

// -export writes the whole map as a PNG (isometric_grass_and_water: 25×25
// tiles of 64×32, so 1600×800; at -scale 2, 3200×1600) and exits.
func TestExport(t *testing.T) {
	dir := testenv.SharedTestdata(t, "tiled-examples")
	for _, scale := range []int{1, 2} {
		out := filepath.Join(t.TempDir(), "map.png")
		var log bytes.Buffer
		o := options{file: filepath.Join(dir, "isometric_grass_and_water.tmx"), export: out}
		o.exportOpt.Scale = scale
		if err := run(o, &log, io.Discard); err != nil {
			t.Fatal(err)
		}
		f, err := os.Open(out)
		if err != nil {
			t.Fatal(err)
		}
		cfg, err := png.DecodeConfig(f)
		f.Close()
		if err != nil || cfg.Width != 1600*scale || cfg.Height != 800*scale || !strings.Contains(log.String(), "exported") {
			t.Fatalf("scale %d: %d×%d %v %q", scale, cfg.Width, cfg.Height, err, log.String())
		}
	}
}
