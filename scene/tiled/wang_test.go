package tiled

import (
	"image/color"
	"os"
	"strings"
	"testing"
	"testing/fstest"

	"diorama/internal/testenv"
)

// TestKeptData: Wang sets, tile transformations, blend modes and object
// opacity reach the model from TMX and TMJ alike (Tiled 1.12's format
// references), templates pass opacity on, and Tiled's own desert.tsx
// keeps its 48 Wang tiles.
func TestKeptData(t *testing.T) {
	tmx := `<?xml version="1.0"?><map version="1.12" orientation="orthogonal" width="1" height="1" tilewidth="8" tileheight="8">
 <tileset firstgid="1" name="t" tilewidth="8" tileheight="8" tilecount="4" columns="2">
  <transformations hflip="1" vflip="0" rotate="1" preferuntransformed="1"/>
  <image source="t.png" width="16" height="16"/>
  <wangsets>
   <wangset name="Ground" class="terrain" type="mixed" tile="2">
    <wangcolor name="Grass" color="#8ab022" tile="0" probability="0.5"><properties><property name="speed" type="float" value="0.8"/></properties></wangcolor>
    <wangcolor name="Water" color="#378dc2" tile="3" probability="1"/>
    <wangtile tileid="0" wangid="1,1,1,1,1,1,1,1"/>
    <wangtile tileid="1" wangid="0,2,0,1,0,2,0,1"/>
   </wangset>
  </wangsets>
 </tileset>
 <layer id="1" name="g" width="1" height="1" mode="multiply"><data encoding="csv">1</data></layer>
 <objectgroup id="2" name="o"><object id="1" x="1" y="2" width="8" height="8" opacity="0.25"/><object id="2" x="0" y="0"/></objectgroup>
</map>`
	tmj := `{"type":"map","version":"1.12","orientation":"orthogonal","width":1,"height":1,"tilewidth":8,"tileheight":8,
 "tilesets":[{"firstgid":1,"name":"t","tilewidth":8,"tileheight":8,"tilecount":4,"columns":2,"image":"t.png","imagewidth":16,"imageheight":16,
  "transformations":{"hflip":true,"vflip":false,"rotate":true,"preferuntransformed":true},
  "wangsets":[{"name":"Ground","class":"terrain","type":"mixed","tile":2,
   "colors":[{"name":"Grass","color":"#8ab022","tile":0,"probability":0.5,"properties":[{"name":"speed","type":"float","value":0.8}]},
             {"name":"Water","color":"#378dc2","tile":3,"probability":1}],
   "wangtiles":[{"tileid":0,"wangid":[1,1,1,1,1,1,1,1]},{"tileid":1,"wangid":[0,2,0,1,0,2,0,1]}]}]}],
 "layers":[{"type":"tilelayer","id":1,"name":"g","width":1,"height":1,"data":[1],"mode":"multiply"},
  {"type":"objectgroup","id":2,"name":"o","objects":[{"id":1,"x":1,"y":2,"width":8,"height":8,"opacity":0.25},{"id":2,"x":0,"y":0}]}]}`
	fsys := fstest.MapFS{"m.tmx": {Data: []byte(tmx)}, "m.tmj": {Data: []byte(tmj)}}
	for _, name := range []string{"m.tmx", "m.tmj"} {
		m, err := Load(fsys, name)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		ts := m.Tilesets[0]
		if ts.Transformations != (Transformations{HFlip: true, Rotate: true, PreferUntransformed: true}) {
			t.Errorf("%s: transformations %+v", name, ts.Transformations)
		}
		if len(ts.WangSets) != 1 {
			t.Fatalf("%s: %d wang sets", name, len(ts.WangSets))
		}
		w := ts.WangSets[0]
		if w.Name != "Ground" || w.Class != "terrain" || w.Type != WangMixed || w.Tile != 2 || len(w.Colors) != 2 || len(w.Tiles) != 2 {
			t.Fatalf("%s: wang set %+v", name, w)
		}
		if c := w.Colors[0]; c.Color != (color.NRGBA{0x8a, 0xb0, 0x22, 255}) || c.Probability != 0.5 || c.Properties.Float("speed", 0) != 0.8 {
			t.Errorf("%s: colour %+v", name, c)
		}
		if wt := w.Tiles[1]; wt.TileID != 1 || wt.WangID != [8]uint8{0, 2, 0, 1, 0, 2, 0, 1} {
			t.Errorf("%s: wang tile %+v", name, wt)
		}
		if m.Layers[0].BlendMode != "multiply" {
			t.Errorf("%s: blend mode %q", name, m.Layers[0].BlendMode)
		}
		objs := m.Layers[1].Objects
		if objs[0].Opacity != 0.25 || objs[1].Opacity != 1 {
			t.Errorf("%s: object opacities %v, %v", name, objs[0].Opacity, objs[1].Opacity)
		}
	}
	bad := fstest.MapFS{"b.tmx": {Data: []byte(`<?xml version="1.0"?><map version="1.12" orientation="orthogonal" width="1" height="1" tilewidth="8" tileheight="8">
 <tileset firstgid="1" name="t" tilewidth="8" tileheight="8" tilecount="4" columns="2"><image source="t.png" width="16" height="16"/>
 <wangsets><wangset name="W" type="corner" tile="-1"><wangcolor name="A" color="#ff0000" tile="-1" probability="1"/>
 <wangtile tileid="0" wangid="0,3,0,1,0,1,0,1"/></wangset></wangsets></tileset></map>`)}}
	if _, err := Load(bad, "b.tmx"); err == nil {
		t.Fatal("a Wang ID naming a missing colour was accepted")
	} else if msg := err.Error(); !strings.Contains(msg, "b.tmx:4") || !strings.Contains(msg, "colour 3 of 1") {
		t.Fatalf("error %q does not name the file, line and colour", msg)
	}

	dir := testenv.SharedTestdata(t, "tiled-examples")
	ts, err := LoadTileset(os.DirFS(dir), "desert.tsx")
	if err != nil {
		t.Fatal(err)
	}
	if len(ts.WangSets) != 1 || len(ts.WangSets[0].Tiles) != 48 || ts.WangSets[0].Name != "Desert" {
		t.Fatalf("desert.tsx wang sets: %d sets", len(ts.WangSets))
	}
}
