package tiled

import (
	"bytes"
	"compress/gzip"
	"compress/zlib"
	"encoding/base64"
	"errors"
	"os"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/klauspost/compress/zstd"
)

// compress64 returns base64 of data compressed with comp.
func compress64(t testing.TB, comp string, data []byte) string {
	var b bytes.Buffer
	switch comp {
	case "zlib":
		w := zlib.NewWriter(&b)
		w.Write(data)
		w.Close()
	case "gzip":
		w := gzip.NewWriter(&b)
		w.Write(data)
		w.Close()
	case "zstd", "zstd-small-window":
		opts := []zstd.EOption{}
		if comp == "zstd-small-window" {
			opts = append(opts, zstd.WithWindowSize(zstd.MinWindowSize), zstd.WithSingleSegment(false))
		}
		w, err := zstd.NewWriter(&b, opts...)
		if err != nil {
			t.Fatal(err)
		}
		w.Write(data)
		w.Close()
	default:
		b.Write(data)
	}
	return base64.StdEncoding.EncodeToString(b.Bytes())
}

// trailing returns compress64 of data with five bytes of junk after the
// compressed stream.
func trailing(t testing.TB, comp string, data []byte) string {
	raw, err := base64.StdEncoding.DecodeString(compress64(t, comp, data))
	if err != nil {
		t.Fatal(err)
	}
	return base64.StdEncoding.EncodeToString(append(raw, "junk!"...))
}

const tsxOK = `<tileset name="ok" tilewidth="8" tileheight="8" tilecount="4" columns="2"><image source="t.png" width="16" height="16"/></tileset>`

// tmx wraps a layer body in a 2×2 map with a 4-tile tileset.
func tmx(attrs, body string) string {
	if attrs == "" {
		attrs = `orientation="orthogonal" width="2" height="2" tilewidth="8" tileheight="8"`
	}
	return `<?xml version="1.0"?><map ` + attrs + `>
<tileset firstgid="1" name="t" tilewidth="8" tileheight="8" tilecount="4" columns="2"><image source="t.png" width="16" height="16"/></tileset>
` + body + `</map>`
}

func dataLayer(enc, comp, payload string) string {
	a := ``
	if enc != "" {
		a += ` encoding="` + enc + `"`
	}
	if comp != "" {
		a += ` compression="` + comp + `"`
	}
	return `<layer id="1" name="L" width="2" height="2"><data` + a + `>` + payload + `</data></layer>`
}

// late moves the test tileset to firstgid 9, so GIDs 1-8 lie below every
// tileset: the one GID Tiled refuses ("Invalid tile").
func late(m string) string {
	m = strings.Replace(m, `firstgid="1"`, `firstgid="9"`, 1)
	return strings.Replace(m, `"firstgid": 1,`, `"firstgid": 9,`, 1)
}

func tmj(fields, layers string) string {
	if fields == "" {
		fields = `"orientation": "orthogonal", "width": 2, "height": 2, "tilewidth": 8, "tileheight": 8`
	}
	return `{"type": "map", ` + fields + `,
 "tilesets": [{"firstgid": 1, "name": "t", "tilewidth": 8, "tileheight": 8, "tilecount": 4, "columns": 2, "image": "t.png", "imagewidth": 16, "imageheight": 16}],
 "layers": [` + layers + `]}`
}

