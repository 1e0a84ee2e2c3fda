package iso

import (
	"bytes"
	"flag"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"diorama/internal/testenv"
	"diorama/mathx"
	"diorama/raster"
)

var update = flag.Bool("update", false, "rewrite the golden images in testdata/")

// solidLayer is a layer of one translucent tile everywhere.
func solidLayer(g *Grid, c color.RGBA) *TileLayer {
	l := &TileLayer{Tiles: make([]int32, g.Cols*g.Rows), Sprites: []*raster.Sprite{raster.MustSprite(TileImage(g.Proj, c))}}
	return l
}

// blendOnce is the colour of c drawn once over bg by raster.
func blendOnce(c, bg color.RGBA) color.RGBA {
	f, _ := raster.NewFrame(1, 1)
	f.Clear(bg)
	img := image.NewRGBA(image.Rect(0, 0, 1, 1))
	img.SetRGBA(0, 0, c)
	raster.DrawSprite(f, f.Bounds(), raster.MustSprite(img), 0, 0, nil)
	return f.RGBAAt(0, 0)
}

// Seam-free: a map of translucent solid tiles, drawn at many camera
// offsets and every zoom, shows no background pixel where the map is and
// no pixel blended twice: each screen pixel is exactly the tile colour
// over the background once, or the background outside the map.
func TestSeamFreeTiles(t *testing.T) {
	bg := color.RGBA{255, 0, 255, 255}
	tile := color.RGBA{0, 90, 40, 128} // premultiplied, half transparent
	once := blendOnce(tile, bg)
	ti, _ := TrueIsometric(32)
	grids := []*Grid{}
	for _, p := range []Projection{{64, 32, 32}, {32, 16, 16}, ti, {50, 18, 7}} {
		d, _ := NewDiamond(p, 9, 7)
		s, _ := NewStaggered(p, 6, 9, StaggerY, StaggerOdd)
		x, _ := NewStaggered(p, 9, 5, StaggerX, StaggerEven)
		grids = append(grids, d, s, x)
	}
	r := mathx.NewRand(1)
	dl := raster.NewDrawList()
	frame, _ := raster.NewFrame(160, 120)
	for _, g := range grids {
		layer := solidLayer(g, tile)
		for k := 0; k < 24; k++ {
			cam := NewCamera(160, 120)
			cam.SetZoom(1 + k%4)
			b := g.Bounds()
			cam.Center = mathx.V2(r.Range(float64(b.Min.X), float64(b.Max.X)), r.Range(float64(b.Min.Y), float64(b.Max.Y)))
			pt := NewPainter(g, cam)
			dl.Reset()
			if err := pt.Layer(dl, layer, 0); err != nil {
				t.Fatal(err)
			}
			frame.Clear(bg)
			dl.Draw(frame)
			for sy := 0; sy < 120; sy++ {
				for sx := 0; sx < 160; sx++ {
					m := cam.ScreenToMapPixel(sx, sy)
					want := bg
					if _, _, ok := g.PickPixel(m.X, m.Y, 0); ok {
						want = once
					}
					if got := frame.RGBAAt(sx, sy); got != want {
						t.Fatalf("%s zoom %d centre %v: screen (%d,%d) map %v is %v, want %v", gridName(g), cam.Zoom, cam.Center, sx, sy, m, got, want)
					}
				}
			}
		}
	}
}

