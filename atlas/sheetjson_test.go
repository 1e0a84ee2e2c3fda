package atlas

import (
	"bytes"
	"image"
	"image/color"
	"image/color/palette"
	"image/draw"
	"image/gif"
	"image/jpeg"
	"image/png"
	"os"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"diorama/mathx"
)

func readFixture(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// coordImage is a w×h opaque image whose pixel (x, y) encodes x and y, so
// any misplaced or mis-rotated pixel shows.
func coordImage(w, h int) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			img.SetNRGBA(x, y, color.NRGBA{uint8(x), uint8(y), 200, 255})
		}
	}
	return img
}

func pngBytes(t testing.TB, img image.Image) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestTexturePackerFixtures(t *testing.T) {
	page := coordImage(64, 64)
	for _, name := range []string{"tp_hash.json", "tp_array.json"} {
		fsys := fstest.MapFS{
			"sheets/" + name:     {Data: readFixture(t, name)},
			"sheets/tp_page.png": {Data: pngBytes(t, page)},
		}
		a, err := LoadTexturePacker(fsys, "sheets/"+name)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		want := []Frame{
			{Name: "hero.png", Rect: image.Rect(0, 0, 16, 24), Trimmed: true, Offset: image.Pt(8, 4), Size: image.Pt(16, 24), Source: image.Pt(32, 32), Pivot: mathx.V2(0.5, 1), HasPivot: true},
			{Name: "tree.png", Rect: image.Rect(16, 0, 26, 20), Rotated: true, Size: image.Pt(20, 10), Source: image.Pt(20, 10)},
			{Name: "coin.png", Rect: image.Rect(0, 24, 8, 32), Size: image.Pt(8, 8), Source: image.Pt(8, 8), Pivot: mathx.V2(0.5, 0.5), HasPivot: true},
			{Name: "coin_alias.png", Rect: image.Rect(0, 24, 8, 32), Size: image.Pt(8, 8), Source: image.Pt(8, 8)},
		}
		if len(a.Frames) != len(want) {
			t.Fatalf("%s: %d frames", name, len(a.Frames))
		}
		for i := range want {
			if a.Frames[i] != want[i] {
				t.Errorf("%s frame %d:\n got %+v\nwant %+v", name, i, a.Frames[i], want[i])
			}
		}
		// The hero comes back at its offset inside a 32×32 transparent image.
		hero, _ := a.Image(0)
		if hero.Bounds() != image.Rect(0, 0, 32, 32) || hero.RGBAAt(7, 4).A != 0 || hero.RGBAAt(8, 4) != (color.RGBA{0, 0, 200, 255}) || hero.RGBAAt(23, 27) != (color.RGBA{15, 23, 200, 255}) {
			t.Errorf("%s: hero image wrong: %v %v", name, hero.RGBAAt(8, 4), hero.RGBAAt(23, 27))
		}
		// The tree is stored turned clockwise: its top-left pixel sits at the
		// region's top-right (page 25, 0), its bottom-left at the top-left.
		tree, _ := a.Image(1)
		if tree.Bounds() != image.Rect(0, 0, 20, 10) {
			t.Fatalf("tree bounds %v", tree.Bounds())
		}
		if tree.RGBAAt(0, 0) != (color.RGBA{25, 0, 200, 255}) || tree.RGBAAt(0, 9) != (color.RGBA{16, 0, 200, 255}) || tree.RGBAAt(19, 0) != (color.RGBA{25, 19, 200, 255}) {
			t.Errorf("tree unrotated wrongly: %v %v %v", tree.RGBAAt(0, 0), tree.RGBAAt(0, 9), tree.RGBAAt(19, 0))
		}
	}
}

func TestAsepriteFixtures(t *testing.T) {
	for _, name := range []string{"aseprite_hash.json", "aseprite_array.json"} {
		fsys := fstest.MapFS{name: {Data: readFixture(t, name)}, "knight.png": {Data: pngBytes(t, coordImage(96, 16))}}
		a, err := LoadAsepriteJSON(fsys, name)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		durs := []int{100, 100, 150, 150, 200, 50}
		for i, f := range a.Frames {
			if f.Duration != durs[i] || f.Rect != image.Rect(16*i, 0, 16*i+16, 16) || f.Name != "knight "+string(rune('0'+i))+".aseprite" {
				t.Errorf("%s frame %d: %+v", name, i, f)
			}
		}
		type clipWant struct {
			dir    Direction
			repeat int
			frames []int
		}
		wants := map[string]clipWant{
			"walk": {Forward, 0, []int{0, 1, 2, 3}},
			"idle": {PingPong, 2, []int{4, 5}},
			"back": {Reverse, 0, []int{0, 1, 2, 3}},
			"turn": {PingPongReverse, 3, []int{1, 2, 3}},
		}
		if len(a.Clips) != 4 {
			t.Fatalf("%s: %d clips", name, len(a.Clips))
		}
		for cn, w := range wants {
			c, ok := a.Clip(cn)
			if !ok || c.Dir != w.dir || c.Repeat != w.repeat || !slices.Equal(c.Frames, w.frames) {
				t.Errorf("%s clip %s: %+v", name, cn, c)
				continue
			}
			for k, fi := range c.Frames {
				if c.Durations[k] != durs[fi] {
					t.Errorf("%s clip %s: durations %v", name, cn, c.Durations)
				}
			}
		}
	}
}

