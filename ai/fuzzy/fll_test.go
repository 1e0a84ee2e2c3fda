package fuzzy

import (
	"errors"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"diorama/internal/testenv"
)

// guardFLL is an original engine (not from fuzzylite) that exercises
// hedges, weights, several conclusions, chaining, a formula and both
// Mamdani and Takagi-Sugeno outputs.
const guardFLL = `Engine: guard
description: a guard deciding how hard to chase
InputVariable: distance
  enabled: true
  range: 0.000 50.000
  lock-range: true
  term: near Ramp 20.000 0.000
  term: mid Triangle 10.000 25.000 40.000
  term: far Ramp 30.000 50.000
InputVariable: health
  enabled: true
  range: 0.000 100.000
  lock-range: false
  term: low ZShape 10.000 50.000
  term: high SShape 40.000 90.000
OutputVariable: chase
  enabled: true
  range: 0.000 1.000
  lock-range: false
  aggregation: Maximum
  defuzzifier: Centroid 100
  default: nan
  lock-previous: false
  term: soft Triangle 0.000 0.250 0.500
  term: hard Trapezoid 0.400 0.700 1.000 1.000 0.900
OutputVariable: speed
  enabled: true
  range: 0.000 10.000
  lock-range: false
  aggregation: none
  defuzzifier: WeightedAverage TakagiSugeno
  default: 0.000
  lock-previous: true
  term: walk Constant 1.500
  term: run Linear -0.050 0.020 6.000
  term: sprint Function 8 + health/50 - distance/25
RuleBlock: chase
  enabled: true
  conjunction: Minimum
  disjunction: Maximum
  implication: Minimum
  activation: General
  rule: if distance is near and health is very high then chase is hard and speed is sprint
  rule: if distance is mid or (distance is far and health is not low) then chase is soft with 0.800
  rule: if health is extremely low then chase is somewhat soft and speed is walk
RuleBlock: pace
  enabled: true
  conjunction: AlgebraicProduct
  disjunction: AlgebraicSum
  implication: AlgebraicProduct
  activation: General
  rule: if chase is hard and distance is any then speed is run
`

