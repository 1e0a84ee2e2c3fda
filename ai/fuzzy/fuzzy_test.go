package fuzzy

import (
	"errors"
	"math"
	"strings"
	"testing"
)

const eps = 1e-12

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

// Seed 002, Table C.1: the fuzzy unit tests, as golden values.
func TestSeed002Golden(t *testing.T) {
	// LeftShoulderSet (peak point 0, right offset 1) at 0.5 → 0.5.
	if got := LeftShoulder(0, 0, 1).DOM(0.5); got != 0.5 {
		t.Errorf("left shoulder DOM(0.5) = %v, want 0.5", got)
	}
	// RightShoulderSet (peak point 1, left offset 1) at 0.5 → 0.5.
	if got := RightShoulder(0, 1, 1).DOM(0.5); got != 0.5 {
		t.Errorf("right shoulder DOM(0.5) = %v, want 0.5", got)
	}
	if got := Fairly(9); got != 3 {
		t.Errorf("Fairly(9) = %v, want 3", got)
	}
	if got := Very(9); got != 81 {
		t.Errorf("Very(9) = %v, want 81", got)
	}
	if got := And(0, 1); got != 0 {
		t.Errorf("AND(0,1) = %v", got)
	}
	if got := Or(0, 1); got != 1 {
		t.Errorf("OR(0,1) = %v", got)
	}
	// FuzzyORRule / FuzzyANDRule over [0,1,2,3,4] → 4 and 0.
	or, and := 0.0, math.Inf(1)
	for _, x := range []float64{0, 1, 2, 3, 4} {
		or, and = Or(or, x), And(and, x)
	}
	if or != 4 || and != 0 {
		t.Errorf("OR fold %v, AND fold %v; want 4, 0", or, and)
	}
	// FuzzyModule De-fuzzify: set1 RightShoulder (fires 0), set2
	// LeftShoulder with its plateau ending at 0 (fires 1) → 0. Our reading
	// of the 3-argument constructors: (peak, slope offset, plateau offset).
	m := NewModule()
	in := m.AddInput("in")
	zero := in.AddSet("zero", LeftShoulder(0, 0, 1)) // DOM(0) = 1, DOM(1) = 0
	one := in.AddSet("one", RightShoulder(0, 1, 1))
	out := m.AddOutput("out")
	set1 := out.AddSet("set1", RightShoulder(1, 1, 2)) // representative 1.5
	set2 := out.AddSet("set2", LeftShoulder(0, 0, 1))  // representative 0
	m.AddRule(one, set1)                               // ANDRule(0, set1)
	m.AddRule(zero, set2)                              // ANDRule(1, set2)
	if err := in.Fuzzify(0); err != nil {
		t.Fatal(err)
	}
	got, err := out.Defuzzify(AverageOfMaxima)
	if err != nil || got != 0 {
		t.Errorf("defuzzify = %v, %v; want 0", got, err)
	}
	if out.DOM(0) != 0 || out.DOM(1) != 1 {
		t.Errorf("consequent degrees %v %v", out.DOM(0), out.DOM(1))
	}
}

