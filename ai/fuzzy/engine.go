package fuzzy

import (
	"math"
)

// Engine is a fuzzylite-compatible inference engine: input and output
// variables with linguistic terms, and rule blocks, read from and written
// to the FuzzyLite Language by [ParseFLL] and [Engine.FLL]. Set the inputs
// with [Var.SetValue], call [Engine.Process] and read the outputs with
// [Var.Value].
//
// An engine holds its state (values, previous values, fuzzy outputs), so
// each agent or goroutine needs its own: parse once and [Engine.Clone].
// Process allocates nothing.
type Engine struct {
	Name        string
	Description string

	inputs  []*Var
	outputs []*Var
	blocks  []*Block
	stack   []float64
	order   []int32 // Highest/Lowest selection scratch
	// fireAny makes every rule with a degree above 0 fire (a Module's
	// engine), instead of above Tolerance as in fuzzylite.
	fireAny bool
}

// Var is an input or output variable of an [Engine].
type Var struct {
	e           *Engine
	Name        string
	Description string
	// Enabled: a disabled input makes every proposition on it 0; a
	// disabled output is neither concluded nor defuzzified.
	Enabled  bool
	Min, Max float64 // the range
	// LockRange clamps values set (inputs) or defuzzified (outputs) to
	// [Min, Max].
	LockRange bool
	// Terms are the variable's terms. Their parameters may be changed
	// between evaluations; adding or removing terms after parsing would
	// break the rules that refer to them by position.
	Terms []Term

	output bool
	index  int32
	value  float64

	// Output variables only.

	// Aggregation combines the activated terms into the fuzzy output.
	Aggregation SNorm
	Defuzzifier Defuzzifier
	// Default is the value when no rule fires (NaN by default).
	Default float64
	// LockPrevious keeps the previous value when no rule fires.
	LockPrevious bool
	previous     float64
	acts         []activated // the fuzzy output; capacity = conclusions on it
}

type activated struct {
	term   int32
	degree float64
	impl   TNorm
}

// IsOutput reports whether v is an output variable.
func (v *Var) IsOutput() bool { return v.output }

// Value returns the variable's current value: the input set, or the
// output computed by the last Process (NaN before any).
func (v *Var) Value() float64 { return v.value }

// SetValue sets the variable's value, clamped to its range when
// LockRange is set.
func (v *Var) SetValue(x float64) {
	if v.LockRange {
		if x > v.Max {
			x = v.Max
		} else if x < v.Min {
			x = v.Min
		}
	}
	v.value = x
}

// Previous returns an output's value before the last Process.
func (v *Var) Previous() float64 { return v.previous }

// Term returns the index of the named term, or -1.
func (v *Var) Term(name string) int {
	for i := range v.Terms {
		if v.Terms[i].Name == name {
			return i
		}
	}
	return -1
}

// ActivationDegree returns the degree with which the rules of the last
// Process concluded an output's term i: its activations combined by the
// aggregation (summed when it is none). This is the degree a proposition
// "output is term" has in a later rule.
func (v *Var) ActivationDegree(i int) float64 {
	r := 0.0
	for _, a := range v.acts {
		if int(a.term) == i {
			if v.Aggregation != SNone {
				r = v.Aggregation.Compute(r, a.degree)
			} else {
				r += a.degree
			}
		}
	}
	return r
}

// Membership returns the aggregated fuzzy output of an output variable
// at x: the aggregation of each activated term's implication.
func (v *Var) Membership(x float64) float64 {
	if x != x {
		return math.NaN()
	}
	m := 0.0
	maxMin := v.Aggregation == Maximum
	for _, a := range v.acts {
		if maxMin && a.impl == Minimum && a.degree <= m {
			continue // min(μ, degree) cannot raise the maximum
		}
		m = v.Aggregation.Compute(m, a.impl.Compute(v.Terms[a.term].Membership(x), a.degree))
	}
	return m
}

// Inputs returns the input variables in order.
func (e *Engine) Inputs() []*Var { return e.inputs }

// Outputs returns the output variables in order.
func (e *Engine) Outputs() []*Var { return e.outputs }

// Blocks returns the rule blocks in order.
func (e *Engine) Blocks() []*Block { return e.blocks }

// Variable returns the named input or output variable, or nil.
func (e *Engine) Variable(name string) *Var {
	if v := e.Input(name); v != nil {
		return v
	}
	return e.Output(name)
}