func TestBrokenInputs(t *testing.T) {
	good := make([]byte, 16)
	bomb := make([]byte, 1<<20) // 1 MiB of zeros for a layer that holds 16 bytes
	short := make([]byte, 12)
	ortho, err := os.ReadFile("testdata/ortho.tmx")
	if err != nil {
		t.Fatal(err)
	}
	orthoJ, err := os.ReadFile("testdata/ortho.tmj")
	if err != nil {
		t.Fatal(err)
	}
	deepGroups := strings.Repeat(`<group name="g">`, 80) + strings.Repeat(`</group>`, 80)
	type tc struct {
		name  string
		file  string            // the file loaded
		files map[string]string // the fs
		lim   *Limits
		kind  error
		inErr string // the error must name this file
		want  string // and contain this
	}
	cases := []tc{
		{name: "truncated XML", file: "m.tmx", files: map[string]string{"m.tmx": string(ortho[:len(ortho)/2])}, kind: ErrSyntax, want: "malformed XML"},
		{name: "truncated JSON", file: "m.tmj", files: map[string]string{"m.tmj": string(orthoJ[:len(orthoJ)/2])}, kind: ErrSyntax, want: "JSON"},
		{name: "empty file", file: "m.tmx", files: map[string]string{"m.tmx": ""}, kind: ErrSyntax, want: "no root element"},
		{name: "not a map", file: "m.tmx", files: map[string]string{"m.tmx": tsxOK}, kind: ErrInvalid, want: "not <map>"},
		{name: "wrong base64", file: "m.tmx", files: map[string]string{"m.tmx": tmx("", dataLayer("base64", "", "!!!not*base64"))}, kind: ErrData, want: `layer "L" > data: base64 data: bad base64`},
		{name: "wrong base64 JSON", file: "m.tmj", files: map[string]string{"m.tmj": tmj("", `{"type": "tilelayer", "name": "L", "width": 2, "height": 2, "encoding": "base64", "data": "%%%"}`)}, kind: ErrData, want: "bad base64"},
		{name: "base64 too short", file: "m.tmx", files: map[string]string{"m.tmx": tmx("", dataLayer("base64", "", compress64(t, "", short)))}, kind: ErrData, want: "12 bytes, want 16"},
		{name: "bad zlib", file: "m.tmx", files: map[string]string{"m.tmx": tmx("", dataLayer("base64", "zlib", compress64(t, "", good)))}, kind: ErrData, want: "bad zlib data"},
		{name: "bad gzip", file: "m.tmx", files: map[string]string{"m.tmx": tmx("", dataLayer("base64", "gzip", compress64(t, "", good)))}, kind: ErrData, want: "bad gzip data"},
		{name: "bad zstd", file: "m.tmx", files: map[string]string{"m.tmx": tmx("", dataLayer("base64", "zstd", compress64(t, "", good)))}, kind: ErrData, want: "zstd"},
		{name: "corrupt zlib stream", file: "m.tmx", files: map[string]string{"m.tmx": tmx("", dataLayer("base64", "zlib", corrupt(compress64(t, "zlib", good))))}, kind: ErrData, want: "zlib"},
		{name: "zlib too short", file: "m.tmx", files: map[string]string{"m.tmx": tmx("", dataLayer("base64", "zlib", compress64(t, "zlib", short)))}, kind: ErrData, want: "decompressed to 12 bytes, want 16"},
		{name: "zlib trailing garbage", file: "m.tmx", files: map[string]string{"m.tmx": tmx("", dataLayer("base64", "zlib", trailing(t, "zlib", good)))}, kind: ErrData, want: "5 bytes of trailing data after the zlib stream"},
		{name: "gzip trailing garbage", file: "m.tmx", files: map[string]string{"m.tmx": tmx("", dataLayer("base64", "gzip", trailing(t, "gzip", good)))}, kind: ErrData, want: "gzip"},
		{name: "zlib bomb", file: "m.tmx", files: map[string]string{"m.tmx": tmx("", dataLayer("base64", "zlib", compress64(t, "zlib", bomb)))}, kind: ErrData, want: "decompression bomb"},
		{name: "gzip bomb", file: "m.tmx", files: map[string]string{"m.tmx": tmx("", dataLayer("base64", "gzip", compress64(t, "gzip", bomb)))}, kind: ErrData, want: "decompression bomb"},
		{name: "zstd bomb", file: "m.tmx", files: map[string]string{"m.tmx": tmx("", dataLayer("base64", "zstd", compress64(t, "zstd", bomb)))}, kind: ErrData, want: "decompression bomb"},
		{name: "zstd bomb small window", file: "m.tmx", files: map[string]string{"m.tmx": tmx("", dataLayer("base64", "zstd", compress64(t, "zstd-small-window", bomb)))}, kind: ErrData, want: "decompression bomb"},
		{name: "zstd bomb JSON", file: "m.tmj", files: map[string]string{"m.tmj": tmj("", `{"type": "tilelayer", "name": "L", "width": 2, "height": 2, "encoding": "base64", "compression": "zstd", "data": "`+compress64(t, "zstd", bomb)+`"}`)}, kind: ErrData, want: "decompression bomb"},
		{name: "unknown compression", file: "m.tmx", files: map[string]string{"m.tmx": tmx("", dataLayer("base64", "lzma", "AAAA"))}, kind: ErrData, want: `unknown compression "lzma"`},
		{name: "unknown encoding", file: "m.tmx", files: map[string]string{"m.tmx": tmx("", dataLayer("hex", "", "00"))}, kind: ErrData, want: `unknown encoding "hex"`},
		{name: "csv too few", file: "m.tmx", files: map[string]string{"m.tmx": tmx("", dataLayer("csv", "", "1,2,3"))}, kind: ErrData, want: "3 tiles, want 4"},
		{name: "csv too many", file: "m.tmx", files: map[string]string{"m.tmx": tmx("", dataLayer("csv", "", "1,2,3,4,1"))}, kind: ErrData, want: "more than the 4 tiles"},
		{name: "csv junk", file: "m.tmx", files: map[string]string{"m.tmx": tmx("", dataLayer("csv", "", "1,2,x,4"))}, kind: ErrData, want: "unexpected 'x' at tile 2"},
		{name: "csv GID over 32 bits", file: "m.tmx", files: map[string]string{"m.tmx": tmx("", dataLayer("csv", "", "1,2,3,4294967296"))}, kind: ErrData, want: "out of range"},
		{name: "xml tiles too few", file: "m.tmx", files: map[string]string{"m.tmx": tmx("", dataLayer("", "", `<tile gid="1"/>`))}, kind: ErrData, want: "1 <tile> elements, want 4"},
		{name: "JSON array too long", file: "m.tmj", files: map[string]string{"m.tmj": tmj("", `{"type": "tilelayer", "name": "L", "width": 2, "height": 2, "data": [1,2,3,4,0]}`)}, kind: ErrData, want: `m.tmj:3: tile layer "L" > data: csv data: more than the 4 tiles declared`},
		{name: "GID below every tileset", file: "m.tmx", files: map[string]string{"m.tmx": `<map orientation="orthogonal" width="2" height="2" tilewidth="8" tileheight="8"><tileset firstgid="5" name="t" tilewidth="8" tileheight="8" tilecount="4" columns="2"><image source="t.png" width="16" height="16"/></tileset>` + dataLayer("csv", "", "5,6,7,3") + `</map>`}, kind: ErrGID, want: `tile layer "L": GID 3 (raw 0x3) at tile (1,1) belongs to no tileset`},
		{name: "bad GID with flags", file: "m.tmx", files: map[string]string{"m.tmx": late(tmx("", dataLayer("csv", "", "9,10,11,2147483653")))}, kind: ErrGID, want: "GID 5"},
		{name: "bad tile object GID", file: "m.tmx", files: map[string]string{"m.tmx": late(tmx("", `<objectgroup name="O"><object id="3" gid="7" x="0" y="0"/></objectgroup>`))}, kind: ErrGID, want: `object group "O" > object 3`},
		{name: "bad GID JSON", file: "m.tmj", files: map[string]string{"m.tmj": late(tmj("", `{"type": "tilelayer", "name": "L", "width": 2, "height": 2, "data": [0,0,5,0]}`))}, kind: ErrGID, want: "at tile (0,1)"},
		{name: "GID without tileset", file: "m.tmx", files: map[string]string{"m.tmx": `<map orientation="orthogonal" width="1" height="1" tilewidth="8" tileheight="8"><layer name="L" width="1" height="1"><data encoding="csv">1</data></layer></map>`}, kind: ErrGID, want: "belongs to no tileset"},
		{name: "missing tileset", file: "m.tmx", files: map[string]string{"m.tmx": `<map orientation="orthogonal" width="1" height="1" tilewidth="8" tileheight="8"><tileset firstgid="1" source="nope.tsx"/></map>`}, kind: ErrMissing, want: `m.tmx:1: tileset "nope.tsx" → nope.tsx: cannot open`},
		{name: "missing tileset JSON", file: "m.tmj", files: map[string]string{"m.tmj": `{"orientation": "orthogonal", "width": 1, "height": 1, "tilewidth": 8, "tileheight": 8, "tilesets": [{"firstgid": 1, "source": "gone.tsj"}], "layers": []}`}, kind: ErrMissing, want: `m.tmj:1: tileset "gone.tsj" → gone.tsj: cannot open`},
		{name: "tileset path escape", file: "maps/m.tmx", files: map[string]string{"maps/m.tmx": `<map orientation="orthogonal" width="1" height="1" tilewidth="8" tileheight="8"><tileset firstgid="1" source="../../etc/passwd.tsx"/></map>`}, kind: ErrPath, want: `leaves the root`},
		{name: "tileset absolute path", file: "m.tmx", files: map[string]string{"m.tmx": `<map orientation="orthogonal" width="1" height="1" tilewidth="8" tileheight="8"><tileset firstgid="1" source="/etc/t.tsx"/></map>`}, kind: ErrPath, want: "absolute"},
		{name: "image path escape", file: "m.tmx", files: map[string]string{"m.tmx": tmx("", `<imagelayer name="I"><image source="../secret.png"/></imagelayer>`)}, kind: ErrPath, want: `image layer "I" > image`},
		{name: "image path escape in external tileset", file: "maps/m.tmj", files: map[string]string{
			"maps/m.tmj": `{"orientation": "orthogonal", "width": 1, "height": 1, "tilewidth": 8, "tileheight": 8, "tilesets": [{"firstgid": 1, "source": "../ts/t.tsx"}], "layers": []}`,
			"ts/t.tsx":   `<tileset name="t" tilewidth="8" tileheight="8" tilecount="1" columns="1"><image source="../../x.png"/></tileset>`}, kind: ErrPath, inErr: "ts/t.tsx", want: `tileset "t" > image`},
		{name: "json tileset as a map", file: "m.json", files: map[string]string{"m.json": `{"name": "old", "image": "t.png", "imagewidth": 16, "imageheight": 16, "tilewidth": 8, "tileheight": 8, "tilecount": 4, "columns": 2, "margin": 0, "spacing": 0}`}, kind: ErrInvalid, want: `a tileset, not a map`},
		{name: "file property escape", file: "m.tmj", files: map[string]string{"m.tmj": `{"orientation": "orthogonal", "width": 1, "height": 1, "tilewidth": 8, "tileheight": 8, "properties": [{"name": "f", "type": "file", "value": "../x"}]}`}, kind: ErrPath, want: `m.tmj:1: map > property "f": file property`},
		{name: "huge map", file: "m.tmx", files: map[string]string{"m.tmx": tmx(`orientation="orthogonal" width="100000" height="100000" tilewidth="8" tileheight="8"`, "")}, kind: ErrLimit, want: "exceeds"},
		{name: "huge layer cells", file: "m.tmx", files: map[string]string{"m.tmx": tmx("", `<layer name="L" width="60000" height="60000"><data encoding="csv">0</data></layer>`)}, kind: ErrLimit, want: `tile layer "L": size 60000×60000 exceeds 16777216 cells`},
		{name: "huge width attribute", file: "m.tmx", files: map[string]string{"m.tmx": tmx(`orientation="orthogonal" width="99999999999" height="1" tilewidth="8" tileheight="8"`, "")}, kind: ErrInvalid, want: "width="},
		{name: "huge JSON size", file: "m.tmj", files: map[string]string{"m.tmj": tmj(`"orientation": "orthogonal", "width": 70000, "height": 70000, "tilewidth": 8, "tileheight": 8`, "")}, kind: ErrLimit, want: "exceeds"},
		{name: "huge chunk", file: "m.tmx", files: map[string]string{"m.tmx": tmx(`orientation="orthogonal" width="2" height="2" tilewidth="8" tileheight="8" infinite="1"`, `<layer name="L" width="2" height="2"><data encoding="csv"><chunk x="0" y="0" width="100000" height="1000">0</chunk></data></layer>`)}, kind: ErrLimit, want: "chunk size 100000×1000"},
		{name: "huge JSON chunk", file: "m.tmj", files: map[string]string{"m.tmj": tmj(`"orientation": "orthogonal", "width": 2, "height": 2, "tilewidth": 8, "tileheight": 8, "infinite": true`, `{"type": "tilelayer", "name": "L", "width": 2, "height": 2, "chunks": [{"x": 0, "y": 0, "width": 65536, "height": 65536, "data": [0]}]}`)}, kind: ErrLimit, want: "chunk size"},
		{name: "huge tilecount", file: "m.tmx", files: map[string]string{"m.tmx": `<map orientation="orthogonal" width="1" height="1" tilewidth="8" tileheight="8"><tileset firstgid="1" name="big" tilewidth="8" tileheight="8" tilecount="1000000000" columns="10"><image source="t.png"/></tileset></map>`}, kind: ErrLimit, want: "tilecount 1000000000"},
		{name: "huge tile size", file: "m.tmx", files: map[string]string{"m.tmx": tmx(`orientation="orthogonal" width="2" height="2" tilewidth="1000000" tileheight="8"`, "")}, kind: ErrLimit, want: "tile size"},
		{name: "zero tile size", file: "m.tmx", files: map[string]string{"m.tmx": tmx(`orientation="orthogonal" width="2" height="2" tilewidth="0" tileheight="8"`, "")}, kind: ErrInvalid, want: "must be positive"},
		{name: "negative size JSON", file: "m.tmj", files: map[string]string{"m.tmj": tmj(`"orientation": "orthogonal", "width": -2, "height": 2, "tilewidth": 8, "tileheight": 8`, "")}, kind: ErrInvalid, want: "negative size"},
		{name: "unknown orientation", file: "m.tmx", files: map[string]string{"m.tmx": tmx(`orientation="trimetric" width="2" height="2" tilewidth="8" tileheight="8"`, "")}, kind: ErrInvalid, want: `unknown orientation "trimetric"`},
		{name: "folding oblique skew", file: "m.tmx", files: map[string]string{"m.tmx": tmx(`orientation="oblique" width="2" height="2" tilewidth="8" tileheight="8" skewx="8" skewy="8"`, "")}, kind: ErrInvalid, want: `skew 8, 8 folds the 8×8 grid`},
		{name: "oblique skew out of range", file: "m.tmj", files: map[string]string{"m.tmj": tmj(`"orientation": "oblique", "skewx": 99999, "width": 2, "height": 2, "tilewidth": 8, "tileheight": 8`, "")}, kind: ErrInvalid, want: `skew 99999, 0 out of range`},
		{name: "unknown orientation JSON", file: "m.tmj", files: map[string]string{"m.tmj": tmj(`"orientation": "spherical", "width": 2, "height": 2, "tilewidth": 8, "tileheight": 8`, "")}, kind: ErrInvalid, want: `m.tmj:1: map: unknown orientation "spherical"`},
		{name: "unknown renderorder", file: "m.tmx", files: map[string]string{"m.tmx": tmx(`orientation="orthogonal" renderorder="down-left" width="2" height="2" tilewidth="8" tileheight="8"`, "")}, kind: ErrInvalid, want: "renderorder"},
		{name: "bad stagger axis", file: "m.tmx", files: map[string]string{"m.tmx": tmx(`orientation="staggered" staggeraxis="z" width="2" height="2" tilewidth="8" tileheight="8"`, "")}, kind: ErrInvalid, want: "staggeraxis"},
		{name: "JSON wrong type", file: "m.tmj", files: map[string]string{"m.tmj": "{\"type\": \"map\",\n \"width\": \"ten\"}"}, kind: ErrInvalid, want: `m.tmj:1: map: attribute width="ten" is not an integer`},
		{name: "JSON unknown layer type", file: "m.tmj", files: map[string]string{"m.tmj": tmj("", `{"type": "meshlayer", "name": "X"}`)}, kind: ErrInvalid, want: `m.tmj:3: layers[0]: unknown layer type "meshlayer"`},
		{name: "JSON value of the wrong kind", file: "m.tmj", files: map[string]string{"m.tmj": tmj(`"orientation": "orthogonal", "width": {}, "height": 2, "tilewidth": 8, "tileheight": 8`, "")}, kind: ErrInvalid, want: `m.tmj:1: map: attribute width is an object or array, not a value`},
		{name: "JSON path of the wrong kind", file: "m.tmj", files: map[string]string{"m.tmj": tmj("", `{"type": "objectgroup", "name": "O", "objects": [{"id": 1, "template": 5}]}`)}, kind: ErrInvalid, want: `m.tmj:3: object group "O" > object 1: attribute template is a number, not text`},
		{name: "JSON data of other than numbers", file: "m.tmj", files: map[string]string{"m.tmj": tmj("", `{"type": "tilelayer", "name": "L", "width": 2, "height": 2, "data": [1, "2", 3, 4]}`)}, kind: ErrInvalid, want: `m.tmj:3: layers[0].data: an array of other than numbers`},
		{name: "JSON objects of numbers", file: "m.tmj", files: map[string]string{"m.tmj": tmj("", `{"type": "objectgroup", "name": "O", "objects": [1, 2]}`)}, kind: ErrInvalid, want: `m.tmj:3: layers[0].objects: an array of numbers, not of objects`},
		{name: "JSON shape not a boolean", file: "m.tmj", files: map[string]string{"m.tmj": tmj("", `{"type": "objectgroup", "name": "O", "objects": [{"id": 1, "ellipse": "yes"}]}`)}, kind: ErrInvalid, want: `m.tmj:3: layers[0].objects[0]: ellipse is "yes", not true or false`},
		{name: "JSON class value", file: "m.tmj", files: map[string]string{"m.tmj": tmj(`"orientation": "orthogonal", "width": 2, "height": 2, "tilewidth": 8, "tileheight": 8, "properties": [{"name": "c", "type": "class", "value": 3}]`, "")}, kind: ErrInvalid, want: `m.tmj:1: properties[0]: class value "3" is not an object`},
		{name: "JSON list value", file: "m.tmj", files: map[string]string{"m.tmj": tmj(`"orientation": "orthogonal", "width": 2, "height": 2, "tilewidth": 8, "tileheight": 8, "properties": [{"name": "l", "type": "list", "value": [1, 2]}]`, "")}, kind: ErrInvalid, want: `m.tmj:1: properties[0].value: list value is not an array of {type, value} objects`},
		{name: "JSON scalar property of an object", file: "m.tmj", files: map[string]string{"m.tmj": tmj(`"orientation": "orthogonal", "width": 2, "height": 2, "tilewidth": 8, "tileheight": 8, "properties": [{"name": "n", "type": "int", "value": {}}]`, "")}, kind: ErrInvalid, want: `m.tmj:1: map > property "n": attribute value is an object or array, not a value`},
		{name: "JSON not a map", file: "m.tmj", files: map[string]string{"m.tmj": `{"type": "tileset"}`}, kind: ErrInvalid, want: `m.tmj:1: <tileset>: root element is not <map>`},
		{name: "bad color", file: "m.tmx", files: map[string]string{"m.tmx": tmx(`orientation="orthogonal" width="2" height="2" tilewidth="8" tileheight="8" backgroundcolor="#zzz"`, "")}, kind: ErrInvalid, want: "backgroundcolor"},
		{name: "bad bool", file: "m.tmx", files: map[string]string{"m.tmx": tmx("", `<layer name="L" width="2" height="2" visible="maybe"><data encoding="csv">0,0,0,0</data></layer>`)}, kind: ErrInvalid, want: `visible="maybe"`},
		{name: "bad float", file: "m.tmx", files: map[string]string{"m.tmx": tmx("", `<objectgroup name="O"><object id="1" x="NaN" y="0"/></objectgroup>`)}, kind: ErrInvalid, want: "not a finite number"},
		{name: "bad polygon", file: "m.tmx", files: map[string]string{"m.tmx": tmx("", `<objectgroup name="O"><object id="1" x="0" y="0"><polygon points="0,0 1"/></object></objectgroup>`)}, kind: ErrInvalid, want: "bad points"},
		{name: "bad int property", file: "m.tmx", files: map[string]string{"m.tmx": tmx("", `<properties><property name="n" type="int" value="x"/></properties>`)}, kind: ErrInvalid, want: `map > property "n": bad int value`},
		{name: "nested groups too deep", file: "m.tmx", files: map[string]string{"m.tmx": tmx("", deepGroups)}, kind: ErrLimit, want: "deeper than"},
		{name: "nested JSON too deep", file: "m.tmj", files: map[string]string{"m.tmj": strings.Repeat("[", 5000) + strings.Repeat("]", 5000)}, kind: ErrLimit, want: "JSON nested deeper"},
		{name: "duplicate firstgid", file: "m.tmx", files: map[string]string{"m.tmx": tmx("", `<tileset firstgid="1" name="u" tilewidth="8" tileheight="8" tilecount="1" columns="1"><image source="u.png"/></tileset>`)}, kind: ErrInvalid, want: "firstgid 1 used twice"},
		{name: "zero firstgid", file: "m.tmx", files: map[string]string{"m.tmx": `<map orientation="orthogonal" width="1" height="1" tilewidth="8" tileheight="8"><tileset name="z" tilewidth="8" tileheight="8" tilecount="1" columns="1"><image source="u.png"/></tileset></map>`}, kind: ErrInvalid, want: "firstgid 0"},
		{name: "animation frame of missing tile", file: "m.tmx", files: map[string]string{"m.tmx": `<map orientation="orthogonal" width="1" height="1" tilewidth="8" tileheight="8"><tileset firstgid="1" name="a" tilewidth="8" tileheight="8" tilecount="2" columns="2"><image source="u.png"/><tile id="0"><animation><frame tileid="9" duration="10"/></animation></tile></tileset></map>`}, kind: ErrInvalid, want: "missing tile 9"},
		{name: "error inside external tileset names it", file: "m.tmx", files: map[string]string{
			"m.tmx":      `<map orientation="orthogonal" width="1" height="1" tilewidth="8" tileheight="8"><tileset firstgid="1" source="ts/bad.tsx"/></map>`,
			"ts/bad.tsx": `<tileset name="bad" tilewidth="-8" tileheight="8" tilecount="1" columns="1"><image source="u.png"/></tileset>`}, kind: ErrInvalid, inErr: "ts/bad.tsx", want: `tileset "bad": tile size -8×8`},
		{name: "tileset that references a tileset", file: "m.tmx", files: map[string]string{
			"m.tmx": `<map orientation="orthogonal" width="1" height="1" tilewidth="8" tileheight="8"><tileset firstgid="1" source="a.tsx"/></map>`,
			"a.tsx": `<tileset source="a.tsx"/>`}, kind: ErrInvalid, inErr: "a.tsx", want: "cannot itself reference"},
		{name: "file too large", file: "m.tmx", files: map[string]string{"m.tmx": tmx("", dataLayer("csv", "", "1,2,3,4"))}, lim: &Limits{MaxFileBytes: 100}, kind: ErrLimit, want: "larger than 100 bytes"},
		{name: "total cells", file: "m.tmx", files: map[string]string{"m.tmx": tmx("", dataLayer("csv", "", "1,2,3,4")+dataLayer("csv", "", "1,2,3,4"))}, lim: &Limits{MaxTotalCells: 2*LayerCells + 6}, kind: ErrLimit, want: "m.tmx:3: tile layer \"L\" > data: tile data exceeds 1030 cells in all layers (each layer counts 512 besides its tiles)"},
		{name: "layer cells", file: "m.tmx", files: map[string]string{"m.tmx": tmx("", dataLayer("csv", "", "1,2,3,4")+dataLayer("csv", "", "1,2,3,4"))}, lim: &Limits{MaxTotalCells: LayerCells + 6}, kind: ErrLimit, want: "<layer>: layers exceed 518 cells in all layers (each counts 512 besides its tiles)"},
		{name: "layers", file: "m.tmx", files: map[string]string{"m.tmx": tmx("", dataLayer("csv", "", "1,2,3,4")+`<group><objectgroup/></group>`)}, lim: &Limits{MaxLayers: 2}, kind: ErrLimit, want: "<objectgroup>: more than 2 layers (raise Limits.MaxLayers)"},
		{name: "JSON layers", file: "m.tmj", files: map[string]string{"m.tmj": tmj("", strings.Repeat(`{"type": "objectgroup", "objects": []},`, 3)+`{"type": "objectgroup", "objects": []}`)}, lim: &Limits{MaxLayers: 3}, kind: ErrLimit, want: "more than 3 layers (raise Limits.MaxLayers)"},
		{name: "legacy tile bad gid", file: "m.tmx", files: map[string]string{"m.tmx": tmx("", dataLayer("", "", `<tile gid="1"/><tile gid="x"/><tile/><tile/>`))}, kind: ErrData, want: `tile layer "L" > data > tile: gid="x"`},
		{name: "too many XML elements", file: "m.tmx", files: map[string]string{"m.tmx": tmx("", strings.Repeat(`<junk a="1"/>`, 600))}, lim: &Limits{MaxElements: 1000}, kind: ErrLimit, want: "more than 1000 XML elements"},
		{name: "too many JSON objects", file: "m.tmj", files: map[string]string{"m.tmj": tmj("", strings.Repeat(`{},`, 2000)+`{}`)}, lim: &Limits{MaxElements: 1000}, kind: ErrLimit, want: "more than 1000 JSON objects"},
		{name: "tilesets too large together", file: "m.tmx", files: map[string]string{
			"m.tmx": `<map orientation="orthogonal" width="1" height="1" tilewidth="8" tileheight="8">` +
				`<tileset firstgid="1" source="a.tsx"/><tileset firstgid="10" source="b.tsx"/><tileset firstgid="20" source="c.tsx"/><tileset firstgid="30" source="d.tsx"/></map>`,
			"a.tsx": tsxOK + strings.Repeat(" ", 340), "b.tsx": tsxOK + strings.Repeat(" ", 340),
			"c.tsx": tsxOK + strings.Repeat(" ", 340), "d.tsx": tsxOK + strings.Repeat(" ", 340)},
			lim: &Limits{MaxFileBytes: 500}, kind: ErrLimit, inErr: "d.tsx", want: "together larger than 2000 bytes"},
		{name: "missing template", file: "m.tmx", files: map[string]string{"m.tmx": tmx("", `<objectgroup name="O"><object id="5" template="t/none.tx" x="0" y="0"/></objectgroup>`)}, kind: ErrMissing, want: `object group "O" > object 5 template → t/none.tx: cannot open`},
		{name: "template path escape", file: "m.tmj", files: map[string]string{"m.tmj": tmj("", `{"type": "objectgroup", "name": "O", "objects": [{"id": 1, "template": "../t.tx"}]}`)}, kind: ErrPath, want: "template"},
		{name: "template without object", file: "m.tmx", files: map[string]string{"m.tmx": tmx("", `<objectgroup name="O"><object id="5" template="t.tx" x="0" y="0"/></objectgroup>`), "t.tx": `<template/>`}, kind: ErrInvalid, inErr: "t.tx", want: "t.tx:1: template: no object"},
		{name: "tile template without tileset", file: "m.tmx", files: map[string]string{"m.tmx": tmx("", `<objectgroup name="O"><object id="5" template="t.tj" x="0" y="0"/></objectgroup>`), "t.tj": `{"type": "template", "object": {"gid": 3}}`}, kind: ErrInvalid, inErr: "t.tj", want: "without a tileset"},
		{name: "template of a template", file: "m.tmx", files: map[string]string{"m.tmx": tmx("", `<objectgroup name="O"><object id="5" template="t.tx" x="0" y="0"/></objectgroup>`), "t.tx": `<template><object template="t.tx"/></template>`}, kind: ErrInvalid, inErr: "t.tx", want: "cannot use a template"},
		{name: "invalid fs path", file: "../m.tmx", files: map[string]string{}, kind: ErrPath, want: "not a valid fs path"},
		{name: "map missing", file: "none.tmx", files: map[string]string{}, kind: ErrMissing, want: "cannot open"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			fsys := fstest.MapFS{}
			for k, v := range c.files {
				fsys[k] = &fstest.MapFile{Data: []byte(v)}
			}
			ld := Loader{}
			if c.lim != nil {
				ld.Limits = *c.lim
			}
			m, err := ld.Load(fsys, c.file)
			if err == nil || m != nil {
				t.Fatalf("no error (map %v)", m != nil)
			}
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("error %T %v is not *Error", err, err)
			}
			if !errors.Is(err, c.kind) {
				t.Errorf("error %q is not %v", err, c.kind)
			}
			name := c.inErr
			if name == "" {
				name = c.file
			}
			// The file at fault starts the message, or, for a file
			// another file refers to, follows the referring place
			// ("m.tmx:3: tileset → t.tsx:2: ...").
			msg := err.Error()
			if !strings.HasPrefix(msg, name) && !strings.Contains(msg, " → "+name) {
				t.Errorf("error %q does not start with the file %q nor chain to it", msg, name)
			}
			if !strings.Contains(msg, c.want) {
				t.Errorf("error %q does not contain %q", msg, c.want)
			}
		})
	}
}

