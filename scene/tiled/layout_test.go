package tiled

import (
	"reflect"
	"testing"
	"testing/fstest"

	"diorama/mathx"
	"diorama/props"
)

func pts(xy ...int) []mathx.Point {
	out := make([]mathx.Point, 0, len(xy)/2)
	for i := 0; i < len(xy); i += 2 {
		out = append(out, mathx.Point{X: xy[i], Y: xy[i+1]})
	}
	return out
}

func v2(x, y float64) mathx.Vec2 { return mathx.Vec2{X: x, Y: y} }

func TestLayoutOrthogonal(t *testing.T) {
	l := Layout{Orientation: Orthogonal, Width: 3, Height: 2, TileWidth: 16, TileHeight: 8}
	if l.TileToScreen(2, 1) != v2(32, 8) || l.TileDrawPos(2, 1) != v2(32, 16) {
		t.Error(l.TileToScreen(2, 1), l.TileDrawPos(2, 1))
	}
	// A 32×24 image with offset (2,-3): bottom-left at (32,16), so top-left (34,-11).
	if got := l.ImageTopLeft(2, 1, 32, 24, mathx.Point{X: 2, Y: -3}); got != v2(34, -11) {
		t.Error(got)
	}
	if w, h := l.PixelSize(); w != 48 || h != 16 {
		t.Error(w, h)
	}
	if l.PixelToTile(v2(24, 12)) != v2(1.5, 1.5) || l.ScreenToTile(v2(24, 12)) != v2(1.5, 1.5) || l.PixelToScreen(v2(3, 4)) != v2(3, 4) {
		t.Error("ortho conversions")
	}
	for _, tc := range []struct {
		ro   RenderOrder
		want []mathx.Point
	}{
		{RightDown, pts(0, 0, 1, 0, 2, 0, 0, 1, 1, 1, 2, 1)},
		{RightUp, pts(0, 1, 1, 1, 2, 1, 0, 0, 1, 0, 2, 0)},
		{LeftDown, pts(2, 0, 1, 0, 0, 0, 2, 1, 1, 1, 0, 1)},
		{LeftUp, pts(2, 1, 1, 1, 0, 1, 2, 0, 1, 0, 0, 0)},
	} {
		l.RenderOrder = tc.ro
		if got := l.AppendDrawOrder(nil, 0, 0, 3, 2); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%v: %v", tc.ro, got)
		}
	}
}

func TestLayoutIsometric(t *testing.T) {
	l := Layout{Orientation: Isometric, Width: 3, Height: 2, TileWidth: 64, TileHeight: 32}
	// originX = Height·tw/2 = 64.
	for _, tc := range []struct {
		x, y       int
		top, drawn mathx.Vec2
	}{
		{0, 0, v2(64, 0), v2(32, 32)},
		{1, 0, v2(96, 16), v2(64, 48)},
		{0, 1, v2(32, 16), v2(0, 48)},
		{2, 1, v2(96, 48), v2(64, 80)},
	} {
		if got := l.TileToScreen(tc.x, tc.y); got != tc.top {
			t.Errorf("TileToScreen(%d,%d) = %v, want %v", tc.x, tc.y, got, tc.top)
		}
		if got := l.TileDrawPos(tc.x, tc.y); got != tc.drawn {
			t.Errorf("TileDrawPos(%d,%d) = %v, want %v", tc.x, tc.y, got, tc.drawn)
		}
	}
	if w, h := l.PixelSize(); w != 160 || h != 80 {
		t.Error(w, h)
	}
	if got := l.AppendDrawOrder(nil, 0, 0, 3, 2); !reflect.DeepEqual(got, pts(0, 0, 0, 1, 1, 0, 1, 1, 2, 0, 2, 1)) {
		t.Errorf("iso draw order %v", got)
	}
	// Painter's property on an offset rectangle (negative coordinates):
	// a tile is drawn after every tile behind it (x'≤x and y'≤y).
	order := l.AppendDrawOrder(nil, -2, -3, 5, 4)
	pos := map[mathx.Point]int{}
	for i, p := range order {
		pos[p] = i
	}
	for p, i := range pos {
		for q, j := range pos {
			if q != p && q.X <= p.X && q.Y <= p.Y && j > i {
				t.Fatalf("%v drawn before %v which is behind it", p, q)
			}
		}
	}
}