// Hostile and malformed descriptions: an error naming the file and the
// field, never a panic.
func TestSheetErrors(t *testing.T) {
	frame := func(body string) string {
		return `{"frames": {"a.png": ` + body + `}, "meta": {"image": "p.png", "size": {"w": 64, "h": 64}}}`
	}
	ok := `{"frame": {"x":0,"y":0,"w":8,"h":8}, "sourceSize": {"w":8,"h":8}, "spriteSourceSize": {"x":0,"y":0,"w":8,"h":8}}`
	cases := []struct {
		json, field string
		aseprite    bool
	}{
		{`not json`, "invalid JSON", false},
		{`{"meta": {}}`, "frames: missing", false},
		{`{"frames": "x"}`, "frames: must be an object", false},
		{`{"frames": {}}`, "frames: no frames", false},
		{frame(`{"frame": {"x":-1,"y":0,"w":8,"h":8}}`), `frames["a.png"].frame.x`, false},
		{frame(`{"frame": {"x":0,"y":0,"w":0,"h":8}}`), `frames["a.png"].frame.w`, false},
		{frame(`{"frame": {"x":0,"y":0,"w":8,"h":99999999}}`), `frames["a.png"].frame.h`, false},
		{frame(`{"frame": {"x":0,"y":0,"w":8}}`), `frames["a.png"].frame.h: missing`, false},
		{frame(`{"frame": {"x":60,"y":0,"w":8,"h":8}}`), `frames["a.png"].frame: rectangle`, false},
		{frame(`{"frame": {"x":0,"y":60,"w":8,"h":2}, "rotated": true}`), `frames["a.png"].frame: rectangle`, false},
		{frame(`{"rotated": false}`), `frames["a.png"].frame: missing`, false},
		{frame(`{"frame": {"x":0,"y":0,"w":8,"h":8}, "spriteSourceSize": {"x":4,"y":0,"w":8,"h":8}, "sourceSize": {"w":8,"h":8}}`), `frames["a.png"].spriteSourceSize: trimmed area`, false},
		{frame(`{"frame": {"x":0,"y":0,"w":8,"h":8}, "spriteSourceSize": {"x":0,"y":0,"w":7,"h":8}}`), `frames["a.png"].spriteSourceSize: size`, false},
		{frame(`{"frame": {"x":0,"y":0,"w":8,"h":8}, "sourceSize": {"w":-8,"h":8}}`), `frames["a.png"].sourceSize.w`, false},
		{frame(`{"frame": {"x":0,"y":0,"w":8,"h":8}, "pivot": {"x":1e300,"y":0}}`), `frames["a.png"].pivot`, false},
		{frame(`{"frame": {"x":0,"y":0,"w":8.5,"h":8}}`), `frames["a.png"]: invalid`, false},
		{`{"frames": [{"frame": {"x":0,"y":0,"w":8,"h":8}}]}`, `frames[0].filename: missing`, false},
		{`{"frames": {"a": ` + ok + `, "b": {"frame": {"x":4,"y":4,"w":8,"h":8}}}}`, `frames["b"].frame: rectangle (4,4)-(12,12) overlaps frames["a"]`, false},
		{`{"frames": [{"filename":"a", "frame": {"x":0,"y":0,"w":8,"h":8}}, {"filename":"a", "frame": {"x":8,"y":0,"w":8,"h":8}}]}`, `frames[1]: duplicate frame name`, false},
		{frame(ok), `frames["a.png"].duration: missing`, true},
		{frame(`{"frame": {"x":0,"y":0,"w":8,"h":8}, "duration": -5}`), `frames["a.png"].duration`, true},
		{`{"frames": {"a": {"frame": {"x":0,"y":0,"w":8,"h":8}, "duration": 10}}, "meta": {"frameTags": [{"name":"t","from":0,"to":3}]}}`, `meta.frameTags[0].to`, true},
		{`{"frames": {"a": {"frame": {"x":0,"y":0,"w":8,"h":8}, "duration": 10}}, "meta": {"frameTags": [{"name":"t","from":-1,"to":0}]}}`, `meta.frameTags[0].from`, true},
		{`{"frames": {"a": {"frame": {"x":0,"y":0,"w":8,"h":8}, "duration": 10}}, "meta": {"frameTags": [{"name":"t","from":0,"to":0,"direction":"sideways"}]}}`, `meta.frameTags[0].direction`, true},
		{`{"frames": {"a": {"frame": {"x":0,"y":0,"w":8,"h":8}, "duration": 10}}, "meta": {"frameTags": [{"name":"t","from":0,"to":0,"repeat":"-2"}]}}`, `meta.frameTags[0].repeat`, true},
		{`{"frames": {"a": {"frame": {"x":0,"y":0,"w":8,"h":8}, "duration": 10}}, "meta": {"size": {"w": 0, "h": 5}}}`, `meta.size.w`, true},
	}
	for _, c := range cases {
		var err error
		if c.aseprite {
			_, err = ParseAsepriteJSON("bad.json", []byte(c.json))
		} else {
			_, err = ParseTexturePacker("bad.json", []byte(c.json))
		}
		if err == nil {
			t.Errorf("accepted: %s", c.json)
			continue
		}
		if msg := err.Error(); !strings.HasPrefix(msg, "bad.json: ") || !strings.Contains(msg, c.field) {
			t.Errorf("error %q does not name bad.json and %q", msg, c.field)
		}
	}
}