// corrupt flips a byte in the middle of base64-encoded data.
func corrupt(s string) string {
	b, _ := base64.StdEncoding.DecodeString(s)
	b[len(b)/2] ^= 0x55
	b[len(b)-2] ^= 0x55
	return base64.StdEncoding.EncodeToString(b)
}

func TestXMLErrorsCarryLines(t *testing.T) {
	src := "<map orientation=\"orthogonal\" width=\"2\" height=\"2\" tilewidth=\"8\" tileheight=\"8\">\n" +
		"<tileset firstgid=\"1\" name=\"t\" tilewidth=\"8\" tileheight=\"8\" tilecount=\"4\" columns=\"2\"><image source=\"t.png\"/></tileset>\n" +
		"\n<layer name=\"L\" width=\"2\" height=\"2\">\n<data encoding=\"csv\">1,2,3,77</data></layer></map>"
	src = strings.Replace(src, `firstgid="1"`, `firstgid="9"`, 1) // GID 1 lies below every tileset
	_, err := Load(fstest.MapFS{"m.tmx": {Data: []byte(src)}}, "m.tmx")
	var e *Error
	if !errors.As(err, &e) || e.Line != 4 || e.File != "m.tmx" {
		t.Fatalf("%v (line %d)", err, e.Line)
	}
	_, err = Load(fstest.MapFS{"m.tmx": {Data: []byte("<map>\n<layer>\n</map>")}}, "m.tmx")
	if !errors.As(err, &e) || e.Line != 3 || !strings.HasPrefix(err.Error(), "m.tmx:3: malformed XML") {
		t.Fatalf("%v", err)
	}
}

