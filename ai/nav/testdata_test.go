package nav

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// sharedDir returns ../shared/testdata/<sub> relative to the repository
// root (the directory holding the root go.mod). It skips the test when the
// data is absent, and fails instead when CI=true.
func sharedDir(t testing.TB, sub string) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the test directory")
		}
		dir = parent
	}
	p := filepath.Join(dir, "..", "shared", "testdata", sub)
	if _, err := os.Stat(p); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("test data %s missing: %v", p, err)
		}
		t.Skipf("test data %s missing: %v", p, err)
	}
	return p
}

type benchMap struct {
	name  string
	grid  *Grid
	scens []Scenario
}

// loadMovingAI loads every .map/.map.scen pair in the shared Moving AI
// directory, sorted by name.
func loadMovingAI(t testing.TB) []benchMap {
	t.Helper()
	dir := sharedDir(t, "movingai")
	files, err := filepath.Glob(filepath.Join(dir, "*.scen"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no scenario files in %s (%v)", dir, err)
	}
	sort.Strings(files)
	var out []benchMap
	for _, sf := range files {
		f, err := os.Open(sf)
		if err != nil {
			t.Fatal(err)
		}
		scens, err := ParseScenarios(f)
		f.Close()
		if err != nil {
			t.Fatalf("%s: %v", sf, err)
		}
		if len(scens) == 0 {
			t.Fatalf("%s: no scenarios", sf)
		}
		mapName := filepath.Base(strings.ReplaceAll(scens[0].Map, "\\", "/"))
		mf, err := os.Open(filepath.Join(dir, mapName))
		if err != nil {
			t.Fatal(err)
		}
		g, err := ParseMovingAIMap(mf)
		mf.Close()
		if err != nil {
			t.Fatalf("%s: %v", mapName, err)
		}
		g.Prepare()
		out = append(out, benchMap{strings.TrimSuffix(mapName, ".map"), g, scens})
	}
	return out
}
