package fuzzy

import (
	"diorama/internal/loadutil"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"strconv"
	"strings"
)

// Limits on what ParseFLL accepts.
const (
	MaxFLLBytes    = 4 << 20
	MaxTermParams  = 1 << 16
	MaxRuleTokens  = 1 << 12
	MaxEngineRules = 1 << 16
	MaxResolution  = 1 << 20
)

// Error is an error in FuzzyLite Language or compact text ([Parse]),
// the engine's one positioned reader error: the source name (File; ""
// for [Parse]), the 1-based line and what was expected there. It reads
// "name:line: msg", or "line N: msg" when the source has no name. Kind is
// [ErrSyntax], or [ErrLimit] for a source, a count or a Process cost over
// the package's limits, matched with errors.Is.
type Error = loadutil.Error

// Error kinds, matched with errors.Is on a parse error; the same values
// as every other reader's.
var (
	ErrSyntax = loadutil.ErrSyntax
	ErrLimit  = loadutil.ErrLimit
)

// LoadFLL reads the engine in file path of fsys; errors name the path.
func LoadFLL(fsys fs.FS, path string) (*Engine, error) {
	b, err := readFile(fsys, path)
	if err != nil {
		return nil, err
	}
	return ParseFLL(path, string(b))
}

// readFile reads a regular file only, through the size limit (a pipe or
// a device is refused before it is opened).
func readFile(fsys fs.FS, path string) ([]byte, error) {
	b, err := loadutil.ReadFile(fsys, path, MaxFLLBytes)
	if errors.Is(err, loadutil.ErrLimit) {
		return nil, &Error{File: path, Msg: fmt.Sprintf("larger than %d bytes", MaxFLLBytes), Kind: ErrLimit}
	}
	return b, err
}

// ParseFLL reads an engine in the FuzzyLite Language; name (a file name)
// prefixes errors, which are [*Error]s. The language is a sequence
// of "key: value" lines, "#" starting a comment:
//
//	Engine: NAME
//	description: TEXT
//	InputVariable: NAME
//	  description, enabled: BOOL, range: MIN MAX, lock-range: BOOL,
//	  term: NAME CLASS PARAMETERS... (see [TermKind])
//	OutputVariable: NAME
//	  as InputVariable, and aggregation: SNORM|none,
//	  defuzzifier: CLASS [RESOLUTION|TYPE] | none, default: NUMBER|nan,
//	  lock-previous: BOOL
//	RuleBlock: NAME
//	  description, enabled, conjunction: TNORM|none, disjunction: SNORM|none,
//	  implication: TNORM|none, activation: METHOD [PARAMETERS],
//	  rule: if ANTECEDENT then CONCLUSIONS [with WEIGHT]
//
// An antecedent combines propositions "VARIABLE is [HEDGE...] TERM" (or
// "VARIABLE is [HEDGE...] any") with and, or (and binds tighter) and
// parentheses; it may test output variables concluded by earlier rules.
// As an extension (the compact format's, see [Parse]), hedges other than
// any may also precede a proposition or a parenthesised antecedent:
// "not (a is x or b is y)". fuzzylite rejects such rules; for text it
// must read, move the hedges after "is" (with Minimum and Maximum,
// "a is not x and b is not y" is exactly the same rule).
// Conclusions are "OUTPUT is [HEDGE...] TERM" joined by and. Hedges: not,
// somewhat, very, seldom, extremely, any. Function terms take a formula
// of numbers, variables (x is the value being evaluated), the operators
// ! ~ ^ * / % + - and or with parentheses, and the functions of
// fuzzylite (sin, cos, exp, log, fabs, min, max, pow, ...).
//
// Unlike fuzzylite, which skips a rule it cannot read, ParseFLL rejects
// the engine: a bad rule, an and without conjunction, an or without
// disjunction, an unknown variable in a formula, are all errors.
func ParseFLL(name, src string) (*Engine, error) {
	if len(src) > MaxFLLBytes {
		return nil, &Error{File: name, Kind: ErrLimit, Msg: fmt.Sprintf("larger than %d bytes", MaxFLLBytes)}
	}
	p := fllParser{name: name, e: &Engine{}}
	if err := p.parse(src); err != nil {
		return nil, err
	}
	return p.e, nil
}

