package fuzzy

import (
	"fmt"
	"math"
	"sort"
	"strings"
	"testing"
)

func term(t *testing.T, k TermKind, ps ...float64) Term {
	t.Helper()
	tm, err := newTerm("t", k, ps)
	if err != nil {
		t.Fatal(err)
	}
	return tm
}

// TestTermValues checks each class against values worked out by hand
// from its definition.
func TestTermValues(t *testing.T) {
	cases := []struct {
		k    TermKind
		ps   []float64
		x, y float64
	}{
		{KindTriangle, []float64{0, 1, 2}, 0.5, 0.5},
		{KindTriangle, []float64{0, 1, 2}, 1.5, 0.5},
		{KindTriangle, []float64{0, 1, 2}, 3, 0},
		{KindTriangle, []float64{0, 1, 2, 0.5}, 1, 0.5}, // height
		{KindTrapezoid, []float64{0, 1, 2, 4}, 3, 0.5},
		{KindTrapezoid, []float64{0, 1, 2, 4}, 1.5, 1},
		{KindTrapezoid, []float64{math.Inf(-1), math.Inf(-1), 2, 4}, -1e9, 1},
		{KindRectangle, []float64{1, 2}, 1.5, 1},
		{KindRectangle, []float64{1, 2}, 2.5, 0},
		{KindRamp, []float64{0, 4}, 1, 0.25},
		{KindRamp, []float64{4, 0}, 1, 0.75},
		{KindRamp, []float64{4, 0}, 5, 0},
		{KindBell, []float64{0, 2, 3}, 2, 0.5},
		{KindBell, []float64{0, 2, 1}, 4, 0.2},
		{KindGaussian, []float64{1, 2}, 3, math.Exp(-0.5)},
		{KindGaussianProduct, []float64{0, 1, 2, 1}, 1, 1},
		{KindGaussianProduct, []float64{0, 1, 2, 1}, 3, math.Exp(-0.5)},
		{KindSigmoid, []float64{1, 5}, 1, 0.5},
		{KindSigmoid, []float64{0, 1}, math.Log(3), 0.75},
		{KindSigmoidDifference, []float64{0, 1, 1, 0}, 5, 0},
		{KindSigmoidProduct, []float64{0, 1, -1, 0}, 0, 0.25},
		{KindSShape, []float64{0, 4}, 1, 0.125},
		{KindSShape, []float64{0, 4}, 3, 0.875},
		{KindZShape, []float64{0, 4}, 1, 0.875},
		{KindZShape, []float64{0, 4}, 3, 0.125},
		{KindPiShape, []float64{0, 4, 6, 10}, 5, 1},
		{KindPiShape, []float64{0, 4, 6, 10}, 1, 0.125},
		{KindPiShape, []float64{0, 4, 6, 10}, 9, 0.125},
		{KindCosine, []float64{0, 2}, 0.5, 0.5},
		{KindCosine, []float64{0, 2}, 1.5, 0},
		{KindSpike, []float64{0, 10}, 1, math.Exp(-1)},
		{KindConcave, []float64{1, 2}, 0, 1.0 / 3},
		{KindConcave, []float64{1, 2}, 3, 1},
		{KindConcave, []float64{2, 1}, 3, 1.0 / 3},
		{KindBinary, []float64{1, math.Inf(1)}, 2, 1},
		{KindBinary, []float64{1, math.Inf(1)}, 0, 0},
		{KindBinary, []float64{1, math.Inf(-1)}, 0, 1},
		{KindDiscrete, []float64{0, 0, 2, 1, 4, 0.5}, 1, 0.5},
		{KindDiscrete, []float64{0, 0, 2, 1, 4, 0.5}, 3, 0.75},
		{KindDiscrete, []float64{0, 0, 2, 1, 4, 0.5}, 9, 0.5},
		{KindDiscrete, []float64{0, 0, 2, 1, 4, 0.5, 0.5}, 2, 0.5}, // height
		{KindConstant, []float64{0.3}, 99, 0.3},
	}
	for _, c := range cases {
		tm := term(t, c.k, c.ps...)
		if got := tm.Membership(c.x); math.Abs(got-c.y) > 1e-12 {
			t.Errorf("%s%v at %v = %v, want %v", c.k, c.ps, c.x, got, c.y)
		}
		if c.k != KindConstant && !math.IsNaN(tm.Membership(math.NaN())) {
			t.Errorf("%s: membership of NaN is not NaN", c.k)
		}
	}
}

// TestTsukamotoInverse: for the monotonic classes, membership(tsukamoto(y))
// gives y back.
func TestTsukamotoInverse(t *testing.T) {
	for _, tm := range []Term{
		term(t, KindRamp, 0.2, 0.8), term(t, KindRamp, 0.8, 0.2, 0.9),
		term(t, KindSigmoid, 0.5, 12), term(t, KindSigmoid, 0.5, -7),
		term(t, KindSShape, 0.1, 0.9), term(t, KindZShape, 0.1, 0.9, 0.8),
		term(t, KindConcave, 0.3, 0.6), term(t, KindConcave, 0.6, 0.3),
	} {
		if !tm.monotonic() {
			t.Errorf("%s not monotonic", tm.Kind)
		}
		for _, y := range []float64{0.05, 0.3, 0.5, 0.7} {
			if y > tm.Height {
				continue
			}
			x := tm.tsukamoto(y)
			if got := tm.Membership(x); math.Abs(got-y) > 1e-9 {
				t.Errorf("%s%v: membership(tsukamoto(%v) = %v) = %v", tm.Kind, tm.Params, y, x, got)
			}
		}
	}
}

