package tiled

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"testing/fstest"
	"unicode/utf8"

	"diorama/internal/loadutil"
	"diorama/internal/testenv"
)

// fuzzFS holds the fuzzed file plus the valid external tilesets the seed
// maps reference, so fuzzing reaches past tileset loading.
func fuzzFS(name string, data []byte) fstest.MapFS {
	fsys := fstest.MapFS{name: {Data: data}}
	for _, p := range []string{"tilesets/blocks.tsx", "tilesets/collection.tsx", "tilesets/collection.tsj", "templates/crate.tx", "templates/zone.tj"} {
		if b, err := os.ReadFile(filepath.Join("testdata", p)); err == nil {
			fsys[p] = &fstest.MapFile{Data: b}
		}
	}
	return fsys
}

func addSeeds(f *testing.F, glob string, extra ...string) {
	files, _ := filepath.Glob(filepath.Join("testdata", glob))
	for _, p := range files {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
		if len(b) > 10 {
			f.Add(b[:len(b)*2/3]) // truncated
		}
	}
	for _, s := range extra {
		f.Add([]byte(s))
	}
}

// checkLoad asserts a load either failed cleanly or produced a complete,
// consistent map.
func checkLoad(t *testing.T, m *Map, err error) {
	if err != nil {
		var e *Error
		if m != nil || !errors.As(err, &e) || e.File == "" || e.Kind == nil {
			t.Fatalf("bad failure: map %v, error %T %v", m != nil, err, err)
		}
		return
	}
	if m == nil {
		t.Fatal("nil map without error")
	}
	var walk func([]*Layer)
	walk = func(ls []*Layer) {
		for _, l := range ls {
			if l.Kind == TileLayer {
				if l.Chunks == nil && len(l.Tiles) != l.Width*l.Height {
					t.Fatalf("layer %q: %d tiles for %d×%d", l.Name, len(l.Tiles), l.Width, l.Height)
				}
				for _, c := range l.Chunks {
					if len(c.Tiles) != c.Width*c.Height {
						t.Fatalf("chunk %d×%d with %d tiles", c.Width, c.Height, len(c.Tiles))
					}
				}
				for y := l.Y; y < l.Y+l.Height && y < l.Y+64; y++ {
					for x := l.X; x < l.X+l.Width && x < l.X+64; x++ {
						if g := l.At(x, y); !g.Empty() {
							if _, _, ok := m.TileFor(g); !ok {
								t.Fatalf("unresolved GID %d at %d,%d", g, x, y)
							}
						}
					}
				}
			}
			for _, o := range l.Objects {
				if o.GID != 0 && o.GID.ID() != 0 {
					if _, _, ok := m.TileFor(o.GID); !ok {
						t.Fatalf("unresolved object GID %d", o.GID)
					}
				}
				if math.IsNaN(o.X) || math.IsInf(o.Y, 0) {
					t.Fatalf("non-finite object position")
				}
			}
			walk(l.Layers)
		}
	}
	walk(m.Layers)
	lay := m.Layout()
	lay.DrawOrder(0, 0, min(m.Width, 8), min(m.Height, 8), func(x, y int) { _ = lay.TileDrawPos(x, y) })
}

