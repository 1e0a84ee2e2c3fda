//go:build !js

package web

import (
	"bytes"
	"encoding/binary"
	"os"
	"path/filepath"
	"testing"
)

// Build strips the wasm "name" section (the symbol table) and keeps local
// paths out of main.wasm, and writes the loader page.
func TestBuildStripped(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: skipping the wasm build")
	}
	dir := t.TempDir()
	if err := Build(dir, "./example"); err != nil {
		t.Fatal(err)
	}
	wasm, err := os.ReadFile(filepath.Join(dir, "main.wasm"))
	if err != nil {
		t.Fatal(err)
	}
	names, err := customSections(wasm)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range names {
		if n == "name" {
			t.Fatalf("main.wasm keeps its name section (sections %v)", names)
		}
	}
	if len(names) == 0 || names[0] != "go:buildid" {
		t.Fatalf("custom sections %v: not a Go wasm binary?", names)
	}
	wd, _ := os.Getwd()
	if bytes.Contains(wasm, []byte(filepath.Dir(filepath.Dir(wd)))) {
		t.Fatal("main.wasm holds the build machine's paths (no -trimpath)")
	}
	page, err := os.ReadFile(filepath.Join(dir, "index.html"))
	if err != nil || !bytes.Contains(page, []byte(`id="loading"`)) {
		t.Fatalf("index.html: %v", err)
	}
}

// customSections lists the names of a wasm module's custom sections.
func customSections(b []byte) ([]string, error) {
	if len(b) < 8 || string(b[:4]) != "\x00asm" {
		return nil, os.ErrInvalid
	}
	var names []string
	for i := 8; i < len(b); {
		id := b[i]
		n, k := binary.Uvarint(b[i+1:])
		if k <= 0 || uint64(len(b)-i-1-k) < n {
			return nil, os.ErrInvalid
		}
		body := b[i+1+k : i+1+k+int(n)]
		if id == 0 {
			l, m := binary.Uvarint(body)
			if m <= 0 || uint64(len(body)-m) < l {
				return nil, os.ErrInvalid
			}
			names = append(names, string(body[m:m+int(l)]))
		}
		i += 1 + k + int(n)
	}
	return names, nil
}
