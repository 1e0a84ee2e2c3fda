package level

import (
	"fmt"
	"image"
	"image/color"
	"testing"
	"testing/fstest"

	"diorama/raster"
	"diorama/scene/tiled"
)

// textMap is a 10×4 orthogonal map of 16-pixel tiles with no tiles and
// one text object.
func textMap(obj string) fstest.MapFS {
	return fstest.MapFS{"t.tmx": {Data: []byte(`<?xml version="1.0"?>
<map version="1.10" orientation="orthogonal" width="10" height="4" tilewidth="16" tileheight="16">
 <objectgroup id="1" name="o">` + obj + `</objectgroup>
</map>`)}}
}

// inkBox returns the bounding box of the pixels of colour c (or mostly c:
// antialiased edges count) in the frame
// rendered by renderWorld (map pixel (x, y) is frame pixel (x, y+32)), in
// map pixels, and their count.
func inkBox(t *testing.T, fsys fstest.MapFS, c color.RGBA) (image.Rectangle, int) {
	t.Helper()
	m, err := tiled.Load(fsys, "t.tmx")
	if err != nil {
		t.Fatal(err)
	}
	w, err := BuildTiled(fsys, m, Options{TextFont: raster.SansFont})
	if err != nil {
		t.Fatal(err)
	}
	f := renderWorld(t, w, 0)
	var box image.Rectangle
	n := 0
	for y := 0; y < f.H(); y++ {
		for x := 0; x < f.W(); x++ {
			if p := f.RGBAAt(x, y); p.R > 90 && int(p.R) > 3*int(p.G) && c.R == 255 {
				box = box.Union(image.Rect(x, y-32, x+1, y-31))
				n++
			}
		}
	}
	return box, n
}

// Tiled text objects are drawn (they were built as invisible triggers):
// in their rectangle, aligned as asked, wrapped at its width, rotated
// about its corner, in their colour; hidden ones are not drawn.
func TestTiledTextObjects(t *testing.T) {
	red := color.RGBA{255, 0, 0, 255}
	obj := func(attrs, text string) string {
		return fmt.Sprintf(`<object id="1" name="label" x="16" y="8" width="120" height="40" %s><text pixelsize="16" color="#ff0000" %s</text></object>`, attrs, text)
	}
	// Centred both ways: equal margins inside the rectangle.
	box, n := inkBox(t, textMap(obj("", `halign="center" valign="center">Hello World`)), red)
	rect := image.Rect(16, 8, 136, 48)
	if n < 50 || !box.In(rect) {
		t.Fatalf("centred text: %d pixels in %v, want inside %v", n, box, rect)
	}
	if l, r := box.Min.X-rect.Min.X, rect.Max.X-box.Max.X; l-r > 3 || r-l > 3 {
		t.Errorf("centred text: left margin %d, right %d", l, r)
	}
	if tp, bt := box.Min.Y-rect.Min.Y, rect.Max.Y-box.Max.Y; tp-bt > 6 || bt-tp > 6 {
		t.Errorf("centred text: top margin %d, bottom %d", tp, bt)
	}
	// Left and top by default: the ink starts at the corner.
	lt, _ := inkBox(t, textMap(obj("", `>Hello World`)), red)
	if lt.Min.X-16 > 2 || lt.Min.Y-8 > 6 || lt.Min.X < 16 || lt.Min.Y < 8 {
		t.Errorf("left/top text at %v", lt)
	}
	// Right aligned: the ink ends at the right edge.
	rt, _ := inkBox(t, textMap(obj("", `halign="right">Hello World`)), red)
	if 136-rt.Max.X > 2 || rt.Max.X > 136 {
		t.Errorf("right-aligned text at %v", rt)
	}
	// Wrapped: more lines, no wider than the rectangle.
	wr, _ := inkBox(t, textMap(obj("", `wrap="1">one two three four five six seven`)), red)
	if wr.Dy() < 2*16 || wr.Max.X > 136 {
		t.Errorf("wrapped text at %v", wr)
	}
	// Not wrapped, it runs past the rectangle, as Qt draws it.
	nw, _ := inkBox(t, textMap(obj("", `>one two three four five six seven`)), red)
	if nw.Max.X <= 136 || nw.Dy() > 20 {
		t.Errorf("unwrapped long text at %v", nw)
	}
	// Rotated 90° clockwise about (16, 8): the text runs down, left of x = 16.
	ro, _ := inkBox(t, textMap(obj(`rotation="90"`, `>Hello World`)), red)
	if ro.Dy() < 3*ro.Dx() || ro.Max.X > 17 || ro.Min.Y < 7 {
		t.Errorf("rotated text at %v", ro)
	}
	// Hidden: nothing drawn.
	if _, n := inkBox(t, textMap(obj(`visible="0"`, `>Hello World`)), red); n != 0 {
		t.Errorf("hidden text drew %d pixels", n)
	}
	// Underlined text has a run of ink under the letters.
	ul, _ := inkBox(t, textMap(obj("", `underline="1">Hello World`)), red)
	if ul.Dy() <= lt.Dy() {
		t.Errorf("underline: %v against %v", ul, lt)
	}
	// Without Options.TextFont the built-in bitmap face draws it,
	// at its own size, in the same place.
	m0, _ := tiled.Load(textMap(obj("", `>Hello World`)), "t.tmx")
	w0, err := BuildTiled(textMap(""), m0, Options{})
	if err != nil {
		t.Fatal(err)
	}
	f0 := renderWorld(t, w0, 0)
	var bm image.Rectangle
	for y := 0; y < f0.H(); y++ {
		for x := 0; x < f0.W(); x++ {
			if p := f0.RGBAAt(x, y); p.R > 90 && int(p.R) > 3*int(p.G) {
				bm = bm.Union(image.Rect(x, y-32, x+1, y-31))
			}
		}
	}
	if bm.Empty() || bm.Min.X < 16 || bm.Min.X > 18 || bm.Min.Y < 8 || bm.Dx() < 60 {
		t.Errorf("bitmap-font text at %v", bm)
	}
	// A font size beyond the limit is an error naming the object.
	m, _ := tiled.Load(textMap(obj("", `>x`)), "t.tmx")
	m.Layers[0].Objects[0].Text.PixelSize = 5000
	if _, err := BuildTiled(textMap(""), m, Options{TextFont: raster.SansFont}); err == nil {
		t.Error("a 5000 px font was accepted")
	}
}
