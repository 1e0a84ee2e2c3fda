package level

import (
	"bytes"
	"encoding/base64"
	"image"
	"image/color"
	"image/png"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"diorama/raster"
	"diorama/scene/tiled"
)

// embeddedMap is a one-tile orthogonal map whose tileset image is
// embedded in the TMX file (TMX's <image format="png"><data
// encoding="base64">, as Tiled writes it and flame-engine's tiled.dart
// tests it), and an image layer whose image is embedded too.
func embeddedMap(t *testing.T) string {
	t.Helper()
	enc := func(c color.NRGBA, w, h int) string {
		img := image.NewNRGBA(image.Rect(0, 0, w, h))
		for i := 0; i < len(img.Pix); i += 4 {
			img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = c.R, c.G, c.B, c.A
		}
		var b bytes.Buffer
		if err := png.Encode(&b, img); err != nil {
			t.Fatal(err)
		}
		s := base64.StdEncoding.EncodeToString(b.Bytes())
		return s[:10] + "\n   " + s[10:] // whitespace inside the data is ignored
	}
	return `<?xml version="1.0"?>
<map version="1.10" orientation="orthogonal" width="2" height="1" tilewidth="8" tileheight="8">
 <tileset firstgid="1" name="e" tilewidth="8" tileheight="8">
  <image format="png"><data encoding="base64">` + enc(color.NRGBA{255, 0, 0, 255}, 16, 8) + `</data></image>
 </tileset>
 <imagelayer id="2" name="bg" offsetx="8" offsety="0"><image format="png"><data encoding="base64">` + enc(color.NRGBA{0, 0, 255, 255}, 8, 8) + `</data></image></imagelayer>
 <layer id="1" name="g" width="2" height="1"><data encoding="csv">2,0</data></layer>
 <imagelayer id="3" name="empty"><image source=""/></imagelayer>
</map>`
}

func TestTiledEmbeddedImages(t *testing.T) {
	fsys := fstest.MapFS{"e.tmx": {Data: []byte(embeddedMap(t))}}
	m, err := tiled.Load(fsys, "e.tmx")
	if err != nil {
		t.Fatal(err)
	}
	ts := m.Tilesets[0]
	if ts.Image.Source != "" || ts.Image.Format != "png" || !strings.HasPrefix(ts.Image.Data, "\x89PNG") {
		t.Fatalf("tileset image %q %q %d bytes", ts.Image.Source, ts.Image.Format, len(ts.Image.Data))
	}
	if ts.Columns != 2 || ts.TileCount != 2 {
		t.Fatalf("columns %d count %d (from the embedded image's header)", ts.Columns, ts.TileCount)
	}
	if m.Layers[2].Image != nil {
		t.Fatalf("an image layer without an image: %+v", m.Layers[2].Image)
	}
	w, err := BuildTiled(fsys, m, Options{})
	if err != nil {
		t.Fatal(err)
	}
	f := renderWorld(t, w, 0)
	b := w.Grid.Bounds()
	// The frame shows the map's bounds centred; find the tile and the
	// image layer by colour.
	reds, blues := 0, 0
	for y := 0; y < f.H(); y++ {
		for x := 0; x < f.W(); x++ {
			switch f.RGBAAt(x, y) {
			case color.RGBA{255, 0, 0, 255}:
				reds++
			case color.RGBA{0, 0, 255, 255}:
				blues++
			}
		}
	}
	if reds != 64 || blues != 64 || b.Dx() != 16 {
		t.Errorf("drawn: %d red (tile 2 of the embedded tileset), %d blue (the embedded image layer) pixels, want 64 each; bounds %v", reds, blues, b)
	}
	// Bad embedded data: an error naming the file and the place.
	for _, bad := range []struct{ from, to, want string }{
		{`<data encoding="base64">`, `<data encoding="csv">`, `embedded image encoding "csv", want base64`},
		{`<data encoding="base64">`, `<data encoding="base64">!!`, "bad base64"},
		{"", "", "image with neither a source nor embedded data"},
	} {
		src := strings.Replace(embeddedMap(t), bad.from, bad.to, 1)
		if bad.from == "" { // the tileset's data element taken out
			src = regexp.MustCompile(`(?s)<data encoding="base64">.*?</data>`).ReplaceAllString(src, "")
		}
		_, err := tiled.Load(fstest.MapFS{"e.tmx": {Data: []byte(src)}}, "e.tmx")
		if err == nil || !strings.Contains(err.Error(), "e.tmx:4") || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("%s: %v", bad.to, err)
		}
	}
}

// A tile whose embedded image is empty has no image (Tiled shows
// nothing there), as flame-engine's test_base64_gzip.tmx has.
func TestTiledEmptyEmbeddedTileImage(t *testing.T) {
	src := `<?xml version="1.0"?><map version="1.2" orientation="orthogonal" width="1" height="1" tilewidth="8" tileheight="8">
 <tileset firstgid="1" name="c" tilewidth="8" tileheight="8" tilecount="1" columns="0">
  <tile id="0"><image format="png"><data encoding="base64"></data></image></tile>
 </tileset>
 <layer id="1" name="g" width="1" height="1"><data encoding="csv">1</data></layer>
</map>`
	fsys := fstest.MapFS{"c.tmx": {Data: []byte(src)}}
	m, err := tiled.Load(fsys, "c.tmx")
	if err != nil {
		t.Fatal(err)
	}
	if tl := m.Tilesets[0].Tile(0); tl == nil || tl.Image != nil {
		t.Fatalf("tile 0: %+v", tl)
	}
	if _, err := BuildTiled(fsys, m, Options{}); err != nil {
		t.Fatal(err)
	}
}

// A collection tile whose image declares no size (files of old Tiled
// versions; Tiled's own sticker-knight title.json) is the whole image: as
// a tile object stretched to the object's size it was drawn from a 0×0
// picture and failed with a size of -9223372036854775808.
func TestTiledCollectionTileWithoutImageSize(t *testing.T) {
	var b bytes.Buffer
	img := image.NewNRGBA(image.Rect(0, 0, 4, 4))
	for i := range img.Pix {
		img.Pix[i] = 255
	}
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	src := `<?xml version="1.0"?><map version="1.0" orientation="orthogonal" width="4" height="4" tilewidth="8" tileheight="8">
 <tileset firstgid="1" name="c" tilewidth="8" tileheight="8"><tile id="0"><image source="b.png"/></tile></tileset>
 <objectgroup id="1" name="o"><object id="1" gid="1" x="0" y="16" width="16" height="12"/></objectgroup>
</map>`
	fsys := fstest.MapFS{"c.tmx": {Data: []byte(src)}, "b.png": {Data: b.Bytes()}}
	w, err := LoadTiled(fsys, "c.tmx", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if n := countRGBA(renderWorld(t, w, 0), color.RGBA{255, 255, 255, 255}); n != 16*12 {
		t.Errorf("%d white pixels, want the 16×12 object", n)
	}
}

// countRGBA counts the pixels of colour c in f.
func countRGBA(f *raster.Frame, c color.RGBA) int {
	n := 0
	for y := 0; y < f.H(); y++ {
		for x := 0; x < f.W(); x++ {
			if f.RGBAAt(x, y) == c {
				n++
			}
		}
	}
	return n
}
