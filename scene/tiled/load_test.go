package tiled

import (
	"image"
	"image/color"
	"os"
	"reflect"
	"strings"
	"testing"
	"time"

	"diorama/mathx"
	"diorama/props"
)

var testFS = os.DirFS("testdata")

func mustLoad(t testing.TB, name string) *Map {
	t.Helper()
	m, err := Load(testFS, name)
	if err != nil {
		t.Fatalf("Load(%s): %v", name, err)
	}
	return m
}

// The 4×3 grid every orthogonal test layer stores, with flags.
var orthoGrid = []GID{
	1, 2 | GID(FlipHorizontal), 3 | GID(FlipVertical), 4 | GID(FlipDiagonal),
	5 | GID(FlipHorizontal|FlipVertical|FlipDiagonal), 6, 7, 8,
	0, 9, 11, 14,
}

func TestOrthoMapHeader(t *testing.T) {
	for _, name := range []string{"ortho.tmx", "ortho.tmj"} {
		m := mustLoad(t, name)
		if m.File != name || m.Version != "1.10" || m.TiledVersion != "1.10.2" || m.Class != "level" {
			t.Errorf("%s: header %q %q %q %q", name, m.File, m.Version, m.TiledVersion, m.Class)
		}
		if m.Orientation != Orthogonal || m.RenderOrder != LeftUp || m.Width != 4 || m.Height != 3 ||
			m.TileWidth != 16 || m.TileHeight != 16 || m.Infinite {
			t.Errorf("%s: geometry %+v", name, m.Layout())
		}
		if m.Background != (color.NRGBA{0x11, 0x22, 0x33, 0x80}) {
			t.Errorf("%s: background %v", name, m.Background)
		}
		if m.ParallaxOrigin != (mathx.Vec2{X: 5, Y: -6}) || m.NextLayerID != 20 || m.NextObjectID != 30 {
			t.Errorf("%s: %v %d %d", name, m.ParallaxOrigin, m.NextLayerID, m.NextObjectID)
		}
	}
}

func TestOrthoProperties(t *testing.T) {
	for _, name := range []string{"ortho.tmx", "ortho.tmj"} {
		ps := mustLoad(t, name).Properties
		if len(ps) != 9 {
			t.Fatalf("%s: %d properties", name, len(ps))
		}
		check := func(cond bool, what string) {
			t.Helper()
			if !cond {
				t.Errorf("%s: %s", name, what)
			}
		}
		check(ps[0].Name == "title" && ps[0].Type == props.StringType && ps.String("title", "") == "Ortho test", "title")
		check(ps.Int("level", 0) == 3 && ps.Float("level", 0) == 3, "level int")
		check(ps.Float("gravity", 0) == 9.81, "gravity float")
		check(ps.Bool("dark", false), "dark bool")
		check(ps.Color("tint", color.NRGBA{}) == color.NRGBA{0x33, 0x66, 0x99, 0xff}, "tint color")
		p, _ := ps.Get("music")
		check(p.Type == props.FileType && p.Value == "audio/theme.ogg", "music file "+p.Value)
		p, _ = ps.Get("boss")
		check(p.Type == props.ObjectType && p.Int == 12, "boss object")
		check(ps.String("notes", "") == "line one\nline two", "multi-line string")
		check(ps.String("missing", "def") == "def" && ps.Int("title", 7) == 7, "defaults")
		sp, _ := ps.Get("spawn")
		check(sp.Type == props.ClassType && sp.CustomType == "Spawn" && len(sp.Members) == 3, "spawn class")
		check(sp.Members.Int("count", 0) == 4 && sp.Members[0].Type == props.IntType, "spawn.count")
		check(sp.Members.String("kind", "") == "orc", "spawn.kind")
		area, ok := sp.Members.Get("area")
		check(ok && area.Type == props.ClassType && area.Members.Float("radius", 0) == 2.5, "spawn.area.radius")
	}
}

