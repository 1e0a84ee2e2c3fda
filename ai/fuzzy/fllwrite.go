package fuzzy

import (
	"io"
	"math"
	"strconv"
	"strings"
)

// fllNumber formats x as fuzzylite does (three decimals, nan, inf,
// -inf) when that is exact, and with as many digits as it takes to read
// back the same float64 otherwise.
func fllNumber(x float64) string {
	switch {
	case math.IsNaN(x):
		return "nan"
	case math.IsInf(x, 1):
		return "inf"
	case math.IsInf(x, -1):
		return "-inf"
	}
	s := strconv.FormatFloat(x, 'f', 3, 64)
	if y, err := strconv.ParseFloat(s, 64); err == nil && y == x {
		return s
	}
	return strconv.FormatFloat(x, 'g', -1, 64)
}

func fllBool(b bool) string {
	if b {
		return "true"
	}
	return "false"
}

// FLL returns the engine in the FuzzyLite Language, laid out as
// fuzzylite's exporter does; [ParseFLL] reads it back to the same engine.
func (e *Engine) FLL() string {
	var b strings.Builder
	line := func(indent bool, key, val string) {
		if indent {
			b.WriteString("  ")
		}
		b.WriteString(key)
		b.WriteString(": ")
		b.WriteString(val)
		b.WriteByte('\n')
	}
	line(false, "Engine", e.Name)
	if e.Description != "" {
		line(false, "description", e.Description)
	}
	writeVar := func(v *Var) {
		if v.output {
			line(false, "OutputVariable", v.Name)
		} else {
			line(false, "InputVariable", v.Name)
		}
		if v.Description != "" {
			line(true, "description", v.Description)
		}
		line(true, "enabled", fllBool(v.Enabled))
		line(true, "range", fllNumber(v.Min)+" "+fllNumber(v.Max))
		line(true, "lock-range", fllBool(v.LockRange))
		if v.output {
			line(true, "aggregation", v.Aggregation.String())
			d := v.Defuzzifier
			s := d.Kind.String()
			switch {
			case d.Kind == DefNone:
			case d.Kind >= DefWeightedAverage:
				s += " " + d.Type.String()
			default:
				s += " " + strconv.Itoa(d.Resolution)
			}
			line(true, "defuzzifier", s)
			line(true, "default", fllNumber(v.Default))
			line(true, "lock-previous", fllBool(v.LockPrevious))
		}
		for i := range v.Terms {
			t := &v.Terms[i]
			s := t.Name + " " + t.Kind.String()
			if t.Kind == KindFunction {
				s += " " + t.Formula
			} else {
				for _, x := range t.Params {
					s += " " + fllNumber(x)
				}
				if t.Height != 1 {
					s += " " + fllNumber(t.Height)
				}
			}
			line(true, "term", s)
		}
	}
	for _, v := range e.inputs {
		writeVar(v)
	}
	for _, v := range e.outputs {
		writeVar(v)
	}
	for _, bl := range e.blocks {
		line(false, "RuleBlock", bl.Name)
		if bl.Description != "" {
			line(true, "description", bl.Description)
		}
		line(true, "enabled", fllBool(bl.Enabled))
		line(true, "conjunction", bl.Conjunction.String())
		line(true, "disjunction", bl.Disjunction.String())
		line(true, "implication", bl.Implication.String())
		a := bl.Activation
		s := a.Kind.String()
		switch a.Kind {
		case Highest, Lowest:
			s += " " + strconv.Itoa(a.Rules)
		case First, Last:
			s += " " + strconv.Itoa(a.Rules) + " " + fllNumber(a.Threshold)
		case Threshold:
			s += " " + a.Comparison + " " + fllNumber(a.Threshold)
		}
		line(true, "activation", s)
		for _, r := range bl.Rules {
			if r.Weight != 1 {
				line(true, "rule", r.Text+" with "+fllNumber(r.Weight))
			} else {
				line(true, "rule", r.Text)
			}
		}
	}
	return b.String()
}

// WriteFLL writes [Engine.FLL] to w.
func (e *Engine) WriteFLL(w io.Writer) error {
	_, err := io.WriteString(w, e.FLL())
	return err
}