// A translucent block (roof and two walls in one colour) covers its
// silhouette exactly once at every zoom: walls meet the roof and each
// other without seams or overlaps.
func TestSeamFreeBlock(t *testing.T) {
	bg := color.RGBA{0, 0, 0, 255}
	c := color.RGBA{100, 60, 20, 160}
	once := blendOnce(c, bg)
	for _, p := range []Projection{{64, 32, 32}, {56, 32, 32}, {50, 18, 7}} {
		g, _ := NewDiamond(p, 6, 6)
		o, err := g.BlockObject(2, 1, 2, 3, 5, 41, c, c, c)
		if err != nil {
			t.Fatal(err)
		}
		faces := []Face{
			{Plane: PlaneXZ, I: 2, J: 4, Len: 2, Z0: 5, Z1: 41},
			{Plane: PlaneYZ, I: 4, J: 1, Len: 3, Z0: 5, Z1: 41},
			{Plane: PlaneXY, I: 2, J: 1, Len: 2, Wid: 3, Z0: 41},
		}
		for zoom := 1; zoom <= 3; zoom++ {
			cam := NewCamera(300, 260)
			cam.SetZoom(zoom)
			cam.Center = g.ToScreen(mathx.V3(3, 2.5, 0.5))
			pt := NewPainter(g, cam)
			dl := raster.NewDrawList()
			pt.Add(o)
			pt.Objects(dl, 0)
			frame, _ := raster.NewFrame(300, 260)
			frame.Clear(bg)
			dl.Draw(frame)
			inside := 0
			for sy := 0; sy < 260; sy++ {
				for sx := 0; sx < 300; sx++ {
					m := cam.ScreenToMapPixel(sx, sy).Sub(g.Origin())
					owned := false
					for _, f := range faces {
						owned = owned || p.FaceOwns(f, m.X, m.Y)
					}
					want := bg
					if owned {
						want = once
						inside++
					}
					if got := frame.RGBAAt(sx, sy); got != want {
						t.Fatalf("%+v zoom %d: (%d,%d) is %v, want %v", p, zoom, sx, sy, got, want)
					}
				}
			}
			if inside == 0 {
				t.Fatal("block not on screen")
			}
		}
	}
}

// character returns a small person sprite: body colour c, a head, and a
// dark outline, 12×28 pixels.
func character(c color.RGBA) *raster.Sprite {
	img := image.NewRGBA(image.Rect(0, 0, 12, 28))
	dark := color.RGBA{20, 20, 30, 255}
	skin := color.RGBA{230, 190, 150, 255}
	for y := 0; y < 28; y++ {
		for x := 0; x < 12; x++ {
			dx, dy := x-6, y-5
			switch {
			case dx*dx+dy*dy <= 16:
				img.SetRGBA(x, y, skin)
				if dx*dx+dy*dy >= 12 {
					img.SetRGBA(x, y, dark)
				}
			case y >= 9 && x >= 2 && x < 10:
				if x == 2 || x == 9 || y == 27 || y == 9 {
					img.SetRGBA(x, y, dark)
				} else {
					img.SetRGBA(x, y, c)
				}
			}
		}
	}
	return raster.MustSprite(img)
}

func checkerLayer(g *Grid, a, b color.RGBA) *TileLayer {
	l := &TileLayer{Tiles: make([]int32, g.Cols*g.Rows), Sprites: []*raster.Sprite{
		raster.MustSprite(TileImage(g.Proj, a)), raster.MustSprite(TileImage(g.Proj, b)),
	}}
	for row := 0; row < g.Rows; row++ {
		for col := 0; col < g.Cols; col++ {
			i, j := g.TileCell(col, row)
			l.Tiles[row*g.Cols+col] = int32((i + j) & 1)
		}
	}
	return l
}

type scene struct {
	name    string
	grid    *Grid
	layer   *TileLayer
	objects []Object
}

func renderScene(t *testing.T, s scene) *raster.Frame {
	t.Helper()
	cam := NewCamera(800, 480)
	cam.Limits = s.grid.Bounds()
	b := s.grid.Bounds()
	cam.Center = mathx.V2(float64(b.Min.X+b.Max.X)/2, float64(b.Min.Y+b.Max.Y)/2-40)
	cam.Clamp()
	pt := NewPainter(s.grid, cam)
	dl := raster.NewDrawList()
	if err := pt.Layer(dl, s.layer, 0); err != nil {
		t.Fatal(err)
	}
	for _, o := range s.objects {
		if err := pt.Add(o); err != nil {
			t.Fatal(err)
		}
	}
	pt.Objects(dl, 1)
	f, _ := raster.NewFrame(800, 480)
	f.Clear(color.RGBA{24, 26, 36, 255})
	dl.Draw(f)
	return f
}