func TestSetShapes(t *testing.T) {
	for _, c := range []struct {
		s    Set
		x    float64
		want float64
	}{
		{Triangle(0, 10, 20), 5, 0.5},
		{Triangle(0, 10, 20), 10, 1},
		{Triangle(0, 10, 20), 15, 0.5},
		{Triangle(0, 10, 20), 0, 0},
		{Triangle(0, 10, 20), 20, 0},
		{Triangle(0, 10, 20), -1, 0},
		{Triangle(0, 0, 10), 0, 1}, // vertical left edge
		{Triangle(0, 10, 10), 10, 1},
		{Trapezoid(0, 10, 20, 40), 15, 1},
		{Trapezoid(0, 10, 20, 40), 30, 0.5},
		{Trapezoid(0, 10, 20, 40), 2.5, 0.25},
		{LeftShoulder(0, 10, 30), -100, 1},
		{LeftShoulder(0, 10, 30), 20, 0.5},
		{LeftShoulder(0, 10, 30), 30, 0},
		{LeftShoulder(0, 10, 10), 10, 1}, // step
		{LeftShoulder(0, 10, 10), 10.0001, 0},
		{RightShoulder(10, 30, 40), 20, 0.5},
		{RightShoulder(10, 30, 40), 1e9, 1},
		{RightShoulder(10, 30, 40), math.Inf(1), 1},
		{LeftShoulder(0, 10, 30), math.Inf(-1), 1},
		{Triangle(0, 10, 20), math.Inf(1), 0},
		{Singleton(3), 3, 1},
		{Singleton(3), 3.0000001, 0},
	} {
		if got := c.s.DOM(c.x); !near(got, c.want, eps) {
			t.Errorf("%v.DOM(%v) = %v, want %v", c.s, c.x, got, c.want)
		}
		if got := c.s.DOM(math.NaN()); got != 0 {
			t.Errorf("%v.DOM(NaN) = %v", c.s, got)
		}
	}
	for _, c := range []struct {
		s    Set
		want float64
	}{
		{Triangle(0, 10, 20), 10}, {Trapezoid(0, 10, 20, 40), 15},
		{LeftShoulder(0, 10, 30), 5}, {RightShoulder(10, 30, 40), 35}, {Singleton(-2), -2},
	} {
		if got := c.s.Representative(); got != c.want {
			t.Errorf("%v representative %v want %v", c.s, got, c.want)
		}
	}
	for _, bad := range []Set{
		Triangle(0, 20, 10), Triangle(5, 5, 5), Trapezoid(0, 1, 3, 2), Trapezoid(1, 1, 1, 1),
		LeftShoulder(1, 0, 2), RightShoulder(math.NaN(), 1, 2), Singleton(math.Inf(1)), {Shape: 9},
	} {
		if bad.Validate() == nil {
			t.Errorf("%v validated", bad)
		}
	}
}

// Membership degrees stay in [0,1] for any finite or infinite input.
func TestDOMRange(t *testing.T) {
	sets := []Set{Triangle(-3, 1, 2), Trapezoid(-5, -1, 0, 7), LeftShoulder(-1, 0, 4), RightShoulder(2, 3, 9), Singleton(0)}
	for i := -2000; i <= 2000; i++ {
		x := float64(i) / 97
		for _, s := range sets {
			if d := s.DOM(x); !(d >= 0 && d <= 1) {
				t.Fatalf("%v.DOM(%v) = %v", s, x, d)
			}
		}
	}
}

// Rule hedges and operators: each rule's strength is hand computed.
func TestRuleOperators(t *testing.T) {
	m := NewModule()
	a := m.AddInput("a")
	lo := a.AddSet("lo", LeftShoulder(0, 0, 1))
	hi := a.AddSet("hi", RightShoulder(0, 1, 1))
	out := m.AddOutput("o")
	var terms []Expr
	for _, n := range []string{"r1", "r2", "r3", "r4", "r5", "r6"} {
		terms = append(terms, out.AddSet(n, Singleton(float64(len(terms)))))
	}
	m.AddRule(lo.Very(), terms[0])                                      // 0.75² = 0.5625
	m.AddRule(hi.Fairly(), terms[1])                                    // √0.25 = 0.5
	m.AddRule(AllOf(lo, hi.Not()), terms[2])                            // min(.75, .75) = .75
	m.AddRule(AnyOf(hi, lo.Very().Very()), terms[3])                    // max(.25, .75⁴=.31640625)
	m.AddRule(AllOf(lo, hi).Not(), terms[4])                            // 1 - .25 = .75
	m.AddRule(AnyOf(AllOf(lo, hi.Fairly()), hi.Not().Very()), terms[5]) // max(min(.75,.5), .5625) = .5625
	if err := m.Err(); err != nil {
		t.Fatal(err)
	}
	if err := a.Fuzzify(0.25); err != nil { // lo = .75, hi = .25
		t.Fatal(err)
	}
	m.Evaluate()
	want := []float64{0.5625, 0.5, 0.75, 0.31640625, 0.75, 0.5625}
	for i, w := range want {
		if got := out.DOM(i); !near(got, w, eps) {
			t.Errorf("rule %d strength %v, want %v", i+1, got, w)
		}
	}
	// Two rules with the same consequent are OR-combined.
	m.AddRule(lo, terms[1])
	m.Evaluate() // adding a rule marked the module dirty
	if got := out.DOM(1); got != 0.75 {
		t.Errorf("OR-combined consequent %v, want .75", got)
	}
}

