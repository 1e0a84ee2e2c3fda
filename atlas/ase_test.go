package atlas

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"image"
	"image/color"
	"math"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
)

var (
	gray100 = color.NRGBA{100, 100, 100, 255}
	red     = color.NRGBA{200, 0, 0, 255}
	green   = color.NRGBA{0, 200, 0, 255}
	blue    = color.NRGBA{0, 0, 200, 255}
	clear0  = color.NRGBA{}
)

func fill(n int, c color.NRGBA) []color.NRGBA {
	out := make([]color.NRGBA, n)
	for i := range out {
		out[i] = c
	}
	return out
}

// heroFile is a 4×2 RGBA sprite of three frames exercising layers (a
// background, a group with a half-opaque and a hidden child, a hidden
// group, a top layer), raw, compressed and linked cels, z-index, cel
// opacity, clipping, tags with user data, a slice and chunks the reader
// skips.
func heroFile() *aseEnc {
	e := &aseEnc{w: 4, h: 2, bpp: 32, flags: headerLayerOpacity, speed: 90,
		frames: []encFrame{{dur: 100}, {dur: 0}, {dur: 250}}}
	e.add(0, 0x2007, make([]byte, 16)) // colour profile: ignored
	e.add(0, chunkLayer, layerChunk(1|8, 0, 0, BlendNormal, 255, "bg"))
	e.add(0, chunkLayer, layerChunk(1, 1, 0, BlendNormal, 255, "grp"))
	e.add(0, chunkLayer, layerChunk(1, 0, 1, BlendNormal, 128, "half"))
	e.add(0, chunkLayer, layerChunk(0, 0, 1, BlendNormal, 255, "hidden"))
	e.add(0, chunkLayer, layerChunk(0, 1, 0, BlendNormal, 255, "hidgrp"))
	e.add(0, chunkLayer, layerChunk(1, 0, 1, BlendMultiply, 255, "inhid"))
	e.add(0, chunkLayer, layerChunk(1, 0, 0, BlendNormal, 255, "top"))
	e.add(0, chunkUserData, userDataChunk("top layer", &color.NRGBA{1, 2, 3, 255}, false))
	e.add(0, chunkCel, celRaw(0, 0, 0, 255, 4, 2, rgba(fill(8, gray100)...)))
	e.add(0, chunkCel, celZ(2, 0, 0, 255, 0, 2, 1, rgba(color.NRGBA{200, 200, 200, 255}, clear0)))
	e.add(0, chunkUserData, userDataChunk("cel data", nil, false)) // cel user data: not kept
	e.add(0, 0x2006, make([]byte, 36))                             // cel extra: ignored
	e.add(0, chunkCel, celRaw(3, 3, 0, 255, 1, 1, rgba(red)))
	e.add(0, chunkCel, celRaw(5, 3, 1, 255, 1, 1, rgba(red)))
	e.add(0, chunkCel, celZ(6, -1, 1, 255, 0, 2, 1, rgba(green, blue)))
	e.add(0, chunkTags, tagsChunk(
		encTag{0, 2, 0, 0, [3]byte{1, 2, 3}, "walk"},
		encTag{0, 1, 1, 2, [3]byte{4, 5, 6}, "back"},
		encTag{1, 2, 2, 3, [3]byte{7, 8, 9}, "pp"},
		encTag{0, 2, 3, 0, [3]byte{}, "ppr"}))
	e.add(0, chunkUserData, userDataChunk("walking", &color.NRGBA{9, 8, 7, 255}, false))
	e.add(0, chunkUserData, userDataChunk("", &color.NRGBA{6, 5, 4, 128}, false))
	e.add(0, chunkSlice, sliceChunk("panel", 3,
		encKey{frame: 0, x: 0, y: 0, w: 4, h: 2, cx: 1, cy: 0, cw: 2, ch: 1, px: 2, py: 1},
		encKey{frame: 2}))
	e.add(0, chunkUserData, userDataChunk("ui", nil, true))
	e.add(1, chunkCel, celLink(0, 0, 0, 255, 0))
	e.add(1, chunkCel, celLink(2, 0, 0, 255, 0))
	var top buf
	celHeader(&top, 6, 3, 0, 255, 0, -10) // z-index -10: under the background
	top.u16(1)
	top.u16(1)
	top.Write(rgba(red))
	e.add(1, chunkCel, top.Bytes())
	e.add(2, chunkCel, celZ(0, 0, 0, 255, 0, 4, 2, rgba(fill(8, color.NRGBA{10, 20, 30, 255})...)))
	e.add(2, chunkCel, celRaw(6, 1, 0, 255, 1, 1, rgba(color.NRGBA{255, 255, 255, 64})))
	e.add(2, chunkCel, celRaw(2, 2, 1, 0, 1, 1, rgba(red))) // cel opacity 0
	return e
}

