package ascii

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
	"testing/fstest"
)

// FuzzLoad feeds arbitrary bytes as a level: the load must fail with an
// *Error naming the file, or return a level whose grid and spawns are
// consistent.
func FuzzLoad(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*.lev"))
	for _, p := range files {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
		f.Add(b[:len(b)*2/3])
	}
	for _, s := range []string{"", "\n", "w", "s\r\n", "ww\nw", "we\nps\n\n\n", "ss", "eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeees", "-\xff", "t\nb\n-\n"} {
		f.Add([]byte(s))
	}
	ld := Loader{Limits: Limits{MaxWidth: 256, MaxHeight: 256, MaxCells: 1 << 14, MaxFileBytes: 1 << 16, MaxEntries: 64}}
	f.Fuzz(func(t *testing.T, data []byte) {
		l, err := ld.Load(fstest.MapFS{"f.lev": {Data: data}}, "f.lev")
		if err != nil {
			var e *Error
			if l != nil || !errors.As(err, &e) || e.File != "f.lev" || e.Kind == nil {
				t.Fatalf("bad failure: level %v, %T %v", l != nil, err, err)
			}
			return
		}
		if l.Width < 1 || l.Height < 1 || len(l.Cells) != l.Width*l.Height {
			t.Fatalf("%d×%d with %d cells", l.Width, l.Height, len(l.Cells))
		}
		for _, c := range l.Cells {
			if c > HalfWallBottom {
				t.Fatalf("cell %d", c)
			}
		}
		players := 0
		for _, s := range l.Spawns {
			if c, ok := l.At(s.At.X, s.At.Y); !ok || c != Empty || s.Kind == NoSpawn {
				t.Fatalf("spawn %+v on %v %v", s, c, ok)
			}
			if s.Kind == Player {
				players++
			}
		}
		if players != 1 || len(l.Spawns) > 64 {
			t.Fatalf("%d players, %d spawns", players, len(l.Spawns))
		}
	})
}