// fllParser reads both text formats: the FuzzyLite Language into an
// Engine, and the compact format of Parse (m != nil) into a Module's
// engine, its statements being aliases of FLL keys (see statement).
type fllParser struct {
	name  string
	e     *Engine
	line  int
	v     *Var
	b     *Block
	fnLoc []fnLoc // Function terms to resolve at the end

	m  *Module    // compact format: the module being read (e is m.e)
	mv *Variable  // compact format: the variable sets go to
	mb *RuleBlock // compact format: the block rules go to
}

type fnLoc struct {
	line int
	out  bool
	vi   int
	ti   int
}

func (p *fllParser) errf(format string, args ...any) error {
	return &Error{File: p.name, Line: p.line, Msg: fmt.Sprintf(format, args...), Kind: ErrSyntax}
}

// limitf is errf for a count over one of the package's limits.
func (p *fllParser) limitf(format string, args ...any) error {
	return &Error{File: p.name, Line: p.line, Msg: fmt.Sprintf(format, args...), Kind: ErrLimit}
}

func (p *fllParser) parse(src string) error {
	e := p.e
	for rest := src; len(rest) > 0; {
		p.line++
		var line string
		if i := strings.IndexByte(rest, '\n'); i >= 0 {
			line, rest = rest[:i], rest[i+1:]
		} else {
			line, rest = rest, ""
		}
		if err := loadutil.CheckText(line); err != nil {
			return p.errf("%v", err)
		}
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		if p.m != nil {
			if err := p.statement(line); err != nil {
				return err
			}
			continue
		}
		colon := strings.IndexByte(line, ':')
		if colon < 0 {
			return p.errf("expected \"key: value\", found %q", clip(line))
		}
		key, val := strings.TrimSpace(line[:colon]), strings.TrimSpace(line[colon+1:])
		var err error
		switch key {
		case "Engine": // anywhere, as fuzzylite's importer takes it; the last one names the engine
			e.Name = val
		case "InputVariable", "OutputVariable":
			p.b = nil // rules can only refer to variables declared before them
			err = p.variable(key == "OutputVariable", val)
		case "RuleBlock":
			p.v = nil
			p.b = &Block{e: e, Name: val, Enabled: true, Conjunction: TNone, Disjunction: SNone,
				Implication: TNone, Activation: Activation{Kind: General}}
			e.blocks = append(e.blocks, p.b)
		case "description":
			switch {
			case p.b != nil:
				p.b.Description = val
			case p.v != nil:
				p.v.Description = val
			default:
				e.Description = val
			}
		default:
			switch {
			case p.b != nil:
				err = p.blockKey(key, val)
			case p.v != nil:
				err = p.varKey(key, val)
			default:
				return p.errf("expected Engine, InputVariable, OutputVariable or RuleBlock, found %q", clip(key))
			}
		}
		if err != nil {
			return err
		}
	}
	if p.m != nil {
		if len(p.m.vars) == 0 {
			return p.errf("no variables defined")
		}
		return nil
	}
	return p.finish()
}

func clip(s string) string {
	if len(s) > 60 {
		return s[:60] + "..."
	}
	return s
}

// validName keeps the characters fuzzylite keeps in names (letters,
// digits, _ and .), "unnamed" if none.
func fllName(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '_' || c == '.' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' {
			b.WriteByte(c)
		}
	}
	if b.Len() == 0 {
		return "unnamed"
	}
	return b.String()
}