func TestAsepriteFileRGBA(t *testing.T) {
	a, err := LoadAseprite(fstest.MapFS{"sprites/hero.aseprite": {Data: heroFile().bytes()}}, "sprites/hero.aseprite")
	if err != nil {
		t.Fatal(err)
	}
	// The atlas Aseprite's horizontal sheet export gives.
	durs := []int{100, 90, 250}
	for i, f := range a.Frames {
		want := Frame{Name: fmt.Sprintf("hero %d.aseprite", i), Rect: image.Rect(4*i, 0, 4*i+4, 2), Size: image.Pt(4, 2), Source: image.Pt(4, 2), Duration: durs[i]}
		if f != want {
			t.Errorf("frame %d: %+v, want %+v", i, f, want)
		}
	}
	if a.Pages[0].Bounds() != image.Rect(0, 0, 12, 2) {
		t.Errorf("page %v", a.Pages[0].Bounds())
	}
	g := color.RGBA{100, 100, 100, 255}
	half := color.RGBA{150, 150, 150, 255} // 100 + (200-100)·128/255
	want := [][]color.RGBA{
		{half, g, g, g, {0, 0, 200, 255}, g, g, g},
		{half, g, g, g, g, g, g, g},
		{{10, 20, 30, 255}, {71, 78, 86, 255}, {10, 20, 30, 255}, {10, 20, 30, 255}, {10, 20, 30, 255}, {10, 20, 30, 255}, {10, 20, 30, 255}, {10, 20, 30, 255}},
	}
	for i := range want {
		img, err := a.Image(i)
		if err != nil {
			t.Fatal(err)
		}
		for p, w := range want[i] {
			if got := img.RGBAAt(p%4, p/4); got != w {
				t.Errorf("frame %d pixel (%d,%d) = %v, want %v", i, p%4, p/4, got, w)
			}
		}
	}
	wantClips := []Clip{
		{Name: "walk", Frames: []int{0, 1, 2}, Durations: []int{100, 90, 250}, Dir: Forward, UserData: UserData{Text: "walking", Color: color.NRGBA{9, 8, 7, 255}, HasColor: true}},
		{Name: "back", Frames: []int{0, 1}, Durations: []int{100, 90}, Dir: Reverse, Repeat: 2, UserData: UserData{Color: color.NRGBA{6, 5, 4, 128}, HasColor: true}},
		{Name: "pp", Frames: []int{1, 2}, Durations: []int{90, 250}, Dir: PingPong, Repeat: 3, UserData: UserData{Color: color.NRGBA{7, 8, 9, 255}, HasColor: true}},
		{Name: "ppr", Frames: []int{0, 1, 2}, Durations: []int{100, 90, 250}, Dir: PingPongReverse, UserData: UserData{Color: color.NRGBA{0, 0, 0, 255}, HasColor: true}},
	}
	if len(a.Clips) != len(wantClips) {
		t.Fatalf("%d clips", len(a.Clips))
	}
	for i, w := range wantClips {
		c := a.Clips[i]
		if c.Name != w.Name || !slices.Equal(c.Frames, w.Frames) || !slices.Equal(c.Durations, w.Durations) || c.Dir != w.Dir || c.Repeat != w.Repeat || c.UserData != w.UserData {
			t.Errorf("clip %d: %+v, want %+v", i, c, w)
		}
		if err := c.Validate(); err != nil {
			t.Error(err)
		}
	}
	wantLayers := []Layer{
		{Name: "bg", Opacity: 255, Visible: true},
		{Name: "grp", IsGroup: true, Opacity: 255, Visible: true},
		{Name: "half", Group: "grp", Opacity: 128, Visible: true},
		{Name: "hidden", Group: "grp", Opacity: 255},
		{Name: "hidgrp", IsGroup: true, Opacity: 255},
		{Name: "inhid", Group: "hidgrp", Opacity: 255, BlendMode: BlendMultiply, Visible: true},
		{Name: "top", Opacity: 255, Visible: true, UserData: UserData{Text: "top layer", Color: color.NRGBA{1, 2, 3, 255}, HasColor: true}},
	}
	if !slices.Equal(a.Layers, wantLayers) {
		t.Errorf("layers\n got %+v\nwant %+v", a.Layers, wantLayers)
	}
	s, ok := a.Slice("panel")
	if !ok || s.UserData.Text != "ui" || len(s.Keys) != 2 {
		t.Fatalf("slice %+v", s)
	}
	k, ok := s.KeyAt(1)
	if !ok || k.Bounds != image.Rect(0, 0, 4, 2) || k.Center != image.Rect(1, 0, 3, 1) || !k.HasCenter || k.Pivot != image.Pt(2, 1) || !k.HasPivot {
		t.Errorf("slice key %+v", k)
	}
	if _, ok := s.KeyAt(2); ok {
		t.Error("hidden slice key shown")
	}
	if n, err := a.SliceNineSlice(0, "panel"); err != nil || n.Center() != image.Rect(1, 0, 3, 1) {
		t.Errorf("slice nine-slice: %v", err)
	}
}

