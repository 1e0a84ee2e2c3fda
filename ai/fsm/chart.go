package fsm

import (
	"diorama/internal/loadutil"
	"fmt"
	"io/fs"
	"math"
	"strconv"
	"strings"
)

// Error is a chart definition error from [Registry.Parse] and
// [Registry.Load], the engine's one positioned reader error: the file
// (the name given to Parse, the path given to Load; "" for none), the
// 1-based line (0 when the whole source is at fault) and what is wrong.
// It reads "file:line: msg", or "line N: msg" without a name. Kind is
// [ErrSyntax], [ErrRef] (an unknown action, condition, state or
// machine; a name defined twice), [ErrInvalid] (arguments, an unusable
// registry) or [ErrLimit] (the source's size, nesting), matched with
// errors.Is.
type Error = loadutil.Error

// Error kinds, matched with errors.Is on a chart definition error; the
// same values as every other reader's.
var (
	ErrSyntax  = loadutil.ErrSyntax
	ErrInvalid = loadutil.ErrInvalid
	ErrRef     = loadutil.ErrRef
	ErrLimit   = loadutil.ErrLimit
)

// MaxSourceBytes is the largest text definition [Registry.Parse] and
// [Registry.Load] accept.
const MaxSourceBytes = 1 << 20

// ConditionFunc is a named condition of a chart: it reports whether it
// holds for agent a, with the arguments written after its name.
type ConditionFunc[A any] func(a A, args []float64) bool

// ActionFunc is a named action of a chart, run with the arguments written
// after its name. The args slice belongs to the chart: do not keep or
// change it.
type ActionFunc[A any] func(a A, args []float64)

// Registry maps the condition and action names a chart's text uses to
// the game's functions for agent type A. Register every name before
// loading charts; registration mistakes (an empty or duplicate name, a
// nil function, a negative argument count) are reported by Err, Parse
// and Load.
type Registry[A any] struct {
	conds map[string]leaf[ConditionFunc[A]]
	acts  map[string]leaf[ActionFunc[A]]
	err   error
}

type leaf[F any] struct {
	fn    F
	nargs int
}

// NewRegistry returns an empty registry. It knows one condition by
// itself: "after N" holds once the machine has been updated N times in
// its current state ([Machine.Ticks]).
func NewRegistry[A any]() *Registry[A] {
	return &Registry[A]{conds: map[string]leaf[ConditionFunc[A]]{}, acts: map[string]leaf[ActionFunc[A]]{}}
}

// Condition registers a condition taking nargs arguments.
func (r *Registry[A]) Condition(name string, nargs int, fn ConditionFunc[A]) {
	if r.check(name, nargs, fn == nil) {
		r.conds[name] = leaf[ConditionFunc[A]]{fn, nargs}
	}
}

// Action registers an action taking nargs arguments.
func (r *Registry[A]) Action(name string, nargs int, fn ActionFunc[A]) {
	if r.check(name, nargs, fn == nil) {
		r.acts[name] = leaf[ActionFunc[A]]{fn, nargs}
	}
}

func (r *Registry[A]) check(name string, nargs int, nilFn bool) bool {
	_, c := r.conds[name]
	_, a := r.acts[name]
	var err error
	switch {
	case !isName(name) || name == "after" || name == "not" || name == "and":
		err = fmt.Errorf("fsm: registry: %q is not a usable name (letters, digits, _ and -, not after/not/and)", name)
	case c || a:
		err = fmt.Errorf("fsm: registry: %q registered twice", name)
	case nilFn:
		err = fmt.Errorf("fsm: registry: %q has a nil function", name)
	case nargs < 0:
		err = fmt.Errorf("fsm: registry: %q takes %d arguments", name, nargs)
	}
	if err != nil && r.err == nil {
		r.err = err
	}
	return err == nil
}

// Err returns the first registration mistake, or nil.
func (r *Registry[A]) Err() error { return r.err }

func isName(s string) bool {
	if s == "" {
		return false
	}
	for i, c := range s {
		letter := c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
		if !letter && (i == 0 || c != '-' && (c < '0' || c > '9')) {
			return false
		}
	}
	return true
}

// Chart is a machine definition read from text by [Registry.Parse]: states built
// once and shared by the machines of every agent that runs the chart.
type Chart[A any] struct {
	name   string
	states []*State[A]
	start  *State[A]
	global *State[A]
}

// Name returns the machine's name in its source.
func (c *Chart[A]) Name() string { return c.name }

