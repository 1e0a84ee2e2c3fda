package loadutil

import (
	"encoding/xml"
	"errors"
	"fmt"
)

// XMLError turns an error from d.Token into an *Error of kind ErrSyntax,
// "malformed XML", at the line of the syntax error (for other errors, the
// decoder's current line), with the syntax error's bare message as the
// cause: "file:3: malformed XML: element <head> closed by </body>".
func XMLError(file string, d *xml.Decoder, err error) *Error {
	line, _ := d.InputPos()
	var se *xml.SyntaxError
	if errors.As(err, &se) {
		line = se.Line
		err = errors.New(se.Msg)
	}
	return &Error{File: file, Line: line, Msg: "malformed XML", Kind: ErrSyntax, Err: err}
}

// XMLBudget bounds an XML element tree while it is built, before each
// element is allocated: at most MaxElems elements plus attributes in the
// file, elements nested at most MaxDepth deep. The zero count is a fresh
// file; use one XMLBudget per file.
type XMLBudget struct {
	MaxDepth int
	MaxElems int
	elems    int
}

// Start accounts for the start element t, found at line inside depth open
// elements, and returns an *Error of kind ErrLimit naming the element when
// it is one too many or one too deep.
func (b *XMLBudget) Start(file string, line, depth int, t xml.StartElement) error {
	b.elems += 1 + len(t.Attr)
	if b.elems > b.MaxElems {
		return &Error{File: file, Line: line, Where: "<" + t.Name.Local + ">",
			Msg: fmt.Sprintf("more than %d XML elements and attributes", b.MaxElems), Kind: ErrLimit}
	}
	if depth >= b.MaxDepth {
		return &Error{File: file, Line: line, Where: "<" + t.Name.Local + ">",
			Msg: fmt.Sprintf("elements nested deeper than %d", b.MaxDepth), Kind: ErrLimit}
	}
	return nil
}