// NaN inputs never produce NaN outputs: Fuzzify reports ErrNaN and the
// variable fires nothing; with nothing firing, Defuzzify returns the
// fallback and ErrNoFiring.
func TestNaN(t *testing.T) {
	m := NewModule()
	d := m.AddInput("d")
	near := d.AddSet("near", LeftShoulder(0, 10, 50))
	far := d.AddSet("far", RightShoulder(10, 50, 100))
	o := m.AddOutput("speed")
	slow := o.AddSet("slow", Triangle(0, 10, 20))
	fast := o.AddSet("fast", Triangle(10, 40, 60))
	m.AddRule(near, slow)
	m.AddRule(far.Not().Not(), fast)
	if err := d.Fuzzify(math.NaN()); !errors.Is(err, ErrNaN) {
		t.Fatalf("Fuzzify(NaN) = %v", err)
	}
	if d.DOM(0) != 0 || d.DOM(1) != 0 {
		t.Fatal("NaN must leave memberships at 0")
	}
	for _, meth := range []Method{AverageOfMaxima, Centroid, MeanOfMaximum} {
		v, err := o.Defuzzify(meth)
		if !errors.Is(err, ErrNoFiring) || v != 30 { // range [0,60] → middle 30
			t.Errorf("%v: %v, %v; want fallback 30 and ErrNoFiring", meth, v, err)
		}
	}
	o.SetFallback(-1)
	o.SetFallback(math.NaN()) // ignored
	if v, _ := o.Defuzzify(Centroid); v != -1 {
		t.Errorf("fallback %v", v)
	}
	if _, _, err := o.Winner(); !errors.Is(err, ErrNoFiring) {
		t.Errorf("winner: %v", err)
	}
	// A NOT of a NaN-fuzzified set fires fully: documented (the input's
	// sets read 0, NOT 0 is 1).
	m.AddRule(near.Not(), fast)
	if v, err := o.Defuzzify(AverageOfMaxima); err != nil || v != 40 {
		t.Errorf("not(near) after NaN: %v %v", v, err)
	}
	// Infinity is a valid reading.
	if err := d.Fuzzify(math.Inf(1)); err != nil || d.DOM(1) != 1 || d.DOM(0) != 0 {
		t.Errorf("+Inf: %v %v %v", err, d.DOM(0), d.DOM(1))
	}
	for _, meth := range []Method{AverageOfMaxima, Centroid, MeanOfMaximum} {
		if v, err := o.Defuzzify(meth); err != nil || math.IsNaN(v) {
			t.Errorf("%v after +Inf: %v %v", meth, v, err)
		}
	}
}