// Input returns the named input variable, or nil.
func (e *Engine) Input(name string) *Var {
	for _, v := range e.inputs {
		if v.Name == name {
			return v
		}
	}
	return nil
}

// Output returns the named output variable, or nil.
func (e *Engine) Output(name string) *Var {
	for _, v := range e.outputs {
		if v.Name == name {
			return v
		}
	}
	return nil
}

// Restart sets every input to NaN and clears every output's value,
// previous value and fuzzy output.
func (e *Engine) Restart() {
	for _, v := range e.inputs {
		v.value = math.NaN()
	}
	for _, v := range e.outputs {
		v.value, v.previous = math.NaN(), math.NaN()
		v.acts = v.acts[:0]
	}
}

// Process evaluates the engine as fuzzylite 6 does: it clears the fuzzy
// outputs, activates the enabled rule blocks in order (a rule may test an
// output concluded by an earlier rule, through its activation degree),
// then defuzzifies every enabled output in order. An output that no rule
// concluded keeps its previous value when LockPrevious is set and it has
// one, and takes Default otherwise. It allocates nothing.
func (e *Engine) Process() {
	e.activateRules()
	for _, v := range e.outputs {
		v.defuzzify()
	}
}

// activateRules clears the fuzzy outputs and runs the enabled blocks.
func (e *Engine) activateRules() {
	for _, v := range e.outputs {
		v.acts = v.acts[:0]
	}
	for _, b := range e.blocks {
		if b.Enabled {
			b.activate()
		}
	}
}

func (v *Var) defuzzify() {
	if !v.Enabled {
		return
	}
	if !math.IsNaN(v.value) && !math.IsInf(v.value, 0) {
		v.previous = v.value
	}
	var r float64
	if len(v.acts) > 0 && v.Defuzzifier.Kind != DefNone {
		r = v.Defuzzifier.defuzzify(v)
	} else if v.LockPrevious && !math.IsNaN(v.previous) {
		r = v.previous
	} else {
		r = v.Default
	}
	v.SetValue(r)
}

// Clone returns an independent copy of the engine with its current state.
func (e *Engine) Clone() *Engine {
	c := &Engine{Name: e.Name, Description: e.Description, fireAny: e.fireAny,
		stack: make([]float64, len(e.stack)), order: make([]int32, len(e.order))}
	cv := func(v *Var) *Var {
		n := *v
		n.e = c
		n.Terms = append([]Term(nil), v.Terms...)
		for i := range n.Terms {
			t := &n.Terms[i]
			t.Params = append([]float64(nil), t.Params...)
			t.e = c
			if t.fn != nil {
				t.fn = t.fn.clone()
			}
		}
		n.acts = append(make([]activated, 0, cap(v.acts)), v.acts...)
		return &n
	}
	for _, v := range e.inputs {
		c.inputs = append(c.inputs, cv(v))
	}
	for _, v := range e.outputs {
		c.outputs = append(c.outputs, cv(v))
	}
	for _, b := range e.blocks {
		nb := *b
		nb.e = c
		nb.Rules = make([]*Rule, len(b.Rules))
		for i, r := range b.Rules {
			nr := *r
			nb.Rules[i] = &nr // programs are read-only and shared
		}
		c.blocks = append(c.blocks, &nb)
	}
	return c
}

// Block is a rule block of an [Engine].
type Block struct {
	e           *Engine
	Name        string
	Description string
	Enabled     bool
	Conjunction TNorm // and
	Disjunction SNorm // or
	Implication TNorm // how a rule's degree shapes its conclusions' terms
	Activation  Activation
	// Rules are read by ParseFLL; their weights and enabled flags may be
	// changed, their programs not.
	Rules []*Rule
}

// ActivationKind is how a rule block chooses the rules that fire.
type ActivationKind uint8

// The activation methods of fuzzylite.
const (
	// General fires every rule whose degree is above 0.
	General ActivationKind = iota + 1
	// Highest fires the Rules rules of highest degree (ties: earlier first).
	Highest
	// Lowest fires the Rules rules of lowest degree above 0.
	Lowest
	// Proportional divides each rule's degree by the sum of all before
	// firing.
	Proportional
	// Threshold fires the rules whose degree compares (Comparison) true
	// with Threshold.
	Threshold
	// First fires the first Rules rules, in order, whose degree is at
	// least Threshold.
	First
	// Last fires the last Rules rules, in reverse order, whose degree is
	// at least Threshold.
	Last
	numActivations
)