func TestOrthoTilesets(t *testing.T) {
	for _, name := range []string{"ortho.tmx", "ortho.tmj"} {
		m := mustLoad(t, name)
		if len(m.Tilesets) != 2 {
			t.Fatalf("%s: %d tilesets", name, len(m.Tilesets))
		}
		a, c := m.Tilesets[0], m.Tilesets[1]
		if a.FirstGID != 1 || a.Name != "atlas" || a.Spacing != 2 || a.Margin != 1 || a.TileCount != 8 ||
			a.Columns != 4 || a.ObjectAlignment != "topleft" || a.TileOffset != (mathx.Point{X: 3, Y: -4}) || a.Source != "" {
			t.Errorf("%s: atlas %+v", name, a)
		}
		if noRef(*a.Image) != (Image{Source: "images/atlas.png", Trans: color.NRGBA{255, 0, 255, 255}, HasTrans: true, Width: 73, Height: 37}) {
			t.Errorf("%s: atlas image %+v", name, *a.Image)
		}
		if r, ok := a.SourceRect(5); !ok || r != image.Rect(19, 19, 35, 35) {
			t.Errorf("%s: SourceRect(5) = %v", name, r)
		}
		if _, ok := a.SourceRect(8); ok {
			t.Errorf("%s: SourceRect past the end", name)
		}
		if a.Properties.Bool("solid", true) {
			t.Errorf("%s: solid", name)
		}
		t1 := a.Tile(1)
		if t1 == nil || t1.Class != "wall" || t1.Probability != 0.5 || t1.Properties.Int("hp", 0) != 100 {
			t.Fatalf("%s: tile 1 %+v", name, t1)
		}
		og := t1.ObjectGroup
		if og == nil || og.DrawOrder != "index" || len(og.Objects) != 1 ||
			og.Objects[0].Shape != Rectangle || og.Objects[0].Y != 8 || og.Objects[0].Width != 16 || og.Objects[0].Height != 8 {
			t.Errorf("%s: tile 1 collision %+v", name, og)
		}
		t5 := a.Tile(5)
		want := []AnimationFrame{{5, 100 * time.Millisecond}, {6, 150 * time.Millisecond}, {7, 50 * time.Millisecond}}
		if t5 == nil || !reflect.DeepEqual(t5.Animation, want) {
			t.Fatalf("%s: animation %+v", name, t5)
		}
		for _, tc := range []struct {
			at   time.Duration
			want uint32
		}{{0, 5}, {99 * time.Millisecond, 5}, {100 * time.Millisecond, 6}, {249 * time.Millisecond, 6},
			{250 * time.Millisecond, 7}, {300 * time.Millisecond, 5}, {-10 * time.Millisecond, 7}} {
			if got := t5.AnimationFrame(tc.at); got != tc.want {
				t.Errorf("%s: frame at %v = %d, want %d", name, tc.at, got, tc.want)
			}
		}
		if a.Tile(0) != nil || a.Tile(2) != nil {
			t.Errorf("tile without data has data")
		}

		wantSrc := "tilesets/collection.tsx"
		if name == "ortho.tmj" {
			wantSrc = "tilesets/collection.tsj"
		}
		if c.FirstGID != 9 || c.Source != wantSrc || c.Name != "props" || !c.IsCollection() || len(c.Tiles) != 3 ||
			c.GridOrientation != "orthogonal" || c.TileWidth != 32 || c.TileHeight != 48 {
			t.Fatalf("%s: collection %+v", name, c)
		}
		if c.Tiles[0].ID != 0 || noRef(*c.Tiles[0].Image) != (Image{Source: "tilesets/img/tree.png", Width: 32, Height: 48}) {
			t.Errorf("%s: tree %+v", name, c.Tiles[0])
		}
		rock := c.Tile(2)
		if rock == nil || rock.Class != "rock" || !rock.Properties.Bool("heavy", false) || rock.Image.Source != "tilesets/img/rock.png" {
			t.Errorf("%s: rock %+v", name, rock)
		}
		// ../images/atlas.png from tilesets/ resolves inside the root.
		if r, ok := c.SourceRect(5); !ok || r != image.Rect(4, 8, 20, 24) || c.Tile(5).Image.Source != "images/atlas.png" {
			t.Errorf("%s: sub-rect tile %v %+v", name, r, c.Tile(5))
		}
		if r, ok := c.SourceRect(2); !ok || r != image.Rect(0, 0, 24, 16) {
			t.Errorf("%s: whole-image tile %v", name, r)
		}
		if _, ok := c.SourceRect(1); ok {
			t.Errorf("%s: gap tile has a rect", name)
		}
		// GID resolution.
		for _, tc := range []struct {
			g     GID
			ts    *Tileset
			local uint32
			ok    bool
		}{{1, a, 0, true}, {8, a, 7, true}, {2 | GID(FlipHorizontal), a, 1, true}, {9, c, 0, true},
			{11, c, 2, true}, {14, c, 5, true}, {0, nil, 0, false},
			// As in Tiled, a GID past a tileset's tiles still resolves to
			// it (a gap of the collection, or past its last tile); the
			// tile itself does not exist.
			{10, c, 1, true}, {15, c, 6, true}} {
			ts, local, ok := m.TileFor(tc.g)
			if ts != tc.ts || local != tc.local || ok != tc.ok {
				t.Errorf("%s: TileFor(%d) = %v %d %v", name, tc.g, ts != nil, local, ok)
			}
		}
		if a.Alignment(Isometric) != "topleft" || c.Alignment(Orthogonal) != "bottomleft" || c.Alignment(Isometric) != "bottom" {
			t.Errorf("alignment")
		}
	}
}

