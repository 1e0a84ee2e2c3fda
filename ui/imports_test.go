package ui

import (
	"go/build"
	"strings"
	"testing"
)

// TestImports keeps the package's import rule (see doc.go): raster, mathx,
// platform and the standard library only.
func TestImports(t *testing.T) {
	pkg, err := build.ImportDir(".", 0)
	if err != nil {
		t.Fatal(err)
	}
	allowed := map[string]bool{"diorama/raster": true, "diorama/mathx": true, "diorama/platform": true}
	for _, imp := range pkg.Imports {
		if allowed[imp] {
			continue
		}
		if first, _, _ := strings.Cut(imp, "/"); strings.Contains(first, ".") || first == "diorama" {
			t.Errorf("ui imports %s; it may import only raster, mathx, platform and the standard library", imp)
		}
	}
}