var activationNames = [numActivations]string{"", "General", "Highest", "Lowest", "Proportional", "Threshold", "First", "Last"}

// String returns the method's name.
func (k ActivationKind) String() string {
	if k > 0 && k < numActivations {
		return activationNames[k]
	}
	return "invalid"
}

// Activation is a rule block's activation method and its parameters.
type Activation struct {
	Kind       ActivationKind
	Rules      int     // Highest, Lowest, First, Last
	Threshold  float64 // Threshold, First, Last
	Comparison string  // Threshold: <, <=, ==, !=, >=, >
}

// Rule is a rule of a [Block]: "if antecedent then conclusions [with
// weight]".
type Rule struct {
	// Text is the rule as read up to "with", white space normalised;
	// Engine.FLL writes it followed by "with Weight" unless Weight is 1.
	Text    string
	Weight  float64
	Enabled bool
	ante    []aop
	cons    []conclusion
	degree  float64
}

// Degree returns the rule's activation degree from the last Process.
func (r *Rule) Degree() float64 { return r.degree }

type aopKind uint8

const (
	aProp aopKind = iota
	aAnd
	aOr
	aHedge // a hedge before a parenthesised antecedent
)

type aop struct {
	kind   aopKind
	out    bool
	v      int32
	term   int32 // -1: any
	hedges []Hedge
}

type conclusion struct {
	v      int32 // output index
	term   int32
	hedges []Hedge
}

func (b *Block) activate() {
	e := b.e
	rules := b.Rules
	a := &b.Activation
	// As fuzzylite, Highest, Lowest and Proportional compute every degree
	// before firing any rule; the others fire each rule as they reach it,
	// so a later rule sees the conclusions of earlier ones.
	switch a.Kind {
	case Highest, Lowest, Proportional:
		for _, r := range rules {
			r.degree = r.Weight * e.antecedent(b, r.ante)
		}
	}
	switch a.Kind {
	case Highest, Lowest:
		// fuzzylite keeps the candidates in a std::priority_queue; the
		// heap below makes the same moves as libstdc++'s, so rules of
		// equal degree fire in the same order as fuzzylite built by GCC.
		less := func(x, y int32) bool {
			if a.Kind == Highest {
				return rules[x].degree < rules[y].degree
			}
			return rules[x].degree > rules[y].degree
		}
		h := e.order[:0]
		for i, r := range rules {
			if isGt(r.degree, 0) {
				h = append(h, int32(i))
				heapUp(h, len(h)-1, 0, int32(i), less)
			}
		}
		for n := 0; n < a.Rules && len(h) > 0; n++ {
			b.trigger(rules[h[0]])
			last := len(h) - 1
			if last > 0 {
				v := h[last]
				h[last] = h[0]
				heapAdjust(h[:last], 0, v, less)
			}
			h = h[:last]
		}
	case Proportional:
		sum := 0.0
		for _, r := range rules {
			sum += r.degree
		}
		for _, r := range rules {
			r.degree /= sum
			if math.IsNaN(r.degree) {
				r.degree = 0
			}
			b.trigger(r)
		}
	case Threshold:
		for _, r := range rules {
			r.degree = r.Weight * e.antecedent(b, r.ante)
			if compare(a.Comparison, r.degree, a.Threshold) {
				b.trigger(r)
			}
		}
	case First, Last:
		n := 0
		for i := range rules {
			r := rules[i]
			if a.Kind == Last {
				r = rules[len(rules)-1-i]
			}
			r.degree = r.Weight * e.antecedent(b, r.ante)
			if n < a.Rules && isGt(r.degree, 0) && isGE(r.degree, a.Threshold) {
				b.trigger(r)
				n++
			}
		}
	default:
		for _, r := range rules {
			r.degree = r.Weight * e.antecedent(b, r.ante)
			b.trigger(r)
		}
	}
}

func compare(op string, a, b float64) bool {
	switch op {
	case "<":
		return isLt(a, b)
	case "<=":
		return isLE(a, b)
	case "==":
		return isEq(a, b)
	case "!=":
		return !isEq(a, b)
	case ">":
		return isGt(a, b)
	}
	return isGE(a, b)
}

