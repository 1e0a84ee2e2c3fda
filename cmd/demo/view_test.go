package main

import (
	"bytes"
	"diorama/platform"
	"diorama/raster"
	"image"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"diorama/internal/testenv"
)

// TestViewAnyMap: -level opens a Tiled map without a player spawn and a
// .world in the viewer (headless writes the PNG); a map naming
// "../sets/tiles.png" loads with the default root (the working directory
// holds both), while -root set to the map's own folder refuses it.
func TestViewAnyMap(t *testing.T) {
	dir := testenv.SharedTestdata(t, "tiled-examples")
	for _, lvl := range []string{"isometric_grass_and_water.tmx", "sticker-knight/sticker-knight.world"} {
		outDir := t.TempDir()
		var out bytes.Buffer
		if err := run(options{headless: true, ticks: 5, out: outDir, level: filepath.Join(dir, lvl)}, &out, io.Discard); err != nil {
			t.Fatalf("%s: %v", lvl, err)
		}
		if !strings.Contains(out.String(), "demo: viewed") {
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
	if err := run(options{headless: true, ticks: 3, out: t.TempDir(), level: "maps/m.tmx"}, &out, io.Discard); err != nil || !strings.Contains(out.String(), "viewed maps/m.tmx") {
		t.Fatalf("default root: %v %q", err, out.String())
	}
	out.Reset()
	var log bytes.Buffer
	run(options{headless: true, ticks: 3, out: t.TempDir(), level: "maps/m.tmx", root: "maps"}, &out, &log)
	if strings.Contains(out.String(), "viewed") || !strings.Contains(log.String(), "leaves") && !strings.Contains(log.String(), "root") {
		t.Fatalf("root = maps/ still reached ../sets: out %q log %q", out.String(), log.String())
	}
}

// TestGameHotReload: a level named on the command line restarts from its
// files when one is saved; a broken save keeps the level running with
// the error shown; the next good save clears it.
func TestGameHotReload(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"outpost.tmx", "tiles.tsx", "props.tsx", "tiles.png"} {
		b, err := levelFiles.ReadFile("levels/" + f)
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(dir, f), b, 0o644)
	}
	g, err := setup(options{level: filepath.Join(dir, "outpost.tmx"), root: dir, ticks: 10}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	defer g.rd.Close()
	if g.scr != screenPlay || g.L == nil {
		t.Fatalf("level not started: %q", g.errMsg)
	}
	in := platform.NewInput(frameW, frameH)
	tick := func(n int) {
		for range n {
			if err := g.Update(in); err != nil {
				t.Fatal(err)
			}
			in.EndTick()
		}
	}
	tick(30)
	first := g.L
	save := func(data []byte, ahead time.Duration) {
		p := filepath.Join(dir, "outpost.tmx")
		os.WriteFile(p, data, 0o644)
		at := time.Now().Add(ahead)
		os.Chtimes(p, at, at)
	}
	orig, _ := os.ReadFile(filepath.Join(dir, "outpost.tmx"))
	save(append(append([]byte{}, orig...), '\n'), time.Minute)
	tick(tps)
	if g.L == first || g.reloadErr != "" {
		t.Fatalf("no reload after a save (err %q)", g.reloadErr)
	}
	second := g.L
	save([]byte("<map"), 2*time.Minute)
	tick(tps)
	if g.L != second || !strings.Contains(g.reloadErr, "outpost.tmx") {
		t.Fatalf("broken save: level replaced %v, err %q", g.L != second, g.reloadErr)
	}
	save(orig, 3*time.Minute)
	tick(tps)
	if g.reloadErr != "" || g.L == second {
		t.Fatalf("good save after a broken one: err %q", g.reloadErr)
	}
}

// TestIdleMenus: the level select and the pause menu report idle on a
// tick without input once drawn (so the desktop backend rests), and not
// after input or while playing.
func TestIdleMenus(t *testing.T) {
	g, err := setup(options{ticks: 10}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	defer g.rd.Close()
	var _ platform.Idler = g
	in := platform.NewInput(frameW, frameH)
	f, _ := raster.NewFrame(frameW, frameH)
	step := func(evs ...platform.Event) {
		for _, e := range evs {
			in.Push(e)
		}
		if err := g.Update(in); err != nil {
			t.Fatal(err)
		}
		in.EndTick()
	}
	step()
	g.Draw(f, 0)
	step()
	if !g.Idle() {
		t.Fatal("level select without input is not idle")
	}
	step(platform.Event{Kind: platform.KeyDown, Key: platform.KeyArrowDown})
	if g.Idle() {
		t.Fatal("idle right after a key press")
	}
	g.Draw(f, 0)
	step(platform.Event{Kind: platform.KeyUp, Key: platform.KeyArrowDown})
	step(platform.Event{Kind: platform.KeyDown, Key: platform.KeyArrowUp})
	step(platform.Event{Kind: platform.KeyUp, Key: platform.KeyArrowUp}, platform.Event{Kind: platform.KeyDown, Key: platform.KeyEnter})
	step(platform.Event{Kind: platform.KeyUp, Key: platform.KeyEnter})
	g.Draw(f, 0)
	step()
	if g.scr != screenPlay || g.Idle() {
		t.Fatalf("playing (screen %v) reported idle %v", g.scr, g.Idle())
	}
}

// TestViewerRefusalOpensSelect: a map without a player that the viewer
// cannot build (its tileset image is not an image) is reported on one
// line and the level select opens, as for any level that fails.
func TestViewerRefusalOpensSelect(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "t.png"), []byte("not\nan image"), 0o644)
	os.WriteFile(filepath.Join(dir, "m.tmx"), []byte(`<?xml version="1.0"?>
<map version="1.10" orientation="isometric" width="2" height="2" tilewidth="64" tileheight="32">
 <tileset firstgid="1" name="t" tilewidth="64" tileheight="32" tilecount="1" columns="1"><image source="t.png" width="64" height="32"/></tileset>
 <layer id="1" name="g" width="2" height="2"><data encoding="csv">1,1,1,1</data></layer>
</map>`), 0o644)
	var out, log bytes.Buffer
	if err := run(options{headless: true, ticks: 3, out: t.TempDir(), level: filepath.Join(dir, "m.tmx")}, &out, &log); err != nil {
		t.Fatalf("the demo gave up: %v", err)
	}
	lines := strings.Split(strings.TrimSpace(log.String()), "\n")
	found := false
	for _, l := range lines {
		if strings.Contains(l, "m.tmx") && strings.Contains(l, "t.png") {
			found = true
		}
	}
	if !found || strings.Contains(out.String(), "viewed") {
		t.Fatalf("log %q out %q", log.String(), out.String())
	}
}
