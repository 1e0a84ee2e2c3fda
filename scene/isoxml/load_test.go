package isoxml

import (
	"errors"
	"os"
	"reflect"
	"testing"
	"testing/fstest"

	"diorama/mathx"
)

func TestLoadDemo(t *testing.T) {
	s, err := Load(os.DirFS("testdata"), "scenes/demo.xml")
	if err != nil {
		t.Fatal(err)
	}
	if s.File != "scenes/demo.xml" || s.Name != "Demo Scene" || s.Description != "Demo Level" || s.GridSize != 64 || s.LevelSize != 64 {
		t.Fatalf("header %q %q %q %d %d", s.File, s.Name, s.Description, s.GridSize, s.LevelSize)
	}
	d := s.Defs
	if !reflect.DeepEqual(d.Files, []string{"definitions/level_0.xml", "definitions/level_1.xml"}) {
		t.Fatal(d.Files)
	}
	wantMedia := []Media{{"assets/level0", "definitions/level_0.xml", 4}, {"assets/level1", "definitions/level_1.xml", 2}}
	if !reflect.DeepEqual(d.Media, wantMedia) {
		t.Fatalf("media %+v", d.Media)
	}
	wantMats := []Material{
		{Name: "tex1", Type: "tile", Diffuse: "texBrick", File: "definitions/level_0.xml", Line: 6},
		{Name: "tex2", Type: "", Diffuse: "tex2", File: "definitions/level_0.xml", Line: 7},
		{Name: "texGrassTiled", Type: "tile", Diffuse: "texGrassTiled", Tiled: true, File: "definitions/level_0.xml", Line: 8},
		{Name: "tex3", Type: "tile", Diffuse: "matYellowTileFloor", File: "definitions/level_1.xml", Line: 3},
	}
	if !reflect.DeepEqual(d.Materials, wantMats) {
		t.Fatalf("materials %+v", d.Materials)
	}
	wantDefs := []ObjectDef{
		{Name: "demoObj", Solid: true, Sprites: []Sprite{{0, "objCrate"}}, Collision: &Cylinder{20, 20}, File: "definitions/level_0.xml", Line: 10},
		{Name: "demoChar", Character: true, Solid: true, Animated: true,
			Sprites:   []Sprite{{45, "humanEast"}, {135, "humanSouth"}, {225, "humanWest"}, {315, "humanNorth"}},
			Collision: &Cylinder{16, 48}, File: "definitions/level_0.xml", Line: 15},
		{Name: "objBookshelfSE", Sprites: []Sprite{{0, "objBookshelfSE"}}, File: "definitions/level_1.xml", Line: 4},
		{Name: "bastetcase", Solid: true, Animated: true, Sprites: []Sprite{{45, "bastetcaseEast"}, {225, "bastetcaseWest"}},
			Collision: &Cylinder{20, 20}, File: "definitions/level_1.xml", Line: 7},
	}
	if !reflect.DeepEqual(d.Objects, wantDefs) {
		t.Fatalf("definitions %+v", d.Objects)
	}
	mat := func(name string) *Material {
		m, ok := d.Material(name)
		if !ok {
			t.Fatalf("no material %q", name)
		}
		return m
	}
	def := func(name string) *ObjectDef {
		o, ok := d.Object(name)
		if !ok {
			t.Fatalf("no definition %q", name)
		}
		return o
	}
	wantWalls := []Wall{
		{ID: "W1", Line: 13, Pos: mathx.V3(0, 0, 0), Dir: Vert, Size: 768, Height: 64, Material: mat("tex1")},
		{ID: "W2", Line: 15, Pos: mathx.V3(0, 960, 0), Dir: Horiz, Size: 832, Height: 64, Material: mat("tex2")},
	}
	if !reflect.DeepEqual(s.Walls, wantWalls) {
		t.Fatalf("walls %+v", s.Walls)
	}
	if s.Walls[0].Material != mat("tex1") { // the same definition, not a copy
		t.Fatal("wall material is a copy")
	}
	if b := s.Walls[0].Box(); b != (Box{mathx.V3(0, 0, 0), mathx.V3(0, 768, 64)}) {
		t.Fatal(b)
	}
	if b := s.Walls[1].Box(); b != (Box{mathx.V3(0, 960, 0), mathx.V3(832, 960, 64)}) {
		t.Fatal(b)
	}
	wantFloors := []Floor{
		{ID: "F1", Line: 17, Pos: mathx.V3(0, 0, 0), Width: 768, Depth: 960, Material: mat("texGrassTiled")},
		{ID: "F2", Line: 18, Pos: mathx.V3(768, 0, 0), Width: 320, Depth: 960, Material: mat("tex3")},
	}
	if !reflect.DeepEqual(s.Floors, wantFloors) {
		t.Fatalf("floors %+v", s.Floors)
	}
	if b := s.Floors[1].Box(); b != (Box{mathx.V3(768, 0, 0), mathx.V3(1088, 960, 0)}) {
		t.Fatal(b)
	}
	if s.Bounds != (Box{mathx.V3(0, 0, 0), mathx.V3(1088, 960, 64)}) {
		t.Fatalf("bounds %v", s.Bounds)
	}
	box := func(x0, y0, x1, y1 float64) mathx.AABB {
		return mathx.AABB{Min: mathx.V2(x0, y0), Max: mathx.V2(x1, y1)}
	}
	wantObjects := []Entity{
		{ID: "O1", Line: 19, Pos: mathx.V3(490, 423, 0), Def: def("demoObj"), Cell: Cell{7, 6, 0}, Footprint: box(470, 403, 510, 443)},
		{ID: "O2", Line: 21, Pos: mathx.V3(100.5, 64, 0), Def: def("objBookshelfSE"), Cell: Cell{1, 1, 0}, Footprint: box(100.5, 64, 100.5, 64)},
	}
	if !reflect.DeepEqual(s.Objects, wantObjects) {
		t.Fatalf("objects %+v", s.Objects)
	}
	wantChars := []Entity{
		{ID: "Player", Line: 22, Pos: mathx.V3(900, 450, 0), Orientation: 45, Def: def("demoChar"), Cell: Cell{14, 7, 0},
			Footprint: box(884, 434, 916, 466), Props: []Prop{{"health", "100"}, {"team", "blue"}}},
		{ID: "E1", Line: 23, Pos: mathx.V3(200, 900, 0), Orientation: 225, Def: def("bastetcase"), Cell: Cell{3, 14, 0}, Footprint: box(180, 880, 220, 920)},
	}
	if !reflect.DeepEqual(s.Characters, wantChars) {
		t.Fatalf("characters %+v", s.Characters)
	}
	if v, ok := s.Characters[0].Prop("team"); !ok || v != "blue" {
		t.Fatal(v, ok)
	}
	if _, ok := s.Characters[1].Prop("team"); ok {
		t.Fatal("E1 has a team")
	}
	if sp, ok := s.Characters[0].Def.SpriteFor(s.Characters[0].Orientation); !ok || sp.Src != "humanEast" {
		t.Fatal(sp)
	}
}

