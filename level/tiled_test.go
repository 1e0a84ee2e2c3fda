package level

import (
	"bytes"
	"diorama/scene"
	"errors"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"diorama/iso"
	"diorama/mathx"
	"diorama/raster"
	"diorama/raster/rastertest"
	"diorama/scene/tiled"
)

var update = flag.Bool("update", false, "rewrite the golden images and generated test data in testdata/")

// tilesetImage draws testdata/tiles.png: eight 64×64 cells, 4 columns:
// grass, water, sand (flat diamonds in the bottom half), a stone cube, a
// tree, an arrow (asymmetric, to show flips), a figure and a gem.
func tilesetImage() *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, 256, 128))
	p, _ := iso.Dimetric(64)
	diamond := func(cx, cy int, c color.NRGBA) {
		t := iso.TileImage(p, color.RGBA{c.R, c.G, c.B, 255})
		for y := 0; y < 32; y++ {
			for x := 0; x < 64; x++ {
				if t.RGBAAt(x, y).A != 0 {
					img.SetNRGBA(cx+x, cy+y, c)
				}
			}
		}
	}
	in := func(x, y, cx, cy int) bool { // inside the 64×32 diamond at (cx, cy)
		t := iso.TileImage(p, color.RGBA{255, 255, 255, 255})
		return x >= cx && y >= cy && x < cx+64 && y < cy+32 && t.RGBAAt(x-cx, y-cy).A != 0
	}
	// Flat tiles with a checker of darker pixels so flips and offsets show.
	for k, c := range []color.NRGBA{{70, 160, 60, 255}, {50, 90, 200, 255}, {210, 190, 110, 255}} {
		ox := 64 * k
		diamond(ox, 32, c)
		for y := 32; y < 64; y += 4 {
			for x := ox; x < ox+64; x += 8 {
				if in(x, y, ox, 32) {
					img.SetNRGBA(x, y, color.NRGBA{c.R / 2, c.G / 2, c.B / 2, 255})
				}
			}
		}
	}
	// Cube: top diamond at y 0..32, sides down to the diamond at 32..64.
	for y := 0; y < 64; y++ {
		for x := 0; x < 64; x++ {
			switch {
			case in(x+192, y, 192, 0):
				img.SetNRGBA(192+x, y, color.NRGBA{170, 170, 180, 255})
			case (y >= 16 && y < 48) || in(x+192, y, 192, 32):
				if x < 32 {
					img.SetNRGBA(192+x, y, color.NRGBA{110, 110, 125, 255})
				} else {
					img.SetNRGBA(192+x, y, color.NRGBA{80, 80, 95, 255})
				}
			}
		}
	}
	// Tree: trunk and a round canopy with a half-transparent rim.
	for y := 0; y < 64; y++ {
		for x := 0; x < 64; x++ {
			dx, dy := x-32, y-24
			switch d := dx*dx + dy*dy; {
			case d < 15*15:
				img.SetNRGBA(x, 64+y, color.NRGBA{30, 110, 40, 255})
			case d < 17*17:
				img.SetNRGBA(x, 64+y, color.NRGBA{30, 110, 40, 128})
			case x >= 29 && x < 35 && y >= 36 && y < 60:
				img.SetNRGBA(x, 64+y, color.NRGBA{110, 70, 30, 255})
			}
		}
	}
	// Arrow: a sand diamond with a red triangle in its left corner.
	diamond(64, 96, color.NRGBA{210, 190, 110, 255})
	for y := 96; y < 128; y++ {
		for x := 64; x < 96; x++ {
			if in(x, y, 64, 96) && x-64 < 24-absInt(y-112) {
				img.SetNRGBA(x, y, color.NRGBA{200, 30, 30, 255})
			}
		}
	}
	// Figure: a blue body with a pale head, 16×40 standing on the bottom.
	for y := 0; y < 64; y++ {
		for x := 0; x < 64; x++ {
			switch {
			case (x-32)*(x-32)+(y-30)*(y-30) < 36:
				img.SetNRGBA(128+x, 64+y, color.NRGBA{240, 200, 170, 255})
			case x >= 25 && x < 39 && y >= 36 && y < 64:
				img.SetNRGBA(128+x, 64+y, color.NRGBA{40, 60, 160, 255})
			}
		}
	}
	// Gem: a small magenta diamond standing on the bottom.
	for y := 0; y < 64; y++ {
		for x := 0; x < 64; x++ {
			if absInt(x-32)*2+absInt(y-54)*2 < 18 {
				img.SetNRGBA(192+x, 64+y, color.NRGBA{220, 40, 200, 255})
			}
		}
	}
	return img
}

func absInt(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// TestTilesetImage keeps testdata/tiles.png equal to what tilesetImage
// draws (rewritten with -update).
func TestTilesetImage(t *testing.T) { checkTestdataPNG(t, "testdata/tiles.png", tilesetImage()) }

// checkTestdataPNG fails unless the PNG at path holds exactly img's
// pixels; with -update it first writes img there.
func checkTestdataPNG(t *testing.T, path string, img *image.NRGBA) {
	t.Helper()
	if *update {
		var buf bytes.Buffer
		if err := png.Encode(&buf, img); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	got, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	b := img.Bounds()
	if got.Bounds() != b {
		t.Fatalf("%s is %v, want %v", path, got.Bounds(), b)
	}
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if color.NRGBAModel.Convert(got.At(x, y)) != img.NRGBAAt(x, y) {
				t.Fatalf("%s differs at (%d,%d); run with -update", path, x, y)
			}
		}
	}
}

// goldenLooks registers the figure and gem tiles as looks for players,
// enemies and pickups.
func goldenLooks(t *testing.T) (func(*scene.World) error, Options) {
	img := tilesetImage()
	sub := func(x, y int) *raster.Sprite {
		return raster.MustSprite(img.SubImage(image.Rect(x, y, x+64, y+64)))
	}
	var ids [2]scene.LookID
	setup := func(w *scene.World) error {
		var err error
		if ids[0], err = w.Looks().Add(&scene.Look{Sprite: sub(128, 64), Offset: mathx.Pt(0, 4)}); err != nil {
			return err
		}
		ids[1], err = w.Looks().Add(&scene.Look{Sprite: sub(192, 64), Offset: mathx.Pt(0, 4)})
		return err
	}
	opt := Options{Looks: func(class string) scene.LookID {
		switch class {
		case "player", "enemy":
			return 1
		case "pickup":
			return 2
		}
		return scene.NoLook
	}}
	return setup, opt
}