func TestLoadErrors(t *testing.T) {
	good := readFixture(t, "tp_hash.json")
	cases := []struct {
		fs    fstest.MapFS
		field string
	}{
		{fstest.MapFS{"s.json": {Data: good}}, "s.json: meta.image"}, // page missing
		{fstest.MapFS{"s.json": {Data: good}, "tp_page.png": {Data: []byte("not a png")}}, "s.json: meta.image"},
		{fstest.MapFS{"s.json": {Data: good}, "tp_page.png": {Data: pngBytes(t, coordImage(32, 64))}}, "s.json: meta.size"},
		{fstest.MapFS{"s.json": {Data: bytes.Replace(good, []byte(`"tp_page.png"`), []byte(`"../../etc/passwd"`), 1)}}, "s.json: meta.image"},
		{fstest.MapFS{"s.json": {Data: bytes.Replace(good, []byte(`"image": "tp_page.png",`), nil, 1)}}, "s.json: meta.image: missing"},
	}
	for _, c := range cases {
		_, err := LoadTexturePacker(c.fs, "s.json")
		if err == nil || !strings.Contains(err.Error(), c.field) {
			t.Errorf("got %v, want an error naming %q", err, c.field)
		}
	}
	if _, err := LoadAsepriteJSON(fstest.MapFS{}, "none.json"); err == nil {
		t.Error("missing description accepted")
	}
	// A page smaller than the frames when meta.size is absent.
	noSize := []byte(`{"frames": {"a": {"frame": {"x":0,"y":0,"w":8,"h":8}}}, "meta": {"image": "p.png"}}`)
	_, err := LoadTexturePacker(fstest.MapFS{"n.json": {Data: noSize}, "p.png": {Data: pngBytes(t, coordImage(4, 4))}}, "n.json")
	if err == nil || !strings.Contains(err.Error(), "n.json: frames") {
		t.Errorf("frame outside image: %v", err)
	}
}

// The exporter's output loads back to the same frames.
func TestTexturePackerExportRoundTrip(t *testing.T) {
	fsys := fstest.MapFS{"s.json": {Data: readFixture(t, "tp_hash.json")}, "tp_page.png": {Data: pngBytes(t, coordImage(64, 64))}}
	a, err := LoadTexturePacker(fsys, "s.json")
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := a.WriteTexturePacker(&buf, 0, "tp_page.png"); err != nil {
		t.Fatal(err)
	}
	sh, err := ParseTexturePacker("export.json", buf.Bytes())
	if err != nil {
		t.Fatalf("%v\n%s", err, buf.String())
	}
	if sh.Image != "tp_page.png" || sh.Size != image.Pt(64, 64) || len(sh.Frames) != len(a.Frames) {
		t.Fatalf("meta %q %v, %d frames", sh.Image, sh.Size, len(sh.Frames))
	}
	for i := range a.Frames {
		if sh.Frames[i] != a.Frames[i] {
			t.Errorf("frame %d: %+v != %+v", i, sh.Frames[i], a.Frames[i])
		}
	}
}

