package testenv

import (
	"os"
	"path/filepath"
	"testing"
)

func TestRepoRoot(t *testing.T) {
	root := RepoRoot(t)
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatalf("%s has no go.mod", root)
	}
	if filepath.Base(filepath.Dir(filepath.Dir(mustWd(t)))) == "" {
		t.Fatal("unexpected layout")
	}
}

func mustWd(t *testing.T) string {
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	return wd
}

// The shared folder resolves to ../shared/testdata beside the repository
// (present on the development machines and in CI).
func TestSharedTestdata(t *testing.T) {
	p := SharedTestdata(t, "movingai")
	if filepath.Base(filepath.Dir(p)) != "testdata" || filepath.Base(filepath.Dir(filepath.Dir(p))) != "shared" {
		t.Fatalf("path %s", p)
	}
	if _, err := os.Stat(filepath.Join(p, "README.md")); err != nil {
		t.Fatal(err)
	}
}
