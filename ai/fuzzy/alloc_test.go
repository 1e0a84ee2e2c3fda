package fuzzy

import (
	"testing"

	"diorama/internal/testenv"
)

func TestNoAllocations(t *testing.T) {
	m := seedModule(t)
	dist, health := m.Variable("distance"), m.Variable("health")
	acc, w := m.Variable("accuracy"), m.Variable("weapon")
	x := 0.0
	allocs := testenv.AllocsOver(200, func() {
		x += 1.7
		dist.Fuzzify(float64(int(x) % 100))
		health.Fuzzify(float64(int(x*3) % 100))
		acc.Defuzzify(AverageOfMaxima)
		acc.Defuzzify(MeanOfMaximum)
		w.Winner()
		dist.Fuzzify(x / 2)
		acc.Defuzzify(Centroid)
	})
	if allocs != 0 {
		t.Fatalf("%v allocations per update, want 0", allocs)
	}
}

// BenchmarkAccuracy fuzzifies two inputs and defuzzifies the seed 002
// accuracy output (16 rules evaluated) per iteration.
func BenchmarkAccuracy(b *testing.B) {
	for _, meth := range []Method{AverageOfMaxima, MeanOfMaximum, Centroid} {
		b.Run(meth.String(), func(b *testing.B) {
			m := seedModule(b)
			dist, health, acc := m.Variable("distance"), m.Variable("health"), m.Variable("accuracy")
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				i++
				dist.Fuzzify(float64(i % 100))
				health.Fuzzify(float64(i * 7 % 100))
				acc.Defuzzify(meth)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N), "ns/decision")
		})
	}
}
