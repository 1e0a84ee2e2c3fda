package level

import (
	"diorama/props"
	"diorama/scene"
	"image/color"
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
	w, err := LoadTiled(os.DirFS("testdata"), "iso.tmx", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := w.Sources(), []string{"iso.tmx", "tiles.tsx", "tiles.png"}; !slices.Equal(got, want) {
		t.Errorf("Tiled sources %q, want %q", got, want)
	}
	fsys := fstest.MapFS{"l.lev": {Data: []byte("wwww\nws-w\nwwww\n")}}
	if w, err = LoadASCII(fsys, "l.lev", Options{}); err != nil {
		t.Fatal(err)
	}
	if got := w.Sources(); !slices.Equal(got, []string{"l.lev"}) {
		t.Errorf("ASCII sources %q", got)
	}
	if w, err = LoadIsoXML(os.DirFS("testdata/isomob"), "scene.xml", Options{}); err != nil {
		t.Fatal(err)
	}
	got := w.Sources()
	if len(got) < 4 || got[0] != "scene.xml" || !slices.Contains(got, "definitions.xml") || !slices.Contains(got, "heroEast.png") {
		t.Errorf("IsoMob sources %q: want the scene, its definitions and the art it draws", got)
	}
}

// A Tiled object's custom properties reach the game through World.Props.
func TestTiledProps(t *testing.T) {
	tmx := `<?xml version="1.0"?><map version="1.10" orientation="isometric" width="2" height="2" tilewidth="64" tileheight="32">
<objectgroup id="1" name="o"><object id="1" name="w" class="trigger" x="0" y="0" width="32" height="32"><properties>
 <property name="enemies" value="drone,melee"/><property name="spawns_in_wave" type="int" value="6"/>
 <property name="speed" type="float" value="1.5"/><property name="boss" type="bool" value="true"/>
 <property name="glow" type="color" value="#80ff0000"/><property name="door" type="object" value="7"/>
 <property name="art" type="file" value="art/a.png"/>
 <property name="wave" type="class"><properties><property name="size" type="int" value="3"/></properties></property>
</properties></object></objectgroup></map>`
	w, err := LoadTiled(fstest.MapFS{"m.tmx": {Data: []byte(tmx)}}, "m.tmx", Options{})
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
	p := w.Props(e)
	if p.Float("speed", 0) != 1.5 || !p.Bool("boss", false) || p.Color("glow", color.NRGBA{}) != (color.NRGBA{255, 0, 0, 128}) ||
		p.Int("door", 0) != 7 || p.String("art", "") != "art/a.png" || p.Int("enemies", -1) != -1 || p.Bool("speed", true) != true {
		t.Errorf("typed props %+v", p)
	}
	if q, ok := p.Get("art"); !ok || q.Type != props.FileType {
		t.Errorf("file property %+v", q)
	}
	if q, ok := p.Get("wave"); !ok || q.Type != props.ClassType || q.Members.Int("size", 0) != 3 || q.Type.String() != "class" {
		t.Errorf("class property %+v", q)
	}
	if w.Props(scene.Entity{}) != nil {
		t.Error("a nil handle has properties")
	}
}
