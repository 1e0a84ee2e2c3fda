package atlas

import (
	"bytes"
	"image"
	"image/color"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"diorama/mathx"
	"diorama/raster"
)

// PixiJS-style TexturePacker JSON: "borders" and "scale9Borders" 9-slices,
// a trimmed and a rotated frame, and top-level "animations".
func TestTexturePackerBordersAndAnimations(t *testing.T) {
	fsys := fstest.MapFS{"pixi.json": {Data: readFixture(t, "tp_pixi.json")}, "pixi.png": {Data: pngBytes(t, coordImage(32, 32))}}
	a, err := LoadTexturePacker(fsys, "pixi.json")
	if err != nil {
		t.Fatal(err)
	}
	want := []Frame{
		{Name: "button.png", Rect: image.Rect(0, 0, 12, 10), Size: image.Pt(12, 10), Source: image.Pt(12, 10), HasPivot: true,
			Center: image.Rect(3, 2, 8, 7), HasCenter: true},
		{Name: "panel.png", Rect: image.Rect(12, 0, 22, 10), Size: image.Pt(10, 10), Source: image.Pt(10, 10),
			Center: image.Rect(2, 3, 7, 7), HasCenter: true},
		{Name: "walk_01.png", Rect: image.Rect(0, 10, 8, 18), Trimmed: true, Offset: image.Pt(1, 2), Size: image.Pt(8, 8), Source: image.Pt(10, 12),
			Pivot: mathx.V2(0.5, 0.9), HasPivot: true},
		{Name: "walk_02.png", Rect: image.Rect(8, 10, 16, 18), Rotated: true, Size: image.Pt(8, 8), Source: image.Pt(8, 8)},
	}
	if !slices.Equal(a.Frames, want) {
		t.Fatalf("frames\n got %+v\nwant %+v", a.Frames, want)
	}
	if len(a.Clips) != 2 {
		t.Fatalf("%d clips", len(a.Clips))
	}
	walk, ok := a.Clip("walk")
	if !ok || !slices.Equal(walk.Frames, []int{2, 3, 2}) || !slices.Equal(walk.Durations, []int{100, 100, 100}) || walk.Dir != Forward || walk.Repeat != 0 {
		t.Errorf("walk clip %+v", walk)
	}
	if p, ok := a.Clip("press"); !ok || !slices.Equal(p.Frames, []int{0}) {
		t.Errorf("press clip %+v", p)
	}
}

// Aseprite JSON with inner padding (1 and 2 pixels), tag colour, repeat
// and user data, layers with groups and blend modes, slices with a
// 9-slice centre, a pivot and a hiding key.
func TestAsepritePaddedAndMeta(t *testing.T) {
	fsys := fstest.MapFS{"hero.json": {Data: readFixture(t, "aseprite_padded.json")}, "hero.png": {Data: pngBytes(t, coordImage(40, 12))}}
	a, err := LoadAsepriteJSON(fsys, "hero.json")
	if err != nil {
		t.Fatal(err)
	}
	rects := []image.Rectangle{image.Rect(2, 2, 10, 10), image.Rect(14, 2, 22, 10), image.Rect(27, 3, 31, 5)}
	for i, f := range a.Frames {
		if f.Rect != rects[i] || f.Source != image.Pt(8, 8) {
			t.Errorf("frame %d: %+v", i, f)
		}
	}
	if f := a.Frames[2]; f.Size != image.Pt(4, 2) || f.Offset != image.Pt(1, 2) || !f.Trimmed {
		t.Errorf("trimmed padded frame: %+v", f)
	}
	// The pixels come from inside the padding: frame 0's top-left pixel is
	// page (2, 2).
	img, err := a.Image(0)
	if err != nil {
		t.Fatal(err)
	}
	if img.RGBAAt(0, 0) != (color.RGBA{2, 2, 200, 255}) || img.RGBAAt(7, 7) != (color.RGBA{9, 9, 200, 255}) {
		t.Errorf("padded frame pixels %v %v", img.RGBAAt(0, 0), img.RGBAAt(7, 7))
	}
	run, ok := a.Clip("run")
	if !ok || run.Dir != PingPongReverse || run.Repeat != 4 || !slices.Equal(run.Durations, []int{100, 120, 80}) ||
		run.UserData != (UserData{Text: "loop me", Color: color.NRGBA{0xfe, 0x5b, 0x59, 0xff}, HasColor: true}) {
		t.Errorf("run clip %+v", run)
	}
	wantLayers := []Layer{
		{Name: "body", IsGroup: true, Opacity: 255, Visible: true, UserData: UserData{Text: "group data", Color: color.NRGBA{0x6a, 0xcd, 0x5b, 0xff}, HasColor: true}},
		{Name: "skin", Group: "body", Opacity: 200, BlendMode: BlendMultiply, Visible: true},
		{Name: "shadow", Opacity: 127, Visible: true, UserData: UserData{Text: "soft"}},
	}
	if !slices.Equal(a.Layers, wantLayers) {
		t.Errorf("layers\n got %+v\nwant %+v", a.Layers, wantLayers)
	}
	s, ok := a.Slice("hit")
	if !ok || s.UserData.Text != "box" || len(s.Keys) != 2 {
		t.Fatalf("slice %+v", s)
	}
	k, ok := s.KeyAt(1)
	if !ok || k.Bounds != image.Rect(1, 1, 7, 7) || !k.HasCenter || k.Center != image.Rect(2, 2, 4, 3) || !k.HasPivot || k.Pivot != image.Pt(3, 5) {
		t.Errorf("key at frame 1: %+v %v", k, ok)
	}
	if _, ok := s.KeyAt(2); ok {
		t.Error("slice hidden from frame 2 on is still shown")
	}
}

