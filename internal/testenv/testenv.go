package testenv

import (
	"os"
	"path/filepath"
	"testing"
)

// RepoRoot returns the repository root: the nearest directory above the
// working directory that holds go.mod.
func RepoRoot(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("testenv: no go.mod above the working directory")
		}
		dir = parent
	}
}

// SharedTestdata returns the path of ../shared/testdata/<rel> relative to
// the repository root. When it is absent the test is skipped with a
// message, except when the environment variable CI is "true", where it
// fails: CI must never pass by skipping.
func SharedTestdata(t testing.TB, rel string) string {
	t.Helper()
	p := filepath.Join(RepoRoot(t), "..", "shared", "testdata", rel)
	if _, err := os.Stat(p); err != nil {
		Missing(t, "shared test data %s not present: %v", p, err)
	}
	return p
}
