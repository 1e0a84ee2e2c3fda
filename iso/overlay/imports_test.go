package overlay

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// The package's own files import only the standard library and iso,
// raster, atlas and mathx (ai, physics and scene data comes in as plain
// values).
func TestImportsOnly(t *testing.T) {
	allowed := map[string]bool{"diorama/iso": true, "diorama/raster": true, "diorama/atlas": true, "diorama/mathx": true}
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, src, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, im := range f.Imports {
			path, _ := strconv.Unquote(im.Path.Value)
			first := strings.SplitN(path, "/", 2)[0]
			if !allowed[path] && (first == "diorama" || strings.Contains(first, ".")) {
				t.Errorf("%s imports %s", name, path)
			}
		}
		checked++
	}
	if checked == 0 {
		t.Fatal("no source files found")
	}
}
