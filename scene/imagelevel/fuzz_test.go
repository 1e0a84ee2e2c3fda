package imagelevel

import (
	"errors"
	"os"
	"testing"
	"testing/fstest"
)

// FuzzLoad feeds an arbitrary image file and description: the load must
// fail with an *Error naming one of the two files, or return a level whose
// parts agree.
func FuzzLoad(f *testing.F) {
	for _, pair := range [][2]string{{"tanktrum.png", "tanktrum.json"}, {"small.png", "small.json"}, {"tanktrum.png", "listing36.json"}} {
		p, err := os.ReadFile("testdata/" + pair[0])
		if err != nil {
			f.Fatal(err)
		}
		j, err := os.ReadFile("testdata/" + pair[1])
		if err != nil {
			f.Fatal(err)
		}
		f.Add(p, j)
		f.Add(p[:len(p)*2/3], j)
		f.Add(p, j[:len(j)*2/3])
	}
	f.Add(pngHeader(5000, 5000), []byte(`{"player": {"sp": {"x": 1, "y": 1}}}`))
	f.Add([]byte{}, []byte(`[]`))
	ld := Loader{Limits: Limits{MaxWidth: 256, MaxCells: 1 << 14, MaxImageBytes: 1 << 16, MaxFileBytes: 1 << 14}}
	f.Fuzz(func(t *testing.T, img, desc []byte) {
		fsys := fstest.MapFS{"m.png": {Data: img}, "m.json": {Data: desc}}
		l, err := ld.Load(fsys, "m.png", "m.json")
		if err != nil {
			var e *Error
			if l != nil || !errors.As(err, &e) || (e.File != "m.png" && e.File != "m.json") || e.Kind == nil {
				t.Fatalf("bad failure: level %v, %T %v", l != nil, err, err)
			}
			return
		}
		g := l.Grid
		if g.Width < 1 || g.Height < 1 || len(g.Cells) != g.Width*g.Height {
			t.Fatalf("%d×%d with %d cells", g.Width, g.Height, len(g.Cells))
		}
		if len(l.Doors) != len(g.Doors) || len(l.Doors) != len(l.Description.Doors) {
			t.Fatalf("%d doors, %d door pixels, %d described", len(l.Doors), len(g.Doors), len(l.Description.Doors))
		}
		for _, d := range l.Doors {
			if c, ok := g.At(d.At.X, d.At.Y); !ok || c != Door {
				t.Fatalf("door %+v on %v", d, c)
			}
		}
		for _, o := range l.Description.Overlords {
			if len(o.SpawnPoints) == 0 || o.MaxInLevel < 1 || o.SpawnsInWave < 1 {
				t.Fatalf("overlord %+v", o)
			}
			for _, p := range o.SpawnPoints {
				if c, ok := g.At(int(p.X), int(p.Y)); !ok || c == Wall {
					t.Fatalf("spawn point %v on %v %v", p, c, ok)
				}
			}
		}
	})
}
