package main

import (
	"bytes"
	"diorama/platform"
	"diorama/raster"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

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

// TestUnknownLevelOpensSelect: a level file that does not load (a map
// whose tileset image is not an image; a file of no level format) is
// reported on one line and the level select opens.
func TestUnknownLevelOpensSelect(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "t.png"), []byte("not\nan image"), 0o644)
	os.WriteFile(filepath.Join(dir, "m.tmx"), []byte(`<?xml version="1.0"?>
<map version="1.10" orientation="isometric" width="2" height="2" tilewidth="64" tileheight="32">
 <tileset firstgid="1" name="t" tilewidth="64" tileheight="32" tilecount="1" columns="1"><image source="t.png" width="64" height="32"/></tileset>
 <layer id="1" name="g" width="2" height="2"><data encoding="csv">1,1,1,1</data></layer>
</map>`), 0o644)
	os.WriteFile(filepath.Join(dir, "notes.md"), []byte("# not a level"), 0o644)
	for _, c := range []struct{ file, want string }{{"m.tmx", "t.png"}, {"notes.md", "not a level file"}} {
		var out, log bytes.Buffer
		if err := run(options{headless: true, ticks: 3, out: t.TempDir(), level: filepath.Join(dir, c.file)}, &out, &log); err != nil {
			t.Fatalf("%s: the demo gave up: %v", c.file, err)
		}
		// One line about the level (then auto's line saying where the
		// headless run's PNG and GIF went).
		lines := strings.Split(strings.TrimSpace(log.String()), "\n")
		if len(lines) != 2 || !strings.Contains(lines[1], "wrote ") || !strings.Contains(lines[0], c.file) || !strings.Contains(lines[0], c.want) {
			t.Fatalf("%s: log %q out %q", c.file, log.String(), out.String())
		}
	}
}