func (p *fllParser) variable(output bool, name string) error {
	e := p.e
	// A name may repeat, as fuzzylite allows: lookups by name (rules,
	// Input, Output) find the first variable of that name.
	name = fllName(name)
	if len(e.inputs)+len(e.outputs) >= MaxVariables {
		return p.limitf("more than %d variables", MaxVariables)
	}
	v := &Var{e: e, Name: name, Enabled: true, Min: math.Inf(-1), Max: math.Inf(1),
		output: output, value: math.NaN(), Default: math.NaN(), previous: math.NaN()}
	if output {
		v.index = int32(len(e.outputs))
		e.outputs = append(e.outputs, v)
	} else {
		v.index = int32(len(e.inputs))
		e.inputs = append(e.inputs, v)
	}
	p.v = v
	return nil
}

// parseNumber reads a number as fuzzylite does, with nan, inf and -inf.
func parseNumber(s string) (float64, bool) {
	switch s {
	case "nan", "NaN":
		return math.NaN(), true
	case "inf", "+inf", "Inf":
		return math.Inf(1), true
	case "-inf", "-Inf":
		return math.Inf(-1), true
	}
	if s == "" || strings.ContainsAny(s, "_xXpPnNiI") {
		return 0, false
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return 0, false
	}
	return v, true
}

func parseBool(s string) (bool, bool) {
	switch s {
	case "true":
		return true, true
	case "false":
		return false, true
	}
	return false, false
}

func (p *fllParser) varKey(key, val string) error {
	v := p.v
	switch key {
	case "enabled", "lock-range", "lock-previous", "lock-valid":
		b, ok := parseBool(val)
		if !ok {
			return p.errf("%s: expected true or false, found %q", key, clip(val))
		}
		switch key {
		case "enabled":
			v.Enabled = b
		case "lock-range":
			v.LockRange = b
		default:
			if !v.output {
				return p.errf("%s is for output variables", key)
			}
			v.LockPrevious = b
		}
		return nil
	case "range":
		f := strings.Fields(val)
		if len(f) != 2 {
			return p.errf("range: expected MIN MAX, found %q", clip(val))
		}
		lo, ok1 := parseNumber(f[0])
		hi, ok2 := parseNumber(f[1])
		if !ok1 || !ok2 {
			return p.errf("range: expected two numbers, found %q", clip(val))
		}
		v.Min, v.Max = lo, hi
		return nil
	case "term":
		return p.term(val)
	}
	if !v.output {
		return p.errf("unknown key %q in InputVariable (description, enabled, range, lock-range, term)", clip(key))
	}
	switch key {
	case "default":
		x, ok := parseNumber(val)
		if !ok {
			return p.errf("default: expected a number or nan, found %q", clip(val))
		}
		v.Default = x
	case "aggregation", "accumulation":
		s, ok := snormByName(val)
		if !ok {
			return p.errf("%s: expected an s-norm or none, found %q", key, clip(val))
		}
		v.Aggregation = s
	case "defuzzifier":
		d, err := parseDefuzzifier(val)
		if err != nil {
			return p.errf("defuzzifier: %v", err)
		}
		v.Defuzzifier = d
	default:
		return p.errf("unknown key %q in OutputVariable", clip(key))
	}
	return nil
}

func snormByName(s string) (SNorm, bool) {
	for n := SNone; n < numSNorms; n++ {
		if snormNames[n] == s {
			return n, true
		}
	}
	return 0, false
}

func tnormByName(s string) (TNorm, bool) {
	for n := TNone; n < numTNorms; n++ {
		if tnormNames[n] == s {
			return n, true
		}
	}
	return 0, false
}