func TestNorms(t *testing.T) {
	vals := []float64{0, 0.2, 0.5, 0.7, 1}
	for n := Minimum; n < numTNorms; n++ {
		for _, a := range vals {
			if got := n.Compute(a, 1); math.Abs(got-a) > 1e-12 {
				t.Errorf("%s(%v, 1) = %v, want %v", n, a, got, a)
			}
			if got := n.Compute(a, 0); got != 0 {
				t.Errorf("%s(%v, 0) = %v, want 0", n, a, got)
			}
			for _, b := range vals {
				if x, y := n.Compute(a, b), n.Compute(b, a); math.Abs(x-y) > 1e-12 || x > math.Min(a, b)+1e-12 {
					t.Errorf("%s(%v, %v) = %v, (%v, %v) = %v: not commutative or above min", n, a, b, x, b, a, y)
				}
			}
		}
	}
	for n := Maximum; n < numSNorms; n++ {
		for _, a := range vals {
			if got := n.Compute(a, 0); math.Abs(got-a) > 1e-12 {
				t.Errorf("%s(%v, 0) = %v, want %v", n, a, got, a)
			}
			for _, b := range vals {
				x := n.Compute(a, b)
				if math.Abs(x-n.Compute(b, a)) > 1e-12 || x < math.Max(a, b)-1e-12 {
					t.Errorf("%s(%v, %v) = %v: not commutative or below max", n, a, b, x)
				}
			}
		}
	}
	// A few exact values.
	for _, c := range []struct{ got, want float64 }{
		{AlgebraicProduct.Compute(0.5, 0.4), 0.2},
		{BoundedDifference.Compute(0.5, 0.4), 0},
		{BoundedDifference.Compute(0.8, 0.4), 0.2},
		{DrasticProduct.Compute(0.5, 0.4), 0},
		{EinsteinProduct.Compute(0.5, 0.5), 0.25 / 1.25},
		{HamacherProduct.Compute(0.5, 0.5), 0.25 / 0.75},
		{NilpotentMinimum.Compute(0.5, 0.4), 0},
		{NilpotentMinimum.Compute(0.7, 0.4), 0.4},
		{AlgebraicSum.Compute(0.5, 0.4), 0.7},
		{BoundedSum.Compute(0.7, 0.4), 1},
		{DrasticSum.Compute(0.5, 0.4), 1},
		{EinsteinSum.Compute(0.5, 0.5), 1 / 1.25},
		{HamacherSum.Compute(0.5, 0.5), 0.5 / 0.75},
		{NilpotentMaximum.Compute(0.5, 0.4), 0.5},
		{NilpotentMaximum.Compute(0.7, 0.4), 1},
		{NormalizedSum.Compute(0.7, 0.5), 1},
		{UnboundedSum.Compute(0.7, 0.5), 1.2},
		{Minimum.Compute(math.NaN(), 0.3), 0.3},
		{Maximum.Compute(0.3, math.NaN()), 0.3},
	} {
		if math.Abs(c.got-c.want) > 1e-12 {
			t.Errorf("got %v, want %v", c.got, c.want)
		}
	}
	if !math.IsNaN(TNone.Compute(1, 1)) || !math.IsNaN(SNone.Compute(0, 0)) {
		t.Error("none does not compute NaN")
	}
}

func TestHedges(t *testing.T) {
	for _, c := range []struct {
		h       Hedge
		x, want float64
	}{
		{HedgeNot, 0.3, 0.7}, {HedgeVery, 0.5, 0.25}, {HedgeSomewhat, 0.25, 0.5},
		{HedgeSeldom, 0.32, 0.4}, {HedgeSeldom, 0.82, 0.7}, {HedgeExtremely, 0.3, 0.18},
		{HedgeExtremely, 0.8, 0.92}, {HedgeAny, 0.1, 1},
	} {
		if got := c.h.Apply(c.x); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("%s(%v) = %v, want %v", c.h, c.x, got, c.want)
		}
	}
}

