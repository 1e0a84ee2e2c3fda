package fuzzy

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// MaxSourceBytes is the largest text definition [Parse] accepts.
const MaxSourceBytes = 1 << 20

// Error is a text-definition error naming the 1-based line.
type Error struct {
	File string // the source's name when given (ParseFile), else ""
	Line int
	Msg  string
}

// Error formats the error as "fuzzy: line N: msg", or "file:N: msg" when
// the source has a name.
func (e *Error) Error() string {
	if e.File != "" {
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
	}
	return fmt.Sprintf("fuzzy: line %d: %s", e.Line, e.Msg)
}

// ParseFile is Parse for a source with a name (a file's path): its errors
// read "name:line: msg".
func ParseFile(name, src string) (*Module, error) {
	m, err := Parse(src)
	if e, ok := err.(*Error); ok {
		e.File = name
	}
	return m, err
}

// Parse reads a module from the text format. "#" starts a comment; each
// non-blank line is one of
//
//	input NAME [MIN MAX]
//	output NAME [MIN MAX]
//	set NAME SHAPE P1 [P2 P3 [P4]]
//	block NAME
//	rule if CONDITION then VARIABLE is SET
//
// A set line adds a set to the variable declared last; SHAPE is triangle
// (3 points), trapezoid (4), leftshoulder (3: min peak right),
// rightshoulder (3: left peak max) or singleton (1). A condition combines
// "VARIABLE is [HEDGE...] SET" terms with and, or, not, very, fairly and
// parentheses; and binds tighter than or, and hedges after "is" apply to
// the set, innermost last ("is very not close" is very(not(close))).
// Rules after a block line belong to that [RuleBlock] (before any, to
// [MainBlock]). Every error is an [*Error] naming the line.
func Parse(src string) (*Module, error) {
	if len(src) > MaxSourceBytes {
		return nil, &Error{Line: 0, Msg: "source larger than " + strconv.Itoa(MaxSourceBytes) + " bytes"}
	}
	m := NewModule()
	var cur *Variable
	block := m.Block(MainBlock)
	lineNo := 0
	for rest := src; len(rest) > 0; {
		lineNo++
		var line string
		if i := strings.IndexByte(rest, '\n'); i >= 0 {
			line, rest = rest[:i], rest[i+1:]
		} else {
			line, rest = rest, ""
		}
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		f := tokens(line)
		if len(f) == 0 {
			continue
		}
		fail := func(format string, args ...any) (*Module, error) {
			return nil, &Error{Line: lineNo, Msg: fmt.Sprintf(format, args...)}
		}
		switch f[0] {
		case "input", "output":
			if len(f) != 2 && len(f) != 4 {
				return fail("expected %q NAME [MIN MAX]", f[0])
			}
			if m.Variable(f[1]) != nil {
				return fail("variable %q declared twice", f[1])
			}
			if !validName(f[1]) {
				return fail("invalid variable name %q", f[1])
			}
			if len(m.vars) >= MaxVariables {
				return fail("more than %d variables", MaxVariables)
			}
			cur = m.add(f[1], f[0] == "output")
			if len(f) == 4 {
				lo, err1 := number(f[2])
				hi, err2 := number(f[3])
				if err1 != nil || err2 != nil || lo > hi {
					return fail("invalid range %q %q", f[2], f[3])
				}
				cur.SetRange(lo, hi)
			}
		case "set":
			if cur == nil {
				return fail("set before any input or output")
			}
			if len(f) < 3 {
				return fail("expected set NAME SHAPE POINTS...")
			}
			var sh Shape
			for s := ShapeTriangle; s <= ShapeSingleton; s++ {
				if f[2] == s.String() {
					sh = s
				}
			}
			if sh == 0 {
				return fail("unknown shape %q (triangle, trapezoid, leftshoulder, rightshoulder, singleton)", f[2])
			}
			if len(f)-3 != sh.nparams() {
				return fail("%s takes %d points, got %d", sh, sh.nparams(), len(f)-3)
			}
			var p [4]float64
			for i, t := range f[3:] {
				v, err := number(t)
				if err != nil {
					return fail("point %d %q is not a finite number", i+1, t)
				}
				p[i] = v
			}
			s := Set{Shape: sh, A: p[0], B: p[1], C: p[2], D: p[3]}
			if err := s.Validate(); err != nil {
				return fail("set %s: %v", f[1], err)
			}
			if !validName(f[1]) {
				return fail("invalid set name %q", f[1])
			}
			if cur.setIndex(f[1]) >= 0 {
				return fail("set %q already in %s", f[1], cur.name)
			}
			if len(cur.sets) >= MaxSets {
				return fail("more than %d sets in %s", MaxSets, cur.name)
			}
			cur.AddSet(f[1], s)
		case "rule":
			if len(m.rules) >= MaxRules {
				return fail("more than %d rules", MaxRules)
			}
			p := ruleParser{m: m, toks: f[1:]}
			ante, cons, err := p.rule()
			if err != nil {
				return fail("%v", err)
			}
			if err := m.addRule(block.index, ante, cons); err != nil {
				return fail("%v", err)
			}
		case "block":
			if len(f) != 2 || !validName(f[1]) {
				return fail("expected block NAME")
			}
			block = m.Block(f[1])
		default:
			return fail("unknown statement %q (input, output, set, block, rule)", f[0])
		}
		if m.err != nil {
			return fail("%v", m.err)
		}
	}
	if len(m.vars) == 0 {
		return nil, &Error{Line: lineNo, Msg: "no variables defined"}
	}
	return m, nil
}

