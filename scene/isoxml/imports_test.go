package isoxml

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// The package is a pure data loader: its non-test files import only the
// standard library, diorama/mathx and the loaders' shared
// diorama/scene/internal/loadutil (doc.go says so; this keeps it so).
func TestImportsOnlyStdAndMathx(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			first, _, _ := strings.Cut(p, "/")
			allowed := p == "diorama/mathx" || p == "diorama/scene/internal/loadutil"
			if !allowed && (strings.Contains(first, ".") || strings.HasPrefix(p, "diorama/")) {
				t.Errorf("%s imports %s", name, p)
			}
		}
	}
}
