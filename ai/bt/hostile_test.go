package bt

import (
	"errors"
	"testing"

	"diorama/internal/loadutil/loadtest"
)

// TestHostileText: names with a NUL byte or in invalid UTF-8 are refused
// with the line, and every error of a source read from a file (parsing,
// expanding its uses, building it) names the file first.
func TestHostileText(t *testing.T) {
	r := NewRegistry[int](NewSchema())
	r.Action("go", 0, func(int, *Call) Status { return Success })
	cases := []struct {
		name, src, tree string
		want            string
	}{
		{"nul.bt", "tree a\x00b\n  succeed\n", "", "nul.bt:1: control character 0x00 in the text"},
		{"leaf.bt", "tree a\n  action g\x00o\n", "", "leaf.bt:2: control character 0x00"},
		{"utf8.bt", "tree a\n  action \xff\xfe\n", "", "utf8.bt:2: not valid UTF-8 text"},
		{"self.bt", "tree a\n  sequence\n    succeed\n    use a\n", "a", `self.bt:4: tree "a" uses itself (a → a)`},
		{"cycle.bt", "tree a\n  use b\ntree b\n  use a\n", "a", `cycle.bt:4: tree "a" uses itself (a → b → a)`},
		{"none.bt", "tree a\n  succeed\n", "z", `none.bt: no tree named "z"`},
		{"unknown.bt", "tree a\n  action fly\n", "", "unknown.bt:2: "},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := loadtest.Watch(t, 0, 0, func() error {
				_, err := r.Parse(c.name, c.src, c.tree)
				return err
			})
			loadtest.WantError(t, err, nil, c.name, c.want)
		})
	}
	// The JSON form refuses the same names, and any string that is not
	// text (loadutil.JSONText), with the line.
	for _, c := range []struct{ src, want string }{
		{`{"a\u0000b": {"kind": "succeed"}}`, "t.json:1: escaped character U+0000 in a string"},
		{"{\n\"a\": {\"kind\": \"action\", \"name\": \"g\\u0001o\"}}", "t.json:2: escaped character U+0001 in a string"},
		{"{\"a\xffb\": {\"kind\": \"succeed\"}}", "t.json:1: invalid UTF-8 in a string"},
		{"{\"a\": {\"kind\": \"action\", \"name\": \"g\xfeo\"}}", "t.json:1: invalid UTF-8 in a string"},
	} {
		if _, err := ParseJSON("t.json", []byte(c.src)); err == nil || err.Error() != c.want || !errors.Is(err, ErrSyntax) {
			t.Errorf("%q: %v, want %q", c.src, err, c.want)
		}
	}
	// Source.Def names the file of a source read with a name.
	s, err := Parse("trees.bt", "tree a\n  use a\n")
	if err != nil {
		t.Fatal(err)
	}
	_, err = s.Def("a")
	loadtest.WantError(t, err, nil, "trees.bt:2: ", `tree "a" uses itself`)
}