func number(s string) (float64, error) {
	v, err := strconv.ParseFloat(s, 64)
	if err == nil && (math.IsNaN(v) || math.IsInf(v, 0)) {
		err = fmt.Errorf("not finite")
	}
	return v, err
}

// tokens splits on white space and keeps parentheses as tokens.
func tokens(line string) []string {
	line = strings.ReplaceAll(line, "(", " ( ")
	line = strings.ReplaceAll(line, ")", " ) ")
	return strings.Fields(line)
}

type ruleParser struct {
	m    *Module
	toks []string
	pos  int
}

func (p *ruleParser) peek() string {
	if p.pos < len(p.toks) {
		return p.toks[p.pos]
	}
	return ""
}

func (p *ruleParser) next() string { t := p.peek(); p.pos++; return t }

func (p *ruleParser) expect(t string) error {
	if got := p.next(); got != t {
		if got == "" {
			got = "end of line"
		}
		return fmt.Errorf("expected %q, found %q", t, got)
	}
	return nil
}

func (p *ruleParser) rule() (Expr, Expr, error) {
	if err := p.expect("if"); err != nil {
		return Expr{}, Expr{}, err
	}
	ante, err := p.or(0)
	if err != nil {
		return Expr{}, Expr{}, err
	}
	if err := p.expect("then"); err != nil {
		return Expr{}, Expr{}, err
	}
	cons, err := p.term(false)
	if err != nil {
		return Expr{}, Expr{}, err
	}
	if p.pos != len(p.toks) {
		return Expr{}, Expr{}, fmt.Errorf("unexpected %q after the consequent", p.peek())
	}
	return ante, cons, nil
}

func (p *ruleParser) or(depth int) (Expr, error) {
	if depth > MaxExprDepth {
		return Expr{}, fmt.Errorf("condition nested deeper than %d", MaxExprDepth)
	}
	e, err := p.and(depth)
	if err != nil || p.peek() != "or" {
		return e, err
	}
	kids := []Expr{e}
	for p.peek() == "or" {
		p.pos++
		k, err := p.and(depth)
		if err != nil {
			return Expr{}, err
		}
		kids = append(kids, k)
	}
	return AnyOf(kids...), nil
}

func (p *ruleParser) and(depth int) (Expr, error) {
	e, err := p.factor(depth)
	if err != nil || p.peek() != "and" {
		return e, err
	}
	kids := []Expr{e}
	for p.peek() == "and" {
		p.pos++
		k, err := p.factor(depth)
		if err != nil {
			return Expr{}, err
		}
		kids = append(kids, k)
	}
	return AllOf(kids...), nil
}

func (p *ruleParser) factor(depth int) (Expr, error) {
	if depth > MaxExprDepth {
		return Expr{}, fmt.Errorf("condition nested deeper than %d", MaxExprDepth)
	}
	switch p.peek() {
	case "not", "very", "fairly":
		h := p.next()
		e, err := p.factor(depth + 1)
		return hedge(h, e), err
	case "(":
		p.pos++
		e, err := p.or(depth + 1)
		if err != nil {
			return Expr{}, err
		}
		return e, p.expect(")")
	}
	return p.term(true)
}