// One frame: the frame is named after the file alone, like Aseprite's
// export; the frame duration 0 with speed 0 gives the default 100 ms.
func TestAsepriteFileGrayscale(t *testing.T) {
	e := &aseEnc{w: 2, h: 1, bpp: 16, frames: []encFrame{{}}}
	e.add(0, chunkLayer, layerChunk(1, 0, 0, BlendNormal, 0, "l")) // opacity not valid (header flag 1 unset)
	e.add(0, chunkPalette, paletteChunk(1, 0, []color.NRGBA{red}))
	e.add(0, chunkUserData, userDataChunk("sprite data", nil, false)) // the sprite's, not the layer's
	e.add(0, chunkCel, celZ(0, 0, 0, 255, 0, 2, 1, []byte{200, 255, 50, 0}))
	a, err := ParseAseprite("dir/gray.ase", e.bytes())
	if err != nil {
		t.Fatal(err)
	}
	if f := a.Frames[0]; f.Name != "gray.ase" || f.Duration != 100 {
		t.Errorf("frame %+v", f)
	}
	img, _ := a.Image(0)
	if img.RGBAAt(0, 0) != (color.RGBA{200, 200, 200, 255}) || img.RGBAAt(1, 0) != (color.RGBA{}) {
		t.Errorf("pixels %v %v", img.RGBAAt(0, 0), img.RGBAAt(1, 0))
	}
	if a.Layers[0].UserData != (UserData{}) {
		t.Errorf("sprite user data given to the layer: %+v", a.Layers[0].UserData)
	}
	if a.Layers[0].Opacity != 255 {
		t.Errorf("layer opacity %d without header flag 1", a.Layers[0].Opacity)
	}
}

// Indexed sprites are drawn as Aseprite draws them onto its indexed
// sheet: each index that is not the transparent one replaces the one
// below (layer opacity and palette alpha do not blend), and the
// transparent index is transparent unless a background layer shows. The
// new palette chunk wins over the old ones, which are used when it is
// absent (0x0011 scaled from 6 bits).
func TestAsepriteFileIndexed(t *testing.T) {
	pal := []color.NRGBA{{0, 0, 0, 255}, {255, 0, 0, 255}, {0, 255, 0, 255}, {0, 0, 255, 128}}
	build := func(palettes ...encChunk) []byte {
		e := &aseEnc{w: 3, h: 1, bpp: 8, flags: headerLayerOpacity, transp: 2, frames: []encFrame{{dur: 50}}}
		for _, p := range palettes {
			e.add(0, p.typ, p.data)
		}
		e.add(0, chunkLayer, layerChunk(1|8, 0, 0, BlendNormal, 255, "bg"))
		e.add(0, chunkLayer, layerChunk(1, 0, 0, BlendScreen, 100, "fg")) // opacity and mode do not apply to indices
		e.add(0, chunkCel, celRaw(0, 0, 0, 255, 3, 1, []byte{2, 2, 2}))
		e.add(0, chunkCel, celZ(1, 0, 0, 255, 0, 3, 1, []byte{1, 2, 3}))
		return e.bytes()
	}
	type pkt = struct {
		skip int
		rgb  [][3]byte
	}
	oldRGB := [][3]byte{{0, 0, 0}, {255, 0, 0}, {0, 255, 0}, {0, 0, 255}}
	old64 := [][3]byte{{0, 0, 0}, {63, 0, 0}, {0, 63, 0}, {0, 0, 32}}
	wrong := [][3]byte{{9, 9, 9}, {9, 9, 9}, {9, 9, 9}, {9, 9, 9}}
	cases := []struct {
		name  string
		data  []byte
		third color.RGBA
	}{
		{"new palette", build(encChunk{chunkPalette, paletteChunk(4, 0, pal)}), color.RGBA{0, 0, 128, 128}},
		{"new beats old", build(encChunk{chunkOldPalette, oldPalette(pkt{0, wrong})}, encChunk{chunkPalette, paletteChunk(4, 0, pal)}), color.RGBA{0, 0, 128, 128}},
		{"old 0x0004", build(encChunk{chunkOldPalette, oldPalette(pkt{0, oldRGB[:2]}, pkt{0, oldRGB[2:]})}), color.RGBA{0, 0, 255, 255}},
		{"old 0x0011", build(encChunk{chunkOldPalette64, oldPalette(pkt{0, old64})}), color.RGBA{0, 0, 130, 255}},
	}
	for _, c := range cases {
		a, err := ParseAseprite("idx.aseprite", c.data)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		img, _ := a.Image(0)
		if img.RGBAAt(0, 0) != (color.RGBA{255, 0, 0, 255}) || img.RGBAAt(1, 0) != (color.RGBA{0, 255, 0, 255}) || img.RGBAAt(2, 0) != c.third {
			t.Errorf("%s: pixels %v %v %v", c.name, img.RGBAAt(0, 0), img.RGBAAt(1, 0), img.RGBAAt(2, 0))
		}
	}
	// Without a background layer the transparent index is transparent.
	e := &aseEnc{w: 3, h: 1, bpp: 8, flags: headerLayerOpacity, transp: 2, frames: []encFrame{{dur: 50}}}
	e.add(0, chunkPalette, paletteChunk(4, 0, pal))
	e.add(0, chunkLayer, layerChunk(1, 0, 0, BlendNormal, 255, "a"))
	e.add(0, chunkLayer, layerChunk(1, 0, 0, BlendNormal, 255, "b"))
	e.add(0, chunkCel, celRaw(0, 0, 0, 255, 3, 1, []byte{1, 2, 0}))
	e.add(0, chunkCel, celRaw(1, 0, 0, 255, 3, 1, []byte{2, 2, 9})) // 9 is past the palette: ignored
	a, err := ParseAseprite("idx.aseprite", e.bytes())
	if err != nil {
		t.Fatal(err)
	}
	img, _ := a.Image(0)
	if img.RGBAAt(0, 0) != (color.RGBA{255, 0, 0, 255}) || img.RGBAAt(1, 0) != (color.RGBA{}) || img.RGBAAt(2, 0) != (color.RGBA{0, 0, 0, 255}) {
		t.Errorf("no background: pixels %v %v %v", img.RGBAAt(0, 0), img.RGBAAt(1, 0), img.RGBAAt(2, 0))
	}
}