func TestOrthoTileLayersAllEncodings(t *testing.T) {
	for _, name := range []string{"ortho.tmx", "ortho.tmj"} {
		m := mustLoad(t, name)
		for _, ln := range []string{"csv", "xml", "base64", "zlib", "gzip", "zstd"} {
			l := m.LayerByName(ln)
			if l == nil || l.Kind != TileLayer || l.Width != 4 || l.Height != 3 {
				t.Fatalf("%s: layer %s: %+v", name, ln, l)
			}
			if !reflect.DeepEqual(l.Tiles, orthoGrid) {
				t.Errorf("%s: layer %s tiles %v", name, ln, l.Tiles)
			}
			// Flags cleared and exposed.
			g := l.At(1, 0)
			if g.ID() != 2 || g.Flags() != FlipHorizontal || !g.Flags().H() || g.Flags().V() {
				t.Errorf("%s/%s (1,0): id %d flags %#x", name, ln, g.ID(), g.Flags())
			}
			if g := l.At(2, 0); g.ID() != 3 || !g.Flags().V() || g.Flags().H() || g.Flags().D() {
				t.Errorf("%s/%s (2,0) %#x", name, ln, uint32(g))
			}
			if g := l.At(3, 0); g.ID() != 4 || !g.Flags().D() || g.Flags().Hex120() {
				t.Errorf("%s/%s (3,0) %#x", name, ln, uint32(g))
			}
			if g := l.At(0, 1); g.ID() != 5 || !g.Flags().Has(FlipHorizontal|FlipVertical|FlipDiagonal) {
				t.Errorf("%s/%s (0,1) %#x", name, ln, uint32(g))
			}
			if g := l.At(0, 2); !g.Empty() || l.At(4, 0) != 0 || l.At(-1, 0) != 0 || l.At(3, 2) != 14 {
				t.Errorf("%s/%s: empty/outside cells", name, ln)
			}
		}
		csv := m.LayerByName("csv")
		if csv.Class != "ground" || csv.Properties.Int("z", 0) != -1 || csv.ID != 1 || !csv.Visible || csv.Opacity != 1 {
			t.Errorf("%s: csv layer attributes %+v", name, csv)
		}
	}
}

