// Command surface counts a module's public API: packages outside
// internal/, cmd/, examples/ and testdata/ (main packages skipped), their
// exported functions, exported methods on exported types, and exported
// types. All build tags are read; an identifier defined in several tagged
// files counts once; nested modules are skipped. The figures in the
// issue notes come from it:
//
//	go run ./internal/cmd/surface [-v|-l] .
package main

import (
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// pkg is one public package's exported identifiers, by name.
type pkg struct{ funcs, types, vals map[string]bool }

func main() {
	verbose := flag.Bool("v", false, "per-package counts")
	list := flag.Bool("l", false, "list identifiers")
	flag.Parse()
	pkgs, err := count(flag.Arg(0))
	if err != nil {
		fmt.Fprintln(os.Stderr, "surface:", err)
		os.Exit(1)
	}
	report(os.Stdout, pkgs, *verbose, *list)
}

// count walks the module at root and returns its public packages (by
// folder, relative to root) with their exported identifiers.
func count(root string) (map[string]*pkg, error) {
	pkgs := map[string]*pkg{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		if d.IsDir() {
			b := d.Name()
			if b == "internal" || b == "cmd" || b == "examples" || b == "testdata" || (strings.HasPrefix(b, ".") && rel != ".") {
				return filepath.SkipDir
			}
			if _, err := os.Stat(filepath.Join(p, "go.mod")); err == nil && rel != "." {
				return filepath.SkipDir // another module (perf/peers/...)
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), p, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		if f.Name.Name == "main" {
			return nil
		}
		dir := filepath.Dir(rel)
		k := pkgs[dir]
		if k == nil {
			k = &pkg{map[string]bool{}, map[string]bool{}, map[string]bool{}}
			pkgs[dir] = k
		}
		for _, decl := range f.Decls {
			switch d := decl.(type) {
			case *ast.FuncDecl:
				if !d.Name.IsExported() {
					continue
				}
				name := d.Name.Name
				if d.Recv != nil {
					t := d.Recv.List[0].Type
					if s, ok := t.(*ast.StarExpr); ok {
						t = s.X
					}
					if ix, ok := t.(*ast.IndexExpr); ok {
						t = ix.X
					}
					if ix, ok := t.(*ast.IndexListExpr); ok {
						t = ix.X
					}
					id, ok := t.(*ast.Ident)
					if !ok || !id.IsExported() {
						continue
					}
					name = id.Name + "." + name
				}
				k.funcs[name] = true
			case *ast.GenDecl:
				if d.Tok == token.IMPORT {
					continue
				}
				if d.Tok != token.TYPE {
					for _, sp := range d.Specs {
						for _, n := range sp.(*ast.ValueSpec).Names {
							if n.IsExported() {
								k.vals[n.Name] = true
							}
						}
					}
					continue
				}
				for _, s := range d.Specs {
					if ts := s.(*ast.TypeSpec); ts.Name.IsExported() {
						k.types[ts.Name.Name] = true
					}
				}
			}
		}
		return nil
	})
	return pkgs, err
}

// report prints the totals, and with verbose or list each package's
// counts (and with list its identifiers).
func report(w io.Writer, pkgs map[string]*pkg, verbose, list bool) {
	var dirs []string
	nf, nt, nv := 0, 0, 0
	for d, k := range pkgs {
		dirs = append(dirs, d)
		nf += len(k.funcs)
		nt += len(k.types)
		nv += len(k.vals)
	}
	sort.Strings(dirs)
	if verbose || list {
		for _, d := range dirs {
			k := pkgs[d]
			fmt.Fprintf(w, "%-28s funcs %4d types %3d\n", d, len(k.funcs), len(k.types))
			if list {
				var ids []string
				for n := range k.types {
					ids = append(ids, "type "+n)
				}
				for n := range k.funcs {
					ids = append(ids, "func "+n)
				}
				sort.Strings(ids)
				for _, n := range ids {
					fmt.Fprintln(w, "   ", n)
				}
			}
		}
	}
	fmt.Fprintf(w, "packages %d  exported funcs+methods %d  exported types %d  exported consts+vars %d\n", len(pkgs), nf, nt, nv)
}
