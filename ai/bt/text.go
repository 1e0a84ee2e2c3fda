package bt

import (
	"diorama/internal/loadutil"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"strconv"
	"strings"
)

// MaxSourceBytes is the largest text definition [Parse] accepts.
const MaxSourceBytes = 1 << 20

// Source is a parsed text definition: one or more named trees. A tree may
// include another with "use NAME"; [Source.Def] expands those.
//
// The format is line based; "#" starts a comment. A line at column 0
// ("tree NAME") starts a tree, and the indented lines under it (spaces
// only, any consistent step) are its nodes, one per line, children
// indented deeper than their parent:
//
//	tree turret
//	  selector
//	    use brokenDown
//	    selector
//	      conditional canSeePlayer
//	        action delayedShoot 50 10
//	      sequence
//	        action findMeshAdjacentToPlayer
//	        action travelTo 0
//
// Node lines: sequence, selector, reactive-sequence, reactive-selector,
// forgetful-sequence, parallel [success=all|one] [failure=all|one]
// (defaults all and one), inverter, succeeder, failer, repeat N,
// until-fail, until-success, timeout N, cooldown N, conditional NAME
// [ARGS], action NAME [ARGS], condition NAME [ARGS], wait N, succeed,
// fail, use TREE.
type Source struct {
	file  string // Parse's name, for the errors of Def and BuildSource
	names []string
	defs  []Def
	lines []int
}

type pnode struct {
	def    Def
	indent int
	kids   []*pnode
}

func (p *pnode) toDef() Def {
	d := p.def
	if len(p.kids) > 0 {
		d.Children = make([]Def, len(p.kids))
		for i, k := range p.kids {
			d.Children[i] = k.toDef()
		}
	}
	return d
}

func lineErr(line int, format string, args ...any) error {
	e := defErr(&Def{Line: line}, format, args...)
	e.Where, e.Kind = "", ErrSyntax
	return e
}

func limitErr(line int, format string, args ...any) error {
	e := defErr(&Def{Line: line}, format, args...)
	e.Where, e.Kind = "", ErrLimit
	return e
}

// inFile sets the file of a *Error that has none: the errors of a
// source with a name name its file, wherever they arise (Parse,
// Source.Def, Build).
func inFile(name string, err error) error {
	var e *Error
	if errors.As(err, &e) && e.File == "" {
		e.File = name
	} else if err != nil && name != "" && e == nil {
		err = fmt.Errorf("%s: %w", name, err)
	}
	return err
}

// Parse reads a text definition. name (a file's path, or "" for a source
// that has none) is used in messages only: errors are [*Error] values
// reading "name:line: msg", or "line N: msg" without a name, and the
// errors of [Source.Def] and [BuildSource] name it too.
func Parse(name, src string) (*Source, error) {
	s, err := parseText(src)
	if s != nil {
		s.file = name
	}
	return s, inFile(name, err)
}