func parseDefuzzifier(val string) (Defuzzifier, error) {
	f := strings.Fields(val)
	if len(f) == 0 {
		return Defuzzifier{}, fmt.Errorf("expected a defuzzifier or none")
	}
	k := DefuzzKind(0)
	for ; k < numDefuzz; k++ {
		if defuzzNames[k] == f[0] {
			break
		}
	}
	if k == numDefuzz {
		return Defuzzifier{}, fmt.Errorf("unknown defuzzifier %q (Centroid, Bisector, MeanOfMaximum, SmallestOfMaximum, LargestOfMaximum, WeightedAverage, WeightedSum, none)", clip(f[0]))
	}
	d := Defuzzifier{Kind: k, Resolution: DefaultResolution}
	if k == DefNone && len(f) > 1 {
		return d, fmt.Errorf("unexpected %q after %s", clip(f[len(f)-1]), k)
	}
	if len(f) >= 2 { // fuzzylite reads the first parameter and ignores the rest
		if k >= DefWeightedAverage {
			t := -1
			for i, n := range weightedNames {
				if n == f[1] {
					t = i
				}
			}
			if t < 0 {
				return d, fmt.Errorf("expected Automatic, TakagiSugeno or Tsukamoto, found %q", clip(f[1]))
			}
			d.Type = WeightedType(t)
		} else {
			// Any number, truncated as fuzzylite's (int) cast does: "100",
			// "100.0" and "1e2" are 100.
			x, ok := parseNumber(f[1])
			if !ok || !(x >= 1 && x < MaxResolution+1) {
				return d, fmt.Errorf("expected a resolution from 1 to %d, found %q", MaxResolution, clip(f[1]))
			}
			d.Resolution = int(x)
		}
	}
	return d, nil
}

// fllParams applies fuzzylite's Term::configure to a term's parameters:
// none leave the term's defaults (NaN parameters, height 1; an empty
// Discrete), and parameters past the height are ignored.
func fllParams(k TermKind, ps []float64) []float64 {
	n := kindParams[k]
	switch {
	case k == KindConstant && len(ps) == 0:
		return []float64{math.NaN()}
	case n < 0 || k == KindConstant: // Discrete, Linear: their own counts
		return ps
	case len(ps) == 0:
		ps = make([]float64, n)
		for i := range ps {
			ps[i] = math.NaN()
		}
		return ps
	case len(ps) > n+1:
		return ps[:n+1]
	}
	return ps
}

func (p *fllParser) term(val string) error {
	v := p.v
	f := strings.Fields(val)
	if len(f) < 2 {
		return p.errf("term: expected NAME CLASS PARAMETERS..., found %q", clip(val))
	}
	if len(v.Terms) >= MaxSets {
		return p.limitf("more than %d terms in %s", MaxSets, v.Name)
	}
	// As fuzzylite, a name may repeat; rules refer to the first term of
	// that name.
	name := fllName(f[0])
	k := kindByName(f[1])
	if k == 0 {
		return p.errf("term %s: unknown class %q", name, clip(f[1]))
	}
	var t Term
	if k == KindFunction {
		t = Term{Name: name, Kind: k, Height: 1, Formula: strings.Join(f[2:], " ")}
		fn, err := compileFormula(t.Formula)
		if err != nil {
			return p.errf("term %s: %v", name, err)
		}
		t.fn = fn
		p.fnLoc = append(p.fnLoc, fnLoc{line: p.line, out: v.output, vi: int(v.index), ti: len(v.Terms)})
	} else {
		if len(f)-2 > MaxTermParams {
			return p.limitf("term %s: more than %d parameters", name, MaxTermParams)
		}
		ps := make([]float64, len(f)-2)
		for i, s := range f[2:] {
			x, ok := parseNumber(s)
			if !ok {
				return p.errf("term %s: parameter %d: expected a number, found %q", name, i+1, clip(s))
			}
			ps[i] = x
		}
		ps = fllParams(k, ps)
		var err error
		t, err = newTerm(name, k, ps)
		if err != nil {
			return p.errf("term %s: %v", name, err)
		}
	}
	t.e = p.e
	v.Terms = append(v.Terms, t)
	return nil
}