func TestOrthoGroupsAndImageLayer(t *testing.T) {
	for _, name := range []string{"ortho.tmx", "ortho.tmj"} {
		m := mustLoad(t, name)
		outer := m.LayerByName("outer")
		if outer.Kind != GroupLayer || len(outer.Layers) != 3 || outer.Offset != (mathx.Vec2{X: 10, Y: 20}) ||
			outer.Opacity != 0.5 || !outer.HasTint || outer.Tint != (color.NRGBA{255, 128, 128, 255}) ||
			outer.Parallax != (mathx.Vec2{X: 0.5, Y: 2}) || outer.Properties.String("group", "") != "yes" {
			t.Fatalf("%s: outer %+v", name, outer)
		}
		inner := m.LayerByName("inner")
		if inner.TotalOffset != (mathx.Vec2{X: 11, Y: 22}) || inner.TotalOpacity != 0.25 || !inner.TotalVisible ||
			inner.TotalParallax != (mathx.Vec2{X: 0.25, Y: 2}) || inner.TotalTint != (color.NRGBA{255, 128, 128, 255}) {
			t.Errorf("%s: inner totals %v %v %v %v %v", name, inner.TotalOffset, inner.TotalOpacity, inner.TotalVisible, inner.TotalParallax, inner.TotalTint)
		}
		if inner.At(3, 2) != 1 {
			t.Errorf("%s: inner data", name)
		}
		deep := m.LayerByName("deep")
		if deep.TotalVisible || !deep.Visible || deep.TotalOffset != (mathx.Vec2{X: -90, Y: 20}) ||
			deep.TotalTint != (color.NRGBA{255, 128, 128, 128}) || deep.TotalOpacity != 0.5 {
			t.Errorf("%s: deep totals %v %v %v %v", name, deep.TotalVisible, deep.TotalOffset, deep.TotalTint, deep.TotalOpacity)
		}
		sky := m.LayerByName("sky")
		if sky.Kind != ImageLayer || !sky.RepeatX || sky.RepeatY || sky.Image == nil ||
			noRef(*sky.Image) != (Image{Source: "images/sky.png", Width: 320, Height: 200}) || sky.TotalOffset != (mathx.Vec2{X: 14, Y: 20}) {
			t.Errorf("%s: sky %+v", name, sky)
		}
		if top := m.LayerByName("csv"); top.TotalTint != white || top.TotalParallax != (mathx.Vec2{X: 1, Y: 1}) {
			t.Errorf("%s: top-level totals", name)
		}
		var names []string
		for _, l := range m.Flatten() {
			names = append(names, l.Name)
		}
		if strings.Join(names, ",") != "csv,xml,base64,zlib,gzip,zstd,inner,deep,sky,objects" {
			t.Errorf("%s: flatten %v", name, names)
		}
	}
}

func TestOrthoObjects(t *testing.T) {
	for _, name := range []string{"ortho.tmx", "ortho.tmj"} {
		m := mustLoad(t, name)
		og := m.LayerByName("objects")
		if og.Kind != ObjectGroup || og.Color != (color.NRGBA{0, 255, 0, 255}) || og.DrawOrder != "topdown" || len(og.Objects) != 7 {
			t.Fatalf("%s: objects %+v", name, og)
		}
		o := og.Objects
		if o[0].ID != 1 || o[0].Name != "box" || o[0].Class != "trigger" || o[0].Shape != Rectangle ||
			o[0].X != 16 || o[0].Y != 32.5 || o[0].Width != 48 || o[0].Height != 16 || o[0].Rotation != 45 ||
			o[0].Properties.Int("target", 0) != 3 || !o[0].Visible {
			t.Errorf("%s: box %+v", name, o[0])
		}
		if o[1].Shape != Ellipse || o[1].X != 8 || o[1].Width != 10 || o[1].Height != 20 {
			t.Errorf("%s: ellipse %+v", name, o[1])
		}
		if o[2].Shape != Point || o[2].Class != "spawn" || o[2].X != 40 || o[2].Y != 24 {
			t.Errorf("%s: point %+v", name, o[2])
		}
		if o[3].Shape != Polygon || !reflect.DeepEqual(o[3].Points, []mathx.Vec2{{X: 0, Y: 0}, {X: 32, Y: 0}, {X: 16, Y: -16.5}}) || o[3].X != 100 {
			t.Errorf("%s: polygon %+v", name, o[3])
		}
		if o[4].Shape != Polyline || o[4].Visible || len(o[4].Points) != 4 || o[4].Points[3] != (mathx.Vec2{X: 30, Y: 10}) {
			t.Errorf("%s: polyline %+v", name, o[4])
		}
		if o[5].Shape != TileShape || o[5].GID.ID() != 2 || o[5].GID.Flags() != FlipHorizontal || o[5].X != 64 || o[5].Y != 48 {
			t.Errorf("%s: tile object %+v", name, o[5])
		}
		tx := o[6].Text
		if o[6].Shape != TextShape || tx == nil || tx.Text != "Hello, Tiled" || tx.FontFamily != "Serif" || tx.PixelSize != 12 ||
			!tx.Wrap || tx.Color != (color.NRGBA{255, 0, 0, 255}) || !tx.Bold || tx.Italic || !tx.Kerning ||
			tx.HAlign != "center" || tx.VAlign != "bottom" {
			t.Errorf("%s: text %+v", name, tx)
		}
	}
}