func parseText(src string) (*Source, error) {
	if len(src) > MaxSourceBytes {
		return nil, &Error{Msg: "source larger than " + strconv.Itoa(MaxSourceBytes) + " bytes", Kind: ErrLimit}
	}
	s := &Source{}
	var (
		root    *pnode
		stack   []*pnode
		treeAt  int
		nodes   int
		flushed = true
	)
	flush := func() error {
		if flushed {
			return nil
		}
		flushed = true
		if root == nil {
			return lineErr(treeAt, "tree %q has no nodes", s.names[len(s.names)-1])
		}
		s.defs = append(s.defs, root.toDef())
		return nil
	}
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
		if err := loadutil.CheckText(line); err != nil {
			return nil, lineErr(lineNo, "%v", err)
		}
		line = strings.TrimRight(line, " \t\r")
		if line == "" {
			continue
		}
		indent := 0
		for indent < len(line) && line[indent] == ' ' {
			indent++
		}
		if line[indent] == '\t' {
			return nil, lineErr(lineNo, "tab in indentation; indent with spaces")
		}
		f := strings.Fields(line[indent:])
		if len(f) == 0 {
			return nil, lineErr(lineNo, "unexpected whitespace character")
		}
		if indent == 0 {
			if f[0] != "tree" {
				return nil, lineErr(lineNo, "expected \"tree NAME\" at column 0, found %q", f[0])
			}
			if len(f) != 2 {
				return nil, lineErr(lineNo, "expected \"tree NAME\"")
			}
			if err := flush(); err != nil {
				return nil, err
			}
			for _, n := range s.names {
				if n == f[1] {
					return nil, lineErr(lineNo, "tree %q defined twice", n)
				}
			}
			s.names = append(s.names, f[1])
			s.lines = append(s.lines, lineNo)
			root, stack, treeAt, flushed = nil, stack[:0], lineNo, false
			continue
		}
		if flushed {
			return nil, lineErr(lineNo, "node outside a tree (start one with \"tree NAME\" at column 0)")
		}
		d, err := parseNode(f, lineNo)
		if err != nil {
			return nil, err
		}
		if nodes++; nodes > MaxNodes {
			return nil, limitErr(lineNo, "more than %d nodes", MaxNodes)
		}
		p := &pnode{def: d, indent: indent}
		if root == nil {
			root = p
			stack = append(stack, p)
			continue
		}
		popped := false
		for len(stack) > 0 && stack[len(stack)-1].indent > indent {
			stack, popped = stack[:len(stack)-1], true
		}
		if len(stack) > 0 && stack[len(stack)-1].indent == indent {
			stack = stack[:len(stack)-1] // a sibling
		} else if popped && len(stack) > 0 {
			return nil, lineErr(lineNo, "indentation matches no enclosing node")
		}
		if len(stack) == 0 {
			return nil, lineErr(lineNo, "second root node in tree %q (a tree has one root)", s.names[len(s.names)-1])
		}
		if len(stack) >= MaxDepth {
			return nil, limitErr(lineNo, "nested deeper than %d levels", MaxDepth)
		}
		parent := stack[len(stack)-1]
		parent.kids = append(parent.kids, p)
		stack = append(stack, p)
	}
	if err := flush(); err != nil {
		return nil, err
	}
	if len(s.names) == 0 {
		return nil, &Error{Msg: "no tree defined", Kind: ErrSyntax}
	}
	return s, nil
}

var kindByWord = func() map[string]NodeKind {
	m := map[string]NodeKind{}
	for k := KindSequence; k < numKinds; k++ {
		m[k.String()] = k
	}
	return m
}()

func parseNode(f []string, line int) (Def, error) {
	k, ok := kindByWord[f[0]]
	if !ok {
		return Def{}, lineErr(line, "unknown node kind %q", f[0])
	}
	d := Def{Kind: k, Line: line}
	args := f[1:]
	switch {
	case k == KindParallel:
		d.Succ, d.Fail = RequireAll, RequireOne
		for _, a := range args {
			key, val, ok := strings.Cut(a, "=")
			var p Policy
			switch val {
			case "all":
				p = RequireAll
			case "one":
				p = RequireOne
			default:
				ok = false
			}
			switch {
			case ok && key == "success":
				d.Succ = p
			case ok && key == "failure":
				d.Fail = p
			default:
				return Def{}, lineErr(line, "parallel: expected success=all|one or failure=all|one, found %q", a)
			}
		}
	case k.counted():
		if len(args) != 1 {
			return Def{}, lineErr(line, "%s takes one count", k)
		}
		n, err := strconv.ParseInt(args[0], 10, 64)
		if err != nil || n < 1 || n > MaxCount {
			return Def{}, lineErr(line, "%s: count %q is not an integer in [1, %d]", k, args[0], int64(MaxCount))
		}
		d.N = n
	case k == KindAction || k == KindCondition || k == KindConditional || k == KindUse:
		if len(args) == 0 {
			return Def{}, lineErr(line, "%s needs a name", k)
		}
		d.Name = args[0]
		if k == KindUse && len(args) > 1 {
			return Def{}, lineErr(line, "use takes only a tree name")
		}
		for i, a := range args[1:] {
			v, err := strconv.ParseFloat(a, 64)
			if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
				return Def{}, lineErr(line, "%s %s: argument %d %q is not a finite number", k, d.Name, i+1, a)
			}
			d.Args = append(d.Args, v)
		}
	default:
		if len(args) != 0 {
			return Def{}, lineErr(line, "%s takes no arguments, found %q", k, args[0])
		}
	}
	return d, nil
}