// State returns the state called name, or nil.
func (c *Chart[A]) State(name string) *State[A] {
	for _, s := range c.states {
		if s.Name == name {
			return s
		}
	}
	return nil
}

// Start returns a machine for owner running the chart: the global state
// set, the first top-level state entered. queue is the capacity of its
// event queue ([New]).
func (c *Chart[A]) Start(owner A, queue int) (*Machine[A], error) {
	m := New(owner, queue)
	m.SetGlobal(c.global)
	return m, m.Start(c.start)
}

// Parse reads the machine called machine from the text definition src;
// name (a file's path, or "" for none) is used in messages only, which
// read "name:line: msg" ("line N: msg" without a name). The format
// is line based; "#" starts a comment. "machine NAME" at column 0 starts
// a machine; the indented lines under it (spaces only) are its states
// and their clauses:
//
//	machine guard
//	  global
//	    when healthBelow 25 -> broken
//	  state patrol
//	    do walkRoute
//	    when seesPlayer and closerThan 6 -> attack
//	  state attack
//	    enter drawWeapon
//	    do shoot 30
//	    when not seesPlayer -> patrol
//	    when after 600 -> patrol
//	  state broken
//	    do stop
//
// "state NAME" defines a state; a state indented under another is nested
// in it, and a composite state enters its first substate. The first
// top-level state is where the machine starts. Under a state, "enter
// ACTION [ARGS]", "do ACTION [ARGS]" and "exit ACTION [ARGS]" run
// actions when the state is entered, on every update while it is active,
// and when it is left; "when COND [ARGS] [and COND [ARGS]]... -> STATE"
// is a transition, where each condition may be preceded by "not". On an
// update a state's transitions are tried in order before its actions: the
// first that holds changes state and the actions do not run. Outer
// states go before inner ones ([Machine.Update]), so a parent's
// transition applies to all its substates. "global" (at most once) holds
// transitions tried before every state's; a global transition to a state
// the machine is already in is skipped, so "when healthBelow 25 ->
// broken" enters broken once.
//
// Every name must be registered in r with its number of arguments, and
// every target must be a state of the machine.
func (r *Registry[A]) Parse(name, src, machine string) (*Chart[A], error) {
	p := parser[A]{r: r, file: name, machine: machine}
	if r.err != nil {
		if name != "" {
			return nil, &Error{File: name, Msg: "unusable registry", Kind: ErrInvalid, Err: r.err}
		}
		return nil, r.err
	}
	if len(src) > MaxSourceBytes {
		return nil, p.errf(ErrLimit, 0, "source larger than %d bytes", MaxSourceBytes)
	}
	if err := p.parse(src); err != nil {
		return nil, err
	}
	if p.chart == nil {
		return nil, p.errf(ErrRef, 0, "no machine %q", machine)
	}
	if err := p.resolve(); err != nil {
		return nil, err
	}
	if p.chart.start == nil {
		return nil, p.errf(ErrRef, p.at, "machine %q has no state", machine)
	}
	return p.chart, nil
}

// Load reads the machine called machine from the text definition at
// path in fsys (at most [MaxSourceBytes], regular files only), as
// [Registry.Parse] with path as the name.
func (r *Registry[A]) Load(fsys fs.FS, path, machine string) (*Chart[A], error) {
	data, err := loadutil.ReadFile(fsys, path, MaxSourceBytes)
	if err != nil {
		return nil, err
	}
	return r.Parse(path, string(data), machine)
}

// step is one action call of a state.
type step[A any] struct {
	fn   ActionFunc[A]
	args []float64
}

// term is one condition of a transition.
type term[A any] struct {
	fn    ConditionFunc[A]
	after uint64 // the built-in "after N" when fn is nil
	not   bool
	args  []float64
}

// rule is a parsed transition.
type rule[A any] struct {
	terms  []term[A]
	target string
	line   int
	to     *State[A]
}

// node is a state (or the global pseudo-state) under construction.
type node[A any] struct {
	s                *State[A]
	indent           int
	enter, do, exit  []step[A]
	rules            []rule[A]
	global, children bool
}

type parser[A any] struct {
	r       *Registry[A]
	file    string
	machine string
	chart   *Chart[A]
	at      int // the machine's line
	nodes   []*node[A]
}

// errf returns an *Error of kind at line of the source (0: the whole
// source): "file:line: msg", or "line N: msg" for a source without a name.
func (p *parser[A]) errf(kind error, line int, format string, args ...any) error {
	return &Error{File: p.file, Line: line, Msg: fmt.Sprintf(format, args...), Kind: kind}
}

