package fuzzy

import (
	"errors"
	"fmt"
	"math"
)

// Errors returned by fuzzification and defuzzification. They are plain
// values, so returning them allocates nothing.
var (
	// ErrNaN: Fuzzify was given NaN; the variable's memberships are all 0.
	ErrNaN = errors.New("fuzzy: NaN input")
	// ErrNoFiring: no rule fired for the output (every consequent degree
	// is 0); the fallback value was returned.
	ErrNoFiring = errors.New("fuzzy: no rule fired for the output")
	// ErrNotInput / ErrNotOutput: the variable has the wrong role.
	ErrNotInput  = errors.New("fuzzy: not an input variable")
	ErrNotOutput = errors.New("fuzzy: not an output variable")
	// ErrCentroidSingleton: centroid needs sets with width; use average
	// of maxima for singleton outputs.
	ErrCentroidSingleton = errors.New("fuzzy: centroid of an output with singleton sets")
	// ErrUnknownVariable: no variable has the given name.
	ErrUnknownVariable = errors.New("fuzzy: unknown variable")
)

// Limits on a module's size.
const (
	MaxVariables = 1 << 10
	MaxSets      = 1 << 10 // per variable
	MaxRules     = 1 << 16
	MaxExprDepth = 64
	MaxBlocks    = 1 << 10
)

// Method is a defuzzification method.
type Method uint8

const (
	// AverageOfMaxima (Buckland's "MaxAv"): Σ dᵢ·rᵢ / Σ dᵢ over the output
	// sets, dᵢ the set's OR-combined firing degree and rᵢ its
	// representative value.
	AverageOfMaxima Method = iota
	// Centroid: ∫x·μ(x)dx / ∫μ(x)dx of μ(x) = maxᵢ min(dᵢ, setᵢ(x)) over
	// the variable's range, by the midpoint rule with Module.Resolution
	// samples.
	Centroid
	// MeanOfMaximum: the centre of the region where μ(x) reaches its
	// maximum, computed exactly from the sets' level cuts.
	MeanOfMaximum
)

// String returns "maxav", "centroid" or "mom".
func (m Method) String() string {
	switch m {
	case AverageOfMaxima:
		return "maxav"
	case Centroid:
		return "centroid"
	case MeanOfMaximum:
		return "mom"
	}
	return "invalid"
}

// Variable is a fuzzy linguistic variable: named sets over a range that
// grows to cover every set added.
//
// A Variable is a view of a variable of the module's engine: its sets are
// the engine variable's terms, its range the engine variable's range.
type Variable struct {
	m        *Module
	index    int32 // in m.vars; -1 when adding it failed
	ev       *Var  // the variable in the module's engine: value, terms, fuzzy output
	ranged   bool  // the range holds something
	fallback float64
	hasFall  bool
}

// Name returns the variable's name.
func (v *Variable) Name() string { return v.ev.Name }

// IsOutput reports whether the variable is an output.
func (v *Variable) IsOutput() bool { return v.ev.output }

// Range returns the variable's range.
func (v *Variable) Range() (min, max float64) { return v.ev.Min, v.ev.Max }

// Len returns the number of sets.
func (v *Variable) Len() int { return len(v.ev.Terms) }

// SetName returns the name of set i.
func (v *Variable) SetName(i int) string { return v.ev.Terms[i].Name }

// Set returns set i.
func (v *Variable) Set(i int) Set { return v.ev.Terms[i].set }

// DOM returns the current degree of membership of set i: the fuzzified
// value for an input, the OR-combined rule strength for an output (after
// a Defuzzify, Winner or Module.Evaluate).
func (v *Variable) DOM(i int) float64 {
	if v.ev.output {
		return v.ev.ActivationDegree(i)
	}
	return v.ev.Terms[i].set.DOM(v.ev.value)
}

// SetFallback sets the value Defuzzify returns when no rule fires
// (default: the middle of the range). A non-finite value is ignored.
func (v *Variable) SetFallback(x float64) {
	if !math.IsNaN(x) && !math.IsInf(x, 0) {
		v.fallback, v.hasFall = x, true
	}
}