// Names returns the tree names in source order.
func (s *Source) Names() []string { return append([]string(nil), s.names...) }

// Def returns the named tree with every "use" expanded ("" names the
// first tree). Unknown names, cycles of uses and expansions beyond
// [MaxNodes] nodes are errors naming the line, and the source's name.
func (s *Source) Def(name string) (Def, error) {
	i := s.find(name)
	if i < 0 {
		return Def{}, &Error{File: s.file, Msg: "no tree named " + strconv.Quote(name), Kind: ErrRef}
	}
	budget := MaxNodes
	d, err := s.expand(&s.defs[i], []int{i}, &budget)
	return d, inFile(s.file, err)
}

func (s *Source) find(name string) int {
	if name == "" && len(s.names) > 0 {
		return 0
	}
	for i, n := range s.names {
		if n == name {
			return i
		}
	}
	return -1
}

func (s *Source) expand(d *Def, path []int, budget *int) (Def, error) {
	if *budget--; *budget < 0 {
		return Def{}, lineErr(d.Line, "expanded tree has more than %d nodes", MaxNodes)
	}
	if d.Kind == KindUse {
		j := s.find(d.Name)
		if j < 0 || d.Name == "" {
			return Def{}, lineErr(d.Line, "use of undefined tree %q", d.Name)
		}
		for k, p := range path {
			if p == j {
				chain := ""
				for _, q := range path[k:] {
					chain += s.names[q] + " → "
				}
				return Def{}, lineErr(d.Line, "tree %q uses itself (%s%s)", d.Name, chain, d.Name)
			}
		}
		if len(path) >= MaxDepth {
			return Def{}, lineErr(d.Line, "uses nested deeper than %d levels", MaxDepth)
		}
		*budget++ // the use node itself is replaced
		return s.expand(&s.defs[j], append(path, j), budget)
	}
	out := *d
	if len(d.Children) > 0 {
		out.Children = make([]Def, len(d.Children))
		for i := range d.Children {
			c, err := s.expand(&d.Children[i], path, budget)
			if err != nil {
				return Def{}, err
			}
			out.Children[i] = c
		}
	}
	return out, nil
}

// String returns the source in the text format, normalised (two-space
// indentation, no comments); parsing it gives the same trees.
func (s *Source) String() string {
	var b strings.Builder
	for i, n := range s.names {
		b.WriteString("tree " + n + "\n")
		s.defs[i].format(&b, 1)
	}
	return b.String()
}

// BuildSource expands the tree named tree of s ("" for the first) and
// builds it with r. Every error, from expanding uses or building against
// r, starts with the source's name ("trees.bt:4: tree \"a\" uses itself").
func BuildSource[A any](r *Registry[A], s *Source, tree string) (*Tree[A], error) {
	d, err := s.Def(tree)
	if err != nil {
		return nil, err
	}
	t, err := Build(r, d)
	return t, inFile(s.file, err)
}

// Parse reads the text definition src, named name in messages (see
// [Parse]), and builds its tree named tree ("" for the first) with r:
// [Parse] then [BuildSource].
func (r *Registry[A]) Parse(name, src, tree string) (*Tree[A], error) {
	s, err := Parse(name, src)
	if err != nil {
		return nil, err
	}
	return BuildSource(r, s, tree)
}

// Load reads the text definition at path in fsys (at most
// [MaxSourceBytes], regular files only) and builds its tree named tree
// ("" for the first) with r. Errors name path.
func (r *Registry[A]) Load(fsys fs.FS, path, tree string) (*Tree[A], error) {
	s, err := Load(fsys, path)
	if err != nil {
		return nil, err
	}
	return BuildSource(r, s, tree)
}

// Load reads the text definition at path in fsys (at most
// [MaxSourceBytes], regular files only), as [Parse] with path as the
// name.
func Load(fsys fs.FS, path string) (*Source, error) {
	data, err := loadutil.ReadFile(fsys, path, MaxSourceBytes)
	if err != nil {
		return nil, err
	}
	return Parse(path, string(data))
}
