package loadutil

import (
	"bytes"
	"encoding/json"
	"testing"
	"unicode/utf8"

	"diorama/internal/testenv"
)

func TestLineCol(t *testing.T) {
	data := []byte("ab\ncde\n\nf")
	for _, tc := range []struct {
		off       int64
		line, col int
	}{
		{-5, 1, 1}, {0, 1, 1}, {1, 1, 2}, {2, 1, 3}, // the '\n' ends line 1
		{3, 2, 1}, {5, 2, 3}, {6, 2, 4},
		{7, 3, 1},
		{8, 4, 1}, {9, 4, 2}, {100, 4, 2},
	} {
		l, c := LineCol(data, tc.off)
		if l != tc.line || c != tc.col {
			t.Errorf("LineCol(%d) = %d:%d, want %d:%d", tc.off, l, c, tc.line, tc.col)
		}
	}
	if l, c := LineCol(nil, 3); l != 1 || c != 1 {
		t.Errorf("LineCol(nil) = %d:%d", l, c)
	}
}

// LineCol agrees with walking the bytes one by one.
func TestLineColWalk(t *testing.T) {
	data := bytes.Repeat([]byte("x\n\nyz\r\n"), 5)
	line, col := 1, 1
	for off := range int64(len(data)) + 1 {
		l, c := LineCol(data, off)
		if l != line || c != col {
			t.Fatalf("off %d: %d:%d, want %d:%d", off, l, c, line, col)
		}
		if off < int64(len(data)) {
			if data[off] == '\n' {
				line, col = line+1, 1
			} else {
				col++
			}
		}
	}
}

func TestJSONText(t *testing.T) {
	for _, c := range []struct {
		doc  string
		off  int64
		want string // "" when every string is text
	}{
		{`{"a": "b", "c": ["d\te\nf\r", "é\u00e9\ud83d\ude00\u007f"]}`, 0, ""},
		{`{"a": "x\u0000y"}`, 6, "escaped character U+0000 in a string"},
		{`{"a\u001b": 1}`, 1, "escaped character U+001B in a string"},
		{`["\b"]`, 1, "escaped control character U+0008 in a string"},
		{`["ok", "\f"]`, 7, "escaped control character U+000C in a string"},
		{`["\uFFFE"]`, 1, "escaped character U+FFFE in a string"},
		{"[\"\xef\xbf\xbf\"]", 1, "character U+FFFF in a string"},
		{"[\"a\xffb\"]", 1, "invalid UTF-8 in a string"},
		{`["\\u0000 is written so"]`, 0, ""}, // an escaped backslash, then text
		{`["\"\u0000"]`, 1, "escaped character U+0000 in a string"},
		{`[1, true, null]`, 0, ""},
	} {
		off, msg, bad := JSONText([]byte(c.doc))
		if bad != (c.want != "") || msg != c.want || off != c.off {
			t.Errorf("%q: %d %q %v, want %d %q", c.doc, off, msg, bad, c.off, c.want)
		}
	}
}

// FuzzJSONText: on well-formed JSON without a key written twice, JSONText finds a string exactly
// when the document is not UTF-8 or a string or key encoding/json decodes
// holds a character TextRune refuses.
func FuzzJSONText(f *testing.F) {
	for _, s := range []string{`{"a": "b\u0000"}`, "[\"\xff\"]", `["\\u0001", "\/\b"]`, `{"k\ud800": "\ud83d\ude00"}`, `"\uffff"`, `[]`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var v any
		if json.Unmarshal(data, &v) != nil {
			return
		}
		if _, _, dup := DuplicateKey(data); dup {
			return // encoding/json keeps the last copy: the oracle cannot see the first
		}
		_, msg, bad := JSONText(data)
		if want := !utf8.Valid(data) || !testenv.JSONRunes(v, TextRune); bad != want {
			t.Fatalf("%q: JSONText %v (%s), want %v", data, bad, msg, want)
		}
	})
}