// FuzzLoad loads any bytes as a TMX map (json false) or a TMJ one: the
// one reader of both formats either fails cleanly or returns a complete
// map.
func FuzzLoad(f *testing.F) {
	for _, json := range []bool{false, true} {
		glob := "*.tmx"
		extra := []string{
			`<map orientation="isometric" width="1" height="1" tilewidth="2" tileheight="1"><layer width="1" height="1"><data encoding="csv">0</data></layer></map>`,
			`<map orientation="hexagonal" infinite="1" width="1" height="1" tilewidth="8" tileheight="8"><layer><data encoding="base64" compression="zstd"><chunk x="0" y="0" width="1" height="1">KLUv/QQAgQEAAQAAAA==</chunk></data></layer></map>`}
		if json {
			glob = "*.tmj"
			extra = []string{
				`{"orientation":"staggered","width":1,"height":1,"tilewidth":8,"tileheight":8,"layers":[{"type":"group","layers":[{"type":"tilelayer","data":[0]}]}]}`,
				`{"width":1,"height":1,"tilewidth":8,"tileheight":8,"properties":[{"name":"c","type":"class","value":{"a":{"b":1}}}]}`}
		}
		files, _ := filepath.Glob(filepath.Join("testdata", glob))
		for _, p := range files {
			b, err := os.ReadFile(p)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(b, json)
			if len(b) > 10 {
				f.Add(b[:len(b)*2/3], json) // truncated
			}
		}
		for _, s := range extra {
			f.Add([]byte(s), json)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte, json bool) {
		name := "m.tmx"
		if json {
			name = "m.tmj"
		}
		m, err := Load(fuzzFS(name, data), name)
		checkLoad(t, m, err)
	})
}

func checkTileset(t *testing.T, ts *Tileset, err error) {
	if err != nil {
		var e *Error
		if ts != nil || !errors.As(err, &e) || e.File == "" {
			t.Fatalf("bad failure: %v %T %v", ts != nil, err, err)
		}
		return
	}
	for i := range ts.Tiles {
		if i > 0 && ts.Tiles[i-1].ID >= ts.Tiles[i].ID {
			t.Fatal("tiles not sorted")
		}
		ts.SourceRect(ts.Tiles[i].ID)
		ts.Tiles[i].AnimationFrame(12345)
	}
}

func FuzzTSX(f *testing.F) {
	addSeeds(f, "tilesets/*.tsx", tsxOK)
	f.Fuzz(func(t *testing.T, data []byte) {
		ts, err := LoadTileset(fuzzFS("t.tsx", data), "t.tsx")
		checkTileset(t, ts, err)
	})
}

func FuzzTSJ(f *testing.F) {
	addSeeds(f, "tilesets/*.tsj",
		`{"name":"a","tilewidth":8,"tileheight":8,"tilecount":2,"columns":2,"image":"a.png","tiles":[{"id":1,"animation":[{"tileid":0,"duration":5}]}]}`)
	f.Fuzz(func(t *testing.T, data []byte) {
		ts, err := LoadTileset(fuzzFS("t.tsj", data), "t.tsj")
		checkTileset(t, ts, err)
	})
}

// FuzzTileData drives the data decoders directly: they must never panic
// and must fill exactly n GIDs on success.
func FuzzTileData(f *testing.F) {
	f.Add([]byte("1,2,3,4"), uint8(0), uint16(4))
	f.Add([]byte("AQAAAAIAAIADAABABAAAIAUAAOAGAAAABwAAAAgAAAAAAAAACQAAAAsAAAAOAAAA"), uint8(1), uint16(12))
	f.Add([]byte("eJwkwFsRABEAAMC98x4zMogimqii+LAffnZgRWbiZBRUT0PHwA0AAP//QIwCBw=="), uint8(2), uint16(12))
	f.Add([]byte("H4sIAAAAAAAA/yTAWxEAEQAAwL3zHjMyiCKaqKL4sB9+dmBFZuJkFFRPQ8fADQAA///MhvhMMAAAAA=="), uint8(3), uint16(12))
	f.Add([]byte("KLUv/QQAgQEAAQAAAAIAAIADAABABAAAIAUAAOAGAAAABwAAAAgAAAAAAAAACQAAAAsAAAAOAAAAcjRplg=="), uint8(4), uint16(12))
	f.Fuzz(func(t *testing.T, text []byte, mode uint8, n uint16) {
		dst := make([]GID, n%4096)
		var err error
		switch mode % 5 {
		case 0:
			err = decodeCSV(text, dst)
		default:
			err = decodeBase64(text, [...]string{"", "", "zlib", "gzip", "zstd"}[mode%5], dst)
		}
		_ = err
	})
}