func hedge(h string, e Expr) Expr {
	switch h {
	case "not":
		return e.Not()
	case "very":
		return e.Very()
	}
	return e.Fairly()
}

func (p *ruleParser) term(hedges bool) (Expr, error) {
	name := p.next()
	v := p.m.Variable(name)
	if v == nil {
		if name == "" {
			return Expr{}, fmt.Errorf("expected a variable, found end of line")
		}
		return Expr{}, fmt.Errorf("unknown variable %q", name)
	}
	if err := p.expect("is"); err != nil {
		return Expr{}, err
	}
	var hs []string
	for hedges && (p.peek() == "not" || p.peek() == "very" || p.peek() == "fairly") {
		if len(hs) >= MaxExprDepth {
			return Expr{}, fmt.Errorf("more than %d hedges", MaxExprDepth)
		}
		hs = append(hs, p.next())
	}
	set := p.next()
	e, ok := v.Term(set)
	if !ok {
		return Expr{}, fmt.Errorf("variable %q has no set %q", name, set)
	}
	for i := len(hs) - 1; i >= 0; i-- {
		e = hedge(hs[i], e)
	}
	return e, nil
}

// String returns the module in the text format; parsing it gives an
// equivalent module.
func (m *Module) String() string {
	var b strings.Builder
	for _, v := range m.vars {
		kind := "input"
		if v.output {
			kind = "output"
		}
		fmt.Fprintf(&b, "%s %s", kind, v.name)
		if v.ranged {
			fmt.Fprintf(&b, " %s %s", num(v.min), num(v.max))
		}
		b.WriteByte('\n')
		for i, s := range v.sets {
			fmt.Fprintf(&b, "  set %s %s", v.names[i], s.Shape)
			for _, x := range s.params() {
				b.WriteString(" " + num(x))
			}
			b.WriteByte('\n')
		}
	}
	block := int32(0)
	for _, r := range m.rules {
		if r.block != block {
			block = r.block
			b.WriteString("block " + m.blocks[block].name + "\n")
		}
		b.WriteString("rule if ")
		m.writeProg(&b, m.prog[r.off:r.off+r.n])
		out := m.vars[r.out]
		fmt.Fprintf(&b, " then %s is %s\n", out.name, out.names[r.set])
	}
	return b.String()
}

func num(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }

// writeProg turns a postfix program back into infix text.
func (m *Module) writeProg(b *strings.Builder, prog []op) {
	type item struct {
		s    string
		term bool // a (hedged) "var is set" that can take more hedges inside
		v    string
		set  string
	}
	var st []item
	for _, o := range prog {
		switch o.code {
		case opTerm:
			v := m.vars[o.v]
			st = append(st, item{s: v.name + " is " + v.names[o.set], term: true, v: v.name, set: v.names[o.set]})
		case opAnd, opOr:
			word := " and "
			if o.code == opOr {
				word = " or "
			}
			k := st[len(st)-int(o.n):]
			parts := make([]string, len(k))
			for i, it := range k {
				parts[i] = it.s
			}
			st = append(st[:len(st)-int(o.n)], item{s: "(" + strings.Join(parts, word) + ")"})
		default:
			h := map[opcode]string{opNot: "not", opVery: "very", opFairly: "fairly"}[o.code]
			top := &st[len(st)-1]
			if top.term {
				top.set = h + " " + top.set
				top.s = top.v + " is " + top.set
			} else {
				top.s = h + " " + top.s
			}
		}
	}
	s := st[0].s
	if strings.HasPrefix(s, "(") && strings.HasSuffix(s, ")") && matched(s[1:len(s)-1]) {
		s = s[1 : len(s)-1]
	}
	b.WriteString(s)
}

// matched reports whether the parentheses in s balance without dipping
// below zero, so the outer pair around s may be dropped.
func matched(s string) bool {
	d := 0
	for _, c := range s {
		switch c {
		case '(':
			d++
		case ')':
			if d--; d < 0 {
				return false
			}
		}
	}
	return d == 0
}
