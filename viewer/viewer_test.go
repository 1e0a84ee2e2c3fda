package viewer

import (
	"bytes"
	"flag"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"diorama/internal/testenv"
	"diorama/mathx"
	"diorama/platform"
	"diorama/raster"
	"diorama/raster/rastertest"
)

var update = flag.Bool("update", false, "rewrite the golden images in testdata/")

func frame(t *testing.T) *raster.Frame {
	t.Helper()
	f, err := raster.NewFrame(320, 200)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// TestViewerTiledExamples: every map of Tiled's examples folder and the
// sticker-knight world open and draw; the world's three maps are placed
// at their world-file positions.
func TestViewerTiledExamples(t *testing.T) {
	dir := testenv.SharedTestdata(t, "tiled-examples")
	root, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	fsys := root.FS()
	names := []string{"sticker-knight/sticker-knight.world", "desert.tmx", "hexagonal-mini.tmx", "isometric_grass_and_water.tmx",
		"isometric_staggered_grass_and_water.tmx", "perspective_walls.tmx", "forest/forest.tmx", "rpg/island.tmx",
		"sticker-knight/ui/title.json", "sewer_automap/rule_001.tmx"}
	for _, name := range names {
		v, err := Open(fsys, name)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		f := frame(t)
		v.SetDebug(true)
		v.Draw(f, 0)
		if v.Err() != nil {
			t.Fatalf("%s: %v", name, v.Err())
		}
		if !strings.Contains(v.Status(), path0(name)) {
			t.Errorf("%s: status %q", name, v.Status())
		}
	}
	v, err := Open(fsys, "sticker-knight/sticker-knight.world")
	if err != nil {
		t.Fatal(err)
	}
	if v.Maps() != 3 {
		t.Fatalf("world shows %d maps", v.Maps())
	}
	// Centre on the title screen (placed at -1760, -1408, 1216×832).
	v.SetCenter(mathx.V2(-1760+608, -1408+416))
	f, err := raster.NewFrame(640, 400)
	if err != nil {
		t.Fatal(err)
	}
	v.Draw(f, 0)
	if !strings.HasPrefix(v.Status(), "sticker-knight/ui/title.json") {
		t.Fatalf("status %q: the title map is not the one under the centre", v.Status())
	}
	rastertest.Golden(t, "testdata/world_title.png", f, *update)
}

func path0(name string) string {
	if strings.HasSuffix(name, ".world") {
		return "sticker-knight/map/sandbox2.tmx" // the world's first map
	}
	return name
}

// writeMap writes a one-layer 2×2 orthogonal map using the colour tile
// of tiles.png (two 8×8 tiles: red, blue) into dir.
func writeMap(t *testing.T, dir, data string) {
	t.Helper()
	tmx := `<?xml version="1.0"?><map version="1.10" orientation="orthogonal" width="2" height="2" tilewidth="8" tileheight="8">
<tileset firstgid="1" source="tiles.tsx"/>
<layer id="1" name="ground" width="2" height="2"><data encoding="csv">` + data + `</data></layer>
<layer id="2" name="top" width="2" height="2"><data encoding="csv">0,0,0,2</data></layer></map>`
	if err := os.WriteFile(filepath.Join(dir, "m.tmx"), []byte(tmx), 0o644); err != nil {
		t.Fatal(err)
	}
	// Make sure the modification time moves even on coarse clocks.
	future := time.Now().Add(time.Duration(len(data)) * time.Second)
	os.Chtimes(filepath.Join(dir, "m.tmx"), future, future)
}

func writeTileset(t *testing.T, dir string) {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, 16, 8))
	for y := 0; y < 8; y++ {
		for x := 0; x < 16; x++ {
			c := color.NRGBA{255, 0, 0, 255}
			if x >= 8 {
				c = color.NRGBA{0, 0, 255, 255}
			}
			img.SetNRGBA(x, y, c)
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "tiles.png"), buf.Bytes(), 0o644)
	os.WriteFile(filepath.Join(dir, "tiles.tsx"), []byte(`<?xml version="1.0"?>
<tileset name="c" tilewidth="8" tileheight="8" tilecount="2" columns="2"><image source="tiles.png" width="16" height="8"/></tileset>`), 0o644)
}

