package isoxml

import (
	"errors"
	"os"
	"testing"
	"testing/fstest"
)

// FuzzLoad feeds an arbitrary scene file and first definitions file (the
// second is the valid testdata one): the load must fail with an *Error
// naming a file, or return a scene whose references all resolve and whose
// entities stand inside its bounds.
func FuzzLoad(f *testing.F) {
	read := func(p string) []byte {
		b, err := os.ReadFile("testdata/" + p)
		if err != nil {
			f.Fatal(err)
		}
		return b
	}
	demo, tmpl := read("scenes/demo.xml"), read("scenes/template.xml")
	defs0, defs1 := read("definitions/level_0.xml"), read("definitions/level_1.xml")
	f.Add(demo, defs0)
	f.Add(tmpl, defs0)
	f.Add(demo[:len(demo)*2/3], defs0)
	f.Add(demo, defs0[:len(defs0)/2])
	f.Add([]byte(`<scene gridsize="1" levelsize="1"><head/><body/></scene>`), []byte(`<definitions/>`))
	ld := Loader{Limits: Limits{MaxFileBytes: 1 << 16, MaxElements: 1 << 12}}
	f.Fuzz(func(t *testing.T, sceneXML, defsXML []byte) {
		fsys := fstest.MapFS{
			"scenes/s.xml":            {Data: sceneXML},
			"definitions/level_0.xml": {Data: defsXML},
			"definitions/level_1.xml": {Data: defs1},
		}
		s, err := ld.Load(fsys, "scenes/s.xml")
		if err != nil {
			var e *Error
			if s != nil || !errors.As(err, &e) || e.File == "" || e.Kind == nil {
				t.Fatalf("bad failure: scene %v, %T %v", s != nil, err, err)
			}
			return
		}
		if s.GridSize < 1 || s.LevelSize < 1 || s.Defs == nil {
			t.Fatalf("grid %d %d", s.GridSize, s.LevelSize)
		}
		for _, w := range s.Walls {
			if w.Material == nil || !(w.Size > 0) || !(w.Height > 0) {
				t.Fatalf("wall %+v", w)
			}
		}
		for _, fl := range s.Floors {
			if fl.Material == nil || !(fl.Width > 0) || !(fl.Depth > 0) {
				t.Fatalf("floor %+v", fl)
			}
		}
		for _, list := range [][]Entity{s.Objects, s.Characters} {
			for _, e := range list {
				if e.Def == nil || !s.Bounds.Contains(e.Pos) || e.Cell != s.CellOf(e.Pos) {
					t.Fatalf("entity %+v in %v", e, s.Bounds)
				}
			}
		}
	})
}