func (p *parser[A]) parse(src string) error {
	var stack []*node[A] // open states, outermost first
	in := false          // inside the wanted machine
	seen := map[string]bool{}
	for n, line := range strings.Split(src, "\n") {
		n++
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		if err := loadutil.CheckText(line); err != nil {
			return p.errf(ErrSyntax, n, "%v", err)
		}
		line = strings.TrimRight(line, " \t\r")
		if line == "" {
			continue
		}
		indent := len(line) - len(strings.TrimLeft(line, " "))
		if line[indent] == '\t' {
			return p.errf(ErrSyntax, n, "tab in indentation; indent with spaces")
		}
		f := strings.Fields(line)
		if len(f) == 0 || len(strings.Fields(line[indent:indent+1])) == 0 {
			return p.errf(ErrSyntax, n, "unexpected whitespace character")
		}
		if indent == 0 {
			if f[0] != "machine" || len(f) != 2 {
				return p.errf(ErrSyntax, n, "expected \"machine NAME\" at column 0, found %q", line)
			}
			if seen[f[1]] {
				return p.errf(ErrRef, n, "machine %q defined twice", f[1])
			}
			seen[f[1]] = true
			in = f[1] == p.machine
			if in {
				p.chart, p.at, stack = &Chart[A]{name: f[1]}, n, stack[:0]
			}
			continue
		}
		if len(seen) == 0 {
			return p.errf(ErrSyntax, n, "expected \"machine NAME\" at column 0, found %q", line)
		}
		if !in {
			continue
		}
		for len(stack) > 0 && stack[len(stack)-1].indent >= indent {
			stack = stack[:len(stack)-1]
		}
		switch f[0] {
		case "state", "global":
			if err := p.open(f, n, indent, &stack); err != nil {
				return err
			}
		case "enter", "do", "exit", "when":
			if len(stack) == 0 {
				return p.errf(ErrSyntax, n, "%q outside a state", f[0])
			}
			if err := p.clause(stack[len(stack)-1], f, n); err != nil {
				return err
			}
		default:
			return p.errf(ErrSyntax, n, "expected state, global, enter, do, exit or when, found %q", f[0])
		}
	}
	return nil
}

// open starts a state (or the global block) at line n.
func (p *parser[A]) open(f []string, n, indent int, stack *[]*node[A]) error {
	var parent *node[A]
	if len(*stack) > 0 {
		parent = (*stack)[len(*stack)-1]
	}
	nd := &node[A]{indent: indent}
	if f[0] == "global" {
		if len(f) != 1 || parent != nil {
			return p.errf(ErrSyntax, n, "\"global\" takes no name and is not nested")
		}
		if p.chart.global != nil {
			return p.errf(ErrRef, n, "second global block")
		}
		nd.global, nd.s = true, &State[A]{Name: "global"}
		p.chart.global = nd.s
	} else {
		if len(f) != 2 || !isName(f[1]) {
			return p.errf(ErrSyntax, n, "expected \"state NAME\"")
		}
		if p.chart.State(f[1]) != nil {
			return p.errf(ErrRef, n, "state %q defined twice", f[1])
		}
		if len(*stack) >= MaxDepth {
			return p.errf(ErrLimit, n, "states nested deeper than %d", MaxDepth)
		}
		nd.s = &State[A]{Name: f[1]}
		switch {
		case parent != nil && parent.global:
			return p.errf(ErrSyntax, n, "a state cannot be nested in global")
		case parent != nil:
			nd.s.Parent = parent.s
			if parent.s.Initial == nil {
				parent.s.Initial = nd.s
			}
			parent.children = true
		case p.chart.start == nil:
			p.chart.start = nd.s
		}
		p.chart.states = append(p.chart.states, nd.s)
	}
	p.nodes = append(p.nodes, nd)
	*stack = append(*stack, nd)
	return nil
}

