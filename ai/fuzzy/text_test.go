package fuzzy

import (
	"diorama/internal/loadutil"
	"errors"
	"math"
	"strings"
	"testing"
	"testing/fstest"
)

func TestParseErrorsNameTheLine(t *testing.T) {
	head := "input d 0 100\n  set near leftshoulder 0 10 50\n  set far rightshoulder 10 50 100\noutput o\n  set lo triangle 0 1 2\n"
	for _, c := range []struct {
		src  string
		line int
		msg  string
	}{
		{"set a triangle 0 1 2\n", 1, "set before any input or output"},
		{"input\n", 1, `expected "input" NAME`},
		{"input d 5 1\n", 1, "invalid range"},
		{"input d 0 NaN\n", 1, "invalid range"},
		{"input d\ninput d\n", 2, "declared twice"},
		{"input if\n", 1, "invalid variable name"},
		{"input d\n  set a blob 1 2 3\n", 2, `unknown shape "blob"`},
		{"input d\n  set a triangle 1 2\n", 2, "triangle takes 3 points, got 2"},
		{"input d\n  set a triangle 0 x 2\n", 2, `point 2 "x"`},
		{"input d\n  set a triangle 0 1e999 2\n", 2, "not a finite number"},
		{"input d\n  set a triangle 3 2 1\n", 2, "must not decrease"},
		{"input d\n  set a singleton 1\n  set a singleton 2\n", 3, "already in d"},
		{"input d\n  set very singleton 1\n", 2, "invalid set name"},
		{"# only a comment\n\n", 2, "no variables"},
		{"inptu d\n", 1, `unknown statement "inptu"`},
		{head + "rule d is near then o is lo\n", 6, `expected "if"`},
		{head + "rule if d is near o is lo\n", 6, `expected "then"`},
		{head + "rule if x is near then o is lo\n", 6, `expected a variable, found "x"`},
		{head + "rule if d near then o is lo\n", 6, `expected "is"`},
		{head + "rule if d is close then o is lo\n", 6, `a term of d, found "close"`},
		{head + "rule if d is near then o is lo extra\n", 6, `unexpected "extra"`},
		{head + "rule if d is near then o is lo with 0.5\n", 6, `unexpected "with" after the conclusion`},
		{head + "rule if d is near then o is lo and o is lo\n", 6, `unexpected "and" after the conclusion`},
		{head + "rule if d is somewhat near then o is lo\n", 6, `a term of d, found "somewhat"`},
		{head + "rule if (d is near then o is lo\n", 6, `expected ")"`},
		{head + "rule if d is near and then o is lo\n", 6, `expected a variable, found "end of rule"`},
		{head + "rule if d is near then d is far\n", 6, `expected an output variable, found the input "d"`},
		{head + "rule if o is lo then o is lo\n", 6, "used in a condition"},
		{head + "rule if d is near then o is very lo\n", 6, `expected a term of o, found "very"`},
		{head + "rule if " + strings.Repeat("(", 100) + "d is near" + strings.Repeat(")", 100) + " then o is lo\n", 6, "nested deeper"},
		{head + "rule if d is near\n", 6, `expected "then"`},
		{head + "block\n", 6, "expected block NAME"},
		{head + "block a b\n", 6, "expected block NAME"},
		{head + "block or\n", 6, "expected block NAME"},
	} {
		_, err := Parse("", c.src)
		var e *Error
		if !errors.As(err, &e) || e.Line != c.line || !strings.Contains(e.Msg, c.msg) {
			t.Errorf("%q: got %v, want line %d %q", c.src, err, c.line, c.msg)
		}
	}
	if _, err := Parse("", strings.Repeat(" ", MaxFLLBytes+1)); err == nil {
		t.Error("huge source accepted")
	}
}

