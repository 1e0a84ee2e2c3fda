package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// A small module: exported functions, methods on exported types (not on
// unexported ones), types and values count once across build-tagged
// files; internal/, cmd/, nested modules and main packages do not count.
func TestCount(t *testing.T) {
	root := t.TempDir()
	write := func(name, src string) {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", "module m\n")
	write("a/a.go", "package a\ntype T struct{}\ntype u struct{}\nfunc F() {}\nfunc g() {}\nfunc (T) M() {}\nfunc (*u) N() {}\nconst C, d = 1, 2\n")
	write("a/a_linux.go", "//go:build linux\npackage a\nfunc F() {}\n")
	write("a/a_test.go", "package a\nfunc TestX() {}\n")
	write("b/b.go", "package b\ntype G[K any] struct{}\nfunc (G[K]) M() {}\n")
	write("internal/x/x.go", "package x\nfunc X() {}\n")
	write("cmd/c/main.go", "package main\nfunc Main() {}\n")
	write("tool/main.go", "package main\nfunc Tool() {}\n")
	write("nested/go.mod", "module n\n")
	write("nested/n.go", "package n\nfunc N() {}\n")
	pkgs, err := count(root)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	report(&out, pkgs, false, false)
	if got, want := out.String(), "packages 2  exported funcs+methods 3  exported types 2  exported consts+vars 1\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	write("bad/bad.go", "package bad\nfunc (")
	if _, err := count(root); err == nil {
		t.Error("a file that does not parse gave no error")
	}
}
