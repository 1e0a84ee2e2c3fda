package fuzzy

import (
	"fmt"
	"strings"
	"testing"
	"testing/fstest"

	"diorama/internal/loadutil/loadtest"
)

// hostileFLL writes an engine of one input and one output with terms
// terms each, rules rules (each concluding one output term, round robin)
// whose conditions test the output when onOut is set, and a Centroid
// defuzzifier of resolution res.
func hostileFLL(terms, rules, res int, onOut bool) string {
	var b strings.Builder
	b.WriteString("Engine: bomb\nInputVariable: in\n  range: 0 1\n")
	for i := 0; i < terms; i++ {
		fmt.Fprintf(&b, "  term: t%d Triangle 0 0.5 1\n", i)
	}
	fmt.Fprintf(&b, "OutputVariable: out\n  range: 0 1\n  aggregation: Maximum\n  defuzzifier: Centroid %d\n", res)
	for i := 0; i < terms; i++ {
		fmt.Fprintf(&b, "  term: t%d Triangle 0 0.5 1\n", i)
	}
	b.WriteString("RuleBlock: r\n  conjunction: Minimum\n  implication: Minimum\n  activation: General\n")
	for i := 0; i < rules; i++ {
		v := "in"
		if onOut {
			v = "out"
		}
		fmt.Fprintf(&b, "  rule: if %s is t%d then out is t%d\n", v, i%terms, i%terms)
	}
	return b.String()
}

// TestHostileFLL: engines whose one Process would take minutes (CPU
// bombs: rules × resolution, terms × resolution, rules testing outputs
// that many rules conclude), Function terms nested past MaxExprDepth,
// names in invalid UTF-8 or with a NUL: each is refused by LoadFLL, under
// the hostile corpus's watch, with an error naming the file and line.
func TestHostileFLL(t *testing.T) {
	if testing.Short() {
		t.Skip("hostile corpus")
	}
	deep := strings.Repeat("(", 2000) + "x" + strings.Repeat(")", 2000)
	cases := []struct {
		name, src string
		want      []string
	}{
		{"rules.fll", hostileFLL(4, 65536, MaxResolution, false),
			[]string{"OutputVariable out: Centroid at resolution 1048576 over 65536 conclusions costs 68719476736 evaluations a Process, over the limit of 4194304 (MaxProcessWork)"}},
		{"terms.fll", hostileFLL(1024, 1024, MaxResolution, false), []string{"over 1024 conclusions", "MaxProcessWork"}},
		{"outputs.fll", hostileFLL(4, 8192, 10, true), []string{"the rules' conditions on outputs cost 67125248 evaluations"}},
		{"deep.fll", "Engine: f\nInputVariable: in\n  range: 0 1\n  term: f Function " + deep + "\n",
			[]string{"deep.fll:4: term f: formula nested deeper than 64 parentheses"}},
		{"utf8.fll", "Engine: f\nInputVariable: in\n  range: 0 1\n  term: \xff\xfe Triangle 0 0.5 1\n",
			[]string{"utf8.fll:4: not valid UTF-8 text"}},
		{"nul.fll", "Engine: f\nInputVariable: i\x00n\n", []string{"nul.fll:2: control character 0x00"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			fsys := fstest.MapFS{c.name: {Data: []byte(c.src)}}
			err := loadtest.Watch(t, 0, 0, func() error {
				_, err := LoadFLL(fsys, c.name)
				return err
			})
			loadtest.WantError(t, err, nil, c.name+":", c.want...)
		})
	}
	// Within the budget an engine of the same shape loads and processes.
	e, err := ParseFLL("ok.fll", hostileFLL(16, 1024, 1000, false))
	if err != nil {
		t.Fatal(err)
	}
	e.Input("in").SetValue(0.3)
	e.Process()
	if v := e.Output("out").Value(); v < 0.49 || v > 0.51 {
		t.Errorf("out = %v", v)
	}
}