// Fallback returns the value Defuzzify returns when no rule fires.
func (v *Variable) Fallback() float64 {
	if v.hasFall {
		return v.fallback
	}
	return (v.ev.Min + v.ev.Max) / 2
}

func (v *Variable) extend(lo, hi float64) {
	if !v.ranged {
		v.ev.Min, v.ev.Max, v.ranged = lo, hi, true
	} else {
		v.ev.Min, v.ev.Max = math.Min(v.ev.Min, lo), math.Max(v.ev.Max, hi)
	}
}

// SetRange widens the variable's range to include [lo, hi] (finite,
// within ±MaxMagnitude).
func (v *Variable) SetRange(lo, hi float64) {
	if !(math.Abs(lo) <= MaxMagnitude && math.Abs(hi) <= MaxMagnitude && lo <= hi) {
		v.m.fail(fmt.Errorf("fuzzy: %s: invalid range [%g, %g]", v.ev.Name, lo, hi))
		return
	}
	v.extend(lo, hi)
}

// AddSet adds a named set and returns the term "variable is name" for
// rules. An invalid or duplicate set is recorded as the module's error and
// yields an invalid term.
func (v *Variable) AddSet(name string, s Set) Expr {
	if v.m.err != nil {
		return Expr{}
	}
	if err := s.Validate(); err != nil {
		v.m.fail(fmt.Errorf("fuzzy: %s is %s: %v", v.ev.Name, name, err))
		return Expr{}
	}
	if !validName(name) {
		v.m.fail(fmt.Errorf("fuzzy: %s: invalid set name %q", v.ev.Name, name))
		return Expr{}
	}
	if v.ev.Term(name) >= 0 {
		v.m.fail(fmt.Errorf("fuzzy: %s: set %q added twice", v.ev.Name, name))
		return Expr{}
	}
	if len(v.ev.Terms) >= MaxSets {
		v.m.fail(fmt.Errorf("fuzzy: %s: more than %d sets", v.ev.Name, MaxSets))
		return Expr{}
	}
	v.ev.Terms = append(v.ev.Terms, Term{Name: name, Kind: kindSet, Height: 1, set: s})
	v.extend(s.extent())
	if n := len(v.ev.Terms); n > len(v.m.scratch) {
		v.m.scratch = make([]interval, n)
	}
	return Expr{m: v.m, op: opTerm, v: v.index, set: int32(len(v.ev.Terms) - 1)}
}

// Term returns the term "variable is name" for a set added earlier.
func (v *Variable) Term(name string) (Expr, bool) {
	i := v.ev.Term(name)
	if i < 0 {
		return Expr{}, false
	}
	return Expr{m: v.m, op: opTerm, v: v.index, set: int32(i)}, true
}

// Fuzzify sets the input's memberships from the crisp value x. NaN gives
// every set membership 0 and returns ErrNaN.
func (v *Variable) Fuzzify(x float64) error {
	if v.ev.output {
		return ErrNotInput
	}
	v.m.dirty = true
	v.ev.value = x // a set's membership of NaN is 0
	if math.IsNaN(x) {
		return ErrNaN
	}
	return nil
}

// Defuzzify evaluates the rules if an input changed and returns the
// output's crisp value by method. When no rule fires it returns the
// fallback value and ErrNoFiring.
func (v *Variable) Defuzzify(method Method) (float64, error) {
	if !v.ev.output {
		return 0, ErrNotOutput
	}
	if v.m.err != nil {
		return v.Fallback(), v.m.err
	}
	v.m.Evaluate()
	var x float64
	var ok bool
	switch method {
	case AverageOfMaxima:
		x, ok = v.averageOfMaxima()
	case Centroid:
		for i := range v.ev.Terms {
			if v.ev.Terms[i].set.Shape == ShapeSingleton {
				return v.Fallback(), ErrCentroidSingleton
			}
		}
		x, ok = v.centroid(v.m.Resolution)
	case MeanOfMaximum:
		x, ok = v.meanOfMaximum()
	default:
		return v.Fallback(), fmt.Errorf("fuzzy: invalid method %d", method)
	}
	if !ok || math.IsNaN(x) {
		return v.Fallback(), ErrNoFiring
	}
	return x, nil
}

