//go:build !js && !android

package auto

import (
	"bytes"
	"image/gif"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"diorama/platform"
	"diorama/platform/internal/testgame"
	"diorama/raster"
)

// With no display, Run falls back to headless, says so, and writes the
// last frame as PNG and the run as GIF.
func TestRunFallsBackToHeadless(t *testing.T) {
	t.Setenv("DISPLAY", "")
	t.Setenv("WAYLAND_DISPLAY", "")
	dir := t.TempDir()
	var log bytes.Buffer
	g := testgame.New(64, 48, 5)
	err := Run(g, platform.Config{Width: 64, Height: 48, TPS: 30}, Options{Ticks: 12, OutDir: dir, Name: "x", GIFEvery: 3, Log: &log})
	if err != nil {
		t.Fatal(err)
	}
	msg := log.String()
	if !strings.Contains(msg, "no window") || !strings.Contains(msg, "running headless") || !strings.Contains(msg, "12 ticks, 4 frames") {
		t.Fatalf("message %q", msg)
	}
	f, err := os.Open(filepath.Join(dir, "x.png"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := raster.NewFrame(64, 48)
	testgame.Pattern(want, 5)
	for y := 0; y < 48; y++ {
		for x := 0; x < 64; x++ {
			r, gg, b, a := img.At(x, y).RGBA()
			w := want.RGBAAt(x, y)
			if uint8(r>>8) != w.R || uint8(gg>>8) != w.G || uint8(b>>8) != w.B || uint8(a>>8) != w.A {
				t.Fatalf("PNG pixel %d,%d differs", x, y)
			}
		}
	}
	gf, err := os.ReadFile(filepath.Join(dir, "x.gif"))
	if err != nil {
		t.Fatal(err)
	}
	// The pattern does not change: one frame lasting the 12 ticks (40 cs).
	an, err := gif.DecodeAll(bytes.NewReader(gf))
	if err != nil || len(an.Image) != 1 || an.Delay[0] != 40 {
		t.Fatalf("GIF: %v, %d frames, delays %v", err, len(an.Image), an.Delay)
	}
	if g.Ticks != 12 {
		t.Fatalf("game ran %d ticks", g.Ticks)
	}
}

// Options.Headless runs headless even with a display, without the
// fallback's message (only where the output went).
func TestRunHeadlessOption(t *testing.T) {
	t.Setenv("DISPLAY", ":99999") // would be tried (and fail) without the option
	dir := t.TempDir()
	var log bytes.Buffer
	g := testgame.New(32, 24, 2)
	if err := Run(g, platform.Config{Width: 32, Height: 24, TPS: 30}, Options{Ticks: 6, OutDir: dir, Name: "h", Log: &log, Headless: true}); err != nil {
		t.Fatal(err)
	}
	if g.Ticks != 6 || strings.Contains(log.String(), "no window") {
		t.Fatalf("ran %d ticks, log %q", g.Ticks, log.String())
	}
	if _, err := os.Stat(filepath.Join(dir, "h.png")); err != nil {
		t.Fatal(err)
	}
}

func TestHeadlessDefaultsAndErrors(t *testing.T) {
	dir := t.TempDir()
	g := testgame.New(8, 8, 1)
	res, err := Headless(g, platform.Config{Width: 8, Height: 8, TPS: 5}, Options{OutDir: dir})
	if err != nil || res.Ticks != 50 {
		t.Fatalf("default ticks: %v, %+v", err, res)
	}
	if _, err := os.Stat(filepath.Join(dir, "demo.gif")); err != nil {
		t.Fatal(err)
	}
	if _, err := Headless(g, platform.Config{Width: -1, Height: 8}, Options{OutDir: dir}); err == nil {
		t.Fatal("bad config accepted")
	}
}

// GIFPath puts the recording apart from the PNG; by default the GIF has
// 15 frames a second while the game draws 30.
func TestHeadlessGIFPath(t *testing.T) {
	dir := t.TempDir()
	gifPath := filepath.Join(dir, "rec", "run.gif")
	g := testgame.New(16, 16, 2)
	g.HasCursor = true
	res, err := Headless(&cursorWalker{g}, platform.Config{Width: 16, Height: 16, TPS: 60}, Options{Ticks: 60, OutDir: filepath.Join(dir, "png"), GIFPath: gifPath})
	if err != nil {
		t.Fatal(err)
	}
	if res.Frames != 30 {
		t.Fatalf("%d frames drawn, want 30", res.Frames)
	}
	if _, err := os.Stat(filepath.Join(dir, "png", "demo.png")); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "png", "demo.gif")); err == nil {
		t.Fatal("GIF written to OutDir too")
	}
	data, err := os.ReadFile(gifPath)
	if err != nil {
		t.Fatal(err)
	}
	an, err := gif.DecodeAll(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	sum := 0
	for _, d := range an.Delay {
		sum += d
	}
	if len(an.Image) != 15 || sum != 100 {
		t.Fatalf("GIF: %d frames, %d cs", len(an.Image), sum)
	}
}

// cursorWalker moves the test game's cursor a pixel a tick, so every
// frame differs.
type cursorWalker struct {
	*testgame.Game
}

func (c *cursorWalker) Update(in *platform.Input) error {
	c.Cursor.X = float64(c.Ticks % 16)
	c.Cursor.Y = float64(c.Ticks / 16 % 16)
	return c.Game.Update(in)
}