func (b *Block) trigger(r *Rule) {
	if !r.Enabled || !isGt(r.degree, 0) && !(b.e.fireAny && r.degree > 0) {
		return
	}
	d := r.degree
	for i := range r.cons {
		c := &r.cons[i]
		v := b.e.outputs[c.v]
		if !v.Enabled {
			continue
		}
		// As fuzzylite, the hedges of a conclusion carry over to the
		// conclusions after it.
		for j := len(c.hedges) - 1; j >= 0; j-- {
			d = c.hedges[j].Apply(d)
		}
		v.acts = append(v.acts, activated{term: c.term, degree: d, impl: b.Implication})
	}
}

func (e *Engine) antecedent(b *Block, prog []aop) float64 {
	st := e.stack
	sp := 0
	for i := range prog {
		o := &prog[i]
		switch o.kind {
		case aAnd:
			st[sp-2] = b.Conjunction.Compute(st[sp-2], st[sp-1])
			sp--
		case aOr:
			st[sp-2] = b.Disjunction.Compute(st[sp-2], st[sp-1])
			sp--
		case aHedge:
			st[sp-1] = o.hedges[0].Apply(st[sp-1])
		default:
			st[sp] = e.proposition(o)
			sp++
		}
	}
	return st[0]
}

func (e *Engine) proposition(o *aop) float64 {
	var v *Var
	if o.out {
		v = e.outputs[o.v]
	} else {
		v = e.inputs[o.v]
	}
	if !v.Enabled {
		return 0
	}
	h := o.hedges
	var r float64
	switch {
	case o.term < 0: // ends with any
		r = 1
		h = h[:len(h)-1]
	case o.out:
		r = v.ActivationDegree(int(o.term))
	default:
		r = v.Terms[o.term].Membership(v.value)
	}
	for j := len(h) - 1; j >= 0; j-- {
		r = h[j].Apply(r)
	}
	return r
}

// DefuzzKind is a defuzzification method.
type DefuzzKind uint8

// The defuzzifiers of fuzzylite. The integral ones sample the aggregated
// fuzzy output at Resolution midpoints of the variable's range, as
// fuzzylite 6; the weighted ones combine the activated terms directly.
const (
	DefNone DefuzzKind = iota
	// DefCentroid: Σ x·μ(x) / Σ μ(x) over the samples.
	DefCentroid
	// DefBisector: the x splitting the area in two, found by adding
	// samples alternately from both ends to the smaller side.
	DefBisector
	// DefMeanOfMaximum: the middle of the first plateau of highest μ, as
	// in fuzzylite 6 and the reference datasets in fuzzylite's examples.
	// fuzzylite 7.0 averages every sample of highest μ instead: the two
	// differ only when separate plateaus reach exactly the same height
	// (its Laundry engine, 44 of 1,024 rows).
	DefMeanOfMaximum
	// DefSmallestOfMaximum: the first sample of highest μ.
	DefSmallestOfMaximum
	// DefLargestOfMaximum: the last sample of highest μ.
	DefLargestOfMaximum
	// DefWeightedAverage: Σ wᵢ·zᵢ / Σ wᵢ over the activated terms, wᵢ the
	// degree and zᵢ the term's value: its membership at wᵢ
	// (Takagi-Sugeno: Constant, Linear, Function) or the x where its
	// membership is wᵢ (Tsukamoto: Ramp, Sigmoid, SShape, ZShape, Concave).
	DefWeightedAverage
	// DefWeightedSum: Σ wᵢ·zᵢ.
	DefWeightedSum
	numDefuzz
)

var defuzzNames = [numDefuzz]string{"none", "Centroid", "Bisector", "MeanOfMaximum",
	"SmallestOfMaximum", "LargestOfMaximum", "WeightedAverage", "WeightedSum"}

// String returns the defuzzifier's name.
func (k DefuzzKind) String() string {
	if k < numDefuzz {
		return defuzzNames[k]
	}
	return "invalid"
}

// WeightedType chooses how a weighted defuzzifier reads the terms.
type WeightedType uint8

// Automatic infers the type from the first activated term: TakagiSugeno
// for Constant, Linear and Function, Tsukamoto otherwise.
const (
	Automatic WeightedType = iota
	TakagiSugeno
	Tsukamoto
)

var weightedNames = [...]string{"Automatic", "TakagiSugeno", "Tsukamoto"}

