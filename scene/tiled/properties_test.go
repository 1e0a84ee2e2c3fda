package tiled

import (
	"strings"
	"testing"
	"testing/fstest"

	"diorama/props"
)

// propsTMX is a one-tile map whose map properties are props.
func propsTMX(props string) string {
	return `<?xml version="1.0"?><map version="1.12" orientation="orthogonal" width="1" height="1" tilewidth="8" tileheight="8">` +
		`<properties>` + props + `</properties><layer id="1" name="g" width="1" height="1"><data encoding="csv">0</data></layer></map>`
}

// checkListProps checks the list, class and unknown-type properties both
// formats below describe identically.
func checkListProps(t *testing.T, m *Map) {
	t.Helper()
	l, ok := m.Properties.Get("list property")
	if !ok || l.Type != props.ListType || len(l.Items) != 4 {
		t.Fatalf("list property: %+v", l)
	}
	if it := l.Items[0]; it.Type != props.IntType || it.Int != 10 {
		t.Errorf("item 0: %+v", it)
	}
	if it := l.Items[1]; it.Type != props.StringType || it.Value != "text" {
		t.Errorf("item 1: %+v", it)
	}
	if it := l.Items[2]; it.Type != props.ListType || len(it.Items) != 1 || it.Items[0].Type != props.BoolType || !it.Items[0].Bool {
		t.Errorf("item 2 (nested list): %+v", it)
	}
	if it := l.Items[3]; it.Type != props.ClassType || it.CustomType != "Point" || len(it.Members) != 2 {
		t.Errorf("item 3 (class): %+v", it)
	} else if x, _ := it.Members.Get("x"); x.Float != 1.5 {
		t.Errorf("item 3 member x: %+v", x)
	}
	c, ok := m.Properties.Get("spawn")
	if !ok || c.Type != props.ClassType || len(c.Members) != 2 {
		t.Fatalf("class property: %+v", c)
	}
	inner, ok := c.Members.Get("inner")
	if !ok || inner.Type != props.ClassType {
		t.Fatalf("nested class member: %+v", inner)
	}
	if hp, _ := inner.Members.Get("hp"); hp.Int != 3 {
		t.Errorf("nested member hp: %+v", hp)
	}
	u, ok := m.Properties.Get("future")
	if !ok || u.Type != props.StringType || u.TypeName != "vector3" {
		t.Errorf("unknown type kept as string with TypeName: %+v", u)
	}
}

// TestListAndClassProperties: Tiled 1.12 list properties (nested lists,
// class items), nested class members and a type from a newer Tiled load
// from TMX and TMJ alike, as the format references describe them.
func TestListAndClassProperties(t *testing.T) {
	tmx := propsTMX(`
  <property name="list property" type="list">
   <item type="int" value="10"/>
   <item value="text"/>
   <item type="list"><item type="bool" value="true"/></item>
   <item type="class" propertytype="Point"><properties><property name="x" type="float" value="1.5"/><property name="y" type="float" value="2"/></properties></item>
  </property>
  <property name="spawn" type="class" propertytype="Spawn"><properties>
   <property name="kind" value="orc"/>
   <property name="inner" type="class" propertytype="Stats"><properties><property name="hp" type="int" value="3"/></properties></property>
  </properties></property>
  <property name="future" type="vector3" value="1,2,3"/>`)
	tmj := `{"type":"map","version":"1.12","orientation":"orthogonal","width":1,"height":1,"tilewidth":8,"tileheight":8,
 "layers":[{"type":"tilelayer","id":1,"name":"g","width":1,"height":1,"data":[0]}],
 "properties":[
  {"name":"list property","type":"list","value":[
    {"type":"int","value":10},{"type":"string","value":"text"},
    {"type":"list","value":[{"type":"bool","value":true}]},
    {"type":"class","propertytype":"Point","value":{"x":1.5,"y":2}}]},
  {"name":"spawn","type":"class","propertytype":"Spawn","value":{"kind":"orc","inner":{"hp":3}}},
  {"name":"future","type":"vector3","value":[1,2,3]}]}`
	fsys := fstest.MapFS{"m.tmx": {Data: []byte(tmx)}, "m.tmj": {Data: []byte(tmj)}}
	for _, name := range []string{"m.tmx", "m.tmj"} {
		m, err := Load(fsys, name)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		checkListProps(t, m)
	}
}

