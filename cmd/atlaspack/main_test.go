package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"diorama/atlas"
)

// Packing the atlas package's test sprites writes a page and a
// TexturePacker description that loads back to the same pixels.
func TestAtlaspackWritesLoadableSheet(t *testing.T) {
	dir := t.TempDir()
	var log bytes.Buffer
	src := "../../atlas/testdata/sprites"
	if err := run([]string{"-o", filepath.Join(dir, "out", "sheet"), "-pad", "1", "-extrude", "1", src}, &log); err != nil {
		t.Fatal(err, log.String())
	}
	a, err := atlas.LoadTexturePacker(os.DirFS(filepath.Join(dir, "out")), "sheet.json")
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	for i, f := range a.Frames {
		names[f.Name] = true
		img, err := readPNG(filepath.Join(src, f.Name))
		if err != nil {
			t.Fatal(err)
		}
		got, err := a.Image(i)
		if err != nil {
			t.Fatal(err)
		}
		b := atlas.NewBuilder(atlas.Options{})
		b.Add("x", img)
		want, _ := b.Build()
		wantImg, _ := want.Image(0)
		if !bytes.Equal(got.Pix, wantImg.Pix) {
			t.Errorf("%s: pixels differ after atlaspack", f.Name)
		}
	}
	if len(names) != 3 || !names["crate.png"] || !names["gem.png"] || !names["barrel.png"] {
		t.Fatalf("frames %v", names)
	}
	// Several pages when the size limit is small.
	if err := run([]string{"-o", filepath.Join(dir, "small"), "-max", "20", "-pad", "0", "-extrude", "0", src}, &log); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "small-1.json")); err != nil {
		t.Fatalf("second page missing: %v", err)
	}
	for _, bad := range [][]string{{}, {"-algo", "nope", src}, {"/no/such/file.png"}} {
		if err := run(bad, &log); err == nil {
			t.Errorf("run(%v) succeeded", bad)
		}
	}
}

func TestAtlaspackMulti(t *testing.T) {
	dir := t.TempDir()
	var log bytes.Buffer
	if err := run([]string{"-o", filepath.Join(dir, "m"), "-max", "20", "-pad", "0", "-extrude", "0", "-multi", "../../atlas/testdata/sprites"}, &log); err != nil {
		t.Fatal(err, log.String())
	}
	a, err := atlas.LoadTexturePackerMulti(os.DirFS(dir), "m.json")
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Pages) < 2 || len(a.Frames) != 3 {
		t.Fatalf("%d pages, %d frames", len(a.Pages), len(a.Frames))
	}
	if _, err := os.Stat(filepath.Join(dir, "m-0.json")); err == nil {
		t.Error("per-page JSON written with -multi")
	}
}
