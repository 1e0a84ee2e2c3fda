package level

import (
	"bytes"
	"diorama/scene"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"io/fs"
	"math"
	"os"
	"path"
	"strings"
	"testing"
	"testing/fstest"

	"diorama/iso"
	"diorama/mathx"
	"diorama/raster"
	"diorama/raster/rastertest"
	"diorama/scene/tiled"
)

// flatTilesetImage draws testdata/flat.png: twelve 32×48 cells, 4
// columns. Row 0: pointy-top hexagons (32×28, sides of 14 on the y axis)
// of grass, water and sand, and a tree on grass; row 1: the same as
// flat-top hexagons (sides of 14 on the x axis); row 2: 32×32 squares and
// a tree for orthogonal maps. Each shape stands on the bottom of its cell
// and has a darker outline and a checker, so positions, flips and overlaps
// show.
func flatTilesetImage() *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, 128, 144))
	pointy := []mathx.Vec2{{X: 16, Y: 0}, {X: 32, Y: 7}, {X: 32, Y: 21}, {X: 16, Y: 28}, {X: 0, Y: 21}, {X: 0, Y: 7}}
	flat := []mathx.Vec2{{X: 0, Y: 14}, {X: 9, Y: 0}, {X: 23, Y: 0}, {X: 32, Y: 14}, {X: 23, Y: 28}, {X: 9, Y: 28}}
	square := []mathx.Vec2{{X: 0, Y: 0}, {X: 32, Y: 0}, {X: 32, Y: 32}, {X: 0, Y: 32}}
	colors := []color.NRGBA{{70, 160, 60, 255}, {50, 90, 200, 255}, {210, 190, 110, 255}, {70, 160, 60, 255}}
	for row, shape := range [][]mathx.Vec2{pointy, flat, square} {
		h := 28
		if row == 2 {
			h = 32
		}
		for k, c := range colors {
			ox, oy := 32*k, 48*row+48-h
			in := func(x, y int) bool {
				return x >= 0 && y >= 0 && x < 32 && y < h && inConvex(shape, mathx.V2(float64(x)+0.5, float64(y)+0.5))
			}
			for y := 0; y < h; y++ {
				for x := 0; x < 32; x++ {
					if !in(x, y) {
						continue
					}
					px := c
					switch {
					case !in(x-1, y) || !in(x+1, y) || !in(x, y-1) || !in(x, y+1):
						px = color.NRGBA{c.R / 3, c.G / 3, c.B / 3, 255}
					case (x/4+y/4)%2 == 0:
						px = color.NRGBA{c.R * 4 / 5, c.G * 4 / 5, c.B * 4 / 5, 255}
					}
					img.SetNRGBA(ox+x, oy+y, px)
				}
			}
			if k != 3 {
				continue
			}
			// A tree standing on the middle of the tile: trunk and a round
			// canopy with a half-transparent rim reaching above the cell's
			// shape.
			cx, base := ox+16, oy+h/2+4
			for y := 48 * row; y < base; y++ {
				for x := ox; x < ox+32; x++ {
					dx, dy := x-cx, y-(48*row+14)
					switch d := dx*dx + dy*dy; {
					case d < 10*10:
						img.SetNRGBA(x, y, color.NRGBA{30, 110, 40, 255})
					case d < 12*12:
						img.SetNRGBA(x, y, color.NRGBA{30, 110, 40, 128})
					case x >= cx-2 && x < cx+2 && y >= 48*row+24:
						img.SetNRGBA(x, y, color.NRGBA{110, 70, 30, 255})
					}
				}
			}
		}
	}
	return img
}

// inConvex reports whether p is strictly inside the convex polygon.
func inConvex(poly []mathx.Vec2, p mathx.Vec2) bool {
	sign := 0.0
	for k := range poly {
		a, b := poly[k], poly[(k+1)%len(poly)]
		c := (b.X-a.X)*(p.Y-a.Y) - (b.Y-a.Y)*(p.X-a.X)
		if c == 0 {
			return false
		}
		if sign == 0 {
			sign = math.Copysign(1, c)
		} else if math.Copysign(1, c) != sign {
			return false
		}
	}
	return true
}

