package scene

import (
	"bytes"
	"image"
	"image/png"
	"testing"
	"testing/fstest"

	"diorama/atlas"
)

// FuzzAtlasLooks: whatever TexturePacker sheet the atlas loader accepts
// (frames, pivots, durations, animations), AtlasLooks' Look and Part
// either make a look the world accepts or return an error, for any name;
// they never panic.
func FuzzAtlasLooks(f *testing.F) {
	var page bytes.Buffer
	if err := png.Encode(&page, image.NewNRGBA(image.Rect(0, 0, 64, 32))); err != nil {
		f.Fatal(err)
	}
	f.Add([]byte(`{"frames": {
	"t_E": {"frame": {"x":0,"y":0,"w":16,"h":16}, "sourceSize": {"w":16,"h":16}, "pivot": {"x":0.5,"y":0.9}},
	"t_S": {"frame": {"x":16,"y":0,"w":16,"h":16}, "sourceSize": {"w":16,"h":16}},
	"t_W": {"frame": {"x":32,"y":0,"w":16,"h":16}, "sourceSize": {"w":16,"h":16}},
	"t_N": {"frame": {"x":48,"y":0,"w":16,"h":16}, "sourceSize": {"w":16,"h":16}},
	"b_0": {"frame": {"x":0,"y":16,"w":8,"h":8}, "sourceSize": {"w":8,"h":8}, "duration": 50}},
"animations": {"b": ["b_0", "b_0"], "t_idle_E": ["t_E"], "t_idle_S": ["t_S"], "t_idle_W": ["t_W"], "t_idle_N": ["t_N"]},
"meta": {"image": "p.png", "size": {"w":64,"h":32}}}`), "t")
	f.Add([]byte(`{"frames": {"x": {"frame": {"x":0,"y":0,"w":4,"h":4}, "pivot": {"x":1e308,"y":-1e308}}}, "meta": {"image": "p.png"}}`), "x")
	w := testWorld(f, 4, 4, 1)
	f.Fuzz(func(t *testing.T, data []byte, name string) {
		a, err := atlas.LoadTexturePacker(fstest.MapFS{"s.json": {Data: data}, "p.png": {Data: page.Bytes()}}, "s.json")
		if err != nil {
			return
		}
		sh, err := NewAtlasLooks(a)
		if err != nil {
			return
		}
		for _, n := range []int{1, 4, 8} {
			dirs := atlas.Directions(n, 0)
			if l, err := sh.Look(name, dirs, 60); err == nil {
				if _, err := w.Looks().Add(l); err != nil {
					t.Fatalf("Look(%q) made a look AddLook refuses: %v", name, err)
				}
			}
			if p, err := sh.Part(name, dirs); err == nil && len(p.Frames) == 0 {
				t.Fatalf("Part(%q) made a part without frames", name)
			}
		}
	})
}
