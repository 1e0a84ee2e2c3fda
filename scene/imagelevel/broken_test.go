package imagelevel

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"os"
	"strings"
	"testing"
	"testing/fstest"
)

// pngHeader returns the signature and IHDR chunk of a w×h 8-bit RGBA PNG
// (all DecodeConfig reads), with a correct CRC.
func pngHeader(w, h uint32) []byte {
	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	body := make([]byte, 17)
	copy(body, "IHDR")
	binary.BigEndian.PutUint32(body[4:], w)
	binary.BigEndian.PutUint32(body[8:], h)
	body[12], body[13] = 8, 6 // depth 8, RGBA
	binary.Write(&b, binary.BigEndian, uint32(13))
	b.Write(body)
	binary.Write(&b, binary.BigEndian, crc32.ChecksumIEEE(body))
	return b.Bytes()
}

func TestBrokenInputs(t *testing.T) {
	goodPNG, err := os.ReadFile("testdata/tanktrum.png")
	if err != nil {
		t.Fatal(err)
	}
	goodJSON, err := os.ReadFile("testdata/tanktrum.json")
	if err != nil {
		t.Fatal(err)
	}
	js := string(goodJSON)
	// edit replaces old (which must occur) in the good description.
	edit := func(old, new string) string {
		if !strings.Contains(js, old) {
			t.Fatalf("%q not in tanktrum.json", old)
		}
		return strings.Replace(js, old, new, 1)
	}
	art := func(rows ...string) string { return string(encode(t, artNRGBA(rows, white))) }
	type tc struct {
		name   string
		png    string // "" means the good image
		json   string // "" means the good description
		loader Loader
		kind   error
		want   string // exact error text
	}
	small := Loader{Limits: Limits{MaxWidth: 64, MaxCells: 1000, MaxImageBytes: 1 << 10, MaxFileBytes: 1 << 10}}
	cases := []tc{
		// The image.
		{name: "not a PNG", png: "GIF89a....", kind: ErrFormat, want: "map.png: not a PNG image: png: invalid format: not a PNG file"},
		{name: "empty image file", png: "\x00", kind: ErrFormat, want: "map.png: not a PNG image: unexpected EOF"},
		{name: "truncated PNG", png: string(goodPNG[:len(goodPNG)-30]), kind: ErrFormat, want: "map.png: cannot decode PNG: png: invalid format: not enough pixel data"},
		{name: "huge declared size", png: string(pngHeader(100000, 100000)), kind: ErrLimit, want: "map.png: 100000×100000 image: wider than 4096 pixels (raise Loader.Limits.MaxWidth)"},
		{name: "too many pixels", png: string(pngHeader(40, 40)), loader: small, kind: ErrLimit, want: "map.png: 40×40 image exceeds 1000 pixels (raise Loader.Limits.MaxCells)"},
		{name: "zero width", png: string(pngHeader(0, 5)), kind: ErrFormat, want: "map.png: not a PNG image: png: invalid format: non-positive dimension"},
		{name: "image file too big", png: string(goodPNG) + strings.Repeat("x", 1<<10), loader: small, kind: ErrLimit, want: "map.png: file larger than 1024 bytes (raise Loader.Limits.MaxImageBytes)"},
		{name: "door at the edge", png: art("D", "w"), json: `{"player": {"sp": {"x": 0, "y": 0}}}`, kind: ErrInvalid,
			want: "map.png: pixel (0,0): door not between two walls with floor on the other sides (left outside, right outside, above outside, below wall)"},
		{name: "door beside floor", png: art("...", "wD.", "..."), json: `{"player": {"sp": {"x": 0, "y": 0}}}`, kind: ErrInvalid,
			want: "map.png: pixel (1,1): door not between two walls with floor on the other sides (left wall, right floor, above floor, below floor)"},
		{name: "door walled on three sides", png: art(".w.", "wDw", "..."), json: `{"player": {"sp": {"x": 0, "y": 0}}}`, kind: ErrInvalid,
			want: "map.png: pixel (1,1): door not between two walls with floor on the other sides (left wall, right wall, above wall, below floor)"},
		{name: "double door", png: art("....", "wDDw", "...."), json: `{"player": {"sp": {"x": 0, "y": 0}}}`, kind: ErrInvalid,
			want: "map.png: pixel (1,1): door not between two walls with floor on the other sides (left wall, right door, above floor, below floor)"},
		{name: "too many doors", png: art(".....", "wDwDw", "....."), json: `{"player": {"sp": {"x": 0, "y": 0}}}`, loader: Loader{Limits: Limits{MaxEntries: 1}}, kind: ErrLimit,
			want: "map.png: pixel (3,1): more than 1 doors (raise Loader.Limits.MaxEntries)"},
		{name: "same wall and door colour", loader: Loader{WallColor: DefaultDoorColor}, kind: ErrInvalid, want: "map.png: wall and door colours are the same"},
		// The description alone.
		{name: "empty JSON", json: " ", kind: ErrSyntax, want: "map.json: empty file"},
		{name: "truncated JSON", json: js[:200], kind: ErrSyntax, want: "map.json:13:9: truncated JSON"},
		{name: "JSON syntax", json: edit(`"locked": false`, `"locked": nope`), kind: ErrSyntax, want: "map.json:10:18: malformed JSON: invalid character 'o' in literal null (expecting 'u')"},
		{name: "NUL in a name", json: edit(`"name": "VAULT"`, `"name": "VA\u0000ULT"`), kind: ErrSyntax, want: "map.json:13:15: escaped character U+0000 in a string"},
		{name: "invalid UTF-8 in a name", json: edit(`"name": "VAULT"`, "\"name\": \"VA\xffULT\""), kind: ErrSyntax, want: "map.json:13:15: invalid UTF-8 in a string"},
		{name: "JSON wrong type", json: edit(`"max_in_level": 4,`, `"max_in_level": "4",`), kind: ErrSyntax, want: `map.json:32:23: overlords[0].max_in_level: wrong type: JSON string where an integer is expected`},
		{name: "JSON fractional count", json: edit(`"spawns_in_wave": 6`, `"spawns_in_wave": 6.5`), kind: ErrSyntax, want: `map.json:33:25: overlords[0].spawns_in_wave: wrong type: JSON number 6.5 where an integer is expected`},
		{name: "JSON string for a bool", json: edit(`"locked": true`, `"locked": "yes"`), kind: ErrSyntax, want: `map.json:15:17: doors[1].locked: wrong type: JSON string where true or false is expected`},
		{name: "JSON object for an array", json: edit(`"triggers": [{"x": 16.5, "y": 2.5}, {"x": 17, "y": 3}]`, `"triggers": {"x": 16.5}`), kind: ErrSyntax, want: `map.json:37:19: overlords[1].triggers: wrong type: JSON object where an array is expected`},
		{name: "unknown field", json: edit(`"spawn_points": [
        {"x": 5.5`, `"spawn_point": [
        {"x": 5.5`), kind: ErrSyntax, want: `map.json:26:7: overlords[0].spawn_point: unknown field "spawn_point"`},
		{name: "trailing data", json: js + "{}", kind: ErrSyntax, want: "map.json:44:1: data after the top-level object"},
		{name: "not an object", json: "[1]", kind: ErrSyntax, want: "map.json:1:1: wrong type: JSON array where an object is expected"},
		{name: "no player", json: `{"doors": []}`, kind: ErrInvalid, want: "map.json:1:1: player: missing"},
		{name: "no spawn", json: `{"player": {"osr": {"x": 0, "y": 1}}}`, kind: ErrInvalid, want: "map.json:1:12: player.sp: needs both x and y"},
		{name: "spawn without y", json: edit(`"sp": {"x": 10.5, "y": 4.5}`, `"sp": {"x": 10.5}`), kind: ErrInvalid, want: "map.json:4:11: player.sp: needs both x and y"},
		{name: "osr without x", json: edit(`"osr": {"x": 0, "y": 1}`, `"osr": {"y": 1}`), kind: ErrInvalid, want: "map.json:3:12: player.osr: needs both x and y"},
		{name: "negative spawn", json: edit(`"sp": {"x": 10.5`, `"sp": {"x": -10.5`), kind: ErrInvalid, want: "map.json:4:11: player.sp: (-10.5, 4.5) outside 0..4096 × 0..4096"},
		{name: "door without name", json: edit(`"name": "VAULT",`, ``), kind: ErrInvalid, want: "map.json:12:5: doors[1]: needs a non-empty name"},
		{name: "duplicate door name", json: edit(`"name": "VAULT"`, `"name": "DOOR1"`), kind: ErrInvalid, want: `map.json:12:5: doors[1]: name "DOOR1" already used by doors[0]`},
		{name: "duplicate door tile", json: edit(`{"x": 15, "y": 2}`, `{"x": 10, "y": 5}`), kind: ErrInvalid, want: "map.json:14:15: doors[1].tile: (10, 5) already used by doors[0]"},
		{name: "negative door tile", json: edit(`{"x": 15, "y": 2}`, `{"x": -1, "y": 2}`), kind: ErrInvalid, want: "map.json:14:15: doors[1].tile: (-1, 2) outside 0..4095 × 0..4095"},
		{name: "door without tile", json: edit(`"tile": {"x": 15, "y": 2},`, ``), kind: ErrInvalid, want: "map.json:12:5: doors[1].tile: needs both x and y"},
		{name: "lock unknown door", json: edit(`["VAULT", "DOOR1"]`, `["VAULT", "DOOR9"]`), kind: ErrRef, want: `map.json:36:34: overlords[1].lock_on_entry[1]: no door named "DOOR9"`},
		{name: "lock twice", json: edit(`["VAULT", "DOOR1"]`, `["VAULT", "VAULT"]`), kind: ErrInvalid, want: `map.json:36:34: overlords[1].lock_on_entry[1]: door "VAULT" listed twice`},
		{name: "no spawn points", json: edit(`"spawn_points": [{"x": 18.5, "y": 1.5}]`, `"spawn_points": []`), kind: ErrInvalid, want: "map.json:35:5: overlords[1]: needs at least one spawn point"},
		{name: "zero max in level", json: edit(`"max_in_level": 1`, `"max_in_level": 0`), kind: ErrInvalid, want: "map.json:39:23: overlords[1].max_in_level: 0 not in 1..65536"},
		{name: "no wave size", json: edit(`"max_in_level": 1,
      "spawns_in_wave": 2`, `"max_in_level": 1`), kind: ErrInvalid, want: "map.json:35:5: overlords[1]: missing spawns_in_wave"},
		{name: "absurd wave", json: edit(`"spawns_in_wave": 2`, `"spawns_in_wave": 9000000000`), kind: ErrInvalid, want: "map.json:40:25: overlords[1].spawns_in_wave: 9000000000 not in 1..65536"},
		{name: "too many entries", json: edit(`"spawn_points": [
        {"x": 5.5`, `"spawn_points": [{"x":1,"y":1},{"x":1,"y":1},{"x":1,"y":1},
        {"x": 5.5`), loader: Loader{Limits: Limits{MaxEntries: 15}}, kind: ErrLimit, want: "map.json:1:1: 18 entries exceed 15 (raise Loader.Limits.MaxEntries)"},
		{name: "description too big", json: js + strings.Repeat(" ", 1<<10), loader: small, kind: ErrLimit, want: "map.json: file larger than 1024 bytes (raise Loader.Limits.MaxFileBytes)"},
		// The two together.
		{name: "spawn in a wall", json: edit(`"sp": {"x": 10.5, "y": 4.5}`, `"sp": {"x": 9.9, "y": 5.0}`), kind: ErrInvalid, want: "map.json:4:11: player.sp: (9.9, 5) is inside a wall (pixel (9,5) of map.png)"},
		{name: "spawn outside the image", json: edit(`"sp": {"x": 10.5, "y": 4.5}`, `"sp": {"x": 21, "y": 4.5}`), kind: ErrInvalid, want: "map.json:4:11: player.sp: (21, 4.5) outside the 21×16 image map.png"},
		{name: "trigger in a wall", json: edit(`{"x": 17, "y": 3}`, `{"x": 15.2, "y": 3.7}`), kind: ErrInvalid, want: "map.json:37:43: overlords[1].triggers[1]: (15.2, 3.7) is inside a wall (pixel (15,3) of map.png)"},
		{name: "spawn point outside", json: edit(`{"x": 13.5, "y": 13.5}`, `{"x": 13.5, "y": 16}`), kind: ErrInvalid, want: "map.json:30:9: overlords[0].spawn_points[3]: (13.5, 16) outside the 21×16 image map.png"},
		{name: "door spec on a floor pixel", json: edit(`{"x": 15, "y": 2}`, `{"x": 14, "y": 2}`), kind: ErrRef, want: `map.json:14:15: doors[1].tile: door "VAULT" at (14, 2) but pixel (14,2) of map.png is floor, not a door`},
		{name: "door spec outside", json: edit(`{"x": 15, "y": 2}`, `{"x": 30, "y": 2}`), kind: ErrRef, want: `map.json:14:15: doors[1].tile: door "VAULT" at (30, 2) but pixel (30,2) of map.png is outside the 21×16 image, not a door`},
		{name: "door pixel not described", json: strings.Replace(edit(`,
    {
      "name": "VAULT",
      "tile": {"x": 15, "y": 2},
      "locked": true
    }`, ``), `"VAULT", `, ``, 1), kind: ErrRef, want: "map.png: pixel (15,2): door with no entry in the doors of map.json"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, j := c.png, c.json
			if p == "" {
				p = string(goodPNG)
			}
			if j == "" {
				j = js
			}
			fsys := fstest.MapFS{"map.png": {Data: []byte(p)}, "map.json": {Data: []byte(j)}}
			l, err := c.loader.Load(fsys, "map.png", "map.json")
			var e *Error
			if l != nil || !errors.As(err, &e) {
				t.Fatalf("level %v, error %T %v", l != nil, err, err)
			}
			want := c.want
			if strings.HasPrefix(want, "map.json") {
				// The image was given: the error names it, then the
				// description it refers to.
				want = "map.png: description → " + want
			}
			if !errors.Is(err, c.kind) || err.Error() != want {
				t.Fatalf("got  %v (kind %v)\nwant %s (kind %v)", err, e.Kind, want, c.kind)
			}
		})
	}
}

func TestPathsAndMissing(t *testing.T) {
	fsys := fstest.MapFS{"m.png": {Data: []byte("x")}, "m.json": {Data: []byte("{}")}}
	for _, p := range [][2]string{{"../m.png", "m.json"}, {"m.png", "/m.json"}, {"a/../../m.png", "m.json"}, {"m.png", ""}} {
		_, err := Load(fsys, p[0], p[1])
		if !errors.Is(err, ErrPath) {
			t.Fatalf("%q: %v", p, err)
		}
	}
	_, err := Load(fsys, "m.png", "none.json")
	if !errors.Is(err, ErrMissing) || !strings.HasPrefix(err.Error(), "m.png: description → none.json: cannot open") {
		t.Fatal(err)
	}
	_, err = LoadGrid(fsys, "none.png")
	if !errors.Is(err, ErrMissing) || !strings.HasPrefix(err.Error(), "none.png: cannot open") {
		t.Fatal(err)
	}
}
