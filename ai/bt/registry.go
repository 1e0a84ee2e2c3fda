package bt

import "fmt"

// ActionFunc is an action leaf: it does its work for agent a and reports
// how it went. Returning [Ready] counts as [Failure].
type ActionFunc[A any] func(a A, c *Call) Status

// HaltFunc is called when a running action is halted (a reactive
// composite, parallel, timeout or conditional stopped ticking it, or
// [Instance.Halt] was called), so it can undo what it started, e.g.
// stop the agent moving. c.Mem() still holds the action's scratch word.
type HaltFunc[A any] func(a A, c *Call)

// ConditionFunc is a condition: a question about agent a.
type ConditionFunc[A any] func(a A, c *Call) bool

// Call is what a leaf receives besides its agent: the agent's blackboard,
// the leaf's arguments from the tree definition and a scratch word that
// belongs to this leaf in this agent's instance. The same Call value is
// reused for every leaf of an instance; leaves must not keep it.
type Call struct {
	// BB is the agent's blackboard.
	BB *Blackboard
	// Tick counts the instance's ticks, starting at 1 on the first tick.
	Tick int64

	args    []float64
	mem     *int64
	started bool
}

// Arg returns argument i, or 0 when there is no such argument.
func (c *Call) Arg(i int) float64 {
	if uint(i) < uint(len(c.args)) {
		return c.args[i]
	}
	return 0
}

// NArg returns the number of arguments.
func (c *Call) NArg() int { return len(c.args) }

// Mem returns the leaf's per-agent scratch word. It is zero when the leaf
// starts a new run (it was not running before this tick) and keeps its
// value while the leaf returns Running.
func (c *Call) Mem() *int64 { return c.mem }

// Started reports whether this tick starts a new run of the leaf (it did
// not return Running on its previous tick, or it was halted since).
func (c *Call) Started() bool { return c.started }

type leafEntry[A any] struct {
	name     string
	action   ActionFunc[A]
	halt     HaltFunc[A]
	cond     ConditionFunc[A]
	nargs    int // -1: any number
	requires []Key
}

// Registry maps leaf names to functions for one agent type A and one
// [Schema]. Register everything before building trees.
//
// Registration mistakes (an empty or duplicate name, a nil function, a
// key from another schema) are recorded and reported by [Registry.Err]
// and by [Build].
type Registry[A any] struct {
	schema *Schema
	index  map[string]int // build-time only
	leaves []leafEntry[A]
	err    error
}

// NewRegistry returns an empty registry whose leaves use schema s (which
// may be nil when no blackboard keys are needed).
func NewRegistry[A any](s *Schema) *Registry[A] {
	if s == nil {
		s = NewSchema()
	}
	return &Registry[A]{schema: s, index: map[string]int{}}
}

// Schema returns the registry's schema.
func (r *Registry[A]) Schema() *Schema { return r.schema }

// Err returns the first registration error, or nil.
func (r *Registry[A]) Err() error { return r.err }

func (r *Registry[A]) add(e leafEntry[A]) {
	if r.err != nil {
		return
	}
	switch {
	case e.name == "":
		r.err = fmt.Errorf("bt: registry: empty leaf name")
		return
	case e.action == nil && e.cond == nil:
		r.err = fmt.Errorf("bt: registry: leaf %q has a nil function", e.name)
		return
	}
	if _, dup := r.index[e.name]; dup {
		r.err = fmt.Errorf("bt: registry: leaf %q registered twice", e.name)
		return
	}
	for _, k := range e.requires {
		if !r.schema.has(k) {
			r.err = fmt.Errorf("bt: registry: leaf %q requires a key that is not from the registry's schema", e.name)
			return
		}
	}
	r.index[e.name] = len(r.leaves)
	r.leaves = append(r.leaves, e)
}

// Action registers an action leaf taking nargs arguments (-1 for any
// number). requires lists the blackboard keys it reads: while one of the
// compulsory ones is unset the leaf fails without being called.
func (r *Registry[A]) Action(name string, nargs int, fn ActionFunc[A], requires ...Key) {
	if fn == nil {
		r.add(leafEntry[A]{name: name})
		return
	}
	r.add(leafEntry[A]{name: name, action: fn, nargs: nargs, requires: requires})
}

// OnHalt attaches fn to the action registered as name, to be called when
// a running instance of it is halted.
func (r *Registry[A]) OnHalt(name string, fn HaltFunc[A]) {
	if r.err != nil {
		return
	}
	i, ok := r.index[name]
	switch {
	case !ok || r.leaves[i].action == nil:
		r.err = fmt.Errorf("bt: registry: OnHalt for unknown action %q", name)
	case fn == nil:
		r.err = fmt.Errorf("bt: registry: OnHalt(%q) with a nil function", name)
	default:
		r.leaves[i].halt = fn
	}
}

// Condition registers a condition taking nargs arguments (-1 for any
// number), usable as a leaf ([Condition]) and as the guard of a
// [Conditional]. requires works as for [Registry.Action]: a missing
// compulsory key makes the condition false.
func (r *Registry[A]) Condition(name string, nargs int, fn ConditionFunc[A], requires ...Key) {
	if fn == nil {
		r.add(leafEntry[A]{name: name})
		return
	}
	r.add(leafEntry[A]{name: name, cond: fn, nargs: nargs, requires: requires})
}