func TestBlendModeNames(t *testing.T) {
	for m := BlendNormal; m <= BlendDivide; m++ {
		if got, ok := ParseBlendMode(m.String()); !ok || got != m {
			t.Errorf("%v does not round-trip", m)
		}
	}
	if _, ok := ParseBlendMode("sideways"); ok {
		t.Error("unknown blend mode accepted")
	}
}

// Bad metadata: errors name the file and the JSON path.
func TestMetaErrors(t *testing.T) {
	fr := `"frames": {"a": {"frame": {"x":0,"y":0,"w":8,"h":8}, "duration": 10}}`
	cases := []struct{ json, field string }{
		{`{` + fr + `, "meta": {"layers": [{"opacity": 3}]}}`, `meta.layers[0].name: missing`},
		{`{` + fr + `, "meta": {"layers": [{"name": "x", "opacity": 300}]}}`, `meta.layers[0].opacity`},
		{`{` + fr + `, "meta": {"layers": [{"name": "x", "blendMode": "glow"}]}}`, `meta.layers[0].blendMode`},
		{`{` + fr + `, "meta": {"layers": [{"name": "x", "color": "red"}]}}`, `meta.layers[0].color`},
		{`{` + fr + `, "meta": {"slices": [{"name": "s", "keys": [{"frame": 0}]}]}}`, `meta.slices[0].keys[0].bounds: missing`},
		{`{` + fr + `, "meta": {"slices": [{"name": "s", "keys": [{"frame": 0, "bounds": {"x":0,"y":0,"w":-1,"h":2}}]}]}}`, `meta.slices[0].keys[0].bounds.w`},
		{`{` + fr + `, "meta": {"slices": [{"name": "s", "keys": [{"frame": 0, "bounds": {"x":0,"y":0,"w":4,"h":4}, "center": {"x":3,"y":0,"w":2,"h":2}}]}]}}`, `meta.slices[0].keys[0].center`},
		{`{` + fr + `, "meta": {"slices": [{"name": "s", "keys": [{"frame": 2, "bounds": {"x":0,"y":0,"w":4,"h":4}}, {"frame": 1, "bounds": {"x":0,"y":0,"w":4,"h":4}}]}]}}`, `meta.slices[0].keys[1].frame`},
		{`{` + fr + `, "meta": {"slices": [{"name": "s", "keys": [{"frame": 0, "bounds": {"x":0,"y":0,"w":4,"h":4}, "pivot": {"x": 1}}]}]}}`, `meta.slices[0].keys[0].pivot`},
		{`{` + fr + `, "meta": {"frameTags": [{"name":"t","from":0,"to":0,"color":"#12"}]}}`, `meta.frameTags[0].color`},
		{`{` + fr + `, "animations": {"walk": ["b"]}}`, `animations["walk"][0]: no frame called "b"`},
		{`{` + fr + `, "animations": {"walk": []}}`, `animations["walk"]: no frames`},
		{`{` + fr + `, "animations": ["a"]}`, `animations: must be an object`},
		{`{"frames": {"a": {"frame": {"x":0,"y":0,"w":8,"h":8}, "duration": 10, "borders": {"left":5,"top":0,"right":5,"bottom":0}}}}`, `frames["a"].borders`},
		{`{"frames": {"a": {"frame": {"x":0,"y":0,"w":8,"h":8}, "duration": 10, "borders": {"left":1}}}}`, `frames["a"].borders: needs`},
		{`{"frames": {"a": {"frame": {"x":0,"y":0,"w":8,"h":8}, "duration": 10, "scale9Borders": {"x":4,"y":0,"w":5,"h":2}}}}`, `frames["a"].scale9Borders`},
		// Padding must be even and the same on both axes.
		{`{"frames": {"a": {"frame": {"x":0,"y":0,"w":10,"h":9}, "duration": 10, "spriteSourceSize": {"x":0,"y":0,"w":8,"h":8}}}}`, `frames["a"].spriteSourceSize: size`},
		{`{"frames": {"a": {"frame": {"x":0,"y":0,"w":11,"h":11}, "duration": 10, "spriteSourceSize": {"x":0,"y":0,"w":8,"h":8}}}}`, `frames["a"].spriteSourceSize: size`},
		{`{"frames": {"a": {"frame": {"x":0,"y":0,"w":8,"h":8}, "duration": 10, "spriteSourceSize": {"x":0,"y":0,"w":10,"h":10}}}}`, `frames["a"].spriteSourceSize: size`},
	}
	for _, c := range cases {
		_, err := ParseAsepriteJSON("bad.json", []byte(c.json))
		if err == nil {
			t.Errorf("accepted: %s", c.json)
			continue
		}
		if msg := err.Error(); !strings.HasPrefix(msg, "bad.json: ") || !strings.Contains(msg, c.field) {
			t.Errorf("error %q does not name bad.json and %q", msg, c.field)
		}
	}
}

