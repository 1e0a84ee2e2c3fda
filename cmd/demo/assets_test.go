package main

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

var update = flag.Bool("update", false, "rewrite generated level files and golden images")

// The files under levels/ and art/ are exactly what genAssets makes (run
// with -update to rewrite them after changing a layout or the art).
func TestAssets(t *testing.T) {
	files, err := genAssets()
	if err != nil {
		t.Fatal(err)
	}
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, n := range names {
		p := filepath.FromSlash(n)
		if *update {
			if err := os.WriteFile(p, files[n], 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		got, err := os.ReadFile(p)
		if err != nil {
			t.Fatalf("%v (run go test -run TestAssets -update)", err)
		}
		if !bytes.Equal(got, files[n]) {
			t.Errorf("%s differs from what genAssets makes (run with -update)", n)
		}
	}
}