// Tilemaps: tile 0 is empty, the flips mirror and transpose tiles.
func TestAsepriteFileTilemap(t *testing.T) {
	W := color.NRGBA{255, 255, 255, 255}
	e := &aseEnc{w: 6, h: 2, bpp: 32, flags: headerLayerOpacity, frames: []encFrame{{dur: 100}}}
	tiles := append(rgba(fill(4, clear0)...), rgba(red, green, blue, W)...)
	e.add(0, chunkTileset, tilesetChunk(7, 2, 2, 2, tiles))
	e.add(0, chunkLayer, tilemapLayerChunk("map", 7))
	e.add(0, chunkCel, tilemapCel(0, 0, 0, 3, 1, []uint32{1 | 0x80000000, 1 | 0x20000000, 0}))
	a, err := ParseAseprite("map.aseprite", e.bytes())
	if err != nil {
		t.Fatal(err)
	}
	img, _ := a.Image(0)
	P := func(c color.NRGBA) color.RGBA { return color.RGBA{c.R, c.G, c.B, c.A} }
	want := [][]color.RGBA{
		{P(green), P(red), P(red), P(blue), {}, {}},
		{P(W), P(blue), P(green), P(W), {}, {}},
	}
	for y := range want {
		for x, w := range want[y] {
			if got := img.RGBAAt(x, y); got != w {
				t.Errorf("(%d,%d) = %v, want %v", x, y, got, w)
			}
		}
	}
}

// Groups are composited on their own, with their opacity, only when the
// header says so (flag 2); otherwise their children are drawn directly.
func TestAsepriteFileGroupComposition(t *testing.T) {
	for _, c := range []struct {
		flags uint32
		want  uint8
	}{{headerLayerOpacity, 255}, {headerLayerOpacity | headerGroupBlend, 177}} {
		e := &aseEnc{w: 1, h: 1, bpp: 32, flags: c.flags, frames: []encFrame{{dur: 100}}}
		e.add(0, chunkLayer, layerChunk(1|8, 0, 0, BlendNormal, 255, "bg"))
		e.add(0, chunkLayer, layerChunk(1, 1, 0, BlendNormal, 128, "g"))
		e.add(0, chunkLayer, layerChunk(1, 0, 1, BlendNormal, 255, "c"))
		e.add(0, chunkCel, celRaw(0, 0, 0, 255, 1, 1, rgba(gray100)))
		e.add(0, chunkCel, celRaw(2, 0, 0, 255, 1, 1, rgba(color.NRGBA{255, 255, 255, 255})))
		a, err := ParseAseprite("g.aseprite", e.bytes())
		if err != nil {
			t.Fatal(err)
		}
		img, _ := a.Image(0)
		if got := img.RGBAAt(0, 0); got != (color.RGBA{c.want, c.want, c.want, 255}) {
			t.Errorf("flags %d: %v, want %d", c.flags, got, c.want)
		}
	}
}