func renderWorld(t *testing.T, w *scene.World, pad int) *raster.Frame {
	t.Helper()
	b := w.Grid.Bounds()
	fw, fh := b.Dx()+2*pad, b.Dy()+2*pad+32
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

func entityAt(t *testing.T, w *scene.World, name string) scene.Entity {
	t.Helper()
	e, ok := w.Find(name)
	if !ok {
		t.Fatalf("no entity %q", name)
	}
	return e
}

func checkEntity(t *testing.T, w *scene.World, name string, k scene.Kind, x, y float64) scene.Entity {
	t.Helper()
	e := entityAt(t, w, name)
	if w.Kind(e) != k {
		t.Errorf("%s: kind %v, want %v", name, w.Kind(e), k)
	}
	if p := w.Pos(e); !p.XY().ApproxEqual(mathx.V2(x, y), 1e-9) || p.Z != 0 {
		t.Errorf("%s at %v, want (%g,%g,0)", name, p, x, y)
	}
	return e
}

func TestBuildTiledIsometric(t *testing.T) {
	setup, opt := goldenLooks(t)
	w0, err := LoadTiled(os.DirFS("testdata"), "iso.tmx", opt)
	if err == nil || w0 != nil {
		t.Fatal("looks used before being registered were accepted") // ids 1 and 2 do not exist yet
	}
	w, err := LoadTiled(os.DirFS("testdata"), "iso.tmx", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if w.Grid.Layout != iso.Diamond || w.Grid.Cols != 8 || w.Grid.Rows != 8 || w.Grid.Proj.TileW != 64 || len(w.Layers) != 3 || w.Layers[2].Name != "things" || len(w.Layers[2].Tiles) != 0 {
		t.Fatalf("grid %+v, %d layers", w.Grid, len(w.Layers))
	}
	// Ground: GID 1 is sprite 0; the flipped arrows are three more sprites.
	if got := w.Layers[0].Tiles[:4]; got[0] != 0 || got[1] != 0 || got[3] != 0 || w.Layers[0].Tiles[4] != 1 {
		t.Fatalf("ground row 0 %v", w.Layers[0].Tiles[:8])
	}
	if n := len(w.Layers[0].Sprites); n != 7 { // grass, water, sand, arrow, H, V, D arrows
		t.Fatalf("%d ground sprites, want 7", n)
	}
	arrow := w.Layers[0].Sprites[w.Layers[0].Tiles[2*8+2]]
	flipH := w.Layers[0].Sprites[w.Layers[0].Tiles[2*8+3]]
	flipV := w.Layers[0].Sprites[w.Layers[0].Tiles[3*8+2]]
	flipD := w.Layers[0].Sprites[w.Layers[0].Tiles[3*8+3]]
	for y := 0; y < 64; y++ {
		for x := 0; x < 64; x++ {
			a := arrow.RGBAAt(x, y)
			if flipH.RGBAAt(63-x, y) != a || flipV.RGBAAt(x, 63-y) != a || flipD.RGBAAt(y, x) != a {
				t.Fatalf("flipped arrow differs at (%d,%d)", x, y)
			}
		}
	}
	if w.Layers[1].Tiles[1*8+1] != -1 || w.Layers[1].Tiles[0] != 0 {
		t.Fatal("empty block tile not -1")
	}
	// Solid cube tiles became merged walls: (0..3, 0), (6..7, 0), (0, 1..3).
	if n := w.Phys.WallCount(); n != 3 {
		t.Fatalf("%d walls, want 3", n)
	}
	if wb := w.Phys.Wall(0); wb != (mathx.AABB{Min: mathx.V2(0, 0), Max: mathx.V2(1, 4)}) && wb != (mathx.AABB{Min: mathx.V2(0, 0), Max: mathx.V2(4, 1)}) {
		t.Fatalf("first wall %v", wb)
	}
	// Objects: isometric object space counts tile heights on both axes.
	hero := checkEntity(t, w, "hero", scene.Character, 2.5, 3.5)
	if w.Health(hero) != 50 || w.Body(hero).IsNil() || !def(t, w, hero).Collector {
		t.Errorf("hero health %d body %v collector %v", w.Health(hero), w.Body(hero), def(t, w, hero).Collector)
	}
	grunt := checkEntity(t, w, "grunt", scene.Character, 5.5, 6.5)
	if w.Health(grunt) != 100 || def(t, w, grunt).Collector {
		t.Errorf("grunt health %d", w.Health(grunt))
	}
	checkEntity(t, w, "oak", scene.Object, 3.5, 5.5)
	checkEntity(t, w, "pine", scene.Object, 6.5, 2.5)
	med := checkEntity(t, w, "medkit", scene.Pickup, 4.75, 1.75)
	if extent(w, med) != mathx.V2(0.25, 0.25) || def(t, w, med).Value != 25 {
		t.Errorf("medkit extent %v value %d", extent(w, med), def(t, w, med).Value)
	}
	gate := checkEntity(t, w, "gate", scene.Trigger, 7, 5.5)
	if extent(w, gate) != mathx.V2(1, 0.5) {
		t.Errorf("gate extent %v", extent(w, gate))
	}
	checkEntity(t, w, "start", scene.SpawnPoint, 1.5, 1.5)
	if w.Len() != 7 {
		t.Fatalf("%d entities", w.Len())
	}

	// The golden image: the same map with looks for the characters and
	// the pickup.
	gw := buildWithLooks(t, "iso.tmx", setup, opt)
	rastertest.Golden(t, "testdata/golden_iso.png", renderWorld(t, gw, 16), *update)
}

// buildWithLooks registers the looks on a bare world first so that the
// ids the options hand out exist, then builds the map into it.
func buildWithLooks(t *testing.T, name string, setup func(*scene.World) error, opt Options) *scene.World {
	t.Helper()
	bare, err := LoadTiled(os.DirFS("testdata"), name, Options{})
	if err != nil {
		t.Fatal(err)
	}
	opt.Prepare = setup
	w, err := LoadTiled(os.DirFS("testdata"), name, opt)
	if err != nil {
		t.Fatal(err)
	}
	if w.Len() != bare.Len() {
		t.Fatalf("%d entities with looks, %d without", w.Len(), bare.Len())
	}
	return w
}

func TestBuildTiledStaggered(t *testing.T) {
	setup, opt := goldenLooks(t)
	w, err := LoadTiled(os.DirFS("testdata"), "staggered.tmx", Options{})
	if err != nil {
		t.Fatal(err)
	}
	g := w.Grid
	if g.Layout != iso.Staggered || g.Axis != iso.StaggerY || g.Index != iso.StaggerOdd || g.Cols != 6 || g.Rows != 9 {
		t.Fatalf("grid %+v", g)
	}
	// Staggered object space is map pixels: the hero stands on the centre
	// of tile (3, 6), world cell (6, 0).
	checkEntity(t, w, "hero", scene.Character, 6.5, 0.5)
	if c := g.TileCenter(3, 6, 0); c != mathx.V3(6.5, 0.5, 0) {
		t.Fatalf("tile (3,6) centre %v", c)
	}
	checkEntity(t, w, "grunt", scene.Character, 3.5, 1.5)
	checkEntity(t, w, "oak", scene.Object, 6.5, 1.5)                // bottom-left aligned at (160,128): feet at the image's bottom centre (192,128)
	med := checkEntity(t, w, "medkit", scene.Pickup, 7.375, -0.875) // centre (296,104): x−y = 264/32, x+y = 104/16
	if e := extent(w, med); !e.ApproxEqual(mathx.V2(0.375, 0.375), 1e-12) {
		t.Errorf("medkit extent %v", e)
	}
	checkEntity(t, w, "start", scene.SpawnPoint, 2.5, 1.5)
	// The solid layer's top row and tile (4, 4) are walls, on their world
	// cells: the top row's cells run diagonally, so nothing merges.
	if n := w.Phys.WallCount(); n != 7 {
		t.Fatalf("%d walls, want 7", n)
	}
	for k := 0; k < 7; k++ {
		b := w.Phys.Wall(k)
		i, j := int(b.Min.X), int(b.Min.Y)
		col, row := g.CellTile(i, j)
		if b.Size() != mathx.V2(1, 1) || !(row == 0 || (col == 4 && row == 4)) {
			t.Errorf("wall %d %v is tile (%d,%d)", k, b, col, row)
		}
	}
	gw := buildWithLooks(t, "staggered.tmx", setup, opt)
	rastertest.Golden(t, "testdata/golden_staggered.png", renderWorld(t, gw, 16), *update)
}

func TestBuildTiledErrors(t *testing.T) {
	tsx, _ := os.ReadFile("testdata/tiles.tsx")
	pngData, _ := os.ReadFile("testdata/tiles.png")
	mapOf := func(orient, extra, data string) string {
		return `<?xml version="1.0"?><map version="1.10" orientation="` + orient + `" width="2" height="2" tilewidth="64" tileheight="32"` + extra + `>
<tileset firstgid="1" source="tiles.tsx"/>
<layer id="1" name="g" width="2" height="2"><data encoding="csv">` + data + `</data></layer></map>`
	}
	cases := map[string]struct{ files map[string]string }{
		"hexagonal long side": {map[string]string{"m.tmx": mapOf("hexagonal", ` hexsidelength="40"`, "1,1,1,1")}},
		"missing image":       {map[string]string{"m.tmx": mapOf("isometric", "", "1,1,1,1")}},
		"bad png":             {map[string]string{"m.tmx": mapOf("isometric", "", "1,1,1,1"), "tiles.png": "not a png"}},
	}
	cases["infinite"] = struct{ files map[string]string }{map[string]string{"m.tmx": `<?xml version="1.0"?><map version="1.10" orientation="isometric" width="2" height="2" tilewidth="64" tileheight="32" infinite="1">
<tileset firstgid="1" source="tiles.tsx"/><layer id="1" name="g" width="2" height="2"><data encoding="csv"><chunk x="0" y="0" width="2" height="2">1,1,1,1</chunk><chunk x="5000" y="4000" width="2" height="2">1,1,1,1</chunk></data></layer></map>`}}
	layers := ""
	for k := 1; k <= 8; k++ {
		layers += fmt.Sprintf(`<layer id="%d" name="l%d" width="2" height="2"><data encoding="csv"><chunk x="0" y="0" width="1" height="1">1</chunk><chunk x="2999" y="2999" width="1" height="1">1</chunk></data></layer>`, k, k)
	}
	cases["infinite layers"] = struct{ files map[string]string }{map[string]string{"m.tmx": `<?xml version="1.0"?><map version="1.10" orientation="orthogonal" width="2" height="2" tilewidth="64" tileheight="32" infinite="1">
<tileset firstgid="1" source="tiles.tsx"/>` + layers + `</map>`}}
	for name, c := range cases {
		fsys := fstest.MapFS{"tiles.tsx": {Data: tsx}}
		if name != "missing image" {
			fsys["tiles.png"] = &fstest.MapFile{Data: pngData}
		}
		for k, v := range c.files {
			fsys[k] = &fstest.MapFile{Data: []byte(v)}
		}
		w, err := LoadTiled(fsys, "m.tmx", Options{})
		if err == nil || w != nil {
			t.Errorf("%s: no error", name)
			continue
		}
		want := map[string]string{
			"hexagonal long side": "hexagon side 40",
			"missing image":       "tiles.png", "bad png": "tiles.png: not an image",
			"infinite":        "tile region 5002×4002 at (0,0) is empty or too large",
			"infinite layers": "8 tile layers over a region of 3000×3000 tiles is too large",
		}[name]
		if msg := err.Error(); !strings.Contains(msg, "m.tmx") || !strings.Contains(msg, want) {
			t.Errorf("%s: error %q does not name the file and %q", name, msg, want)
		}
	}
}

// TestTiledLayersMatchTiledLayout renders each map's tile layers with the
// engine and, independently, with image/draw at the positions and in the
// order scene/tiled's Layout says Tiled uses (TileDrawPos, DrawOrder), and
// requires the two to be identical pixel for pixel.
func TestTiledLayersMatchTiledLayout(t *testing.T) {
	for _, name := range []string{"iso.tmx", "staggered.tmx", "offset.tmx", "staggered_x.tmx", "offsets_any.tmx", "staggered_odd.tmx", "iso_odd.tmx"} {
		t.Run(name, func(t *testing.T) {
			m, err := tiled.Load(os.DirFS("testdata"), name)
			if err != nil {
				t.Fatal(err)
			}
			w, err := BuildTiled(os.DirFS("testdata"), m, Options{})
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range w.AppendEntities(nil, 0) {
				if !w.Remove(e) {
					t.Fatal("not removed")
				}
			}
			got := renderWorld(t, w, 16)
			// The reference: same frame, same camera origin.
			b := w.Grid.Bounds()
			cam := iso.NewCamera(got.W(), got.H())
			cam.Center = mathx.V2(float64(b.Min.X+b.Max.X)/2, float64(b.Min.Y+b.Max.Y)/2-16)
			o := cam.Origin()
			want := image.NewRGBA(image.Rect(0, 0, got.W(), got.H()))
			draw.Draw(want, want.Rect, image.NewUniform(color.RGBA{24, 24, 32, 255}), image.Point{}, draw.Src)
			tsImg, err := os.ReadFile("testdata/tiles.png")
			if err != nil {
				t.Fatal(err)
			}
			src, err := png.Decode(bytes.NewReader(tsImg))
			if err != nil {
				t.Fatal(err)
			}
			lay := m.Layout()
			for _, l := range m.Flatten() {
				if l.Kind != tiled.TileLayer {
					continue
				}
				lo := image.Pt(int(math.Round(l.TotalOffset.X)), int(math.Round(l.TotalOffset.Y)))
				walk := tiledIsoWalk(m, l)
				lay.DrawOrder(0, 0, m.Width, m.Height, func(x, y int) {
					gid := l.At(x, y)
					if gid.Empty() {
						return
					}
					ts, local, _ := m.TileFor(gid)
					r, _ := ts.SourceRect(local)
					tile := orient(toRGBA(src), r, gid.Flags())
					tl := lay.ImageTopLeft(x, y, tile.Rect.Dx(), tile.Rect.Dy(), ts.TileOffset)
					if p, ok := walk[image.Pt(x, y)]; ok {
						// Odd isometric sizes: where Tiled's row walk
						// puts the image, rounded as Qt rounds it.
						// Qt rounds a plain or H/V-flipped image's
						// top half up (a flipped one on a half pixel
						// is smoothed there, rows blended in pairs),
						// a turned one (diagonal flip) half down.
						py := math.Floor(p.Y + 0.5)
						if f := gid.Flags(); f.D() {
							py = math.Ceil(p.Y - 0.5)
						} else if (f.H() || f.V()) && p.Y != math.Floor(p.Y) {
							sm := image.NewRGBA(tile.Rect)
							for yy := 0; yy < tile.Rect.Dy(); yy++ {
								for xx := 0; xx < tile.Rect.Dx(); xx++ {
									a, b := tile.RGBAAt(xx, yy), tile.RGBAAt(xx, min(yy+1, tile.Rect.Dy()-1))
									sm.SetRGBA(xx, yy, color.RGBA{uint8((int(a.R) + int(b.R)) / 2), uint8((int(a.G) + int(b.G)) / 2), uint8((int(a.B) + int(b.B)) / 2), uint8((int(a.A) + int(b.A)) / 2)})
								}
							}
							tile = sm
						}
						tl = mathx.V2(p.X+float64(ts.TileOffset.X), py-float64(tile.Rect.Dy())+float64(ts.TileOffset.Y))
					}
					at := image.Pt(int(tl.X)-o.X, int(tl.Y)-o.Y).Add(lo)
					draw.Draw(want, tile.Rect.Add(at), tile, image.Point{}, draw.Over)
				})
			}
			if n, first := rastertest.Diff(got, want); n != 0 {
				t.Fatalf("%d pixels differ from Tiled's layout, first %s", n, first)
			}
		})
	}
}

func toRGBA(img image.Image) *image.RGBA {
	b := img.Bounds()
	out := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	draw.Draw(out, out.Rect, img, b.Min, draw.Src)
	return out
}

// TestBuildTiledAnimationOpacityOffset: an animated tile cycles through
// its frames with simulated time; a layer's opacity and tint are baked
// into its sprites, its offset is the sprites' draw offset.
func TestBuildTiledAnimationOpacityOffset(t *testing.T) {
	pngData, err := os.ReadFile("testdata/tiles.png")
	if err != nil {
		t.Fatal(err)
	}
	tmx := `<?xml version="1.0"?><map version="1.10" orientation="isometric" width="2" height="1" tilewidth="64" tileheight="32">
<tileset firstgid="1" name="t" tilewidth="64" tileheight="64" tilecount="8" columns="4">
 <image source="tiles.png" width="256" height="128"/>
 <tile id="0"><animation><frame tileid="0" duration="100"/><frame tileid="1" duration="50"/></animation></tile>
</tileset>
<layer id="1" name="anim" width="2" height="1"><data encoding="csv">1,3</data></layer>
<layer id="2" name="ghost" width="2" height="1" opacity="0.5" offsety="-8" tintcolor="#ff0000"><data encoding="csv">3,0</data></layer>
</map>`
	w, err := LoadTiled(fstest.MapFS{"m.tmx": {Data: []byte(tmx)}, "tiles.png": {Data: pngData}}, "m.tmx", Options{})
	if err != nil {
		t.Fatal(err)
	}
	centre := func() color.RGBA { return w.Layers[0].Sprites[w.Layers[0].Tiles[0]].RGBAAt(32, 49) }
	grass, water := color.RGBA{70, 160, 60, 255}, color.RGBA{50, 90, 200, 255}
	frameAt := func() color.RGBA {
		dl := raster.NewDrawList()
		if _, err := w.Render(dl, iso.NewPainter(w.Grid, iso.NewCamera(64, 64)), 0); err != nil {
			t.Fatal(err)
		}
		return centre()
	}
	for _, c := range []struct {
		ticks int
		want  color.RGBA
	}{{0, grass}, {5, grass}, {6, water}, {8, water}, {9, grass}, {15, water}} {
		for w.Tick() < uint64(c.ticks) {
			w.Step()
		}
		// The layer shows the tick's frame before any Render: the
		// world's tiles follow its ticks, not its drawing.
		if got := centre(); got != c.want {
			t.Errorf("tick %d before Render: tile shows %v, want %v", c.ticks, got, c.want)
		}
		if got := frameAt(); got != c.want {
			t.Errorf("tick %d (%v ms): tile shows %v, want %v", c.ticks, c.ticks*1000/60, got, c.want)
		}
	}
	// Ghost layer: sand at half opacity through a red tint, lifted 8 px.
	g := w.Layers[1].Sprites[0]
	if g.W() != 64 || g.H() != 64 {
		t.Fatalf("ghost sprite %d×%d, want 64×64", g.W(), g.H())
	}
	if off := w.Layers[1].Offsets[0]; off != (mathx.Point{X: 0, Y: -8}) {
		t.Fatalf("ghost offset %v, want (0,-8)", off)
	}
	// Sand (210,190,110) × red tint × ½ (Qt's constant alpha for
	// opacity ½: 127/255): premultiplied (105, 0, 0, 127).
	if got := g.RGBAAt(32, 49); got != (color.RGBA{105, 0, 0, 127}) {
		t.Fatalf("ghost pixel %v", got)
	}
}

// TestBuildTiledObjectLayerOffset: an object layer's offset of (32, 16)
// pixels on a 64×32 isometric map is one tile along world x.
func TestBuildTiledObjectLayerOffset(t *testing.T) {
	pngData, err := os.ReadFile("testdata/tiles.png")
	if err != nil {
		t.Fatal(err)
	}
	tmx := `<?xml version="1.0"?><map version="1.10" orientation="isometric" width="4" height="4" tilewidth="64" tileheight="32">
<tileset firstgid="1" name="t" tilewidth="64" tileheight="64" tilecount="8" columns="4"><image source="tiles.png" width="256" height="128"/></tileset>
<objectgroup id="1" name="plain"><object id="1" name="a" x="32" y="32"><point/></object></objectgroup>
<objectgroup id="2" name="moved" offsetx="32" offsety="16"><object id="2" name="b" x="32" y="32"><point/></object>
 <object id="3" name="tree" gid="5" x="32" y="32" width="64" height="64"/></objectgroup>
</map>`
	w, err := LoadTiled(fstest.MapFS{"m.tmx": {Data: []byte(tmx)}, "tiles.png": {Data: pngData}}, "m.tmx", Options{})
	if err != nil {
		t.Fatal(err)
	}
	checkEntity(t, w, "a", scene.SpawnPoint, 1, 1)
	checkEntity(t, w, "b", scene.SpawnPoint, 2, 1)
	tree := checkEntity(t, w, "tree", scene.Object, 2, 1)
	d := def(t, w, tree).Drawing
	// Unmoved, the tree's bottom centre would be at map pixel (128, 32)
	// (origin x = 4·32); moved, at (160, 48): top-left (128, -16).
	if d.Parts[0].At != mathx.Pt(128, -16) || d.Box.Min != mathx.V3(1.5, 0.5, 0) {
		t.Fatalf("tree drawn at %v, box %v", d.Parts[0].At, d.Box)
	}
}

// TestTiledErrorChain: a broken image named by an external tileset names
// every link: the map's <tileset> line, the tileset's <image> line and
// the image itself, at the same element path and line in TMX and JSON.
func TestTiledErrorChain(t *testing.T) {
	fsys := fstest.MapFS{
		"maps/m.tmx": {Data: []byte(`<?xml version="1.0"?>
<map version="1.10" orientation="isometric" width="1" height="1" tilewidth="64" tileheight="32">
 <tileset firstgid="1" source="../sets/tiles.tsx"/>
 <layer id="1" name="g" width="1" height="1"><data encoding="csv">1</data></layer>
</map>`)},
		"maps/m.tmj": {Data: []byte(`{"type":"map","orientation":"isometric","width":1,"height":1,"tilewidth":64,"tileheight":32,
 "tilesets":[{"firstgid":1,"source":"../sets/tiles.tsx"}],
 "layers":[{"type":"tilelayer","id":1,"name":"g","width":1,"height":1,"data":[1]}]}`)},
		"sets/tiles.tsx": {Data: []byte(`<?xml version="1.0"?>
<tileset name="t" tilewidth="64" tileheight="64" tilecount="1" columns="1">
 <image source="../art/tiles.png" width="64" height="64"/>
</tileset>`)},
		"art/tiles.png": {Data: []byte("not a png")},
	}
	for name, want := range map[string]string{
		"maps/m.tmx": `level: maps/m.tmx:3: tileset "sets/tiles.tsx" → sets/tiles.tsx:3: tileset "t" > image → art/tiles.png: not an image`,
		"maps/m.tmj": `level: maps/m.tmj:2: tileset "sets/tiles.tsx" → sets/tiles.tsx:3: tileset "t" > image → art/tiles.png: not an image`,
	} {
		_, err := LoadTiled(fsys, name, Options{})
		if err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("%s: error\n%v\nwant prefix\n%s", name, err, want)
		}
	}
}

// TestTiledCollisionConventions: tiles with collision shapes make their
// cells walls (unless "solid" is false); rectangles, ellipses and
// polygons of class "wall"/"collision"/"solid", or with "solid" set on
// them or their layer, become walls over their bounding box; other
// shapes stay triggers.
func TestTiledCollisionConventions(t *testing.T) {
	pngData, err := os.ReadFile("testdata/tiles.png")
	if err != nil {
		t.Fatal(err)
	}
	tmx := `<?xml version="1.0"?><map version="1.10" orientation="orthogonal" width="4" height="2" tilewidth="32" tileheight="32">
<tileset firstgid="1" name="t" tilewidth="64" tileheight="64" tilecount="8" columns="4">
 <image source="tiles.png" width="256" height="128"/>
 <tile id="1"><objectgroup><object id="1" x="0" y="0" width="64" height="64"/></objectgroup></tile>
 <tile id="2"><properties><property name="solid" type="bool" value="false"/></properties><objectgroup><object id="1" x="0" y="0" width="8" height="8"/></objectgroup></tile>
</tileset>
<layer id="1" name="g" width="4" height="2"><data encoding="csv">2,1,3,1,1,1,1,1</data></layer>
<objectgroup id="2" name="shapes">
 <object id="1" type="wall" x="0" y="64" width="64" height="32"/>
 <object id="2" name="zone" x="0" y="96" width="32" height="32"/>
 <object id="3" name="rock" x="96" y="64"><polygon points="0,0 32,0 16,32"/><properties><property name="solid" type="bool" value="true"/></properties></object>
</objectgroup>
<objectgroup id="3" name="bounds" visible="0"><properties><property name="solid" type="bool" value="true"/></properties>
 <object id="4" x="128" y="0" width="32" height="64"/>
</objectgroup>
</map>`
	w, err := LoadTiled(fstest.MapFS{"m.tmx": {Data: []byte(tmx)}, "tiles.png": {Data: pngData}}, "m.tmx", Options{})
	if err != nil {
		t.Fatal(err)
	}
	var boxes []mathx.AABB
	for k := range w.Phys.WallCount() {
		boxes = append(boxes, w.Phys.Wall(k))
	}
	covered := func(x, y float64) bool {
		for _, b := range boxes {
			if b.Contains(mathx.V2(x, y)) {
				return true
			}
		}
		return false
	}
	for _, c := range []struct {
		x, y float64
		want bool
		what string
	}{
		{0.5, 0.5, true, "tile with shapes (0,0)"},
		{1.5, 0.5, false, "plain tile (1,0)"},
		{2.5, 0.5, false, "tile with shapes but solid=false (2,0)"},
		{0.5, 0.7, true, "tile with shapes, inside"},
		{3.5, 1.5, false, "plain tile (3,1)"},
		{1.5, 2.5, true, "wall rectangle"},
		{0.5, 3.5, false, "trigger rectangle"},
		{3.5, 2.2, true, "solid polygon's box"},
		{4.5, 1, true, "hidden solid layer's rectangle"},
	} {
		if got := covered(c.x, c.y); got != c.want {
			t.Errorf("%s at (%v,%v): wall %v, want %v", c.what, c.x, c.y, got, c.want)
		}
	}
	if _, ok := w.Find("zone"); !ok {
		t.Error("the plain rectangle is no longer a trigger entity")
	}
	if _, ok := w.Find("rock"); ok {
		t.Error("the solid polygon also became an entity")
	}
}

// TestTiledTilesFromTheRealImage: as in Tiled, an atlas tileset's tiles
// are cut from its image as the image is, not as the file declares it.
// The tileset here says 4 tiles in a 256×64 image, but tiles.png has
// grown to 256×128 (8 tiles): GID 6 shows the real image's tile 5; GID
// 12 lies past the real image too and, on the layer and as a tile
// object, draws nothing while the map still loads (Tiled opens such
// maps); a GID below every tileset is still refused.
func TestTiledTilesFromTheRealImage(t *testing.T) {
	pngData, err := os.ReadFile("testdata/tiles.png")
	if err != nil {
		t.Fatal(err)
	}
	src, err := decodeRGBAForTest(pngData)
	if err != nil {
		t.Fatal(err)
	}
	mapWith := func(first, data string) string {
		return `<?xml version="1.0"?><map version="1.10" orientation="isometric" width="2" height="1" tilewidth="64" tileheight="32">
<tileset firstgid="` + first + `" name="t" tilewidth="64" tileheight="64" tilecount="4" columns="4">
 <image source="tiles.png" width="256" height="64"/>
</tileset>
<layer id="1" name="g" width="2" height="1"><data encoding="csv">` + data + `</data></layer>
<objectgroup id="2" name="o"><object id="1" name="ghost" gid="12" x="32" y="32" width="64" height="64"/></objectgroup>
</map>`
	}
	fsys := fstest.MapFS{"m.tmx": {Data: []byte(mapWith("1", "6,12"))}, "tiles.png": {Data: pngData}}
	w, err := LoadTiled(fsys, "m.tmx", Options{})
	if err != nil {
		t.Fatal(err)
	}
	l := w.Layers[0]
	if l.Tiles[0] < 0 || l.Tiles[1] != -1 {
		t.Fatalf("layer tiles %v, want a sprite then none", l.Tiles)
	}
	s := l.Sprites[l.Tiles[0]]
	for _, p := range []image.Point{{32, 40}, {10, 50}, {50, 58}} {
		if got, want := s.RGBAAt(p.X, p.Y), src.RGBAAt(64+p.X, 64+p.Y); got != want {
			t.Errorf("GID 6 at %v shows %v, want the real image's tile 5 %v", p, got, want)
		}
	}
	e, ok := w.Find("ghost")
	if !ok {
		t.Fatal("the tile object whose tile is missing was not created")
	}
	if n := len(def(t, w, e).Drawing.Parts); n != 0 {
		t.Errorf("the missing tile object draws %d parts", n)
	}
	fsys["m.tmx"] = &fstest.MapFile{Data: []byte(mapWith("5", "6,3"))}
	if _, err := LoadTiled(fsys, "m.tmx", Options{}); err == nil || !strings.Contains(err.Error(), "GID 3") {
		t.Errorf("GID below every tileset: %v", err)
	}
}

// TestBuildTiledSortedLayer: a tile layer with the property sorted=true
// becomes one drawn object per tile, a box on its cell as tall as the
// image rises above the cell (or the layer's "height"), sorted with the
// object layer above it; the layer keeps its name and draws no tiles. The
// entity limit counts them.
func TestBuildTiledSortedLayer(t *testing.T) {
	pngData, err := os.ReadFile("testdata/tiles.png")
	if err != nil {
		t.Fatal(err)
	}
	tmx := func(props string) string {
		return `<?xml version="1.0"?><map version="1.10" orientation="isometric" width="4" height="4" tilewidth="64" tileheight="32">
<tileset firstgid="1" name="t" tilewidth="64" tileheight="64" tilecount="8" columns="4"><image source="tiles.png" width="256" height="128"/></tileset>
<layer id="1" name="walls" width="4" height="4"><properties><property name="sorted" type="bool" value="true"/>` + props + `</properties>
<data encoding="csv">0,0,0,0,0,0,0,0,0,0,3,0,0,3,0,0</data></layer>
<objectgroup id="2" name="things"><object id="1" name="hero" class="player" x="32" y="32"><point/></object></objectgroup>
</map>`
	}
	w, err := LoadTiled(fstest.MapFS{"m.tmx": {Data: []byte(tmx(""))}, "tiles.png": {Data: pngData}}, "m.tmx", Options{})
	if err != nil {
		t.Fatal(err)
	}
	walls := w.Layers.Index("walls")
	if walls < 0 || len(w.Layers[walls].Tiles) != 0 {
		t.Fatalf("walls layer %d keeps tiles", walls)
	}
	var got []mathx.Vec3
	w.Each(scene.Object, func(e scene.Entity) {
		d := def(t, w, e)
		if w.Name(e) != "walls" || d.DrawLayer != "things" {
			t.Errorf("object %q on layer %q, want walls on things", w.Name(e), d.DrawLayer)
		}
		b := d.Drawing.Box
		if b.Max.Z != 1 || b.Max.X-b.Min.X != 1 {
			t.Errorf("tile box %v, want a unit cube", b)
		}
		got = append(got, w.Pos(e))
	})
	if want := []mathx.Vec3{{X: 2.5, Y: 2.5}, {X: 1.5, Y: 3.5}}; len(got) != 2 || got[0] != want[0] || got[1] != want[1] {
		t.Errorf("sorted tiles at %v, want %v", got, want)
	}
	w, err = LoadTiled(fstest.MapFS{"m.tmx": {Data: []byte(tmx(`<property name="height" type="float" value="0.25"/>`))}, "tiles.png": {Data: pngData}}, "m.tmx", Options{})
	if err != nil {
		t.Fatal(err)
	}
	w.Each(scene.Object, func(e scene.Entity) {
		if h := def(t, w, e).Drawing.Box.Max.Z; h != 0.25 {
			t.Errorf("height property: box %v high, want 0.25", h)
		}
	})
	_, err = LoadTiled(fstest.MapFS{"m.tmx": {Data: []byte(tmx(""))}, "tiles.png": {Data: pngData}}, "m.tmx", Options{Limits: Limits{BuildLimits: BuildLimits{MaxEntities: 2}}})
	if !errors.Is(err, ErrLimit) {
		t.Errorf("two tiles and a player over a limit of 2: %v, want ErrLimit", err)
	}
}

// TestBuildTiledStage: BuildTiled makes the player's object layer the
// stage, so a bullet behind a sorted wall tile is hidden by it; with no
// stage the bullet is drawn above every layer, over the wall.
func TestBuildTiledStage(t *testing.T) {
	pngData, err := os.ReadFile("testdata/tiles.png")
	if err != nil {
		t.Fatal(err)
	}
	tmx := `<?xml version="1.0"?><map version="1.10" orientation="isometric" width="4" height="4" tilewidth="64" tileheight="32">
<tileset firstgid="1" name="t" tilewidth="64" tileheight="64" tilecount="8" columns="4"><image source="tiles.png" width="256" height="128"/></tileset>
<layer id="1" name="walls" width="4" height="4"><properties><property name="sorted" type="bool" value="true"/></properties>
<data encoding="csv">0,0,0,0,0,0,0,0,0,0,4,0,0,0,0,0</data></layer>
<objectgroup id="2" name="things"><object id="1" name="hero" class="player" x="16" y="16"><point/></object></objectgroup>
</map>`
	w, err := LoadTiled(fstest.MapFS{"m.tmx": {Data: []byte(tmx)}, "tiles.png": {Data: pngData}}, "m.tmx", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if w.Stage != "things" {
		t.Fatalf("stage %q, want things", w.Stage)
	}
	magenta := color.RGBA{255, 0, 255, 255}
	w.Bullets().SetSprite(dot(magenta))
	w.Bullets().Fire(scene.BulletDef{Pos: mathx.V2(1.8, 1.8), Z: 0.3})
	count := func() int {
		cam := iso.NewCamera(256, 256)
		cam.Center = w.Grid.ToScreen(mathx.V3(2, 2, 0))
		fr, _ := raster.NewFrame(256, 256)
		dl := raster.NewDrawList()
		if _, err := w.Render(dl, iso.NewPainter(w.Grid, cam), 1); err != nil {
			t.Fatal(err)
		}
		dl.Draw(fr)
		n := 0
		for y := range 256 {
			for x := range 256 {
				if fr.RGBAAt(x, y) == magenta {
					n++
				}
			}
		}
		return n
	}
	if n := count(); n != 0 {
		t.Errorf("bullet behind the wall on the stage: %d pixels shown, want 0", n)
	}
	w.Stage = ""
	if n := count(); n != 1 {
		t.Errorf("bullet with no stage: %d pixels shown, want 1 (over the wall)", n)
	}
}

// TestRenderChangesNoInput: Render moves parallax layers with its own
// copy of the camera; the caller's camera and the world's layers are as
// they were, whatever the layers' parallax and animations.
func TestRenderChangesNoInput(t *testing.T) {
	pngData, err := os.ReadFile("testdata/tiles.png")
	if err != nil {
		t.Fatal(err)
	}
	tmx := `<?xml version="1.0"?><map version="1.10" orientation="isometric" width="2" height="1" tilewidth="64" tileheight="32">
<tileset firstgid="1" name="t" tilewidth="64" tileheight="64" tilecount="8" columns="4">
 <image source="tiles.png" width="256" height="128"/>
 <tile id="0"><animation><frame tileid="0" duration="100"/><frame tileid="1" duration="50"/></animation></tile>
</tileset>
<layer id="1" name="far" width="2" height="1" parallaxx="0.5" parallaxy="0.25"><data encoding="csv">1,3</data></layer>
<layer id="2" name="near" width="2" height="1"><data encoding="csv">3,1</data></layer>
</map>`
	w, err := LoadTiled(fstest.MapFS{"m.tmx": {Data: []byte(tmx)}, "tiles.png": {Data: pngData}}, "m.tmx", Options{})
	if err != nil {
		t.Fatal(err)
	}
	cam := iso.NewCamera(64, 64)
	cam.Center = mathx.V2(40, 12)
	want := *cam
	pt := iso.NewPainter(w.Grid, cam)
	for k := 0; k < 12; k++ {
		w.Step()
		before := make([]*raster.Sprite, 0, 4)
		for _, l := range w.Layers {
			before = append(before, l.Sprites...)
		}
		if _, err := w.Render(raster.NewDrawList(), pt, 0.5); err != nil {
			t.Fatal(err)
		}
		if *cam != want || pt.Cam != cam {
			t.Fatalf("tick %d: Render changed the camera: %+v, want %+v (painter's camera %p, want %p)", k, *cam, want, pt.Cam, cam)
		}
		after := before[:0:0]
		for _, l := range w.Layers {
			after = append(after, l.Sprites...)
		}
		for i := range before {
			if before[i] != after[i] {
				t.Fatalf("tick %d: Render changed layer sprite %d", k, i)
			}
		}
	}
}

// tiledIsoWalk runs the loop of Tiled's IsometricRenderer::drawTileLayer
// (Tiled 1.8.2 and master; MapRenderer::drawTileLayer's exposed rectangle
// for a whole layer, master's margins clamped at zero) over layer l of an
// isometric map with odd tile sizes, step by step as Tiled does, and
// returns the bottom-left corner each tile's image is drawn at (x whole,
// y on half pixels); nil for other maps. The engine computes the same
// places in closed form (isoPlacement); this is the independent reference.
func tiledIsoWalk(m *tiled.Map, l *tiled.Layer) map[image.Point]mathx.Vec2 {
	tw, th := m.TileWidth, m.TileHeight
	if m.Orientation != tiled.Isometric || tw%2 == 0 && th%2 == 0 {
		return nil
	}
	var bounds image.Rectangle // the 16×16 chunks holding a tile
	maxSize, offR, offB := 0, 0, 0
	for y := l.Y; y < l.Y+l.Height; y++ {
		for x := l.X; x < l.X+l.Width; x++ {
			gid := l.At(x, y)
			if gid.Empty() {
				continue
			}
			cx, cy := x&^15, y&^15
			bounds = bounds.Union(image.Rect(cx, cy, cx+16, cy+16))
			ts, _, _ := m.TileFor(gid)
			maxSize = max(maxSize, ts.TileWidth, ts.TileHeight)
			offR, offB = max(offR, ts.TileOffset.X), max(offB, ts.TileOffset.Y)
		}
	}
	originX := m.Height * tw / 2
	side := bounds.Dx() + bounds.Dy()
	ex := (bounds.Min.X-bounds.Max.Y)*tw/2 + originX - max(0, offR+maxSize-tw)
	ey := (bounds.Min.X+bounds.Min.Y)*th/2 - offB
	right, bottom := ex+side*tw/2+max(0, offR+maxSize-tw), ey+side*th/2+offB
	toScreen := func(x, y int) (float64, float64) {
		return float64(x-y)*float64(tw)/2 + float64(originX), float64(x+y) * float64(th) / 2
	}
	tx, ty := float64(ex-originX)/float64(tw), float64(ey)/float64(th)
	rowX, rowY := int(math.Floor(ty+tx)), int(math.Floor(ty-tx))
	sx, sy := toScreen(rowX, rowY)
	sx -= float64(tw / 2)
	sy += float64(th)
	upper := sy-float64(ey) > float64(th/2)
	left := float64(ex)-sx < float64(tw/2)
	if upper {
		if left {
			rowX--
			sx -= float64(tw / 2)
		} else {
			rowY--
			sx += float64(tw / 2)
		}
		sy -= float64(th / 2)
	}
	shifted := upper != left
	out := map[image.Point]mathx.Vec2{}
	for y := int(sy * 2); y-th*2 < bottom*2; y += th {
		cx, cy := rowX, rowY
		for x := int(sx); x < right; x += tw {
			out[image.Pt(cx, cy)] = mathx.V2(float64(x), float64(y)/2)
			cx++
			cy--
		}
		if !shifted {
			rowX++
			sx += float64(tw / 2)
		} else {
			rowY++
			sx -= float64(tw / 2)
		}
		shifted = !shifted
	}
	return out
}

// TestShadeTiledTint checks shade against pixel values worked by hand
// from Tiled's tinted() (libtiled/maprenderer.cpp, master after 1.12.2)
// in Qt's 8-bit arithmetic: Multiply by the opaque tint, DestinationIn by
// the image's alpha, DestinationIn by the tint's alpha, each step
// div255(x) = (x + x>>8 + 0x80) >> 8.
func TestShadeTiledTint(t *testing.T) {
	for _, c := range []struct {
		name    string
		in      color.RGBA // premultiplied
		tint    color.NRGBA
		opacity float64
		want    color.RGBA
	}{
		// Half-transparent grey through orange: red
		// div255(255·64 + 255·127) = 191, div255(191·128) = 96,
		// div255(96·255) = 96; green div255(128·64 + 128·127) = 96,
		// div255(96·128) = 48, 48; blue 0. A plain multiply gives
		// (64, 32, 0): Tiled is 32 and 16 levels brighter.
		{"half-transparent", color.RGBA{64, 64, 64, 128}, color.NRGBA{255, 128, 0, 255}, 1, color.RGBA{96, 48, 0, 128}},
		// Opaque pixel, tint at alpha 128: red 200 → 200 → 200 →
		// div255(200·128) = 100; green div255(128·100) = 50 → 50 →
		// div255(50·128) = 25; alpha div255(255·128) = 128.
		{"tint alpha", color.RGBA{200, 100, 50, 255}, color.NRGBA{255, 128, 0, 128}, 1, color.RGBA{100, 25, 0, 128}},
		// The same at opacity ½: each channel halved, rounded.
		{"tint alpha and opacity", color.RGBA{200, 100, 50, 255}, color.NRGBA{255, 128, 0, 128}, 0.5, color.RGBA{50, 13, 0, 64}},
		// A transparent pixel stays transparent: Multiply gives the tint,
		// DestinationIn by alpha 0 clears it.
		{"transparent", color.RGBA{0, 0, 0, 0}, color.NRGBA{10, 20, 30, 255}, 1, color.RGBA{}},
		// Opaque white tint: untouched, as Tiled skips it (needsTint).
		{"white", color.RGBA{30, 20, 10, 40}, color.NRGBA{255, 255, 255, 255}, 1, color.RGBA{30, 20, 10, 40}},
		// Pale pixel at alpha 1 through a dark tint: red
		// div255(40·1 + 40·254) = 40, div255(40·1) = 0.
		{"nearly transparent", color.RGBA{1, 1, 1, 1}, color.NRGBA{40, 40, 40, 255}, 1, color.RGBA{0, 0, 0, 1}},
	} {
		img := image.NewRGBA(image.Rect(0, 0, 1, 1))
		img.SetRGBA(0, 0, c.in)
		shade(img, c.opacity, c.tint)
		if got := img.RGBAAt(0, 0); got != c.want {
			t.Errorf("%s: %v through %v at %v: %v, want %v", c.name, c.in, c.tint, c.opacity, got, c.want)
		}
	}
}

// TestFindID: Tiled object ids find their entities in constant time, and
// a removed entity is not found.
func TestFindID(t *testing.T) {
	w, err := LoadTiled(os.DirFS("testdata"), "iso.tmx", Options{})
	if err != nil {
		t.Fatal(err)
	}
	hero, ok := w.Find("hero")
	if !ok {
		t.Fatal("no hero")
	}
	m, err := tiled.Load(os.DirFS("testdata"), "iso.tmx")
	if err != nil {
		t.Fatal(err)
	}
	var id int
	for _, l := range m.Flatten() {
		for _, o := range l.Objects {
			if o.Name == "hero" {
				id = o.ID
			}
		}
	}
	if e, ok := w.FindID(id); !ok || e != hero {
		t.Fatalf("FindID(%d) = %v, want the hero %v", id, e, hero)
	}
	w.Remove(hero)
	if _, ok := w.FindID(id); ok {
		t.Fatal("found a removed entity by id")
	}
	if _, ok := w.FindID(0); ok {
		t.Fatal("id 0 found something")
	}
}

// With Options.ExactOpacity a half-transparent layer's tiles are drawn at
// the layer's opacity in 16 bits (raster.NewSpriteAlpha, as tmxrasterizer
// draws them: viewer's TestExportLayerOpacityMatchesTmxrasterizer), without
// it baked into 8-bit sprites: the two frames are a level apart at most,
// somewhere apart, and identical where the layer is opaque.
func TestBuildTiledExactOpacity(t *testing.T) {
	fsys := fstest.MapFS{}
	for _, f := range []string{"tiles.tsx", "tiles.png"} {
		b, err := os.ReadFile(filepath.Join("testdata", f))
		if err != nil {
			t.Fatal(err)
		}
		fsys[f] = &fstest.MapFile{Data: b}
	}
	frames := map[string]*raster.Frame{}
	for _, op := range []string{"0.49", "1"} {
		fsys["m.tmx"] = &fstest.MapFile{Data: []byte(`<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="isometric" renderorder="right-down" width="3" height="3" tilewidth="64" tileheight="32" infinite="0" nextlayerid="3" nextobjectid="1">
 <tileset firstgid="1" source="tiles.tsx"/>
 <layer id="1" name="under" width="3" height="3"><data encoding="csv">1,2,1,2,1,2,1,2,1</data></layer>
 <layer id="2" name="over" width="3" height="3" opacity="` + op + `"><data encoding="csv">3,0,5,0,6,0,7,0,8</data></layer>
</map>`)}
		for _, exact := range []bool{false, true} {
			w, err := LoadTiled(fsys, "m.tmx", Options{ExactOpacity: exact})
			if err != nil {
				t.Fatal(err)
			}
			frames[fmt.Sprint(op, exact)] = renderWorld(t, w, 8)
		}
	}
	for _, op := range []string{"0.49", "1"} {
		a, b := frames[op+"false"], frames[op+"true"]
		n, worst := 0, 0
		for i := range a.Pix {
			if d := int(a.Pix[i]) - int(b.Pix[i]); d != 0 {
				n++
				worst = max(worst, d, -d)
			}
		}
		switch {
		case op == "1" && n > 0:
			t.Errorf("opaque layer: %d channels differ with ExactOpacity", n)
		case op != "1" && (n == 0 || worst > 1):
			t.Errorf("opacity %s: %d channels differ, by up to %d (want some, by 1)", op, n, worst)
		}
	}
}