func fuzzCheck(t *testing.T, sh *Sheet) {
	for i, f := range sh.Frames {
		if f.Size.X < 1 || f.Size.Y < 1 || f.Rect.Min.X < 0 || f.Rect.Min.Y < 0 {
			t.Fatalf("frame %d accepted with %+v", i, f)
		}
		if sh.Size != (image.Point{}) && !f.Rect.In(image.Rectangle{Max: sh.Size}) {
			t.Fatalf("frame %d outside page", i)
		}
		if f.Offset.X+f.Size.X > f.Source.X || f.Offset.Y+f.Size.Y > f.Source.Y {
			t.Fatalf("frame %d trimmed area outside source", i)
		}
		for j := range i {
			if g := sh.Frames[j]; g.Rect.Overlaps(f.Rect) && g.Rect != f.Rect {
				t.Fatalf("frames %d and %d overlap", i, j)
			}
		}
	}
	for _, c := range sh.Clips {
		if err := c.Validate(); err != nil {
			t.Fatal(err)
		}
		for _, fi := range c.Frames {
			if fi < 0 || fi >= len(sh.Frames) {
				t.Fatalf("clip frame %d out of range", fi)
			}
		}
	}
}

func FuzzParseTexturePacker(f *testing.F) {
	f.Add(readFixture(f, "tp_hash.json"))
	f.Add(readFixture(f, "tp_array.json"))
	f.Add(readFixture(f, "tp_pixi.json"))
	f.Add(readFixture(f, "tp_pixi_multi-0.json"))
	f.Add([]byte(`{"frames": {"a": {"frame": {"x":0,"y":0,"w":8,"h":8}, "rotated": true}}, "meta": {"size": {"w":8,"h":8}}}`))
	f.Add([]byte(`{"frames": [{"filename": "a", "frame": {"x":1,"y":1,"w":1,"h":1}}, {"filename": "b", "frame": {"x":1,"y":1,"w":1,"h":1}}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		sh, err := ParseTexturePacker("fuzz.json", data)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "fuzz.json: ") {
				t.Fatalf("error does not name the file: %v", err)
			}
			return
		}
		fuzzCheck(t, sh)
	})
}

func FuzzParseAsepriteJSON(f *testing.F) {
	f.Add(readFixture(f, "aseprite_hash.json"))
	f.Add(readFixture(f, "aseprite_array.json"))
	f.Add(readFixture(f, "aseprite_padded.json"))
	f.Add([]byte(`{"frames": {"a": {"frame": {"x":0,"y":0,"w":8,"h":8}, "duration": 10}}, "meta": {"frameTags": [{"name":"t","from":0,"to":0,"direction":"pingpong","repeat":2}]}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		sh, err := ParseAsepriteJSON("fuzz.json", data)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "fuzz.json: ") {
				t.Fatalf("error does not name the file: %v", err)
			}
			return
		}
		fuzzCheck(t, sh)
		for _, c := range sh.Clips {
			p, err := NewPlayer(&c)
			if err != nil {
				t.Fatal(err)
			}
			for k := 0; k < 50; k++ {
				p.Advance(37)
				if i := p.Index(); i < 0 || i >= len(c.Frames) {
					t.Fatalf("player index %d", i)
				}
			}
		}
	})
}

// Pages in the formats packers write load: a paletted PNG (the usual
// output of TexturePacker's and Aseprite's indexed exports, which the
// old header check refused), a JPEG and a GIF.
func TestPagesAnyFormat(t *testing.T) {
	src := coordImage(64, 64)
	pal := image.NewPaletted(src.Bounds(), palette.Plan9)
	draw.Draw(pal, pal.Rect, src, image.Point{}, draw.Src)
	var pb, jb, gb bytes.Buffer
	png.Encode(&pb, pal)
	jpeg.Encode(&jb, src, nil)
	gif.Encode(&gb, src, nil)
	for name, page := range map[string][]byte{"paletted png": pb.Bytes(), "jpeg": jb.Bytes(), "gif": gb.Bytes()} {
		fsys := fstest.MapFS{"s.json": {Data: readFixture(t, "tp_hash.json")}, "tp_page.png": {Data: page}}
		a, err := LoadTexturePacker(fsys, "s.json")
		if err != nil {
			t.Fatalf("%s page: %v", name, err)
		}
		if len(a.Frames) == 0 {
			t.Fatalf("%s page: no frames", name)
		}
	}
}

// A key written twice is an error naming its JSON path, not a silently
// lost frame.
func TestDuplicateKeys(t *testing.T) {
	doc := `{"frames": {"a.png": {"frame": {"x":0,"y":0,"w":4,"h":4}, "frame": {"x":4,"y":0,"w":4,"h":4}, "sourceSize": {"w":4,"h":4}, "spriteSourceSize": {"x":0,"y":0,"w":4,"h":4}}}, "meta": {"image": "p.png", "size": {"w":8,"h":4}}}`
	_, err := ParseTexturePacker("dup.json", []byte(doc))
	if err == nil || !strings.Contains(err.Error(), "frames.a.png.frame") || !strings.Contains(err.Error(), "twice") {
		t.Fatalf("duplicate key: %v", err)
	}
}