// Blend modes on opaque pixels give the mode's formula exactly (values
// worked out by hand from the W3C compositing formulas in 0..255
// integers), and on a transparent backdrop every mode is normal.
func TestAsepriteBlendModes(t *testing.T) {
	b, s := [4]byte{100, 150, 200, 255}, [4]byte{200, 100, 50, 255}
	want := map[BlendMode][3]byte{
		BlendNormal:     {200, 100, 50},
		BlendMultiply:   {78, 59, 39},
		BlendScreen:     {222, 191, 211},
		BlendDarken:     {100, 100, 50},
		BlendLighten:    {200, 150, 200},
		BlendDifference: {100, 50, 150},
		BlendAddition:   {255, 250, 250},
		BlendSubtract:   {0, 50, 150},
		BlendExclusion:  {144, 132, 172},
		BlendHardLight:  {188, 118, 78},
		BlendOverlay:    {157, 127, 167},
		BlendDivide:     {128, 255, 255},
		BlendColorDodge: {255, 247, 249},
		BlendColorBurn:  {57, 0, 0},
	}
	for m, w := range want {
		if got := blendPixel(m, b, s, 255); [3]byte(got[:3]) != w || got[3] != 255 {
			t.Errorf("%v: %v, want %v", m, got, w)
		}
	}
	for m := BlendNormal; m <= BlendDivide; m++ {
		if got := blendPixel(m, [4]byte{}, s, 200); got != blendNormal([4]byte{}, s, 200) {
			t.Errorf("%v over transparent: %v", m, got)
		}
	}
	// The non-separable modes keep the backdrop's luminosity (hue,
	// saturation, color) or take the source's (luminosity).
	l := func(p [4]byte) float64 { return lum(float64(p[0])/255, float64(p[1])/255, float64(p[2])/255) }
	for _, m := range []BlendMode{BlendHue, BlendSaturation, BlendColor, BlendLuminosity} {
		got := blendPixel(m, b, s, 255)
		target := l(b)
		if m == BlendLuminosity {
			target = l(s)
		}
		if math.Abs(l(got)-target) > 2.0/255 {
			t.Errorf("%v: luminosity %.3f, want %.3f", m, l(got), target)
		}
	}
	// Half opacity lands between the backdrop and the full effect.
	got := blendPixel(BlendMultiply, b, s, 128)
	for c := 0; c < 3; c++ {
		lo, hi := min(b[c], want[BlendMultiply][c]), max(b[c], want[BlendMultiply][c])
		if got[c] < lo || got[c] > hi {
			t.Errorf("multiply at half opacity: %v", got)
		}
	}
}

