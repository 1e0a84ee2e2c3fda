package tiled

import (
	"testing"
	"testing/fstest"
)

func TestTemplates(t *testing.T) {
	for _, tc := range []struct {
		name     string
		blocksAt uint32 // firstgid the blocks tileset ends up with
	}{{"templated.tmx", 9}, {"templated.tmj", 20}} {
		m := mustLoad(t, tc.name)
		if len(m.Tilesets) != 2 || m.Tilesets[1].Source != "tilesets/blocks.tsx" || m.Tilesets[1].FirstGID != tc.blocksAt {
			t.Fatalf("%s: tilesets %d, second %+v", tc.name, len(m.Tilesets), m.Tilesets[len(m.Tilesets)-1])
		}
		o := m.LayerByName("things").Objects
		// 1: everything from the template, position from the instance; the
		// template's GID 3|H (local 2 of blocks) remapped to this map.
		c := o[0]
		if c.ID != 1 || c.Name != "crate" || c.Class != "box" || c.X != 10 || c.Y != 20 || c.Width != 64 || c.Height != 64 ||
			c.Shape != TileShape || c.GID.ID() != tc.blocksAt+2 || c.GID.Flags() != FlipHorizontal || c.Template != "templates/crate.tx" {
			t.Errorf("%s: crate %+v", tc.name, c)
		}
		if ts, local, ok := m.TileFor(c.GID); !ok || ts.Name != "blocks" || local != 2 {
			t.Errorf("%s: crate tile", tc.name)
		}
		if c.Properties.Int("hp", 0) != 10 || c.Properties.String("loot", "") != "gold" || len(c.Properties) != 2 {
			t.Errorf("%s: crate properties %+v", tc.name, c.Properties)
		}
		// 2: overrides name, width and one property; adds another.
		b := o[1]
		if b.Name != "big" || b.Width != 128 || b.Height != 64 || b.Class != "box" || len(b.Properties) != 3 ||
			b.Properties[0].Name != "hp" || b.Properties.Int("hp", 0) != 50 || b.Properties[1].Name != "loot" ||
			!b.Properties.Bool("extra", false) {
			t.Errorf("%s: big %+v", tc.name, b)
		}
		// 3: a JSON template, shape and class from it, visibility overridden.
		z := o[2]
		if z.Shape != Ellipse || z.Class != "trigger" || z.Width != 32 || z.Height != 16 || z.Visible || z.X != 5 ||
			z.Properties.Float("radius", 0) != 1.5 || z.Name != "zone" {
			t.Errorf("%s: zone %+v", tc.name, z)
		}
		// 4: the instance's own gid wins.
		if g := o[3]; g.GID != 1 || g.Shape != TileShape || g.Name != "crate" {
			t.Errorf("%s: gid override %+v", tc.name, g)
		}
		// The template's properties were copied, not shared.
		c.Properties[0].Int = 99
		if b.Properties.Int("hp", 0) != 50 || o[3].Properties.Int("hp", 0) != 10 {
			t.Errorf("%s: properties shared between instances", tc.name)
		}
	}
}

func TestCapsuleShape(t *testing.T) {
	fsys := fstest.MapFS{
		"m.tmx": {Data: []byte(tmx("", `<objectgroup name="O"><object id="1" x="1" y="2" width="30" height="10"><capsule/></object></objectgroup>`))},
		"m.tmj": {Data: []byte(tmj("", `{"type": "objectgroup", "name": "O", "objects": [{"id": 1, "x": 1, "y": 2, "width": 30, "height": 10, "capsule": true}]}`))},
	}
	for _, name := range []string{"m.tmx", "m.tmj"} {
		m, err := Load(fsys, name)
		if err != nil {
			t.Fatal(err)
		}
		if o := m.Layers[0].Objects[0]; o.Shape != Capsule || o.Width != 30 || o.Shape.String() != "capsule" {
			t.Errorf("%s: %+v", name, o)
		}
	}
}