// String returns the type's name.
func (t WeightedType) String() string {
	if int(t) < len(weightedNames) {
		return weightedNames[t]
	}
	return "invalid"
}

// Defuzzifier is an output variable's defuzzification method.
type Defuzzifier struct {
	Kind       DefuzzKind
	Resolution int          // integral methods; 1000 unless given
	Type       WeightedType // weighted methods
}

// DefaultResolution is the resolution of an integral defuzzifier given
// without one.
const DefaultResolution = 1000

func (d *Defuzzifier) defuzzify(v *Var) float64 {
	lo, hi := v.Min, v.Max
	if d.Kind >= DefWeightedAverage {
		return d.weighted(v)
	}
	if math.IsNaN(lo+hi) || math.IsInf(lo+hi, 0) {
		return math.NaN()
	}
	n := d.Resolution
	if n <= 0 {
		n = DefaultResolution
	}
	dx := (hi - lo) / float64(n)
	switch d.Kind {
	case DefCentroid:
		var area, cx float64
		for i := 0; i < n; i++ {
			x := lo + (float64(i)+0.5)*dx
			y := v.Membership(x)
			cx += y * x
			area += y
		}
		return cx / area
	case DefBisector:
		left, right := 0, 0
		var la, ra float64
		xl, xr := lo, hi
		for k := 0; k < n; k++ {
			if isLE(la, ra) {
				xl = lo + (float64(left)+0.5)*dx
				la += v.Membership(xl)
				left++
			} else {
				xr = hi - (float64(right)+0.5)*dx
				ra += v.Membership(xr)
				right++
			}
		}
		return (la*xr + ra*xl) / (la + ra)
	case DefMeanOfMaximum:
		ymax, xs, xl := -1.0, lo, hi
		same := false
		for i := 0; i < n; i++ {
			x := lo + (float64(i)+0.5)*dx
			y := v.Membership(x)
			switch {
			case isGt(y, ymax):
				ymax, xs, xl, same = y, x, x, true
			case same && isEq(y, ymax):
				xl = x
			case isLt(y, ymax):
				same = false
			}
		}
		return 0.5 * (xl + xs)
	case DefSmallestOfMaximum:
		ymax, xs := -1.0, lo
		for i := 0; i < n; i++ {
			x := lo + (float64(i)+0.5)*dx
			if y := v.Membership(x); isGt(y, ymax) {
				ymax, xs = y, x
			}
		}
		return xs
	case DefLargestOfMaximum:
		ymax, xl := -1.0, hi
		for i := 0; i < n; i++ {
			x := lo + (float64(i)+0.5)*dx
			if y := v.Membership(x); isGE(y, ymax) {
				ymax, xl = y, x
			}
		}
		return xl
	}
	return math.NaN()
}

func (d *Defuzzifier) weighted(v *Var) float64 {
	typ := d.Type
	if typ == Automatic {
		switch v.Terms[v.acts[0].term].Kind {
		case KindConstant, KindLinear, KindFunction:
			typ = TakagiSugeno
		default:
			typ = Tsukamoto
		}
	}
	var sum, weights float64
	for _, a := range v.acts {
		t := &v.Terms[a.term]
		w := a.degree
		var z float64
		if typ == TakagiSugeno {
			z = t.Membership(w)
		} else {
			z = t.tsukamoto(w)
		}
		sum += w * z
		weights += w
	}
	if d.Kind == DefWeightedSum {
		return sum
	}
	return sum / weights
}

// heapUp and heapAdjust are the sift-up and sift-down of libstdc++'s
// push_heap and pop_heap on a max-heap ordered by less.
func heapUp(h []int32, hole, top int, v int32, less func(x, y int32) bool) {
	parent := (hole - 1) / 2
	for hole > top && less(h[parent], v) {
		h[hole] = h[parent]
		hole = parent
		parent = (hole - 1) / 2
	}
	h[hole] = v
}

func heapAdjust(h []int32, hole int, v int32, less func(x, y int32) bool) {
	n := len(h)
	top, child := hole, hole
	for child < (n-1)/2 {
		child = 2 * (child + 1)
		if less(h[child], h[child-1]) {
			child--
		}
		h[hole] = h[child]
		hole = child
	}
	if n&1 == 0 && child == (n-2)/2 {
		child = 2 * (child + 1)
		h[hole] = h[child-1]
		hole = child - 1
	}
	heapUp(h, hole, top, v, less)
}
