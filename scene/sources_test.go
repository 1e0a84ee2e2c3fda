package scene

import (
	"os"
	"slices"
	"testing"
	"testing/fstest"
)

// Sources lists the files a level was read from, each once, in the order
// first opened: a Tiled map, its external tileset and the tileset's
// image; an ASCII level; an image level and its description. A world
// built in code has none.
func TestSources(t *testing.T) {
	w, err := LoadTiled(os.DirFS("testdata"), "iso.tmx", BuildOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := w.Sources(), []string{"iso.tmx", "tiles.tsx", "tiles.png"}; !slices.Equal(got, want) {
		t.Errorf("Tiled sources %q, want %q", got, want)
	}
	fsys := fstest.MapFS{"l.lev": {Data: []byte("wwww\nws-w\nwwww\n")}}
	if w, err = LoadASCII(fsys, "l.lev", BuildOptions{}); err != nil {
		t.Fatal(err)
	}
	if got := w.Sources(); !slices.Equal(got, []string{"l.lev"}) {
		t.Errorf("ASCII sources %q", got)
	}
	if w, err = LoadIsoXML(os.DirFS("testdata/isomob"), "scene.xml", BuildOptions{}); err != nil {
		t.Fatal(err)
	}
	got := w.Sources()
	if len(got) < 4 || got[0] != "scene.xml" || !slices.Contains(got, "definitions.xml") || !slices.Contains(got, "heroEast.png") {
		t.Errorf("IsoMob sources %q: want the scene, its definitions and the art it draws", got)
	}
	if len(testWorld(t, 2, 2, 1).Sources()) != 0 {
		t.Error("a world made in code has sources")
	}
}

// A Tiled object's custom properties reach the game through World.Props.
func TestTiledProps(t *testing.T) {
	tmx := `<?xml version="1.0"?><map version="1.10" orientation="isometric" width="2" height="2" tilewidth="64" tileheight="32">
<objectgroup id="1" name="o"><object id="1" name="w" class="trigger" x="0" y="0" width="32" height="32"><properties>
 <property name="enemies" value="drone,melee"/><property name="spawns_in_wave" type="int" value="6"/></properties></object></objectgroup></map>`
	w, err := LoadTiled(fstest.MapFS{"m.tmx": {Data: []byte(tmx)}}, "m.tmx", BuildOptions{})
	if err != nil {
		t.Fatal(err)
	}
	e, ok := w.Find("w")
	if !ok {
		t.Fatal("no trigger w")
	}
	if p := w.Props(e); p.String("enemies", "") != "drone,melee" || p.Int("spawns_in_wave", 0) != 6 {
		t.Errorf("props %+v", p)
	}
	if w.Props(Entity{}) != nil {
		t.Error("a nil handle has properties")
	}
}