func TestLayoutStaggered(t *testing.T) {
	// Stagger axis x, even columns shifted down by half a tile.
	l := Layout{Orientation: Staggered, Width: 4, Height: 3, TileWidth: 64, TileHeight: 32, StaggerAxis: StaggerX, StaggerIndex: StaggerEven}
	for _, tc := range []struct {
		x, y int
		want mathx.Vec2
	}{{0, 0, v2(0, 16)}, {1, 0, v2(32, 0)}, {2, 1, v2(64, 48)}, {3, 2, v2(96, 64)}, {-1, 0, v2(-32, 0)}} {
		if got := l.TileToScreen(tc.x, tc.y); got != tc.want {
			t.Errorf("staggered x even TileToScreen(%d,%d) = %v, want %v", tc.x, tc.y, got, tc.want)
		}
	}
	if l.TileDrawPos(2, 1) != v2(64, 80) {
		t.Error(l.TileDrawPos(2, 1))
	}
	if w, h := l.PixelSize(); w != 160 || h != 112 {
		t.Error(w, h)
	}
	// Each row paints its higher (unshifted, odd) columns first.
	if got := l.AppendDrawOrder(nil, 0, 0, 4, 2); !reflect.DeepEqual(got, pts(1, 0, 3, 0, 0, 0, 2, 0, 1, 1, 3, 1, 0, 1, 2, 1)) {
		t.Errorf("staggered x draw order %v", got)
	}
	// Stagger axis y, odd rows shifted right by half a tile.
	l = Layout{Orientation: Staggered, Width: 3, Height: 4, TileWidth: 64, TileHeight: 32}
	if l.TileToScreen(1, 1) != v2(96, 16) || l.TileToScreen(1, 2) != v2(64, 32) {
		t.Error(l.TileToScreen(1, 1), l.TileToScreen(1, 2))
	}
	if w, h := l.PixelSize(); w != 224 || h != 80 {
		t.Error(w, h)
	}
	if got := l.AppendDrawOrder(nil, 0, 0, 2, 2); !reflect.DeepEqual(got, pts(0, 0, 1, 0, 0, 1, 1, 1)) {
		t.Errorf("staggered y draw order %v", got)
	}
	// Odd tile sizes are rounded down to even, as Tiled does.
	l.TileWidth, l.TileHeight = 65, 33
	if l.TileToScreen(1, 1) != v2(96, 16) || l.TileDrawPos(0, 0) != v2(0, 32) {
		t.Error(l.TileToScreen(1, 1), l.TileDrawPos(0, 0))
	}
}

func TestLayoutHexagonal(t *testing.T) {
	// Pointy-top: stagger y, odd rows shifted; 32×28 tiles, side 14.
	l := Layout{Orientation: Hexagonal, Width: 3, Height: 3, TileWidth: 32, TileHeight: 28, HexSideLength: 14}
	for _, tc := range []struct {
		x, y int
		want mathx.Vec2
	}{{0, 0, v2(0, 0)}, {1, 0, v2(32, 0)}, {0, 1, v2(16, 21)}, {2, 2, v2(64, 42)}} {
		if got := l.TileToScreen(tc.x, tc.y); got != tc.want {
			t.Errorf("hex y TileToScreen(%d,%d) = %v, want %v", tc.x, tc.y, got, tc.want)
		}
	}
	if l.TileDrawPos(0, 1) != v2(16, 49) {
		t.Error(l.TileDrawPos(0, 1))
	}
	if w, h := l.PixelSize(); w != 112 || h != 70 {
		t.Error(w, h)
	}
	// Flat-top: stagger x, even columns shifted.
	l = Layout{Orientation: Hexagonal, Width: 3, Height: 3, TileWidth: 32, TileHeight: 28, HexSideLength: 14, StaggerAxis: StaggerX, StaggerIndex: StaggerEven}
	for _, tc := range []struct {
		x, y int
		want mathx.Vec2
	}{{0, 0, v2(0, 14)}, {1, 0, v2(23, 0)}, {2, 1, v2(46, 42)}} {
		if got := l.TileToScreen(tc.x, tc.y); got != tc.want {
			t.Errorf("hex x TileToScreen(%d,%d) = %v, want %v", tc.x, tc.y, got, tc.want)
		}
	}
	if w, h := l.PixelSize(); w != 78 || h != 98 {
		t.Error(w, h)
	}
}

