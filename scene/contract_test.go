package scene

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// panics returns the message fn panicked with, "" when it did not.
func panics(fn func()) (msg string) {
	defer func() {
		if r := recover(); r != nil {
			msg = fmt.Sprint(r)
		}
	}()
	fn()
	return ""
}

// wantPanic fails t unless fn panics with a message naming method.
func wantPanic(t *testing.T, method string, fn func()) {
	t.Helper()
	msg := panics(fn)
	if msg == "" {
		t.Errorf("%s did not panic", method)
	} else if !strings.HasPrefix(msg, "scene: "+method+": ") && !strings.HasPrefix(msg, "scene: "+method+" ") {
		t.Errorf("%s panicked with %q, which does not name it", method, msg)
	}
}

// maxWorldMethods is the most exported methods World may have: the rest
// live on the sub-objects they concern (Looks, Bullets, Crowd, Nav,
// Audio), so the type a game starts from stays small.
const maxWorldMethods = 40

// TestWorldMethods counts World's exported methods in the package's
// source, so that the type cannot grow back into a god object.
func TestWorldMethods(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	var names []string
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		af, err := parser.ParseFile(fset, f, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range af.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Recv == nil || !fd.Name.IsExported() {
				continue
			}
			if st, ok := fd.Recv.List[0].Type.(*ast.StarExpr); ok {
				if id, ok := st.X.(*ast.Ident); ok && id.Name == "World" {
					names = append(names, fd.Name.Name)
				}
			}
		}
	}
	sort.Strings(names)
	if len(names) > maxWorldMethods {
		t.Errorf("World has %d exported methods, over %d: %s", len(names), maxWorldMethods, strings.Join(names, " "))
	}
	if len(names) < 20 {
		t.Errorf("found only %d World methods: %s", len(names), strings.Join(names, " "))
	}
}