func (p *fllParser) blockKey(key, val string) error {
	b := p.b
	switch key {
	case "enabled":
		x, ok := parseBool(val)
		if !ok {
			return p.errf("enabled: expected true or false, found %q", clip(val))
		}
		b.Enabled = x
	case "conjunction", "implication":
		t, ok := tnormByName(val)
		if !ok {
			return p.errf("%s: expected a t-norm or none, found %q", key, clip(val))
		}
		if key == "conjunction" {
			b.Conjunction = t
		} else {
			b.Implication = t
		}
	case "disjunction":
		s, ok := snormByName(val)
		if !ok {
			return p.errf("disjunction: expected an s-norm or none, found %q", clip(val))
		}
		b.Disjunction = s
	case "activation":
		if t, ok := tnormByName(val); ok && t != TNone { // fuzzylite 5: activation was the implication
			b.Implication = t
			return nil
		}
		a, err := parseActivation(val)
		if err != nil {
			return p.errf("activation: %v", err)
		}
		b.Activation = a
	case "rule":
		n := 0
		for _, bb := range p.e.blocks {
			n += len(bb.Rules)
		}
		if n >= MaxEngineRules {
			return p.limitf("more than %d rules", MaxEngineRules)
		}
		r, err := p.rule(val)
		if err != nil {
			return p.errf("rule: %v", err)
		}
		b.Rules = append(b.Rules, r)
	default:
		return p.errf("unknown key %q in RuleBlock", clip(key))
	}
	return nil
}

func parseActivation(val string) (Activation, error) {
	f := strings.Fields(val)
	a := Activation{Kind: General, Rules: 1, Comparison: ">="}
	if len(f) == 0 || f[0] == "none" {
		return a, nil
	}
	k := ActivationKind(1)
	for ; k < numActivations; k++ {
		if activationNames[k] == f[0] {
			break
		}
	}
	if k == numActivations {
		return a, fmt.Errorf("unknown method %q (General, Highest, Lowest, Proportional, Threshold, First, Last)", clip(f[0]))
	}
	a.Kind = k
	args := f[1:]
	num := func(s string) (float64, error) {
		x, ok := parseNumber(s)
		if !ok {
			return 0, fmt.Errorf("%s: expected a number, found %q", k, clip(s))
		}
		return x, nil
	}
	count := func(s string) (int, error) {
		x, err := num(s)
		if err != nil {
			return 0, err
		}
		if !(x >= 0 && x <= MaxEngineRules) {
			return 0, fmt.Errorf("%s: number of rules %q out of range", k, clip(s))
		}
		return int(x), nil
	}
	var err error
	switch k {
	case General, Proportional:
		if len(args) > 0 {
			return a, fmt.Errorf("%s takes no parameters", k)
		}
	case Highest, Lowest:
		if len(args) > 1 {
			return a, fmt.Errorf("%s takes one parameter, the number of rules", k)
		}
		if len(args) == 1 {
			a.Rules, err = count(args[0])
		}
	case First, Last:
		a.Threshold = 0
		if len(args) != 0 && len(args) != 2 {
			return a, fmt.Errorf("%s takes two parameters, the number of rules and the threshold", k)
		}
		if len(args) == 2 {
			if a.Rules, err = count(args[0]); err == nil {
				a.Threshold, err = num(args[1])
			}
		}
	case Threshold:
		if len(args) != 0 && len(args) != 2 {
			return a, fmt.Errorf("Threshold takes two parameters, a comparison and the threshold")
		}
		if len(args) == 2 {
			switch args[0] {
			case "<", "<=", "==", "!=", ">=", ">":
				a.Comparison = args[0]
			default:
				return a, fmt.Errorf("Threshold: expected <, <=, ==, !=, >= or >, found %q", clip(args[0]))
			}
			a.Threshold, err = num(args[1])
		}
	}
	return a, err
}

