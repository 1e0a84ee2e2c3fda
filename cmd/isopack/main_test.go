package main

import (
	"bytes"
	"flag"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"diorama/iso"
	"diorama/level"
	"diorama/mathx"
	"diorama/raster"
	"diorama/raster/rastertest"
	"diorama/scene"
)

var update = flag.Bool("update", false, "rewrite the golden image in testdata/")

func writeTestPNG(t *testing.T, dir, name string, w, h int, at func(x, y int) color.NRGBA) {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			img.SetNRGBA(x, y, at(x, y))
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name+".png"), b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// figure draws a w×h character with a transparent border, its body in c
// and a mark on the side given by dx (-1, 0, 1).
func figure(c color.NRGBA, dx, frame int) func(x, y int) color.NRGBA {
	return func(x, y int) color.NRGBA {
		switch {
		case x < 2 || x >= 18 || y < 2:
			return color.NRGBA{}
		case y < 10 && x >= 10+4*dx-2 && x < 10+4*dx+2:
			return color.NRGBA{20, 20, 20, 255}
		case y >= 26 && (x+frame*4)%8 < 3:
			return color.NRGBA{}
		}
		return c
	}
}

// End to end: loose PNGs named by IsoMob's convention → isopack → a
// sheet, definitions and a starter scene that level.LoadIsoXML builds
// with every sprite and texture, and that renders to the golden frame.
func TestIsopackEndToEnd(t *testing.T) {
	in, out := t.TempDir(), t.TempDir()
	writeTestPNG(t, in, "texGrassTiled", 96, 96, func(x, y int) color.NRGBA {
		if (x/48+y/48)%2 == 0 {
			return color.NRGBA{80, 150, 60, 255}
		}
		return color.NRGBA{60, 120, 50, 255}
	})
	writeTestPNG(t, in, "texStoneTiled", 64, 64, func(x, y int) color.NRGBA {
		if y%16 == 15 || (x+(y/16)*16)%32 == 31 {
			return color.NRGBA{200, 200, 190, 255}
		}
		return color.NRGBA{120, 120, 130, 255}
	})
	writeTestPNG(t, in, "objBarrel", 24, 30, func(x, y int) color.NRGBA {
		if (x-12)*(x-12) > 100 {
			return color.NRGBA{}
		}
		return color.NRGBA{140, 80, 40, 255}
	})
	writeTestPNG(t, in, "itemGem", 10, 10, func(x, y int) color.NRGBA { return color.NRGBA{60, 200, 230, 255} })
	writeTestPNG(t, in, "bulletFire", 4, 4, func(x, y int) color.NRGBA { return color.NRGBA{255, 160, 0, 255} })
	for _, f := range []struct {
		name string
		dx   int
	}{{"East", 1}, {"South", -1}, {"West", -1}, {"North", 1}} {
		for fr := 1; fr <= 2; fr++ {
			writeTestPNG(t, in, "hero"+f.name+"00"+string(rune('0'+fr)), 20, 40, figure(color.NRGBA{40, 90, 200, 255}, f.dx, fr))
		}
	}
	writeTestPNG(t, in, "bugSide", 20, 40, figure(color.NRGBA{200, 40, 40, 255}, 0, 0))
	var log bytes.Buffer
	if err := run([]string{"-o", out, "-name", "lv1", "-scene", "-cells", "6", in}, &log); err != nil {
		t.Fatal(err, log.String())
	}
	if !strings.Contains(log.String(), "14 images") {
		t.Fatalf("log %q", log.String())
	}
	defs, err := os.ReadFile(filepath.Join(out, "lv1_defs.xml"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`<media src="lv1"/>`, `<materialDefinition name="texGrassTiled" type="tile">`,
		`<objectDefinition name="itemGem" solid="false"`, `<objectDefinition name="objBarrel" solid="true"`,
		`<sprite angle="45" src="bugSide"/>`, `<sprite angle="225" src="bugSide"/>`, `<sprite angle="315" src="heroNorth"/>`} {
		if !bytes.Contains(defs, []byte(want)) {
			t.Errorf("definitions lack %s:\n%s", want, defs)
		}
	}
	if bytes.Contains(defs, []byte("bulletFire")) {
		t.Error("a bullet got a definition")
	}
	w, err := level.LoadIsoXML(os.DirFS(out), "lv1_scene.xml", level.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if w.Grid.Cols != 6 || w.Grid.Rows != 6 || w.Phys.WallCount() != 2 {
		t.Fatalf("grid %d×%d, %d walls", w.Grid.Cols, w.Grid.Rows, w.Phys.WallCount())
	}
	pl, ok := w.Find("Player")
	if !ok || w.Class(pl) != "hero" {
		t.Fatalf("player %v class %q", ok, w.Class(pl))
	}
	for _, name := range []string{"O1", "O2", "Player", "E1"} {
		if _, ok := w.Find(name); !ok {
			t.Fatalf("no %s", name)
		}
	}
	fr := render(t, w)
	rastertest.Golden(t, "testdata/golden_isopack.png", fr, *update)
	// The grass texture and the hero's blue are on screen.
	seen := map[color.RGBA]bool{}
	img := fr.Image()
	for y := 0; y < img.Bounds().Dy(); y++ {
		for x := 0; x < img.Bounds().Dx(); x++ {
			seen[img.RGBAAt(x, y)] = true
		}
	}
	// The grass (both checks), the stone walls, the barrel, the gem, the
	// hero and the bug are drawn.
	for _, c := range []color.RGBA{{80, 150, 60, 255}, {60, 120, 50, 255}, {120, 120, 130, 255}, {140, 80, 40, 255}, {60, 200, 230, 255}, {40, 90, 200, 255}, {200, 40, 40, 255}} {
		if !seen[c] {
			t.Errorf("colour %v not drawn", c)
		}
	}
}

func render(t *testing.T, w *scene.World) *raster.Frame {
	t.Helper()
	b := w.Grid.Bounds()
	fw, fh := b.Dx()+16, b.Dy()+48
	cam := iso.NewCamera(fw, fh)
	cam.Center = mathx.V2(float64(b.Min.X+b.Max.X)/2, float64(b.Min.Y+b.Max.Y)/2-16)
	fr, err := raster.NewFrame(fw, fh)
	if err != nil {
		t.Fatal(err)
	}
	fr.Clear(color.RGBA{24, 24, 32, 255})
	dl := raster.NewDrawList()
	if _, err := w.Render(dl, iso.NewPainter(w.Grid, cam), 1); err != nil {
		t.Fatal(err)
	}
	dl.Draw(fr)
	return fr
}

// Names outside the convention, an empty folder and bad flags are clear
// errors.
func TestIsopackErrors(t *testing.T) {
	in := t.TempDir()
	if err := run([]string{"-o", t.TempDir(), in}, &bytes.Buffer{}); err == nil || !strings.Contains(err.Error(), "no PNG files") {
		t.Fatalf("empty folder: %v", err)
	}
	writeTestPNG(t, in, "castle", 4, 4, func(x, y int) color.NRGBA { return color.NRGBA{1, 2, 3, 255} })
	if err := run([]string{"-o", t.TempDir(), in}, &bytes.Buffer{}); err == nil || !strings.Contains(err.Error(), "castle.png: not an IsoMob asset name") {
		t.Fatalf("bad name: %v", err)
	}
	if err := run([]string{"-cells", "2", in}, &bytes.Buffer{}); err == nil || !strings.Contains(err.Error(), "-cells") {
		t.Fatalf("bad cells: %v", err)
	}
	if err := run([]string{"-name", "a/b", in}, &bytes.Buffer{}); err == nil || !strings.Contains(err.Error(), "-name") {
		t.Fatalf("bad name flag: %v", err)
	}
	if err := run(nil, &bytes.Buffer{}); err == nil {
		t.Fatal("no input accepted")
	}
	for name, kind := range map[string]string{"texRoad": "material", "matYellowTileFloor": "material", "objBush": "object",
		"itemBook": "item", "bulletIce": "bullet", "humanNorth001": "character", "catWest": "character", "bastetcaseSide": "character"} {
		a, err := classify(name)
		if err != nil || a.kind != kind {
			t.Errorf("%s: kind %q err %v, want %s", name, a.kind, err, kind)
		}
	}
	if a, _ := classify("humanNorth001"); a.base != "human" || a.src != "humanNorth" || a.angle[0] != 315 {
		t.Errorf("humanNorth001: %+v", a)
	}
}
