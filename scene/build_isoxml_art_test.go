package scene

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"testing"
	"testing/fstest"

	"diorama/atlas"
	"diorama/iso"
	"diorama/raster"
	"diorama/raster/rastertest"
	"diorama/scene/isoxml"
)

// loadIsoMobSample loads the IsoMob sample scene of testdata/isomob
// (Listing 3.1 rebuilt with generated art).
func loadIsoMobSample(t *testing.T) *World {
	t.Helper()
	w, err := LoadIsoXML(os.DirFS("testdata/isomob"), "scene.xml", BuildOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// TestIsoMobArtGolden renders the textured sample scene: tiled grass,
// planks and bricks anchored to the world, the non-tiled rug from its
// floor's corner, crates and the player from their sprites.
func TestIsoMobArtGolden(t *testing.T) {
	w := loadIsoMobSample(t)
	rastertest.Golden(t, "testdata/golden_isomob_art.png", renderWorld(t, w, 8), *update)
}

// spritePixels composites an object's parts into map-pixel space.
func spritePixels(o iso.Object) map[image.Point]color.RGBA {
	out := map[image.Point]color.RGBA{}
	for _, p := range o.Parts {
		for y := 0; y < p.Sprite.H(); y++ {
			for x := 0; x < p.Sprite.W(); x++ {
				c := p.Sprite.RGBAAt(x, y)
				if c.A != 0 {
					out[image.Pt(x+p.At.X, y+p.At.Y)] = c
				}
			}
		}
	}
	return out
}

// TestIsoMobTiledSeamless: the wall pieces W2 and W3 of the sample scene
// give exactly the pixels of one wall the length of both (a tiled
// texture continues across planes with no seam), while the non-tiled
// rug restarts at its floor's corner.
func TestIsoMobTiledSeamless(t *testing.T) {
	w := loadIsoMobSample(t)
	w2, w3 := entityAt(t, w, "W2"), entityAt(t, w, "W3")
	pieces := spritePixels(w.drawing[w2.Slot()])
	for k, v := range spritePixels(w.drawing[w3.Slot()]) {
		if _, dup := pieces[k]; dup {
			t.Fatalf("pixel %v drawn by both wall pieces", k)
		}
		pieces[k] = v
	}
	defs, err := os.ReadFile("testdata/isomob/definitions.xml")
	if err != nil {
		t.Fatal(err)
	}
	brick, err := os.ReadFile("testdata/isomob/texBrickTiled.png")
	if err != nil {
		t.Fatal(err)
	}
	one := fstest.MapFS{"definitions.xml": {Data: defs}, "texBrickTiled.png": {Data: brick},
		"scene.xml": {Data: []byte(`<scene gridsize="64" levelsize="64"><head><definitions src="definitions.xml"/></head><body>
<floor id="F" x="0" y="0" z="0" width="832" height="960" src="texBrickTiled"/>
<wall id="W" x="0" y="960" z="0" dir="horiz" size="832" height="64" src="texBrickTiled"/></body></scene>`)}}
	w1, err := LoadIsoXML(one, "scene.xml", BuildOptions{})
	if err != nil {
		t.Fatal(err)
	}
	whole := spritePixels(w1.drawing[entityAt(t, w1, "W").Slot()])
	if len(whole) != len(pieces) || len(whole) == 0 {
		t.Fatalf("whole wall %d pixels, pieces %d", len(whole), len(pieces))
	}
	for k, v := range whole {
		if pieces[k] != v {
			t.Fatalf("pixel %v: pieces %v, whole wall %v", k, pieces[k], v)
		}
	}
	// Tiled grass (96 texels, 64 per cell) repeats every 3 cells: cells 0
	// and 3 share a tile sprite, cells 0 and 1 do not.
	l := w.Layers[0]
	cols := w.Grid.Cols
	if l.Tiles[0] != l.Tiles[3] || l.Tiles[0] == l.Tiles[1] || l.Tiles[0] != l.Tiles[3*cols+3] {
		t.Fatalf("grass tiles %v", l.Tiles[:4])
	}
	// The rug (128 texels, non-tiled) starts at F2's corner, cell 12: its
	// first cell is the texture's corner, unlike a tiled rug's (12·64 mod
	// 128 = 0 too, so compare the phase at cell 13 with cell 15).
	if l.Tiles[12] == l.Tiles[13] || l.Tiles[13] != l.Tiles[15] {
		t.Fatalf("rug tiles %v", l.Tiles[12:17])
	}
	rug, _ := raster.DecodeRGBA("texRug.png", mustOpen(t, "testdata/isomob/texRug.png"), raster.ImageLimits{})
	// The rug tile's top pixel is texel (0, 0)'s neighbourhood: the gold
	// border.
	top := l.Sprites[l.Tiles[12]]
	if c := top.RGBAAt(top.W()/2, 0); c != rug.RGBAAt(0, 0) {
		t.Fatalf("rug corner pixel %v, want the texture's corner %v", c, rug.RGBAAt(0, 0))
	}
}

func mustOpen(t *testing.T, name string) *os.File {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return f
}

// TestIsoMobLooksAndBodies: objects and characters take their looks from
// their definitions' sprites (the player one facing per sprite angle) and
// their collision circles from the cylinders.
func TestIsoMobLooksAndBodies(t *testing.T) {
	w := loadIsoMobSample(t)
	crate := entityAt(t, w, "O1")
	if w.radius[crate.Slot()] != 20.0/64 || w.Body(crate).IsNil() {
		t.Fatalf("crate radius %v body %v", w.radius[crate.Slot()], w.Body(crate))
	}
	cl := w.lookOf(crate.Slot())
	if cl == nil || cl.Sprite == nil || cl.Sprite.W() != 40 || cl.Sprite.H() != 44 || len(cl.Frames) != 0 {
		t.Fatalf("crate look %+v", cl)
	}
	if w.look[entityAt(t, w, "O2").Slot()] != w.look[crate.Slot()] {
		t.Fatal("two crates got two looks")
	}
	hero := entityAt(t, w, "Player")
	hl := w.lookOf(hero.Slot())
	if hl == nil || len(hl.Frames) != 4 || len(hl.Dirs.Angles) != 4 || hl.Dirs.Names[0] != "heroEast" || len(hl.Clips[Idle]) != 4 || len(hl.Clips[Walk]) != 4 {
		t.Fatalf("hero look %+v", hl)
	}
	if w.radius[hero.Slot()] != 20.0/64 || w.Body(hero).IsNil() {
		t.Fatalf("hero radius %v", w.radius[hero.Slot()])
	}
	// A look from opt.Looks wins over the art.
	w2, err := LoadIsoXML(os.DirFS("testdata/isomob"), "scene.xml", BuildOptions{
		Prepare: func(w *World) error { _, err := w.PlaceholderLook(color.NRGBA{255, 0, 0, 255}, 0.3, 1); return err },
		Looks:   func(class string) LookID { return 1 }})
	if err != nil {
		t.Fatal(err)
	}
	if w2.look[entityAt(t, w2, "Player").Slot()] != 1 {
		t.Fatal("opt.Looks ignored")
	}
	// Without a file system (BuildIsoXML) nothing is read: flat colours,
	// no looks.
	s, err := isoxml.Load(os.DirFS("testdata/isomob"), "scene.xml")
	if err != nil {
		t.Fatal(err)
	}
	flat, err := BuildIsoXML(s, BuildOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if flat.look[entityAt(t, flat, "Player").Slot()] != NoLook || len(flat.Layers[0].Sprites) != 2 {
		t.Fatalf("BuildIsoXML read art: %d floor sprites", len(flat.Layers[0].Sprites))
	}
}

// TestIsoMobArtErrors: a <media> sheet that is missing or broken is an
// error naming the definitions file and line; a sprite image that is not
// an image names the file.
func TestIsoMobArtErrors(t *testing.T) {
	scene := []byte(`<scene gridsize="64" levelsize="64"><head><definitions src="d.xml"/></head><body>
<floor id="F" x="0" y="0" z="0" width="128" height="128" src="texA"/>
<object id="O" x="32" y="32" z="0" def="objA"/></body></scene>`)
	const defs = `<materialDefinition name="texA"/><objectDefinition name="objA"><displayModel><sprite angle="0" src="objA"/></displayModel></objectDefinition></definitions>`
	for _, tc := range []struct {
		name string
		fs   fstest.MapFS
		want string
	}{
		{"missing media", fstest.MapFS{"d.xml": {Data: []byte("<definitions>\n<media src=\"sheets/lv1\"/>" + defs)}}, "d.xml:2: <media src>: sprite sheet sheets/lv1.json"},
		{"broken media", fstest.MapFS{"d.xml": {Data: []byte(`<definitions><media src="lv1"/>` + defs)},
			"lv1.json": {Data: []byte(`{"frames": {"a": {"frame": {"x": 0}}}`)}}, "d.xml:1: <media src>: sprite sheet lv1.json"},
		{"broken texture", fstest.MapFS{"d.xml": {Data: []byte(`<definitions>` + defs)},
			"texA.png": {Data: []byte("not a png")}}, "texA.png"},
		{"broken sprite", fstest.MapFS{"d.xml": {Data: []byte(`<definitions>` + defs)},
			"objA.png": {Data: []byte("not a png")}}, "objA.png"},
	} {
		tc.fs["s.xml"] = &fstest.MapFile{Data: scene}
		_, err := LoadIsoXML(tc.fs, "s.xml", BuildOptions{})
		if err == nil || !contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want it to name %q", tc.name, err, tc.want)
		}
	}
}

func contains(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return true
		}
	}
	return false
}