// Bad files: an error naming the file, the byte offset and what was
// expected; never a panic or a huge allocation.
func TestAsepriteFileErrors(t *testing.T) {
	good := heroFile().bytes()
	patch := func(off int, v ...byte) []byte {
		b := bytes.Clone(good)
		copy(b[off:], v)
		return b
	}
	u16 := func(v int) []byte { return binary.LittleEndian.AppendUint16(nil, uint16(v)) }
	one := func(chunks ...encChunk) []byte {
		e := &aseEnc{w: 2, h: 2, bpp: 32, flags: 1, frames: []encFrame{{dur: 10}}, speed: 10}
		e.add(0, chunkLayer, layerChunk(1, 0, 0, BlendNormal, 255, "l"))
		for _, c := range chunks {
			e.add(0, c.typ, c.data)
		}
		return e.bytes()
	}
	var badZ buf
	celHeader(&badZ, 0, 0, 0, 255, 2, 0)
	badZ.u16(2)
	badZ.u16(2)
	badZ.Write([]byte("not zlib at all"))
	var huge buf
	celHeader(&huge, 0, 0, 0, 255, 2, 0)
	huge.u16(65535)
	huge.u16(65535)
	huge.Write(zlibBytes(make([]byte, 1000)))
	var badType buf
	celHeader(&badType, 0, 0, 0, 255, 9, 0)
	hugeSlice := sliceChunk("s", 0)
	binary.LittleEndian.PutUint32(hugeSlice, 1<<30)
	idx := &aseEnc{w: 1, h: 1, bpp: 8, frames: []encFrame{{}}}
	idx.add(0, chunkLayer, layerChunk(1, 0, 0, BlendNormal, 255, "l"))
	tm := &aseEnc{w: 2, h: 2, bpp: 32, frames: []encFrame{{}}}
	tm.add(0, chunkLayer, tilemapLayerChunk("map", 3))
	tm.add(0, chunkCel, tilemapCel(0, 0, 0, 1, 1, []uint32{1}))
	cases := []struct {
		data []byte
		want string
	}{
		{good[:10], "byte offset 0: truncated header"},
		{patch(4, 0x34, 0x12), "byte offset 4: magic number 0x1234"},
		{patch(12, 24), "byte offset 12: colour depth 24"},
		{patch(8, 0, 0), "byte offset 8: size 0×2"},
		{patch(6, 0, 0), "byte offset 6: no frames"},
		{patch(6, 0xff, 0xff, 0, 0x10), "byte offset 6: 65535 frames of 4096×2 exceed"},
		{patch(0, 0xff, 0xff, 0xff, 0), "byte offset 0: file size field"},
		{patch(128+4, 0, 0), "byte offset 132: frame 0 magic"},
		{patch(128, 0xff, 0xff, 0, 0), "byte offset 128: frame 0 is 65535 bytes"},
		{patch(144, 3, 0, 0, 0), "byte offset 144: frame 0 chunk 0 (type 0x2007) is 3 bytes"},
		{one(encChunk{chunkCel, celRaw(4, 0, 0, 255, 1, 1, rgba(red))}), "cel of layer 4 but the file has 1 layers"},
		{one(encChunk{chunkCel, badZ.Bytes()}), "zlib stream"},
		{one(encChunk{chunkCel, celZ(0, 0, 0, 255, 0, 2, 2, rgba(red, red))}), "zlib stream gives fewer than the 16 bytes"},
		{one(encChunk{chunkCel, huge.Bytes()}), "cel images exceed"},
		{one(encChunk{chunkCel, badType.Bytes()}), "cel type 9"},
		{one(encChunk{chunkCel, celRaw(0, 0, 0, 255, 2, 2, rgba(red))}), "truncated: need 16 more bytes, 4 left"},
		{one(encChunk{chunkTags, tagsChunk(encTag{0, 1, 0, 0, [3]byte{}, "t"})}), `tag "t" spans frames 0..1 of 1`},
		{one(encChunk{chunkTags, tagsChunk(encTag{0, 0, 7, 0, [3]byte{}, "t"})}), `tag "t" has direction 7`},
		{one(encChunk{chunkLayer, layerChunk(1, 0, 2, BlendNormal, 255, "deep")}), `layer "deep" has child level 2`},
		{one(encChunk{chunkLayer, layerChunk(1, 0, 1, BlendNormal, 255, "orphan")}), `layer "orphan" has child level 1`},
		{one(encChunk{chunkLayer, layerChunk(1, 5, 0, BlendNormal, 255, "x")}), `has type 5`},
		{one(encChunk{chunkLayer, layerChunk(1, 0, 0, 40, 255, "x")}), `blend mode 40`},
		{one(encChunk{chunkSlice, hugeSlice}), `claims 1073741824 keys`},
		{one(encChunk{chunkSlice, sliceChunk("c", 1, encKey{w: 2, h: 2, cx: 1, cw: 5, ch: 1})}), `centre (1,0) 5×1 outside`},
		{one(encChunk{chunkPalette, paletteChunk(1<<20, 0, []color.NRGBA{red})}), "palette size 1048576"},
		{one(encChunk{chunkLayer, append(u16(1), 0)}), "truncated"},
		{idx.bytes(), "indexed sprite without a palette"},
		{tm.bytes(), `tilemap cel on layer "map" without a tileset`},
	}
	for _, c := range cases {
		_, err := ParseAseprite("bad.aseprite", c.data)
		if err == nil {
			t.Errorf("accepted, want %q", c.want)
			continue
		}
		if msg := err.Error(); !strings.HasPrefix(msg, "bad.aseprite: ") || !strings.Contains(msg, c.want) {
			t.Errorf("error %q does not name bad.aseprite and %q", msg, c.want)
		}
	}
	// Linked cels multiply the compositing work: 17 full-frame layers
	// over 16 frames of 1024×1024 is refused before compositing.
	big := &aseEnc{w: 1024, h: 1024, bpp: 8, frames: make([]encFrame, 16)}
	big.add(0, chunkPalette, paletteChunk(2, 0, []color.NRGBA{red, blue}))
	for l := 0; l < 17; l++ {
		big.add(0, chunkLayer, layerChunk(1, 0, 0, BlendNormal, 255, fmt.Sprint(l)))
		big.add(0, chunkCel, celZ(l, 0, 0, 255, 0, 1024, 1024, make([]byte, 1024*1024)))
		for f := 1; f < 16; f++ {
			big.add(f, chunkCel, celLink(l, 0, 0, 255, 0))
		}
	}
	if _, err := ParseAseprite("big.aseprite", big.bytes()); err == nil || !strings.Contains(err.Error(), "compositing needs 285212672 pixel operations") {
		t.Errorf("work budget: %v", err)
	}
	// Chunk errors carry their byte offset.
	_, err := ParseAseprite("bad.aseprite", one(encChunk{chunkCel, badType.Bytes()}))
	if err == nil || !strings.Contains(err.Error(), "byte offset ") {
		t.Errorf("no byte offset in %v", err)
	}
}

