package loadutil

import (
	"io/fs"
	"path"
	"strconv"
	"strings"
	"testing"
)

func TestResolvePath(t *testing.T) {
	for _, tc := range []struct {
		from, ref, want string
		ok              bool
	}{
		{"map.tmx", "a.tsx", "a.tsx", true},
		{"maps/map.tmx", "../tilesets/a.tsx", "tilesets/a.tsx", true},
		{"maps/sub/map.tmx", "../../img/x.png", "img/x.png", true},
		{"maps/map.tmx", "./a/./b/../c.png", "maps/a/c.png", true},
		{"maps/map.tmx", "a//b.png", "maps/a/b.png", true},
		// ".": the root directory is a valid fs path; opening it as a file
		// fails later, as a missing file.
		{"maps/map.tmx", "..", ".", true},
		{"maps/map.tmx", "../x/", "x", true},
		{"map.tmx", "../a.tsx", "", false},
		{"maps/map.tmx", "../../a.tsx", "", false},
		{"maps/map.tmx", "x/../../../a.tsx", "", false},
		{"map.tmx", "/etc/passwd", "", false},
		{"map.tmx", "C:/x.png", "", false},
		{"map.tmx", "x:y.png", "", false},
		{"map.tmx", `..\x.png`, "", false},
		{"map.tmx", `a\b.png`, "", false},
		{"map.tmx", "a\x00.png", "", false},
		{"map.tmx", "http://example.com/x.png", "", false},
		{"map.tmx", "", "", false},
	} {
		got, err := ResolvePath(tc.from, tc.ref, strconv.Quote)
		if (err == nil) != tc.ok || got != tc.want {
			t.Errorf("ResolvePath(%q, %q) = %q, %v", tc.from, tc.ref, got, err)
		}
	}
}

// The messages, with either quoting.
func TestResolvePathMessages(t *testing.T) {
	long := strings.Repeat("d/", 30) + "x.png" // 65 bytes
	for _, tc := range []struct {
		from, ref string
		quote     func(string) string
		want      string
	}{
		{"a.xml", "", strconv.Quote, "empty path"},
		{"a.xml", "/defs.xml", strconv.Quote, `absolute path, drive, URL or backslash not allowed: "/defs.xml"`},
		{"a.xml", `a\b`, strconv.Quote, `absolute path, drive, URL or backslash not allowed: "a\\b"`},
		{"levels/s.xml", "../../etc/defs.xml", strconv.Quote, `"../../etc/defs.xml" leaves the root (resolves to "../etc/defs.xml")`},
		{"a.xml", "../" + long, strconv.Quote, strconv.Quote("../"+long) + " leaves the root (resolves to " + strconv.Quote("../"+long) + ")"},
		{"a.xml", "../" + long, QuoteShort, `"../d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d…" leaves the root (resolves to "../d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d…")`},
		{"a.xml", "http://" + long, QuoteShort, `absolute path, drive, URL or backslash not allowed: "http://d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d…"`},
	} {
		_, err := ResolvePath(tc.from, tc.ref, tc.quote)
		if err == nil || err.Error() != tc.want {
			t.Errorf("ResolvePath(%q, %q) = %v, want %q", tc.from, tc.ref, err, tc.want)
		}
	}
}

// Whatever the inputs, a resolved path is a valid fs path equal to the
// cleaned join, and a refused one has a reason.
func checkResolve(t *testing.T, from, ref string) {
	t.Helper()
	p, err := ResolvePath(from, ref, strconv.Quote)
	if err != nil {
		if p != "" || err.Error() == "" {
			t.Fatalf("ResolvePath(%q, %q) = %q, %v", from, ref, p, err)
		}
		return
	}
	if !fs.ValidPath(p) || p != path.Join(path.Dir(from), ref) ||
		strings.HasPrefix(ref, "/") || strings.ContainsAny(ref, "\\:\x00") {
		t.Fatalf("ResolvePath(%q, %q) = %q", from, ref, p)
	}
}

func TestResolvePathProperty(t *testing.T) {
	parts := []string{"a", "b", "..", ".", "", "c.png", "x:y", `\`}
	// Every ref of up to four parts, from files at three depths.
	var refs []string
	var build func(prefix string, n int)
	build = func(prefix string, n int) {
		refs = append(refs, prefix)
		if n == 0 {
			return
		}
		for _, p := range parts {
			if prefix == "" {
				build(p, n-1)
			} else {
				build(prefix+"/"+p, n-1)
			}
		}
	}
	build("", 4)
	for _, from := range []string{"m.tmx", "maps/m.tmx", "maps/sub/m.tmx"} {
		depth := strings.Count(from, "/")
		for _, ref := range refs {
			checkResolve(t, from, ref)
			// A ref going up more than the file's depth never resolves.
			if strings.HasPrefix(ref, strings.Repeat("../", depth+1)) {
				if p, err := ResolvePath(from, ref, strconv.Quote); err == nil {
					t.Fatalf("ResolvePath(%q, %q) = %q", from, ref, p)
				}
			}
		}
	}
}

func TestQuoteShort(t *testing.T) {
	s40 := strings.Repeat("a", 40)
	for _, tc := range []struct{ in, want string }{
		{"", `""`},
		{"ground", `"ground"`},
		{`say "hi"`, `"say \"hi\""`},
		{s40, `"` + s40 + `"`},
		{s40 + "b", `"` + s40 + `…"`},
		{s40 + strings.Repeat("b", 1000), `"` + s40 + `…"`},
		// The cut is at 40 bytes even inside a rune; the stray byte is
		// quoted as an escape.
		{strings.Repeat("a", 39) + "é", `"` + strings.Repeat("a", 39) + `\xc3…"`},
	} {
		if got := QuoteShort(tc.in); got != tc.want {
			t.Errorf("QuoteShort(%q) = %s, want %s", tc.in, got, tc.want)
		}
	}
}