// TestLegacyJSONProperties: maps saved before Tiled 1.2 write properties
// as an object of name: value with the types in "propertytypes"; they
// load with their types, in file order, on maps, layers and objects.
func TestLegacyJSONProperties(t *testing.T) {
	tmj := `{"type":"map","version":1,"orientation":"orthogonal","width":1,"height":1,"tilewidth":8,"tileheight":8,
 "properties":{"name":"castle","level":"3","speed":"1.5","boss":"true"},
 "propertytypes":{"name":"string","level":"int","speed":"float","boss":"bool"},
 "layers":[{"type":"objectgroup","name":"o","objects":[{"id":1,"x":0,"y":0,"properties":{"hp":7,"tag":"door"}}],
   "properties":{"solid":true}}]}`
	m, err := Load(fstest.MapFS{"old.json": {Data: []byte(tmj)}}, "old.json")
	if err != nil {
		t.Fatal(err)
	}
	ps := m.Properties
	if len(ps) != 4 || ps[0].Name != "name" || ps[3].Name != "boss" {
		t.Fatalf("order or count: %+v", ps)
	}
	if ps.String("name", "") != "castle" || ps.Int("level", 0) != 3 || ps.Float("speed", 0) != 1.5 || !ps.Bool("boss", false) {
		t.Fatalf("typed values: %+v", ps)
	}
	l := m.Layers[0]
	if !l.Properties.Bool("solid", false) {
		t.Errorf("layer property (bare bool): %+v", l.Properties)
	}
	o := l.Objects[0]
	if o.Properties.Int("hp", 0) != 7 || o.Properties.String("tag", "") != "door" {
		t.Errorf("object properties (inferred types): %+v", o.Properties)
	}
}

// TestLegacyJSONTiles: tilesets saved before Tiled 1.2 write "tiles" as
// an object keyed by tile ID and the tiles' properties apart, in
// "tileproperties" with their "tilepropertytypes" (Tiled's JSON
// changelog, 1.2); both load onto the tiles (the tileset lists its tiles in
// ID order). A key that is not a tile ID is
// an error naming the file.
func TestLegacyJSONTiles(t *testing.T) {
	tileset := func(tiles, props string) string {
		return `{"type":"map","version":1,"orientation":"orthogonal","width":1,"height":1,"tilewidth":8,"tileheight":8,
 "layers":[{"type":"tilelayer","name":"t","width":1,"height":1,"data":[1]}],
 "tilesets":[{"firstgid":1,"name":"old","tilewidth":8,"tileheight":8,"tilecount":4,"columns":2,
   "image":"t.png","imagewidth":16,"imageheight":16,"tiles":` + tiles + `,` + props + `}]}`
	}
	src := tileset(`{"3":{"animation":[{"tileid":3,"duration":100},{"tileid":1,"duration":50}]},"1":{"type":"water"}}`,
		`"tileproperties":{"2":{"collides":"true"},"1":{"depth":2}},"tilepropertytypes":{"2":{"collides":"bool"},"1":{"depth":"int"}}`)
	m, err := Load(fstest.MapFS{"old.json": {Data: []byte(src)}}, "old.json")
	if err != nil {
		t.Fatal(err)
	}
	tiles := m.Tilesets[0].Tiles // in ID order
	if len(tiles) != 3 || tiles[0].ID != 1 || tiles[1].ID != 2 || tiles[2].ID != 3 {
		t.Fatalf("tiles %+v", tiles)
	}
	if tiles[0].Class != "water" || tiles[0].Properties.Int("depth", 0) != 2 {
		t.Errorf("tile 1: class %q properties %+v", tiles[0].Class, tiles[0].Properties)
	}
	if !tiles[1].Properties.Bool("collides", false) {
		t.Errorf("tile 2 (only in tileproperties): %+v", tiles[1].Properties)
	}
	if len(tiles[2].Animation) != 2 || tiles[2].Animation[1].TileID != 1 {
		t.Errorf("animation of tile 3: %+v", tiles[2].Animation)
	}
	for _, bad := range []string{tileset(`{"x":{}}`, `"margin":0`), tileset(`[]`, `"tileproperties":{"-1":{"a":1}}`)} {
		_, err := Load(fstest.MapFS{"old.json": {Data: []byte(bad)}}, "old.json")
		if err == nil || !strings.Contains(err.Error(), "old.json") || !strings.Contains(err.Error(), "not a tile ID") {
			t.Errorf("%s: error %v", bad, err)
		}
	}
}
