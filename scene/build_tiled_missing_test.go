package scene

import (
	"errors"
	"strings"
	"testing"
	"testing/fstest"

	"diorama/iso"
	"diorama/mathx"
	"diorama/raster"
	"diorama/scene/tiled"
)

// A map whose tileset image and image layer are missing: unopenable by
// default (games stay strict), built with placeholders when
// BuildOptions.Missing is set, which hears of each missing file once.
func TestBuildTiledMissingImages(t *testing.T) {
	fsys := fstest.MapFS{"m.tmx": {Data: []byte(`<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="orthogonal" renderorder="right-down" width="2" height="1" tilewidth="16" tileheight="16" infinite="0" nextlayerid="3" nextobjectid="1">
 <tileset firstgid="1" name="t" tilewidth="16" tileheight="16" tilecount="4" columns="2"><image source="gone.png" width="32" height="32"/></tileset>
 <imagelayer id="2" name="sky"><image source="sky.png"/></imagelayer>
 <layer id="1" name="ground" width="2" height="1"><data encoding="csv">1,4</data></layer>
</map>`)}}
	m, err := tiled.Load(fsys, "m.tmx")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := BuildTiled(fsys, m, BuildOptions{}); err == nil || !strings.Contains(err.Error(), "gone.png") && !strings.Contains(err.Error(), "sky.png") {
		t.Fatalf("strict build: %v", err)
	}
	var missing []error
	w, err := BuildTiled(fsys, m, BuildOptions{Missing: func(err error) { missing = append(missing, err) }})
	if err != nil {
		t.Fatal(err)
	}
	if len(missing) != 2 || !strings.Contains(missing[0].Error()+missing[1].Error(), "gone.png") || !strings.Contains(missing[0].Error()+missing[1].Error(), "sky.png") ||
		!errors.Is(missing[0], tiled.ErrMissing) && !errors.Is(missing[1], tiled.ErrMissing) {
		t.Fatalf("missing: %v", missing)
	}
	fr, err := raster.NewFrame(32, 16)
	if err != nil {
		t.Fatal(err)
	}
	cam := iso.NewCamera(32, 16)
	cam.Center = mathx.V2(16, 8)
	dl := raster.NewDrawList()
	if _, err := w.Render(dl, iso.NewPainter(w.Grid, cam), 1); err != nil {
		t.Fatal(err)
	}
	dl.Draw(fr)
	// Tile 1 is the sheet's top-left 16×16: checks from (0, 0); tile 4
	// its bottom-right, checks again; magenta and black both drawn.
	for _, p := range []struct {
		x, y int
		c    [3]uint8
	}{{0, 0, [3]uint8{255, 0, 255}}, {8, 0, [3]uint8{0, 0, 0}}, {16, 0, [3]uint8{255, 0, 255}}, {24, 8, [3]uint8{255, 0, 255}}} {
		c := fr.RGBAAt(p.x, p.y)
		if [3]uint8{c.R, c.G, c.B} != p.c || c.A != 255 {
			t.Fatalf("pixel %d,%d is %v, want %v", p.x, p.y, c, p.c)
		}
	}
}
