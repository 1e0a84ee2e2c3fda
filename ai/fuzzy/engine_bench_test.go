package fuzzy

import (
	"os"
	"path/filepath"
	"testing"

	"diorama/internal/testenv"
)

// TestEngineNoAllocations: Process allocates nothing, for every shared
// fuzzylite engine and every activation method.
func TestEngineNoAllocations(t *testing.T) {
	engines := sharedEngines(t)
	engines["guard"] = mustParse(t, "guard", guardFLL)
	for _, m := range []string{"Highest 2", "Lowest 3", "Proportional", "Threshold > 0.1", "First 2 0.1", "Last 2 0.1"} {
		engines["activation "+m] = activationEngine(t, m)
	}
	for name, e := range engines {
		x := 0.0
		allocs := testenv.AllocsOver(50, func() {
			for _, v := range e.Inputs() {
				x += 0.37
				v.SetValue(v.Min + (v.Max-v.Min)*(x-float64(int(x))))
			}
			e.Process()
		})
		if allocs != 0 {
			t.Errorf("%s: %v allocations in 50 Process calls, want 0", name, allocs)
		}
	}
}

// BenchmarkEngine runs one Process per iteration of a shared fuzzylite
// engine of each kind, walking its reference input rows; ns/eval is the
// cost of one evaluation.
func BenchmarkEngine(b *testing.B) {
	root := testenv.SharedTestdata(b, "fuzzylite")
	for _, c := range []struct{ kind, file string }{
		{"mamdani", "mamdani/SimpleDimmer"},      // 3 rules, Centroid 200
		{"mamdani-allterms", "mamdani/AllTerms"}, // 20 rules and term classes, Centroid 200
		{"mamdani-chained", "mamdani/Laundry"},   // Discrete, MeanOfMaximum 500, chained outputs
		{"takagi-sugeno", "takagi-sugeno/approximation"},
		{"tsukamoto", "tsukamoto/tsukamoto"},
		{"hybrid", "hybrid/tipper"},
	} {
		b.Run(c.kind, func(b *testing.B) {
			e, err := LoadFLL(os.DirFS(root), c.file+".fll")
			if err != nil {
				b.Fatal(err)
			}
			tab := readFLD(b, filepath.Join(root, c.file+".fld")).rows
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				row := tab[i%len(tab)]
				i++
				for j, v := range e.Inputs() {
					v.SetValue(row[j])
				}
				e.Process()
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N), "ns/eval")
		})
	}
}