// rule reads "if ANTECEDENT then CONCLUSIONS [with WEIGHT]".
func (p *fllParser) rule(text string) (*Rule, error) {
	text = strings.ReplaceAll(strings.ReplaceAll(text, "(", " ( "), ")", " ) ")
	toks := strings.Fields(text)
	if len(toks) > MaxRuleTokens {
		return nil, fmt.Errorf("more than %d words", MaxRuleTokens)
	}
	if len(toks) == 0 || toks[0] != "if" {
		return nil, fmt.Errorf("expected \"if\" at the start")
	}
	then := -1
	for i, t := range toks {
		if t == "then" {
			then = i
			break
		}
	}
	if then < 0 {
		return nil, fmt.Errorf("expected \"then\"")
	}
	cons := toks[then+1:]
	r := &Rule{Weight: 1, Enabled: true, Text: strings.Join(toks, " ")}
	for i, t := range cons {
		if t == "with" && p.m == nil {
			if i != len(cons)-2 {
				return nil, fmt.Errorf("expected one number after \"with\"")
			}
			w, ok := parseNumber(cons[i+1])
			if !ok {
				return nil, fmt.Errorf("expected a number as the weight, found %q", clip(cons[i+1]))
			}
			r.Weight = w
			cons = cons[:i]
			r.Text = strings.Join(toks[:then+1+i], " ")
			break
		}
	}
	ap := anteParser{p: p, toks: toks[1:then]}
	if len(ap.toks) == 0 {
		return nil, fmt.Errorf("empty antecedent")
	}
	if err := ap.or(0); err != nil {
		return nil, err
	}
	if ap.pos != len(ap.toks) {
		return nil, fmt.Errorf("expected and, or or then, found %q", clip(ap.toks[ap.pos]))
	}
	r.Text = strings.ReplaceAll(strings.ReplaceAll(r.Text, "( ", "("), " )", ")")
	r.ante = ap.prog
	// stack need: a postfix program of binary operators needs at most
	// its number of propositions.
	if n := len(r.ante); n > len(p.e.stack) {
		p.e.stack = make([]float64, n)
	}
	if err := p.conclusions(r, cons); err != nil {
		return nil, err
	}
	return r, nil
}

type anteParser struct {
	p    *fllParser
	toks []string
	pos  int
	prog []aop
}

func (a *anteParser) peek() string {
	if a.pos < len(a.toks) {
		return a.toks[a.pos]
	}
	return ""
}

func (a *anteParser) or(depth int) error {
	if depth > MaxExprDepth {
		return fmt.Errorf("antecedent nested deeper than %d", MaxExprDepth)
	}
	if err := a.and(depth); err != nil {
		return err
	}
	for a.peek() == "or" {
		a.pos++
		if err := a.and(depth); err != nil {
			return err
		}
		a.prog = append(a.prog, aop{kind: aOr})
	}
	return nil
}

func (a *anteParser) and(depth int) error {
	if err := a.factor(depth); err != nil {
		return err
	}
	for a.peek() == "and" {
		a.pos++
		if err := a.factor(depth); err != nil {
			return err
		}
		a.prog = append(a.prog, aop{kind: aAnd})
	}
	return nil
}

// hedge returns the hedge named t in the dialect being read: fuzzylite's
// hedges in FLL, not, very and fairly (= somewhat) in the compact format.
func (p *fllParser) hedge(t string) Hedge {
	if p.m == nil {
		return hedgeByName(t)
	}
	switch t {
	case "not":
		return HedgeNot
	case "very":
		return HedgeVery
	case "fairly":
		return HedgeSomewhat
	}
	return 0
}