var (
	grass1 = color.RGBA{92, 150, 70, 255}
	grass2 = color.RGBA{80, 136, 62, 255}
	stoneT = color.RGBA{190, 186, 170, 255}
	stoneL = color.RGBA{130, 126, 116, 255}
	stoneR = color.RGBA{160, 156, 144, 255}
	roofT  = color.RGBA{176, 70, 52, 255}
	wallL  = color.RGBA{200, 170, 120, 255}
	wallR  = color.RGBA{222, 196, 150, 255}
	brick  = color.RGBA{150, 80, 60, 255}
	brick2 = color.RGBA{120, 64, 50, 255}
)

func goldenScenes(t *testing.T) []scene {
	must := func(o Object, err error) Object {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return o
	}
	var out []scene
	// 1. Dimetric map: raised platform with a character on it, two long
	// walls, a 3×2 house with characters all around it.
	p, _ := Dimetric(64)
	g, _ := NewDiamond(p, 12, 12)
	red, blue, yellow, white := character(color.RGBA{200, 40, 40, 255}), character(color.RGBA{40, 80, 200, 255}), character(color.RGBA{220, 200, 40, 255}), character(color.RGBA{235, 235, 235, 255})
	objs := []Object{
		must(g.BlockObject(8, 2, 2, 2, 0, 16, stoneT, stoneL, stoneR)),
		must(g.WallObject(Face{Plane: PlaneXZ, I: 1, J: 1, Len: 7, Z0: 0, Z1: 48}, brick)),
		must(g.WallObject(Face{Plane: PlaneYZ, I: 1, J: 1, Len: 7, Z0: 0, Z1: 48}, brick2)),
		must(g.BlockObject(4, 5, 3, 2, 0, 40, roofT, wallL, wallR)),
		g.SpriteObject(red, mathx.V3(5.5, 4.6, 0), 0.2, 0.9),  // behind the house
		g.SpriteObject(blue, mathx.V3(5.0, 7.4, 0), 0.2, 0.9), // in front of it
		g.SpriteObject(yellow, mathx.V3(7.3, 6.0, 0), 0.2, 0.9),
		g.SpriteObject(white, mathx.V3(3.7, 6.0, 0), 0.2, 0.9),
		g.SpriteObject(red, mathx.V3(9.0, 3.0, 0.5), 0.2, 0.9),  // on the platform
		g.SpriteObject(blue, mathx.V3(3.0, 1.3, 0), 0.2, 0.9),   // in front of the long wall
		g.SpriteObject(yellow, mathx.V3(4.0, 0.6, 0), 0.2, 0.9), // behind it
	}
	out = append(out, scene{"dimetric", g, checkerLayer(g, grass1, grass2), objs})

	// 2. Staggered map (stagger axis y, odd rows shifted).
	sg, _ := NewStaggered(p, 11, 26, StaggerY, StaggerOdd)
	bi, bj := sg.TileCell(5, 12)
	ci, cj := sg.TileCell(3, 14)
	out = append(out, scene{"staggered", sg, checkerLayer(sg, color.RGBA{200, 180, 120, 255}, color.RGBA{180, 160, 104, 255}), []Object{
		must(sg.BlockObject(bi, bj, 2, 1, 0, 32, stoneT, stoneL, stoneR)),
		sg.SpriteObject(blue, mathx.V3(float64(bi)+1, float64(bj)-0.4, 0), 0.2, 0.9),
		sg.SpriteObject(red, mathx.V3(float64(bi)+1, float64(bj)+1.4, 0), 0.2, 0.9),
		sg.SpriteObject(white, mathx.V3(float64(ci)+0.5, float64(cj)+0.5, 0), 0.2, 0.9),
	}})

	// 3. True isometric map (56×32 tiles) with a tower and characters.
	ti, _ := TrueIsometric(32)
	tg, _ := NewDiamond(ti, 12, 12)
	out = append(out, scene{"trueiso", tg, checkerLayer(tg, color.RGBA{110, 130, 160, 255}, color.RGBA{96, 116, 146, 255}), []Object{
		must(tg.BlockObject(5, 5, 2, 2, 0, 72, stoneT, stoneL, stoneR)),
		must(tg.BlockObject(2, 8, 1, 1, 0, 16, roofT, wallL, wallR)),
		tg.SpriteObject(red, mathx.V3(2.5, 8.5, 0.5), 0.2, 0.9),
		tg.SpriteObject(yellow, mathx.V3(6, 4.6, 0), 0.2, 0.9),
		tg.SpriteObject(blue, mathx.V3(7.4, 6.5, 0), 0.2, 0.9),
	}})
	return out
}

