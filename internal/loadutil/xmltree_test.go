package loadutil

import (
	"encoding/xml"
	"errors"
	"strings"
	"testing"
)

func TestXMLTree(t *testing.T) {
	src := "<map a=\"1\">\n  <layer\n     name=\"g\">text<x/>more</layer>\n  <data><tile gid=\"3\"><y/></tile></data>\n</map>\n"
	var folded []string
	tree := XMLTree{File: "m.tmx", MaxDepth: 8, MaxElems: 100, MaxAttrs: 10,
		Start: func(p *XMLNode, t xml.StartElement, line int) (bool, error) {
			if p != nil && p.Name == "data" {
				folded = append(folded, t.Name.Local)
				return true, nil
			}
			return false, nil
		}}
	root, err := tree.Parse([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if root.Name != "map" || root.Line != 1 || len(root.Kids) != 2 {
		t.Fatalf("root %+v", root)
	}
	// A tag spanning lines is at the line where it begins.
	ly := root.Child("layer")
	if v, ok := ly.Attr("name"); !ok || v != "g" || ly.Line != 2 || string(ly.Text) != "textmore" || len(ly.Kids) != 1 || ly.Kids[0].Line != 3 {
		t.Fatalf("layer %+v", ly)
	}
	// Skipped elements and everything inside them stay out of the tree.
	if d := root.Child("data"); d == nil || len(d.Kids) != 0 || d.Line != 4 || strings.Join(folded, ",") != "tile" {
		t.Fatalf("data %+v, folded %v", d, folded)
	}
	if root.Child("none") != nil {
		t.Fatal("Child of a missing name")
	}
	if _, ok := root.Attr("b"); ok {
		t.Fatal("Attr of a missing name")
	}
}

func TestXMLTreeErrors(t *testing.T) {
	hook := errors.New("hook")
	for _, tc := range []struct {
		src, want string
		kind      error
		start     func(*XMLNode, xml.StartElement, int) (bool, error)
	}{
		{"", "f.xml: no root element (empty or truncated file)", ErrSyntax, nil},
		{"<a/>\n<b/>", "f.xml:2: more than one root element", ErrSyntax, nil},
		{"<a>\n<b>\n</a>", "f.xml:3: malformed XML: element <b> closed by </a>", ErrSyntax, nil},
		{"<a><b><c><d/></c></b></a>", "f.xml:1: <d>: elements nested deeper than 3 (raise L.MaxDepth)", ErrLimit, nil},
		{"<a>" + strings.Repeat("<b/>", 10) + "</a>", "f.xml:1: <b>: more than 8 XML elements and attributes (raise L.MaxElems)", ErrLimit, nil},
		{"<a\n x='1' y='2' z='3'/>", "f.xml:1: a tag with more than 2 attributes (raise L.MaxAttrs)", ErrLimit, nil},
		{"<a>\n <b/></a>", "hook", hook, func(p *XMLNode, t xml.StartElement, line int) (bool, error) {
			if line == 2 {
				return false, hook
			}
			return false, nil
		}},
	} {
		tree := XMLTree{File: "f.xml", MaxDepth: 3, MaxElems: 8, MaxAttrs: 2,
			DepthHint: "L.MaxDepth", ElemsHint: "L.MaxElems", AttrsHint: "L.MaxAttrs", Start: tc.start}
		_, err := tree.Parse([]byte(tc.src))
		if err == nil || err.Error() != tc.want || !errors.Is(err, tc.kind) {
			t.Errorf("%q: error %v, want %q (%v)", tc.src, err, tc.want, tc.kind)
		}
	}
}
