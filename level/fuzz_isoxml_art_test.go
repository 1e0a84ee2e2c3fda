package level

import (
	"testing"
	"testing/fstest"
)

// FuzzIsoMobArt: any scene and <media> sheet description (with the
// sheet's real page, textures and definitions) builds with its art or
// fails with an error, never a panic, and the world steps.
func FuzzIsoMobArt(f *testing.F) {
	base := isoMobSheetFS(f)
	f.Add(base["s.xml"].Data, base["art/lv.json"].Data)
	f.Add([]byte(`<scene gridsize="7" levelsize="3"><head><definitions src="defs/d.xml"/></head><body>
<floor id="F" x="3" y="5" z="2" width="40" height="9" src="texSandTiled"/>
<wall id="W" x="7" y="0" z="1" dir="vert" size="14" height="5" src="texSandTiled"/>
<character id="A" x="10" y="6" z="0" def="ant"/></body></scene>`), []byte(`{"frames": {"antEast001": {"frame": {"x": 0, "y": 0, "w": 1, "h": 1}}}, "meta": {"image": "lv.png"}}`))
	f.Fuzz(func(t *testing.T, scene, sheet []byte) {
		fsys := fstest.MapFS{}
		for k, v := range base {
			fsys[k] = v
		}
		fsys["s.xml"] = &fstest.MapFile{Data: scene}
		fsys["art/lv.json"] = &fstest.MapFile{Data: sheet}
		w, err := LoadIsoXML(fsys, "s.xml", Options{})
		if (w == nil) == (err == nil) {
			t.Fatalf("world %v with error %v", w != nil, err)
		}
		if w != nil {
			w.Step()
		}
	})
}
