package goastar

import (
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"testing"

	"diorama/ai/nav"
	"diorama/mathx"
)

type benchMap struct {
	name   string
	grid   *nav.Grid
	world  *World
	readme *ReadmeWorld
	scens  []nav.Scenario
}

// cpuNanos returns the process's user+system CPU time: with the machine
// shared, wall time per query swings with the load, CPU time much less.
func cpuNanos() int64 {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return ru.Utime.Nano() + ru.Stime.Nano()
}

// repoRoot walks up to the directory whose go.mod declares module diorama.
func repoRoot(t testing.TB) string {
	dir, _ := os.Getwd()
	for {
		if b, err := os.ReadFile(filepath.Join(dir, "go.mod")); err == nil && strings.HasPrefix(string(b), "module diorama\n") {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no diorama go.mod above the test directory")
		}
		dir = parent
	}
}

func loadMaps(t testing.TB) []benchMap {
	dir := filepath.Join(repoRoot(t), "..", "shared", "testdata", "movingai")
	files, _ := filepath.Glob(filepath.Join(dir, "*.scen"))
	if len(files) == 0 {
		if os.Getenv("CI") == "true" {
			t.Fatalf("no Moving AI data in %s", dir)
		}
		t.Skipf("no Moving AI data in %s", dir)
	}
	sort.Strings(files)
	var out []benchMap
	for _, sf := range files {
		scens, err := nav.LoadScenarios(os.DirFS(filepath.Dir(sf)), filepath.Base(sf))
		if err != nil || len(scens) == 0 {
			t.Fatalf("%s: %v", sf, err)
		}
		name := filepath.Base(scens[0].Map)
		g, err := nav.LoadMovingAIMap(os.DirFS(dir), name)
		if err != nil {
			t.Fatal(err)
		}
		g.Prepare()
		out = append(out, benchMap{strings.TrimSuffix(name, ".map"), g, NewWorld(g), NewReadmeWorld(g), scens})
	}
	return out
}

// TestSameAnswers: on every 5th scenario both libraries find the listed
// optimal length, so the benchmark compares equal work.
func TestSameAnswers(t *testing.T) {
	s := nav.NewSearcher()
	for _, m := range loadMaps(t) {
		for i := 0; i < len(m.scens); i += 5 {
			sc := m.scens[i]
			d, _, ok := m.world.Path(sc.Start, sc.Goal)
			d2, ok2 := m.readme.Path(sc.Start, sc.Goal)
			_, st, err := s.AStar(m.grid, sc.Start, sc.Goal, nil)
			if !ok || !ok2 || d2 != d || err != nil || math.Abs(d-sc.Optimal) > 1e-3*math.Max(1, sc.Optimal) || math.Abs(st.Cost-sc.Optimal) > 1e-3*math.Max(1, sc.Optimal) {
				t.Fatalf("%s scenario %d: go-astar %v (%v), nav %v (%v), optimal %v", m.name, i, d, ok, st.Cost, err, sc.Optimal)
			}
		}
	}
}

// BenchmarkPeers runs all scenarios of each map with go-astar (fed
// precomputed neighbour slices, its best case, and README-style allocating
// neighbours), nav's A*, JPS and JPS+ (tables built on the warm-up
// pass), reporting wall and CPU ns per query.
func BenchmarkPeers(b *testing.B) {
	for _, m := range loadMaps(b) {
		q := float64(len(m.scens))
		for _, name := range []string{"go-astar", "go-astar-readme", "nav-astar", "nav-jps", "nav-jpsplus"} {
			b.Run(m.name+"/"+name, func(b *testing.B) {
				s := nav.NewSearcher()
				path := make([]mathx.Point, 0, 1<<14)
				m.grid.PrepareJPSPlus()
				b.ReportAllocs()
				c0 := cpuNanos()
				for i := 0; i < b.N; i++ {
					for _, sc := range m.scens {
						switch name {
						case "go-astar":
							m.world.Path(sc.Start, sc.Goal)
						case "go-astar-readme":
							m.readme.Path(sc.Start, sc.Goal)
						case "nav-astar":
							path, _, _ = s.AStar(m.grid, sc.Start, sc.Goal, path)
						case "nav-jps":
							path, _, _ = s.JPS(m.grid, sc.Start, sc.Goal, path)
						case "nav-jpsplus":
							path, _, _ = s.JPSPlus(m.grid, sc.Start, sc.Goal, path)
						}
					}
				}
				cpu := cpuNanos() - c0
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/q, "ns/query")
				b.ReportMetric(float64(cpu)/float64(b.N)/q, "cpu-ns/query")
			})
		}
	}
}
