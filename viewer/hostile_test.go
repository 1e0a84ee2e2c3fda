package viewer

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"diorama/internal/loadutil/loadtest"
)

// world is a .world listing n maps, every one m.tmx, side by side.
func world(n int) []byte {
	var b strings.Builder
	b.WriteString(`{"type": "world", "maps": [`)
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteString(",\n")
		}
		b.WriteString(`{"fileName": "m.tmx", "x": ` + strconv.Itoa(i*128) + `, "y": 0, "width": 128, "height": 64}`)
	}
	b.WriteString(`]}`)
	return []byte(b.String())
}

// smallMap is a 2×2 map of layers empty tile layers.
func smallMap(layers int) []byte {
	var b strings.Builder
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="isometric" renderorder="right-down" width="2" height="2" tilewidth="64" tileheight="32" infinite="0">`)
	for i := 0; i < layers; i++ {
		b.WriteString(`<layer id="` + strconv.Itoa(i+1) + `" name="g" width="2" height="2"><data encoding="csv">0,0,0,0</data></layer>`)
	}
	b.WriteString("</map>")
	return []byte(b.String())
}

// TestHostileWorlds: the maps of a world share one budget (MaxWorldCells:
// each map's layers and tiles and MapCells a map). A world of 65,536 maps
// (tiled's limit; 1,000 tiny maps took 316 MiB and 2 s to load and
// build) is refused before any map is read, naming the world; one within
// the budget opens; a map's own error names the world and the map.
func TestHostileWorlds(t *testing.T) {
	if testing.Short() {
		t.Skip("hostile corpus")
	}
	m := smallMap(1)
	for _, c := range []struct {
		name  string
		files fstest.MapFS
		want  string
	}{
		{"65536 maps", fstest.MapFS{"w.world": {Data: world(65536)}, "m.tmx": {Data: m}},
			"w.world: 65536 maps, more than a world's budget holds (1024: each map counts 65536 of MaxWorldCells, 67108864, besides its layers and tiles)"},
		{"1025 maps", fstest.MapFS{"w.world": {Data: world(1025)}, "m.tmx": {Data: m}}, "w.world: 1025 maps, more than"},
		{"a broken map", fstest.MapFS{"w.world": {Data: world(3)}, "m.tmx": {Data: []byte("<map")}}, "w.world: maps[0] m.tmx: m.tmx:1: "},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := loadtest.Watch(t, 0, 0, func() error {
				_, err := Open(c.files, "w.world")
				return err
			})
			loadtest.WantError(t, err, nil, "w.world: ", c.want)
		})
	}
	// 64 maps of 16 layers: within the budget, every map shown.
	fsys := fstest.MapFS{"w.world": {Data: world(64)}, "m.tmx": {Data: smallMap(16)}}
	var v *Viewer
	if err := loadtest.Watch(t, 0, 0, func() (err error) { v, err = Open(fsys, "w.world"); return }); err != nil {
		t.Fatal(err)
	}
	if v.Maps() != 64 {
		t.Fatalf("%d maps", v.Maps())
	}
	if got, want := mapCells(v.maps[0].m.Layers), int64(16*(512+4)); got != want {
		t.Errorf("a map counts %d cells, want %d", got, want)
	}
}

// layeredMap is an 8×8 map of n tile layers, every cell tile 1 of t.png.
func layeredMap(n int) []byte {
	var b strings.Builder
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="isometric" renderorder="right-down" width="8" height="8" tilewidth="64" tileheight="32" infinite="0">
<tileset firstgid="1" name="t" tilewidth="64" tileheight="32" tilecount="1" columns="1"><image source="t.png" width="64" height="32"/></tileset>`)
	data := strings.TrimSuffix(strings.Repeat("1,", 64), ",")
	for i := 0; i < n; i++ {
		b.WriteString("\n<layer id=\"" + strconv.Itoa(i+1) + "\" name=\"l\" width=\"8\" height=\"8\"><data encoding=\"csv\">" + data + "</data></layer>")
	}
	b.WriteString("\n</map>")
	return []byte(b.String())
}

func tilePNG(t *testing.T) []byte {
	img := image.NewNRGBA(image.Rect(0, 0, 64, 32))
	for i := range img.Pix {
		img.Pix[i] = 200
	}
	img.SetNRGBA(0, 0, color.NRGBA{})
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestHostileLayers: a map of 60,000 full 8×8 layers (3.84 M cells, far
// under the cells limit, but 264 MiB for the loaders alone and seconds to
// build and show) is refused by the viewer before any layer is built,
// naming the map, the line and the limit, within the hostile corpus's
// memory and time; 4,096 such layers (the limit) open.
func TestHostileLayers(t *testing.T) {
	if testing.Short() {
		t.Skip("hostile corpus")
	}
	tile := tilePNG(t)
	fsys := fstest.MapFS{"m.tmx": {Data: layeredMap(60000)}, "t.png": {Data: tile}}
	err := loadtest.Watch(t, 0, 0, func() error {
		_, err := Open(fsys, "m.tmx")
		return err
	})
	loadtest.WantError(t, err, nil, "m.tmx", "m.tmx:4100: <layer>: more than 4096 layers (raise Limits.MaxLayers)")
	fsys = fstest.MapFS{"m.tmx": {Data: layeredMap(4096)}, "t.png": {Data: tile}}
	var v *Viewer
	if err := loadtest.Watch(t, 0, 0, func() (err error) { v, err = Open(fsys, "m.tmx"); return }); err != nil {
		t.Fatal(err)
	}
	if got := len(v.maps[0].m.Layers); got != 4096 {
		t.Errorf("%d layers", got)
	}
}
