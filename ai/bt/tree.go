package bt

import (
	"diorama/internal/loadutil"
	"fmt"
	"math"
)

// Limits that keep a definition from exhausting memory or the stack.
const (
	// MaxNodes is the largest number of nodes in one tree.
	MaxNodes = 1 << 16
	// MaxDepth is the deepest nesting of nodes in one tree.
	MaxDepth = 128
	// MaxCount is the largest count or tick number of repeat, wait,
	// timeout and cooldown.
	MaxCount = 1 << 40
)

// Error is a definition error: the engine's one positioned reader error.
// Line is the 1-based source line in a text or JSON definition; a tree
// built in Go has Line 0 and Where describes the node instead. File is
// the source's name when given ([Parse], [Load]), else "". It reads
// "file:N: msg", "line N: msg" for a source without a name, or
// "sequence: msg" for a node built in Go. Kind is [ErrSyntax] (the text
// is not a definition), [ErrInvalid] (a node is unusable: counts,
// arguments, children), [ErrRef] (an unknown leaf or tree) or [ErrLimit]
// (the source, a tree's size or depth), matched with errors.Is.
type Error = loadutil.Error

// Error kinds, matched with errors.Is on a definition error; the same
// values as every other reader's.
var (
	ErrSyntax  = loadutil.ErrSyntax
	ErrInvalid = loadutil.ErrInvalid
	ErrRef     = loadutil.ErrRef
	ErrLimit   = loadutil.ErrLimit
)

func kindErr(kind error, d *Def, format string, args ...any) *Error {
	e := defErr(d, format, args...)
	e.Kind = kind
	return e
}

func defErr(d *Def, format string, args ...any) *Error {
	e := &Error{Line: d.Line, Msg: fmt.Sprintf(format, args...), Kind: ErrInvalid}
	if d.Line == 0 {
		e.Where = d.label()
	}
	return e
}

// node is one entry of a tree's flat pre-order array. The first child of
// node i is i+1; the next sibling of a child c is nodes[c].end.
type node struct {
	kind   NodeKind
	succ   Policy
	fail   Policy
	end    int32 // one past the last node of the subtree
	leaf   int32 // index into Tree.leaves, -1 for none
	argOff int32
	argN   int32
	reqOff int32 // compulsory keys, index into Tree.reqs
	reqN   int32
	nkids  int32
	depth  int32
	n      int64
	line   int32
}

// Tree is an immutable, shareable behaviour-tree definition for agents of
// type A. Create per-agent state with [Tree.NewInstance].
type Tree[A any] struct {
	nodes  []node
	args   []float64
	reqs   []int32 // compulsory key ids (1-based, as in Key.id)
	leaves []leafEntry[A]
	labels []string // per node, for printing
	schema *Schema
	def    Def
}

// Build compiles root into a tree whose leaves come from r. It checks
// every node (known kinds and leaf names, child counts, argument counts,
// counts in range, finite arguments, size and depth limits) and returns
// an [*Error] naming the line or node of the first problem.
func Build[A any](r *Registry[A], root Def) (*Tree[A], error) {
	if r == nil {
		return nil, &Error{Msg: "nil registry", Kind: ErrInvalid}
	}
	if err := r.Err(); err != nil {
		return nil, err
	}
	if err := r.schema.Err(); err != nil {
		return nil, err
	}
	// The tree keeps its own copy of the leaf table, so later changes to
	// the registry never reach a tree that may be ticking elsewhere.
	t := &Tree[A]{leaves: append([]leafEntry[A](nil), r.leaves...), schema: r.schema, def: root}
	if err := t.add(r, &root, 0); err != nil {
		return nil, err
	}
	r.schema.frozen = true
	return t, nil
}

func (t *Tree[A]) add(r *Registry[A], d *Def, depth int) error {
	if len(t.nodes) >= MaxNodes {
		return kindErr(ErrLimit, d, "tree has more than %d nodes", MaxNodes)
	}
	if depth >= MaxDepth {
		return kindErr(ErrLimit, d, "tree is nested deeper than %d levels", MaxDepth)
	}
	k := d.Kind
	nk := len(d.Children)
	switch {
	case k == KindUse:
		return kindErr(ErrRef, d, "use %q was not expanded (build text trees with Load or Source.Def)", d.Name)
	case k == KindInvalid || k >= numKinds:
		return defErr(d, "invalid node kind %d", k)
	case k.composite() && nk == 0:
		return defErr(d, "%s needs at least one child", k)
	case k.decorator() && nk != 1:
		return defErr(d, "%s needs exactly one child, has %d", k, nk)
	case !k.composite() && !k.decorator() && nk != 0:
		return defErr(d, "%s is a leaf and cannot have children", k)
	case k.counted() && (d.N < 1 || d.N > MaxCount):
		return defErr(d, "%s count %d out of range [1, %d]", k, d.N, int64(MaxCount))
	case k == KindParallel && (d.Succ > RequireOne || d.Fail > RequireOne):
		return defErr(d, "invalid parallel policy")
	}
	for i, a := range d.Args {
		if math.IsNaN(a) || math.IsInf(a, 0) {
			return defErr(d, "argument %d is not a finite number", i+1)
		}
	}
	nd := node{kind: k, succ: d.Succ, fail: d.Fail, leaf: -1, n: d.N, nkids: int32(nk),
		depth: int32(depth), line: int32(d.Line)}
	if k == KindAction || k == KindCondition || k == KindConditional {
		li, ok := r.index[d.Name]
		if !ok {
			return kindErr(ErrRef, d, "unknown %s %q", map[bool]string{true: "action", false: "condition"}[k == KindAction], d.Name)
		}
		e := &r.leaves[li]
		if k == KindAction && e.action == nil {
			return defErr(d, "%q is a condition, not an action", d.Name)
		}
		if k != KindAction && e.cond == nil {
			return defErr(d, "%q is an action, not a condition", d.Name)
		}
		if e.nargs >= 0 && len(d.Args) != e.nargs {
			return defErr(d, "%q takes %d argument(s), got %d", d.Name, e.nargs, len(d.Args))
		}
		nd.leaf = int32(li)
		nd.argOff, nd.argN = int32(len(t.args)), int32(len(d.Args))
		t.args = append(t.args, d.Args...)
		nd.reqOff = int32(len(t.reqs))
		for _, key := range e.requires {
			if r.schema.compulsory[key.id-1] {
				t.reqs = append(t.reqs, key.id)
			}
		}
		nd.reqN = int32(len(t.reqs)) - nd.reqOff
	} else if len(d.Args) != 0 {
		return defErr(d, "%s takes no arguments", k)
	}
	i := len(t.nodes)
	t.nodes = append(t.nodes, nd)
	t.labels = append(t.labels, d.label())
	for c := range d.Children {
		if err := t.add(r, &d.Children[c], depth+1); err != nil {
			return err
		}
	}
	t.nodes[i].end = int32(len(t.nodes))
	return nil
}

// Len returns the number of nodes.
func (t *Tree[A]) Len() int { return len(t.nodes) }

// Def returns the definition the tree was built from.
func (t *Tree[A]) Def() Def { return t.def }

// String returns the tree in the text format.
func (t *Tree[A]) String() string { return t.def.String() }
