package main

import (
	"flag"
	"image"
	"image/color"
	"testing"

	"diorama/iso"
	"diorama/mathx"
	"diorama/platform"
	"diorama/platform/headless"
	"diorama/raster"
	"diorama/raster/rastertest"
)

var update = flag.Bool("update", false, "rewrite tiles.png and the golden frames in testdata/")

// tileset draws the map's four 32×32 tiles: grass, grass with flowers,
// water and a tree. With -update it (re)writes tiles.png, which the game
// embeds; without, the committed file must match it pixel for pixel.
func tileset() *raster.Frame {
	p, _ := iso.Dimetric(32)
	f, _ := raster.NewFrame(128, 32)
	for i, c := range []color.RGBA{{96, 150, 70, 255}, {90, 142, 66, 255}, {50, 100, 170, 255}, {96, 150, 70, 255}} {
		raster.CopySprite(f, f.Rect, raster.MustSprite(iso.TileImage(p, c)), 32*i, 16)
	}
	for _, d := range []mathx.Vec2{{X: 42, Y: 22}, {X: 50, Y: 27}, {X: 56, Y: 21}} { // flowers
		raster.FillCircle(f, f.Rect, d, 1.5, color.RGBA{240, 220, 90, 255}, true)
	}
	raster.FillRect(f, f.Rect, image.Rect(110, 18, 114, 25), color.RGBA{110, 70, 40, 255}) // trunk
	raster.FillPolygon(f, f.Rect, []mathx.Vec2{{X: 112, Y: 1}, {X: 122, Y: 21}, {X: 102, Y: 21}}, color.RGBA{40, 110, 50, 255}, true)
	return f
}

func TestTileset(t *testing.T) { rastertest.Golden(t, "tiles.png", tileset(), *update) }

func run(t *testing.T, ticks int, script string) (*game, *headless.Result) {
	t.Helper()
	g, err := newGame()
	if err != nil {
		t.Fatal(err)
	}
	s, err := headless.ParseScript("script", script)
	if err != nil {
		t.Fatal(err)
	}
	res, err := headless.Run(g, platform.Config{Width: W, Height: H}, headless.Options{Ticks: ticks, DrawEvery: ticks, Script: s})
	if err != nil {
		t.Fatal(err)
	}
	return g, res
}

// Walking right on screen for a second moves the hero 3 world units along
// world (1, −1), and the camera keeps it in view.
func TestWalkRight(t *testing.T) {
	g, _ := run(t, 60, "0 keydown D\n")
	p := g.w.Pos(g.hero)
	if want := mathx.V3(3.5+3/mathx.V2(1, 1).Len(), 3.5-3/mathx.V2(1, 1).Len(), 0); p.Dist(want) > 0.06 {
		t.Errorf("hero at %v, want %v", p, want)
	}
	s := g.cam.MapToScreen(g.w.Grid.ToScreen(p))
	if s.X < 0 || s.Y < 0 || s.X >= W || s.Y >= H {
		t.Errorf("hero drawn at %v, off the view", s)
	}
}

// Trees and water are solid: walking down-right (world +x) along row 3.5
// stops against the tree at (8.5, 3.5); walking up (world −x −y) stops at
// the water around the map, one hero radius from its edge at 1.
func TestTreesAndWaterBlock(t *testing.T) {
	g, res := run(t, 300, "0 keydown S\n0 keydown D\n")
	if p, want := g.w.Pos(g.hero), 8.5-0.3-0.25; p.X > want+0.02 || p.X < want-0.1 || p.Y != 3.5 {
		t.Errorf("hero at %v, want stopped at x ≈ %.2f on row 3.5", p, want)
	}
	rastertest.Golden(t, "testdata/walk.png", res.Frame, *update)
	g, _ = run(t, 300, "0 keydown W\n")
	if p := g.w.Pos(g.hero); p.X < 1.25-0.02 || p.X > 1.3 || p.Y < 1.25-0.02 || p.Y > 1.3 {
		t.Errorf("hero at %v, want stopped at (1.25, 1.25) by the water", p)
	}
}
