package atlas

import (
	"errors"
	"strings"
	"testing"
)

// TestSheetNamesAreText: a sheet whose frame, tag or layer names (or any
// string) hold a control character written as an escape, or bytes that
// are not UTF-8, is refused naming the file and the line (frames named
// "a\x00b" and "a\ufffdb" loaded before).
func TestSheetNamesAreText(t *testing.T) {
	sheet := func(frame, tag string) string {
		return `{"frames": {"` + frame + `": {"frame": {"x": 0, "y": 0, "w": 1, "h": 1}, "duration": 100}},` + "\n" +
			`"meta": {"size": {"w": 1, "h": 1}, "frameTags": [{"name": "` + tag + `", "from": 0, "to": 0, "direction": "forward"}]}}`
	}
	for _, c := range []struct{ src, want string }{
		{sheet(`a\u0000b`, "t"), "s.json:1:13: escaped character U+0000 in a string"},
		{sheet("a\xffb", "t"), "s.json:1:13: invalid UTF-8 in a string"},
		{sheet("a", `t\u0007`), "s.json:2:59: escaped character U+0007 in a string"},
	} {
		_, err := ParseAsepriteJSON("s.json", []byte(c.src))
		if !errors.Is(err, ErrSyntax) || err.Error() != c.want {
			t.Errorf("%q: %v\nwant ErrSyntax: %q", c.src, err, c.want)
		}
	}
	if _, err := ParseAsepriteJSON("s.json", []byte(sheet(`a\tb é`, `walk \ud83d\ude00`))); err != nil {
		t.Fatal(err)
	}
}

// TestAsepriteNamesAreText: an Aseprite file's strings (layer, tag and
// slice names, user data) must be UTF-8 text: a layer named with a NUL or
// an escape character is refused naming the file and the chunk.
func TestAsepriteNamesAreText(t *testing.T) {
	for _, c := range []struct{ name, want string }{
		{"a\x00b", "n.aseprite: byte offset 150 (frame 0 chunk 0x2004): string holds the character U+0000"},
		{"a\x1bb", "n.aseprite: byte offset 150 (frame 0 chunk 0x2004): string holds the character U+001B"},
		{"a\xffb", "n.aseprite: byte offset 150 (frame 0 chunk 0x2004): string is not UTF-8"},
	} {
		e := &aseEnc{w: 1, h: 1, bpp: 32, flags: headerLayerOpacity, frames: []encFrame{{dur: 10}}}
		e.add(0, chunkLayer, layerChunk(1, 0, 0, BlendNormal, 255, c.name))
		e.add(0, chunkCel, celRaw(0, 0, 0, 255, 1, 1, rgba(red)))
		_, err := ParseAseprite("n.aseprite", e.bytes())
		if err == nil || !strings.HasPrefix(err.Error(), "n.aseprite: ") || !strings.Contains(err.Error(), c.want[strings.Index(c.want, "string"):]) {
			t.Errorf("layer %q: %v\nwant %q", c.name, err, c.want)
		}
	}
	e := &aseEnc{w: 1, h: 1, bpp: 32, flags: headerLayerOpacity, frames: []encFrame{{dur: 10}}}
	e.add(0, chunkLayer, layerChunk(1, 0, 0, BlendNormal, 255, "tab\there é"))
	e.add(0, chunkCel, celRaw(0, 0, 0, 255, 1, 1, rgba(red)))
	if _, err := ParseAseprite("ok.aseprite", e.bytes()); err != nil {
		t.Fatal(err)
	}
}