// clearLines zeroes the unexported line fields so TMX and TMJ loads of the
// same map compare equal.
func clearLines(m *Map) {
	var layers func([]*Layer)
	layers = func(ls []*Layer) {
		for _, l := range ls {
			l.line = 0
			if l.Image != nil {
				*l.Image = noRef(*l.Image)
			}
			for _, o := range l.Objects {
				o.line = 0
			}
			layers(l.Layers)
		}
	}
	for _, ts := range m.Tilesets {
		ts.Line = 0
		if ts.Image != nil {
			*ts.Image = noRef(*ts.Image)
		}
		for i := range ts.Tiles {
			if img := ts.Tiles[i].Image; img != nil {
				*img = noRef(*img)
			}
			if og := ts.Tiles[i].ObjectGroup; og != nil {
				layers([]*Layer{og})
			}
		}
	}
	layers(m.Layers)
}

// noRef returns img without the place that named it (a line in TMX, a
// JSON path in TMJ), for comparisons across formats.
func noRef(img Image) Image {
	img.RefFile, img.RefLine, img.RefWhere = "", 0, ""
	return img
}

func TestTMXAndTMJAgree(t *testing.T) {
	for _, pair := range [][2]string{{"ortho.tmx", "ortho.tmj"}, {"infinite.tmx", "infinite.tmj"}} {
		a, b := mustLoad(t, pair[0]), mustLoad(t, pair[1])
		clearLines(a)
		clearLines(b)
		a.File, b.File = "", ""
		for i := range a.Tilesets {
			if a.Tilesets[i].Source != "" {
				a.Tilesets[i].Source, b.Tilesets[i].Source = "", ""
			}
		}
		if !reflect.DeepEqual(a, b) {
			for i := range a.Layers {
				if i < len(b.Layers) && !reflect.DeepEqual(a.Layers[i], b.Layers[i]) {
					t.Errorf("%v: layer %d differs:\n%+v\n%+v", pair, i, a.Layers[i], b.Layers[i])
				}
			}
			for i := range a.Tilesets {
				if !reflect.DeepEqual(a.Tilesets[i], b.Tilesets[i]) {
					t.Errorf("%v: tileset %d differs:\n%+v\n%+v", pair, i, a.Tilesets[i], b.Tilesets[i])
				}
			}
			t.Errorf("%v: maps differ", pair)
		}
	}
}

func TestInfiniteChunks(t *testing.T) {
	for _, name := range []string{"infinite.tmx", "infinite.tmj"} {
		m := mustLoad(t, name)
		if !m.Infinite {
			t.Fatalf("%s: not infinite", name)
		}
		g := m.LayerByName("ground")
		if g.Tiles != nil || len(g.Chunks) != 3 {
			t.Fatalf("%s: %d chunks, tiles %v", name, len(g.Chunks), g.Tiles)
		}
		// Sorted by (y, x).
		if g.Chunks[0].Y != -4 || g.Chunks[1].X != -4 || g.Chunks[2].X != 0 || g.Chunks[2].Y != 0 {
			t.Errorf("%s: chunk order %+v", name, g.Chunks)
		}
		if g.X != -4 || g.Y != -4 || g.Width != 8 || g.Height != 8 {
			t.Errorf("%s: bounds %d,%d %dx%d", name, g.X, g.Y, g.Width, g.Height)
		}
		for _, tc := range []struct {
			x, y int
			want GID
		}{{-4, 0, 1}, {-1, 0, 4}, {-4, 1, 5}, {-1, 3, 16}, {0, 0, 3 | GID(FlipHorizontal)}, {1, 0, 2}, {3, 3, 2},
			{3, -1, 5}, {0, -4, 0}, {-1, -1, 0}, {4, 0, 0}, {100, 100, 0}} {
			if got := g.At(tc.x, tc.y); got != tc.want {
				t.Errorf("%s: At(%d,%d) = %#x, want %#x", name, tc.x, tc.y, uint32(got), uint32(tc.want))
			}
		}
		if e := m.LayerByName("empty"); e.Tiles != nil || e.Chunks == nil || len(e.Chunks) != 0 || e.At(0, 0) != 0 {
			t.Errorf("%s: empty layer %+v", name, e)
		}
	}
	m := mustLoad(t, "infinite_b64.tmj")
	if g := m.LayerByName("ground"); g.At(0, 0) != 3|GID(FlipHorizontal) || g.At(3, 3) != 2 {
		t.Errorf("gzip chunk")
	}
	if z := m.LayerByName("zstd"); z.At(3, -1) != 5 || z.At(0, -4) != 0 || z.Y != -4 {
		t.Errorf("zstd chunk")
	}
}

