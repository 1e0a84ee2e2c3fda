package fuzzy

import (
	"math"
	"testing"

	"diorama/mathx"
)

// simpsonCentroid integrates x·μ and μ over [a,b] with composite
// Simpson's rule on n (even) intervals.
func simpsonCentroid(mu func(float64) float64, a, b float64, n int) float64 {
	h := (b - a) / float64(n)
	var num, den float64
	for i := 0; i <= n; i++ {
		x := a + float64(i)*h
		w := 2.0
		switch {
		case i == 0 || i == n:
			w = 1
		case i%2 == 1:
			w = 4
		}
		m := mu(x)
		num += w * x * m
		den += w * m
	}
	return num / den
}

// Property: for random output sets and firing degrees, Centroid (1000
// midpoint samples) matches an independent Simpson integration with 2^16
// intervals of the same clipped-max function, and MeanOfMaximum lies
// where that function is highest.
func TestCentroidAgainstNumericIntegration(t *testing.T) {
	r := mathx.NewRand(7)
	for trial := 0; trial < 100; trial++ {
		m := NewModule()
		out := m.AddOutput("out")
		n := 2 + r.IntN(4)
		var sets []Set
		var degs []float64
		for i := 0; i < n; i++ {
			a := r.Float64() * 80
			w := 1 + r.Float64()*30
			var s Set
			switch r.IntN(4) {
			case 0:
				s = Triangle(a, a+w*r.Float64(), a+w)
			case 1:
				s = Trapezoid(a, a+w*r.Float64()/2, a+w/2+w*r.Float64()/2, a+w)
			case 2:
				s = LeftShoulder(a, a+w/3, a+w)
			default:
				s = RightShoulder(a, a+2*w/3, a+w)
			}
			// Rule i fires with degree d: its input's LeftShoulder(0,0,1)
			// is fuzzified at 1-d.
			d := r.Float64()
			name := string(rune('a' + i))
			in := m.AddInput("in" + name)
			m.AddRule(in.AddSet("x", LeftShoulder(0, 0, 1)), out.AddSet(name, s))
			if err := in.Fuzzify(1 - d); err != nil {
				t.Fatal(err)
			}
			sets, degs = append(sets, s), append(degs, in.DOM(0))
		}
		if err := m.Err(); err != nil {
			t.Fatal(err)
		}
		lo, hi := out.Range()
		mu := func(x float64) float64 {
			v := 0.0
			for i, s := range sets {
				v = math.Max(v, math.Min(degs[i], s.DOM(x)))
			}
			return v
		}
		want := simpsonCentroid(mu, lo, hi, 1<<16)
		got, err := out.Defuzzify(Centroid)
		if err != nil || !near(got, want, 1e-3*(hi-lo)) {
			t.Fatalf("trial %d: centroid %v, Simpson %v (range %v..%v)", trial, got, want, lo, hi)
		}
		mom, err := out.Defuzzify(MeanOfMaximum)
		top := 0.0
		for _, d := range degs {
			top = math.Max(top, d)
		}
		if err != nil || mom < lo || mom > hi {
			t.Fatalf("trial %d: mom %v outside range", trial, mom)
		}
		// The mean of a single interval of maxima has μ = top; for
		// several disjoint intervals the mean may fall between them, so
		// check against a sampled mean of maximum instead.
		var sum, cnt float64
		const steps = 1 << 16
		for k := 0; k <= steps; k++ {
			x := lo + (hi-lo)*float64(k)/steps
			if mu(x) >= top-1e-12 {
				sum += x
				cnt++
			}
		}
		if cnt > 0 && !near(mom, sum/cnt, 1e-3*(hi-lo)) {
			t.Fatalf("trial %d: mom %v, sampled %v", trial, mom, sum/cnt)
		}
	}
}

// Mean of maximum by hand on shapes whose maximum is a point or spans
// several sets.
func TestMeanOfMaximumCases(t *testing.T) {
	m := NewModule()
	in := m.AddInput("in")
	on := in.AddSet("on", Singleton(1))
	out := m.AddOutput("out")
	t1 := out.AddSet("t1", Triangle(0, 10, 20))
	t2 := out.AddSet("t2", Triangle(20, 30, 40))
	tr := out.AddSet("tr", Trapezoid(50, 60, 70, 100))
	m.AddRule(on, t1)
	m.AddRule(on, t2)
	m.AddRule(on.Very(), tr)
	in.Fuzzify(1)
	// All fire 1: maxima at the points 10, 30 and the plateau [60,70]:
	// the plateau has length, the points none → 65.
	if v, err := out.Defuzzify(MeanOfMaximum); err != nil || v != 65 {
		t.Errorf("got %v %v, want 65", v, err)
	}
	// MaxAv: (10 + 30 + 65)/3 = 35.
	if v, err := out.Defuzzify(AverageOfMaxima); err != nil || !near(v, 35, 1e-12) {
		t.Errorf("maxav %v %v, want 35", v, err)
	}
	m2 := NewModule()
	in2 := m2.AddInput("in")
	on2 := in2.AddSet("on", Singleton(1))
	out2 := m2.AddOutput("out")
	m2.AddRule(on2, out2.AddSet("a", Triangle(0, 10, 20)))
	m2.AddRule(on2, out2.AddSet("b", Triangle(20, 30, 40)))
	in2.Fuzzify(1)
	// Only points: their mean (10+30)/2 = 20.
	if v, err := out2.Defuzzify(MeanOfMaximum); err != nil || v != 20 {
		t.Errorf("points: %v %v, want 20", v, err)
	}
}