func TestFormula(t *testing.T) {
	e := mustParse(t, "f", "Engine: f\nInputVariable: a\n  term: t Constant 0\nOutputVariable: b\n  term: t Constant 0\n")
	e.Input("a").SetValue(3)
	e.Output("b").value = -2
	for _, c := range []struct {
		src  string
		want float64
	}{
		{"2 + 3 * 4", 14}, {"(2 + 3) * 4", 20}, {"2 ^ 3 ^ 2", 512}, {"10 - 4 - 3", 3},
		{"12 / 2 / 3", 2}, {"7 % 4 * 2", 6}, {"~2 ^ 2", 4}, {"~a", -3}, {"a * b", -6},
		{"x + 1", 1.5}, {"sin(x) / x", math.Sin(0.5) / 0.5}, {"pow(2, 10)", 1024},
		{"min(a, b) + max(a, b)", 1}, {"atan2(1, 1)", math.Pi / 4}, {"fabs(b)", 2},
		{"round(2.5) + round(~2.5)", 0}, {"1 and 0", 0}, {"1 or 0", 1}, {"!1", 0}, {"!0", 1},
		{"gt(a, 2) + lt(a, 2) + eq(a, 3)", 2}, {"1.5e2 + 2e-1", 150.2}, {"sqrt(exp(log(16)))", 4},
		{"1 + 2 and 3", 0}, {"a or 1 and 0", 0},
	} {
		f, err := compileFormula(c.src)
		if err == nil {
			err = f.resolve(e)
		}
		if err != nil {
			t.Errorf("%q: %v", c.src, err)
			continue
		}
		if got := f.eval(e, 0.5); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("%q = %v, want %v", c.src, got, c.want)
		}
	}
	for _, bad := range []string{"", "(1", "1)", "1 +", "sin()", "pow(1)", "2 $ 3", "1 2"} {
		if f, err := compileFormula(bad); err == nil {
			t.Errorf("%q compiled to %v", bad, f.prog)
		}
	}
}

// activationEngine has four rules of degrees 0.2, 0.9, 0.5, 0.7 (input
// x = 0), each concluding its own constant.
func activationEngine(t *testing.T, method string) *Engine {
	src := `Engine: act
InputVariable: x
  range: 0 1
  term: a Constant 0.2
  term: b Constant 0.9
  term: c Constant 0.5
  term: d Constant 0.7
OutputVariable: y
  range: 0 1
  defuzzifier: WeightedSum TakagiSugeno
  aggregation: none
  term: ta Constant 1
  term: tb Constant 10
  term: tc Constant 100
  term: td Constant 1000
RuleBlock: r
  implication: Minimum
  activation: ` + method + `
  rule: if x is a then y is ta
  rule: if x is b then y is tb
  rule: if x is c then y is tc
  rule: if x is d then y is td
`
	e := mustParse(t, method, src)
	e.Input("x").SetValue(0)
	e.Process()
	return e
}

func TestActivationMethods(t *testing.T) {
	for _, c := range []struct {
		method string
		fired  string // terms concluded, in order
		sum    float64
	}{
		{"General", "ta tb tc td", 0.2 + 9 + 50 + 700},
		{"Highest 2", "tb td", 9 + 700},
		{"Lowest 2", "ta tc", 0.2 + 50},
		{"Threshold > 0.5", "tb td", 9 + 700},
		{"Threshold <= 0.5", "ta tc", 0.2 + 50},
		{"Threshold == 0.5", "tc", 50},
		{"First 2 0.4", "tb tc", 9 + 50},
		{"Last 1 0.0", "td", 700},
		{"Proportional", "ta tb tc td", (0.2 + 9 + 50 + 700) / 2.3},
	} {
		e := activationEngine(t, c.method)
		y := e.Output("y")
		var names []string
		for _, a := range y.acts {
			names = append(names, y.Terms[a.term].Name)
		}
		if c.method == "Last 1 0.0" || strings.HasPrefix(c.method, "First") || c.method == "General" || c.method == "Proportional" || strings.HasPrefix(c.method, "Threshold") {
			// fired in rule order (Last: reverse order, one rule)
		} else {
			sort.Strings(names)
		}
		if got := strings.Join(names, " "); got != c.fired {
			t.Errorf("%s fired %q, want %q", c.method, got, c.fired)
		}
		if math.Abs(y.Value()-c.sum) > 1e-9 {
			t.Errorf("%s: y = %v, want %v", c.method, y.Value(), c.sum)
		}
	}
}

// TestDefuzzifiers evaluates each integral method on one activated
// triangle, where the answer is known exactly or to the sampling step.
func TestDefuzzifiers(t *testing.T) {
	for _, c := range []struct {
		def  string
		want float64
		tol  float64
	}{
		{"Centroid 1000", 0.5, 1e-9},
		{"Bisector 1000", 0.5, 1e-3},
		{"MeanOfMaximum 1000", 0.5, 1e-3},
		{"SmallestOfMaximum 1000", 0.35, 1e-3},
		{"LargestOfMaximum 1000", 0.65, 1e-3},
	} {
		src := fmt.Sprintf(`Engine: d
InputVariable: x
  range: 0 1
  term: half Constant 0.7
OutputVariable: y
  range: 0 1
  aggregation: Maximum
  defuzzifier: %s
  term: t Triangle 0 0.5 1
RuleBlock: r
  implication: Minimum
  rule: if x is half then y is t
`, c.def)
		e := mustParse(t, c.def, src)
		e.Input("x").SetValue(0)
		e.Process()
		if got := e.Output("y").Value(); math.Abs(got-c.want) > c.tol {
			t.Errorf("%s = %v, want %v", c.def, got, c.want)
		}
	}
}