func TestIsometricMapAndObjects(t *testing.T) {
	m := mustLoad(t, "iso.tmx")
	if m.Orientation != Isometric || len(m.Tilesets) != 1 {
		t.Fatal(m.Orientation)
	}
	ts := m.Tilesets[0]
	if ts.Source != "tilesets/blocks.tsx" || ts.Image.Source != "images/blocks.png" || ts.GridOrientation != "isometric" ||
		ts.GridWidth != 64 || ts.GridHeight != 32 || ts.TileOffset != (mathx.Point{Y: 16}) {
		t.Errorf("tileset %+v", ts)
	}
	floor := m.LayerByName("floor")
	if !reflect.DeepEqual(floor.Tiles, []GID{1, 2, 3, 4, 1 | GID(FlipHorizontal), 0}) {
		t.Errorf("floor %v", floor.Tiles)
	}
	lay := m.Layout()
	objs := m.LayerByName("things").Objects
	// The point at pixel (32,32) is the centre of tile (1,1)… in Tiled's
	// projected space both axes use the tile height.
	if got := lay.PixelToTile(mathx.Vec2{X: objs[0].X, Y: objs[0].Y}); got != (mathx.Vec2{X: 1, Y: 1}) {
		t.Errorf("PixelToTile %v", got)
	}
	if got := lay.PixelToScreen(mathx.Vec2{X: objs[0].X, Y: objs[0].Y}); got != (mathx.Vec2{X: 64, Y: 32}) {
		t.Errorf("PixelToScreen %v", got)
	}
	// The rectangle (0,0 64×32) becomes a parallelogram on screen.
	r := objs[1]
	corners := []mathx.Vec2{{X: r.X, Y: r.Y}, {X: r.X + r.Width, Y: r.Y}, {X: r.X + r.Width, Y: r.Y + r.Height}, {X: r.X, Y: r.Y + r.Height}}
	want := []mathx.Vec2{{X: 64, Y: 0}, {X: 128, Y: 32}, {X: 96, Y: 48}, {X: 32, Y: 16}}
	for i, c := range corners {
		if got := lay.PixelToScreen(c); got != want[i] {
			t.Errorf("corner %d: %v, want %v", i, got, want[i])
		}
		if back := lay.ScreenToPixel(lay.PixelToScreen(c)); back.Dist(c) > 1e-9 {
			t.Errorf("round trip %v -> %v", c, back)
		}
	}
	statue := objs[2]
	if statue.Shape != TileShape || lay.PixelToScreen(mathx.Vec2{X: statue.X, Y: statue.Y}) != (mathx.Vec2{X: 96, Y: 32}) ||
		ts.Alignment(m.Orientation) != "bottom" {
		t.Errorf("statue %+v", statue)
	}
	fence := objs[3]
	if fence.Shape != Polyline || len(fence.Points) != 3 {
		t.Fatalf("fence %+v", fence)
	}
	// Polyline points are relative to the object: (32,0)+(0,32) = (32,32) → (64,32).
	if p := lay.PixelToScreen(mathx.Vec2{X: fence.X, Y: fence.Y}.Add(fence.Points[1])); p != (mathx.Vec2{X: 64, Y: 32}) {
		t.Errorf("fence point %v", p)
	}
}