// factor reads [HEDGE...] ( "(" ANTECEDENT ")" | PROPOSITION ).
func (a *anteParser) factor(depth int) error {
	if depth > MaxExprDepth {
		return fmt.Errorf("antecedent nested deeper than %d", MaxExprDepth)
	}
	t := a.peek()
	if h := a.p.hedge(t); h != 0 && h != HedgeAny && !(a.p.e.Variable(t) != nil && a.pos+1 < len(a.toks) && a.toks[a.pos+1] == "is") {
		a.pos++
		start := len(a.prog)
		if err := a.factor(depth + 1); err != nil {
			return err
		}
		a.prog = hedgeProgram(a.prog, start, h)
		return nil
	}
	if t == "(" {
		a.pos++
		if err := a.or(depth + 1); err != nil {
			return err
		}
		if a.peek() != ")" {
			return fmt.Errorf("expected \")\", found %q", orEnd(a.peek()))
		}
		a.pos++
		return nil
	}
	name := a.peek()
	v := a.p.e.Variable(name)
	if v == nil {
		return fmt.Errorf("expected a variable, found %q", orEnd(name))
	}
	if v.output && a.p.m != nil {
		return fmt.Errorf("output variable %q used in a condition", name)
	}
	a.pos++
	if a.peek() != "is" {
		return fmt.Errorf("expected \"is\" after %s, found %q", name, orEnd(a.peek()))
	}
	a.pos++
	o := aop{kind: aProp, out: v.output, v: v.index}
	for {
		t := a.peek()
		if h := a.p.hedge(t); h != 0 {
			a.pos++
			o.hedges = append(o.hedges, h)
			if h == HedgeAny {
				o.term = -1
				break
			}
			continue
		}
		i := v.Term(t)
		if i < 0 {
			return fmt.Errorf("expected a hedge or a term of %s, found %q", name, orEnd(t))
		}
		a.pos++
		o.term = int32(i)
		break
	}
	a.prog = append(a.prog, o)
	return nil
}

func orEnd(s string) string {
	if s == "" {
		return "end of rule"
	}
	return clip(s)
}

func (p *fllParser) conclusions(r *Rule, toks []string) error {
	i := 0
	for {
		if i >= len(toks) {
			return fmt.Errorf("expected an output variable after \"then\" or \"and\"")
		}
		v := p.e.Output(toks[i])
		if v == nil {
			if p.e.Input(toks[i]) != nil {
				return fmt.Errorf("expected an output variable, found the input %q", clip(toks[i]))
			}
			return fmt.Errorf("expected an output variable, found %q", clip(toks[i]))
		}
		i++
		if i >= len(toks) || toks[i] != "is" {
			return fmt.Errorf("expected \"is\" after %s", v.Name)
		}
		i++
		c := conclusion{v: v.index, term: -1}
		for i < len(toks) {
			if h := hedgeByName(toks[i]); h != 0 && h != HedgeAny && p.m == nil {
				c.hedges = append(c.hedges, h)
				i++
				continue
			}
			if t := v.Term(toks[i]); t >= 0 {
				c.term = int32(t)
				i++
			}
			break
		}
		if c.term < 0 {
			if i < len(toks) && p.m != nil {
				return fmt.Errorf("expected a term of %s, found %q", v.Name, clip(toks[i]))
			}
			if i < len(toks) {
				return fmt.Errorf("expected a hedge or a term of %s, found %q", v.Name, clip(toks[i]))
			}
			return fmt.Errorf("expected a term of %s", v.Name)
		}
		r.cons = append(r.cons, c)
		if i == len(toks) {
			return nil
		}
		if p.m != nil { // the compact format: one conclusion, no weight
			return fmt.Errorf("unexpected %q after the conclusion", clip(toks[i]))
		}
		if toks[i] != "and" {
			return fmt.Errorf("expected \"and\" or \"with\", found %q", clip(toks[i]))
		}
		i++
	}
}

// MaxProcessWork bounds the work of one [Engine.Process] of an engine
// [ParseFLL] accepts, counted from the engine before it is returned: every
// integral defuzzifier samples its output Resolution times, each sample
// computing the implication of every conclusion onto that output (a
// Function term's conclusion costing its formula's length); every rule
// condition on an output sums that output's conclusions; every rule
// costs its words. 2^22 is at most a quarter of a second (some 60 ns an
// evaluation: a triangle's membership, the implication, the
// aggregation); fuzzylite's examples stay far below it, while an engine of
// 65,536 rules at a resolution of 2^20 would need 2^36 and hang a game's
// tick for over an hour.
const MaxProcessWork = 1 << 22