// Winner evaluates the rules if needed and returns the index of the
// output set with the highest degree (the first on ties) and that degree.
// This is a crisp choice such as which weapon to fire: rules with crisp
// consequents are OR-combined and the strongest consequent wins. With no rule firing it
// returns -1, 0 and ErrNoFiring.
func (v *Variable) Winner() (int, float64, error) {
	if !v.ev.output {
		return -1, 0, ErrNotOutput
	}
	if v.m.err != nil {
		return -1, 0, v.m.err
	}
	v.m.Evaluate()
	best, bd := -1, 0.0
	for i := range v.ev.Terms {
		if d := v.DOM(i); d > bd {
			best, bd = i, d
		}
	}
	if best < 0 {
		return -1, 0, ErrNoFiring
	}
	return best, bd, nil
}

func (v *Variable) averageOfMaxima() (float64, bool) {
	var num, den float64
	for i := range v.ev.Terms {
		d := v.DOM(i)
		num += d * v.ev.Terms[i].set.Representative()
		den += d
	}
	if den == 0 {
		return 0, false
	}
	return num / den, true
}

// centroid integrates the engine's fuzzy output (maximum of the sets
// clipped at their degrees) by the midpoint rule with n samples.
func (v *Variable) centroid(n int) (float64, bool) {
	if n < 2 {
		n = 2
	}
	d := Defuzzifier{Kind: DefCentroid, Resolution: n}
	x := d.defuzzify(v.ev)
	return x, !math.IsNaN(x)
}

type interval struct{ lo, hi float64 }

func (v *Variable) meanOfMaximum() (float64, bool) {
	h := 0.0
	for i := range v.ev.Terms {
		h = math.Max(h, v.DOM(i))
	}
	if h == 0 {
		return 0, false
	}
	lo, hi := v.ev.Min, v.ev.Max
	cuts := v.m.scratch[:0]
	for i := range v.ev.Terms {
		if v.DOM(i) == h {
			a, b := v.ev.Terms[i].set.cut(h, lo, hi)
			cuts = append(cuts, interval{math.Max(a, lo), math.Min(b, hi)})
		}
	}
	// Insertion sort by start, then merge overlaps.
	for i := 1; i < len(cuts); i++ {
		for j := i; j > 0 && cuts[j].lo < cuts[j-1].lo; j-- {
			cuts[j], cuts[j-1] = cuts[j-1], cuts[j]
		}
	}
	merged := cuts[:1]
	for _, c := range cuts[1:] {
		last := &merged[len(merged)-1]
		if c.lo <= last.hi {
			last.hi = math.Max(last.hi, c.hi)
		} else {
			merged = append(merged, c)
		}
	}
	var num, length, pts float64
	for _, c := range merged {
		w := c.hi - c.lo
		num += w * (c.lo + c.hi) / 2
		length += w
	}
	if length > 0 {
		return num / length, true
	}
	for _, c := range merged { // only points: their mean
		num += c.lo
		pts++
	}
	return num / pts, true
}

// Module is a fuzzy inference module: variables and rules. Build it with
// AddInput, AddOutput, Variable.AddSet and AddRule (or [Parse]); a
// building mistake is kept as the module's error ([Module.Err]) and makes
// every later call fail with it, so a half-built module never runs.
//
// A Module is a thin layer over an [Engine], which holds its variables,
// sets (as terms), rule blocks and rules and evaluates them; the Module
// adds Buckland's defuzzifiers and flexible ranges.
//
// A module holds its current memberships, so each agent (or goroutine)
// needs its own: build or parse one and give each agent a [Module.Clone].
type Module struct {
	e      *Engine // holds and evaluates the rules
	vars   []*Variable
	blocks []*RuleBlock // the wrappers of e.blocks, in the same order
	err    error
	dirty  bool

	scratch []interval

	// Resolution is the number of samples Centroid integrates over
	// (default 1000).
	Resolution int
}