// isoMobSheetFS packs a texture, a still object and a character with two
// numbered frames per facing into a <media> sheet (TexturePacker JSON and
// PNG, as cmd/isopack writes them) beside a definitions file.
func isoMobSheetFS(t testing.TB) fstest.MapFS {
	t.Helper()
	b := atlas.NewBuilder(atlas.Options{Trim: true, PackOptions: atlas.PackOptions{MaxW: 256, MaxH: 256, Padding: 1}})
	solid := func(w, h int, c color.RGBA) *image.RGBA {
		img := image.NewRGBA(image.Rect(0, 0, w, h))
		for k := 0; k < len(img.Pix); k += 4 {
			img.Pix[k], img.Pix[k+1], img.Pix[k+2], img.Pix[k+3] = c.R, c.G, c.B, c.A
		}
		return img
	}
	for _, a := range []struct {
		name string
		img  *image.RGBA
	}{
		{"texSandTiled", solid(48, 48, color.RGBA{200, 180, 120, 255})},
		{"objRock", solid(16, 12, color.RGBA{90, 90, 90, 255})},
		{"antEast001", solid(8, 16, color.RGBA{200, 0, 0, 255})},
		{"antEast002", solid(8, 14, color.RGBA{150, 0, 0, 255})},
		{"antWest001", solid(8, 16, color.RGBA{0, 200, 0, 255})},
		{"antWest002", solid(8, 14, color.RGBA{0, 150, 0, 255})},
	} {
		if err := b.Add(a.name, a.img); err != nil {
			t.Fatal(err)
		}
	}
	sheet, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	var js, pg bytes.Buffer
	if err := sheet.WriteTexturePacker(&js, 0, "lv.png"); err != nil {
		t.Fatal(err)
	}
	page, err := sheet.PageNRGBA(0)
	if err != nil {
		t.Fatal(err)
	}
	if err := png.Encode(&pg, page); err != nil {
		t.Fatal(err)
	}
	return fstest.MapFS{
		"art/lv.json": {Data: js.Bytes()}, "art/lv.png": {Data: pg.Bytes()},
		"defs/d.xml": {Data: []byte(`<definitions><media src="../art/lv"/>
<materialDefinition name="texSandTiled" type="tile"/>
<objectDefinition name="objRock" solid="true"><displayModel><sprite angle="0" src="objRock"/></displayModel><collisionModel><cylinder radius="8" height="8"/></collisionModel></objectDefinition>
<objectDefinition name="ant" solid="true" animated="true"><displayModel><sprite angle="45" src="antEast"/><sprite angle="225" src="antWest"/></displayModel></objectDefinition>
</definitions>`)},
		"s.xml": {Data: []byte(`<scene gridsize="32" levelsize="32"><head><definitions src="defs/d.xml"/></head><body>
<floor id="F" x="0" y="0" z="0" width="128" height="96" src="texSandTiled"/>
<wall id="W" x="0" y="0" z="0" dir="horiz" size="128" height="32" src="texSandTiled"/>
<object id="R" x="40" y="40" z="0" def="objRock"/>
<character id="A" x="80" y="60" z="0" def="ant" orientation="225"/>
</body></scene>`)},
	}
}

