package loadtest

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// recorder is a testing.TB that records instead of failing.
type recorder struct {
	testing.TB
	errors []string
	fatal  string
}

func (r *recorder) Helper() {}
func (r *recorder) Errorf(format string, args ...any) {
	r.errors = append(r.errors, fmt.Sprintf(format, args...))
}
func (r *recorder) Fatalf(format string, args ...any) { r.fatal = fmt.Sprintf(format, args...) }

func write(t *testing.T, dir, name, src string) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestImportsOnly(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "a.go", `package p

import (
	"fmt"
	"io/fs"

	"diorama/mathx"
	"diorama/internal/loadutil"
)
`)
	write(t, dir, "b.go", `package p

import (
	"diorama/raster"
	zstd "github.com/klauspost/compress/zstd"
	"golang.org/x/image/draw"
)
`)
	// Test files may import anything.
	write(t, dir, "a_test.go", `package p

import "diorama/iso"
`)
	for _, tc := range []struct {
		allowed []string
		want    []string
	}{
		{nil, []string{"a.go imports diorama/mathx", "a.go imports diorama/internal/loadutil",
			"b.go imports diorama/raster", "b.go imports github.com/klauspost/compress/zstd", "b.go imports golang.org/x/image/draw"}},
		{[]string{"diorama/mathx", "diorama/internal/loadutil", "github.com/klauspost/compress/zstd"},
			[]string{"b.go imports diorama/raster", "b.go imports golang.org/x/image/draw"}},
		// Only exact paths are allowed, not their parents or children.
		{[]string{"diorama", "diorama/mathx/sub", "github.com/klauspost/compress", "diorama/raster", "golang.org/x/image/draw"},
			[]string{"a.go imports diorama/mathx", "a.go imports diorama/internal/loadutil", "b.go imports github.com/klauspost/compress/zstd"}},
	} {
		r := &recorder{}
		ImportsOnly(r, dir, tc.allowed...)
		if !reflect.DeepEqual(r.errors, tc.want) || r.fatal != "" {
			t.Errorf("allowed %v: errors %q, fatal %q; want %q", tc.allowed, r.errors, r.fatal, tc.want)
		}
	}
}

func TestImportsOnlyFailures(t *testing.T) {
	r := &recorder{}
	ImportsOnly(r, t.TempDir())
	if r.fatal == "" || len(r.errors) != 0 {
		t.Errorf("empty dir: fatal %q, errors %q", r.fatal, r.errors)
	}
	dir := t.TempDir()
	write(t, dir, "bad.go", "package p\nimport (\n")
	r = &recorder{}
	ImportsOnly(r, dir)
	if r.fatal == "" {
		t.Error("unparsable file not reported")
	}
}

// loadtest itself imports only the standard library.
func TestLoadtestImportsOnlyStd(t *testing.T) {
	ImportsOnly(t, ".")
}