// TestFlatTilesetImage keeps testdata/flat.png equal to what
// flatTilesetImage draws (rewritten with -update).
func TestFlatTilesetImage(t *testing.T) { checkTestdataPNG(t, "testdata/flat.png", flatTilesetImage()) }

// layoutFS returns testdata's tilesets and maps, with map name's text
// rewritten by the old/new pairs of edit (to make variants of a map).
func layoutFS(t *testing.T, name string, edit ...string) fs.FS {
	t.Helper()
	fsys := fstest.MapFS{}
	for _, f := range []string{"tiles.tsx", "tiles.png", "flat.tsx", "flat.png", name} {
		data, err := os.ReadFile(path.Join("testdata", f))
		if err != nil {
			t.Fatal(err)
		}
		if f == name {
			s := string(data)
			for k := 0; k+1 < len(edit); k += 2 {
				if !strings.Contains(s, edit[k]) {
					t.Fatalf("%s has no %q", name, edit[k])
				}
				s = strings.ReplaceAll(s, edit[k], edit[k+1])
			}
			data = []byte(s)
		}
		fsys[f] = &fstest.MapFile{Data: data}
	}
	return fsys
}

// chunkRegion is the rectangle of tiles an infinite map's chunks span
// (the whole map for a finite one), computed from the loaded map.
func chunkRegion(m *tiled.Map) image.Rectangle {
	if !m.Infinite {
		return image.Rect(0, 0, m.Width, m.Height)
	}
	var r image.Rectangle
	for _, l := range m.Flatten() {
		for _, c := range l.Chunks {
			r = r.Union(image.Rect(c.X, c.Y, c.X+c.Width, c.Y+c.Height))
		}
	}
	return r
}

