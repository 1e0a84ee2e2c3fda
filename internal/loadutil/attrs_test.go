package loadutil

import (
	"errors"
	"strings"
	"testing"
)

func TestCheckAttrs(t *testing.T) {
	for _, tc := range []struct {
		data string
		want string // "" for nil
	}{
		{`<a x="1" y="2"/>`, ""},
		{`<a x="1" y="2" z="3"/>`, "f.xml:1: a tag with more than 2 attributes"},
		// Counted per tag: many tags of two attributes are fine.
		{strings.Repeat(`<a x="1" y="2"/>`, 100), ""},
		// The line is the tag's first line.
		{"<r>\n<a x=\"1\"\n y=\"2\"\n z=\"3\"/></r>", "f.xml:2: a tag with more than 2 attributes"},
		// A '>' in a value does not end the count.
		{`<a x=">" y=">" z=">"/>`, "f.xml:1: a tag with more than 2 attributes"},
		// Text between tags counts as the tag before it.
		{`<a>x=y=z=w</a>`, "f.xml:1: a tag with more than 2 attributes"},
		{``, ""},
	} {
		err := CheckAttrs("f.xml", []byte(tc.data), 2)
		if tc.want == "" {
			if err != nil {
				t.Errorf("%q: %v", tc.data, err)
			}
			continue
		}
		if err == nil || err.Error() != tc.want || !errors.Is(err, ErrLimit) {
			t.Errorf("%q: %v, want %s", tc.data, err, tc.want)
		}
	}
}