// TestIsoMobSheetAnimation: sprites come from a <media> sheet; a sprite
// src naming numbered frames (antEast001, antEast002) is a clip of them,
// IsoMobFrameMillis a frame, in ticks.
func TestIsoMobSheetAnimation(t *testing.T) {
	fsys := isoMobSheetFS(t)
	w, err := LoadIsoXML(fsys, "s.xml", BuildOptions{TPS: 50})
	if err != nil {
		t.Fatal(err)
	}
	ant := w.lookOf(entityAt(t, w, "A").Slot())
	if ant == nil || len(ant.Frames) != 4 || len(ant.Dirs.Angles) != 2 || len(ant.Clips[Walk]) != 2 {
		t.Fatalf("ant look %+v", ant)
	}
	for d, c := range ant.Clips[Idle] {
		// 100 ms at 50 ticks per second: 5 ticks.
		if len(c.Frames) != 2 || c.Durations[0] != 5 || c.Durations[1] != 5 || c.Frames[0] != 2*d || c.Frames[1] != 2*d+1 {
			t.Fatalf("facing %d clip %+v", d, c)
		}
	}
	if ant.Frames[1].H() != 14 || ant.Frames[2].RGBAAt(4, 8) != (color.RGBA{0, 200, 0, 255}) {
		t.Fatalf("ant frames %d high, west colour %v", ant.Frames[1].H(), ant.Frames[2].RGBAAt(4, 8))
	}
	rock := w.lookOf(entityAt(t, w, "R").Slot())
	if rock == nil || rock.Sprite == nil || rock.Sprite.W() != 16 || len(rock.Frames) != 0 {
		t.Fatalf("rock look %+v", rock)
	}
	// Sand: 48 texels, 32 a cell: phases 0, 32, 16 repeat every 3 cells
	// along x and y, 9 tile sprites.
	l := w.Layers[0]
	if len(l.Sprites) != 9 || l.Tiles[0] == l.Tiles[1] || l.Tiles[0] != l.Tiles[3] || l.Tiles[0] == l.Tiles[w.Grid.Cols] {
		t.Fatalf("sand: %d sprites, tiles %v", len(l.Sprites), l.Tiles)
	}
	if c := l.Sprites[l.Tiles[0]].RGBAAt(l.Sprites[0].W()/2, l.Sprites[0].H()/2); c != (color.RGBA{200, 180, 120, 255}) {
		t.Fatalf("sand colour %v", c)
	}
}

