package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"diorama/platform"
)

// An IsoMob XML scene named on the command line plays: its "Player" is
// the player (drawn from its own sprites), its other characters are
// enemy spawn points; a scene without a player is refused with a clear
// error on the level select.
func TestIsoXMLLevel(t *testing.T) {
	var log bytes.Buffer
	g, err := setup(options{level: "../../level/testdata/isomob/scene.xml", root: "../../level/testdata/isomob", ticks: 10}, &log)
	if err != nil {
		t.Fatal(err)
	}
	defer g.rd.Close()
	if g.scr != screenPlay || g.L == nil || g.L.player.IsNil() || log.Len() != 0 {
		t.Fatalf("screen %v log %q err %q", g.scr, log.String(), g.errMsg)
	}
	w := g.L.w
	if w.Name(g.L.player) != "Player" || len(w.Overlords) != 1 || len(w.Overlords[0].Spawns) != 1 {
		t.Fatalf("player %q, %d waves", w.Name(g.L.player), len(w.Overlords))
	}
	in := platform.NewInput(frameW, frameH)
	start := w.Tick()
	for range 60 {
		if err := g.Update(in); err != nil {
			t.Fatal(err)
		}
		in.EndTick()
	}
	if w.Tick() <= start {
		t.Fatal("the IsoMob level does not run")
	}
	// No player: the level select shows the error.
	dir := t.TempDir()
	src, err := os.ReadFile("../../level/testdata/isomob/definitions.xml")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "definitions.xml"), src, 0o644); err != nil {
		t.Fatal(err)
	}
	noPlayer := filepath.Join(dir, "empty.xml")
	if err := os.WriteFile(noPlayer, []byte(`<scene gridsize="64" levelsize="64"><head><definitions src="definitions.xml"/></head><body>
<floor id="F" x="0" y="0" z="0" width="256" height="256" src="texGrassTiled"/></body></scene>`), 0o644); err != nil {
		t.Fatal(err)
	}
	log.Reset()
	g2, err := setup(options{level: noPlayer, ticks: 10}, &log)
	if err != nil {
		t.Fatal(err)
	}
	defer g2.rd.Close()
	if g2.scr != screenSelect || !strings.Contains(g2.errMsg, "no player") {
		t.Fatalf("screen %v err %q", g2.scr, g2.errMsg)
	}
}

// Saving a texture of an IsoMob level reloads it (the definitions and
// images it draws on are watched with the scene).
func TestIsoXMLLevelWatchesArt(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []string{"scene.xml", "definitions.xml", "texGrassTiled.png", "texBrickTiled.png", "texPlanksTiled.png", "texRug.png", "objCrate.png", "heroEast.png", "heroWest.png", "heroNorth.png", "heroSouth.png"} {
		b, err := os.ReadFile(filepath.Join("../../level/testdata/isomob", n))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, n), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	li := levelInfo{FS: os.DirFS(dir), File: "scene.xml", Watch: true}
	g := newGame(1, 1, true)
	defer g.rd.Close()
	L, err := loadLevel(li, 1, g.sheet)
	if err != nil {
		t.Fatal(err)
	}
	if L.watch == nil || L.watch.Changed() {
		t.Fatal("no watcher, or a change before any save")
	}
	later := time.Now().Add(2 * time.Second)
	if err := os.Chtimes(filepath.Join(dir, "texRug.png"), later, later); err != nil {
		t.Fatal(err)
	}
	if !L.watch.Changed() {
		t.Fatal("saving a texture did not mark the level changed")
	}
}