type opcode uint8

const (
	opInvalid opcode = iota
	opTerm
	opAnd
	opOr
	opNot
	opVery
	opFairly
)

// NewModule returns an empty module.
func NewModule() *Module {
	m := &Module{Resolution: 1000, dirty: true, e: &Engine{fireAny: true, stack: make([]float64, 1)}}
	m.Block(MainBlock)
	return m
}

// MainBlock is the name of the rule block that [Module.AddRule] and text
// rules before any "block" line go to.
const MainBlock = "main"

// Clone returns an independent copy of m, with the same variables, sets,
// rules and block switches and its own memberships. Terms of m cannot be
// used with the clone; get the clone's with [Variable.Term].
func (m *Module) Clone() *Module {
	c := &Module{
		e:          m.e.Clone(),
		err:        m.err,
		dirty:      true,
		scratch:    make([]interval, len(m.scratch)),
		Resolution: m.Resolution,
	}
	for _, v := range m.vars {
		nv := *v
		nv.m = c
		if v.ev.output {
			nv.ev = c.e.outputs[v.ev.index]
		} else {
			nv.ev = c.e.inputs[v.ev.index]
		}
		c.vars = append(c.vars, &nv)
	}
	for i, b := range m.blocks {
		nb := *b
		nb.m = c
		nb.eb = c.e.blocks[i]
		c.blocks = append(c.blocks, &nb)
	}
	return c
}

// Err returns the first error made while building the module, or nil.
func (m *Module) Err() error { return m.err }

func (m *Module) fail(err error) {
	if m.err == nil {
		m.err = err
	}
}

func validName(s string) bool {
	if s == "" || len(s) > 256 {
		return false
	}
	for _, r := range s {
		if !(r == '_' || r == '-' || r == '.' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			return false
		}
	}
	switch s {
	case "if", "then", "and", "or", "not", "very", "fairly", "is":
		return false
	}
	return true
}

func (m *Module) add(name string, output bool) *Variable {
	v := &Variable{m: m, index: int32(len(m.vars)),
		ev: &Var{e: m.e, Name: name, Enabled: true, output: output, value: math.NaN(),
			Default: math.NaN(), previous: math.NaN(), Aggregation: Maximum}}
	switch {
	case m.err != nil:
	case !validName(name):
		m.fail(fmt.Errorf("fuzzy: invalid variable name %q", name))
	case m.Variable(name) != nil:
		m.fail(fmt.Errorf("fuzzy: variable %q added twice", name))
	case len(m.vars) >= MaxVariables:
		m.fail(fmt.Errorf("fuzzy: more than %d variables", MaxVariables))
	default:
		m.vars = append(m.vars, v)
		if output {
			v.ev.index = int32(len(m.e.outputs))
			m.e.outputs = append(m.e.outputs, v.ev)
		} else {
			v.ev.index = int32(len(m.e.inputs))
			m.e.inputs = append(m.e.inputs, v.ev)
		}
		return v
	}
	v.index = -1
	return v // detached: its terms are invalid
}

// AddInput adds an input variable.
func (m *Module) AddInput(name string) *Variable { return m.add(name, false) }

// AddOutput adds an output variable.
func (m *Module) AddOutput(name string) *Variable { return m.add(name, true) }

// Variable returns the named variable, or nil.
func (m *Module) Variable(name string) *Variable {
	for _, v := range m.vars {
		if v.ev.Name == name {
			return v
		}
	}
	return nil
}

// Variables returns the variables in the order they were added.
func (m *Module) Variables() []*Variable { return append([]*Variable(nil), m.vars...) }

// NumRules returns the number of rules.
func (m *Module) NumRules() int {
	n := 0
	for _, b := range m.e.blocks {
		n += len(b.Rules)
	}
	return n
}

// Fuzzify is the by-name form of [Variable.Fuzzify].
func (m *Module) Fuzzify(name string, x float64) error {
	if m.err != nil {
		return m.err
	}
	v := m.Variable(name)
	if v == nil {
		return ErrUnknownVariable
	}
	return v.Fuzzify(x)
}

