package level

import (
	"bytes"
	"diorama/scene"
	"image"
	"image/color"
	"image/png"
	"testing"
	"testing/fstest"

	"diorama/mathx"
	"diorama/physics"
	"diorama/raster/rastertest"
	"diorama/scene/imagelevel"
)

func kinds(w *scene.World, k scene.Kind) []string {
	var out []string
	w.Each(k, func(e scene.Entity) {
		p := w.Pos(e)
		out = append(out, w.Class(e)+"@"+mathx.V2(p.X, p.Y).String())
	})
	return out
}

func equalStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestBuildASCII(t *testing.T) {
	fsys := fstest.MapFS{"l.lev": {Data: []byte("wwwww\nws-ew\nw-tpw\nwb--w\nwwwww\n")}}
	w, err := LoadASCII(fsys, "l.lev", Options{CharacterHealth: 7})
	if err != nil {
		t.Fatal(err)
	}
	if w.Grid.Cols != 5 || w.Grid.Rows != 5 || len(w.Layers) != 1 {
		t.Fatalf("grid %d×%d, %d layers", w.Grid.Cols, w.Grid.Rows, len(w.Layers))
	}
	// The 16 outer walls merge into the top row (5 cells: blocks of 4
	// and 1), the two side columns below it (4 cells each) and the rest
	// of the bottom row (3 cells: 2 and 1); with 't' and 'b', 8 blocks.
	if n := len(w.AppendEntities(nil, scene.Object)); n != 8 {
		t.Fatalf("%d wall objects, want 8", n)
	}
	floor := w.Layers[0].Tiles
	if floor[0] != -1 || floor[1*5+2] != 0 || floor[2*5+2] != -1 {
		t.Fatalf("floor tiles %v", floor)
	}
	wantSpawns := []string{"player@(1.5,1.5)", "enemy@(3.5,1.5)", "pickup@(3.5,2.5)"}
	if got := kinds(w, scene.SpawnPoint); !equalStrings(got, wantSpawns) {
		t.Fatalf("spawns %v, want %v", got, wantSpawns)
	}
	if got := kinds(w, scene.Character); !equalStrings(got, []string{"player@(1.5,1.5)", "enemy@(3.5,1.5)"}) {
		t.Fatalf("characters %v", got)
	}
	if got := kinds(w, scene.Pickup); !equalStrings(got, []string{"pickup@(3.5,2.5)"}) {
		t.Fatalf("pickups %v", got)
	}
	hero, _ := w.Find("player")
	if w.Health(hero) != 7 || !def(t, w, hero).Collector {
		t.Fatalf("player health %d", w.Health(hero))
	}
	// Walls stop a character: walking left from (1.5, 1.5) it stops at
	// x = 1 + radius.
	w.SetVelocity(hero, mathx.V2(-3, 0))
	for k := 0; k < 60; k++ {
		w.Step()
	}
	if p := w.Pos(hero); !mathx.ApproxEqual(p.X, 1.3, 1e-6) {
		t.Fatalf("player walked to %v, want x = 1.3 against the wall", p)
	}
	if _, err := LoadASCII(fstest.MapFS{"l.lev": {Data: []byte("ww\nw\n")}}, "l.lev", Options{}); err == nil {
		t.Fatal("ragged level accepted")
	}
}

