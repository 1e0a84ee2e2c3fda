//go:build !js && !android

package auto

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"diorama/platform"
	"diorama/platform/internal/testgame"
)

// toldGame records that Run told it it runs headless.
type toldGame struct {
	*testgame.Game
	told bool
}

func (g *toldGame) RunHeadless() { g.told = true }

// A headless run (asked for) tells a HeadlessGame so before it starts and
// says on the log where the PNG and the GIF went.
func TestRunTellsHeadless(t *testing.T) {
	dir := t.TempDir()
	var log bytes.Buffer
	g := &toldGame{Game: testgame.New(64, 48, 5)}
	if err := Run(g, platform.Config{Width: 64, Height: 48, TPS: 30}, Options{Ticks: 6, OutDir: dir, Name: "x", Log: &log, Headless: true}); err != nil {
		t.Fatal(err)
	}
	if !g.told || !strings.Contains(log.String(), "wrote "+filepath.Join(dir, "x.png")+" and "+filepath.Join(dir, "x.gif")) {
		t.Fatalf("told %v, log %q", g.told, log.String())
	}
}
