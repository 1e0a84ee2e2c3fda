package isoxml

import (
	"math"
	"strconv"
	"strings"

	"diorama/internal/loadutil"
)

// node is one XML element of the readers' shared tree: name, attributes,
// children, text and the line where its start tag begins.
type node = loadutil.XMLNode

// parseXML builds the element tree of data (loadutil.XMLTree), refusing
// elements nested deeper than maxDepth, more than maxElems elements plus
// attributes, and elements with more than maxAttrs attributes.
func parseXML(file string, data []byte, maxDepth, maxElems, maxAttrs int) (*node, error) {
	tree := loadutil.XMLTree{
		File: file, MaxDepth: maxDepth, MaxElems: maxElems, MaxAttrs: maxAttrs,
		DepthHint: "Loader.Limits.MaxDepth", ElemsHint: "Loader.Limits.MaxElements", AttrsHint: "Loader.Limits.MaxAttrs",
	}
	return tree.Parse(data)
}

// attrs reads a node's attributes, keeping the first error, so a converter
// reads many attributes and checks once. Every attribute it does not read
// is an error at done, unless the caller collects the rest.
type attrs struct {
	file  string
	n     *node
	where string
	used  []bool
	err   *Error
}

func newAttrs(file string, n *node, where string) *attrs {
	return &attrs{file: file, n: n, where: where, used: make([]bool, len(n.Attrs))}
}

func (a *attrs) fail(kind error, format string, args ...any) {
	if a.err == nil {
		a.err = errf(kind, a.file, a.n.Line, a.where, format, args...)
	}
}

// get returns the attribute's value and marks it used.
func (a *attrs) get(name string) (string, bool) {
	for i, at := range a.n.Attrs {
		if at.Name.Local == name && at.Name.Space == "" {
			a.used[i] = true
			return at.Value, true
		}
	}
	return "", false
}

// str returns a trimmed attribute, failing when it is required and absent
// or empty.
func (a *attrs) str(name string, required bool) string {
	v, ok := a.get(name)
	v = strings.TrimSpace(v)
	if required && (!ok || v == "") {
		a.fail(ErrInvalid, "missing attribute %s", name)
	}
	return v
}

// num parses a finite number within ±max (def when absent and optional).
func (a *attrs) num(name string, required bool, def, max float64) float64 {
	v, ok := a.get(name)
	if !ok {
		if required {
			a.fail(ErrInvalid, "missing attribute %s", name)
		}
		return def
	}
	f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
		a.fail(ErrInvalid, "attribute %s=%q is not a finite number", name, v)
		return def
	}
	if math.Abs(f) > max {
		a.fail(ErrLimit, "attribute %s=%s exceeds ±%g", name, strings.TrimSpace(v), max)
		return def
	}
	return f
}

// positive is num that must be > 0.
func (a *attrs) positive(name string, max float64) float64 {
	f := a.num(name, true, 0, max)
	if a.err == nil && f <= 0 {
		a.fail(ErrInvalid, "attribute %s=%g must be positive", name, f)
	}
	return f
}

// nonNegative is num that must be >= 0 (def when absent).
func (a *attrs) nonNegative(name string, def, max float64) float64 {
	f := a.num(name, false, def, max)
	if a.err == nil && f < 0 {
		a.fail(ErrInvalid, "attribute %s=%g must not be negative", name, f)
	}
	return f
}

// intAttr parses a required integer in 1..max.
func (a *attrs) intAttr(name string, max int) int {
	v, ok := a.get(name)
	if !ok {
		a.fail(ErrInvalid, "missing attribute %s", name)
		return 0
	}
	i, err := strconv.Atoi(strings.TrimSpace(v))
	if err != nil {
		a.fail(ErrInvalid, "attribute %s=%q is not an integer", name, v)
		return 0
	}
	if i <= 0 {
		a.fail(ErrInvalid, "attribute %s=%d must be positive", name, i)
		return 0
	}
	if i > max {
		a.fail(ErrLimit, "attribute %s=%d exceeds %d (raise Loader.Limits.MaxGridSize)", name, i, max)
		return 0
	}
	return i
}

// boolAttr parses true/false/1/0 (def when absent).
func (a *attrs) boolAttr(name string, def bool) bool {
	v, ok := a.get(name)
	if !ok {
		return def
	}
	switch strings.TrimSpace(v) {
	case "true", "1":
		return true
	case "false", "0":
		return false
	}
	a.fail(ErrInvalid, "attribute %s=%q is not true or false", name, v)
	return def
}

// rest returns the unread attributes (for free-form properties).
func (a *attrs) rest() []Prop {
	var out []Prop
	for i, at := range a.n.Attrs {
		if !a.used[i] {
			a.used[i] = true
			out = append(out, Prop{Name: at.Name.Local, Value: at.Value})
		}
	}
	return out
}

// done fails on the first unread attribute and returns the first error.
func (a *attrs) done() error {
	for i, at := range a.n.Attrs {
		if !a.used[i] && at.Name.Space == "" {
			a.fail(ErrInvalid, "unknown attribute %s", at.Name.Local)
			break
		}
	}
	if a.err != nil {
		return a.err
	}
	return nil
}

// describe names an element for errors: <wall id="W1">.
func describe(n *node) string {
	for _, key := range []string{"id", "name", "src"} {
		for _, at := range n.Attrs {
			if at.Name.Local == key && at.Name.Space == "" {
				return "<" + n.Name + " " + key + "=" + loadutil.QuoteShort(at.Value) + ">"
			}
		}
	}
	return "<" + n.Name + ">"
}