func TestBuildErrors(t *testing.T) {
	check := func(name string, m *Module, want string) {
		t.Helper()
		if m.Err() == nil || !strings.Contains(m.Err().Error(), want) {
			t.Errorf("%s: got %v, want %q", name, m.Err(), want)
		}
		if err := m.Fuzzify("x", 1); err == nil {
			t.Errorf("%s: a broken module must refuse to run", name)
		}
	}
	m := NewModule()
	x := m.AddInput("x")
	x.AddSet("a", Triangle(2, 1, 3))
	check("bad set", m, "must not decrease")

	m = NewModule()
	x = m.AddInput("x")
	x.AddSet("a", Singleton(1))
	x.AddSet("a", Singleton(2))
	check("dup set", m, "added twice")

	m = NewModule()
	m.AddInput("x")
	m.AddInput("x")
	check("dup var", m, `variable "x" added twice`)

	m = NewModule()
	m.AddInput("and")
	check("keyword", m, "invalid variable name")

	m = NewModule()
	x = m.AddInput("x")
	a := x.AddSet("a", Singleton(1))
	m.AddRule(a, a)
	check("input consequent", m, "is not an output")

	m = NewModule()
	x = m.AddInput("x")
	a = x.AddSet("a", Singleton(1))
	o := m.AddOutput("o")
	b := o.AddSet("b", Singleton(1))
	m.AddRule(b, b)
	check("output in condition", m, "used in a condition")

	m = NewModule()
	o = m.AddOutput("o")
	b = o.AddSet("b", Singleton(1))
	m.AddRule(AllOf(), b)
	check("empty and", m, "AND/OR of nothing")

	other := NewModule()
	ox := other.AddInput("x").AddSet("a", Singleton(1))
	m = NewModule()
	m.AddInput("x")
	o = m.AddOutput("o")
	m.AddRule(ox, o.AddSet("b", Singleton(1)))
	check("foreign term", m, "another module")

	m = NewModule()
	o = m.AddOutput("o")
	b = o.AddSet("b", Singleton(1))
	m.AddRule(Expr{}, b)
	check("zero expr", m, "invalid")

	m = NewModule()
	x = m.AddInput("x")
	e := x.AddSet("a", Singleton(1))
	for range MaxExprDepth + 1 {
		e = e.Very()
	}
	o = m.AddOutput("o")
	m.AddRule(e, o.AddSet("b", Singleton(1)))
	check("deep", m, "nested deeper")

	// Role errors.
	m = NewModule()
	x = m.AddInput("x")
	o = m.AddOutput("o")
	if _, err := x.Defuzzify(Centroid); err != ErrNotOutput {
		t.Error(err)
	}
	if err := o.Fuzzify(1); err != ErrNotInput {
		t.Error(err)
	}
	if err := m.Fuzzify("nope", 1); err != ErrUnknownVariable {
		t.Error(err)
	}
	o.AddSet("s", Singleton(1))
	if _, err := o.Defuzzify(Centroid); err != ErrCentroidSingleton {
		t.Error(err)
	}
}

// Clones share nothing mutable: fuzzifying one leaves the other alone,
// and both compute the same answers.
func TestClone(t *testing.T) {
	m := seedModule(t)
	m.Block("weapon").SetEnabled(false)
	c := m.Clone()
	if c.String() != m.String() {
		t.Fatal("clone prints differently")
	}
	m.Fuzzify("distance", 20)
	m.Fuzzify("health", 50)
	c.Fuzzify("distance", 60)
	c.Fuzzify("health", 100)
	a, _ := m.Defuzzify("accuracy", AverageOfMaxima)
	b, _ := c.Defuzzify("accuracy", AverageOfMaxima)
	if a != 72.5 || b != 5 {
		t.Fatalf("original %v clone %v, want 72.5 and 5", a, b)
	}
	if c.Block("weapon").Enabled() {
		t.Fatal("block switch not cloned")
	}
	// Terms belong to their module.
	far, ok := c.Variable("distance").Term("far")
	if !ok {
		t.Fatal("term")
	}
	acc, _ := c.Variable("accuracy").Term("bad")
	c.AddRule(far.Very(), acc)
	if err := c.Err(); err != nil {
		t.Fatal(err)
	}
	if m.NumRules() != 16 || c.NumRules() != 17 {
		t.Fatal("adding to the clone changed the original")
	}
	mTerm, _ := m.Variable("distance").Term("far")
	c.AddRule(mTerm, acc)
	if c.Err() == nil {
		t.Fatal("term of the original accepted by the clone")
	}
}