func TestParseRoundTrip(t *testing.T) {
	m := seedModule(t)
	out := m.String()
	m2, err := Parse("", out)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if m2.String() != out {
		t.Fatalf("not stable:\n%s\n---\n%s", out, m2.String())
	}
	if !strings.Contains(out, "rule if ammo is hasAmmo and distance is fairly far then weapon is rocket\n") {
		t.Fatalf("printed rules:\n%s", out)
	}
	if m.NumRules() != 16 {
		t.Fatalf("%d rules", m.NumRules())
	}
	if bs := m.Blocks(); len(bs) != 3 || bs[0].Name() != MainBlock || bs[1].Name() != "weapon" || bs[2].Name() != "accuracy" {
		t.Fatalf("blocks %v", bs)
	}
	if !strings.Contains(out, "block weapon\nrule if ammo is hasAmmo") || !strings.Contains(out, "block accuracy\nrule if distance is close and health is healthy") {
		t.Fatalf("printed blocks:\n%s", out)
	}
	// Precedence and hedges: and binds tighter than or; hedges after "is"
	// apply innermost last; prefix hedges apply to the whole factor.
	src := "input a 0 1\n  set lo leftshoulder 0 0 1\n  set hi rightshoulder 0 1 1\n" +
		"output o 0 10\n  set x singleton 1\n  set y singleton 2\n  set z singleton 3\n" +
		"rule if a is lo or a is hi and a is very not lo then o is x\n" +
		"rule if not (a is lo or a is hi) then o is y\n" +
		"rule if very fairly (a is lo) and a is hi then o is z\n"
	m3, err := Parse("", src)
	if err != nil {
		t.Fatal(err)
	}
	m3.Fuzzify("a", 0.25) // lo .75, hi .25
	m3.Evaluate()
	o := m3.Variable("o")
	// x: max(.75, min(.25, (1-.75)²=.0625)) = .75
	// y: 1 - max(.75,.25) = .25
	// z: min(√.75² = .75, .25) = .25
	for i, w := range []float64{.75, .25, .25} {
		if got := o.DOM(i); !near(got, w, 1e-12) {
			t.Errorf("rule %d: %v want %v", i+1, got, w)
		}
	}
	want := "rule if a is lo or (a is hi and a is very not lo) then o is x\n" +
		"rule if not (a is lo or a is hi) then o is y\n" +
		"rule if a is very fairly lo and a is hi then o is z\n"
	if got := m3.String(); !strings.HasSuffix(got, want) {
		t.Errorf("printed:\n%s", got)
	}
}

// FuzzParse: any input either fails with a line-numbered *Error or gives
// a module whose text form reparses to the same text, and which never
// yields NaN.
func FuzzParse(f *testing.F) {
	f.Add(seed002Attack(f))
	f.Add("input a 0 1\n set lo leftshoulder 0 0 1\noutput o\n set x triangle 0 1 2\nrule if not (a is lo) then o is x\n")
	f.Add("input a\n set s singleton 3\noutput o\n set t trapezoid 0 1 2 3\nrule if a is very fairly s or a is s then o is t\n")
	f.Fuzz(func(t *testing.T, src string) {
		m, err := Parse("", src)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("error of type %T: %v", err, err)
			}
			return
		}
		out := m.String()
		m2, err := Parse("", out)
		if err != nil {
			t.Fatalf("printed module does not parse: %v\n%s", err, out)
		}
		if m2.String() != out {
			t.Fatalf("not stable:\n%s\n---\n%s", out, m2.String())
		}
		m.Resolution = 32
		for _, x := range []float64{math.NaN(), -1, 0.5, math.Inf(1)} {
			for _, v := range m.Variables() {
				if !v.IsOutput() {
					v.Fuzzify(x)
				}
			}
			for _, v := range m.Variables() {
				if !v.IsOutput() {
					continue
				}
				for _, meth := range []Method{AverageOfMaxima, Centroid, MeanOfMaximum} {
					if y, _ := v.Defuzzify(meth); math.IsNaN(y) {
						t.Fatalf("%v gave NaN for input %v", meth, x)
					}
				}
			}
		}
	})
}

// Parse names the source in its errors.
func TestParseNamesTheFile(t *testing.T) {
	_, err := Parse("brains/attack.fz", "input a 0 1\n set lo bogus 0 1\n")
	if err == nil || !strings.HasPrefix(err.Error(), "brains/attack.fz:2: ") {
		t.Fatalf("error %v", err)
	}
}