func FuzzParseAseprite(f *testing.F) {
	f.Add(heroFile().bytes())
	e := &aseEnc{w: 6, h: 2, bpp: 32, flags: 1, frames: []encFrame{{dur: 100}}}
	e.add(0, chunkTileset, tilesetChunk(7, 2, 2, 2, make([]byte, 32)))
	e.add(0, chunkLayer, tilemapLayerChunk("map", 7))
	e.add(0, chunkCel, tilemapCel(0, 0, 0, 3, 1, []uint32{1 | 0x80000000, 1 | 0x20000000, 0}))
	f.Add(e.bytes())
	idx := &aseEnc{w: 3, h: 1, bpp: 8, transp: 2, frames: []encFrame{{dur: 50}}}
	idx.add(0, chunkPalette, paletteChunk(4, 0, []color.NRGBA{red, green, blue, red}))
	idx.add(0, chunkLayer, layerChunk(1, 0, 0, BlendScreen, 255, "fg"))
	idx.add(0, chunkCel, celZ(0, 0, 0, 255, 0, 3, 1, []byte{1, 2, 3}))
	f.Add(idx.bytes())
	f.Fuzz(func(t *testing.T, data []byte) {
		a, err := ParseAseprite("fuzz.aseprite", data)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "fuzz.aseprite: ") {
				t.Fatalf("error does not name the file: %v", err)
			}
			return
		}
		for i, fr := range a.Frames {
			if !fr.Rect.In(a.Pages[0].Bounds()) || fr.Duration < 1 {
				t.Fatalf("frame %d: %+v", i, fr)
			}
		}
		for _, c := range a.Clips {
			if err := c.Validate(); err != nil {
				t.Fatal(err)
			}
		}
	})
}

// Read an .aseprite file directly: no export step.
func ExampleParseAseprite() {
	// A 2×1 sprite with two frames and a "blink" tag, written here by the
	// tests' encoder; a game would read its own file with
	// LoadAseprite.
	e := &aseEnc{w: 2, h: 1, bpp: 32, flags: 1, frames: []encFrame{{dur: 120}, {dur: 80}}}
	e.add(0, chunkLayer, layerChunk(1, 0, 0, BlendNormal, 255, "eyes"))
	e.add(0, chunkCel, celZ(0, 0, 0, 255, 0, 2, 1, rgba(red, red)))
	e.add(1, chunkCel, celZ(0, 1, 0, 255, 0, 1, 1, rgba(blue)))
	e.add(0, chunkTags, tagsChunk(encTag{0, 1, 2, 0, [3]byte{}, "blink"}))
	a, err := ParseAseprite("face.aseprite", e.bytes())
	if err != nil {
		panic(err)
	}
	for _, f := range a.Frames {
		fmt.Println(f.Name, f.Rect, f.Duration, "ms")
	}
	c, _ := a.Clip("blink")
	fmt.Println(c.Name, c.Dir, c.Frames, c.Durations)
	// Output:
	// face 0.aseprite (0,0)-(2,1) 120 ms
	// face 1.aseprite (2,0)-(4,1) 80 ms
	// blink pingpong [0 1] [120 80]
}

// A linked cel draws its target's image at its own position and opacity;
// a link to an earlier frame without a cel draws nothing; a link to its
// own frame or a later one (the start of a cycle) is refused, naming the
// file, the cel and the link.
func TestAsepriteFileLinks(t *testing.T) {
	e := &aseEnc{w: 3, h: 1, bpp: 32, flags: headerLayerOpacity, frames: []encFrame{{dur: 10}, {dur: 10}, {dur: 10}, {dur: 10}}}
	e.add(0, chunkLayer, layerChunk(1, 0, 0, BlendNormal, 255, "a"))
	e.add(0, chunkLayer, layerChunk(1, 0, 0, BlendNormal, 255, "b"))
	e.add(0, chunkCel, celRaw(0, 0, 0, 255, 1, 1, rgba(red)))
	e.add(1, chunkCel, celLink(0, 2, 0, 255, 0)) // moved copy
	e.add(2, chunkCel, celLink(1, 0, 0, 255, 0)) // layer b has no cel in frame 0
	e.add(2, chunkCel, celLink(0, 1, 0, 255, 1)) // a link to a link
	a, err := ParseAseprite("links.aseprite", e.bytes())
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		frame, link int
		want        string
	}{
		{3, 3, "cel of layer 0 in frame 3 links to its own frame (3)"},
		{1, 2, "cel of layer 0 in frame 1 links to a later frame (2)"},
		{3, 99, "cel of layer 0 in frame 3 links to a later frame (99)"},
	} {
		bad := &aseEnc{w: 3, h: 1, bpp: 32, flags: headerLayerOpacity, frames: []encFrame{{dur: 10}, {dur: 10}, {dur: 10}, {dur: 10}}}
		bad.add(0, chunkLayer, layerChunk(1, 0, 0, BlendNormal, 255, "a"))
		bad.add(0, chunkCel, celRaw(0, 0, 0, 255, 1, 1, rgba(red)))
		bad.add(c.frame, chunkCel, celLink(0, 0, 0, 255, c.link))
		if c.link == 2 {
			bad.add(2, chunkCel, celLink(0, 0, 0, 255, 1)) // the cycle's other half
		}
		_, err := ParseAseprite("cycle.aseprite", bad.bytes())
		if err == nil || !strings.HasPrefix(err.Error(), "cycle.aseprite: ") || !strings.Contains(err.Error(), c.want) {
			t.Errorf("link %d→%d: %v, want %q", c.frame, c.link, err, c.want)
		}
	}
	R := color.RGBA{200, 0, 0, 255}
	want := [][3]color.RGBA{{R, {}, {}}, {{}, {}, R}, {{}, R, {}}, {}}
	for i, w := range want {
		img, _ := a.Image(i)
		for x := range w {
			if got := img.RGBAAt(x, 0); got != w[x] {
				t.Errorf("frame %d x %d: %v, want %v", i, x, got, w[x])
			}
		}
	}
}

