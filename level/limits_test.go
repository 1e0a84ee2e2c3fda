package level

import (
	"errors"
	"os"
	"strings"
	"testing"
	"testing/fstest"

	"diorama/raster"
	"diorama/scene/ascii"
	"diorama/scene/tiled"
)

// TestOneBudget: Options.Limits reaches every reader and builder:
// the Tiled loader, the images a map names, the ASCII loader and the
// build itself, each refusing with an error that names the limit.
func TestOneBudget(t *testing.T) {
	fsys := fstest.MapFS{"level.lev": {Data: []byte("wwwww\nw-s-w\nw---w\nwwwww\n")}}
	for _, f := range []string{"iso.tmx", "tiles.tsx", "tiles.png"} {
		b, err := os.ReadFile("testdata/" + f)
		if err != nil {
			t.Fatal(err)
		}
		fsys[f] = &fstest.MapFile{Data: b}
	}
	if _, err := LoadTiled(fsys, "iso.tmx", Options{}); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name string
		load func() error
		want string
	}{
		{"tiled file bytes", func() error {
			_, err := LoadTiled(fsys, "iso.tmx", Options{Limits: Limits{Tiled: tiled.Limits{MaxFileBytes: 100}}})
			return err
		}, "larger than 100 bytes"},
		{"image pixels", func() error {
			_, err := LoadTiled(fsys, "iso.tmx", Options{Limits: Limits{Images: raster.ImageLimits{MaxPixels: 1000}}})
			if err != nil && !errors.Is(err, raster.ErrImageLimit) {
				t.Errorf("image limit error is not ErrImageLimit: %v", err)
			}
			return err
		}, "MaxPixels"},
		{"ascii file bytes", func() error {
			_, err := LoadASCII(fsys, "level.lev", Options{Limits: Limits{ASCII: ascii.Limits{MaxFileBytes: 10}}})
			return err
		}, "10 bytes"},
		{"build entities", func() error {
			_, err := LoadASCII(fsys, "level.lev", Options{Limits: Limits{BuildLimits: BuildLimits{MaxEntities: 2}}})
			return err
		}, "Limits.MaxEntities"},
	}
	for _, c := range cases {
		err := c.load()
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one containing %q", c.name, err, c.want)
		}
	}
}

// The navigation budget: a world built with Limits.NavCells too small
// for its floor refuses to build its navigation, naming the limit.
func TestNavCellsBudget(t *testing.T) {
	fsys := fstest.MapFS{"l.lev": {Data: []byte("wwwwww\nw-s--w\nw----w\nwwwwww\n")}}
	w, err := LoadASCII(fsys, "l.lev", Options{Limits: Limits{NavCells: 100}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.Nav().Floor(); err == nil || !strings.Contains(err.Error(), "Limits.NavCells") {
		t.Fatalf("nav over budget: %v", err)
	}
	w, _ = LoadASCII(fsys, "l.lev", Options{})
	if _, err := w.Nav().Floor(); err != nil {
		t.Fatalf("default budget: %v", err)
	}
}
