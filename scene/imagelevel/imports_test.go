package imagelevel

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// The package is a pure data loader: its non-test files import only the
// standard library and diorama/mathx (doc.go says so; this keeps it so).
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
			if p != "diorama/mathx" && strings.Contains(first, ".") || strings.HasPrefix(p, "diorama/") && p != "diorama/mathx" {
				t.Errorf("%s imports %s", name, p)
			}
		}
	}
}
