package level_test

import (
	"bytes"
	"compress/gzip"
	"compress/zlib"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"image"
	"image/color"
	"image/png"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"diorama/internal/loadutil"
	"diorama/internal/loadutil/loadtest"
	"diorama/level"
	"diorama/raster"
	"diorama/scene"
	"diorama/scene/imagelevel"
	"diorama/scene/tiled"
)

// The hostile corpus: files made at test time to exhaust a loader's memory
// or time (decompression bombs, huge declared sizes, levels whose naive
// build is one entity per cell, deep nesting, bad encodings, maps of
// thousands of layers, images whose decoders allocate or work far more
// than their pixels: one-strip deflate TIFFs, progressive JPEGs;
// Aseprite files whose cels link to their own frame or in a cycle;
// names with a NUL or bytes that are not UTF-8) and the special files
// and non-UTF-8 file names of hostile_unix_test.go. Each is loaded
// through the Load* functions from a real folder (loadutil.OpenRoot)
// under a memory watch and a time limit, and its outcome asserted: the
// error's kind and text, or the world built.
//
// The same watch (loadtest.Watch) runs the corpus of the other readers
// and programs: viewer.TestHostileWorlds (worlds of 65,536 maps) and
// TestHostileLayers (60,000 layers in the viewer), cmd/demo's
// TestHostileLevelFile (the same map with -level), fuzzy.TestHostileFLL
// (CPU bombs, deep formulas, bad names), bt.TestHostileText and
// fsm.TestHostileText (NUL and invalid UTF-8 in names, errors naming the
// file). raster.TestDecodeImageDecoderBuffers, atlas.TestAsepriteFileLinks
// and TestSheetNamesAreText, tiled.TestNamesTMXCannotHold and
// loadutil.TestJSONText test the image, Aseprite and text classes at
// their own level.

// hostileCase is one file set and its expected outcome.
type hostileCase struct {
	name  string
	files map[string][]byte
	load  func(fsys fs.FS) (*scene.World, error)
	kind  error  // the error's kind; nil: the load succeeds
	msg   string // a part of the error text (kind set), "" for any
	heap  int64  // budget of live heap above the start, default 96 MiB
	check func(t *testing.T, w *scene.World)
}

func loadASCII(name string) func(fs.FS) (*scene.World, error) {
	return func(fsys fs.FS) (*scene.World, error) { return level.LoadASCII(fsys, name, level.Options{}) }
}

func loadImage(img, desc string) func(fs.FS) (*scene.World, error) {
	return func(fsys fs.FS) (*scene.World, error) {
		return level.LoadImageLevel(fsys, img, desc, level.Options{})
	}
}

func loadIsoXML(name string) func(fs.FS) (*scene.World, error) {
	return func(fsys fs.FS) (*scene.World, error) { return level.LoadIsoXML(fsys, name, level.Options{}) }
}

func loadTiled(name string) func(fs.FS) (*scene.World, error) {
	return func(fsys fs.FS) (*scene.World, error) { return level.LoadTiled(fsys, name, level.Options{}) }
}

// asciiGrid is a w×h level: cell(x, y) gives each character, rows end in
// "\n".
func asciiGrid(w, h int, cell func(x, y int) byte) []byte {
	b := make([]byte, 0, (w+1)*h)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			b = append(b, cell(x, y))
		}
		b = append(b, '\n')
	}
	return b
}

// pngPaletted encodes a w×h two-colour image (index 1 the wall colour):
// a 4096×4096 map is a few KiB of PNG that decodes to 16 MiB.
func pngPaletted(t testing.TB, w, h int, wall func(x, y int) bool) []byte {
	return pngIndexed(t, w, h, func(x, y int) uint8 {
		if wall(x, y) {
			return 1
		}
		return 0
	})
}

