package tiled

import (
	"errors"
	"os"
	"strings"
	"testing"
	"testing/fstest"

	"diorama/internal/testenv"
)

// TestLoadWorldStickerKnight: Tiled's own sticker-knight.world lists three
// maps (one of them JSON) at their world positions, and all three load.
func TestLoadWorldStickerKnight(t *testing.T) {
	fsys := os.DirFS(testenv.SharedTestdata(t, "tiled-examples"))
	w, err := LoadWorld(fsys, "sticker-knight/sticker-knight.world")
	if err != nil {
		t.Fatal(err)
	}
	want := []WorldMap{
		{File: "sticker-knight/map/sandbox2.tmx", X: 1824, Y: 0, Width: 2560, Height: 992},
		{File: "sticker-knight/map/sandbox.tmx", X: 0, Y: -1792, Width: 2528, Height: 1440},
		{File: "sticker-knight/ui/title.json", X: -1760, Y: -1408, Width: 1216, Height: 832},
	}
	if len(w.Maps) != len(want) {
		t.Fatalf("%d maps, want %d", len(w.Maps), len(want))
	}
	for i := range want {
		if w.Maps[i] != want[i] {
			t.Errorf("map %d: %+v, want %+v", i, w.Maps[i], want[i])
		}
	}
	maps, err := Loader{}.LoadMaps(fsys, w)
	if err != nil {
		t.Fatal(err)
	}
	for i, m := range maps {
		if m.File != want[i].File || m.Width*m.TileWidth != want[i].Width {
			t.Errorf("map %d: %s %d px wide, want %s %d", i, m.File, m.Width*m.TileWidth, want[i].File, want[i].Width)
		}
	}
}

