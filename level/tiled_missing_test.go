package level

import (
	"bytes"
	"errors"
	"image"
	"image/png"
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
// Options.Missing is set, which hears of each missing file once.
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
	if _, err := BuildTiled(fsys, m, Options{}); err == nil || !strings.Contains(err.Error(), "gone.png") && !strings.Contains(err.Error(), "sky.png") {
		t.Fatalf("strict build: %v", err)
	}
	var missing []error
	w, err := BuildTiled(fsys, m, Options{Missing: func(err error) { missing = append(missing, err) }})
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

// A map without collision data gets its walls from code: SolidTile makes
// the tiles of one tileset id solid, which blocks sight; without it the
// same map is open; the rule sees what the map says.
func TestBuildTiledSolidTileRule(t *testing.T) {
	fsys := fstest.MapFS{"m.tmx": {Data: []byte(`<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="orthogonal" renderorder="right-down" width="5" height="3" tilewidth="16" tileheight="16" infinite="0" nextlayerid="2" nextobjectid="1">
 <tileset firstgid="1" name="t" tilewidth="16" tileheight="16" tilecount="4" columns="2"><image source="t.png" width="32" height="32"/><tile id="1" class="rock"/></tileset>
 <layer id="1" name="ground" width="5" height="3"><data encoding="csv">1,1,1,1,1,1,1,2,1,1,1,1,2,1,1</data></layer>
</map>`)}, "t.png": {Data: pngOf(t, 32, 32)}}
	m, err := tiled.Load(fsys, "m.tmx")
	if err != nil {
		t.Fatal(err)
	}
	from, to := mathx.V2(0.5, 1.5), mathx.V2(4.5, 1.5) // across the rock at (2, 1)
	open, err := BuildTiled(fsys, m, Options{})
	if err != nil || !open.Nav().LineOfSight(from, to) {
		t.Fatalf("without a rule: %v, sight %v", err, err == nil && open.Nav().LineOfSight(from, to))
	}
	var seen []TileInfo
	w, err := BuildTiled(fsys, m, Options{SolidTile: func(ti TileInfo) bool {
		if ti.ID == 1 {
			seen = append(seen, ti)
		}
		return ti.Class == "rock"
	}})
	if err != nil {
		t.Fatal(err)
	}
	if w.Nav().LineOfSight(from, to) {
		t.Fatal("the rock tile does not block sight")
	}
	if len(seen) != 2 || seen[0] != (TileInfo{Layer: "ground", Col: 2, Row: 1, Tileset: "t", ID: 1, Class: "rock"}) {
		t.Fatalf("rule saw %+v", seen)
	}
}

// pngOf is a w×h grey PNG.
func pngOf(t *testing.T, w, h int) []byte {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for i := range img.Pix {
		img.Pix[i] = 128
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}
