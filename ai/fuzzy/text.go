package fuzzy

import (
	"fmt"
	"io/fs"
	"math"
	"strconv"
	"strings"
)

// Parse reads a module from the compact text format, a shorthand of the
// FuzzyLite Language read by the same parser as [ParseFLL]. "#" starts a
// comment; each non-blank line is one of
//
//	input NAME [MIN MAX]             InputVariable: NAME + range: MIN MAX
//	output NAME [MIN MAX]            OutputVariable: NAME + range: MIN MAX
//	set NAME SHAPE P1 [P2 P3 [P4]]   term: NAME SHAPE P1...
//	block NAME                       RuleBlock: NAME
//	rule if CONDITION then VAR is SET  rule: if CONDITION then VAR is SET
//
// (on the right, the FLL each line stands for). Output variables
// aggregate with Maximum; blocks use Minimum for and and implication,
// Maximum for or, and General activation; the Module defuzzifies ([Method]).
// A set line adds a set to the variable declared last; SHAPE is triangle
// (3 points), trapezoid (4), leftshoulder (3: min peak right),
// rightshoulder (3: left peak max) or singleton (1); a variable's range
// grows to cover its sets. Rules are read by the FLL rule parser, with
// three differences: the hedges are not, very and fairly (fuzzylite's
// somewhat), a rule has exactly one conclusion, without hedges or weight,
// and a condition may only test input variables. A condition combines
// "VARIABLE is [HEDGE...] SET" terms with and, or and parentheses; and
// binds tighter than or; hedges after "is" apply innermost last ("is very
// not close" is very(not(close))), and hedges may also precede a term or
// a parenthesised condition ("not (a is x or b is y)"). Rules after a
// block line belong to that [RuleBlock] (before any, to [MainBlock]).
// name (a file's path, or "" for none) is used in messages only: every
// error is a [*Error] naming it and the line ("name:line: msg", or
// "line N: msg" without a name).
func Parse(name, src string) (*Module, error) {
	if len(src) > MaxFLLBytes {
		return nil, &Error{File: name, Kind: ErrLimit, Msg: fmt.Sprintf("larger than %d bytes", MaxFLLBytes)}
	}
	m := NewModule()
	p := fllParser{name: name, e: m.e, m: m, mb: m.Block(MainBlock)}
	if err := p.parse(src); err != nil {
		return nil, err
	}
	return m, nil
}

// Load reads the module in file path of fsys (at most [MaxFLLBytes],
// regular files only), as [Parse] with path as the name.
func Load(fsys fs.FS, path string) (*Module, error) {
	b, err := readFile(fsys, path)
	if err != nil {
		return nil, err
	}
	return Parse(path, string(b))
}

// statement reads one line of the compact format as the FLL keys it
// stands for.
func (p *fllParser) statement(line string) error {
	m := p.m
	f := strings.Fields(line)
	switch f[0] {
	case "input", "output":
		if len(f) != 2 && len(f) != 4 {
			return p.errf("expected %q NAME [MIN MAX]", f[0])
		}
		if m.Variable(f[1]) != nil {
			return p.errf("variable %q declared twice", f[1])
		}
		if !validName(f[1]) {
			return p.errf("invalid variable name %q", f[1])
		}
		if len(m.vars) >= MaxVariables {
			return p.limitf("more than %d variables", MaxVariables)
		}
		p.mv = m.add(f[1], f[0] == "output")
		if len(f) == 4 {
			lo, err1 := number(f[2])
			hi, err2 := number(f[3])
			if err1 != nil || err2 != nil || lo > hi {
				return p.errf("invalid range %q %q", clip(f[2]), clip(f[3]))
			}
			p.mv.SetRange(lo, hi)
		}
	case "set":
		if err := p.set(f[1:]); err != nil {
			return err
		}
	case "block":
		if len(f) != 2 || !validName(f[1]) {
			return p.errf("expected block NAME")
		}
		p.mb = m.Block(f[1])
	case "rule":
		r, err := p.rule(line[len("rule"):])
		if err != nil {
			return p.errf("rule: %v", err)
		}
		if err := m.attach(p.mb, r); err != nil {
			return p.errf("rule: %v", err)
		}
	default:
		return p.errf("unknown statement %q (input, output, set, block, rule)", clip(f[0]))
	}
	if m.err != nil {
		return p.errf("%v", m.err)
	}
	return nil
}

