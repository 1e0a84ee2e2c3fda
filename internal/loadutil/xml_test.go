package loadutil

import (
	"encoding/xml"
	"errors"
	"io"
	"strings"
	"testing"
)

// firstError runs a strict decoder over doc and converts its first error.
func firstError(t *testing.T, doc string) *Error {
	t.Helper()
	d := xml.NewDecoder(strings.NewReader(doc))
	d.Strict = true
	for {
		_, err := d.Token()
		if err == io.EOF {
			t.Fatalf("%q decodes without error", doc)
		}
		if err != nil {
			return XMLError("f.xml", d, err)
		}
	}
}

func TestXMLError(t *testing.T) {
	for _, tc := range []struct{ doc, want string }{
		{"<a>\n<b>\n</c>\n</a>", "f.xml:3: malformed XML: element <b> closed by </c>"},
		{"<a>\n<b>\n", "f.xml:3: malformed XML: unexpected EOF"},
		{"<a x=1/>", "f.xml:1: malformed XML: unquoted or missing attribute value in element"},
		{"<!DOCTYPE s [<!ENTITY e \"x\">]>\n<a>&e;</a>", "f.xml:2: malformed XML: invalid character entity &e;"},
		// Not a *xml.SyntaxError: the decoder's line, the error as is.
		{"\n\n<?xml version=\"1.1\"?><a/>", "f.xml:3: malformed XML: xml: unsupported version \"1.1\"; only version 1.0 is supported"},
	} {
		e := firstError(t, tc.doc)
		if e.Error() != tc.want || !errors.Is(e, ErrSyntax) || e.Kind != ErrSyntax {
			t.Errorf("%q: got %q, want %q", tc.doc, e.Error(), tc.want)
		}
	}
}

func TestXMLBudget(t *testing.T) {
	el := func(name string, attrs int) xml.StartElement {
		return xml.StartElement{Name: xml.Name{Local: name}, Attr: make([]xml.Attr, attrs)}
	}
	b := XMLBudget{MaxDepth: 3, MaxElems: 10}
	// 3 + 1 + 3 = 7 elements and attributes, depths 0..2.
	for i, s := range []xml.StartElement{el("map", 2), el("layer", 0), el("data", 2)} {
		if err := b.Start("m.tmx", i+1, i, s); err != nil {
			t.Fatal(err)
		}
	}
	// Depth 3 is one too deep (the count is still fine: 9).
	err := b.Start("m.tmx", 4, 3, el("deep", 1))
	if !errors.Is(err, ErrLimit) || err.Error() != "m.tmx:4: <deep>: elements nested deeper than 3" {
		t.Fatal(err)
	}
	// 9 + 1 = 10 is the limit exactly; then 12.
	if err := b.Start("m.tmx", 5, 1, el("x", 0)); err != nil {
		t.Fatal(err)
	}
	err = b.Start("m.tmx", 6, 1, el("y", 1))
	var e *Error
	if !errors.As(err, &e) || e.Line != 6 || e.Where != "<y>" || err.Error() != "m.tmx:6: <y>: more than 10 XML elements and attributes" {
		t.Fatal(err)
	}
	// The count is checked before the depth.
	b = XMLBudget{MaxDepth: 1, MaxElems: 1}
	if err := b.Start("f", 1, 5, el("a", 1)); err == nil || !strings.Contains(err.Error(), "more than 1 XML elements") {
		t.Fatal(err)
	}
}
