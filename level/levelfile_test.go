package level

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
)

// Load picks the loader by extension: each format builds the world
// its own Load function builds, and anything else is refused by name.
func TestLoadLevel(t *testing.T) {
	fsys := fstest.MapFS{
		"l.lev": {Data: []byte("wwww\nws-w\nw-ew\nwwww\n")},
		"l.txt": {Data: []byte("wwww\nws-w\nw-ew\nwwww\n")},
	}
	for name, want := range map[string]int{"l.lev": 4, "l.txt": 4} {
		w, err := Load(fsys, name, Options{Seed: 1})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if b := w.Grid.Bounds(); b.Empty() || w.Grid.Cols != want {
			t.Errorf("%s: %d columns, want %d", name, w.Grid.Cols, want)
		}
	}
	dir := os.DirFS("testdata")
	for _, name := range []string{"iso.tmx", "isomob/scene.xml"} {
		w, err := Load(dir, name, Options{Seed: 1})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if len(w.Builder().Sources()) == 0 || w.Builder().Sources()[0] != name {
			t.Errorf("%s: sources %v", name, w.Builder().Sources())
		}
	}
	// A Tiled map in JSON under Tiled's older extension.
	tj := fstest.MapFS{"m.json": {Data: []byte(`{"type": "map", "version": "1.10", "orientation": "isometric", "renderorder": "right-down",
		"width": 2, "height": 2, "tilewidth": 64, "tileheight": 32, "infinite": false, "nextlayerid": 2, "nextobjectid": 1, "tilesets": [],
		"layers": [{"id": 1, "name": "g", "type": "tilelayer", "width": 2, "height": 2, "x": 0, "y": 0, "opacity": 1, "visible": true, "data": [0, 0, 0, 0]}]}`)}}
	if w, err := Load(tj, "m.json", Options{}); err != nil || w.Grid.Cols != 2 {
		t.Errorf("Tiled JSON map as .json: %v", err)
	}
	// An image level: its description is the .json beside it.
	img := fstest.MapFS{"m.png": {Data: levelPNG(t, []string{"wwww", "w..w", "w..w", "wwww"})},
		"m.json": {Data: []byte(`{"player": {"osr": {"x": 0, "y": 1}, "sp": {"x": 1.5, "y": 1.5}}}`)}}
	if w, err := Load(img, "m.png", Options{Seed: 1}); err != nil || len(w.Builder().Sources()) != 2 {
		t.Errorf("image level: %v (sources %v)", err, w.Builder().Sources())
	}
	if _, err := Load(fsys, "notes.md", Options{}); err == nil || !strings.Contains(err.Error(), "notes.md: not a level file") {
		t.Errorf("unknown extension: %v", err)
	}
	if _, err := Load(img, "missing.png", Options{}); err == nil || !strings.Contains(err.Error(), "missing.") {
		t.Errorf("missing file: %v", err)
	}
}

// OpenRoot: by default the working directory when the file lies under
// it, else the file's folder; an explicit root must hold the file.
func TestOpenRoot(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "maps"), 0o755)
	os.WriteFile(filepath.Join(dir, "maps", "m.tmx"), []byte("x"), 0o644)
	os.WriteFile(filepath.Join(dir, "t.png"), []byte("y"), 0o644)
	wd, _ := os.Getwd()
	defer os.Chdir(wd)
	if err := os.Chdir(dir); err != nil {
		t.Fatal(err)
	}
	fsys, name, err := OpenRoot("maps/m.tmx", "")
	if err != nil || name != "maps/m.tmx" {
		t.Fatalf("default root: %q %v", name, err)
	}
	if b, err := fsys.(interface{ ReadFile(string) ([]byte, error) }).ReadFile("t.png"); err != nil || string(b) != "y" {
		t.Errorf("the working directory's file through the root: %q %v", b, err)
	}
	if _, name, err = OpenRoot("maps/m.tmx", "maps"); err != nil || name != "m.tmx" {
		t.Errorf("root maps: %q %v", name, err)
	}
	if _, _, err = OpenRoot("t.png", "maps"); err == nil || !strings.Contains(err.Error(), "not inside the root") {
		t.Errorf("a file outside the root: %v", err)
	}
	// A symbolic link out of the root is refused when read.
	outside := filepath.Join(t.TempDir(), "secret.png")
	os.WriteFile(outside, []byte("s"), 0o644)
	if err := os.Symlink(outside, filepath.Join(dir, "maps", "link.png")); err == nil {
		if _, err := fsys.(interface{ ReadFile(string) ([]byte, error) }).ReadFile("maps/link.png"); err == nil {
			t.Error("a link out of the root was followed")
		}
	}
	// Outside the working directory: the file's own folder.
	other := t.TempDir()
	os.WriteFile(filepath.Join(other, "o.lev"), []byte("z"), 0o644)
	if _, name, err = OpenRoot(filepath.Join(other, "o.lev"), ""); err != nil || name != "o.lev" {
		t.Errorf("outside the working directory: %q %v", name, err)
	}
}