func levelPNG(t *testing.T, rows []string) []byte {
	img := image.NewNRGBA(image.Rect(0, 0, len(rows[0]), len(rows)))
	for y, r := range rows {
		for x, c := range r {
			col := color.NRGBA{255, 255, 255, 255}
			switch c {
			case 'w':
				col = imagelevel.DefaultWallColor
			case 'd':
				col = imagelevel.DefaultDoorColor
			}
			img.SetNRGBA(x, y, col)
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestBuildImageLevelAndOverlord(t *testing.T) {
	fsys := fstest.MapFS{
		"map.png": {Data: levelPNG(t, []string{
			"wwwwwwwwww",
			"w........w",
			"w........w",
			"wwwwdwwwww",
			"w........w",
			"w........w",
			"w........w",
			"wwwwwwwwww",
		})},
		"map.json": {Data: []byte(`{
  "player": {"osr": {"x": 0, "y": 1}, "sp": {"x": 4.5, "y": 1.5}},
  "doors": [{"name": "DOOR1", "tile": {"x": 4, "y": 3}, "locked": false}],
  "overlords": [{
    "lock_on_entry": ["DOOR1"],
    "triggers": [{"x": 4.5, "y": 4.5}],
    "spawn_points": [{"x": 2.5, "y": 5.5}, {"x": 7.5, "y": 5.5}],
    "max_in_level": 2,
    "spawns_in_wave": 3
  }]
}`)},
	}
	w, err := LoadImageLevel(fsys, "map.png", "map.json", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got := kinds(w, scene.Trigger); !equalStrings(got, []string{"door@(4.5,3.5)", "overlord@(4.5,4.5)"}) {
		t.Fatalf("triggers %v", got)
	}
	if got := kinds(w, scene.SpawnPoint); !equalStrings(got, []string{"player@(4.5,1.5)", "enemy@(2.5,5.5)", "enemy@(7.5,5.5)"}) {
		t.Fatalf("spawn points %v", got)
	}
	door, _ := w.Find("DOOR1")
	if def(t, w, door).Value != 0 {
		t.Fatal("door starts locked")
	}
	// The wall pixels merged as physics.MergeTiles merges them: the top
	// row, the two columns, the door row's two parts, the bottom row.
	if n := w.Phys.WallCount(); n != 6 || n != len(mustBoxes(t, mustGrid(t, fsys))) {
		t.Fatalf("%d walls", n)
	}
	if len(w.Overlords) != 1 {
		t.Fatal("no overlord")
	}
	o := w.Overlords[0]
	hero, _ := w.Find("player")
	// Walk down through the door onto the overlord's trigger.
	w.SetVelocity(hero, mathx.V2(0, 3))
	for k := 0; k < 60 && !o.Active(); k++ {
		w.Step()
	}
	if !o.Active() || def(t, w, door).Value != 1 {
		t.Fatalf("overlord active %v, door locked %d", o.Active(), def(t, w, door).Value)
	}
	w.SetVelocity(hero, mathx.Vec2{})
	for k := 0; k < 5; k++ {
		w.Step()
	}
	// At most two alive at once, on the spawn points in turn.
	enemies := w.AppendEntities(nil, scene.Character)[1:]
	if len(enemies) != 2 || o.Spawned() != 2 || o.Alive() != 2 {
		t.Fatalf("%d enemies, spawned %d, alive %d", len(enemies), o.Spawned(), o.Alive())
	}
	if w.Pos(enemies[0]) != mathx.V3(2.5, 5.5, 0) || w.Pos(enemies[1]) != mathx.V3(7.5, 5.5, 0) {
		t.Fatalf("enemies at %v %v", w.Pos(enemies[0]), w.Pos(enemies[1]))
	}
	w.Damage(enemies[0], 1000, hero)
	for k := 0; k < 5; k++ {
		w.Step()
	}
	if o.Spawned() != 3 || o.Alive() != 2 {
		t.Fatalf("after a kill: spawned %d alive %d, want 3 and 2", o.Spawned(), o.Alive())
	}
	var third scene.Entity
	for _, e := range w.AppendEntities(nil, scene.Character)[1:] {
		if e != enemies[1] {
			third = e
		}
	}
	if p := w.Pos(third); !w.Alive(enemies[1]) || !p.XY().ApproxEqual(mathx.V2(2.5, 5.5), 1e-9) {
		t.Fatalf("third enemy at %v, want near the first spawn point again", p)
	}
	for _, e := range w.AppendEntities(nil, scene.Character)[1:] {
		w.Damage(e, 1000, hero)
	}
	for k := 0; k < 5; k++ {
		w.Step()
	}
	if o.Spawned() != 3 || o.Alive() != 0 || w.Tasks.Len() != 0 {
		t.Fatalf("wave over: spawned %d alive %d tasks %d", o.Spawned(), o.Alive(), w.Tasks.Len())
	}
}

func mustBoxes(t *testing.T, g *imagelevel.Map) []physics.TileBox {
	solid := make([]bool, len(g.Cells))
	for k, c := range g.Cells {
		solid[k] = c == imagelevel.Wall
	}
	b, err := physics.MergeTiles(physics.SolidTiles{Cols: g.Width, Rows: g.Height, TileW: 1, TileH: 1, Solid: solid})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func mustGrid(t *testing.T, fsys fstest.MapFS) *imagelevel.Map {
	g, err := imagelevel.LoadGrid(fsys, "map.png")
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestBuildIsoXML(t *testing.T) {
	fsys := fstest.MapFS{
		"defs.xml": {Data: []byte(`<definitions>
<materialDefinition name="brick" type="tile"/>
<materialDefinition name="grassTiled" type="tile"/>
<objectDefinition name="crate" solid="true" animated="false"><displayModel><sprite angle="0" src="crate"/></displayModel><collisionModel><cylinder radius="16" height="32"/></collisionModel></objectDefinition>
<objectDefinition name="lamp" solid="false" animated="false"><displayModel><sprite angle="0" src="lamp"/></displayModel></objectDefinition>
<characterDefinition name="hero" solid="true" animated="true"><displayModel><sprite angle="45" src="heroEast"/></displayModel><collisionModel><cylinder radius="20" height="60"/></collisionModel></characterDefinition>
</definitions>`)},
		"scene.xml": {Data: []byte(`<scene gridsize="64" levelsize="64">
<head><name>t</name><definitions src="defs.xml"/></head>
<body>
<wall id="W1" x="0" y="0" z="0" dir="vert" size="256" height="64" src="brick"/>
<wall id="W2" x="0" y="0" z="0" dir="horiz" size="384" height="64" src="brick"/>
<floor id="F1" x="0" y="0" z="0" width="384" height="256" src="grassTiled"/>
<object id="C1" x="96" y="160" z="0" def="crate"/>
<object id="L1" x="300" y="32" z="0" def="lamp"/>
<character id="Player" x="200" y="100" z="0" def="hero" orientation="45" health="30" team="blue"/>
</body></scene>`)},
	}
	w, err := LoadIsoXML(fsys, "scene.xml", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if w.Grid.Cols != 6 || w.Grid.Rows != 4 {
		t.Fatalf("grid %d×%d, want 6×4", w.Grid.Cols, w.Grid.Rows)
	}
	for _, k := range w.Layers[0].Tiles {
		if k != 0 {
			t.Fatalf("floor tiles %v", w.Layers[0].Tiles)
		}
	}
	crate := checkEntity(t, w, "C1", scene.Object, 1.5, 2.5)
	if def(t, w, crate).Radius != 0.25 || w.Body(crate).IsNil() {
		t.Fatalf("crate radius %v body %v", def(t, w, crate).Radius, w.Body(crate))
	}
	lamp := checkEntity(t, w, "L1", scene.Object, 300.0/64, 0.5)
	if !w.Body(lamp).IsNil() {
		t.Fatal("non-solid lamp got a body")
	}
	hero := checkEntity(t, w, "Player", scene.Character, 200.0/64, 100.0/64)
	if w.Health(hero) != 30 || def(t, w, hero).Radius != 20.0/64 || !mathx.ApproxEqual(w.Facing(hero), mathx.Deg(45), 1e-12) || !def(t, w, hero).Collector {
		t.Fatalf("hero health %d radius %v facing %v", w.Health(hero), def(t, w, hero).Radius, w.Facing(hero))
	}
	if p := w.Props(hero); p.String("health", "") != "30" || p.String("team", "") != "blue" || p.Int("health", -1) != -1 || w.Props(crate) != nil {
		t.Fatalf("hero properties %+v, crate's %+v", p, w.Props(crate))
	}
	w1 := checkEntity(t, w, "W1", scene.Object, 0, 2)
	w2 := checkEntity(t, w, "W2", scene.Object, 3, 0)
	if len(def(t, w, w1).Drawing.Parts) != 1 || len(def(t, w, w2).Drawing.Parts) != 1 || w.Phys.WallCount() != 2 {
		t.Fatal("walls not drawn or not solid")
	}
	if w.Phys.Wall(0) != (mathx.AABB{Min: mathx.V2(-0.05, 0), Max: mathx.V2(0.05, 4)}) {
		t.Fatalf("wall W1 box %v", w.Phys.Wall(0))
	}
	bad := fstest.MapFS{"defs.xml": fsys["defs.xml"], "scene.xml": {Data: bytes.Replace(fsys["scene.xml"].Data, []byte(`health="30"`), []byte(`health="lots"`), 1)}}
	if _, err := LoadIsoXML(bad, "scene.xml", Options{}); err == nil {
		t.Fatal("bad health accepted")
	} else {
		t.Log(err)
	}
}

// TestLevelGoldens renders an ASCII level and an IsoMob scene built by the
// engine (flat-colour floors, blocks and wall faces, depth-sorted).
func TestLevelGoldens(t *testing.T) {
	p := mustProj(t, 32)
	a, err := LoadASCII(fstest.MapFS{"l.lev": {Data: []byte("wwwwwww\nws-t-ew\nw-pbp-w\nw--e--w\nwwwwwww\n")}}, "l.lev", Options{Proj: p})
	if err != nil {
		t.Fatal(err)
	}
	rastertest.Golden(t, "testdata/golden_ascii.png", renderWorld(t, a, 8), *update)

	x, err := LoadIsoXML(fstest.MapFS{
		"defs.xml": {Data: []byte(`<definitions><materialDefinition name="brick" type="tile"/><materialDefinition name="grassTiled" type="tile"/><materialDefinition name="stone" type="tile"/></definitions>`)},
		"s.xml": {Data: []byte(`<scene gridsize="64" levelsize="64"><head><definitions src="defs.xml"/></head><body>
<floor id="F1" x="0" y="0" z="0" width="384" height="320" src="grassTiled"/>
<floor id="F2" x="256" y="192" z="32" width="128" height="128" src="stone"/>
<wall id="W1" x="0" y="0" z="0" dir="vert" size="320" height="96" src="brick"/>
<wall id="W2" x="0" y="0" z="0" dir="horiz" size="384" height="96" src="brick"/>
<wall id="W3" x="192" y="64" z="0" dir="vert" size="128" height="64" src="stone"/>
</body></scene>`)},
	}, "s.xml", Options{Proj: p})
	if err != nil {
		t.Fatal(err)
	}
	rastertest.Golden(t, "testdata/golden_isoxml.png", renderWorld(t, x, 8), *update)
}