func allLayouts() []Layout {
	var ls []Layout
	ls = append(ls, Layout{Orientation: Orthogonal, Width: 5, Height: 4, TileWidth: 16, TileHeight: 12})
	ls = append(ls, Layout{Orientation: Isometric, Width: 5, Height: 4, TileWidth: 64, TileHeight: 32})
	for _, o := range []Orientation{Staggered, Hexagonal} {
		for _, ax := range []StaggerAxis{StaggerX, StaggerY} {
			for _, ix := range []StaggerIndex{StaggerOdd, StaggerEven} {
				ls = append(ls, Layout{Orientation: o, Width: 5, Height: 4, TileWidth: 32, TileHeight: 28, HexSideLength: 14, StaggerAxis: ax, StaggerIndex: ix})
			}
		}
	}
	return ls
}

func TestLayoutScreenToTileInvertsCentres(t *testing.T) {
	for _, l := range allLayouts() {
		tw, th := float64(l.TileWidth&^1), float64(l.TileHeight&^1)
		for y := -3; y < 5; y++ {
			for x := -3; x < 6; x++ {
				s := l.TileToScreen(x, y)
				c := s.Add(v2(tw/2, th/2))
				if l.Orientation == Isometric {
					c = s.Add(v2(0, th/2))
				}
				got := l.ScreenToTile(c)
				want := v2(float64(x)+0.5, float64(y)+0.5)
				if l.Orientation == Staggered || l.Orientation == Hexagonal {
					want = v2(float64(x), float64(y))
				}
				if got.Dist(want) > 1e-9 {
					t.Fatalf("%+v: ScreenToTile(centre of %d,%d) = %v, want %v", l, x, y, got, want)
				}
				// A point a quarter of the way toward the top inside the tile.
				if l.Orientation == Staggered || l.Orientation == Hexagonal {
					if got := l.ScreenToTile(c.Add(v2(0, -th/4))); got != want {
						t.Fatalf("%+v: off-centre point of %d,%d → %v", l, x, y, got)
					}
				}
			}
		}
	}
}

func TestLayoutDrawOrderCompleteAndTopToBottom(t *testing.T) {
	for _, l := range allLayouts() {
		seen := map[mathx.Point]int{}
		lastY := -1e18
		l.DrawOrder(-2, -1, 6, 5, func(x, y int) {
			seen[mathx.Point{X: x, Y: y}]++
			// Painter's order: tiles never go back up the screen.
			if sy := l.TileToScreen(x, y).Y; sy < lastY {
				t.Fatalf("%+v: (%d,%d) at y=%v after y=%v", l, x, y, sy, lastY)
			} else {
				lastY = sy
			}
		})
		if len(seen) != 30 {
			t.Fatalf("%+v: %d tiles visited", l, len(seen))
		}
		for p, n := range seen {
			if n != 1 || p.X < -2 || p.X > 3 || p.Y < -1 || p.Y > 3 {
				t.Fatalf("%+v: %v visited %d times", l, p, n)
			}
		}
		n := 0
		l.DrawOrder(0, 0, 0, 3, func(int, int) { n++ })
		if n != 0 {
			t.Fatal("empty rect visited")
		}
	}
}

func TestMapLayoutMatchesFiles(t *testing.T) {
	m := mustLoad(t, "staggered.tmj")
	l := m.Layout()
	if l.Orientation != Staggered || l.StaggerAxis != StaggerX || l.TileToScreen(0, 0) != v2(0, 16) {
		t.Errorf("%+v", l)
	}
	h := mustLoad(t, "hex.tmx").Layout()
	if h.TileToScreen(0, 1) != v2(16, 21) {
		t.Errorf("%+v", h)
	}
}