func mustParse(t testing.TB, name, src string) *Engine {
	t.Helper()
	e, err := ParseFLL(name, src)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func sameBits(a, b float64) bool { return a == b || math.IsNaN(a) && math.IsNaN(b) }

// sharedEngines returns every .fll under the shared fuzzylite folder.
func sharedEngines(t testing.TB) map[string]*Engine {
	root := testenv.SharedTestdata(t, "fuzzylite")
	out := map[string]*Engine{}
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil || !strings.HasSuffix(p, ".fll") {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		e, err := LoadFLL(os.DirFS(root), filepath.ToSlash(rel))
		if err != nil {
			return err
		}
		out[filepath.ToSlash(rel)] = e
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestFLLRoundTrip: parse -> write -> parse gives an engine that writes
// the same text and computes the same outputs, bit for bit, on random
// inputs (state carrying between them).
func TestFLLRoundTrip(t *testing.T) {
	engines := sharedEngines(t)
	engines["guard"] = mustParse(t, "guard", guardFLL)
	if len(engines) < 13 {
		t.Fatalf("only %d engines", len(engines))
	}
	for name, e := range engines {
		text := e.FLL()
		e2, err := ParseFLL(name+" (written)", text)
		if err != nil {
			t.Fatalf("%s: written text does not parse: %v\n%s", name, err, text)
		}
		if got := e2.FLL(); got != text {
			t.Errorf("%s: second writing differs:\n%s\nvs\n%s", name, got, text)
		}
		rng := rand.New(rand.NewPCG(1, 2))
		for k := 0; k < 200; k++ {
			for i, v := range e.Inputs() {
				x := v.Min + rng.Float64()*(v.Max-v.Min)
				v.SetValue(x)
				e2.Inputs()[i].SetValue(x)
			}
			e.Process()
			e2.Process()
			for i, v := range e.Outputs() {
				if a, b := v.Value(), e2.Outputs()[i].Value(); !sameBits(a, b) {
					t.Fatalf("%s: %s = %v after round trip, %v before", name, v.Name, b, a)
				}
			}
		}
	}
}

func TestFLLWriterLayout(t *testing.T) {
	e := mustParse(t, "guard", guardFLL)
	if got := e.FLL(); got != guardFLL {
		t.Errorf("FLL() is not the fuzzylite layout of its source:\n%s", got)
	}
	var b strings.Builder
	if err := e.WriteFLL(&b); err != nil || b.String() != guardFLL {
		t.Errorf("WriteFLL: %v", err)
	}
	// A changed weight is written; weight 1 is left out.
	e.Blocks()[0].Rules[1].Weight = 1
	e.Blocks()[0].Rules[2].Weight = 0.25
	if got := e.FLL(); !strings.Contains(got, "then chase is soft\n") || !strings.Contains(got, "speed is walk with 0.250\n") {
		t.Errorf("weights not written:\n%s", got)
	}
	// A number that three decimals cannot hold is written exactly.
	e.Inputs()[0].Max = 1.0 / 3
	if !strings.Contains(e.FLL(), "range: 0.000 0.3333333333333333\n") {
		t.Errorf("inexact number not written in full:\n%s", e.FLL())
	}
}

func TestGuardEngine(t *testing.T) {
	e := mustParse(t, "guard", guardFLL)
	dist, health := e.Input("distance"), e.Input("health")
	chase, speed := e.Output("chase"), e.Output("speed")
	// lock-range clamps the input.
	dist.SetValue(80)
	if dist.Value() != 50 {
		t.Fatalf("lock-range: distance = %v, want 50", dist.Value())
	}
	// distance 5 (near 0.75), health 95 (high 1, very high 1): rule 1
	// fires at 0.75 and the chained pace rule fires with chase is hard.
	dist.SetValue(5)
	health.SetValue(95)
	e.Process()
	if d := chase.ActivationDegree(1); math.Abs(d-0.75) > 1e-12 {
		t.Errorf("chase is hard = %v, want 0.75", d)
	}
	// speed: sprint (8 + 95/50 - 5/25 = 9.7) with 0.75, run (-0.05*5 +
	// 0.02*95 + 6 = 7.65) with 0.75*1 (product, any = 1).
	want := (0.75*9.7 + 0.75*7.65) / 1.5
	if math.Abs(speed.Value()-want) > 1e-12 {
		t.Errorf("speed = %v, want %v", speed.Value(), want)
	}
	if c := chase.Value(); !(c > 0.7 && c < 1) {
		t.Errorf("chase = %v, want within the hard term", c)
	}
	// distance 45 (far 0.75, mid 0), health 60 (low 0): only rule 2
	// fires, at 0.8 × 0.75.
	dist.SetValue(45)
	health.SetValue(60)
	e.Process()
	if r := e.Blocks()[0].Rules[1]; math.Abs(r.Degree()-0.6) > 1e-12 {
		t.Errorf("rule 2 degree %v, want 0.6", r.Degree())
	}
	// speed: no rule concluded it; lock-previous keeps 8.675.
	if math.Abs(speed.Value()-want) > 1e-12 {
		t.Errorf("lock-previous: speed = %v, want %v", speed.Value(), want)
	}
	e.Restart()
	e.Process()
	if !math.IsNaN(chase.Value()) || speed.Value() != 0 {
		t.Errorf("after Restart with NaN inputs: chase %v (want NaN), speed %v (want default 0)", chase.Value(), speed.Value())
	}
	// A disabled block concludes nothing; a disabled output is left alone.
	e.Blocks()[0].Enabled = false
	dist.SetValue(5)
	health.SetValue(95)
	e.Process()
	if !math.IsNaN(chase.Value()) {
		t.Errorf("disabled block: chase = %v", chase.Value())
	}
	e.Blocks()[0].Enabled = true
	chase.Enabled = false
	e.Process()
	if !math.IsNaN(chase.Value()) {
		t.Errorf("disabled output: chase = %v", chase.Value())
	}
	// A disabled input makes its propositions 0.
	chase.Enabled = true
	dist.Enabled = false
	e.Process()
	if e.Blocks()[0].Rules[0].Degree() != 0 {
		t.Errorf("disabled input: rule 1 degree %v", e.Blocks()[0].Rules[0].Degree())
	}
}

func TestCloneIndependent(t *testing.T) {
	e := mustParse(t, "guard", guardFLL)
	c := e.Clone()
	e.Input("distance").SetValue(5)
	e.Input("health").SetValue(95)
	c.Input("distance").SetValue(45)
	c.Input("health").SetValue(10)
	e.Process()
	c.Process()
	f := mustParse(t, "guard", guardFLL)
	f.Input("distance").SetValue(5)
	f.Input("health").SetValue(95)
	f.Process()
	for i, v := range e.Outputs() {
		if !sameBits(v.Value(), f.Outputs()[i].Value()) {
			t.Errorf("%s: %v, fresh engine %v", v.Name, v.Value(), f.Outputs()[i].Value())
		}
	}
	if sameBits(c.Output("speed").Value(), e.Output("speed").Value()) {
		t.Errorf("clone shares state")
	}
}

// What fuzzylite's importer takes, this one takes too (its FllImporter
// and Term::configure): Engine anywhere, a variable name twice (lookups
// find the first), a resolution written as any number (truncated), a
// term without parameters (NaN parameters, height 1; an empty Discrete),
// and parameters past a term's height, ignored.
func TestParseFLLAsFuzzylite(t *testing.T) {
	src := `InputVariable: a
  range: 0 1
  term: none Triangle
  term: extra Ramp 0 1 0.5 7 8
  term: empty Discrete
InputVariable: a
  range: 0 1
  term: lo Ramp 1 0
OutputVariable: y
  range: 0 1
  defuzzifier: Centroid 1e2 more
  term: t Triangle 0 0.5 1
OutputVariable: z
  range: 0 1
  defuzzifier: Bisector 100.0
  term: t Triangle 0 0.5 1
Engine: late
RuleBlock: r
  rule: if a is extra then y is t
`
	e, err := ParseFLL("ok.fll", src)
	if err != nil {
		t.Fatal(err)
	}
	if e.Name != "late" || len(e.Inputs()) != 2 || e.Input("a") != e.Inputs()[0] {
		t.Fatalf("engine %q, %d inputs", e.Name, len(e.Inputs()))
	}
	a := e.Inputs()[0]
	if m := a.Terms[0].Membership(0.5); m == m {
		t.Errorf("a term without parameters: membership %v, want NaN", m)
	}
	if tr := a.Terms[1]; tr.Height != 0.5 || len(tr.Params) != 2 || tr.Membership(1) != 0.5 {
		t.Errorf("Ramp with extra parameters: %+v", tr)
	}
	if m := a.Terms[2].Membership(0.5); m == m {
		t.Errorf("an empty Discrete: membership %v, want NaN", m)
	}
	if r := e.Output("y").Defuzzifier.Resolution; r != 100 {
		t.Errorf("resolution 1e2 read as %d", r)
	}
	if r := e.Output("z").Defuzzifier.Resolution; r != 100 {
		t.Errorf("resolution 100.0 read as %d", r)
	}
}

func TestParseFLLErrors(t *testing.T) {
	head := "Engine: e\nInputVariable: a\n  range: 0 1\n  term: lo Ramp 1 0\n  term: hi Ramp 0 1\nOutputVariable: b\n  range: 0 1\n  defuzzifier: Centroid 10\n  aggregation: Maximum\n  term: t Triangle 0 0.5 1\nRuleBlock: r\n  conjunction: Minimum\n  implication: Minimum\n"
	cases := []struct{ src, line, msg string }{
		{"Engine: e\nfoo bar\n", ":2:", `expected "key: value"`},
		{"term: x Ramp 0 1\n", ":1:", "expected Engine, InputVariable"},
		{"InputVariable: a\n  range: 0\n", ":2:", "range: expected MIN MAX"},
		{"InputVariable: a\n  range: 0 z\n", ":2:", "expected two numbers"},
		{"InputVariable: a\n  enabled: yes\n", ":2:", "expected true or false"},
		{"InputVariable: a\n  term: x Blob 1 2\n", ":2:", "unknown class"},
		{"InputVariable: a\n  term: x Triangle 1 2\n", ":2:", "Triangle takes 3 parameters"},
		{"InputVariable: a\n  term: x Triangle 1 2 q\n", ":2:", "parameter 3: expected a number"},
		{"InputVariable: a\n  term: x Function sin(\n", ":2:", "mismatched parentheses"},
		{"InputVariable: a\n  term: x Function 1 +\n", ":2:", "needs 2 operands"},
		{"InputVariable: a\n  term: x Function y * 2\n", ":2:", `unknown variable "y"`},
		{"InputVariable: a\n  default: 1\n", ":2:", "unknown key"},
		{"OutputVariable: a\n  defuzzifier: Middle\n", ":2:", "unknown defuzzifier"},
		{"OutputVariable: a\n  defuzzifier: Centroid -3\n", ":2:", "expected a resolution"},
		{"OutputVariable: a\n  defuzzifier: WeightedAverage Fast\n", ":2:", "Automatic, TakagiSugeno or Tsukamoto"},
		{"OutputVariable: a\n  aggregation: Most\n", ":2:", "expected an s-norm"},
		{head + "  rule: a is lo then b is t\n", ":14:", `expected "if"`},
		{head + "  rule: if a is lo b is t\n", ":14:", `expected "then"`},
		{head + "  rule: if c is lo then b is t\n", ":14:", `expected a variable, found "c"`},
		{head + "  rule: if a lo then b is t\n", ":14:", `expected "is" after a`},
		{head + "  rule: if a is mid then b is t\n", ":14:", `hedge or a term of a, found "mid"`},
		{head + "  rule: if (a is lo then b is t\n", ":14:", `expected ")"`},
		{head + "  rule: if a is lo then a is lo\n", ":14:", "expected an output variable"},
		{head + "  rule: if a is lo then b is t with\n", ":14:", "one number after"},
		{head + "  rule: if a is lo then b is t with x\n", ":14:", "as the weight"},
		{head + "  rule: if a is lo then b is t or b is t\n", ":14:", `"and" or "with"`},
		{head + "  rule: if a is lo or a is hi then b is t\n", ":14:", "no disjunction"},
		{head + "  activation: Highest x\n", ":14:", "expected a number"},
		{head + "  activation: Threshold ~ 0.5\n", ":14:", "expected <, <="},
		{head + "  activation: Sometimes\n", ":14:", "unknown method"},
		{head + "InputVariable: z\n  rule: if a is lo then b is t\n", ":15:", "unknown key \"rule\" in InputVariable"},
		{head + "  rule: if z is lo then b is t\nInputVariable: z\n", ":14:", "expected a variable, found \"z\""},
	}
	for _, c := range cases {
		_, err := ParseFLL("bad.fll", c.src)
		var pe *Error
		if !errors.As(err, &pe) {
			t.Errorf("%q: error %v, want a *Error", c.src, err)
			continue
		}
		if !strings.HasPrefix(err.Error(), "bad.fll"+c.line) || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%q:\n got %v\nwant bad.fll%s ... %s", c.src, err, c.line, c.msg)
		}
	}
	if _, err := ParseFLL("big.fll", strings.Repeat(" ", MaxFLLBytes+1)); err == nil {
		t.Error("oversized source accepted")
	}
}

func TestLoadFLL(t *testing.T) {
	fsys := fstest.MapFS{"ai/guard.fll": {Data: []byte(guardFLL)}, "ai/bad.fll": {Data: []byte("Engine: x\nnope\n")}}
	e, err := LoadFLL(fsys, "ai/guard.fll")
	if err != nil || e.Name != "guard" || len(e.Inputs()) != 2 {
		t.Fatalf("LoadFLL: %v %v", e, err)
	}
	if _, err := LoadFLL(fsys, "ai/bad.fll"); err == nil || !strings.HasPrefix(err.Error(), "ai/bad.fll:2: ") {
		t.Errorf("error %v, want it to name ai/bad.fll:2", err)
	}
	if _, err := LoadFLL(fsys, "ai/none.fll"); err == nil {
		t.Error("missing file accepted")
	}
}

// FuzzParseFLL: any text either fails with a *Error or gives an
// engine that writes text that parses again to the same text, and that
// processes without panicking.
func FuzzParseFLL(f *testing.F) {
	f.Add(guardFLL)
	f.Add("Engine: e\nInputVariable: a\n  range: 0 1\n  term: d Discrete 0 0 0.5 1 1 0\nOutputVariable: b\n  range: 0 1\n  defuzzifier: Bisector 20\n  aggregation: EinsteinSum\n  term: t Bell 0.5 0.2 2\nRuleBlock: r\n  conjunction: HamacherProduct\n  disjunction: DrasticSum\n  implication: NilpotentMinimum\n  activation: Highest 2\n  rule: if a is seldom d then b is very t with 0.5\n")
	f.Add("Engine: e\nInputVariable: a\n  term: lo Ramp 1 0\nOutputVariable: b\n  term: t Constant 1\nRuleBlock: r\n  conjunction: Minimum\n  disjunction: Maximum\n  rule: if very not (a is lo or not a is seldom lo) and a is any then b is t\n")
	f.Add("Engine: e\nInputVariable: a\n  term: f Function max(x, 0) ^ 2 % 3 - ~1\nOutputVariable: b\n  defuzzifier: WeightedSum Tsukamoto\n  term: s Sigmoid 0.5 -10\nRuleBlock:\n  activation: Threshold > 0.1\n  rule: if a is f then b is s\n")
	f.Fuzz(func(t *testing.T, src string) {
		e, err := ParseFLL("fuzz.fll", src)
		if err != nil {
			var pe *Error
			if !errors.As(err, &pe) {
				t.Fatalf("error %v is not a *Error", err)
			}
			return
		}
		text := e.FLL()
		e2, err := ParseFLL("written", text)
		if err != nil {
			t.Fatalf("written text does not parse: %v\n%s", err, text)
		}
		if e2.FLL() != text {
			t.Fatalf("round trip changed the text:\n%s\n%s", text, e2.FLL())
		}
		work := 0
		for _, v := range e.Outputs() {
			work += v.Defuzzifier.Resolution * (len(v.Terms) + 1)
		}
		if work > 1e6 {
			return
		}
		for _, v := range e.Inputs() {
			v.SetValue(0.5)
		}
		e.Process()
	})
}

// Hedges before a parenthesised antecedent or a proposition (the compact
// format's extension, read by the one rule parser): with Minimum and
// Maximum they equal the De Morgan form fuzzylite reads, bit for bit, and
// the engine writes and reads them back unchanged.
func TestFLLPrefixHedges(t *testing.T) {
	head := "Engine: e\nInputVariable: a\n  range: 0 1\n  term: lo Ramp 1 0\n  term: hi Ramp 0 1\n" +
		"InputVariable: not\n  range: 0 1\n  term: x Ramp 0 1\n" +
		"OutputVariable: b\n  range: 0 1\n  defuzzifier: WeightedAverage TakagiSugeno\n  term: p Constant 0.2\n  term: q Constant 0.9\n  term: r Constant 0.5\n" +
		"RuleBlock: r\n  conjunction: Minimum\n  disjunction: Maximum\n  implication: Minimum\n  activation: General\n"
	ext := mustParse(t, "ext", head+
		"  rule: if not (a is lo or a is very hi) then b is p\n"+
		"  rule: if very somewhat (a is lo and not is x) then b is q\n"+
		"  rule: if extremely not a is hi then b is r\n")
	std := mustParse(t, "std", head+
		"  rule: if a is not lo and a is not very hi then b is p\n"+
		"  rule: if a is very somewhat lo and not is very somewhat x then b is q\n"+
		"  rule: if a is extremely not hi then b is r\n")
	for i := 0; i <= 20; i++ {
		x := float64(i) / 20
		for _, e := range []*Engine{ext, std} {
			e.Input("a").SetValue(x)
			e.Input("not").SetValue(1 - x/2)
			e.Process()
		}
		for k, r := range ext.Blocks()[0].Rules {
			if d := std.Blocks()[0].Rules[k].Degree(); r.Degree() != d {
				t.Errorf("a=%v rule %d: %v, De Morgan form %v", x, k+1, r.Degree(), d)
			}
		}
		if a, b := ext.Output("b").Value(), std.Output("b").Value(); !sameBits(a, b) {
			t.Errorf("a=%v: b %v, De Morgan form %v", x, a, b)
		}
	}
	text := ext.FLL()
	if !strings.Contains(text, "rule: if not (a is lo or a is very hi) then b is p\n") {
		t.Errorf("written:\n%s", text)
	}
	if e2 := mustParse(t, "written", text); e2.FLL() != text {
		t.Error("prefix hedges do not round-trip")
	}
	for _, bad := range []string{"if any (a is lo) then b is p", "if not then b is p", "if not (a is lo then b is p"} {
		if _, err := ParseFLL("bad.fll", head+"  rule: "+bad+"\n"); err == nil || !strings.HasPrefix(err.Error(), "bad.fll:20: ") {
			t.Errorf("%q: %v", bad, err)
		}
	}
}
