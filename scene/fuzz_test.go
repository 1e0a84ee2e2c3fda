package scene

import (
	"os"
	"testing"
	"testing/fstest"
)

// FuzzBuildTiled: whatever TMX the loader accepts, the builder either
// builds a world or returns an error; it never panics.
func FuzzBuildTiled(f *testing.F) {
	for _, name := range []string{"testdata/iso.tmx", "testdata/staggered.tmx"} {
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
	f.Fuzz(func(t *testing.T, data []byte) {
		fsys := fstest.MapFS{"m.tmx": {Data: data}, "tiles.tsx": {Data: tsx}, "tiles.png": {Data: pngData}}
		w, err := LoadTiled(fsys, "m.tmx", BuildOptions{})
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
		w, err := LoadASCII(fstest.MapFS{"l.lev": {Data: data}}, "l.lev", BuildOptions{})
		if (w == nil) == (err == nil) {
			t.Fatalf("world %v with error %v", w != nil, err)
		}
		if w != nil {
			w.Step()
		}
	})
}