// BenchmarkLoadIsoXMLArt builds the textured sample scene (decoding its
// PNGs, painting its floor tiles and wall faces).
func BenchmarkLoadIsoXMLArt(b *testing.B) {
	fsys := os.DirFS("testdata/isomob")
	b.ReportAllocs()
	for b.Loop() {
		if _, err := LoadIsoXML(fsys, "scene.xml", BuildOptions{}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N), "µs/scene")
}

// TestIsoMobXMLSheet: the same sheet as TextureAtlas XML (the .xml +
// .png pair of IsoMob's <media>) gives the same art as the JSON one.
func TestIsoMobXMLSheet(t *testing.T) {
	jsonFS := isoMobSheetFS(t)
	sheet, err := atlas.LoadTexturePacker(jsonFS, "art/lv.json")
	if err != nil {
		t.Fatal(err)
	}
	var x bytes.Buffer
	x.WriteString(`<TextureAtlas imagePath="lv.png">` + "\n")
	for _, f := range sheet.Frames {
		fmt.Fprintf(&x, `<SubTexture name=%q x="%d" y="%d" width="%d" height="%d" frameX="%d" frameY="%d" frameWidth="%d" frameHeight="%d"/>`+"\n",
			f.Name, f.Rect.Min.X, f.Rect.Min.Y, f.Size.X, f.Size.Y, -f.Offset.X, -f.Offset.Y, f.Source.X, f.Source.Y)
	}
	x.WriteString("</TextureAtlas>\n")
	xmlFS := fstest.MapFS{}
	for k, v := range jsonFS {
		if k != "art/lv.json" {
			xmlFS[k] = v
		}
	}
	xmlFS["art/lv.xml"] = &fstest.MapFile{Data: x.Bytes()}
	a, err := LoadIsoXML(jsonFS, "s.xml", BuildOptions{})
	if err != nil {
		t.Fatal(err)
	}
	b, err := LoadIsoXML(xmlFS, "s.xml", BuildOptions{})
	if err != nil {
		t.Fatal(err)
	}
	fa, fb := renderWorld(t, a, 4), renderWorld(t, b, 4)
	if !bytes.Equal(fa.Image().Pix, fb.Image().Pix) {
		t.Fatal("the XML sheet draws differently from the JSON one")
	}
	if len(b.lookOf(entityAt(t, b, "A").Slot()).Frames) != 4 {
		t.Fatal("ant frames missing from the XML sheet")
	}
	// A frame outside the page is an error naming the sheet.
	xmlFS["art/lv.xml"] = &fstest.MapFile{Data: []byte(`<TextureAtlas imagePath="lv.png"><SubTexture name="objRock" x="9000" y="0" width="4" height="4"/></TextureAtlas>`)}
	if _, err := LoadIsoXML(xmlFS, "s.xml", BuildOptions{}); err == nil || !contains(err.Error(), "art/lv.xml") {
		t.Fatalf("frame outside the page: %v", err)
	}
}

