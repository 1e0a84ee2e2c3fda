package loadutil

import "testing"

func TestDuplicateKey(t *testing.T) {
	for _, c := range []struct {
		doc, path string
		ok        bool
	}{
		{`{"a":1,"b":2}`, "", false},
		{`{"a":1,"a":2}`, "a", true},
		{`{"layers":[{"x":1},{"objects":[{"id":1,"x":2,"x":3}]}]}`, "layers[1].objects[0].x", true},
		{`{"a":{"b":1},"c":{"b":2}}`, "", false},
		{`[{"k":1},{"k":2}]`, "", false},
		{`[[1,2],{"k":[{"z":1,"z":1}]}]`, "[1].k[0].z", true},
		{`{"a":`, "", false},
		{`{"a":1,"b":{"a":1,"a":2}}`, "b.a", true},
	} {
		path, off, ok := DuplicateKey([]byte(c.doc))
		if ok != c.ok || path != c.path {
			t.Errorf("%s: %q %v, want %q %v", c.doc, path, ok, c.path, c.ok)
		}
		if ok && (off <= 0 || off > int64(len(c.doc))) {
			t.Errorf("%s: offset %d", c.doc, off)
		}
	}
}

func FuzzDuplicateKey(f *testing.F) {
	f.Add([]byte(`{"a":[{"b":1,"b":2}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		DuplicateKey(data) // never panics
	})
}
