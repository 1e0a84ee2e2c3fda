package atlas

import (
	"bytes"
	"image"
	"strings"
	"testing"
	"testing/fstest"

	"diorama/mathx"
)

func multiFS(t testing.TB, desc []byte) fstest.MapFS {
	return fstest.MapFS{
		"art/multi.json":  {Data: desc},
		"art/multi-0.png": {Data: pngBytes(t, coordImage(32, 32))},
		"art/multi-1.png": {Data: pngBytes(t, coordImage(16, 16))},
	}
}

func TestTexturePackerMultiFixture(t *testing.T) {
	a, err := LoadTexturePackerMulti(multiFS(t, readFixture(t, "tp_multi.json")), "art/multi.json")
	if err != nil {
		t.Fatal(err)
	}
	want := []Frame{
		{Name: "a.png", Page: 0, Rect: image.Rect(0, 0, 16, 16), Size: image.Pt(16, 16), Source: image.Pt(16, 16)},
		{Name: "b.png", Page: 0, Rect: image.Rect(16, 0, 32, 8), Rotated: true, Size: image.Pt(8, 16), Source: image.Pt(8, 16), Pivot: mathx.V2(0.5, 0.75), HasPivot: true},
		{Name: "c.png", Page: 1, Rect: image.Rect(0, 0, 10, 12), Trimmed: true, Offset: image.Pt(3, 2), Size: image.Pt(10, 12), Source: image.Pt(16, 16)},
	}
	if len(a.Pages) != 2 || len(a.Frames) != len(want) {
		t.Fatalf("%d pages, %d frames", len(a.Pages), len(a.Frames))
	}
	for i := range want {
		if a.Frames[i] != want[i] {
			t.Errorf("frame %d:\n got %+v\nwant %+v", i, a.Frames[i], want[i])
		}
	}
	c, _ := a.Image(2)
	if c.RGBAAt(3, 2).B != 200 || c.RGBAAt(3, 2).R != 0 || c.RGBAAt(2, 2).A != 0 {
		t.Errorf("page-1 frame pixels wrong")
	}
	// Export and load back.
	var buf bytes.Buffer
	if err := a.WriteTexturePackerMulti(&buf, []string{"multi-0.png", "multi-1.png"}); err != nil {
		t.Fatal(err)
	}
	b, err := LoadTexturePackerMulti(multiFS(t, buf.Bytes()), "art/multi.json")
	if err != nil {
		t.Fatalf("%v\n%s", err, buf.String())
	}
	for i := range a.Frames {
		if a.Frames[i] != b.Frames[i] {
			t.Errorf("round trip frame %d: %+v", i, b.Frames[i])
		}
	}
	if err := a.WriteTexturePackerMulti(&buf, []string{"one"}); err == nil {
		t.Error("wrong number of image names accepted")
	}
	// A page that is out of range or not loaded is an error, not a panic,
	// for every writer.
	for _, p := range []int{-1, len(a.Pages)} {
		if err := a.WriteTexturePacker(&buf, p, "x.png"); err == nil {
			t.Errorf("WriteTexturePacker accepted page %d", p)
		}
	}
	a.Pages[1] = nil
	if err := a.WriteTexturePacker(&buf, 1, "x.png"); err == nil {
		t.Error("WriteTexturePacker accepted a page that is not loaded")
	}
	if err := a.WriteTexturePackerMulti(&buf, []string{"multi-0.png", "multi-1.png"}); err == nil {
		t.Error("WriteTexturePackerMulti accepted a page that is not loaded")
	}
	if _, err := a.PageNRGBA(1); err == nil {
		t.Error("PageNRGBA accepted a page that is not loaded")
	}
}

func TestTexturePackerMultiErrors(t *testing.T) {
	good := string(readFixture(t, "tp_multi.json"))
	cases := []struct{ json, field string }{
		{`{"frames": {}}`, "textures: missing"},
		{`{"textures": [{"frames": []}]}`, "textures[0].image: missing"},
		{`{"textures": [{"image": "x.png"}]}`, "textures[0].frames: missing"},
		{strings.Replace(good, `"filename": "c.png"`, `"filename": "a.png"`, 1), `textures[1].frames[0]: duplicate frame name "a.png"`},
		{strings.Replace(good, `"frame": {"x":0,"y":0,"w":10,"h":12}`, `"frame": {"x":10,"y":0,"w":10,"h":12}`, 1), `textures[1].frames[0].frame: rectangle`},
		{strings.Replace(good, `"size": {"w":16,"h":16},`, `"size": {"w":-16,"h":16},`, 1), `textures[1].size.w`},
	}
	for _, c := range cases {
		_, err := ParseTexturePackerMulti("m.json", []byte(c.json))
		if err == nil || !strings.HasPrefix(err.Error(), "m.json: ") || !strings.Contains(err.Error(), c.field) {
			t.Errorf("got %v, want an error naming m.json and %q", err, c.field)
		}
	}
	fsys := multiFS(t, readFixture(t, "tp_multi.json"))
	delete(fsys, "art/multi-1.png")
	if _, err := LoadTexturePackerMulti(fsys, "art/multi.json"); err == nil || !strings.Contains(err.Error(), "textures[1].image") {
		t.Errorf("missing page: %v", err)
	}
	if _, err := AtlasOf(nil, nil); err == nil {
		t.Error("AtlasOf(nil) accepted")
	}
}

func FuzzParseTexturePackerMulti(f *testing.F) {
	f.Add(readFixture(f, "tp_multi.json"))
	f.Add([]byte(`{"textures": [{"image": "a", "frames": {"x": {"frame": {"x":0,"y":0,"w":1,"h":1}}}}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		sheets, err := ParseTexturePackerMulti("fuzz.json", data)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "fuzz.json: ") {
				t.Fatalf("error does not name the file: %v", err)
			}
			return
		}
		names := map[string]bool{}
		for p, sh := range sheets {
			fuzzCheck(t, sh)
			for _, fr := range sh.Frames {
				if fr.Page != p || names[fr.Name] {
					t.Fatalf("frame %q page %d (want %d) or duplicate", fr.Name, fr.Page, p)
				}
				names[fr.Name] = true
			}
		}
	})
}