func TestObjectImageTopLeft(t *testing.T) {
	iso := mustLoad(t, "iso.tmx")
	lay := iso.Layout()
	statue := iso.LayerByName("things").Objects[2]
	ts, _, _ := iso.TileFor(statue.GID)
	// Anchor (96,32) on screen, bottom-centre, 64×64, offset (0,16).
	if got := lay.ObjectImageTopLeft(statue, ts.Alignment(iso.Orientation), ts.TileOffset); got != v2(64, -16) {
		t.Errorf("iso statue %v", got)
	}
	ortho := mustLoad(t, "ortho.tmx")
	crate := ortho.LayerByName("objects").Objects[5]
	ol := ortho.Layout()
	for _, tc := range []struct {
		align string
		want  mathx.Vec2
	}{{"bottomleft", v2(64, 32)}, {"", v2(64, 32)}, {"topleft", v2(64, 48)}, {"top", v2(56, 48)}, {"topright", v2(48, 48)},
		{"left", v2(64, 40)}, {"center", v2(56, 40)}, {"right", v2(48, 40)}, {"bottom", v2(56, 32)}, {"bottomright", v2(48, 32)}} {
		if got := ol.ObjectImageTopLeft(crate, tc.align, mathx.Point{}); got != tc.want {
			t.Errorf("%q: %v, want %v", tc.align, got, tc.want)
		}
	}
	// The atlas tileset says topleft, with offset (3,-4).
	ts, _, _ = ortho.TileFor(crate.GID)
	if got := ol.ObjectImageTopLeft(crate, ts.Alignment(ortho.Orientation), ts.TileOffset); got != v2(67, 44) {
		t.Errorf("crate %v", got)
	}
}

func TestEnumNames(t *testing.T) {
	if Hexagonal.String() != "hexagonal" || Orientation(9).String() != "orientation(9)" ||
		LeftUp.String() != "left-up" || RenderOrder(7).String() != "renderorder(7)" ||
		GroupLayer.String() != "group" || LayerKind(9).String() != "layerkind(9)" ||
		TextShape.String() != "text" || Shape(42).String() != "shape(42)" ||
		props.ClassType.String() != "class" || props.Type(99).String() != "type(99)" {
		t.Error("enum names")
	}
}

func TestTilesetCountsFromImage(t *testing.T) {
	// No tilecount/columns (older files): derived from the image, margin
	// and spacing as Tiled does (columnCountForWidth: the margin counts
	// once): (73−1+2)/18 = 4 columns, (37−1+2)/18 = 2 rows.
	src := `<tileset name="old" tilewidth="16" tileheight="16" spacing="2" margin="1"><image source="a.png" width="73" height="37"/></tileset>`
	ts, err := LoadTileset(fstest.MapFS{"a.tsx": {Data: []byte(src)}}, "a.tsx")
	if err != nil {
		t.Fatal(err)
	}
	if ts.Columns != 4 || ts.TileCount != 8 {
		t.Fatalf("columns %d count %d", ts.Columns, ts.TileCount)
	}
	if r, ok := ts.SourceRect(7); !ok || r.Min.X != 55 || r.Min.Y != 19 {
		t.Fatal(r)
	}
}

// Tiled lays an atlas out from its image whatever the file's tilecount
// and columns say, keeps <tile> entries with IDs beyond the image (they
// draw nothing here; Tiled blanks them), and takes an image too small for
// any tile (Tileset::initializeTilesetTiles). Public files do all three
// (flame-engine's tiled.dart and excalibur-tiled test maps).
func TestTilesetFromImageNotFromCounts(t *testing.T) {
	for _, c := range []struct {
		src         string
		cols, count int
	}{
		// tilecount 4, but the image holds 18×27 tiles; tile 455 is one of them
		{`<tileset name="a" tilewidth="16" tileheight="16" tilecount="4" columns="2"><image source="a.png" width="288" height="432"/><tile id="455"><properties><property name="p" value="1"/></properties></tile></tileset>`, 18, 486},
		// the image holds 136 tiles; tile 136 lies beyond it
		{`<tileset name="b" tilewidth="8" tileheight="8" tilecount="136" columns="8"><image source="b.png" width="64" height="136"/><tile id="136"/></tileset>`, 8, 136},
		// margin 2 and 32-pixel tiles in a 32-pixel image: no tile fits
		{`<tileset name="c" tilewidth="32" tileheight="32" margin="2" tilecount="2" columns="1"><image source="c.png" width="32" height="32"/><tile id="0"/><tile id="1"/></tileset>`, 0, 0},
		// the margin counts once: 34 pixels hold one 32-pixel tile after a 2-pixel margin
		{`<tileset name="d" tilewidth="32" tileheight="32" margin="2"><image source="d.png" width="34" height="34"/></tileset>`, 1, 1},
	} {
		ts, err := LoadTileset(fstest.MapFS{"t.tsx": {Data: []byte(c.src)}}, "t.tsx")
		if err != nil {
			t.Errorf("%s: %v", c.src, err)
			continue
		}
		if ts.Columns != c.cols || ts.TileCount != c.count {
			t.Errorf("%s: columns %d count %d, want %d and %d", c.src, ts.Columns, ts.TileCount, c.cols, c.count)
		}
		for _, tl := range ts.Tiles {
			if _, ok := ts.SourceRect(tl.ID); ok != (int(tl.ID) < c.count) {
				t.Errorf("%s: tile %d has a source rectangle: %v", c.src, tl.ID, ok)
			}
		}
	}
}