// set reads "NAME SHAPE POINTS..." (the compact format's term line).
func (p *fllParser) set(f []string) error {
	cur := p.mv
	if cur == nil {
		return p.errf("set before any input or output")
	}
	if len(f) < 2 {
		return p.errf("expected set NAME SHAPE POINTS...")
	}
	var sh Shape
	for s := ShapeTriangle; s <= ShapeSingleton; s++ {
		if f[1] == s.String() {
			sh = s
		}
	}
	if sh == 0 {
		return p.errf("unknown shape %q (triangle, trapezoid, leftshoulder, rightshoulder, singleton)", clip(f[1]))
	}
	if len(f)-2 != sh.nparams() {
		return p.errf("%s takes %d points, got %d", sh, sh.nparams(), len(f)-2)
	}
	var pt [4]float64
	for i, t := range f[2:] {
		v, err := number(t)
		if err != nil {
			return p.errf("point %d %q is not a finite number", i+1, clip(t))
		}
		pt[i] = v
	}
	s := Set{Shape: sh, A: pt[0], B: pt[1], C: pt[2], D: pt[3]}
	if err := s.Validate(); err != nil {
		return p.errf("set %s: %v", clip(f[0]), err)
	}
	if !validName(f[0]) {
		return p.errf("invalid set name %q", clip(f[0]))
	}
	if cur.ev.Term(f[0]) >= 0 {
		return p.errf("set %q already in %s", f[0], cur.ev.Name)
	}
	if len(cur.ev.Terms) >= MaxSets {
		return p.limitf("more than %d sets in %s", MaxSets, cur.ev.Name)
	}
	cur.AddSet(f[0], s)
	return nil
}

func number(s string) (float64, error) {
	v, err := strconv.ParseFloat(s, 64)
	if err == nil && (math.IsNaN(v) || math.IsInf(v, 0)) {
		err = fmt.Errorf("not finite")
	}
	return v, err
}

// String returns the module in the compact text format; parsing it gives
// an equivalent module.
func (m *Module) String() string {
	var b strings.Builder
	for _, v := range m.vars {
		kind := "input"
		if v.ev.output {
			kind = "output"
		}
		fmt.Fprintf(&b, "%s %s", kind, v.ev.Name)
		if v.ranged {
			fmt.Fprintf(&b, " %s %s", num(v.ev.Min), num(v.ev.Max))
		}
		b.WriteByte('\n')
		for _, t := range v.ev.Terms {
			fmt.Fprintf(&b, "  set %s %s", t.Name, t.set.Shape)
			for _, x := range t.set.params() {
				b.WriteString(" " + num(x))
			}
			b.WriteByte('\n')
		}
	}
	for i, bl := range m.blocks {
		if len(bl.eb.Rules) == 0 {
			continue
		}
		if i > 0 {
			b.WriteString("block " + bl.eb.Name + "\n")
		}
		for _, r := range bl.eb.Rules {
			b.WriteString("rule if ")
			m.writeProg(&b, r.ante)
			c := r.cons[0]
			out := m.e.outputs[c.v]
			fmt.Fprintf(&b, " then %s is %s\n", out.Name, out.Terms[c.term].Name)
		}
	}
	return b.String()
}

func num(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }

// compactHedge names a hedge in the compact format.
func compactHedge(h Hedge) string {
	if h == HedgeSomewhat {
		return "fairly"
	}
	return h.String()
}

// writeProg turns an engine antecedent program back into compact infix
// text: a chain of one operator is written flat, an operand combining
// with the other operator or hedged is put in parentheses.
func (m *Module) writeProg(b *strings.Builder, prog []aop) {
	type item struct {
		s  string
		op aopKind // aAnd, aOr: s is a chain of that operator; else a single factor
	}
	operand := func(it item, k aopKind) string {
		if it.op == k || it.op == aProp {
			return it.s
		}
		return "(" + it.s + ")"
	}
	var st []item
	for i := range prog {
		o := &prog[i]
		switch o.kind {
		case aProp:
			v := m.e.inputs[o.v]
			s := v.Name + " is "
			for _, h := range o.hedges {
				s += compactHedge(h) + " "
			}
			st = append(st, item{s: s + v.Terms[o.term].Name, op: aProp})
		case aAnd, aOr:
			word := " and "
			if o.kind == aOr {
				word = " or "
			}
			l, r := st[len(st)-2], st[len(st)-1]
			st = append(st[:len(st)-2], item{s: operand(l, o.kind) + word + operand(r, o.kind), op: o.kind})
		case aHedge:
			top := &st[len(st)-1]
			top.s = compactHedge(o.hedges[0]) + " " + operand(*top, aProp)
			top.op = aProp
		}
	}
	b.WriteString(st[0].s)
}