// heavyFile is a 64×64 RGBA sprite of 16 frames and 4 layers, each cel a
// compressed full-frame image with translucent pixels.
func heavyFile() []byte {
	e := &aseEnc{w: 64, h: 64, bpp: 32, flags: headerLayerOpacity, frames: make([]encFrame, 16)}
	modes := []BlendMode{BlendNormal, BlendMultiply, BlendNormal, BlendScreen}
	for l, m := range modes {
		e.add(0, chunkLayer, layerChunk(1, 0, 0, m, 200+l*10, fmt.Sprint("layer", l)))
	}
	for f := range e.frames {
		e.frames[f].dur = 100
		for l := range modes {
			px := make([]color.NRGBA, 64*64)
			for i := range px {
				px[i] = color.NRGBA{uint8(i + f), uint8(i/64 + l*40), uint8(f * 16), uint8(128 + (i*7+l)%128)}
			}
			e.add(f, chunkCel, celZ(l, 0, 0, 255, 0, 64, 64, rgba(px...)))
		}
	}
	return e.bytes()
}

func BenchmarkParseAseprite(b *testing.B) {
	data := heavyFile()
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := ParseAseprite("heavy.aseprite", data); err != nil {
			b.Fatal(err)
		}
	}
	// Composited pixels: 16 frames × 4 layers of 64×64.
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(16*4*64*64), "ns/layer-pixel")
}

// A palette that changes between frames makes Aseprite's sheet RGBA:
// each frame uses its own palette and layer opacity applies; a palette
// chunk repeating the same colours changes nothing.
func TestAsepriteFilePaletteChanges(t *testing.T) {
	pal := []color.NRGBA{{0, 0, 0, 255}, {255, 0, 0, 255}, {0, 255, 0, 255}}
	build := func(second color.NRGBA) []byte {
		e := &aseEnc{w: 1, h: 1, bpp: 8, flags: headerLayerOpacity, frames: []encFrame{{dur: 10}, {dur: 10}}}
		e.add(0, chunkPalette, paletteChunk(3, 0, pal))
		e.add(0, chunkLayer, layerChunk(1, 0, 0, BlendNormal, 128, "l"))
		e.add(0, chunkCel, celRaw(0, 0, 0, 255, 1, 1, []byte{1}))
		e.add(1, chunkPalette, paletteChunk(3, 1, []color.NRGBA{second}))
		e.add(1, chunkCel, celLink(0, 0, 0, 255, 0))
		return e.bytes()
	}
	for _, c := range []struct {
		second       color.NRGBA
		want0, want1 color.RGBA
	}{
		{color.NRGBA{255, 255, 255, 255}, color.RGBA{128, 0, 0, 128}, color.RGBA{128, 128, 128, 128}},
		{color.NRGBA{255, 0, 0, 255}, color.RGBA{255, 0, 0, 255}, color.RGBA{255, 0, 0, 255}},
	} {
		a, err := ParseAseprite("pal.aseprite", build(c.second))
		if err != nil {
			t.Fatal(err)
		}
		i0, _ := a.Image(0)
		i1, _ := a.Image(1)
		if i0.RGBAAt(0, 0) != c.want0 || i1.RGBAAt(0, 0) != c.want1 {
			t.Errorf("second palette entry %v: frames %v %v, want %v %v", c.second, i0.RGBAAt(0, 0), i1.RGBAAt(0, 0), c.want0, c.want1)
		}
	}
}