// Odd hexagon sides and tile sizes follow Tiled 1.10.1 and later: the
// side offset comes from the tile size in the file, and the tile is two
// offsets plus the side (65×65 with side 31: rows 48 pixels apart, 65
// high; 64×64 with side 31: 47 apart, 63 high).
func TestHexLayoutOddSide(t *testing.T) {
	for _, c := range []struct{ tw, th, side, rowH, drawH int }{{65, 65, 31, 48, 65}, {64, 64, 31, 47, 63}, {64, 64, 30, 47, 64}} {
		l := Layout{Orientation: Hexagonal, Width: 4, Height: 4, TileWidth: c.tw, TileHeight: c.th, HexSideLength: c.side}
		if p := l.TileToScreen(0, 1); p != (mathx.Vec2{X: float64(c.tw&^1) / 2, Y: float64(c.rowH)}) {
			t.Errorf("%+v: tile (0,1) at %v", c, p)
		}
		if p := l.TileDrawPos(0, 0); p.Y != float64(c.drawH) {
			t.Errorf("%+v: tile (0,0) drawn from y %v, want %d", c, p.Y, c.drawH)
		}
	}
}

// Oblique maps (Tiled 1.12) shear the orthogonal grid as Tiled's
// ObliqueRenderer does: a tile's corner moves skewx pixels right per row
// and skewy down per column, its image hangs from the corner below, and
// object (pixel) coordinates go through the same shear and back.
func TestLayoutOblique(t *testing.T) {
	l := Layout{Orientation: Oblique, Width: 4, Height: 3, TileWidth: 32, TileHeight: 16, SkewX: 8, SkewY: -4}
	if p := l.TileToScreen(2, 1); p != (mathx.Vec2{X: 64 + 8, Y: 16 - 8}) {
		t.Errorf("tile (2,1) at %v", p)
	}
	if p := l.TileDrawPos(2, 1); p != l.TileToScreen(2, 2) {
		t.Errorf("tile (2,1) drawn from %v", p)
	}
	if p := l.PixelToScreen(mathx.V2(16, 8)); p != (mathx.Vec2{X: 20, Y: 6}) {
		t.Errorf("pixel (16, 8) at %v", p)
	}
	for _, p := range []mathx.Vec2{{X: 16, Y: 8}, {X: -3.5, Y: 70}, {X: 100, Y: -2}} {
		if back := l.ScreenToPixel(l.PixelToScreen(p)); back.Sub(p).Len() > 1e-9 {
			t.Errorf("pixel %v → %v", p, back)
		}
	}
	if tl := l.ScreenToTile(l.PixelToScreen(mathx.V2(2.5*32, 1.25*16))); tl.Sub(mathx.V2(2.5, 1.25)).Len() > 1e-9 {
		t.Errorf("screen to tile: %v", tl)
	}
	if w, h := l.PixelSize(); w != 4*32+3*8 || h != 3*16+4*4 {
		t.Errorf("pixel size %d×%d", w, h)
	}
	src := `<?xml version="1.0"?><map version="1.10" tiledversion="1.12.0" orientation="oblique" width="4" height="3" tilewidth="32" tileheight="16" skewx="8" skewy="-4"><layer id="1" name="g" width="4" height="3"><data encoding="csv">0,0,0,0,0,0,0,0,0,0,0,0</data></layer></map>`
	m, err := Load(fstest.MapFS{"o.tmx": {Data: []byte(src)}}, "o.tmx")
	if err != nil {
		t.Fatal(err)
	}
	if m.Orientation != Oblique || m.SkewX != 8 || m.SkewY != -4 || m.Layout() != l {
		t.Errorf("loaded %v skew %d, %d", m.Orientation, m.SkewX, m.SkewY)
	}
}
