//go:build unix

package level_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"diorama/internal/loadutil"
	"diorama/internal/testenv"
	"diorama/level"
	"diorama/scene"
)

// Every loader opens its files (the level, an image level's image and
// description, an IsoMob scene's definitions, a Tiled map) through
// loadutil.Open: a named pipe is refused without being opened (opening it
// would block until a writer came), a directory is refused, a symbolic
// link leading out of the folder is refused by loadutil.OpenRoot, and one
// inside it is followed.
func TestHostileSpecialFiles(t *testing.T) {
	ok := map[string][]byte{
		"l.lev":  []byte("www\nwsw\nwww\n"),
		"m.png":  pngPaletted(t, 3, 3, func(x, y int) bool { return x != 1 || y != 1 }),
		"m.json": []byte(descJSON),
		"d.xml":  []byte(isoDefs),
		"s.xml": isoScene(`gridsize="64" levelsize="64"`,
			`<floor id="F" x="0" y="0" z="0" width="128" height="128" src="m"/>`),
		"m.tmx": tmx(2, 2, `<layer id="1" name="g" width="2" height="2"><data encoding="csv">0,0,0,0</data></layer>`),
	}
	// m.png's middle pixel is floor: put the player there.
	ok["m.json"] = []byte(`{"player": {"sp": {"x": 1.5, "y": 1.5}}, "doors": [], "overlords": []}`)
	loaders := []struct {
		name  string // the file replaced by a special one
		load  func(fs.FS) (*scene.World, error)
		errAt string // the file the error names
	}{
		{"l.lev", loadASCII("l.lev"), "l.lev"},
		{"m.png", loadImage("m.png", "m.json"), "m.png"},
		{"m.json", loadImage("m.png", "m.json"), "m.json"},
		{"s.xml", loadIsoXML("s.xml"), "s.xml"},
		{"d.xml", loadIsoXML("s.xml"), "d.xml"},
		{"m.tmx", loadTiled("m.tmx"), "m.tmx"},
	}
	outside := t.TempDir()
	writeFiles(t, outside, ok)
	for _, ld := range loaders {
		for _, trick := range []struct {
			name string
			make func(t *testing.T, path string)
			want string // the error text after "file: "; "" means the load succeeds
			kind error
		}{
			{"plain", func(*testing.T, string) {}, "", nil},
			{"fifo", func(t *testing.T, p string) {
				if err := syscall.Mkfifo(p, 0o644); err != nil {
					testenv.Missing(t, "mkfifo: %v", err)
				}
			}, "a named pipe, not a regular file", loadutil.ErrPath},
			{"directory", func(t *testing.T, p string) {
				if err := os.Mkdir(p, 0o755); err != nil {
					t.Fatal(err)
				}
			}, "a directory, not a file", loadutil.ErrPath},
			{"link inside", func(t *testing.T, p string) {
				if err := os.Rename(p+".real", filepath.Join(filepath.Dir(p), "real-"+filepath.Base(p))); err != nil {
					t.Fatal(err)
				}
				if err := os.Symlink("real-"+filepath.Base(p), p); err != nil {
					t.Fatal(err)
				}
			}, "", nil},
			{"link outside", func(t *testing.T, p string) {
				if err := os.Symlink(filepath.Join(outside, filepath.Base(p)), p); err != nil {
					t.Fatal(err)
				}
			}, "cannot open", loadutil.ErrMissing},
			{"dangling link", func(t *testing.T, p string) {
				if err := os.Symlink("nowhere", p); err != nil {
					t.Fatal(err)
				}
			}, "cannot open", loadutil.ErrMissing},
		} {
			t.Run(ld.name+" "+trick.name, func(t *testing.T) {
				dir := t.TempDir()
				writeFiles(t, dir, ok)
				p := filepath.Join(dir, ld.name)
				if err := os.Rename(p, p+".real"); err != nil {
					t.Fatal(err)
				}
				if trick.name == "plain" {
					if err := os.Rename(p+".real", p); err != nil {
						t.Fatal(err)
					}
				}
				trick.make(t, p)
				c := hostileCase{name: trick.name, load: ld.load, kind: trick.kind, msg: ld.errAt + ": " + trick.want}
				if ld.name == "d.xml" && trick.kind == loadutil.ErrMissing {
					// The scene checks its definitions files exist
					// where it lists them.
					c.msg = `s.xml:1: <definitions src="d.xml">: definitions file "d.xml" missing`
				}
				runHostile(t, dir, c)
			})
		}
	}
}

// TestHostileNonUTF8Names: a level whose name on disk (or whose folder's
// name) is not valid UTF-8 loads through OpenRoot under its name with
// U+FFFD for the invalid bytes, the files it refers to in its folder
// included; a broken one's error names it so.
func TestHostileNonUTF8Names(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "l\xffvel.lev"), []byte("www\nwsw\nwww\n"), 0o644); err != nil {
		testenv.Missing(t, "this file system refuses names that are not UTF-8 (CI's must take them): %v", err)
	}
	sub := filepath.Join(dir, "m\xfe\xfeps")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	writeFiles(t, sub, map[string][]byte{
		"map.tmx": tmx(2, 2, `<tileset firstgid="1" source="tiles.tsx"/><layer id="1" name="g" width="2" height="2"><data encoding="csv">1,0,0,1</data></layer>`),
		"tiles.tsx": []byte(`<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" name="t" tilewidth="64" tileheight="32" tilecount="1" columns="0"><tile id="0"/></tileset>`),
		"broken.lev": []byte("www\nw-w\nwww\n"),
	})
	for _, c := range []struct {
		file, name, err string
	}{
		{"l\xffvel.lev", "l\uFFFDvel.lev", ""},
		{"m\xfe\xfeps/map.tmx", "m\uFFFDps/map.tmx", ""},
		{"m\xfe\xfeps/broken.lev", "m\uFFFDps/broken.lev", "m\uFFFDps/broken.lev: no player"},
	} {
		fsys, name, err := level.OpenRoot(filepath.Join(dir, c.file), dir)
		if err != nil {
			t.Fatal(err)
		}
		if name != c.name {
			t.Errorf("%q: name %q, want %q", c.file, name, c.name)
		}
		w, err := level.Load(fsys, name, level.Options{})
		if c.err == "" && (err != nil || w == nil) {
			t.Errorf("%q: %v", c.file, err)
		}
		if c.err != "" && (err == nil || !strings.HasPrefix(err.Error(), c.err)) {
			t.Errorf("%q: error %v, want %q", c.file, err, c.err)
		}
	}
}