// Load reads a module from an fs.FS and names the file in its errors.
func TestLoadNamesTheFile(t *testing.T) {
	fsys := fstest.MapFS{
		"ai/ok.fz":  {Data: []byte("input a 0 1\n set lo triangle 0 0.5 1\n")},
		"ai/bad.fz": {Data: []byte("input a 0 1\n set lo bogus 0 1\n")},
		"ai/big.fz": {Data: make([]byte, MaxFLLBytes+1)},
	}
	if m, err := Load(fsys, "ai/ok.fz"); err != nil || m == nil {
		t.Fatalf("Load: %v", err)
	}
	for _, c := range []struct {
		path, prefix string
		kind         error
	}{
		{"ai/bad.fz", "ai/bad.fz:2: ", ErrSyntax},
		{"ai/big.fz", "ai/big.fz: ", ErrLimit},
		{"ai/none.fz", "ai/none.fz: ", loadutil.ErrMissing},
	} {
		_, err := Load(fsys, c.path)
		if err == nil || !strings.HasPrefix(err.Error(), c.prefix) || !errors.Is(err, c.kind) {
			t.Errorf("%s: error %v, want prefix %q and kind %v", c.path, err, c.prefix, c.kind)
		}
	}
}

// The compact format is a shorthand of FLL: seed 002's attack module,
// its rule lines copied verbatim into FLL (fairly spelled somewhat) with
// its shoulders as the equal fuzzylite Ramps, gives the same rule degrees,
// bit for bit, from ParseFLL as from Parse.
func TestCompactIsFLLShorthand(t *testing.T) {
	fll := "Engine: attack\n" +
		"InputVariable: ammo\n  range: 0 10\n  term: empty Ramp 4 0\n  term: hasAmmo Ramp 0 4\n" +
		"InputVariable: tiredness\n  range: 0 1\n  term: rested Ramp 0.8 0.2\n  term: tired Ramp 0.2 0.8\n" +
		"InputVariable: distance\n  range: 0 100\n  term: close Ramp 50 10\n  term: far Ramp 10 50\n" +
		"InputVariable: health\n  range: 0 100\n  term: unhealthy Ramp 60 20\n  term: healthy Ramp 20 60\n" +
		"OutputVariable: weapon\n  range: 0 1\n  aggregation: Maximum\n  defuzzifier: WeightedAverage\n  term: rocket Constant 1\n  term: pistol Constant 0\n" +
		"OutputVariable: accuracy\n  range: 0 100\n  aggregation: Maximum\n  defuzzifier: WeightedAverage\n  term: bad Constant 5\n  term: good Constant 95\n"
	for _, line := range strings.Split(seed002Attack(t), "\n") {
		switch {
		case strings.HasPrefix(line, "block "):
			fll += "RuleBlock: " + line[len("block "):] + "\n  conjunction: Minimum\n  disjunction: Maximum\n  implication: Minimum\n  activation: General\n"
		case strings.HasPrefix(line, "rule "):
			fll += "  rule: " + strings.ReplaceAll(line[len("rule "):], " fairly ", " somewhat ") + "\n"
		}
	}
	e := mustParse(t, "attack.fll", fll)
	m := seedModule(t)
	var mr, er []*Rule
	for i, b := range m.e.Blocks()[1:] { // the module's first block is main, empty here
		mr = append(mr, b.Rules...)
		er = append(er, e.Blocks()[i].Rules...)
	}
	if len(mr) != 16 || len(er) != 16 {
		t.Fatalf("%d and %d rules", len(mr), len(er))
	}
	n := 0
	for ammo := 0.0; ammo <= 10; ammo += 1.25 {
		for tired := 0.0; tired <= 1; tired += 0.125 {
			for dist := 0.0; dist <= 100; dist += 6.25 {
				health := 100 - dist
				for name, x := range map[string]float64{"ammo": ammo, "tiredness": tired, "distance": dist, "health": health} {
					m.Fuzzify(name, x)
					e.Input(name).SetValue(x)
				}
				m.Evaluate()
				e.Process()
				for i := range mr {
					if a, b := mr[i].Degree(), er[i].Degree(); a != b {
						t.Fatalf("ammo %v tiredness %v distance %v: rule %d: %v from Parse, %v from ParseFLL", ammo, tired, dist, i+1, a, b)
					}
					if mr[i].Degree() > 0 && mr[i].Degree() < 1 {
						n++
					}
				}
			}
		}
	}
	if n < 1000 {
		t.Fatalf("only %d partial degrees compared", n)
	}
}