// Golden images: pixel-exact renders of the three reference scenes.
// Regenerate with go test ./iso -run Golden -update.
func TestGoldenScenes(t *testing.T) {
	for _, s := range goldenScenes(t) {
		f := renderScene(t, s)
		path := filepath.Join("testdata", "golden_"+s.name+".png")
		if *update {
			if err := os.MkdirAll("testdata", 0o755); err != nil {
				t.Fatal(err)
			}
			if err := f.SavePNG(path); err != nil {
				t.Fatal(err)
			}
			continue
		}
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (run with -update to create it)", err)
		}
		img, err := png.Decode(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		want := image.NewRGBA(img.Bounds())
		draw.Draw(want, want.Bounds(), img, img.Bounds().Min, draw.Src)
		if want.Bounds() != f.Bounds() {
			t.Fatalf("%s: golden is %v, render %v", s.name, want.Bounds(), f.Bounds())
		}
		if !bytes.Equal(want.Pix, f.Pix) {
			diff := 0
			for i := range want.Pix {
				if want.Pix[i] != f.Pix[i] {
					diff++
				}
			}
			out := filepath.Join(t.TempDir(), s.name+".png")
			f.SavePNG(out)
			t.Errorf("%s: %d bytes differ from %s (render saved to %s)", s.name, diff, path, out)
		}
	}
}

// The golden dimetric scene's draw order: characters behind the house
// and the wall are drawn before them, the others after.
func TestGoldenSceneOrder(t *testing.T) {
	s := goldenScenes(t)[0]
	sorter := NewSorter(s.grid.Proj)
	for _, o := range s.objects {
		sorter.Add(o.Box)
	}
	pos := make([]int, len(s.objects))
	for k, it := range sorter.Sort() {
		pos[it] = k
	}
	const platform, wallX, wallY, house = 0, 1, 2, 3
	checks := []struct {
		a, b int
		what string
	}{
		{4, house, "red behind the house"},
		{house, 5, "blue in front of the house"},
		{house, 6, "yellow right of the house"},
		{7, house, "white left of (behind) the house"},
		{platform, 8, "red on the platform"},
		{wallX, 9, "blue in front of the long wall"},
		{10, wallX, "yellow behind the long wall"},
		{wallY, house, "side wall behind the house"},
	}
	for _, c := range checks {
		if pos[c.a] >= pos[c.b] {
			t.Errorf("%s: order %v", c.what, pos)
		}
	}
}

func TestPainterErrorsAndCulling(t *testing.T) {
	g, _ := NewDiamond(Projection{64, 32, 32}, 4, 4)
	cam := NewCamera(100, 100)
	pt := NewPainter(g, cam)
	dl := raster.NewDrawList()
	if err := pt.Layer(dl, &TileLayer{Tiles: make([]int32, 3)}, 0); err == nil {
		t.Error("short layer accepted")
	}
	if err := pt.Add(Object{Box: Box{Min: mathx.V3(1, 0, 0), Max: mathx.V3(0, 1, 1)}}); err == nil {
		t.Error("bad box accepted")
	}
	far := g.SpriteObject(character(color.RGBA{255, 0, 0, 255}), mathx.V3(100, 100, 0), 0.2, 1)
	pt.Add(far)
	if n := pt.Objects(dl, 0); n != 0 || dl.Len() != 0 {
		t.Errorf("off-screen object drawn: %d keys, %d commands", n, dl.Len())
	}
	if _, err := g.BlockObject(0, 0, 0, 1, 0, 10, stoneT, stoneL, stoneR); err == nil {
		t.Error("empty block accepted")
	}
	if _, err := g.WallObject(Face{Plane: PlaneXY, Len: 1, Wid: 1}, brick); err == nil {
		t.Error("floor accepted as wall")
	}
	if _, err := FaceImage(g.Proj, Face{Plane: PlaneXZ, Len: 1, Z0: 5, Z1: 5}, brick); err == nil {
		t.Error("empty face accepted")
	}
}

