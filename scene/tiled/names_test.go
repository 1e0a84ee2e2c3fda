package tiled

import (
	"errors"
	"strings"
	"testing"
	"testing/fstest"
)

// TestNamesTMXCannotHold: a name (or any string) holding a character XML
// 1.0 excludes, or bytes that are not UTF-8, is refused the same in both
// formats, naming the file and the line: TMX's XML reader refuses it, and
// the JSON scanner refuses it too (it accepted a layer named "a\x00b"
// through an escape, and turned invalid UTF-8 into U+FFFD silently). Tab,
// line feed and carriage return, which XML allows, stay.
func TestNamesTMXCannotHold(t *testing.T) {
	tmx := func(name string) string {
		return `<?xml version="1.0" encoding="UTF-8"?><map version="1.10" orientation="orthogonal" width="1" height="1" tilewidth="8" tileheight="8">` + "\n" +
			`<layer id="1" name="` + name + `" width="1" height="1"><data encoding="csv">0</data></layer></map>`
	}
	tmj := func(name string) string {
		return `{"type": "map", "version": "1.10", "orientation": "orthogonal", "width": 1, "height": 1, "tilewidth": 8, "tileheight": 8,` + "\n" +
			`"layers": [{"type": "tilelayer", "id": 1, "name": "` + name + `", "width": 1, "height": 1, "data": [0]}]}`
	}
	for _, c := range []struct{ file, src, want string }{
		{"nul.tmx", tmx("a&#0;b"), "nul.tmx:2: malformed XML: illegal character code U+0000"},
		{"utf8.tmx", tmx("a\xffb"), "utf8.tmx:2: malformed XML: invalid UTF-8"},
		{"nul.tmj", tmj(`a\u0000b`), "nul.tmj:2: malformed JSON: character U+0000 in a string (XML, and so TMX, cannot hold it)"},
		{"esc.tmj", tmj(`a\u001bb`), "esc.tmj:2: malformed JSON: character U+001B in a string"},
		{"fffe.tmj", tmj(`a\ufffeb`), "fffe.tmj:2: malformed JSON: character U+FFFE in a string"},
		{"utf8.tmj", tmj("a\xffb"), "utf8.tmj:2: malformed JSON: invalid UTF-8 in a string"},
	} {
		_, err := Load(fstest.MapFS{c.file: {Data: []byte(c.src)}}, c.file)
		if !errors.Is(err, ErrSyntax) || err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v\nwant ErrSyntax with %q", c.file, err, c.want)
		}
	}
	for _, name := range []string{`tab\there`, `two\nlines`, `cr\r`, `é\u00e9 \ud83d\ude00`} {
		m, err := Load(fstest.MapFS{"ok.tmj": {Data: []byte(tmj(name))}}, "ok.tmj")
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if got := m.Layers[0].Name; strings.ContainsRune(got, 0xfffd) || len(got) < 3 {
			t.Errorf("%s read as %q", name, got)
		}
	}
}