func TestLoadTemplate(t *testing.T) {
	s, err := Load(os.DirFS("testdata"), "scenes/template.xml")
	if err != nil {
		t.Fatal(err)
	}
	if s.Name != "Level1 Template" || s.Description != "template" || s.GridSize != 32 || s.LevelSize != 16 {
		t.Fatalf("%+v", s)
	}
	if s.Walls != nil || s.Floors != nil || s.Objects != nil || s.Characters != nil || s.Bounds != (Box{}) {
		t.Fatal("empty body is not empty")
	}
	if len(s.Defs.Materials) != 3 || len(s.Defs.Objects) != 2 {
		t.Fatal(len(s.Defs.Materials), len(s.Defs.Objects))
	}
}

func TestLoadDefinitionsAlone(t *testing.T) {
	d, err := LoadDefinitions(os.DirFS("testdata"), "definitions/level_1.xml")
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Materials) != 1 || len(d.Objects) != 2 || d.Files[0] != "definitions/level_1.xml" {
		t.Fatalf("%+v", d)
	}
	if _, ok := d.Object("demoObj"); ok {
		t.Fatal("demoObj is in level_0")
	}
	if o, ok := d.Object("bastetcase"); !ok || o.Collision.Radius != 20 {
		t.Fatal(o)
	}
}

