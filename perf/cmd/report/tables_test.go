package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// spliceTables inserts the section before the engine changes the first
// time and replaces it, and only it, afterwards.
func TestSpliceTables(t *testing.T) {
	path := filepath.Join(t.TempDir(), "REPORT.md")
	orig := "# Report\n\n## Plots\n\nx\n\n## Engine changes this report asks for\n\n- y\n"
	if err := os.WriteFile(path, []byte(orig), 0o644); err != nil {
		t.Fatal(err)
	}
	sec := func(s string) string { return tablesBegin + "\n## Seed tables\n\n" + s + "\n" + tablesEnd + "\n" }
	if err := spliceTables(path, sec("first")); err != nil {
		t.Fatal(err)
	}
	if err := spliceTables(path, sec("second")); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	got := string(b)
	want := "# Report\n\n## Plots\n\nx\n\n" + sec("second") + "\n## Engine changes this report asks for\n\n- y\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if strings.Count(got, tablesBegin) != 1 {
		t.Error("section duplicated")
	}
	if err := spliceTables(filepath.Join(t.TempDir(), "missing.md"), sec("x")); err == nil {
		t.Error("missing report accepted")
	}
}