// TestLoadWorldPatterns: patterns match file names anywhere (as Tiled's
// QRegularExpression::match does) in the world's folder only, with
// Tiled's defaults (multiplier 1, map size |multiplier|); bad worlds are
// errors naming the file and the JSON path.
func TestLoadWorldPatterns(t *testing.T) {
	fsys := fstest.MapFS{
		"w/island.world": {Data: []byte(`{"type":"world","maps":[{"fileName":"../hub.tmx","x":-100,"y":5}],
 "patterns":[{"regexp":"ow-p0*(\\d+)-n0*(\\d+)\\.tmx","multiplierX":640,"multiplierY":480,"offsetX":-640,"offsetY":10},
             {"regexp":"cave(\\d+)_(\\d+)\\.tmj","mapWidth":32}]}`)},
		"w/ow-p01-n002.tmx":   {Data: []byte("x")},
		"w/ow-p3-n0.tmx":      {Data: []byte("x")},
		"w/old-ow-p1-n1.tmx":  {Data: []byte("x")}, // matches: not anchored
		"w/ow-p1-n1.tsx":      {Data: []byte("x")},
		"w/cave2_3.tmj":       {Data: []byte("x")},
		"w/sub/ow-p5-n5.tmx":  {Data: []byte("x")},
		"hub.tmx":             {Data: []byte("x")},
		"w/ow-p9-n9.tmx.bak":  {Data: []byte("x")},
		"other/ow-p7-n7.tmx":  {Data: []byte("x")},
		"w/readme-ow-p.txt":   {Data: []byte("x")},
		"w/unrelated.tmx":     {Data: []byte("x")},
		"w/ow-p4-n4.tmxfile":  {Data: []byte("x")},
		"w/ow-pX-n4.tmx":      {Data: []byte("x")},
		"w/cave1_1.tmx":       {Data: []byte("x")},
		"w/cave10_20.tmj.old": {Data: []byte("x")},
	}
	w, err := LoadWorld(fsys, "w/island.world")
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]WorldMap{}
	for _, m := range w.Maps {
		got[m.File] = m
	}
	want := map[string]WorldMap{
		"hub.tmx":             {File: "hub.tmx", X: -100, Y: 5},
		"w/old-ow-p1-n1.tmx":  {File: "w/old-ow-p1-n1.tmx", X: 0, Y: 490, Width: 640, Height: 480},
		"w/ow-p01-n002.tmx":   {File: "w/ow-p01-n002.tmx", X: 0, Y: 970, Width: 640, Height: 480},
		"w/ow-p3-n0.tmx":      {File: "w/ow-p3-n0.tmx", X: 1280, Y: 10, Width: 640, Height: 480},
		"w/ow-p9-n9.tmx.bak":  {File: "w/ow-p9-n9.tmx.bak", X: 5120, Y: 4330, Width: 640, Height: 480},
		"w/ow-p4-n4.tmxfile":  {File: "w/ow-p4-n4.tmxfile", X: 1920, Y: 1930, Width: 640, Height: 480},
		"w/cave2_3.tmj":       {File: "w/cave2_3.tmj", X: 2, Y: 3, Width: 32, Height: 1},
		"w/cave10_20.tmj.old": {File: "w/cave10_20.tmj.old", X: 10, Y: 20, Width: 32, Height: 1},
	}
	if len(got) != len(want) {
		t.Errorf("maps %v, want %d", w.Maps, len(want))
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s: %+v, want %+v", k, got[k], v)
		}
	}
	if w.Maps[0].File != "hub.tmx" {
		t.Errorf("listed maps come first: %v", w.Maps[0])
	}
	for name, c := range map[string]struct{ json, where string }{
		"captures":  {`{"patterns":[{"regexp":"a(\\d+)"}]}`, "pattern 0: regexp has 1 captures"},
		"regexp":    {`{"patterns":[{"regexp":"a(\\d+)(\\d+"}]}`, "w/bad.world:1: pattern 0: bad regular expression"},
		"zero":      {`{"patterns":[{"regexp":"(\\d+)(\\d+)","multiplierX":0}]}`, "pattern 0: multipliers 0, 1 must not be 0"},
		"escape":    {`{"maps":[{"fileName":"../../x.tmx"}]}`, "map 0: attribute fileName: \"../../x.tmx\" leaves the root"},
		"no file":   {`{"maps":[{"x":1}]}`, "map 0: no fileName"},
		"type":      {`{"type":"map"}`, "<map>: root element is not <world>"},
		"malformed": {`{"maps":[`, ""},
		"wrong":     {`{"maps":[{"fileName":5}]}`, "map 0: attribute fileName is a number, not text"},
	} {
		_, err := LoadWorld(fstest.MapFS{"w/bad.world": {Data: []byte(c.json)}}, "w/bad.world")
		var e *Error
		if !errors.As(err, &e) || e.File != "w/bad.world" || !strings.Contains(err.Error(), c.where) {
			t.Errorf("%s: error %v, want one naming w/bad.world and %q", name, err, c.where)
		}
	}
	_, err = Loader{}.LoadMaps(fsys, &World{File: "w/island.world", Maps: []WorldMap{{File: "hub.tmx"}}})
	if err == nil || !strings.HasPrefix(err.Error(), "w/island.world: maps[0] hub.tmx: ") {
		t.Fatalf("LoadMaps error %v does not name the world and the map", err)
	}
}

// FuzzLoadWorld: any bytes give a world or an error, never a panic.
func FuzzLoadWorld(f *testing.F) {
	f.Add([]byte(`{"type":"world","maps":[{"fileName":"a.tmx","x":1,"y":2,"width":3,"height":4}],"patterns":[{"regexp":"m(\\d+)_(\\d+)\\.tmx","multiplierX":-5}]}`))
	f.Add([]byte(`{"maps":{}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		fsys := fstest.MapFS{"w.world": {Data: data}, "m1_2.tmx": {Data: []byte("x")}}
		w, err := LoadWorld(fsys, "w.world")
		if err == nil && w == nil {
			t.Fatal("nil world without error")
		}
	})
}
