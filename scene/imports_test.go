package scene

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestImports keeps scene inside its row of the design: the standard
// library and the packages below it, never ai or platform.
func TestImports(t *testing.T) {
	allowed := map[string]bool{
		"diorama/iso": true, "diorama/atlas": true, "diorama/physics": true, "diorama/raster": true,
		"diorama/mathx": true, "diorama/loop": true, "diorama/scene/tiled": true, "diorama/scene/isoxml": true,
		"diorama/scene/ascii": true, "diorama/scene/imagelevel": true, "diorama/internal/loadutil": true, "diorama/internal/fnv": true,
		"diorama/ai/nav": true, "diorama/ai/steer": true, "diorama/iso/overlay": true, "diorama/audio": true,
	}
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		n++
		af, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, im := range af.Imports {
			p, _ := strconv.Unquote(im.Path.Value)
			std := !strings.Contains(strings.Split(p, "/")[0], ".") && !strings.HasPrefix(p, "diorama")
			if !std && !allowed[p] {
				t.Errorf("%s imports %s", f, p)
			}
		}
	}
	if n < 5 {
		t.Fatalf("only %d source files found", n)
	}
}
