package level

import (
	"diorama/scene"
	"image"
	"image/color"
	"io/fs"
	"os"
	"path"
	"strings"
	"testing"

	"diorama/internal/testenv"
	"diorama/iso"
	"diorama/mathx"
	"diorama/raster"
	"diorama/raster/rastertest"
	"diorama/scene/tiled"
)

// tiledExampleMaps lists every map file of Tiled's examples folder (TMX,
// and the JSON maps: .tmj and .json files whose "type" is "map").
func tiledExampleMaps(t *testing.T, fsys fs.FS) []string {
	var maps []string
	err := fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		switch path.Ext(p) {
		case ".tmx", ".tmj":
			maps = append(maps, p)
		case ".json":
			b, err := fs.ReadFile(fsys, p)
			if err == nil && strings.Contains(string(b), `"type":"map"`) || strings.Contains(string(b), `"type": "map"`) {
				maps = append(maps, p)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return maps
}

// renderWholeMap draws every shown layer of w into a frame holding the
// grid's bounds and every object's image, with the camera centred on it,
// over the map's background colour (or a dark grey).
func renderWholeMap(t *testing.T, w *scene.World, bg color.NRGBA) *raster.Frame {
	t.Helper()
	b := w.Grid.Bounds()
	for _, e := range w.AppendEntities(nil, 0) {
		for _, p := range def(t, w, e).Drawing.Parts {
			b = b.Union(mathx.R(p.At.X, p.At.Y, p.At.X+p.Sprite.W(), p.At.Y+p.Sprite.H()))
		}
	}
	for _, l := range w.Layers {
		if l.Image != nil && !l.Hidden && !l.RepeatX && !l.RepeatY {
			b = b.Union(mathx.R(l.ImageAt.X, l.ImageAt.Y, l.ImageAt.X+l.Image.W(), l.ImageAt.Y+l.Image.H()))
		}
	}
	b = b.Inset(-8)
	fr, err := raster.NewFrame(b.Dx(), b.Dy())
	if err != nil {
		t.Fatal(err)
	}
	c := color.RGBA{24, 24, 32, 255}
	if bg.A != 0 {
		c = color.RGBAModel.Convert(bg).(color.RGBA)
	}
	fr.Clear(c)
	cam := iso.NewCamera(b.Dx(), b.Dy())
	cam.Center = mathx.V2(float64(b.Min.X+b.Max.X)/2, float64(b.Min.Y+b.Max.Y)/2)
	dl := raster.NewDrawList()
	if _, err := w.Render(dl, iso.NewPainter(w.Grid, cam), 1); err != nil {
		t.Fatal(err)
	}
	dl.Draw(fr)
	return fr
}

// halve returns fr shrunk to half size, each pixel the rounded mean of
// four (so large maps keep small golden files).
func halve(t *testing.T, fr *raster.Frame) *raster.Frame {
	out, err := raster.NewFrame(fr.W()/2, fr.H()/2)
	if err != nil {
		t.Fatal(err)
	}
	for y := 0; y < out.H(); y++ {
		for x := 0; x < out.W(); x++ {
			var s [4]int
			for _, d := range [4]image.Point{{0, 0}, {1, 0}, {0, 1}, {1, 1}} {
				c := fr.RGBAAt(2*x+d.X, 2*y+d.Y)
				s[0] += int(c.R)
				s[1] += int(c.G)
				s[2] += int(c.B)
				s[3] += int(c.A)
			}
			out.SetRGBA(x, y, color.RGBA{uint8((s[0] + 2) / 4), uint8((s[1] + 2) / 4), uint8((s[2] + 2) / 4), uint8((s[3] + 2) / 4)})
		}
	}
	return out
}

// TestTiledExamples loads and builds every map in Tiled's own examples
// folder (orthogonal, isometric, staggered and hexagonal maps, tile and
// layer offsets in every direction, external and embedded tilesets,
// image collections, templates, the automapping rule maps, a JSON map)
// and compares a render of each with its golden image (maps wider than
// 1024 pixels halved). The goldens were checked by eye against Tiled's
// layout rules and sticker-knight's own preview.png.
func TestTiledExamples(t *testing.T) {
	dir := testenv.SharedTestdata(t, "tiled-examples")
	fsys := os.DirFS(dir)
	maps := tiledExampleMaps(t, fsys)
	if len(maps) < 20 {
		t.Fatalf("only %d maps found in %s", len(maps), dir)
	}
	for _, name := range maps {
		t.Run(name, func(t *testing.T) {
			m, err := tiled.Load(fsys, name)
			if err != nil {
				t.Fatal(err)
			}
			w, err := BuildTiled(fsys, m, Options{})
			if err != nil {
				t.Fatal(err)
			}
			fr := renderWholeMap(t, w, m.Background)
			for fr.W() > 1024 {
				fr = halve(t, fr)
			}
			golden := "testdata/tiled-examples/" + strings.NewReplacer("/", "_", ".", "_").Replace(name) + ".png"
			rastertest.Golden(t, golden, fr, *update)
		})
	}
}
