package tiled

import (
	"errors"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
)

// agreeMap writes a map in TMX or JSON with the same layout: the map's
// attributes on line 1, its tilesets on line 2, its layers on line 3, so
// an element and the JSON object that says the same thing start on the
// same line. attrs are name, value pairs over a 2×2 orthogonal map of
// 8×8 tiles (a value that is a number is a JSON number); "" tileset
// takes a 4-tile one.
func agreeMap(json bool, attrs []string, tileset, layers string) string {
	kv := []string{"orientation", "orthogonal", "width", "2", "height", "2", "tilewidth", "8", "tileheight", "8"}
	for i := 0; i < len(attrs); i += 2 {
		if j := indexKey(kv, attrs[i]); j >= 0 {
			kv[j+1] = attrs[i+1]
		} else {
			kv = append(kv, attrs[i], attrs[i+1])
		}
	}
	var b strings.Builder
	if !json {
		if tileset == "" {
			tileset = `<tileset firstgid="1" name="t" tilewidth="8" tileheight="8" tilecount="4" columns="2"><image source="t.png" width="16" height="16"/></tileset>`
		}
		b.WriteString(`<map`)
		for i := 0; i < len(kv); i += 2 {
			b.WriteString(" " + kv[i] + `="` + kv[i+1] + `"`)
		}
		b.WriteString(">\n" + tileset + "\n" + layers + "\n</map>")
		return b.String()
	}
	if tileset == "" {
		tileset = `{"firstgid": 1, "name": "t", "tilewidth": 8, "tileheight": 8, "tilecount": 4, "columns": 2, "image": "t.png", "imagewidth": 16, "imageheight": 16}`
	}
	b.WriteString(`{"type": "map"`)
	for i := 0; i < len(kv); i += 2 {
		v := strconv.Quote(kv[i+1])
		if _, err := strconv.ParseFloat(kv[i+1], 64); err == nil {
			v = kv[i+1]
		}
		b.WriteString(`, "` + kv[i] + `": ` + v)
	}
	b.WriteString(",\n" + `"tilesets": [` + tileset + "],\n" + `"layers": [` + layers + "]\n}")
	return b.String()
}

// late9 is the 4-tile tileset at firstgid 9, so GIDs 1-8 lie below
// every tileset (the one GID Tiled refuses).
func late9() (string, string) {
	return `<tileset firstgid="9" name="t" tilewidth="8" tileheight="8" tilecount="4" columns="2"><image source="t.png" width="16" height="16"/></tileset>`,
		`{"firstgid": 9, "name": "t", "tilewidth": 8, "tileheight": 8, "tilecount": 4, "columns": 2, "image": "t.png", "imagewidth": 16, "imageheight": 16}`
}

func indexKey(kv []string, k string) int {
	for i := 0; i < len(kv); i += 2 {
		if kv[i] == k {
			return i
		}
	}
	return -1
}