// Defuzzify is the by-name form of [Variable.Defuzzify].
func (m *Module) Defuzzify(name string, method Method) (float64, error) {
	if m.err != nil {
		return 0, m.err
	}
	v := m.Variable(name)
	if v == nil {
		return 0, ErrUnknownVariable
	}
	return v.Defuzzify(method)
}

// Expr is a rule antecedent: a term "variable is set" (from
// [Variable.AddSet] or [Variable.Term]) or a combination of terms. The
// zero Expr is invalid.
type Expr struct {
	m    *Module
	op   opcode
	v    int32
	set  int32
	kids []Expr
}

// AllOf is the fuzzy AND (minimum) of its operands.
func AllOf(es ...Expr) Expr { return Expr{op: opAnd, kids: es} }

// AnyOf is the fuzzy OR (maximum) of its operands.
func AnyOf(es ...Expr) Expr { return Expr{op: opOr, kids: es} }

// Not is the fuzzy NOT (1-x) of e.
func (e Expr) Not() Expr { return Expr{op: opNot, kids: []Expr{e}} }

// Very is the hedge x² applied to e.
func (e Expr) Very() Expr { return Expr{op: opVery, kids: []Expr{e}} }

// Fairly is the hedge √x applied to e.
func (e Expr) Fairly() Expr { return Expr{op: opFairly, kids: []Expr{e}} }

// program appends e's engine program (postfix, binary and/or), the same
// program the rule parser builds from text: hedges on a single term join
// the proposition's hedges, hedges on a combination become aHedge
// operations.
func (m *Module) program(e *Expr, depth int, out []aop) ([]aop, error) {
	if depth > MaxExprDepth {
		return out, fmt.Errorf("expression nested deeper than %d", MaxExprDepth)
	}
	switch e.op {
	case opTerm:
		if e.m != m || e.v < 0 || int(e.v) >= len(m.vars) {
			return out, errors.New("term from another module or an invalid term")
		}
		v := m.vars[e.v].ev
		if v.output {
			return out, fmt.Errorf("output variable %q used in a condition", v.Name)
		}
		return append(out, aop{kind: aProp, v: v.index, term: e.set}), nil
	case opAnd, opOr:
		if len(e.kids) == 0 {
			return out, errors.New("AND/OR of nothing")
		}
		k := aAnd
		if e.op == opOr {
			k = aOr
		}
		for i := range e.kids {
			var err error
			if out, err = m.program(&e.kids[i], depth+1, out); err != nil {
				return out, err
			}
			if i > 0 {
				out = append(out, aop{kind: k})
			}
		}
		return out, nil
	case opNot, opVery, opFairly:
		if len(e.kids) != 1 {
			return out, errors.New("hedge needs one operand")
		}
		start := len(out)
		out, err := m.program(&e.kids[0], depth+1, out)
		if err != nil {
			return out, err
		}
		h := HedgeNot
		switch e.op {
		case opVery:
			h = HedgeVery
		case opFairly:
			h = HedgeSomewhat
		}
		return hedgeProgram(out, start, h), nil
	}
	return out, errors.New("invalid expression")
}

// hedgeProgram applies hedge h to the operand that starts at prog[start]:
// a single proposition takes h as its outermost hedge, a combination is
// followed by an aHedge operation.
func hedgeProgram(prog []aop, start int, h Hedge) []aop {
	if len(prog) == start+1 && prog[start].kind == aProp {
		p := &prog[start]
		p.hedges = append([]Hedge{h}, p.hedges...)
		return prog
	}
	return append(prog, aop{kind: aHedge, hedges: []Hedge{h}})
}

// AddRule adds "IF antecedent THEN consequent" to the rule block
// [MainBlock], where consequent is a term of an output variable. Mistakes are kept
// as the module's error.
func (m *Module) AddRule(antecedent, consequent Expr) {
	m.Block(MainBlock).AddRule(antecedent, consequent)
}