// TestIsoMobFloorTextureBudget: a texture whose period does not divide
// the cell makes one tile image per phase; their pixels count against
// LevelLimits.MaxWallPixels, so a hostile texture size cannot make a
// build paint without bound.
func TestIsoMobFloorTextureBudget(t *testing.T) {
	var pg bytes.Buffer
	img := image.NewNRGBA(image.Rect(0, 0, 7, 7)) // 64 mod 7 = 1: 7 phases a side
	for k := range img.Pix {
		img.Pix[k] = uint8(k)
	}
	if err := png.Encode(&pg, img); err != nil {
		t.Fatal(err)
	}
	fsys := fstest.MapFS{"texOdd.png": {Data: pg.Bytes()},
		"d.xml": {Data: []byte(`<definitions><materialDefinition name="texOddTiled"><diffuse>texOdd</diffuse></materialDefinition></definitions>`)},
		"s.xml": {Data: []byte(`<scene gridsize="64" levelsize="64"><head><definitions src="d.xml"/></head><body>
<floor id="F" x="0" y="0" z="0" width="640" height="640" src="texOddTiled"/></body></scene>`)}}
	w, err := LoadIsoXML(fsys, "s.xml", BuildOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if n := len(w.Layers[0].Sprites); n != 49 {
		t.Fatalf("%d tile images, want 7×7", n)
	}
	_, err = LoadIsoXML(fsys, "s.xml", BuildOptions{Limits: Limits{LevelLimits: LevelLimits{MaxWallPixels: 48 * 64 * 32}}})
	if err == nil || !errors.Is(err, ErrLevelLimit) || !contains(err.Error(), `s.xml:2: floor "F": floor textures draw more than 98304 pixels`) {
		t.Fatalf("budget: %v", err)
	}
}