// Clips of later pages index the joined atlas's frames.
func TestAtlasOfClipOffsets(t *testing.T) {
	one := &Sheet{File: "m.json", Frames: []Frame{{Name: "a", Rect: image.Rect(0, 0, 4, 4), Size: image.Pt(4, 4), Source: image.Pt(4, 4)}}}
	two := &Sheet{File: "m.json", Frames: []Frame{{Name: "b", Rect: image.Rect(0, 0, 4, 4), Size: image.Pt(4, 4), Source: image.Pt(4, 4)},
		{Name: "c", Rect: image.Rect(4, 0, 8, 4), Size: image.Pt(4, 4), Source: image.Pt(4, 4)}},
		Clips: []Clip{{Name: "bc", Frames: []int{0, 1}, Durations: []int{10, 10}}}}
	a, err := AtlasOf([]*Sheet{one, two}, []image.Image{coordImage(4, 4), coordImage(8, 4)})
	if err != nil {
		t.Fatal(err)
	}
	c, ok := a.Clip("bc")
	if !ok || !slices.Equal(c.Frames, []int{1, 2}) || a.Frames[1].Name != "b" || !slices.Equal(two.Clips[0].Frames, []int{0, 1}) {
		t.Errorf("clip %+v, sheet clip %+v", c, two.Clips[0])
	}
}