// RuleBlock is a named group of rules that can be switched on and off
// together, for example an enemy's weapon rules and accuracy rules. Rules
// of all enabled blocks are evaluated together; an output concluded in
// several blocks OR-combines them.
type RuleBlock struct {
	m     *Module
	eb    *Block // the block in the module's engine
	index int32
}

// Block returns the rule block called name, creating it (enabled) on
// first use. The block [MainBlock] holds the rules added with
// [Module.AddRule].
func (m *Module) Block(name string) *RuleBlock {
	for _, b := range m.blocks {
		if b.eb.Name == name {
			return b
		}
	}
	b := &RuleBlock{m: m, index: int32(len(m.blocks)),
		eb: &Block{e: m.e, Name: name, Enabled: true, Conjunction: Minimum, Disjunction: Maximum,
			Implication: Minimum, Activation: Activation{Kind: General}}}
	if !validName(name) || len(m.blocks) >= MaxBlocks {
		m.fail(fmt.Errorf("fuzzy: invalid block name %q or more than %d blocks", name, MaxBlocks))
		b.index = -1
		return b
	}
	m.blocks = append(m.blocks, b)
	m.e.blocks = append(m.e.blocks, b.eb)
	return b
}

// Blocks returns the rule blocks in the order they were created.
func (m *Module) Blocks() []*RuleBlock { return append([]*RuleBlock(nil), m.blocks...) }

// Name returns the block's name.
func (b *RuleBlock) Name() string { return b.eb.Name }

// Enabled reports whether the block's rules are evaluated.
func (b *RuleBlock) Enabled() bool { return b.eb.Enabled }

// SetEnabled switches the block's rules on or off.
func (b *RuleBlock) SetEnabled(on bool) {
	if b.eb.Enabled != on {
		b.eb.Enabled = on
		b.m.dirty = true
	}
}

// AddRule adds "IF antecedent THEN consequent" to the block, where
// consequent is a term of an output variable. Mistakes are kept as the
// module's error.
func (b *RuleBlock) AddRule(antecedent, consequent Expr) {
	m := b.m
	if m.err != nil || b.index < 0 {
		return
	}
	if err := m.addRule(b, antecedent, consequent); err != nil {
		m.fail(fmt.Errorf("fuzzy: rule %d: %v", m.NumRules()+1, err))
	}
}

func (m *Module) addRule(b *RuleBlock, antecedent, consequent Expr) error {
	if consequent.op != opTerm || consequent.m != m || consequent.v < 0 || int(consequent.v) >= len(m.vars) {
		return errors.New("the consequent must be a term of this module")
	}
	out := m.vars[consequent.v].ev
	if !out.output {
		return fmt.Errorf("consequent variable %q is not an output", out.Name)
	}
	ante, err := m.program(&antecedent, 0, nil)
	if err != nil {
		return err
	}
	return m.attach(b, &Rule{Weight: 1, Enabled: true, ante: ante,
		cons: []conclusion{{v: out.index, term: consequent.set}}})
}

// attach adds a rule (built from an Expr or read by the rule parser) to
// block b, sizing the engine's buffers for it.
func (m *Module) attach(b *RuleBlock, r *Rule) error {
	if m.NumRules() >= MaxRules {
		return fmt.Errorf("more than %d rules", MaxRules)
	}
	if len(r.ante) > len(m.e.stack) {
		m.e.stack = make([]float64, len(r.ante))
	}
	for _, c := range r.cons {
		out := m.e.outputs[c.v]
		out.acts = make([]activated, 0, cap(out.acts)+1)
	}
	b.eb.Rules = append(b.eb.Rules, r)
	m.dirty = true
	return nil
}

// Evaluate runs the rules of every enabled block: each output set's
// degree becomes the OR
// (maximum) of the strengths of the rules concluding it, a rule's
// strength being its antecedent with AND = min, OR = max, NOT = 1-x, very
// = x², fairly = √x. Defuzzify and Winner call it when an input changed.
func (m *Module) Evaluate() {
	if !m.dirty || m.err != nil {
		return
	}
	m.dirty = false
	m.e.activateRules()
}