// TestViewerHotReload: a saved map is reloaded keeping the camera and the
// layer toggles; a broken save keeps the last good map on screen with the
// error; the next good save clears it.
func TestViewerHotReload(t *testing.T) {
	dir := t.TempDir()
	writeTileset(t, dir)
	writeMap(t, dir, "1,1,1,1")
	root, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	v, err := Open(root.FS(), "m.tmx")
	if err != nil {
		t.Fatal(err)
	}
	v.SetCenter(mathx.V2(8, 8))
	v.ToggleLayer(0, 1) // hide "top"
	f := frame(t)
	at := func() color.RGBA { v.Draw(f, 0); return f.RGBAAt(160-4, 100-4) } // inside tile (0,0)
	if c := at(); c != (color.RGBA{255, 0, 0, 255}) {
		t.Fatalf("before: %v", c)
	}
	v.CheckReload()
	if v.Reloads() != 0 {
		t.Fatal("reloaded without a change")
	}
	writeMap(t, dir, "2,1,1,1")
	v.CheckReload()
	if v.Reloads() != 1 || v.Err() != nil {
		t.Fatalf("reloads %d err %v", v.Reloads(), v.Err())
	}
	if c := at(); c != (color.RGBA{0, 0, 255, 255}) {
		t.Fatalf("after the save the tile is %v, want blue", c)
	}
	if v.Center() != mathx.V2(8, 8) || !v.World(0).Layers[1].Hidden {
		t.Fatal("camera or layer toggle lost by the reload")
	}
	writeMap(t, dir, "2,1,1") // too few tiles: broken
	v.CheckReload()
	if v.Err() == nil || !strings.Contains(v.Err().Error(), "m.tmx") {
		t.Fatalf("broken save: err %v", v.Err())
	}
	v.Draw(f, 0)
	if c := f.RGBAAt(160-4, 100-4); c != (color.RGBA{0, 0, 255, 255}) {
		t.Fatalf("broken save: last good map not shown (%v)", c)
	}
	if c := f.RGBAAt(5, 5); c.R < 140 || c.G > 40 {
		t.Fatalf("broken save: no error banner (%v)", c)
	}
	v.CheckReload()
	if v.Reloads() != 2 {
		t.Fatalf("the same broken save was loaded again (%d reloads)", v.Reloads())
	}
	writeMap(t, dir, "1,1,1,2")
	v.CheckReload()
	if v.Err() != nil {
		t.Fatalf("good save after a broken one: %v", v.Err())
	}
	// A changed tileset image reloads too.
	img := image.NewNRGBA(image.Rect(0, 0, 16, 8))
	for i := range img.Pix {
		img.Pix[i] = 255
	}
	var buf bytes.Buffer
	png.Encode(&buf, img)
	os.WriteFile(filepath.Join(dir, "tiles.png"), buf.Bytes(), 0o644)
	future := time.Now().Add(time.Hour)
	os.Chtimes(filepath.Join(dir, "tiles.png"), future, future)
	v.CheckReload()
	if c := at(); c != (color.RGBA{255, 255, 255, 255}) || v.Reloads() != 4 {
		t.Fatalf("after the image save: %v, %d reloads", c, v.Reloads())
	}
}

// TestViewerControls: keys pan by 8 screen pixels a tick, the wheel
// zooms, a drag moves the map with the pointer, number keys toggle
// layers, Escape quits; the checks for saved files run once a second.
func TestViewerControls(t *testing.T) {
	dir := t.TempDir()
	writeTileset(t, dir)
	writeMap(t, dir, "1,1,1,1")
	root, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	v, err := Open(root.FS(), "m.tmx")
	if err != nil {
		t.Fatal(err)
	}
	in := platform.NewInput(320, 200)
	step := func(evs ...platform.Event) error {
		for _, e := range evs {
			in.Push(e)
		}
		err := v.Update(in)
		in.EndTick()
		return err
	}
	c0 := v.Center()
	step(platform.Event{Kind: platform.KeyDown, Key: platform.KeyArrowRight})
	for range 9 {
		step()
	}
	step(platform.Event{Kind: platform.KeyUp, Key: platform.KeyArrowRight})
	if got := v.Center().Sub(c0); got != mathx.V2(80, 0) {
		t.Fatalf("ten ticks of → moved %v, want (80, 0)", got)
	}
	step(platform.Event{Kind: platform.MouseWheel, DY: 1})
	if v.Zoom() != 2 {
		t.Fatalf("zoom %d after a wheel notch", v.Zoom())
	}
	c1 := v.Center()
	step(platform.Event{Kind: platform.MouseMove, X: 100, Y: 100}, platform.Event{Kind: platform.MouseDown, Button: platform.MouseLeft, X: 100, Y: 100})
	step(platform.Event{Kind: platform.MouseMove, X: 120, Y: 90})
	step(platform.Event{Kind: platform.MouseUp, Button: platform.MouseLeft, X: 120, Y: 90})
	if got := v.Center().Sub(c1); got != mathx.V2(-10, 5) {
		t.Fatalf("a drag of (20, -10) at zoom 2 moved the centre %v, want (-10, 5)", got)
	}
	step(platform.Event{Kind: platform.KeyDown, Key: platform.Key2})
	step(platform.Event{Kind: platform.KeyUp, Key: platform.Key2})
	if !v.World(0).Layers[1].Hidden {
		t.Fatal("key 2 did not hide layer 2")
	}
	writeMap(t, dir, "2,2,2,2")
	for range ReloadTicks {
		step()
	}
	if v.Reloads() != 1 {
		t.Fatalf("%d reloads after a second", v.Reloads())
	}
	if err := step(platform.Event{Kind: platform.KeyDown, Key: platform.KeyEscape}); err != platform.ErrQuit {
		t.Fatalf("Escape: %v", err)
	}
}