// 9-slices come out of TexturePacker borders and Aseprite slices and draw
// their corners unchanged at any size.
func TestAtlasNineSlices(t *testing.T) {
	fsys := fstest.MapFS{"pixi.json": {Data: readFixture(t, "tp_pixi.json")}, "pixi.png": {Data: pngBytes(t, coordImage(32, 32))}}
	a, err := LoadTexturePacker(fsys, "pixi.json")
	if err != nil {
		t.Fatal(err)
	}
	n, err := a.NineSlice(0)
	if err != nil {
		t.Fatal(err)
	}
	if n.Center() != image.Rect(3, 2, 8, 7) || n.Sprite().W() != 12 {
		t.Errorf("button nine-slice %v %d", n.Center(), n.Sprite().W())
	}
	f, _ := raster.NewFrame(40, 30)
	raster.DrawNineSlice(f, f.Bounds(), n, f.Bounds(), nil)
	// Bottom-right corner: the button's pixel (11, 9) is page (11, 9).
	if got := f.RGBAAt(39, 29); got != (color.RGBA{11, 9, 200, 255}) {
		t.Errorf("stretched corner pixel %v", got)
	}
	if _, err := a.NineSlice(2); err == nil {
		t.Error("frame without borders gave a nine-slice")
	}
	if _, err := a.NineSlice(9); err == nil {
		t.Error("frame 9 of 4 gave a nine-slice")
	}

	fsys = fstest.MapFS{"hero.json": {Data: readFixture(t, "aseprite_padded.json")}, "hero.png": {Data: pngBytes(t, coordImage(40, 12))}}
	h, err := LoadAsepriteJSON(fsys, "hero.json")
	if err != nil {
		t.Fatal(err)
	}
	n, err = h.SliceNineSlice(1, "hit")
	if err != nil {
		t.Fatal(err)
	}
	// Slice bounds (1,1)-(7,7) of frame 1, whose pixels start at page (14, 2).
	if n.Center() != image.Rect(2, 2, 4, 3) || n.Sprite().RGBAAt(0, 0) != (color.RGBA{15, 3, 200, 255}) {
		t.Errorf("slice nine-slice %v %v", n.Center(), n.Sprite().RGBAAt(0, 0))
	}
	for _, c := range []struct {
		frame int
		name  string
	}{{2, "hit"}, {0, "nope"}} {
		if _, err := h.SliceNineSlice(c.frame, c.name); err == nil {
			t.Errorf("slice %q at frame %d gave a nine-slice", c.name, c.frame)
		}
	}
}

// 9-slice borders survive writing and reading TexturePacker JSON.
func TestBordersRoundTrip(t *testing.T) {
	fsys := fstest.MapFS{"pixi.json": {Data: readFixture(t, "tp_pixi.json")}, "pixi.png": {Data: pngBytes(t, coordImage(32, 32))}}
	a, err := LoadTexturePacker(fsys, "pixi.json")
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := a.WriteTexturePacker(&out, 0, "pixi.png"); err != nil {
		t.Fatal(err)
	}
	sh, err := ParseTexturePacker("out.json", out.Bytes())
	if err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	if !slices.Equal(sh.Frames, a.Frames) {
		t.Errorf("round trip\n got %+v\nwant %+v", sh.Frames, a.Frames)
	}
}

// A PixiJS multi-pack: the first description brings the pages it lists
// in meta.related_multi_packs, and animations span pages.
func TestTexturePackerRelatedMultiPacks(t *testing.T) {
	fsys := fstest.MapFS{
		"s/tp_pixi_multi-0.json": {Data: readFixture(t, "tp_pixi_multi-0.json")},
		"s/tp_pixi_multi-1.json": {Data: readFixture(t, "tp_pixi_multi-1.json")},
		"s/tp_pixi_multi-0.png":  {Data: pngBytes(t, coordImage(16, 8))},
		"s/tp_pixi_multi-1.png":  {Data: pngBytes(t, coordImage(8, 8))},
	}
	a, err := LoadTexturePacker(fsys, "s/tp_pixi_multi-0.json")
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Pages) != 2 || len(a.Frames) != 3 || a.Frames[2].Name != "walk_03.png" || a.Frames[2].Page != 1 {
		t.Fatalf("%d pages, frames %+v", len(a.Pages), a.Frames)
	}
	walk, ok := a.Clip("walk")
	still, ok2 := a.Clip("still")
	if !ok || !ok2 || len(a.Clips) != 2 || !slices.Equal(walk.Frames, []int{0, 1, 2}) || !slices.Equal(still.Frames, []int{2}) {
		t.Errorf("clips %+v", a.Clips)
	}
	// One page alone cannot resolve the animation's frame on the other.
	sh, err := ParseTexturePacker("m0.json", readFixture(t, "tp_pixi_multi-0.json"))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(sh.Related, []string{"tp_pixi_multi-1.json"}) {
		t.Errorf("related %v", sh.Related)
	}
	if _, err := sh.Atlas(coordImage(16, 8)); err == nil || !strings.Contains(err.Error(), `m0.json: animations["walk"][2]: no frame called "walk_03.png"`) {
		t.Errorf("single page: %v", err)
	}
	// A missing page and a path out of the file system are errors naming the field.
	delete(fsys, "s/tp_pixi_multi-1.json")
	if _, err := LoadTexturePacker(fsys, "s/tp_pixi_multi-0.json"); err == nil || !strings.Contains(err.Error(), "meta.related_multi_packs[0]") {
		t.Errorf("missing page: %v", err)
	}
	bad := bytes.Replace(readFixture(t, "tp_pixi_multi-0.json"), []byte(`"tp_pixi_multi-1.json"`), []byte(`"../../x.json"`), 1)
	if _, err := LoadTexturePacker(fstest.MapFS{"m.json": {Data: bad}}, "m.json"); err == nil || !strings.Contains(err.Error(), "meta.related_multi_packs[0]") {
		t.Errorf("escaping path: %v", err)
	}
}

