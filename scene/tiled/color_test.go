package tiled

import (
	"strings"
	"testing"
	"testing/fstest"
)

// Only trans may leave out the '#', as in Tiled: a tint, background or
// layer colour written without it is no colour (Tiled draws the layer
// untinted), in TMX and in JSON alike; with it, it is read.
func TestColourWithoutHash(t *testing.T) {
	fsys := fstest.MapFS{
		"a.tmx": {Data: []byte(`<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="orthogonal" renderorder="right-down" width="1" height="1" tilewidth="16" tileheight="16" infinite="0" backgroundcolor="334455" nextlayerid="4" nextobjectid="1">
 <tileset firstgid="1" name="t" tilewidth="16" tileheight="16" tilecount="1" columns="1"><image source="t.png" trans="ff00ff" width="16" height="16"/></tileset>
 <layer id="1" name="a" width="1" height="1" tintcolor="123456"><data encoding="csv">1</data></layer>
 <layer id="2" name="b" width="1" height="1" tintcolor="#123456"><data encoding="csv">1</data></layer>
 <objectgroup id="3" name="o" color="abcdef"/>
</map>`)},
		"a.tmj": {Data: []byte(`{"type":"map","version":"1.10","orientation":"orthogonal","renderorder":"right-down","width":1,"height":1,"tilewidth":16,"tileheight":16,"infinite":false,"backgroundcolor":"334455","nextlayerid":3,"nextobjectid":1,
"tilesets":[{"firstgid":1,"name":"t","tilewidth":16,"tileheight":16,"tilecount":1,"columns":1,"image":"t.png","imagewidth":16,"imageheight":16,"transparentcolor":"ff00ff"}],
"layers":[{"type":"tilelayer","id":1,"name":"a","width":1,"height":1,"x":0,"y":0,"opacity":1,"visible":true,"tintcolor":"123456","data":[1]},
{"type":"tilelayer","id":2,"name":"b","width":1,"height":1,"x":0,"y":0,"opacity":1,"visible":true,"tintcolor":"#123456","data":[1]}]}`)},
	}
	for _, name := range []string{"a.tmx", "a.tmj"} {
		m, err := Load(fsys, name)
		if err != nil {
			t.Fatal(name, err)
		}
		ls := m.Flatten()
		if m.Background.A != 0 || ls[0].HasTint || !ls[1].HasTint || ls[1].Tint.B != 0x56 || !m.Tilesets[0].Image.HasTrans {
			t.Fatalf("%s: background %v, tints %v %v, trans %v", name, m.Background, ls[0].HasTint, ls[1].HasTint, m.Tilesets[0].Image.HasTrans)
		}
	}
}

// A map whose external tileset and template are missing: an error by
// default; with Loader.Missing, both are reported (naming the files) and
// the map loads, the tileset as a placeholder whose image is the missing
// file, the object without its template.
func TestLoadMissingTilesetAndTemplate(t *testing.T) {
	fsys := fstest.MapFS{"m.tmx": {Data: []byte(`<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="orthogonal" renderorder="right-down" width="2" height="1" tilewidth="16" tileheight="16" infinite="0" nextlayerid="3" nextobjectid="2">
 <tileset firstgid="1" source="gone.tsx"/>
 <layer id="1" name="ground" width="2" height="1"><data encoding="csv">1,2</data></layer>
 <objectgroup id="2" name="o"><object id="1" template="gone.tx" x="3" y="4"/></objectgroup>
</map>`)}}
	if _, err := Load(fsys, "m.tmx"); err == nil {
		t.Fatal("a missing tileset loaded by default")
	}
	var missing []string
	m, err := Loader{Missing: func(err error) { missing = append(missing, err.Error()) }}.Load(fsys, "m.tmx")
	if err != nil {
		t.Fatal(err)
	}
	if len(missing) != 2 || !strings.Contains(missing[0], "gone.tsx") || !strings.Contains(missing[1], "gone.tx") {
		t.Fatalf("missing %q", missing)
	}
	ts := m.Tilesets[0]
	if ts.Image == nil || ts.Image.Source != "gone.tsx" || ts.TileCount != 256 {
		t.Fatalf("placeholder tileset %+v", ts)
	}
	if o := m.Flatten()[1].Objects[0]; o.X != 3 || o.Y != 4 {
		t.Fatalf("object %+v", o)
	}
}
