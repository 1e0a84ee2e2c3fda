package loadtest

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// ImportsOnly reports through t.Errorf every import of a non-test .go file
// in dir that is neither in the standard library nor one of allowed. A
// path whose first element has a dot ("github.com/...") or that starts
// with "diorama/" is not standard. It fails with t.Fatalf when dir holds
// no Go file or a file does not parse.
func ImportsOnly(t testing.TB, dir string, allowed ...string) {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatalf("%v", err)
		return
	}
	if len(files) == 0 {
		t.Fatalf("no Go files in %s", dir)
		return
	}
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatalf("%v", err)
			return
		}
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			first, _, _ := strings.Cut(p, "/")
			std := !strings.Contains(first, ".") && !strings.HasPrefix(p, "diorama/")
			if !std && !contains(allowed, p) {
				t.Errorf("%s imports %s", filepath.Base(name), p)
			}
		}
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