// TestSheetPageNamedByExporterPath: exporters write the page path they
// were run with. An absolute one (Unix or Windows, often another
// machine's) names the page by its base name beside the sheet; Windows
// separators in a relative one are folders; a path leaving the sheet's
// file system is still refused.
func TestSheetPageNamedByExporterPath(t *testing.T) {
	base := string(readFixture(t, "tp_pixi.json"))
	page := pngBytes(t, coordImage(32, 32))
	for _, c := range []struct {
		image, at string
		ok        bool
	}{
		{"/home/someone/art/pixi.png", "sheets/pixi.png", true},
		{`C:\\Users\\someone\\art\\pixi.png`, "sheets/pixi.png", true},
		{"c:/art/pixi.png", "sheets/pixi.png", true},
		{`pages\\pixi.png`, "sheets/pages/pixi.png", true},
		{"../pixi.png", "pixi.png", true},
		{"../../pixi.png", "pixi.png", false},
	} {
		sheet := strings.Replace(base, `"image": "pixi.png"`, `"image": "`+c.image+`"`, 1)
		fsys := fstest.MapFS{"sheets/pixi.json": {Data: []byte(sheet)}, c.at: {Data: page}}
		a, err := LoadTexturePacker(fsys, "sheets/pixi.json")
		if c.ok && (err != nil || len(a.Frames) == 0) {
			t.Errorf("%s: %v", c.image, err)
		}
		if !c.ok && err == nil {
			t.Errorf("%s: loaded a page outside the sheet's file system", c.image)
		}
	}
}

// Clips survive writing and reading TexturePacker JSON: the writer puts
// them in "animations", their timing in the frames' durations.
func TestAnimationsRoundTrip(t *testing.T) {
	b := NewBuilder(Options{})
	for _, n := range []string{"walk_0", "walk_1", "still", "blink_0"} {
		if err := b.Add(n, coordImage(4, 4)); err != nil {
			t.Fatal(err)
		}
	}
	a, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	for i := range a.Frames {
		a.Frames[i].Duration = 40 + 10*i
	}
	a.Clips = []Clip{{Name: "walk", Frames: []int{0, 1}, Durations: []int{40, 50}}, {Name: "blink", Frames: []int{3}, Durations: []int{70}}}
	var out bytes.Buffer
	if err := a.WriteTexturePacker(&out, 0, "p.png"); err != nil {
		t.Fatal(err)
	}
	got, err := LoadTexturePacker(fstest.MapFS{"p.json": {Data: out.Bytes()}, "p.png": {Data: pngBytes(t, a.Pages[0])}}, "p.json")
	if err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	if len(got.Clips) != 2 {
		t.Fatalf("%d clips read back, want 2\n%s", len(got.Clips), out.String())
	}
	for k, c := range got.Clips {
		w := a.Clips[k]
		if c.Name != w.Name || !slices.Equal(c.Frames, w.Frames) || !slices.Equal(c.Durations, w.Durations) {
			t.Errorf("clip %d read back as %+v, want %+v", k, c, w)
		}
	}
	// A sheet without clips writes no animations member.
	a.Clips = nil
	out.Reset()
	if err := a.WriteTexturePacker(&out, 0, "p.png"); err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(out.Bytes(), []byte("animations")) {
		t.Errorf("animations written for no clips:\n%s", out.String())
	}
}
