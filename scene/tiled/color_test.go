package tiled

import (
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