// Steady-state frame building (cull, layer, sort, emit) allocates nothing.
func TestPainterDoesNotAllocate(t *testing.T) {
	s := goldenScenes(t)[0]
	cam := NewCamera(800, 480)
	cam.Center = mathx.V2(400, 200)
	pt := NewPainter(s.grid, cam)
	dl := raster.NewDrawList()
	frame := func() {
		dl.Reset()
		pt.Layer(dl, s.layer, 0)
		for _, o := range s.objects {
			pt.Add(o)
		}
		pt.Objects(dl, 1)
	}
	frame()
	if n := testenv.AllocsOver(50, frame); n != 0 {
		t.Fatalf("%v allocations in 50 frames", n)
	}
}

// A layer with per-tile elevation draws each tile lifted by its pixels,
// and culling keeps lifted tiles that rise into the view.
func TestLayerElevation(t *testing.T) {
	p := Projection{32, 16, 16}
	g, _ := NewDiamond(p, 6, 6)
	c := color.RGBA{10, 200, 30, 255}
	l := solidLayer(g, c)
	l.Elevation = make([]int16, 36)
	l.Elevation[2*6+3] = 40 // tile (3, 2) lifted 40 pixels
	cam := NewCamera(200, 140)
	b := g.Bounds()
	cam.Center = mathx.V2(float64(b.Dx())/2, float64(b.Dy())/2)
	pt := NewPainter(g, cam)
	dl := raster.NewDrawList()
	if err := pt.Layer(dl, l, 0); err != nil {
		t.Fatal(err)
	}
	f, _ := raster.NewFrame(200, 140)
	dl.Draw(f)
	// The lifted tile's own centre pixel, 40 pixels up.
	tb := g.TileBounds(3, 2, 40)
	s := cam.MapPixelToScreen(mathx.Pt(tb.Min.X+p.TileW/2, tb.Min.Y+p.TileH/2))
	if got := f.RGBAAt(s.X, s.Y); got != c {
		t.Fatalf("lifted tile not drawn at %v: %v", s, got)
	}
	// Where it was, now a hole (nothing else covers the pixel there).
	tb0 := g.TileBounds(3, 2, 0)
	s0 := cam.MapPixelToScreen(mathx.Pt(tb0.Min.X+p.TileW/2, tb0.Min.Y+p.TileH/2))
	if got := f.RGBAAt(s0.X, s0.Y); got.A != 0 {
		t.Fatalf("lifted tile still drawn at ground level: %v", got)
	}
	// Culling: a view just above the map's top edge still gets the tile
	// whose elevation brings it into view.
	var vis []Tile
	vis = g.AppendVisible(vis, mathx.R(0, -60, b.Max.X, -1), Overdraw{Up: 40})
	if len(vis) == 0 {
		t.Fatal("overdraw margin culls everything")
	}
}

// One frame's draw-list building on a 1000×1000 map seen through an
// 800×480 camera: cull and emit the ground layer, cull, sort and emit 2000
// characters spread over the whole map (those on screen survive culling).
func BenchmarkPainterFrame(b *testing.B) {
	p := Projection{64, 32, 32}
	g, _ := NewDiamond(p, 1000, 1000)
	layer := checkerLayer(g, grass1, grass2)
	hero := character(color.RGBA{200, 40, 40, 255})
	r := mathx.NewRand(5)
	var objs []Object
	for k := 0; k < 2000; k++ {
		objs = append(objs, g.SpriteObject(hero, mathx.V3(r.Range(480, 520), r.Range(480, 520), 0), 0.2, 0.9))
	}
	cam := NewCamera(800, 480)
	cam.Limits = g.Bounds()
	cam.Center = g.ToScreen(mathx.V3(500, 500, 0))
	pt := NewPainter(g, cam)
	dl := raster.NewDrawList()
	b.ReportAllocs()
	for b.Loop() {
		dl.Reset()
		pt.Layer(dl, layer, 0)
		for _, o := range objs {
			pt.Add(o)
		}
		pt.Objects(dl, 1)
	}
	b.ReportMetric(float64(dl.Len()), "commands")
}