// pngIndexed encodes a w×h image of floor (0), wall (1) and door (2)
// pixels.
func pngIndexed(t testing.TB, w, h int, at func(x, y int) uint8) []byte {
	img := image.NewPaletted(image.Rect(0, 0, w, h), color.Palette{color.White, imagelevel.DefaultWallColor, imagelevel.DefaultDoorColor})
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			img.Pix[y*img.Stride+x] = at(x, y)
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// pngGray16 encodes a w×h white 16-bit grey image (a few KiB): it decodes
// to 2 bytes a pixel, classified without the generic image.At path.
func pngGray16(t testing.TB, w, h int) []byte {
	img := image.NewGray16(image.Rect(0, 0, w, h))
	for i := range img.Pix {
		img.Pix[i] = 0xff
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// pngHeaderOnly is a PNG whose header declares w×h RGBA pixels and whose
// image data is a few zlib bytes of nothing.
func pngHeaderOnly(w, h uint32) []byte {
	var buf bytes.Buffer
	buf.WriteString("\x89PNG\r\n\x1a\n")
	chunk := func(typ string, data []byte) {
		binary.Write(&buf, binary.BigEndian, uint32(len(data)))
		c := crc32.NewIEEE()
		c.Write([]byte(typ))
		c.Write(data)
		buf.WriteString(typ)
		buf.Write(data)
		binary.Write(&buf, binary.BigEndian, c.Sum32())
	}
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], w)
	binary.BigEndian.PutUint32(ihdr[4:], h)
	ihdr[8], ihdr[9] = 8, 6 // 8-bit RGBA
	chunk("IHDR", ihdr)
	var z bytes.Buffer
	zw := zlib.NewWriter(&z)
	zw.Write(make([]byte, 64))
	zw.Close()
	chunk("IDAT", z.Bytes())
	chunk("IEND", nil)
	return buf.Bytes()
}

const descJSON = `{"player": {"sp": {"x": 1.5, "y": 1.5}}, "doors": [], "overlords": []}`

const isoDefs = `<definitions><materialDefinition name="m" type="tile"/></definitions>`

func isoScene(attrs, body string) []byte {
	return []byte(`<scene ` + attrs + `><head><definitions src="d.xml"/></head><body>` + body + `</body></scene>`)
}

// smallFloors is up to n bytes or count one-cell floors, 4096 to a row:
// the most elements a scene file of that size holds.
func smallFloors(n, count int) string {
	var b strings.Builder
	for i := 0; i < count; i++ {
		f := `<floor id="` + strconv.Itoa(i) + `" x="` + strconv.Itoa(i%4096) + `" y="` + strconv.Itoa(i/4096) + `" z="0" width="1" height="1" src="m"/>`
		if b.Len()+len(f) > n {
			break
		}
		b.WriteString(f)
	}
	return b.String()
}

// zeroTiles compresses n bytes of zeros (tile GID 0) with zlib or gzip,
// base64-encoded: the text of a Tiled <data> element.
func zeroTiles(t testing.TB, n int, gz bool) string {
	var buf bytes.Buffer
	var w interface {
		Write([]byte) (int, error)
		Close() error
	}
	if gz {
		w, _ = gzip.NewWriterLevel(&buf, gzip.BestCompression)
	} else {
		w, _ = zlib.NewWriterLevel(&buf, zlib.BestCompression)
	}
	zero := make([]byte, 1<<20)
	for n > 0 {
		k := min(n, len(zero))
		if _, err := w.Write(zero[:k]); err != nil {
			t.Fatal(err)
		}
		n -= k
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return base64.StdEncoding.EncodeToString(buf.Bytes())
}

func tmx(w, h int, layer string) []byte {
	return []byte(`<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="isometric" renderorder="right-down" width="` + strconv.Itoa(w) + `" height="` + strconv.Itoa(h) +
		`" tilewidth="64" tileheight="32" infinite="0">
` + layer + `
</map>
`)
}

func hostileCases(t testing.TB) []hostileCase {
	const side = 4096
	// Solid wall but one 's': one entity per cell was 16 Mi entities.
	walls := asciiGrid(side, side-1, func(x, y int) byte {
		if x == 1 && y == 1 {
			return 's'
		}
		return 'w'
	})
	checker := func(x, y int) bool { return (x+y)%2 == 1 }
	deepXML := strings.Repeat("<a>", 100000) + strings.Repeat("</a>", 100000)
	var floors strings.Builder
	for i := 0; i < 100000; i++ {
		floors.WriteString(`<floor id="F` + strconv.Itoa(i) + `" x="0" y="0" z="0" width="4096" height="4096" src="m"/>`)
	}
	return []hostileCase{
		// ASCII levels.
		{name: "ascii solid 4096x4095", files: map[string][]byte{"l.lev": walls}, load: loadASCII("l.lev"), heap: 480 << 20,
			check: func(t *testing.T, w *scene.World) {
				// Blocks of 16×16 (4096×4095/256 = 65520 of them if
				// all were whole), plus the pieces of the last row of
				// blocks (15 rows: 8+4+2+1) and around the 's': far
				// below one entity per cell.
				if n := len(w.AppendEntities(nil, scene.Object)); n < 65520 || n > 65520+4*256+1024 {
					t.Errorf("%d wall blocks", n)
				}
			}},
		{name: "ascii checkerboard 4096", files: map[string][]byte{"l.lev": asciiGrid(side, side-1, func(x, y int) byte {
			if x == 0 && y == 0 {
				return 's'
			}
			if checker(x, y) {
				return 'w'
			}
			return '-'
		})}, load: loadASCII("l.lev"), kind: level.ErrLimit, msg: "l.lev: walls: more than 131072 entities (raise level.Options.Limits.MaxEntities)"},
		{name: "ascii file over 16 MiB", files: map[string][]byte{"l.lev": bytes.Repeat([]byte("w"), 16<<20+1)}, load: loadASCII("l.lev"),
			kind: loadutil.ErrLimit, msg: "l.lev: file larger than 16777216 bytes"},
		{name: "ascii one endless row", files: map[string][]byte{"l.lev": bytes.Repeat([]byte("w"), 10<<20)}, load: loadASCII("l.lev"),
			kind: loadutil.ErrLimit, msg: "l.lev:1:4097: row wider than 4096 characters"},
		{name: "ascii spawn flood", files: map[string][]byte{"l.lev": asciiGrid(4096, 32, func(x, y int) byte {
			if x == 0 && y == 0 {
				return 's'
			}
			return 'e'
		})}, load: loadASCII("l.lev"), kind: loadutil.ErrLimit, msg: "l.lev:17:1: more than 65536 spawns"},
		{name: "ascii no player", files: map[string][]byte{"l.lev": []byte("www\nw-w\nwww\n")}, load: loadASCII("l.lev"),
			kind: loadutil.ErrInvalid, msg: "l.lev: no player ('s'): a level has exactly one"},
		{name: "ascii two players", files: map[string][]byte{"l.lev": []byte("wwww\nws-w\nw-sw\nwwww\n")}, load: loadASCII("l.lev"),
			kind: loadutil.ErrInvalid, msg: "l.lev:3:3: second player 's' (the first is at 2:2)"},
		{name: "ascii UTF-16", files: map[string][]byte{"l.lev": []byte("\xff\xfew\x00s\x00\n\x00")}, load: loadASCII("l.lev"),
			kind: loadutil.ErrSyntax, msg: "l.lev:1:1: unknown character byte 0xff"},
		{name: "ascii NUL bytes", files: map[string][]byte{"l.lev": make([]byte, 1<<20)}, load: loadASCII("l.lev"),
			kind: loadutil.ErrLimit, msg: "row wider than 4096"},

		// Image levels.
		{name: "image checkerboard 4096", files: map[string][]byte{"m.png": pngPaletted(t, side, side, checker), "m.json": []byte(
			`{"player": {"sp": {"x": 0.5, "y": 0.5}}, "doors": [], "overlords": []}`)},
			load: loadImage("m.png", "m.json"), kind: level.ErrLimit, msg: "m.png: walls: more than 131072 entities", heap: 160 << 20},
		{name: "image walled 4096", files: map[string][]byte{"m.png": pngPaletted(t, side, side, func(x, y int) bool {
			return x == 0 || y == 0 || x == side-1 || y == side-1
		}), "m.json": []byte(descJSON)}, load: loadImage("m.png", "m.json"), heap: 320 << 20,
			check: func(t *testing.T, w *scene.World) {
				// The top row: 256 blocks of 16; the side columns
				// below it, 4095 cells: 255 blocks of 16 and 8+4+2+1;
				// the bottom row between them, 4094 cells: 255 of 16
				// and 8+4+2.
				if n := len(w.AppendEntities(nil, scene.Object)); n != 256+2*259+258 {
					t.Errorf("%d wall blocks", n)
				}
			}},
		{name: "image 16-bit grey 4096", files: map[string][]byte{"m.png": pngGray16(t, side, side), "m.json": []byte(descJSON)},
			load: loadImage("m.png", "m.json"), heap: 320 << 20,
			check: func(t *testing.T, w *scene.World) {
				if n := len(w.AppendEntities(nil, scene.Object)); n != 0 {
					t.Errorf("%d wall blocks on a white map", n)
				}
			}},
		{name: "image door flood", files: map[string][]byte{"m.png": pngIndexed(t, side, side-1, func(x, y int) uint8 {
			// Odd rows alternate wall and door between floor rows,
			// ending in wall: 2047 valid doors a row, 4 Mi in all. The
			// 65537th is the 33rd of the 33rd door row.
			if y%2 == 1 && x == side-1 {
				return 1
			}
			if y%2 == 1 {
				return uint8(1 + x%2)
			}
			return 0
		}), "m.json": []byte(`{"player": {"sp": {"x": 0.5, "y": 0.5}}, "doors": [], "overlords": []}`)},
			load: loadImage("m.png", "m.json"), kind: loadutil.ErrLimit, msg: "m.png: pixel (65,65): more than 65536 doors (raise Loader.Limits.MaxEntries)"},
		{name: "image declared 100000x100000", files: map[string][]byte{"m.png": pngHeaderOnly(100000, 100000), "m.json": []byte(descJSON)},
			load: loadImage("m.png", "m.json"), kind: loadutil.ErrLimit, msg: "m.png: 100000×100000 image: wider than 4096 pixels"},
		{name: "image declared 4096x4096, no data", files: map[string][]byte{"m.png": pngHeaderOnly(4096, 4096), "m.json": []byte(descJSON)},
			load: loadImage("m.png", "m.json"), kind: imagelevel.ErrFormat, msg: "m.png: cannot decode PNG"},
		{name: "image truncated", files: map[string][]byte{"m.png": pngPaletted(t, 64, 64, checker)[:80], "m.json": []byte(descJSON)},
			load: loadImage("m.png", "m.json"), kind: imagelevel.ErrFormat, msg: "m.png: "},
		{name: "image description nested 100000 deep", files: map[string][]byte{"m.png": pngPaletted(t, 8, 8, checker),
			"m.json": []byte(`{"player": ` + strings.Repeat("[", 100000) + strings.Repeat("]", 100000) + `}`)},
			load: loadImage("m.png", "m.json"), kind: loadutil.ErrSyntax, msg: "m.json:1:"},
		{name: "image description over 1 MiB", files: map[string][]byte{"m.png": pngPaletted(t, 8, 8, checker),
			"m.json": append([]byte(descJSON), bytes.Repeat([]byte(" "), 1<<20)...)},
			load: loadImage("m.png", "m.json"), kind: loadutil.ErrLimit, msg: "m.json: file larger than 1048576 bytes"},
		{name: "image description in UTF-16", files: map[string][]byte{"m.png": pngPaletted(t, 8, 8, checker),
			"m.json": []byte("\xff\xfe{\x00}\x00")}, load: loadImage("m.png", "m.json"), kind: loadutil.ErrSyntax, msg: "m.json"},

		// IsoMob XML scenes.
		{name: "isoxml 100000 floors of 4096x4096", files: map[string][]byte{"d.xml": []byte(isoDefs),
			"s.xml": isoScene(`gridsize="1" levelsize="1"`, floors.String())}, load: loadIsoXML("s.xml"), heap: 128 << 20,
			kind: loadutil.ErrLimit, msg: `s.xml:1: <floor id="F4">: floors cover more than 67108864 grid cells in all`},
		{name: "isoxml 16 MiB of floors", files: map[string][]byte{"d.xml": []byte(isoDefs),
			"s.xml": isoScene(`gridsize="1" levelsize="1"`, smallFloors(16<<20-200, 1<<30))}, load: loadIsoXML("s.xml"), heap: 160 << 20,
			kind: loadutil.ErrLimit, msg: "s.xml:1: <floor>: more than 1048576 XML elements and attributes (raise Loader.Limits.MaxElements)"},
		{name: "isoxml 100000 one-cell floors", files: map[string][]byte{"d.xml": []byte(isoDefs),
			"s.xml": isoScene(`gridsize="1" levelsize="1"`, smallFloors(16<<20, 100000))}, load: loadIsoXML("s.xml"), heap: 200 << 20,
			check: func(t *testing.T, w *scene.World) {
				if w.Grid.Cols != 4096 || w.Grid.Rows != 25 {
					t.Errorf("%d×%d grid", w.Grid.Cols, w.Grid.Rows)
				}
			}},
		{name: "isoxml one huge wall", files: map[string][]byte{"d.xml": []byte(isoDefs),
			"s.xml": isoScene(`gridsize="4096" levelsize="4096"`, `<floor id="F" x="0" y="0" z="0" width="409600" height="409600" src="m"/>`+
				`<wall id="W" x="0" y="0" z="0" dir="horiz" size="16000000" height="16000000" src="m"/>`)},
			load: loadIsoXML("s.xml"), kind: level.ErrLimit, msg: `s.xml:1: wall "W": walls draw more than 33554432 pixels in all`},
		{name: "isoxml nested 100000 deep", files: map[string][]byte{"d.xml": []byte(isoDefs), "s.xml": isoScene(`gridsize="64" levelsize="64"`, deepXML)},
			load: loadIsoXML("s.xml"), kind: loadutil.ErrLimit, msg: "s.xml:1: <a>: elements nested deeper than 32"},
		{name: "isoxml billion laughs", files: map[string][]byte{"d.xml": []byte(isoDefs), "s.xml": []byte(`<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>
<scene gridsize="64" levelsize="64"><head><name>&lol3;</name></head><body/></scene>`)},
			load: loadIsoXML("s.xml"), kind: loadutil.ErrSyntax, msg: "s.xml:3: malformed XML"},
		{name: "isoxml UTF-16 declared", files: map[string][]byte{"d.xml": []byte(isoDefs),
			"s.xml": []byte(`<?xml version="1.0" encoding="UTF-16"?><scene gridsize="64" levelsize="64"/>`)},
			load: loadIsoXML("s.xml"), kind: loadutil.ErrSyntax, msg: "s.xml:1: malformed XML"},
		{name: "isoxml a million attributes", files: map[string][]byte{"d.xml": []byte(isoDefs),
			"s.xml": isoScene(`gridsize="64" levelsize="64"`, `<wall`+strings.Repeat(` a="1"`, 1<<20)+`/>`)},
			load: loadIsoXML("s.xml"), kind: loadutil.ErrLimit, msg: "s.xml:1: a tag with more than 256 attributes"},

		// Tiled maps through level.LoadTiled.
		{name: "tiled zlib bomb", files: map[string][]byte{"m.tmx": tmx(64, 64,
			`<layer id="1" name="g" width="64" height="64"><data encoding="base64" compression="zlib">`+zeroTiles(t, 64<<20, false)+`</data></layer>`)},
			load: loadTiled("m.tmx"), kind: tiled.ErrData, msg: "decompressed data larger than the 16384 bytes declared"},
		{name: "tiled gzip bomb", files: map[string][]byte{"m.tmx": tmx(64, 64,
			`<layer id="1" name="g" width="64" height="64"><data encoding="base64" compression="gzip">`+zeroTiles(t, 64<<20, true)+`</data></layer>`)},
			load: loadTiled("m.tmx"), kind: tiled.ErrData, msg: "decompressed data larger than the 16384 bytes declared"},
		{name: "tiled declared 100000x100000", files: map[string][]byte{"m.tmx": tmx(100000, 100000,
			`<layer id="1" name="g" width="100000" height="100000"><data encoding="csv">0</data></layer>`)},
			load: loadTiled("m.tmx"), kind: loadutil.ErrLimit, msg: "m.tmx"},
		// The Tiled loader counts attributes after encoding/xml has read
		// the whole tag: about 130 MiB for these 6 MiB (isoxml refuses
		// the tag first with loadutil.CheckAttrs). The budget records
		// today's cost so that it cannot grow unnoticed.
		{name: "tiled a million attributes", files: map[string][]byte{"m.tmx": tmx(4, 4, `<group`+strings.Repeat(` a="1"`, 1<<20)+`/>`)},
			load: loadTiled("m.tmx"), kind: loadutil.ErrLimit, msg: "m.tmx:3: a tag with more than 4096 attributes", heap: 16 << 20},
		{name: "tiled nested groups", files: map[string][]byte{"m.tmx": tmx(4, 4,
			strings.Repeat(`<group name="g">`, 100000)+strings.Repeat(`</group>`, 100000))},
			load: loadTiled("m.tmx"), kind: loadutil.ErrLimit, msg: "m.tmx"},
		{name: "tiled JSON nested", files: map[string][]byte{"m.tmj": []byte(`{"layers": ` + strings.Repeat("[", 100000) + strings.Repeat("]", 100000) + `}`)},
			load: loadTiled("m.tmj"), kind: loadutil.ErrLimit, msg: "m.tmj"},
		// Layers × cells: 60,000 full 8×8 layers, 3.84 M cells (far
		// under the cells limit), cost 148 MiB and 4 s to load and
		// build, each layer's own structures outweighing its tiles.
		{name: "tiled 60000 layers of 8x8", files: map[string][]byte{"m.tmx": tmx(8, 8, imageTileset+manyLayers(60000, 8)), "t.png": tilePNG(t)},
			load: loadTiled("m.tmx"), kind: loadutil.ErrLimit, msg: "m.tmx:4100: <layer>: more than 4096 layers (raise Limits.MaxLayers)"},
		{name: "tiled 4096 layers of 8x8", files: map[string][]byte{"m.tmx": tmx(8, 8, imageTileset+manyLayers(4096, 8)), "t.png": tilePNG(t)},
			load: loadTiled("m.tmx"), check: func(t *testing.T, w *scene.World) {
				if len(w.Layers) < 4096 {
					t.Errorf("%d layers", len(w.Layers))
				}
			}},
		// Images whose decoders allocate more than their pixels, or work
		// far longer, as a tileset's image: refused from their structure.
		{name: "tiled tileset TIFF of one 6600x6600 RGBA16 deflate strip", files: map[string][]byte{
			"m.tmx": tmx(2, 2, tilesetOf("t.tif", 6600, 6600)), "t.tif": loadtest.DeflateTIFF(6600, 6600)},
			load: loadTiled("m.tmx"), kind: raster.ErrImageLimit, msg: "t.tif: tiff of 6600×6600 needs 1568160000 bytes decoded"},
		{name: "tiled tileset progressive CMYK JPEG 8192x8192", files: map[string][]byte{
			"m.tmx": tmx(2, 2, tilesetOf("t.jpg", 8192, 8192)), "t.jpg": loadtest.ProgressiveJPEG(8192, 8192, 4, 0)},
			load: loadTiled("m.tmx"), kind: raster.ErrImageLimit, msg: "t.jpg: jpeg of 8192×8192 needs 1610612736 bytes decoded (536870912 of pixels, 1073741824 for 4 buffers of coefficients)"},
		{name: "tiled tileset progressive JPEG of 4000 scans", files: map[string][]byte{
			"m.tmx": tmx(2, 2, tilesetOf("t.jpg", 2048, 2048)), "t.jpg": loadtest.ProgressiveJPEG(2048, 2048, 1, 4000)},
			load: loadTiled("m.tmx"), kind: raster.ErrImageLimit, msg: "t.jpg: jpeg of 2048×2048 has 4001 scans coding 262209536 blocks in all, over the limit of 16777216"},
		// Names that are not text: a NUL written as an escape in a JSON
		// map's layer name (XML refuses it in a TMX file), bytes that are
		// not UTF-8 in an image level's door name.
		{name: "tiled JSON layer named with a NUL", files: map[string][]byte{"m.tmj": []byte(`{"type": "map", "version": "1.10", "orientation": "isometric", "width": 1, "height": 1,
"tilewidth": 64, "tileheight": 32, "layers": [{"type": "tilelayer", "id": 1, "name": "a\u0000b", "width": 1, "height": 1, "data": [0]}]}`)},
			load: loadTiled("m.tmj"), kind: loadutil.ErrSyntax, msg: "m.tmj:2: malformed JSON: character U+0000 in a string (XML, and so TMX, cannot hold it)"},
		{name: "tiled TMX layer named with a NUL", files: map[string][]byte{"m.tmx": tmx(1, 1, `<layer id="1" name="a&#0;b" width="1" height="1"><data encoding="csv">0</data></layer>`)},
			load: loadTiled("m.tmx"), kind: loadutil.ErrSyntax, msg: "m.tmx:3: malformed XML: illegal character code U+0000"},
		{name: "image level door named in invalid UTF-8", files: map[string][]byte{"m.png": pngPaletted(t, 8, 8, checker),
			"m.json": []byte("{\"player\": {\"sp\": {\"x\": 1.5, \"y\": 1.5}},\n\"doors\": [{\"name\": \"V\xffT\", \"tile\": {\"x\": 1, \"y\": 1}}], \"overlords\": []}")},
			load: loadImage("m.png", "m.json"), kind: loadutil.ErrSyntax, msg: "m.png: description → m.json:2:20: invalid UTF-8 in a string"},
		// Aseprite cels linked to their own frame, or to each other: a
		// reader following links without a rule never ends.
		{name: "tiled tileset Aseprite cel linked to its own frame", files: map[string][]byte{
			"m.tmx": tmx(2, 2, tilesetOf("t.aseprite", 64, 32)), "t.aseprite": loadtest.AsepriteLinks(64, 32, 2, [][2]int{{1, 1}})},
			load: loadTiled("m.tmx"), kind: loadutil.ErrInvalid, msg: `m.tmx:3: tileset "t" > image → t.aseprite: byte offset 8427 (frame 1 chunk 0x2005): cel of layer 0 in frame 1 links to its own frame (1)`},
		{name: "tiled tileset Aseprite cels linked in a cycle", files: map[string][]byte{
			"m.tmx": tmx(2, 2, tilesetOf("t.aseprite", 64, 32)), "t.aseprite": loadtest.AsepriteLinks(64, 32, 3, [][2]int{{1, 2}, {2, 1}})},
			load: loadTiled("m.tmx"), kind: loadutil.ErrInvalid, msg: `m.tmx:3: tileset "t" > image → t.aseprite: byte offset 8427 (frame 1 chunk 0x2005): cel of layer 0 in frame 1 links to a later frame (2)`},
		{name: "tiled tileset Aseprite links to earlier frames", files: map[string][]byte{
			"m.tmx": tmx(2, 2, tilesetOf("t.aseprite", 64, 32)), "t.aseprite": loadtest.AsepriteLinks(64, 32, 3, [][2]int{{1, 0}, {2, 1}})},
			load: loadTiled("m.tmx"), check: func(t *testing.T, w *scene.World) {
				if len(w.Layers) != 1 {
					t.Errorf("%d layers", len(w.Layers))
				}
			}},
	}
}

// imageTileset is one 64×32 tile, t.png.
const imageTileset = `<tileset firstgid="1" name="t" tilewidth="64" tileheight="32" tilecount="1" columns="1"><image source="t.png" width="64" height="32"/></tileset>`

// tilesetOf is a tileset of 64×32 tiles cut from the w×h image file.
func tilesetOf(file string, w, h int) string {
	return `<tileset firstgid="1" name="t" tilewidth="64" tileheight="32" tilecount="` + strconv.Itoa((w/64)*(h/32)) + `" columns="` + strconv.Itoa(w/64) +
		`"><image source="` + file + `" width="` + strconv.Itoa(w) + `" height="` + strconv.Itoa(h) + `"/></tileset><layer id="1" name="g" width="2" height="2"><data encoding="csv">1,1,1,1</data></layer>`
}

func tilePNG(t testing.TB) []byte {
	return pngPaletted(t, 64, 32, func(x, y int) bool { return x > y })
}

// manyLayers is n tile layers of side×side tiles, every cell tile 1.
func manyLayers(n, side int) string {
	var b strings.Builder
	data := strings.TrimSuffix(strings.Repeat("1,", side*side), ",")
	for i := 0; i < n; i++ {
		b.WriteString("\n<layer id=\"" + strconv.Itoa(i+1) + "\" name=\"l\" width=\"" + strconv.Itoa(side) + "\" height=\"" + strconv.Itoa(side) + "\"><data encoding=\"csv\">" + data + "</data></layer>")
	}
	return b.String()
}

// runHostile loads c from dir under the hostile corpus's memory watch and
// time limit (loadtest.Watch) and checks its outcome.
func runHostile(t *testing.T, dir string, c hostileCase) {
	t.Helper()
	fsys, err := loadutil.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	var w *scene.World
	err = loadtest.Watch(t, c.heap, 15*time.Second, func() error {
		var err error
		w, err = c.load(fsys)
		return err
	})
	if c.kind == nil {
		if err != nil || w == nil {
			t.Fatalf("load failed: %v", err)
		}
		if c.check != nil {
			c.check(t, w)
		}
		return
	}
	if w != nil || err == nil {
		t.Fatalf("loaded, want an error of kind %v", c.kind)
	}
	if !errors.Is(err, c.kind) || !strings.Contains(err.Error(), c.msg) {
		t.Fatalf("error %q\nwant kind %v containing %q", err, c.kind, c.msg)
	}
	t.Logf("%v", shorten(err.Error()))
}

func shorten(s string) string {
	if len(s) > 300 {
		return s[:300] + "..."
	}
	return s
}

func writeFiles(t *testing.T, dir string, files map[string][]byte) {
	t.Helper()
	for name, data := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func TestHostileCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("hostile corpus: seconds of CPU and hundreds of MiB")
	}
	cases := hostileCases(t)
	for i := range cases {
		c := cases[i]
		cases[i].files = nil // written once, then free for the collector
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			writeFiles(t, dir, c.files)
			c.files = nil
			runHostile(t, dir, c)
		})
	}
}
