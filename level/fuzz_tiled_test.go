package level

import (
	"os"
	"testing"
	"testing/fstest"
)

// FuzzBuildTiled: whatever TMX the loader accepts, the builder either
// builds a world or returns an error; it never panics.
func FuzzBuildTiled(f *testing.F) {
	for _, name := range []string{"testdata/iso.tmx", "testdata/staggered.tmx", "testdata/ortho.tmx", "testdata/hex.tmx", "testdata/hex_x.tmx", "testdata/infinite_ortho.tmx", "testdata/infinite_hex.tmx"} {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	tsx, err := os.ReadFile("testdata/tiles.tsx")
	if err != nil {
		f.Fatal(err)
	}
	pngData, err := os.ReadFile("testdata/tiles.png")
	if err != nil {
		f.Fatal(err)
	}
	flatTSX, err := os.ReadFile("testdata/flat.tsx")
	if err != nil {
		f.Fatal(err)
	}
	flatPNG, err := os.ReadFile("testdata/flat.png")
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		fsys := fstest.MapFS{"m.tmx": {Data: data}, "tiles.tsx": {Data: tsx}, "tiles.png": {Data: pngData}, "flat.tsx": {Data: flatTSX}, "flat.png": {Data: flatPNG}}
		w, err := LoadTiled(fsys, "m.tmx", Options{})
		if (w == nil) == (err == nil) {
			t.Fatalf("world %v with error %v", w != nil, err)
		}
		if w != nil {
			w.Step()
		}
	})
}

// FuzzBuildASCII: any text level the loader accepts builds and steps.
func FuzzBuildASCII(f *testing.F) {
	f.Add([]byte("wwwww\nws-ew\nw-tpw\nwb--w\nwwwww\n"))
	f.Add([]byte("s"))
	f.Add([]byte("-e-\np-s\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		w, err := LoadASCII(fstest.MapFS{"l.lev": {Data: data}}, "l.lev", Options{})
		if (w == nil) == (err == nil) {
			t.Fatalf("world %v with error %v", w != nil, err)
		}
		if w != nil {
			w.Step()
		}
	})
}

// FuzzBuildIsoXML: any IsoMob scene the loader accepts (with a fixed
// definitions file) builds or fails cleanly, and the world steps.
func FuzzBuildIsoXML(f *testing.F) {
	defs := []byte(`<definitions>
<materialDefinition name="brick" type="tile"/>
<objectDefinition name="crate" solid="true" animated="false"><displayModel><sprite angle="0" src="crate"/></displayModel><collisionModel><cylinder radius="16" height="32"/></collisionModel></objectDefinition>
<characterDefinition name="hero" solid="true" animated="true"><displayModel><sprite angle="45" src="heroEast"/></displayModel><collisionModel><cylinder radius="20" height="60"/></collisionModel></characterDefinition>
</definitions>`)
	f.Add([]byte(`<scene gridsize="64" levelsize="64"><head><definitions src="defs.xml"/></head><body>
<wall id="W1" x="0" y="0" z="0" dir="vert" size="256" height="64" src="brick"/>
<floor id="F1" x="0" y="0" z="0" width="384" height="256" src="brick"/>
<object id="C1" x="96" y="160" z="0" def="crate"/>
<character id="Player" x="200" y="100" z="0" def="hero" health="30"/>
</body></scene>`))
	f.Add([]byte(`<scene gridsize="32" levelsize="16"><head><definitions src="defs.xml"/></head><body>
<floor id="F" x="0" y="0" z="8" width="64" height="64" src="brick"/>
<wall id="W" x="64" y="0" z="0" dir="horiz" size="10" height="3" src="brick"/>
</body></scene>`))
	f.Fuzz(func(t *testing.T, data []byte) {
		fsys := fstest.MapFS{"s.xml": {Data: data}, "defs.xml": {Data: defs}}
		w, err := LoadIsoXML(fsys, "s.xml", Options{})
		if (w == nil) == (err == nil) {
			t.Fatalf("world %v with error %v", w != nil, err)
		}
		if w != nil {
			w.Step()
		}
	})
}