// clause adds an enter, do, exit or when line to nd.
func (p *parser[A]) clause(nd *node[A], f []string, n int) error {
	if f[0] != "when" {
		if nd.global {
			return p.errf(ErrSyntax, n, "global takes only \"when\" lines")
		}
		if len(f) < 2 {
			return p.errf(ErrSyntax, n, "expected \"%s ACTION [ARGS]\"", f[0])
		}
		a, ok := p.r.acts[f[1]]
		if !ok {
			return p.errf(ErrRef, n, "unknown action %q", f[1])
		}
		args, err := p.args(f[2:], a.nargs, f[1], n)
		if err != nil {
			return err
		}
		st := step[A]{a.fn, args}
		switch f[0] {
		case "enter":
			nd.enter = append(nd.enter, st)
		case "do":
			nd.do = append(nd.do, st)
		default:
			nd.exit = append(nd.exit, st)
		}
		return nil
	}
	if len(f) < 4 || f[len(f)-2] != "->" {
		return p.errf(ErrSyntax, n, "expected \"when COND [ARGS] -> STATE\"")
	}
	ru := rule[A]{target: f[len(f)-1], line: n}
	words := f[1 : len(f)-2]
	for len(words) > 0 {
		end := len(words)
		for i, w := range words {
			if w == "and" {
				end = i
				break
			}
		}
		t, err := p.term(words[:end], n)
		if err != nil {
			return err
		}
		ru.terms = append(ru.terms, t)
		if words = words[end:]; len(words) > 0 {
			if words = words[1:]; len(words) == 0 {
				return p.errf(ErrSyntax, n, "condition expected after \"and\"")
			}
		}
	}
	nd.rules = append(nd.rules, ru)
	return nil
}

// term parses "[not] NAME [ARGS]".
func (p *parser[A]) term(w []string, n int) (term[A], error) {
	var t term[A]
	if len(w) > 0 && w[0] == "not" {
		t.not, w = true, w[1:]
	}
	if len(w) == 0 {
		return t, p.errf(ErrSyntax, n, "condition expected")
	}
	if w[0] == "after" {
		args, err := p.args(w[1:], 1, "after", n)
		if err != nil {
			return t, err
		}
		if args[0] < 0 || args[0] > 1<<40 || args[0] != math.Trunc(args[0]) {
			return t, p.errf(ErrSyntax, n, "\"after\" takes a whole number of updates (0..2^40), found %v", args[0])
		}
		t.after = uint64(args[0])
		return t, nil
	}
	c, ok := p.r.conds[w[0]]
	if !ok {
		return t, p.errf(ErrRef, n, "unknown condition %q", w[0])
	}
	args, err := p.args(w[1:], c.nargs, w[0], n)
	t.fn, t.args = c.fn, args
	return t, err
}

func (p *parser[A]) args(w []string, want int, name string, n int) ([]float64, error) {
	if len(w) != want {
		return nil, p.errf(ErrInvalid, n, "%q takes %d arguments, found %d", name, want, len(w))
	}
	out := make([]float64, len(w))
	for i, s := range w {
		v, err := strconv.ParseFloat(s, 64)
		if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, p.errf(ErrInvalid, n, "%q: argument %q is not a finite number", name, s)
		}
		out[i] = v
	}
	return out, nil
}

// resolve links transition targets and builds each state's functions.
func (p *parser[A]) resolve() error {
	for _, nd := range p.nodes {
		for i := range nd.rules {
			ru := &nd.rules[i]
			if ru.to = p.chart.State(ru.target); ru.to == nil {
				return p.errf(ErrRef, ru.line, "no state %q in machine %q", ru.target, p.chart.name)
			}
		}
		nd.build()
	}
	return nil
}

func run[A any](a A, steps []step[A]) {
	for _, s := range steps {
		s.fn(a, s.args)
	}
}

// build sets the state's Enter, Execute and Exit from its clauses.
func (nd *node[A]) build() {
	if enter := nd.enter; len(enter) > 0 {
		nd.s.Enter = func(a A, _ *Machine[A]) { run(a, enter) }
	}
	if exit := nd.exit; len(exit) > 0 {
		nd.s.Exit = func(a A, _ *Machine[A]) { run(a, exit) }
	}
	rules, do, global := nd.rules, nd.do, nd.global
	if len(rules) == 0 && len(do) == 0 {
		return
	}
	nd.s.Execute = func(a A, m *Machine[A]) {
		for i := range rules {
			ru := &rules[i]
			if global && m.In(ru.to) || !ru.holds(a, m) {
				continue
			}
			m.Change(ru.to)
			return
		}
		run(a, do)
	}
}

func (ru *rule[A]) holds(a A, m *Machine[A]) bool {
	for i := range ru.terms {
		t := &ru.terms[i]
		var ok bool
		if t.fn == nil {
			ok = m.Ticks() >= t.after
		} else {
			ok = t.fn(a, t.args)
		}
		if ok == t.not {
			return false
		}
	}
	return true
}
