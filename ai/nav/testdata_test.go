package nav

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"diorama/internal/testenv"
)

// sharedDir returns ../shared/testdata/<sub> relative to the repository
// root; see testenv.SharedTestdata (skips when absent, fails when CI=true).
func sharedDir(t testing.TB, sub string) string {
	t.Helper()
	return testenv.SharedTestdata(t, sub)
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
	fsys := os.DirFS(dir)
	for _, sf := range files {
		scens, err := LoadScenarios(fsys, filepath.Base(sf))
		if err != nil {
			t.Fatal(err)
		}
		mapName := filepath.Base(strings.ReplaceAll(scens[0].Map, "\\", "/"))
		g, err := LoadMovingAIMap(fsys, mapName)
		if err != nil {
			t.Fatal(err)
		}
		g.Prepare()
		out = append(out, benchMap{strings.TrimSuffix(mapName, ".map"), g, scens})
	}
	return out
}