// The same defect written in TMX and in JSON gives the same error: the
// same kind, and the same text after the file's name (line, element
// path, message and cause), for every kind of defect the reader reports.
// Both formats are read into one form by one interpreter (form.go), so
// only defects JSON alone can have (a value of the wrong JSON kind) have
// messages of their own (TestBrokenInputs).
func TestDefectsAgreeAcrossFormats(t *testing.T) {
	good := make([]byte, 16)
	type defect struct {
		name     string
		attrs    []string // map attributes, both formats
		tsx, tsj string   // the tileset line ("" a good one)
		tmx, tmj string   // the layers line
		files    map[string]string
		rename   [2]string // a file the JSON map names for the TMX one's
		lim      *Limits
		kind     error
	}
	layer := func(attrs, data string) (string, string) {
		return `<layer id="1" name="L" width="2" height="2"` + attrs + `><data encoding="csv">` + data + `</data></layer>`,
			`{"type": "tilelayer", "id": 1, "name": "L", "width": 2, "height": 2, "data": [` + data + `]}`
	}
	og := func(tmxObj, tmjObj string) (string, string) {
		return `<objectgroup id="1" name="O">` + tmxObj + `</objectgroup>`, `{"type": "objectgroup", "id": 1, "name": "O", "objects": [` + tmjObj + `]}`
	}
	defects := []defect{
		// A map's attributes.
		{name: "integer", attrs: []string{"width", "ten"}, kind: ErrInvalid},
		{name: "orientation", attrs: []string{"orientation", "trimetric"}, kind: ErrInvalid},
		{name: "renderorder", attrs: []string{"renderorder", "down-left"}, kind: ErrInvalid},
		{name: "stagger axis", attrs: []string{"orientation", "staggered", "staggeraxis", "z"}, kind: ErrInvalid},
		{name: "background colour", attrs: []string{"backgroundcolor", "#zzz"}, kind: ErrInvalid},
		{name: "boolean", attrs: []string{"infinite", "maybe"}, kind: ErrInvalid},
		{name: "zero tile size", attrs: []string{"tilewidth", "0"}, kind: ErrInvalid},
		{name: "folding skew", attrs: []string{"orientation", "oblique", "skewx", "8", "skewy", "8"}, kind: ErrInvalid},
		{name: "hexsidelength", attrs: []string{"hexsidelength", "-1"}, kind: ErrInvalid},
		// Limits.
		{name: "map width", attrs: []string{"width", "100000"}, kind: ErrLimit},
		{name: "tile size", attrs: []string{"tilewidth", "1000000"}, kind: ErrLimit},
		{name: "layer cells", tmx: `<layer id="1" name="L" width="60000" height="60000"/>`, tmj: `{"type": "tilelayer", "id": 1, "name": "L", "width": 60000, "height": 60000}`, kind: ErrLimit},
		{name: "total cells", lim: &Limits{MaxTotalCells: LayerCells + 3}, kind: ErrLimit},
		{name: "tile count", tsx: `<tileset firstgid="1" name="big" tilewidth="8" tileheight="8" tilecount="1000000000" columns="10"/>`,
			tsj: `{"firstgid": 1, "name": "big", "tilewidth": 8, "tileheight": 8, "tilecount": 1000000000, "columns": 10}`, kind: ErrLimit},
		{name: "image size", tsx: `<tileset firstgid="1" name="t" tilewidth="8" tileheight="8"><image source="t.png" width="99999999" height="16"/></tileset>`,
			tsj: `{"firstgid": 1, "name": "t", "tilewidth": 8, "tileheight": 8, "image": "t.png", "imagewidth": 99999999, "imageheight": 16}`, kind: ErrLimit},
		{name: "layers", lim: &Limits{MaxLayers: 2},
			tmx: `<group id="1" name="a"><objectgroup id="2" name="b"/></group><imagelayer id="3" name="c"/>`,
			tmj: `{"type": "group", "id": 1, "name": "a", "layers": [{"type": "objectgroup", "id": 2, "name": "b"}]}, {"type": "imagelayer", "id": 3, "name": "c"}`, kind: ErrLimit},
		{name: "groups nested", lim: &Limits{MaxDepth: 2},
			tmx: `<group id="1" name="a"><group id="2" name="b"><group id="3" name="c"><group id="4" name="d"/></group></group></group>`,
			tmj: `{"type": "group", "id": 1, "name": "a", "layers": [{"type": "group", "id": 2, "name": "b", "layers": [{"type": "group", "id": 3, "name": "c", "layers": [{"type": "group", "id": 4, "name": "d"}]}]}]}`, kind: ErrLimit},
		// Tile data.
		{name: "csv too short", kind: ErrData},
		{name: "base64", tmx: `<layer id="1" name="L" width="2" height="2"><data encoding="base64">!!!not*base64</data></layer>`,
			tmj: `{"type": "tilelayer", "id": 1, "name": "L", "width": 2, "height": 2, "encoding": "base64", "data": "!!!not*base64"}`, kind: ErrData},
		{name: "zlib", tmx: `<layer id="1" name="L" width="2" height="2"><data encoding="base64" compression="zlib">` + compress64(t, "", good) + `</data></layer>`,
			tmj: `{"type": "tilelayer", "id": 1, "name": "L", "width": 2, "height": 2, "encoding": "base64", "compression": "zlib", "data": "` + compress64(t, "", good) + `"}`, kind: ErrData},
		{name: "compression", tmx: `<layer id="1" name="L" width="2" height="2"><data encoding="base64" compression="lzma">AAAA</data></layer>`,
			tmj: `{"type": "tilelayer", "id": 1, "name": "L", "width": 2, "height": 2, "encoding": "base64", "compression": "lzma", "data": "AAAA"}`, kind: ErrData},
		{name: "encoding", tmx: `<layer id="1" name="L" width="2" height="2"><data encoding="hex">00</data></layer>`,
			tmj: `{"type": "tilelayer", "id": 1, "name": "L", "width": 2, "height": 2, "encoding": "hex", "data": "00"}`, kind: ErrData},
		{name: "GID of no tileset", kind: ErrGID},
		// Layers, groups and image layers.
		{name: "layer boolean", kind: ErrInvalid},
		{name: "layer opacity", kind: ErrInvalid},
		{name: "layer tint", kind: ErrInvalid},
		{name: "group offset", tmx: `<group id="1" name="g" offsetx="x"/>`, tmj: `{"type": "group", "id": 1, "name": "g", "offsetx": "x"}`, kind: ErrInvalid},
		{name: "group property", tmx: `<group id="1" name="g"><properties><property name="n" type="int" value="x"/></properties></group>`,
			tmj: `{"type": "group", "id": 1, "name": "g", "properties": [{"name": "n", "type": "int", "value": "x"}]}`, kind: ErrInvalid},
		{name: "image path", tmx: `<imagelayer id="1" name="I"><image source="../secret.png"/></imagelayer>`, tmj: `{"type": "imagelayer", "id": 1, "name": "I", "image": "../secret.png"}`, kind: ErrPath},
		{name: "image layer size", tmx: `<imagelayer id="1" name="I"><image source="s.png" width="99999999" height="1"/></imagelayer>`,
			tmj: `{"type": "imagelayer", "id": 1, "name": "I", "image": "s.png", "imagewidth": 99999999, "imageheight": 1}`, kind: ErrLimit},
		{name: "image layer repeat", tmx: `<imagelayer id="1" name="I" repeatx="maybe"/>`, tmj: `{"type": "imagelayer", "id": 1, "name": "I", "repeatx": "maybe"}`, kind: ErrInvalid},
		// Infinite maps' chunks.
		{name: "chunk size", attrs: []string{"infinite", "1"},
			tmx: `<layer id="1" name="L" width="2" height="2"><data encoding="csv"><chunk x="0" y="0" width="0" height="16"></chunk></data></layer>`,
			tmj: `{"type": "tilelayer", "id": 1, "name": "L", "width": 2, "height": 2, "chunks": [{"x": 0, "y": 0, "width": 0, "height": 16, "data": []}]}`, kind: ErrInvalid},
		{name: "chunk limit", attrs: []string{"infinite", "1"},
			tmx: `<layer id="1" name="L" width="2" height="2"><data encoding="csv"><chunk x="0" y="0" width="100000" height="1000">0</chunk></data></layer>`,
			tmj: `{"type": "tilelayer", "id": 1, "name": "L", "width": 2, "height": 2, "chunks": [{"x": 0, "y": 0, "width": 100000, "height": 1000, "data": [0]}]}`, kind: ErrLimit},
		{name: "chunk data", attrs: []string{"infinite", "1"},
			tmx: `<layer id="1" name="L" width="2" height="2"><data encoding="csv"><chunk x="0" y="0" width="2" height="2">1,2</chunk></data></layer>`,
			tmj: `{"type": "tilelayer", "id": 1, "name": "L", "width": 2, "height": 2, "chunks": [{"x": 0, "y": 0, "width": 2, "height": 2, "data": [1,2]}]}`, kind: ErrData},
		{name: "chunk position", attrs: []string{"infinite", "1"},
			tmx: `<layer id="1" name="L" width="2" height="2"><data encoding="csv"><chunk x="a" y="0" width="2" height="2">1,2,3,4</chunk></data></layer>`,
			tmj: `{"type": "tilelayer", "id": 1, "name": "L", "width": 2, "height": 2, "chunks": [{"x": "a", "y": 0, "width": 2, "height": 2, "data": [1,2,3,4]}]}`, kind: ErrInvalid},
		// Tilesets, tiles and Wang sets.
		{name: "tileset tile size", tsx: `<tileset firstgid="1" name="t" tilewidth="-8" tileheight="8" tilecount="1" columns="1"/>`,
			tsj: `{"firstgid": 1, "name": "t", "tilewidth": -8, "tileheight": 8, "tilecount": 1, "columns": 1}`, kind: ErrInvalid},
		{name: "tile offset", tsx: `<tileset firstgid="1" name="t" tilewidth="8" tileheight="8" tilecount="1" columns="1"><tileoffset x="a" y="0"/></tileset>`,
			tsj: `{"firstgid": 1, "name": "t", "tilewidth": 8, "tileheight": 8, "tilecount": 1, "columns": 1, "tileoffset": {"x": "a", "y": 0}}`, kind: ErrInvalid},
		{name: "firstgid twice", tsx: `<tileset firstgid="1" name="t" tilewidth="8" tileheight="8" tilecount="4" columns="2"/><tileset firstgid="1" name="u" tilewidth="8" tileheight="8" tilecount="1" columns="1"/>`,
			tsj: `{"firstgid": 1, "name": "t", "tilewidth": 8, "tileheight": 8, "tilecount": 4, "columns": 2}, {"firstgid": 1, "name": "u", "tilewidth": 8, "tileheight": 8, "tilecount": 1, "columns": 1}`, kind: ErrInvalid},
		{name: "animation", tsx: `<tileset firstgid="1" name="a" tilewidth="8" tileheight="8" tilecount="4" columns="2"><tile id="0"><animation><frame tileid="9" duration="10"/></animation></tile></tileset>`,
			tsj: `{"firstgid": 1, "name": "a", "tilewidth": 8, "tileheight": 8, "tilecount": 4, "columns": 2, "tiles": [{"id": 0, "animation": [{"tileid": 9, "duration": 10}]}]}`, kind: ErrInvalid},
		{name: "tile twice", tsx: `<tileset firstgid="1" name="a" tilewidth="8" tileheight="8" tilecount="4" columns="2"><tile id="1"/><tile id="1"/></tileset>`,
			tsj: `{"firstgid": 1, "name": "a", "tilewidth": 8, "tileheight": 8, "tilecount": 4, "columns": 2, "tiles": [{"id": 1}, {"id": 1}]}`, kind: ErrInvalid},
		{name: "tile probability", tsx: `<tileset firstgid="1" name="a" tilewidth="8" tileheight="8" tilecount="4" columns="2"><tile id="1" probability="often"/></tileset>`,
			tsj: `{"firstgid": 1, "name": "a", "tilewidth": 8, "tileheight": 8, "tilecount": 4, "columns": 2, "tiles": [{"id": 1, "probability": "often"}]}`, kind: ErrInvalid},
		{name: "tile image path", tsx: `<tileset firstgid="1" name="a" tilewidth="8" tileheight="8"><tile id="1"><image source="/abs.png" width="8" height="8"/></tile></tileset>`,
			tsj: `{"firstgid": 1, "name": "a", "tilewidth": 8, "tileheight": 8, "tiles": [{"id": 1, "image": "/abs.png", "imagewidth": 8, "imageheight": 8}]}`, kind: ErrPath},
		{name: "missing tileset", tsx: `<tileset firstgid="1" source="gone.tsx"/>`, tsj: `{"firstgid": 1, "source": "gone.tsj"}`, rename: [2]string{"gone.tsj", "gone.tsx"}, kind: ErrMissing},
		{name: "tileset file", tsx: `<tileset firstgid="1" source="bad.tsx"/>`, tsj: `{"firstgid": 1, "source": "bad.tsj"}`, rename: [2]string{"bad.tsj", "bad.tsx"}, kind: ErrInvalid,
			files: map[string]string{"bad.tsx": "<tileset name=\"bad\"\n tilewidth=\"8\" tileheight=\"8\" spacing=\"-1\"/>", "bad.tsj": "{\"name\": \"bad\",\n \"tilewidth\": 8, \"tileheight\": 8, \"spacing\": -1}"}},
		{name: "tile sub-rectangle", tsx: `<tileset firstgid="1" name="a" tilewidth="8" tileheight="8"><tile id="1" x="-1"><image source="s.png" width="8" height="8"/></tile></tileset>`,
			tsj: `{"firstgid": 1, "name": "a", "tilewidth": 8, "tileheight": 8, "tiles": [{"id": 1, "x": -1, "image": "s.png", "imagewidth": 8, "imageheight": 8}]}`, kind: ErrInvalid},
		{name: "tile ID limit", lim: &Limits{MaxTileCount: 100}, tsx: `<tileset firstgid="1" name="a" tilewidth="8" tileheight="8"><tile id="500"/></tileset>`,
			tsj: `{"firstgid": 1, "name": "a", "tilewidth": 8, "tileheight": 8, "tiles": [{"id": 500}]}`, kind: ErrLimit},
		{name: "grid", tsx: `<tileset firstgid="1" name="a" tilewidth="8" tileheight="8" tilecount="4" columns="2"><grid orientation="isometric" width="99999" height="8"/></tileset>`,
			tsj: `{"firstgid": 1, "name": "a", "tilewidth": 8, "tileheight": 8, "tilecount": 4, "columns": 2, "grid": {"orientation": "isometric", "width": 99999, "height": 8}}`, kind: ErrLimit},
		{name: "transformations", tsx: `<tileset firstgid="1" name="a" tilewidth="8" tileheight="8" tilecount="4" columns="2"><transformations hflip="yes"/></tileset>`,
			tsj: `{"firstgid": 1, "name": "a", "tilewidth": 8, "tileheight": 8, "tilecount": 4, "columns": 2, "transformations": {"hflip": "yes"}}`, kind: ErrInvalid},
		{name: "tilesets", lim: &Limits{MaxTilesets: 1}, tsx: `<tileset firstgid="1" name="t" tilewidth="8" tileheight="8" tilecount="4" columns="2"/><tileset firstgid="5" name="u" tilewidth="8" tileheight="8" tilecount="4" columns="2"/>`,
			tsj: `{"firstgid": 1, "name": "t", "tilewidth": 8, "tileheight": 8, "tilecount": 4, "columns": 2}, {"firstgid": 5, "name": "u", "tilewidth": 8, "tileheight": 8, "tilecount": 4, "columns": 2}`, kind: ErrLimit},
		{name: "wang set type", tsx: `<tileset firstgid="1" name="t" tilewidth="8" tileheight="8" tilecount="4" columns="2"><wangsets><wangset name="w" type="diagonal" tile="-1"/></wangsets></tileset>`,
			tsj: `{"firstgid": 1, "name": "t", "tilewidth": 8, "tileheight": 8, "tilecount": 4, "columns": 2, "wangsets": [{"name": "w", "type": "diagonal", "tile": -1}]}`, kind: ErrInvalid},
		{name: "wang ID length", tsx: `<tileset firstgid="1" name="t" tilewidth="8" tileheight="8" tilecount="4" columns="2"><wangsets><wangset name="w" type="corner" tile="-1"><wangtile tileid="0" wangid="1,0,1"/></wangset></wangsets></tileset>`,
			tsj: `{"firstgid": 1, "name": "t", "tilewidth": 8, "tileheight": 8, "tilecount": 4, "columns": 2, "wangsets": [{"name": "w", "type": "corner", "tile": -1, "wangtiles": [{"tileid": 0, "wangid": [1,0,1]}]}]}`, kind: ErrInvalid},
		{name: "wang ID colour", tsx: `<tileset firstgid="1" name="t" tilewidth="8" tileheight="8" tilecount="4" columns="2"><wangsets><wangset name="w" type="corner" tile="-1"><wangcolor name="g" color="#00ff00" tile="-1" probability="1"/><wangtile tileid="0" wangid="0,2,0,1,0,1,0,1"/></wangset></wangsets></tileset>`,
			tsj: `{"firstgid": 1, "name": "t", "tilewidth": 8, "tileheight": 8, "tilecount": 4, "columns": 2, "wangsets": [{"name": "w", "type": "corner", "tile": -1, "colors": [{"name": "g", "color": "#00ff00", "tile": -1, "probability": 1}], "wangtiles": [{"tileid": 0, "wangid": [0,2,0,1,0,1,0,1]}]}]}`, kind: ErrInvalid},
		{name: "wang colour", tsx: `<tileset firstgid="1" name="t" tilewidth="8" tileheight="8" tilecount="4" columns="2"><wangsets><wangset name="w" type="edge" tile="-1"><wangcolor name="g" color="#00ff00" tile="-1" probability="often"/></wangset></wangsets></tileset>`,
			tsj: `{"firstgid": 1, "name": "t", "tilewidth": 8, "tileheight": 8, "tilecount": 4, "columns": 2, "wangsets": [{"name": "w", "type": "edge", "tile": -1, "colors": [{"name": "g", "color": "#00ff00", "tile": -1, "probability": "often"}]}]}`, kind: ErrInvalid},
		{name: "wang colour property", tsx: `<tileset firstgid="1" name="t" tilewidth="8" tileheight="8" tilecount="4" columns="2"><wangsets><wangset name="w" type="edge" tile="-1"><wangcolor name="g" color="#00ff00" tile="-1" probability="1"><properties><property name="speed" type="float" value="fast"/></properties></wangcolor></wangset></wangsets></tileset>`,
			tsj: `{"firstgid": 1, "name": "t", "tilewidth": 8, "tileheight": 8, "tilecount": 4, "columns": 2, "wangsets": [{"name": "w", "type": "edge", "tile": -1, "colors": [{"name": "g", "color": "#00ff00", "tile": -1, "probability": 1, "properties": [{"name": "speed", "type": "float", "value": "fast"}]}]}]}`, kind: ErrInvalid},
		// Properties.
		{name: "list item", tmx: `<group id="1" name="g"><properties><property name="l" type="list"><item type="int" value="x"/></property></properties></group>`,
			tmj: `{"type": "group", "id": 1, "name": "g", "properties": [{"name": "l", "type": "list", "value": [{"type": "int", "value": "x"}]}]}`, kind: ErrInvalid},
		{name: "colour property", tmx: `<group id="1" name="g"><properties><property name="c" type="color" value="#12"/></properties></group>`,
			tmj: `{"type": "group", "id": 1, "name": "g", "properties": [{"name": "c", "type": "color", "value": "#12"}]}`, kind: ErrInvalid},
		// Objects, their shapes and text.
		{name: "polygon without points", kind: ErrInvalid},
		{name: "polyline without points", kind: ErrInvalid},
		{name: "bad point", kind: ErrInvalid},
		{name: "object position", kind: ErrInvalid},
		{name: "object GID", kind: ErrInvalid},
		{name: "object tile of no tileset", kind: ErrGID},
		{name: "draworder", tmx: `<objectgroup id="1" name="O" draworder="sideways"/>`, tmj: `{"type": "objectgroup", "id": 1, "name": "O", "draworder": "sideways"}`, kind: ErrInvalid},
		{name: "text colour", kind: ErrInvalid},
		{name: "text size", kind: ErrInvalid},
		{name: "text wrap", kind: ErrInvalid},
		// Templates.
		{name: "template path", kind: ErrPath},
		{name: "missing template", kind: ErrMissing, rename: [2]string{"none.tj", "none.tx"}},
		{name: "template without object", kind: ErrInvalid, rename: [2]string{"t.tj", "t.tx"},
			files: map[string]string{"t.tx": `<template/>`, "t.tj": `{"type": "template"}`}},
		{name: "template of a template", kind: ErrInvalid, rename: [2]string{"t.tj", "t.tx"},
			files: map[string]string{"t.tx": "<template>\n<object template=\"t.tx\"/></template>", "t.tj": "{\"type\": \"template\",\n\"object\": {\"template\": \"t.tx\"}}"}},
		{name: "tile template without tileset", kind: ErrInvalid, rename: [2]string{"t.tj", "t.tx"},
			files: map[string]string{"t.tx": "<template>\n<object gid=\"3\"/></template>", "t.tj": "{\"type\": \"template\",\n\"object\": {\"gid\": 3}}"}},
		{name: "template tileset without source", kind: ErrInvalid, rename: [2]string{"t.tj", "t.tx"},
			files: map[string]string{"t.tx": "<template>\n<tileset firstgid=\"1\"/><object/></template>", "t.tj": "{\"type\": \"template\",\n\"tileset\": {\"firstgid\": 1}, \"object\": {}}"}},
		{name: "template GID below its tileset", kind: ErrGID, rename: [2]string{"t.tj", "t.tx"},
			files: map[string]string{"t.tx": "<template>\n<tileset firstgid=\"5\" source=\"s.tsx\"/><object gid=\"3\"/></template>", "t.tj": "{\"type\": \"template\",\n\"tileset\": {\"firstgid\": 5, \"source\": \"s.tsx\"}, \"object\": {\"gid\": 3}}"}},
		{name: "template object", kind: ErrInvalid, rename: [2]string{"t.tj", "t.tx"},
			files: map[string]string{"t.tx": "<template>\n<object id=\"1\" width=\"wide\"/></template>", "t.tj": "{\"type\": \"template\",\n\"object\": {\"id\": 1, \"width\": \"wide\"}}"}},
	}
	for i := range defects {
		d := &defects[i]
		switch d.name {
		case "csv too short":
			d.tmx, d.tmj = layer("", "1,2,3")
		case "GID of no tileset":
			d.tmx, d.tmj = layer("", "9,10,11,3")
			d.tsx, d.tsj = late9()
		case "total cells":
			d.tmx, d.tmj = layer("", "1,2,3,4")
		case "layer boolean":
			d.tmx, d.tmj = layer(` visible="maybe"`, "1,2,3,4")
			d.tmj = strings.Replace(d.tmj, `"id": 1,`, `"id": 1, "visible": "maybe",`, 1)
		case "layer opacity":
			d.tmx, d.tmj = layer(` opacity="NaN"`, "1,2,3,4")
			d.tmj = strings.Replace(d.tmj, `"id": 1,`, `"id": 1, "opacity": "NaN",`, 1)
		case "layer tint":
			d.tmx, d.tmj = layer(` tintcolor="#12"`, "1,2,3,4")
			d.tmj = strings.Replace(d.tmj, `"id": 1,`, `"id": 1, "tintcolor": "#12",`, 1)
		case "polygon without points":
			d.tmx, d.tmj = og(`<object id="1" x="0" y="0"><polygon points=""/></object>`, `{"id": 1, "x": 0, "y": 0, "polygon": []}`)
		case "polyline without points":
			d.tmx, d.tmj = og(`<object id="1" x="0" y="0"><polyline points=" "/></object>`, `{"id": 1, "x": 0, "y": 0, "polyline": []}`)
		case "bad point":
			d.tmx, d.tmj = og(`<object id="1" x="0" y="0"><polygon points="0,0 a,1"/></object>`, `{"id": 1, "x": 0, "y": 0, "polygon": [{"x": 0, "y": 0}, {"x": "a", "y": 1}]}`)
		case "object position":
			d.tmx, d.tmj = og(`<object id="1" x="NaN" y="0"/>`, `{"id": 1, "x": "NaN", "y": 0}`)
		case "object GID":
			d.tmx, d.tmj = og(`<object id="1" gid="-1" x="0" y="0"/>`, `{"id": 1, "gid": -1, "x": 0, "y": 0}`)
		case "object tile of no tileset":
			d.tmx, d.tmj = og(`<object id="3" gid="7" x="0" y="0"/>`, `{"id": 3, "gid": 7, "x": 0, "y": 0}`)
			d.tsx, d.tsj = late9()
		case "text colour":
			d.tmx, d.tmj = og(`<object id="1" x="0" y="0"><text color="#zz">hi</text></object>`, `{"id": 1, "x": 0, "y": 0, "text": {"text": "hi", "color": "#zz"}}`)
		case "text size":
			d.tmx, d.tmj = og(`<object id="1" x="0" y="0"><text pixelsize="big">hi</text></object>`, `{"id": 1, "x": 0, "y": 0, "text": {"text": "hi", "pixelsize": "big"}}`)
		case "text wrap":
			d.tmx, d.tmj = og(`<object id="1" x="0" y="0"><text wrap="2">hi</text></object>`, `{"id": 1, "x": 0, "y": 0, "text": {"text": "hi", "wrap": 2}}`)
		case "template path":
			d.tmx, d.tmj = og(`<object id="1" template="../t.tx" x="0" y="0"/>`, `{"id": 1, "template": "../t.tx", "x": 0, "y": 0}`)
		case "missing template":
			d.tmx, d.tmj = og(`<object id="5" template="none.tx" x="0" y="0"/>`, `{"id": 5, "template": "none.tj", "x": 0, "y": 0}`)
		}
		if d.files != nil && d.tmx == "" {
			d.tmx, d.tmj = og(`<object id="5" template="t.tx" x="0" y="0"/>`, `{"id": 5, "template": "t.tj", "x": 0, "y": 0}`)
		}
	}
	for _, d := range defects {
		fsys := fstest.MapFS{"m.tmx": {Data: []byte(agreeMap(false, d.attrs, d.tsx, d.tmx))}, "m.tmj": {Data: []byte(agreeMap(true, d.attrs, d.tsj, d.tmj))}}
		for name, data := range d.files {
			fsys[name] = &fstest.MapFile{Data: []byte(data)}
		}
		ld := Loader{}
		if d.lim != nil {
			ld.Limits = *d.lim
		}
		_, xerr := ld.Load(fsys, "m.tmx")
		_, jerr := ld.Load(fsys, "m.tmj")
		var xe, je *Error
		if !errors.As(xerr, &xe) || !errors.As(jerr, &je) {
			t.Errorf("%s: errors %v and %v, want two *Error", d.name, xerr, jerr)
			continue
		}
		if xe.File != "m.tmx" || je.File != "m.tmj" || xe.Line == 0 || je.Line == 0 {
			t.Errorf("%s: at %s:%d and %s:%d, want m.tmx and m.tmj with lines", d.name, xe.File, xe.Line, je.File, je.Line)
		}
		if !errors.Is(xerr, d.kind) || !errors.Is(jerr, d.kind) {
			t.Errorf("%s: kinds %v and %v, want %v", d.name, xe.Kind, je.Kind, d.kind)
		}
		x := strings.TrimPrefix(xerr.Error(), "m.tmx")
		j := strings.TrimPrefix(jerr.Error(), "m.tmj")
		if d.rename[0] != "" {
			j = strings.ReplaceAll(j, d.rename[0], d.rename[1])
		}
		if x != j {
			t.Errorf("%s: the formats disagree:\nTMX  m.tmx%s\nJSON m.tmj%s", d.name, x, j)
		} else {
			t.Logf("%-30s m.tm?%s", d.name, x)
		}
	}
}