func TestCellOf(t *testing.T) {
	s := &Scene{GridSize: 64, LevelSize: 32}
	for _, c := range []struct {
		p    mathx.Vec3
		want Cell
	}{
		{mathx.V3(0, 0, 0), Cell{0, 0, 0}},
		{mathx.V3(63.9, 64, 31.9), Cell{0, 1, 0}},
		{mathx.V3(-0.5, 128, 32), Cell{-1, 2, 1}},
	} {
		if got := s.CellOf(c.p); got != c.want {
			t.Fatalf("CellOf(%v) = %v, want %v", c.p, got, c.want)
		}
	}
}

func TestSpriteFor(t *testing.T) {
	d := &ObjectDef{Sprites: []Sprite{{45, "E"}, {135, "S"}, {225, "W"}, {315, "N"}}}
	for _, c := range []struct {
		deg  float64
		want string
	}{{0, "E"}, {44, "E"}, {90, "E"}, {91, "S"}, {200, "W"}, {359, "N"}, {-30, "N"}, {405, "E"}} {
		if s, ok := d.SpriteFor(c.deg); !ok || s.Src != c.want {
			t.Fatalf("SpriteFor(%g) = %v, want %s", c.deg, s, c.want)
		}
	}
	if _, ok := (&ObjectDef{}).SpriteFor(0); ok {
		t.Fatal("sprite from nothing")
	}
	if Vert.String() != "vert" || Horiz.String() != "horiz" {
		t.Fatal("WallDir strings")
	}
}

// IsoMob's Listing 3.1 verbatim: its definitions path climbs three folders,
// which works from three folders deep and is refused from anywhere higher.
func TestListing31(t *testing.T) {
	fsys := os.DirFS("testdata")
	s, err := Load(fsys, "levels/demo/xml/listing31.xml")
	if err != nil {
		t.Fatal(err)
	}
	if s.Defs.Files[0] != "definitions/demo_assets.xml" || s.Defs.Media[0].Src != "assets/demo" {
		t.Fatal(s.Defs.Files, s.Defs.Media)
	}
	if len(s.Walls) != 2 || len(s.Floors) != 1 || len(s.Objects) != 1 || len(s.Characters) != 1 {
		t.Fatalf("%d walls %d floors %d objects %d characters", len(s.Walls), len(s.Floors), len(s.Objects), len(s.Characters))
	}
	if s.Bounds != (Box{mathx.V3(0, 0, 0), mathx.V3(1088, 960, 64)}) {
		t.Fatal(s.Bounds)
	}
	o, p := s.Objects[0], s.Characters[0]
	if o.ID != "O1" || o.Pos != mathx.V3(490, 423, 0) || o.Def.Name != "demoObj" || o.Cell != (Cell{7, 6, 0}) || o.Line != 13 {
		t.Fatalf("%+v", o)
	}
	if p.ID != "Player" || p.Pos != mathx.V3(900, 450, 0) || p.Def.Name != "demoChar" || p.Cell != (Cell{14, 7, 0}) || p.Line != 15 {
		t.Fatalf("%+v", p)
	}
	src, err := os.ReadFile("testdata/levels/demo/xml/listing31.xml")
	if err != nil {
		t.Fatal(err)
	}
	_, err = Load(fstest.MapFS{"levels/listing31.xml": {Data: src}}, "levels/listing31.xml")
	if !errors.Is(err, ErrPath) || err.Error() != `levels/listing31.xml:5: <definitions src="../../../definitions/demo_assets.xml">: bad src: "../../../definitions/demo_assets.xml" leaves the root (resolves to "../../definitions/demo_assets.xml")` {
		t.Fatal(err)
	}
}
