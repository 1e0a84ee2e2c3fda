package isoxml_test

import (
	"fmt"
	"testing/fstest"

	"diorama/scene/isoxml"
)

// Loading an IsoMob scene and the definitions file it names, from any
// fs.FS (os.DirFS and embed.FS work the same).
func ExampleLoad() {
	fsys := fstest.MapFS{
		"scenes/room.xml": {Data: []byte(`<scene gridsize="64" levelsize="64">
  <head>
    <name>Room</name>
    <definitions src="../defs/common.xml"/>
  </head>
  <body>
    <wall id="W1" x="0" y="0" z="0" dir="vert" size="512" height="64" src="matBrickTiled"/>
    <floor id="F1" x="0" y="0" z="0" width="512" height="512" src="matWood"/>
    <object id="O1" x="100" y="200" z="0" def="objCrate"/>
    <character id="Player" x="300" y="300" z="0" def="hero" orientation="135" health="100"/>
  </body>
</scene>`)},
		"defs/common.xml": {Data: []byte(`<definitions>
  <media src="../assets/common"/>
  <materialDefinition name="matBrickTiled" type="tile"/>
  <materialDefinition name="matWood" type="tile"/>
  <objectDefinition name="objCrate" solid="true" animated="false">
    <displayModel><sprite angle="0" src="objCrate"/></displayModel>
    <collisionModel><cylinder radius="20" height="20"/></collisionModel>
  </objectDefinition>
  <objectDefinition name="hero" solid="true" animated="true">
    <displayModel><sprite angle="135" src="heroSouth"/><sprite angle="315" src="heroNorth"/></displayModel>
    <collisionModel><cylinder radius="16" height="48"/></collisionModel>
  </objectDefinition>
</definitions>`)},
	}
	s, err := isoxml.Load(fsys, "scenes/room.xml")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(s.Name, "grid", s.GridSize, "bounds", s.Bounds.Min, s.Bounds.Max)
	w := s.Walls[0]
	fmt.Println("wall", w.ID, w.Dir, "plane, box", w.Box(), "tiled texture:", w.Material.Tiled)
	o := s.Objects[0]
	fmt.Println("object", o.ID, "cell", o.Cell, "footprint", o.Footprint.Min, o.Footprint.Max)
	p := s.Characters[0]
	sp, _ := p.Def.SpriteFor(p.Orientation)
	hp, _ := p.Prop("health")
	fmt.Println("character", p.ID, "sprite", sp.Src, "health", hp)
	// Output:
	// Room grid 64 bounds (0,0,0) (512,512,64)
	// wall W1 vert plane, box {(0,0,0) (0,512,64)} tiled texture: true
	// object O1 cell {1 3 0} footprint (80,180) (120,220)
	// character Player sprite heroSouth health 100
}

// Errors name the file, the line and the element.
func ExampleLoad_error() {
	fsys := fstest.MapFS{
		"s.xml": {Data: []byte(`<scene gridsize="64" levelsize="64">
<head><definitions src="d.xml"/></head>
<body>
  <floor id="F" x="0" y="0" z="0" width="256" height="256" src="tex"/>
  <object id="Chest" x="10" y="10" z="0" def="objChest"/>
</body>
</scene>`)},
		"d.xml": {Data: []byte(`<definitions><materialDefinition name="tex"/></definitions>`)},
	}
	_, err := isoxml.Load(fsys, "s.xml")
	fmt.Println(err)
	// Output:
	// s.xml:5: <object id="Chest">: def "objChest" is not defined in d.xml
}
