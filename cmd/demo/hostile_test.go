package main

import (
	"bytes"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"diorama/internal/loadutil/loadtest"
	"diorama/internal/testenv"
)

// A map of 60,000 full 8×8 layers named with -level (3.84 M cells, far
// under the cells limit; its loaders alone took 264 MiB) is refused
// before any layer is built, within the hostile corpus's memory and time:
// the log and the level select name the file and the limit, and the
// built-in levels still play.
func TestHostileLevelFile(t *testing.T) {
	if testing.Short() {
		t.Skip("hostile corpus")
	}
	dir := t.TempDir()
	var b strings.Builder
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="isometric" renderorder="right-down" width="8" height="8" tilewidth="64" tileheight="32" infinite="0">
<tileset firstgid="1" name="t" tilewidth="64" tileheight="32" tilecount="1" columns="1"><image source="t.png" width="64" height="32"/></tileset>`)
	data := strings.TrimSuffix(strings.Repeat("1,", 64), ",")
	for i := 0; i < 60000; i++ {
		b.WriteString("\n<layer id=\"" + strconv.Itoa(i+1) + "\" name=\"l\" width=\"8\" height=\"8\"><data encoding=\"csv\">" + data + "</data></layer>")
	}
	b.WriteString("\n</map>")
	var tile bytes.Buffer
	if err := png.Encode(&tile, image.NewNRGBA(image.Rect(0, 0, 64, 32))); err != nil {
		t.Fatal(err)
	}
	layers := filepath.Join(dir, "layers.tmx")
	if err := os.WriteFile(layers, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "t.png"), tile.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	var log bytes.Buffer
	var g *game
	if err := loadtest.Watch(t, 0, 0, func() (err error) {
		g, err = setup(options{level: layers, ticks: 10}, &log)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	defer g.rd.Close()
	const want = "layers.tmx:4100: <layer>: more than 4096 layers (raise Limits.MaxLayers)"
	if g.scr != screenSelect || !strings.Contains(log.String(), want) || !strings.Contains(g.errMsg, "layers.tmx") {
		t.Fatalf("screen %v log %q err %q, want %q", g.scr, log.String(), g.errMsg, want)
	}
	g.pick(0)
	if g.scr != screenPlay || g.L == nil {
		t.Fatalf("level select did not start level 1: %v", g.scr)
	}
}

// A level file whose name is not valid UTF-8 (a name fs.FS paths cannot
// spell) plays under its name with U+FFFD for the invalid bytes.
func TestLevelFileNotUTF8(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "l\xffvel.lev")
	if err := os.WriteFile(p, []byte("wwwwww\nws---w\nw---ew\nwwwwww\n"), 0o644); err != nil {
		testenv.Missing(t, "this file system refuses names that are not UTF-8 (CI's must take them): %v", err)
	}
	var log bytes.Buffer
	g, err := setup(options{level: p, ticks: 10}, &log)
	if err != nil {
		t.Fatal(err)
	}
	defer g.rd.Close()
	if g.scr != screenPlay || g.L == nil || g.L.info.File != "l\uFFFDvel.lev" {
		t.Fatalf("screen %v, log %q, err %q", g.scr, log.String(), g.errMsg)
	}
}
