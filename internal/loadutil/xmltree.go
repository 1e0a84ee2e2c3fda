package loadutil

import (
	"bytes"
	"encoding/xml"
	"io"
)

// XMLNode is one element of an XML tree built by XMLTree.Parse: its local
// name, attributes, child elements, text (the character data directly
// inside it, concatenated) and the 1-based line where its start tag
// begins (a tag spanning lines is reported at its first line).
type XMLNode struct {
	Name  string
	Attrs []xml.Attr
	Kids  []*XMLNode
	Text  []byte
	Line  int
}

// Attr returns the value of the attribute name (without a namespace) and
// whether it is present.
func (n *XMLNode) Attr(name string) (string, bool) {
	for _, a := range n.Attrs {
		if a.Name.Local == name && a.Name.Space == "" {
			return a.Value, true
		}
	}
	return "", false
}

// Child returns the first child element named name, or nil.
func (n *XMLNode) Child(name string) *XMLNode {
	for _, k := range n.Kids {
		if k.Name == name {
			return k
		}
	}
	return nil
}

// XMLTree builds the element tree of one XML file (the one builder of
// the XML readers: scene/tiled's TMX, TSX and TX, scene/isoxml), checking
// its budget before each element is allocated: at most MaxAttrs
// attributes in one tag (CheckAttrs, on the raw bytes), MaxElems elements
// plus attributes in the file and elements nested at most MaxDepth deep
// (XMLBudget). The *Hint fields, when set, name the settings that raise
// those limits in the reader's API (see RaiseHint).
type XMLTree struct {
	File                         string // the file's path, for errors
	MaxDepth, MaxElems, MaxAttrs int
	DepthHint, ElemsHint         string
	AttrsHint                    string

	// Start, when set, sees every start tag before its element is built,
	// with its parent (nil for the root) and line: an error stops the
	// parse (a reader's own counts, as tiled's layers), and skip true
	// leaves the element and everything inside it out of the tree (a
	// reader folding elements into their parent, as tiled's legacy <tile
	// gid> children of <data>). Skipped elements do not count against
	// MaxElems or MaxDepth.
	Start func(parent *XMLNode, t xml.StartElement, line int) (skip bool, err error)
}

// Parse builds the tree of data and returns its root. Errors are *Error
// values at a line of File: ErrSyntax for malformed XML (XMLError), more
// than one root element or none, ErrLimit for the budget.
func (o *XMLTree) Parse(data []byte) (*XMLNode, error) {
	if err := CheckAttrs(o.File, data, o.MaxAttrs); err != nil {
		return nil, o.hint(err, o.AttrsHint)
	}
	d := xml.NewDecoder(bytes.NewReader(data))
	d.Strict = true
	var root *XMLNode
	var stack []*XMLNode
	budget := XMLBudget{MaxDepth: o.MaxDepth, MaxElems: o.MaxElems}
	skip := 0 // depth inside a skipped element
	for {
		// Whitespace between tags comes as CharData, so the position
		// before a token is where it starts: a tag spanning lines is
		// reported at its first line.
		line, _ := d.InputPos()
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, XMLError(o.File, d, err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if skip > 0 {
				skip++
				continue
			}
			var parent *XMLNode
			if len(stack) > 0 {
				parent = stack[len(stack)-1]
			}
			if o.Start != nil {
				s, err := o.Start(parent, t, line)
				if err != nil {
					return nil, err
				}
				if s {
					skip = 1
					continue
				}
			}
			if err := budget.Start(o.File, line, len(stack), t); err != nil {
				if len(stack) >= o.MaxDepth {
					return nil, o.hint(err, o.DepthHint)
				}
				return nil, o.hint(err, o.ElemsHint)
			}
			n := &XMLNode{Name: t.Name.Local, Attrs: t.Attr, Line: line}
			if parent == nil {
				if root != nil {
					return nil, &Error{File: o.File, Line: line, Msg: "more than one root element", Kind: ErrSyntax}
				}
				root = n
			} else {
				parent.Kids = append(parent.Kids, n)
			}
			stack = append(stack, n)
		case xml.EndElement:
			if skip > 0 {
				skip--
				continue
			}
			stack = stack[:len(stack)-1]
		case xml.CharData:
			if len(stack) > 0 && skip == 0 {
				p := stack[len(stack)-1]
				p.Text = append(p.Text, t...)
			}
		}
	}
	if root == nil {
		return nil, &Error{File: o.File, Msg: "no root element (empty or truncated file)", Kind: ErrSyntax}
	}
	return root, nil
}

func (o *XMLTree) hint(err error, field string) error {
	if field == "" {
		return err
	}
	return RaiseHint(err, field)
}