func TestStaggeredJSONWithExternalTSX(t *testing.T) {
	m := mustLoad(t, "staggered.tmj")
	if m.Orientation != Staggered || m.StaggerAxis != StaggerX || m.StaggerIndex != StaggerEven || m.Version != "1.2" {
		t.Fatalf("%v %v %v %q", m.Orientation, m.StaggerAxis, m.StaggerIndex, m.Version)
	}
	if ts := m.Tilesets[0]; ts.Source != "tilesets/blocks.tsx" || ts.TileCount != 4 || ts.Columns != 2 {
		t.Errorf("tileset %+v", ts)
	}
	l := m.LayerByName("floor")
	if g := l.At(0, 2); g.ID() != 1 || g.Flags() != FlipHorizontal {
		t.Errorf("(0,2) %#x", uint32(g))
	}
	if g := l.At(1, 2); g.ID() != 2 || g.Flags() != FlipVertical {
		t.Errorf("(1,2) %#x", uint32(g))
	}
	if g := l.At(2, 2); g.ID() != 3 || g.Flags() != FlipDiagonal {
		t.Errorf("(2,2) %#x", uint32(g))
	}
	if p := m.LayerByName("marks").Objects[0]; p.Shape != Point || p.X != 96 || p.Y != 48 {
		t.Errorf("point %+v", p)
	}
}

func TestHexagonalMap(t *testing.T) {
	m := mustLoad(t, "hex.tmx")
	if m.Orientation != Hexagonal || m.HexSideLength != 14 || m.StaggerAxis != StaggerY || m.StaggerIndex != StaggerOdd {
		t.Fatal(m.Layout())
	}
	l := m.LayerByName("cells")
	if g := l.At(1, 0); g.ID() != 1 || g.Flags() != RotateHex120 || !g.Flags().Hex120() {
		t.Errorf("(1,0) %#x", uint32(g))
	}
	if g := l.At(0, 1); g.ID() != 2 || g.Flags() != FlipDiagonal|RotateHex120 {
		t.Errorf("(0,1) %#x", uint32(g))
	}
	if _, local, ok := m.TileFor(l.At(0, 1)); !ok || local != 1 {
		t.Errorf("hex120 bit not cleared for lookup")
	}
}

func TestLoadTilesetStandalone(t *testing.T) {
	for _, name := range []string{"tilesets/collection.tsx", "tilesets/collection.tsj"} {
		ts, err := LoadTileset(testFS, name)
		if err != nil {
			t.Fatal(err)
		}
		if ts.FirstGID != 0 || ts.Name != "props" || len(ts.Tiles) != 3 || ts.Tile(5).Image.Source != "images/atlas.png" {
			t.Errorf("%s: %+v", name, ts)
		}
	}
}

func TestPropertyParsing(t *testing.T) {
	for _, tc := range []struct {
		typ  props.Type
		raw  string
		ok   bool
		want props.Property
	}{
		{props.IntType, "-42", true, props.Property{Int: -42, Float: -42}},
		{props.IntType, "3.0", true, props.Property{Int: 3, Float: 3}},
		{props.IntType, "3.5", false, props.Property{}},
		{props.FloatType, "1e3", true, props.Property{Float: 1000}},
		{props.FloatType, "NaN", false, props.Property{}},
		{props.FloatType, "Inf", false, props.Property{}},
		{props.BoolType, "yes", false, props.Property{}},
		{props.ColorType, "#11223344", true, props.Property{Color: color.NRGBA{0x22, 0x33, 0x44, 0x11}}},
		{props.ColorType, "#112233", true, props.Property{Color: color.NRGBA{0x11, 0x22, 0x33, 0xff}}},
		{props.ColorType, "", true, props.Property{}},
		{props.ColorType, "#12345", false, props.Property{}},
		{props.ColorType, "#gg2233", false, props.Property{}},
	} {
		p := props.Property{Type: tc.typ}
		err := setValue(&p, tc.raw)
		if (err == nil) != tc.ok {
			t.Errorf("%v %q: err %v", tc.typ, tc.raw, err)
			continue
		}
		if tc.ok && (p.Int != tc.want.Int || p.Float != tc.want.Float || p.Color != tc.want.Color) {
			t.Errorf("%v %q: %+v", tc.typ, tc.raw, p)
		}
	}
}