// A large layer from an encoder that declares a window far bigger than the
// data (klauspost's default 8 MiB) must load: only the output is bounded.
func TestZstdBigWindowLegitLayer(t *testing.T) {
	const n = 128
	raw := make([]byte, 4*n*n)
	for i := 0; i < n*n; i++ {
		raw[4*i] = byte(i%4 + 1)
	}
	src := `<map orientation="orthogonal" width="128" height="128" tilewidth="8" tileheight="8">
<tileset firstgid="1" name="t" tilewidth="8" tileheight="8" tilecount="4" columns="2"><image source="t.png"/></tileset>
<layer name="L" width="128" height="128"><data encoding="base64" compression="zstd">` + compress64(t, "zstd", raw) + `</data></layer></map>`
	m, err := Load(fstest.MapFS{"m.tmx": {Data: []byte(src)}}, "m.tmx")
	if err != nil {
		t.Fatal(err)
	}
	l := m.Layers[0]
	for i, g := range l.Tiles {
		if g != GID(i%4+1) {
			t.Fatalf("cell %d = %d", i, g)
		}
	}
}

// Legacy <tile gid> cells are stored compactly and do not count against
// MaxElements, so a big old-format layer still loads under a tight limit.
func TestLegacyTilesDoNotCountAsElements(t *testing.T) {
	body := `<layer name="L" width="20" height="20"><data>` + strings.Repeat(`<tile gid="3"/>`, 400) + `</data></layer>`
	src := tmx(`orientation="orthogonal" width="20" height="20" tilewidth="8" tileheight="8"`, body)
	m, err := Loader{Limits: Limits{MaxElements: 50}}.Load(fstest.MapFS{"m.tmx": {Data: []byte(src)}}, "m.tmx")
	if err != nil {
		t.Fatal(err)
	}
	if l := m.Layers[0]; len(l.Tiles) != 400 || l.At(19, 19) != 3 {
		t.Fatal(len(l.Tiles))
	}
}

// A key written twice in a .tmj is an error at its line and JSON path.
func TestDuplicateJSONKey(t *testing.T) {
	tmj := "{\"type\":\"map\",\"orientation\":\"orthogonal\",\"width\":1,\"height\":1,\"tilewidth\":8,\"tileheight\":8,\n\"layers\":[{\"type\":\"tilelayer\",\"id\":1,\"name\":\"g\",\"width\":1,\"height\":1,\n\"data\":[0],\"data\":[0]}]}"
	_, err := Load(fstest.MapFS{"m.tmj": {Data: []byte(tmj)}}, "m.tmj")
	if err == nil || !strings.Contains(err.Error(), "m.tmj:3: layers[0].data: key written twice") {
		t.Fatalf("duplicate key: %v", err)
	}
}