// termCost is the work of one membership of t, in units of a simple
// term's.
func termCost(t *Term) int64 {
	if t.fn != nil {
		return 1 + int64(len(t.fn.prog))
	}
	return 1
}

// checkWork sizes each output's buffer of activations and refuses an
// engine whose Process would exceed MaxProcessWork (see there), naming
// the output or the rules that cost the most.
func (p *fllParser) checkWork() error {
	e := p.e
	concl := make([]int64, len(e.outputs)) // conclusions onto each output
	cost := make([]int64, len(e.outputs))  // their membership work
	var rules int64
	for _, b := range e.blocks {
		for _, r := range b.Rules {
			rules += int64(len(r.ante) + len(r.cons))
			for _, c := range r.cons {
				concl[c.v]++
				cost[c.v] += termCost(&e.outputs[c.v].Terms[c.term])
			}
		}
	}
	work := rules
	for _, b := range e.blocks {
		for _, r := range b.Rules {
			for _, o := range r.ante {
				if o.kind == aProp && o.out {
					work += concl[o.v]
				}
			}
		}
	}
	for i, v := range e.outputs {
		v.acts = make([]activated, 0, concl[i])
	}
	if work > MaxProcessWork {
		return &Error{File: p.name, Line: p.line, Kind: ErrLimit, Msg: fmt.Sprintf(
			"the rules' conditions on outputs cost %d evaluations a Process, over the limit of %d (MaxProcessWork)", work, MaxProcessWork)}
	}
	for i, v := range e.outputs {
		d := v.Defuzzifier
		if d.Kind == DefNone || d.Kind >= DefWeightedAverage || cost[i] == 0 {
			continue
		}
		n := int64(d.Resolution)
		if n <= 0 {
			n = DefaultResolution
		}
		if w := n * cost[i]; w > MaxProcessWork-work {
			return &Error{File: p.name, Line: p.line, Kind: ErrLimit, Msg: fmt.Sprintf(
				"OutputVariable %s: %s at resolution %d over %d conclusions costs %d evaluations a Process, over the limit of %d (MaxProcessWork): lower the resolution or the rules",
				v.Name, d.Kind, n, concl[i], w, MaxProcessWork)}
		} else {
			work += w
		}
	}
	return nil
}

// finish resolves formulas, checks that the rules have the operators
// they use and sizes the buffers Process needs.
func (p *fllParser) finish() error {
	e := p.e
	for _, l := range p.fnLoc {
		vs := e.inputs
		if l.out {
			vs = e.outputs
		}
		t := &vs[l.vi].Terms[l.ti]
		if err := t.fn.resolve(e); err != nil {
			p.line = l.line
			return p.errf("term %s: %v", t.Name, err)
		}
	}
	most := 0
	for _, b := range e.blocks {
		most = max(most, len(b.Rules))
		for i, r := range b.Rules {
			for _, o := range r.ante {
				if o.kind == aAnd && b.Conjunction == TNone {
					return &Error{File: p.name, Line: p.line, Kind: ErrSyntax, Msg: fmt.Sprintf("RuleBlock %q rule %d uses and, but the block has no conjunction", b.Name, i+1)}
				}
				if o.kind == aOr && b.Disjunction == SNone {
					return &Error{File: p.name, Line: p.line, Kind: ErrSyntax, Msg: fmt.Sprintf("RuleBlock %q rule %d uses or, but the block has no disjunction", b.Name, i+1)}
				}
			}
		}
	}
	// Sized once for every conclusion onto each output (growing the
	// buffer a conclusion at a time cost 65,536 rules 50 GB of garbage).
	if err := p.checkWork(); err != nil {
		return err
	}
	e.order = make([]int32, most)
	if len(e.stack) == 0 {
		e.stack = make([]float64, 1)
	}
	return nil
}
