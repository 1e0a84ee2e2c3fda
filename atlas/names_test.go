package atlas

import (
	"errors"
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