// FuzzJSONScan: the JSON scanner of the TMJ, TSJ, TJ and world readers
// accepts exactly what encoding/json accepts (refusing besides a key
// written twice in one object, nesting past its limit, and strings TMX
// could not hold: invalid UTF-8, escaped control characters, U+FFFE and
// U+FFFF) and reads the same values (lone surrogates among them),
// numbers as written, null members left out.
func FuzzJSONScan(f *testing.F) {
	addSeeds(f, "*.tmj", `"\ud83d\ude00 \ud800x \udc00\ud800\u0041 \/\b\f\n\r\t\""`, `[1, -0.5e+3, 0, 2E-7]`, `{"a": 1, "a": 2}`,
		`[01]`, `{"a": [1, "x", {}, null, true], "b": {"c": null}}`, "[\"\xff\xfe\"]", `{"d": [[]], "e": [ ]}`, `  3  `, `[1,]`, `{"a" 1}`,
		// Long lists, kept without a copy (see jscan.container).
		`{"x": [`+strings.Repeat(`{"a": 1, "b": [2]}, `, 1500)+`{}], "y": [{"c": 2}, [3, "4"]]}`, `[`+strings.Repeat(`"s", `, 1500)+`[[1]]]`)
	f.Fuzz(func(t *testing.T, data []byte) {
		v, err := scanJSON("f.json", data, 500, 1<<20)
		valid := json.Valid(data)
		var want any
		if valid {
			d := json.NewDecoder(bytes.NewReader(data))
			d.UseNumber()
			if err := d.Decode(&want); err != nil {
				t.Fatal(err)
			}
		}
		notXML := valid && (!utf8.Valid(data) || !testenv.JSONRunes(want, loadutil.TextRune))
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || e.File != "f.json" {
				t.Fatalf("error %v is not an *Error naming the file", err)
			}
			if _, _, dup := loadutil.DuplicateKey(data); valid && !dup && !notXML && !errors.Is(err, ErrLimit) {
				t.Fatalf("valid JSON refused: %v", err)
			}
			return
		}
		if !valid {
			t.Fatalf("invalid JSON accepted: %q", data)
		}
		if notXML {
			t.Fatalf("a string TMX cannot hold accepted: %q", data)
		}
		if got := jvAny(data, v); !reflect.DeepEqual(got, dropNull(want)) {
			t.Fatalf("read %#v, encoding/json %#v", got, dropNull(want))
		}
	})
}

// jvAny is v as encoding/json decodes it with UseNumber.
func jvAny(data []byte, v *jv) any {
	scalar := func(space, s string) any {
		switch space {
		case jsonNumber:
			return json.Number(s)
		case jsonBool:
			return s == "true"
		}
		return s
	}
	switch v.kind {
	case jObject:
		m := map[string]any{}
		for _, a := range v.attrs {
			m[a.Name.Local] = scalar(a.Name.Space, a.Value)
		}
		for i := range v.vals {
			m[v.vals[i].key] = jvAny(data, &v.vals[i])
		}
		return m
	case jArray:
		a := []any{}
		if v.nums {
			for _, f := range strings.Split(string(data[v.start+1:v.end-1]), ",") {
				if f = strings.TrimSpace(f); f != "" {
					a = append(a, json.Number(f))
				}
			}
		}
		for i := range v.vals {
			a = append(a, jvAny(data, &v.vals[i]))
		}
		return a
	case jNumber:
		return json.Number(v.s)
	case jBool:
		return v.s == "true"
	case jNull:
		return nil
	}
	return scalar("", v.s)
}

// dropNull leaves out an object's null members, as the scanner does.
func dropNull(v any) any {
	switch v := v.(type) {
	case map[string]any:
		for k, m := range v {
			if m == nil {
				delete(v, k)
			} else {
				v[k] = dropNull(m)
			}
		}
	case []any:
		for i := range v {
			v[i] = dropNull(v[i])
		}
	}
	return v
}
