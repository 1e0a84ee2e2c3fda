package isoxml

import (
	"bytes"
	"encoding/xml"
	"io"
	"math"
	"strconv"
	"strings"

	"diorama/internal/loadutil"
)

// node is one XML element: name, attributes, children, text and line.
type node struct {
	name  string
	attrs []xml.Attr
	kids  []*node
	text  []byte
	line  int
}

// parseXML builds the element tree of data, refusing elements nested
// deeper than maxDepth, more than maxElems elements plus attributes, and
// elements with more than maxAttrs attributes.
func parseXML(file string, data []byte, maxDepth, maxElems, maxAttrs int) (*node, error) {
	if err := loadutil.CheckAttrs(file, data, maxAttrs); err != nil {
		return nil, loadutil.RaiseHint(err, "Loader.Limits.MaxAttrs")
	}
	d := xml.NewDecoder(bytes.NewReader(data))
	d.Strict = true
	var root *node
	var stack []*node
	budget := loadutil.XMLBudget{MaxDepth: maxDepth, MaxElems: maxElems}
	for {
		// Whitespace between tags comes as CharData, so the position
		// before a token is where it starts: a tag spanning lines is
		// reported at its first line.
		start, _ := d.InputPos()
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, loadutil.XMLError(file, d, err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			line := start
			if err := budget.Start(file, line, len(stack), t); err != nil {
				field := "Loader.Limits.MaxElements"
				if len(stack) >= maxDepth {
					field = "Loader.Limits.MaxDepth"
				}
				return nil, loadutil.RaiseHint(err, field)
			}
			n := &node{name: t.Name.Local, attrs: t.Attr, line: line}
			if len(stack) == 0 {
				if root != nil {
					return nil, errf(ErrSyntax, file, line, "", "more than one root element")
				}
				root = n
			} else {
				p := stack[len(stack)-1]
				p.kids = append(p.kids, n)
			}
			stack = append(stack, n)
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		case xml.CharData:
			if len(stack) > 0 {
				p := stack[len(stack)-1]
				p.text = append(p.text, t...)
			}
		}
	}
	if root == nil {
		return nil, errf(ErrSyntax, file, 0, "", "no root element (empty or truncated file)")
	}
	return root, nil
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
	return &attrs{file: file, n: n, where: where, used: make([]bool, len(n.attrs))}
}

func (a *attrs) fail(kind error, format string, args ...any) {
	if a.err == nil {
		a.err = errf(kind, a.file, a.n.line, a.where, format, args...)
	}
}

// get returns the attribute's value and marks it used.
func (a *attrs) get(name string) (string, bool) {
	for i, at := range a.n.attrs {
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
	for i, at := range a.n.attrs {
		if !a.used[i] {
			a.used[i] = true
			out = append(out, Prop{Name: at.Name.Local, Value: at.Value})
		}
	}
	return out
}

// done fails on the first unread attribute and returns the first error.
func (a *attrs) done() error {
	for i, at := range a.n.attrs {
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
		for _, at := range n.attrs {
			if at.Name.Local == key && at.Name.Space == "" {
				return "<" + n.name + " " + key + "=" + loadutil.QuoteShort(at.Value) + ">"
			}
		}
	}
	return "<" + n.name + ">"
}