// checkAgainstTiledLayout renders the tile layers of map name (in fsys)
// with the engine and, independently, with image/draw at the positions
// and in the order scene/tiled's Layout says Tiled uses (ImageTopLeft,
// DrawOrder over the map's tiles or its chunks' region), and requires the
// two to be identical pixel for pixel. The engine's map pixels are
// Tiled's screen coordinates moved so that the region's first tile is the
// grid's tile (0, 0): for a finite map they must be Tiled's exactly.
func checkAgainstTiledLayout(t *testing.T, fsys fs.FS, name string) {
	t.Helper()
	m, err := tiled.Load(fsys, name)
	if err != nil {
		t.Fatal(err)
	}
	w, err := BuildTiled(fsys, m, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range w.AppendEntities(nil, 0) {
		if !w.Remove(e) {
			t.Fatal("not removed")
		}
	}
	got := renderWorld(t, w, 16)
	b := w.Grid.Bounds()
	cam := iso.NewCamera(got.W(), got.H())
	cam.Center = mathx.V2(float64(b.Min.X+b.Max.X)/2, float64(b.Min.Y+b.Max.Y)/2-16)
	o := cam.Origin()
	region := chunkRegion(m)
	if region.Dx() != w.Grid.Cols || region.Dy() != w.Grid.Rows {
		t.Fatalf("grid %d×%d for a region of %v", w.Grid.Cols, w.Grid.Rows, region)
	}
	lay := m.Layout()
	tb := w.Grid.TileBounds(0, 0, 0)
	dp := lay.TileDrawPos(region.Min.X, region.Min.Y)
	delta := image.Pt(int(dp.X)-tb.Min.X, int(dp.Y)-tb.Max.Y)
	if !m.Infinite && delta != (image.Point{}) {
		t.Fatalf("engine map pixels are Tiled's moved by %v", delta)
	}
	want := image.NewRGBA(image.Rect(0, 0, got.W(), got.H()))
	draw.Draw(want, want.Rect, image.NewUniform(color.RGBA{24, 24, 32, 255}), image.Point{}, draw.Src)
	images := map[string]*image.RGBA{}
	drawn := 0
	for _, l := range m.Flatten() {
		if l.Kind != tiled.TileLayer {
			continue
		}
		lay.DrawOrder(region.Min.X, region.Min.Y, region.Dx(), region.Dy(), func(x, y int) {
			gid := l.At(x, y)
			if gid.Empty() {
				return
			}
			ts, local, _ := m.TileFor(gid)
			src := images[ts.Image.Source]
			if src == nil {
				data, err := fs.ReadFile(fsys, ts.Image.Source)
				if err != nil {
					t.Fatal(err)
				}
				img, err := png.Decode(bytes.NewReader(data))
				if err != nil {
					t.Fatal(err)
				}
				src = toRGBA(img)
				images[ts.Image.Source] = src
			}
			r, _ := ts.SourceRect(local)
			tile := orient(src, r, gid.Flags())
			tl := lay.ImageTopLeft(x, y, tile.Rect.Dx(), tile.Rect.Dy(), ts.TileOffset)
			at := image.Pt(int(tl.X)-delta.X-o.X, int(tl.Y)-delta.Y-o.Y)
			draw.Draw(want, tile.Rect.Add(at), tile, image.Point{}, draw.Over)
			drawn++
		})
	}
	if drawn == 0 {
		t.Fatal("nothing drawn")
	}
	if n, first := rastertest.Diff(got, want); n != 0 {
		t.Fatalf("%d pixels differ from Tiled's layout, first %s", n, first)
	}
}

// Orthogonal maps in every render order (tall and wide images overlap
// their neighbours, so the order shows), oblique ones sheared either way, hexagonal maps on both stagger
// axes and indices (with odd sides and tile sizes too), and infinite maps (chunks at negative coordinates,
// starting on an odd row of a hexagonal map) match Tiled's layout.
func TestTiledLayersMatchTiledLayoutAllOrientations(t *testing.T) {
	cases := []struct {
		name string
		edit []string
	}{
		{"ortho.tmx", nil},
		{"ortho.tmx", []string{`renderorder="right-down"`, `renderorder="right-up"`}},
		{"ortho.tmx", []string{`renderorder="right-down"`, `renderorder="left-down"`}},
		{"ortho.tmx", []string{`renderorder="right-down"`, `renderorder="left-up"`}},
		// oblique (Tiled 1.12): the orthogonal grid sheared both ways
		{"ortho.tmx", []string{`orientation="orthogonal"`, `orientation="oblique" skewx="12" skewy="5"`}},
		{"ortho.tmx", []string{`orientation="orthogonal"`, `orientation="oblique" skewx="-9" skewy="-16"`, `renderorder="right-down"`, `renderorder="left-up"`}},
		{"infinite_ortho.tmx", []string{`orientation="orthogonal"`, `orientation="oblique" skewx="10" skewy="-6"`}},
		{"hex.tmx", nil},
		{"hex.tmx", []string{`staggerindex="odd"`, `staggerindex="even"`}},
		{"hex.tmx", []string{`staggeraxis="y"`, `staggeraxis="x"`, `tilewidth="32" tileheight="28"`, `tilewidth="32" tileheight="26"`}},
		{"hex.tmx", []string{`staggeraxis="y" staggerindex="odd"`, `staggeraxis="x" staggerindex="even"`}},
		{"hex.tmx", []string{`hexsidelength="14"`, `hexsidelength="0"`}},
		// odd sides and odd tiles, rounded as Tiled 1.10.1 and later do
		{"hex.tmx", []string{`hexsidelength="14"`, `hexsidelength="13"`}},
		{"hex.tmx", []string{`tilewidth="32" tileheight="28"`, `tilewidth="33" tileheight="27"`, `hexsidelength="14"`, `hexsidelength="9"`}},
		{"hex_x.tmx", []string{`hexsidelength="14"`, `hexsidelength="15"`}},
		{"hex_x.tmx", nil},
		{"hex_x.tmx", []string{`staggerindex="even"`, `staggerindex="odd"`, `hexsidelength="14"`, `hexsidelength="20"`}},
		{"infinite_ortho.tmx", nil},
		{"infinite_ortho.tmx", []string{`renderorder="left-up"`, `renderorder="right-down"`}},
		{"infinite_hex.tmx", nil},
		{"infinite_hex.tmx", []string{`staggeraxis="y"`, `staggeraxis="x"`}},
		{"infinite_hex.tmx", []string{`staggeraxis="y"`, `staggeraxis="x"`, `chunk x="-2"`, `chunk x="-3"`}},
		{"infinite_hex.tmx", []string{`staggeraxis="y" staggerindex="odd"`, `staggeraxis="x" staggerindex="even"`, `chunk x="-2"`, `chunk x="-3"`}},
		{"infinite_hex.tmx", []string{`orientation="hexagonal"`, `orientation="staggered"`, `tilewidth="32" tileheight="28"`, `tilewidth="32" tileheight="16"`}},
		{"infinite_hex.tmx", []string{`orientation="hexagonal"`, `orientation="isometric"`}},
	}
	for _, c := range cases {
		t.Run(c.name+strings.Join(c.edit, ","), func(t *testing.T) {
			checkAgainstTiledLayout(t, layoutFS(t, c.name, c.edit...), c.name)
		})
	}
}

func TestBuildTiledOrthogonal(t *testing.T) {
	w, err := LoadTiled(os.DirFS("testdata"), "ortho.tmx", Options{})
	if err != nil {
		t.Fatal(err)
	}
	g := w.Grid
	if g.Layout != iso.Orthogonal || g.Order != iso.RightDown || g.Cols != 10 || g.Rows != 7 || len(w.Layers) != 3 {
		t.Fatalf("grid %+v, %d layers", g, len(w.Layers))
	}
	if tw, th := g.TileSize(); tw != 32 || th != 32 {
		t.Fatalf("tile size %d×%d", tw, th)
	}
	// Orthogonal object space is map pixels; a world unit is one tile.
	checkEntity(t, w, "hero", scene.Character, 3.5, 4.5)
	checkEntity(t, w, "grunt", scene.Character, 7.5, 2.5)
	checkEntity(t, w, "oak", scene.Object, 5.5, 3) // feet: bottom centre of the image at (160,96)
	med := checkEntity(t, w, "medkit", scene.Pickup, 8.25, 5.25)
	if extentOf(w, med) != mathx.V2(0.25, 0.25) {
		t.Errorf("medkit extent %v", extentOf(w, med))
	}
	gate := checkEntity(t, w, "gate", scene.Trigger, 1, 6.5)
	if extentOf(w, gate) != mathx.V2(1, 0.5) {
		t.Errorf("gate extent %v", extentOf(w, gate))
	}
	checkEntity(t, w, "start", scene.SpawnPoint, 1.5, 1.5)
	// Walls: the tree row (0..2, 0) merges; tree (8, 4) and the cube (6, 1)
	// stand alone.
	if n := w.Phys.WallCount(); n != 3 {
		t.Fatalf("%d walls, want 3", n)
	}
	walls := map[mathx.AABB]bool{}
	for k := 0; k < 3; k++ {
		walls[w.Phys.Wall(k)] = true
	}
	for _, want := range []mathx.AABB{{Max: mathx.V2(3, 1)}, {Min: mathx.V2(8, 4), Max: mathx.V2(9, 5)}, {Min: mathx.V2(6, 1), Max: mathx.V2(7, 2)}} {
		if !walls[want] {
			t.Errorf("no wall %v in %v", want, walls)
		}
	}
	// A character's facing is measured on screen: east on an orthogonal
	// map is straight right.
	screenHeading := func(a float64) float64 {
		v := w.Grid.ScreenVec(mathx.Vec3{X: math.Cos(a), Y: math.Sin(a)})
		return math.Atan2(v.Y, v.X)
	}
	if a := screenHeading(0); a != 0 {
		t.Errorf("screen heading of east %v", a)
	}
	if a := screenHeading(math.Pi / 2); math.Abs(a-math.Pi/2) > 1e-12 {
		t.Errorf("screen heading of south %v", a)
	}
	setup, opt := goldenLooks(t)
	gw := buildWithLooks(t, "ortho.tmx", setup, opt)
	rastertest.Golden(t, "testdata/golden_ortho.png", renderWorld(t, gw, 16), *update)
}

func TestBuildTiledHexagonal(t *testing.T) {
	w, err := LoadTiled(os.DirFS("testdata"), "hex.tmx", Options{})
	if err != nil {
		t.Fatal(err)
	}
	g := w.Grid
	if g.Layout != iso.Hexagonal || g.Axis != iso.StaggerY || g.Index != iso.StaggerOdd || g.HexSide != 14 || g.Cols != 9 || g.Rows != 8 {
		t.Fatalf("grid %+v", g)
	}
	// Hexagonal object space is map pixels: the hero stands on the centre
	// of tile (3, 2), the grunt on the centre of (5, 5), the start on (1, 1).
	for _, c := range []struct {
		name     string
		kind     scene.Kind
		col, row int
	}{{"hero", scene.Character, 3, 2}, {"grunt", scene.Character, 5, 5}, {"start", scene.SpawnPoint, 1, 1}} {
		ctr := g.TileCenter(c.col, c.row, 0)
		checkEntity(t, w, c.name, c.kind, ctr.X, ctr.Y)
		if col, row, ok := g.Pick(g.ToScreen(w.Pos(entityAt(t, w, c.name))), 0); !ok || col != c.col || row != c.row {
			t.Errorf("%s picks tile %d,%d", c.name, col, row)
		}
	}
	// The oak's feet: the bottom centre of its image, (80, 112).
	oak := g.ToWorld(mathx.V2(80, 112), 0)
	checkEntity(t, w, "oak", scene.Object, oak.X, oak.Y)
	// Solid trees are walls on their tiles' world cells (merged where
	// cells touch: trees (5,3) and (5,4) are cells (7,−4) and (7,−3)).
	trees := map[[2]int]bool{{0, 0}: true, {1, 0}: true, {5, 3}: true, {5, 4}: true, {8, 2}: true}
	if n := w.Phys.WallCount(); n != 4 {
		t.Fatalf("%d walls, want 4", n)
	}
	cells := 0
	for k := 0; k < w.Phys.WallCount(); k++ {
		b := w.Phys.Wall(k)
		for i := int(b.Min.X); i < int(b.Max.X); i++ {
			for j := int(b.Min.Y); j < int(b.Max.Y); j++ {
				col, row := g.CellTile(i, j)
				if !trees[[2]int{col, row}] {
					t.Errorf("wall %d %v covers tile (%d,%d)", k, b, col, row)
				}
				cells++
			}
		}
	}
	if cells != 5 {
		t.Errorf("walls cover %d cells, want 5", cells)
	}
	setup, opt := goldenLooks(t)
	gw := buildWithLooks(t, "hex.tmx", setup, opt)
	rastertest.Golden(t, "testdata/golden_hex.png", renderWorld(t, gw, 16), *update)
}

// Infinite maps become a bounded grid over their chunks' region: tile
// (x, y) of the map is grid tile (x − minX, y − minY), and objects land
// on the same tiles.
func TestBuildTiledInfinite(t *testing.T) {
	for _, c := range []struct {
		name         string
		cols, rows   int
		minX, minY   int
		heroX, heroY int // the map tile the hero stands on
		index        iso.StaggerIndex
	}{
		{"infinite_ortho.tmx", 8, 8, -4, -4, -3, -2, iso.StaggerOdd},
		// The region starts on row −3 (odd): the grid's even rows are the
		// shifted ones.
		{"infinite_hex.tmx", 6, 6, -2, -3, 1, -1, iso.StaggerEven},
	} {
		m, err := tiled.Load(os.DirFS("testdata"), c.name)
		if err != nil {
			t.Fatal(err)
		}
		w, err := BuildTiled(os.DirFS("testdata"), m, Options{})
		if err != nil {
			t.Fatal(err)
		}
		g := w.Grid
		if g.Cols != c.cols || g.Rows != c.rows || (g.Layout == iso.Hexagonal && g.Index != c.index) {
			t.Fatalf("%s: grid %+v", c.name, g)
		}
		ground := m.Flatten()[0]
		for row := 0; row < g.Rows; row++ {
			for col := 0; col < g.Cols; col++ {
				gid := ground.At(col+c.minX, row+c.minY)
				if si := w.Layers[0].Tiles[row*g.Cols+col]; (si < 0) != gid.Empty() {
					t.Fatalf("%s: grid tile %d,%d sprite %d, map GID %v", c.name, col, row, si, gid)
				}
			}
		}
		ctr := g.TileCenter(c.heroX-c.minX, c.heroY-c.minY, 0)
		checkEntity(t, w, "hero", scene.Character, ctr.X, ctr.Y)
	}
}

// BenchmarkRenderLayoutsLayer measures rendering the orthogonal and
// hexagonal test maps (tile layers and objects) into a draw list.
func BenchmarkRenderLayoutsLayer(b *testing.B) {
	for _, name := range []string{"ortho.tmx", "hex.tmx"} {
		b.Run(name, func(b *testing.B) {
			w, err := LoadTiled(os.DirFS("testdata"), name, Options{})
			if err != nil {
				b.Fatal(err)
			}
			cam := iso.NewCamera(800, 480)
			pt := iso.NewPainter(w.Grid, cam)
			dl := raster.NewDrawList()
			b.ReportAllocs()
			for b.Loop() {
				dl.Reset()
				if _, err := w.Render(dl, pt, 1); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(dl.Len()), "commands")
		})
	}
}

// On an orthogonal map things are drawn by the y of their feet, as Tiled
// draws objects top-down: a figure whose feet are just above the oak's is
// hidden by the oak where they overlap, one just below it covers the oak.
// On a hexagonal map the same holds along screen y. (An entity on no
// layer would be drawn above every layer instead.)
func TestTiledGroundLineDepth(t *testing.T) {
	for _, c := range []struct {
		name string
		oak  mathx.Vec2 // the oak's feet in map pixels
	}{{"ortho.tmx", mathx.V2(176, 96)}, {"hex.tmx", mathx.V2(80, 112)}} {
		for _, dy := range []float64{-3, 3} {
			w, err := LoadTiled(os.DirFS("testdata"), c.name, Options{})
			if err != nil {
				t.Fatal(err)
			}
			img := image.NewRGBA(image.Rect(0, 0, 16, 16))
			draw.Draw(img, img.Rect, image.NewUniform(color.RGBA{255, 0, 0, 255}), image.Point{}, draw.Src)
			id, err := w.Looks().Add(&scene.Look{Sprite: raster.MustSprite(img)})
			if err != nil {
				t.Fatal(err)
			}
			feet := w.Grid.ToWorld(c.oak.Add(mathx.V2(0, dy)), 0)
			// On the objects' layer, the figure sorts with the oak.
			if _, err := w.Create(scene.EntityDef{Kind: scene.Object, Name: "figure", Pos: feet, Look: id, DrawLayer: "things"}); err != nil {
				t.Fatal(err)
			}
			fr := renderWorld(t, w, 16)
			b := w.Grid.Bounds()
			cam := iso.NewCamera(fr.W(), fr.H())
			cam.Center = mathx.V2(float64(b.Min.X+b.Max.X)/2, float64(b.Min.Y+b.Max.Y)/2-16)
			o := cam.Origin()
			// A pixel of the oak's opaque ground shape, under the figure.
			px := fr.RGBAAt(int(c.oak.X)-o.X, int(c.oak.Y)-6-o.Y)
			red := px == color.RGBA{255, 0, 0, 255}
			if red != (dy > 0) {
				t.Errorf("%s: figure %v px below the oak's feet: pixel %v", c.name, dy, px)
			}
		}
	}
}
