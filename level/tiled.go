package level

import (
	"diorama/scene"
	"errors"
	"fmt"
	"image"
	"image/color"
	"io/fs"
	"math"
	"strconv"
	"strings"

	"diorama/internal/loadutil"
	"diorama/iso"
	"diorama/mathx"
	"diorama/physics"
	"diorama/raster"
	"diorama/scene/tiled"
)

// LoadTiled loads a Tiled map (TMX or TMJ) from fsys and builds it; see
// [BuildTiled].
func LoadTiled(fsys fs.FS, name string, opt Options) (*scene.World, error) {
	r := record(fsys)
	m, err := tiled.Loader{Limits: opt.Limits.Tiled}.Load(r, name)
	if err != nil {
		return nil, err
	}
	return BuildTiled(r, m, opt)
}

// BuildTiled turns a loaded Tiled map of any orientation into a World on
// a matching iso grid (tileset images are read from fsys): isometric maps
// on a diamond grid, staggered maps on a staggered grid, orthogonal maps
// on an orthogonal grid with the map's render order, hexagonal maps on a
// hexagonal grid with the map's side length, stagger axis and index. An
// infinite map becomes a bounded grid over the rectangle its chunks span:
// the rectangle's top-left tile is grid tile (0, 0) (the stagger index
// flips when that tile is on an odd staggered row or column, so tiles
// shift as Tiled shifts them), and objects are moved with their tiles.
// Then:
//
//   - each visible tile layer becomes an iso.TileLayer whose sprites are
//     the tileset images cut per tile (image-collection tiles too), with
//     the GID flip bits applied (diagonal first, then horizontal, then
//     vertical, as Tiled does), drawn moved by the tileset's tile offset
//     plus the layer's offset (any direction, rounded to whole pixels),
//     with the layer's opacity and tint
//     applied; animated tiles cycle through their frames with the
//     world's simulated time (Tick × Dt) when it renders; a tile layer
//     (or tileset tile) with the bool property "solid" makes its tiles
//     physics walls on their world cells, merged; a tile layer with the
//     bool property "sorted" (walls, trees: tiles that rise above their
//     cell) is drawn as one object per tile instead, depth-sorted with the
//     entities of the object layer above it, each a box on its cell as
//     tall as the layer's or the tile's "height" property (world units)
//     or else as its image rises above the cell;
//   - World.Stage is the object layer of the first character, so what
//     the game adds (and the bullets) sorts with that layer's walls;
//   - each object of a visible object layer becomes an entity, its
//     position converted from Tiled's object space (on isometric maps
//     both axes count tile heights, so world = (x, y)/tileheight; on the
//     other orientations object space is map pixels, converted through
//     the grid: a world unit is a tile on orthogonal maps and a step of
//     the lattice of hexagon centres on hexagonal ones). The entity kind
//     comes from the object's class: "character", "player" and "enemy"
//     make characters, "pickup" pickups, "spawn"
//     spawn points, "trigger", "door" and "overlord" triggers, "object"
//     objects; without a
//     class, tile objects are objects, points spawn points and shapes
//     triggers. Shapes use their centre and half-size; polygons and
//     polylines their bounding box. Properties "health", "value",
//     "radius", "height", "solid" and "collector" fill the entity's
//     fields;
//   - tile objects are drawn with their tile image, aligned as Tiled
//     aligns them, sorted by a box around their feet; text objects are
//     drawn too (objects by default), in their rectangle, with Go's
//     sans-serif font at their pixel size, colour, wrapping, alignment,
//     bold, underline and strikeout (see build_tiled_text.go);
//   - each name shared by objects of class "overlord" makes an
//     [scene.Overlord] (as image levels' overlords): those triggers wake it,
//     the spawn points of that name are where it spawns characters of
//     class "enemy" (its Spawn, which a game replaces), and the first
//     trigger's properties set it: "max_in_level" (int, default 4),
//     "spawns_in_wave" (int, default 6), "lock_on_entry" (door names,
//     comma-separated: the doors it locks while its wave runs, see
//     Overlord).
//
// Object layer offsets move their objects (by the world vector that
// projects to the offset).
//
// Objects are depth-sorted by their boxes on isometric and staggered
// maps, and by ground line (their feet: the footprint's centre) on
// orthogonal and hexagonal maps, as Tiled's top-down object order.
//
// Tile layers drawn this way match Tiled's own layout pixel for pixel in
// every orientation and render order (tested against an image/draw
// rendering that follows tiled.Layout; odd hexagon sides and tile sizes
// are rounded as Tiled 1.10.1 and later round them). Image layers,
// parallax factors and tile objects at their object's size are drawn as
// in Tiled (see World.Render and the layers' Layer values). Refused
// with an error: hexagonal side lengths longer than the tile, and
// infinite maps whose chunks span more than MaxTiledTiles tiles.
func BuildTiled(fsys fs.FS, m *tiled.Map, opt Options) (*scene.World, error) {
	if m == nil {
		return nil, fmt.Errorf("level: nil Tiled map")
	}
	rec := record(fsys)
	fsys = rec
	fail := func(format string, a ...any) error {
		return fmt.Errorf("level: %s: %s", m.File, fmt.Sprintf(format, a...))
	}
	region, err := tileRegion(m)
	if err != nil {
		return nil, fail("%v", err)
	}
	g, err := tiledGrid(m, region)
	if err != nil {
		return nil, fail("%v", err)
	}
	// delta takes Tiled's screen coordinates to the grid's map pixels: the
	// grid's tile (0, 0) is the map's tile region.Min, drawn by Tiled with
	// its image's bottom-left corner at TileDrawPos.
	lay := m.Layout()
	dp := lay.TileDrawPos(region.Min.X, region.Min.Y)
	tb := g.TileBounds(0, 0, 0)
	delta := mathx.V2(dp.X-float64(tb.Min.X), dp.Y-float64(tb.Max.Y))
	w, err := scene.NewWorld(scene.Config{Grid: g, Seed: opt.Seed, TPS: opt.TPS, MaxBullets: opt.MaxBullets})
	if err != nil {
		return nil, fail("%v", err)
	}
	if err := opt.prepare(w); err != nil {
		return nil, fail("%v", err)
	}
	b := &tiledBuilder{fsys: fsys, m: m, w: w, g: g, opt: &opt, lay: lay, region: region, delta: delta, images: map[string]*image.RGBA{}, sprites: map[spriteKey]*raster.Sprite{}, objects: map[objKey]bakedObject{}, stage: -1}
	w.ParallaxOrigin = m.ParallaxOrigin.Sub(delta)
	w.SourceOrigin = delta.Neg()
	solid := make([]bool, 0)
	for _, l := range m.Flatten() {
		// Every layer is built, hidden ones too (collision layers often
		// are): they are drawn only when shown, and their entities and
		// walls exist either way.
		layer := scene.Layer{Name: l.Name, Hidden: !l.TotalVisible}
		if p := l.TotalParallax; p != (mathx.Vec2{X: 1, Y: 1}) {
			layer.Parallax = p
		}
		switch l.Kind {
		case tiled.TileLayer:
			tl, sol, err := b.tileLayer(l)
			if err != nil {
				return nil, err
			}
			if l.TotalVisible && l.Properties.Bool("sorted", false) {
				if err := b.sortedTiles(l, tl, len(w.Layers)); err != nil {
					return nil, err
				}
				tl = iso.TileLayer{} // its tiles are entities now
			}
			layer.TileLayer = tl
			w.Layers = append(w.Layers, layer)
			if sol != nil {
				if len(solid) == 0 {
					solid = sol
				} else {
					for k := range sol {
						solid[k] = solid[k] || sol[k]
					}
				}
			}
		case tiled.ImageLayer:
			if err := b.imageLayer(l, &layer); err != nil {
				return nil, err
			}
			w.Layers = append(w.Layers, layer)
		case tiled.ObjectGroup:
			w.Layers = append(w.Layers, layer)
			for _, o := range l.Objects {
				if err := b.object(l, o, len(w.Layers)); err != nil {
					return nil, err
				}
			}
		}
	}
	if len(solid) > 0 {
		if err := b.walls(solid); err != nil {
			return nil, err
		}
	}
	if err := b.placeSorted(); err != nil {
		return nil, err
	}
	if err := tiledOverlords(w, &opt); err != nil {
		return nil, fail("%v", err)
	}
	for _, a := range b.anims {
		// A sorted layer's tiles became entities (drawn with their
		// first frame): its animations have no tile left.
		if a.Sprite < len(w.Layers[a.Layer].Sprites) {
			if err := w.Builder().AnimateTile(a); err != nil {
				return nil, fail("%v", err)
			}
		}
	}
	w.Builder().SetSources(rec.files)
	// The action happens on the layer of the first character.
	if b.stage >= 0 {
		w.Stage = w.Layers[b.stage].Name
	}
	return w, nil
}

// sortedTile is a tile of a sorted layer, waiting for the object layer it
// is sorted with.
type sortedTile struct {
	layer int // index in World.Layers of the tile layer
	def   scene.EntityDef
}

// sortedTiles turns the tiles of a tile layer with the bool property
// "sorted" into drawn objects (a wall or tree layer whose tiles rise
// above their cell): each a box on its cell, as tall as the layer's or
// the tile's "height" property (world units) or else as its image rises
// above the cell, depth-sorted with the entities of the next object layer
// above it (or, with none, on its own layer). Animated tiles show their
// first frame there.
func (b *tiledBuilder) sortedTiles(l *tiled.Layer, tl iso.TileLayer, index int) error {
	g := b.g
	_, th := g.TileSize()
	layerH := l.Properties.Float("height", -1)
	for k, si := range tl.Tiles {
		if si < 0 {
			continue
		}
		col, row := k%g.Cols, k/g.Cols
		s := tl.Sprites[si]
		off := tl.Offsets[si]
		h := layerH
		if gid := l.At(b.region.Min.X+col, b.region.Min.Y+row); h < 0 {
			if ts, local, ok := b.m.TileFor(gid); ok {
				if t := ts.Tile(local); t != nil {
					h = t.Properties.Float("height", -1)
				}
			}
		}
		if h < 0 {
			h = math.Max(0, float64(s.H()-th-off.Y)) / float64(g.Proj.ZPixels)
		}
		if !(h >= 0) || h > 1e6 {
			return fmt.Errorf("level: %s: layer %q: height %v out of range", b.m.File, l.Name, h)
		}
		i, j := g.TileCell(col, row)
		tb := g.TileBounds(col, row, 0)
		at := mathx.Point{X: tb.Min.X + off.X, Y: tb.Max.Y - s.H() + off.Y}
		b.sorted = append(b.sorted, sortedTile{layer: index, def: scene.EntityDef{Kind: scene.Object, Name: l.Name,
			Pos: mathx.V3(float64(i)+0.5, float64(j)+0.5, 0), Height: math.Max(h, 0.01),
			Drawing: iso.Object{Box: iso.Footprint(i, j, 1, 1, 0, h), Parts: []iso.Part{{Sprite: s, At: at}}}}})
	}
	return nil
}

// placeSorted creates the sorted layers' tiles on the object layer above
// each (checked against the entity limit first).
func (b *tiledBuilder) placeSorted() error {
	if len(b.sorted) == 0 {
		return nil
	}
	if max := b.opt.Limits.withDefaults().MaxEntities; b.w.Len()+len(b.sorted) > max {
		return fmt.Errorf("level: %s: %d sorted tiles and %d entities: %w (%d entities)", b.m.File, len(b.sorted), b.w.Len(), ErrLimit, max)
	}
	from, target := -1, -1
	for _, st := range b.sorted {
		if st.layer != from { // a layer's tiles come together: find its target once
			from, target = st.layer, st.layer
			for k := st.layer + 1; k < len(b.w.Layers); k++ {
				if l := &b.w.Layers[k]; len(l.Tiles) == 0 && l.Image == nil {
					target = k
					break
				}
			}
		}
		d := st.def
		if _, err := b.w.Builder().CreateOn(target, d); err != nil {
			return fmt.Errorf("level: %s: layer %q: %w", b.m.File, st.def.Name, err)
		}
	}
	return nil
}

// objKey identifies a baked tile-object sprite; bakedObject is the
// sprite and its top-left corner relative to the floored image position.
type objKey struct {
	gid               tiled.GID
	size, frac, pivot mathx.Vec2
	rot, opacity      float64
	tint              color.NRGBA
}

type bakedObject struct {
	s   *raster.Sprite
	off mathx.Point
}

type tiledBuilder struct {
	fsys    fs.FS
	m       *tiled.Map
	w       *scene.World
	g       *iso.Grid
	opt     *Options
	lay     tiled.Layout
	region  mathx.Rect // the map's tiles the grid holds (Min is grid tile 0,0)
	delta   mathx.Vec2 // Tiled screen position − grid map pixel
	images  map[string]*image.RGBA
	sprites map[spriteKey]*raster.Sprite
	objects map[objKey]bakedObject
	sorted  []sortedTile
	fonts   map[textFontKey]*raster.Font // text objects' fonts
	anims   []scene.TileAnimation        // the animated tiles, added to the world once its layers are
	stage   int                          // the layer of the first character (World.Stage), or −1

	// spriteAt is where a sprite's image starts relative to its tile's
	// box, where not at (0, 0): a turned hexagonal tile reaches outside.
	spriteAt map[spriteKey]mathx.Point
}

// image returns the decoded image of a tileset image reference, colour
// key applied, cached by path.
//
// An error names the chain of files: the map's <tileset> line, the
// external tileset's element that names the image, then the image.
func (b *tiledBuilder) image(ref *tiled.Image, ts *tiled.Tileset) (*image.RGBA, error) {
	key := ref.Source
	if key == "" { // embedded in the file: one image per element
		key = ref.RefFile + ":" + strconv.Itoa(ref.RefLine) + ":" + ref.RefWhere
	}
	if img, ok := b.images[key]; ok {
		return img, nil
	}
	var img *image.RGBA
	var err error
	if ref.Source == "" {
		img, err = raster.DecodeRGBA("embedded image", strings.NewReader(ref.Data), b.opt.Limits.Images)
	} else {
		img, err = decodeImage(b.fsys, ref.Source, b.opt.Limits.Images)
	}
	if err != nil {
		err = loadutil.Chain(ref.RefFile, ref.RefLine, ref.RefWhere, err)
		if ts != nil && ts.Source != "" && ref.RefFile != b.m.File {
			err = loadutil.Chain(b.m.File, ts.Line, "tileset "+strconvQuote(ts.Source), err)
		}
		if b.opt.Missing == nil || errors.Is(err, raster.ErrImageLimit) || errors.Is(err, loadutil.ErrLimit) {
			return nil, fmt.Errorf("level: %w", err)
		}
		b.opt.Missing(fmt.Errorf("level: %w", err))
		img = missingImage(ref.Width, ref.Height)
	}
	if ref.HasTrans {
		k := ref.Trans
		for i := 0; i+3 < len(img.Pix); i += 4 {
			if img.Pix[i+3] == 255 && img.Pix[i] == k.R && img.Pix[i+1] == k.G && img.Pix[i+2] == k.B {
				img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = 0, 0, 0, 0
			}
		}
	}
	b.images[key] = img
	return img, nil
}

// TileInfo is a tile of a Tiled map as Options.SolidTile sees it.
type TileInfo struct {
	Layer    string // the tile layer's name
	Col, Row int    // the tile's position in the map (Tiled's tile coordinates)
	Tileset  string // the tileset's name
	ID       int    // the tile's id in its tileset
	Class    string // the tile's class (Tiled's "class", formerly "type")
	Solid    bool   // what the map says: a "solid" property or collision shapes
}

// missingImage is the placeholder of an image that could not be read
// (Options.Missing): magenta and black 8-pixel checks of the
// declared size, 32×32 when none is declared.
func missingImage(w, h int) *image.RGBA {
	if w <= 0 || h <= 0 || w > 4096 || h > 4096 {
		w, h = 32, 32
	}
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			i := img.PixOffset(x, y)
			if (x/8+y/8)%2 == 0 {
				img.Pix[i], img.Pix[i+2] = 255, 255
			}
			img.Pix[i+3] = 255
		}
	}
	return img
}

// errNoTile reports a GID whose tileset has no such tile: past the tiles
// its image holds, or a gap of an image collection. Tiled opens such maps
// and draws nothing there; so does the builder.
var errNoTile = errors.New("no such tile")

// atlasRect returns the rectangle of local tile id in an atlas tileset's
// image of the given size. As Tiled does, the grid is cut from the image
// as it is, not as the file declares it: an image that grew since the
// map was saved shows its new tiles, one that shrank loses its last ones.
func atlasRect(ts *tiled.Tileset, id uint32, size image.Point) (image.Rectangle, bool) {
	tw, th := ts.TileWidth, ts.TileHeight
	if tw <= 0 || th <= 0 {
		return image.Rectangle{}, false
	}
	// Tiled's count: the margin is taken on the left and top only.
	cols := (size.X - ts.Margin + ts.Spacing) / (tw + ts.Spacing)
	rows := (size.Y - ts.Margin + ts.Spacing) / (th + ts.Spacing)
	if cols <= 0 || rows <= 0 || int64(id) >= int64(cols)*int64(rows) {
		return image.Rectangle{}, false
	}
	col, row := int(id)%cols, int(id)/cols
	x := ts.Margin + col*(tw+ts.Spacing)
	y := ts.Margin + row*(th+ts.Spacing)
	return image.Rect(x, y, x+tw, y+th), true
}

// tileImage returns the pixels of GID gid, flips applied, without the
// tileset offset, and the tileset; errNoTile for a tile its tileset does
// not have. A turned tile of a hexagonal map is cut to its box unless
// whole is set; whole, its bounds reach outside the box (see orientHex)
// and lift is where to draw it from, bottom-left aligned, relative to
// where its box is drawn.
func (b *tiledBuilder) tileImage(gid tiled.GID, whole bool) (*image.RGBA, *tiled.Tileset, mathx.Point, error) {
	src, r, ts, err := b.tileSource(gid)
	if err != nil {
		return nil, nil, mathx.Point{}, err
	}
	if b.m.Orientation == tiled.Hexagonal {
		img := orientHex(src, r, gid.Flags())
		if box := image.Rect(0, 0, r.Dx(), r.Dy()); !whole && img.Rect != box {
			img = img.SubImage(box).(*image.RGBA)
		}
		return img, ts, mathx.Point{X: img.Rect.Min.X, Y: img.Rect.Max.Y - r.Dy()}, nil
	}
	return orient(src, r, gid.Flags()), ts, mathx.Point{}, nil
}

// tileSource returns the image holding GID gid's pixels, their rectangle
// there and the tileset; errNoTile for a tile its tileset does not have.
func (b *tiledBuilder) tileSource(gid tiled.GID) (*image.RGBA, image.Rectangle, *tiled.Tileset, error) {
	ts, local, ok := b.m.TileFor(gid)
	if !ok {
		return nil, image.Rectangle{}, nil, fmt.Errorf("level: %s: GID %d has no tileset", b.m.File, gid.ID())
	}
	ref := ts.Image
	if ts.IsCollection() {
		t := ts.Tile(local)
		if t == nil || t.Image == nil {
			return nil, image.Rectangle{}, nil, errNoTile
		}
		ref = t.Image
	}
	src, err := b.image(ref, ts)
	if err != nil {
		return nil, image.Rectangle{}, nil, err
	}
	var r image.Rectangle
	if ts.IsCollection() {
		r, ok = ts.SourceRect(local)
		if t := ts.Tile(local); t != nil && (t.Width <= 0 || t.Height <= 0) {
			// The whole image, whatever size the file declared (old files
			// declare none).
			r, ok = src.Bounds(), true
		}
	} else {
		r, ok = atlasRect(ts, local, src.Bounds().Size())
	}
	if !ok || r.Empty() || !r.In(src.Bounds()) {
		return nil, image.Rectangle{}, nil, errNoTile
	}
	return src, r, ts, nil
}

// hexTurn16 returns a turned or mirrored tile of a hexagonal map (see
// orientHex) as Qt samples it, in 16 bits (raster.SmoothTurn16), or nil
// for a tile drawn as it is. A tile only mirrored is sampled too: Qt
// draws it through scale(-1, 1) with smoothing, and setupMatrix's 1/65536
// nudge weighs each sample 65535/65536 on its pixel and 1/65536 on the
// next, which the 16-bit blend of a translucent pixel can see.
func (b *tiledBuilder) hexTurn16(gid tiled.GID) (*image.RGBA64, error) {
	f := gid.Flags()
	deg := 0
	if f.D() {
		deg += 60
	}
	if f.Hex120() {
		deg += 120
	}
	if b.m.Orientation != tiled.Hexagonal || deg == 0 && !f.H() && !f.V() {
		return nil, nil
	}
	src, r, _, err := b.tileSource(gid)
	if err != nil {
		return nil, err
	}
	return raster.SmoothTurn16(src, r, float64(deg), f.H(), f.V()), nil
}

// flip16 returns a flipped tile of an orthogonal map, or of another
// non-hexagonal map whose tiles lie on whole pixels (even tile sizes), as
// Qt samples it, in 16 bits, in orient's frame, or nil for a tile drawn
// as it is: tmxrasterizer draws it through scale(±1, ±1) (a diagonal
// flip: rotate(90), then the horizontal flip from the vertical bit and
// the vertical from the absent horizontal one, CellRenderer::render) with
// SmoothPixmapTransform, and setupMatrix's 1/65536 nudge weighs each
// sample 65535/65536 on its pixel and 1/65536 on the next, which the
// 16-bit blend of a translucent pixel sees. A diagonal flip of a tile
// whose width and height differ by an odd number (CellRenderer's halfDiff
// shift, half a pixel) is left to orient.
func (b *tiledBuilder) flip16(gid tiled.GID) (*image.RGBA64, error) {
	f := gid.Flags()
	m := b.m
	if !f.H() && !f.V() && !f.D() || m.Orientation == tiled.Hexagonal ||
		m.Orientation != tiled.Orthogonal && (m.TileWidth%2 != 0 || m.TileHeight%2 != 0) {
		return nil, nil
	}
	src, r, _, err := b.tileSource(gid)
	if err != nil {
		return nil, err
	}
	if !f.D() {
		return raster.SmoothTurn16(src, r, 0, f.H(), f.V()), nil
	}
	w, h := r.Dx(), r.Dy()
	if (w-h)%2 != 0 {
		return nil, nil
	}
	// Turned about the box's centre moved by halfDiff = (h−w)/2 both
	// ways: the turned h×w image, bottom-aligned; a whole pixel shift
	// samples alike.
	turned := raster.SmoothTurn16(src, r, 90, f.V(), !f.H())
	x0, y0 := (w-h)/2, (h-w)/2
	return turned.SubImage(image.Rect(x0, y0, x0+h, y0+w)).(*image.RGBA64), nil
}

// halfFlip16 returns a mirrored tile of an odd-sized isometric map drawn
// on a half pixel of y (see isoPlacement) as Qt samples it, in 16 bits
// (raster.SmoothTurn16At, the box half a pixel down), in the frame of
// halfRows16: the rows drawn from the qRound-ed top.
func (b *tiledBuilder) halfFlip16(gid tiled.GID) (*image.RGBA64, error) {
	src, r, _, err := b.tileSource(gid)
	if err != nil {
		return nil, err
	}
	f := gid.Flags()
	wide := raster.SmoothTurn16At(src, r, 0, f.H(), f.V(), 0, 0.5)
	wide.Rect = wide.Rect.Sub(image.Pt(0, 1))
	return wide, nil
}

func strconvQuote(s string) string { return fmt.Sprintf("%q", s) }

// orientHex copies rectangle r of src with the flip and rotation bits of
// a hexagonal map, as Tiled draws them: the image is flipped
// horizontally and/or vertically, then rotated clockwise about its centre
// by 60° for the diagonal bit plus 120° for the 0x10000000 bit, and drawn
// about the box's centre, smoothed as tmxrasterizer's Qt draws it
// (raster.SmoothTurn: the image's bounds reach outside the w×h box, at
// (0, 0), where the turned tile does).
func orientHex(src *image.RGBA, r image.Rectangle, f tiled.Flags) *image.RGBA {
	deg := 0
	if f.D() {
		deg += 60
	}
	if f.Hex120() {
		deg += 120
	}
	if deg == 0 {
		return orient(src, r, f&(tiled.FlipHorizontal|tiled.FlipVertical))
	}
	return raster.SmoothTurn(src, r, float64(deg), f.H(), f.V())
}

// orient copies rectangle r of src into a new image with Tiled's flips:
// the diagonal flip (x and y swapped) first, then horizontal, then
// vertical.
func orient(src *image.RGBA, r image.Rectangle, f tiled.Flags) *image.RGBA {
	w, h := r.Dx(), r.Dy()
	if f.D() {
		w, h = h, w
	}
	out := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			sx, sy := x, y
			if f.V() {
				sy = h - 1 - y
			}
			if f.H() {
				sx = w - 1 - x
			}
			if f.D() {
				sx, sy = sy, sx
			}
			i := src.PixOffset(r.Min.X+sx, r.Min.Y+sy)
			o := out.PixOffset(x, y)
			copy(out.Pix[o:o+4], src.Pix[i:i+4])
		}
	}
	return out
}

// spriteKey identifies a baked layer sprite: the tile with its flips and
// the layer's opacity and tint.
type spriteKey struct {
	gid     tiled.GID
	opacity float64
	tint    [4]uint8
	half    bool // smoothed half a pixel down (halfRows)
}

// layerSprite returns the tile-layer sprite of gid (or, for an animated
// tile, of the local tile id shown instead) with the layer's opacity and
// tint applied, and its draw offset: the tileset's tile offset plus the
// layer's total offset (rounded to whole pixels), in any direction.
func (b *tiledBuilder) layerSprite(gid tiled.GID, l *tiled.Layer) (*raster.Sprite, mathx.Point, error) {
	return b.layerSpriteHalf(gid, l, false)
}

// layerSpriteHalf is layerSprite, the image smoothed half a pixel down
// (halfRows) when half is set.
func (b *tiledBuilder) layerSpriteHalf(gid tiled.GID, l *tiled.Layer, half bool) (*raster.Sprite, mathx.Point, error) {
	off, err := layerOffset(l)
	if err != nil {
		return nil, off, fmt.Errorf("level: %s: %w", b.m.File, err)
	}
	ts, _, ok := b.m.TileFor(gid)
	if !ok {
		return nil, off, fmt.Errorf("level: %s: GID %d has no tileset", b.m.File, gid.ID())
	}
	off = off.Add(ts.TileOffset)
	tint := l.TotalTint
	key := spriteKey{gid: gid, opacity: l.TotalOpacity, tint: [4]uint8{tint.R, tint.G, tint.B, tint.A}, half: half}
	if s, ok := b.sprites[key]; ok {
		return s, off.Add(b.spriteAt[key]), nil
	}
	img, _, at, err := b.tileImage(gid, true)
	if err != nil {
		return nil, off, err
	}
	if at != (mathx.Point{}) {
		if b.spriteAt == nil {
			b.spriteAt = map[spriteKey]mathx.Point{}
		}
		b.spriteAt[key] = at
		off = off.Add(at)
	}
	shade(img, 1, tint)
	var s *raster.Sprite
	var wide *image.RGBA64
	untinted := tint == color.NRGBA{} || tint == color.NRGBA{255, 255, 255, 255}
	switch {
	case b.opt.ExactOpacity && half && untinted:
		// The half-pixel samples as Qt computes and blends them, in 16
		// bits: mirrored through scale(±1, ±1) with setupMatrix's
		// 1/65536 nudge, which tips rows blended in pairs at a tie.
		if wide, err = b.halfFlip16(gid); err != nil {
			return nil, off, err
		}
	case b.opt.ExactOpacity && half:
		// The half-pixel samples as Qt blends them, in 16 bits.
		wide = halfRows16(img)
	case half:
		halfRows(img)
	case b.opt.ExactOpacity && untinted:
		// A turned or mirrored tile's samples as Qt blends them, in 16
		// bits.
		if wide, err = b.hexTurn16(gid); err != nil {
			return nil, off, err
		}
		if wide == nil {
			if wide, err = b.flip16(gid); err != nil {
				return nil, off, err
			}
		}
	}
	if wide != nil {
		s, err = raster.NewSpriteAlpha(wide, qtAlpha(l.TotalOpacity))
	} else {
		s, err = b.alphaSprite(img, l.TotalOpacity)
	}
	if err != nil {
		return nil, off, fmt.Errorf("level: %s: tile %d: %w", b.m.File, gid.ID(), err)
	}
	b.sprites[key] = s
	return s, off, nil
}

// layerOffset returns a layer's total offset rounded to whole pixels
// (Tiled allows fractional offsets; the rasterizer draws tiles on whole
// pixels).
func layerOffset(l *tiled.Layer) (mathx.Point, error) {
	o := l.TotalOffset
	if math.IsNaN(o.X) || math.IsNaN(o.Y) || math.Abs(o.X) > 1<<16 || math.Abs(o.Y) > 1<<16 {
		return mathx.Point{}, fmt.Errorf("layer %q offset %v is out of range (at most 65536 pixels)", l.Name, o)
	}
	return mathx.Point{X: int(math.Round(o.X)), Y: int(math.Round(o.Y))}, nil
}

// shade applies a layer's tint and opacity to a premultiplied image.
//
// The tint is Tiled's (tinted() in libtiled/maprenderer.cpp, read in
// Tiled master after 1.12.2; Tiled 1.8 has no tint), in Qt's 8-bit raster
// arithmetic on a premultiplied ARGB32 copy of the tile's image:
//
//  1. fill with the tint colour made opaque, CompositionMode_Multiply:
//     c = div255(t·c + t·(255−a)) for each colour channel, alpha 255 (the
//     t·(255−a) term brightens half-transparent pixels: a plain multiply
//     would not);
//  2. draw the original image, CompositionMode_DestinationIn: every
//     channel times the original alpha, div255;
//  3. fill with the tint colour, CompositionMode_DestinationIn: every
//     channel times the tint's alpha, div255;
//
// where div255(x) = (x + x>>8 + 0x80) >> 8 (qt_div_255, BYTE_MUL). No tint
// or an opaque white one leaves the image as it is, as Tiled skips it.
// The opacity then multiplies every channel, rounded.
func shade(img *image.RGBA, opacity float64, tint color.NRGBA) {
	tinted := tint != (color.NRGBA{}) && tint != (color.NRGBA{255, 255, 255, 255})
	if tinted {
		t := [3]uint32{uint32(tint.R), uint32(tint.G), uint32(tint.B)}
		ta := uint32(tint.A)
		for i := 0; i < len(img.Pix); i += 4 {
			a := uint32(img.Pix[i+3])
			for c := 0; c < 3; c++ {
				v := div255(t[c]*uint32(img.Pix[i+c]) + t[c]*(255-a)) // Multiply
				v = div255(v * a)                                     // DestinationIn, the image
				img.Pix[i+c] = uint8(div255(v * ta))                  // DestinationIn, the tint
			}
			img.Pix[i+3] = uint8(div255(div255(255*a) * ta))
		}
	}
	if opacity >= 1 {
		return
	}
	f := math.Max(0, opacity)
	for i := range img.Pix {
		img.Pix[i] = uint8(math.Round(float64(img.Pix[i]) * f))
	}
}

// alphaSprite makes the sprite of a layer's tile or image (tinted
// already) drawn at the layer's opacity: Qt's constant alpha (qtAlpha),
// applied at draw time in 16 bits with ExactOpacity, else baked into the
// pixels as Qt's 8-bit pipeline does (BYTE_MUL). img is changed.
func (b *tiledBuilder) alphaSprite(img *image.RGBA, opacity float64) (*raster.Sprite, error) {
	k := qtAlpha(opacity)
	if b.opt.ExactOpacity {
		return raster.NewSpriteAlpha(img, k)
	}
	if k < 255 {
		for i, c := range img.Pix {
			img.Pix[i] = uint8(div255(uint32(c) * uint32(k)))
		}
	}
	return raster.NewSprite(img)
}

// qtAlpha is the constant alpha Qt 5.15's raster engine composites a
// painter opacity with: int(opacity·256), truncated, times 255, shifted
// down 8 bits (opacity 0.3 is 75, not 76: TestExportLayerOpacity-
// MatchesTmxrasterizer tells the two apart). Layer sprites are drawn at
// it (raster.NewSpriteAlpha), in 16 bits, as tmxrasterizer draws a
// half-transparent layer.
func qtAlpha(opacity float64) uint8 {
	if !(opacity > 0) {
		return 0
	}
	if opacity >= 1 {
		return 255
	}
	return uint8(int(opacity*256) * 255 >> 8)
}

// div255 is Qt's x/255 rounded for x ≤ 255·255·2 (qt_div_255).
func div255(x uint32) uint32 { return (x + x>>8 + 0x80) >> 8 }

// tileLayer converts one tile layer; solid is non-nil when some tile is a
// wall ("solid" on the layer or on the tile).
func (b *tiledBuilder) tileLayer(l *tiled.Layer) (iso.TileLayer, []bool, error) {
	m, g := b.m, b.g
	tl := iso.TileLayer{Tiles: make([]int32, g.Cols*g.Rows)}
	type cellKey struct {
		gid  tiled.GID
		adj  mathx.Point // Tiled's rounding of odd isometric sizes (isoPlacement)
		half bool        // and its smoothing of a flipped tile there
	}
	index := map[cellKey]int32{}
	layerSolid := l.Properties.Bool("solid", false)
	adjust := b.isoPlacement(l)
	var solid []bool
	for row := 0; row < g.Rows; row++ {
		for col := 0; col < g.Cols; col++ {
			k := row*g.Cols + col
			gid := l.At(b.region.Min.X+col, b.region.Min.Y+row)
			if gid.Empty() {
				tl.Tiles[k] = -1
				continue
			}
			key := cellKey{gid: gid}
			if adjust != nil {
				key.adj, key.half = adjust(b.region.Min.X+col, b.region.Min.Y+row, gid.Flags())
			}
			si, ok := index[key]
			if si < 0 {
				tl.Tiles[k] = -1
				continue
			}
			if !ok {
				s, off, err := b.layerSpriteHalf(gid, l, key.half)
				if errors.Is(err, errNoTile) {
					index[key] = -1 // Tiled draws nothing there either
					tl.Tiles[k] = -1
					continue
				}
				off = off.Add(key.adj)
				if err != nil {
					return iso.TileLayer{}, nil, fmt.Errorf("%w (layer %q tile %d,%d)", err, l.Name, col, row)
				}
				si = int32(len(tl.Sprites))
				tl.Sprites = append(tl.Sprites, s)
				tl.Offsets = append(tl.Offsets, off)
				index[key] = si
				if err := b.animation(gid, l, si); err != nil {
					return iso.TileLayer{}, nil, fmt.Errorf("%w (layer %q tile %d,%d)", err, l.Name, col, row)
				}
			}
			tl.Tiles[k] = si
			isSolid := layerSolid
			if ts, local, ok := m.TileFor(gid); ok && !isSolid {
				if t := ts.Tile(local); t != nil {
					// A tile is solid by its "solid" property, or by
					// having collision shapes (Tiled's collision editor)
					// unless "solid" is false.
					hasShapes := t.ObjectGroup != nil && len(t.ObjectGroup.Objects) > 0
					isSolid = t.Properties.Bool("solid", hasShapes)
				}
			}
			if b.opt.SolidTile != nil {
				info := TileInfo{Layer: l.Name, Col: b.region.Min.X + col, Row: b.region.Min.Y + row, Solid: isSolid}
				if ts, local, ok := m.TileFor(gid); ok {
					info.Tileset, info.ID = ts.Name, int(local)
					if t := ts.Tile(local); t != nil {
						info.Class = t.Class
					}
				}
				isSolid = b.opt.SolidTile(info)
			}
			if isSolid {
				if solid == nil {
					solid = make([]bool, g.Cols*g.Rows)
				}
				solid[k] = true
			}
		}
	}
	return tl, solid, nil
}

// animation records the frames of an animated tile shown as sprite si of
// the layer being built (it will be World.Layers[len(World.Layers)]).
func (b *tiledBuilder) animation(gid tiled.GID, l *tiled.Layer, si int32) error {
	ts, local, ok := b.m.TileFor(gid)
	if !ok {
		return nil
	}
	t := ts.Tile(local)
	if t == nil || len(t.Animation) == 0 {
		return nil
	}
	a := scene.TileAnimation{Layer: len(b.w.Layers), Sprite: int(si)}
	for _, f := range t.Animation {
		if f.Duration <= 0 {
			return fmt.Errorf("level: %s: tile %d of tileset %q: animation frame of %v", b.m.File, local, ts.Name, f.Duration)
		}
		fg := tiled.GID(ts.FirstGID+f.TileID) | tiled.GID(gid.Flags())
		s, _, err := b.layerSprite(fg, l)
		if errors.Is(err, errNoTile) {
			return fmt.Errorf("level: %s: tile %d of tileset %q: animation frame tile %d is not in the tileset", b.m.File, local, ts.Name, f.TileID)
		}
		if err != nil {
			return err
		}
		a.Frames = append(a.Frames, s)
		a.Durations = append(a.Durations, f.Duration)
	}
	b.anims = append(b.anims, a)
	return nil
}

// imageLayer reads an image layer's image into layer: the layer's opacity
// and tint applied, placed at the layer's offset (Tiled draws an image
// layer's top-left corner at the offset, in screen pixels).
func (b *tiledBuilder) imageLayer(l *tiled.Layer, layer *scene.Layer) error {
	if l.Image == nil || l.Image.Source == "" && l.Image.Data == "" {
		return nil // an image layer without an image draws nothing
	}
	img, err := b.image(l.Image, nil)
	if err != nil {
		return fmt.Errorf("%w (image layer %q)", err, l.Name)
	}
	off, err := layerOffset(l)
	if err != nil {
		return fmt.Errorf("level: %s: %w", b.m.File, err)
	}
	cp := image.NewRGBA(img.Rect)
	copy(cp.Pix, img.Pix)
	shade(cp, 1, l.TotalTint)
	s, err := b.alphaSprite(cp, l.TotalOpacity)
	if err != nil {
		return fmt.Errorf("level: %s: image layer %q: %w", b.m.File, l.Name, err)
	}
	layer.Image = s
	layer.ImageAt = b.gridPixel(off)
	layer.RepeatX, layer.RepeatY = l.RepeatX, l.RepeatY
	return nil
}

// walls turns solid map tiles into merged physics walls over their world
// cells.
func (b *tiledBuilder) walls(solid []bool) error {
	g := b.g
	bb := b.w.Bounds() // every cell of the grid
	x0, y0 := int(math.Floor(bb.Min.X)), int(math.Floor(bb.Min.Y))
	cols, rows := int(bb.Max.X)-x0, int(bb.Max.Y)-y0
	cells := make([]bool, cols*rows)
	for row := 0; row < g.Rows; row++ {
		for col := 0; col < g.Cols; col++ {
			if solid[row*g.Cols+col] {
				i, j := g.TileCell(col, row)
				cells[(j-y0)*cols+(i-x0)] = true
			}
		}
	}
	_, _, err := b.w.Phys.AddSolidTiles(physics.SolidTiles{
		Cols: cols, Rows: rows, TileW: 1, TileH: 1, Origin: mathx.V2(float64(x0), float64(y0)), Solid: cells,
	})
	if err != nil {
		return fmt.Errorf("level: %s: walls: %w", b.m.File, err)
	}
	return nil
}

// world converts a point of Tiled's object space to world x, y.
func (b *tiledBuilder) world(p mathx.Vec2) mathx.Vec2 {
	if b.m.Orientation == tiled.Isometric {
		// Object space counts tile heights on both map axes: exact.
		th := float64(b.m.TileHeight)
		return mathx.V2(p.X/th-float64(b.region.Min.X), p.Y/th-float64(b.region.Min.Y))
	}
	return b.screenWorld(b.lay.PixelToScreen(p))
}

// gridPixel converts a whole pixel of Tiled's screen space to the grid's
// map pixels (where an image drawn there goes).
func (b *tiledBuilder) gridPixel(p mathx.Point) mathx.Point {
	return p.Sub(mathx.Point{X: int(math.Round(b.delta.X)), Y: int(math.Round(b.delta.Y))})
}

// screenWorld converts a point of Tiled's screen space to world x, y.
func (b *tiledBuilder) screenWorld(s mathx.Vec2) mathx.Vec2 {
	return b.g.ToWorld(s.Sub(b.delta), 0).XY()
}

// object converts one object of layer l to an entity drawn with
// World.Layers[layer-1]. A hidden object is created (it may be a spawn
// point or a trigger) but not drawn.
func (b *tiledBuilder) object(l *tiled.Layer, o *tiled.Object, layer int) error {
	m := b.m
	fail := func(format string, a ...any) error {
		return fmt.Errorf("level: %s: layer %q object %d (%q): %s", m.File, l.Name, o.ID, o.Name, fmt.Sprintf(format, a...))
	}
	loff, err := layerOffset(l)
	if err != nil {
		return fail("%v", err)
	}
	// The layer's offset moves its objects on screen: they move by the
	// world vector that projects to it.
	shift := b.g.WorldVec(loff.Vec())
	d := scene.EntityDef{Name: o.Name, Class: strings.ToLower(o.Class), ID: o.ID, Props: o.Properties}
	var center, half mathx.Vec2
	switch o.Shape {
	case tiled.TileShape, tiled.TextShape:
		d.Kind = scene.Object
	case tiled.Point:
		d.Kind = scene.SpawnPoint
	default:
		d.Kind = scene.Trigger
	}
	switch d.Class {
	case "character", "player", "enemy":
		d.Kind = scene.Character
	case "pickup", "health":
		d.Kind = scene.Pickup
	case "spawn":
		d.Kind = scene.SpawnPoint
	case "trigger", "door", "overlord":
		d.Kind = scene.Trigger
	case "object":
		d.Kind = scene.Object
	}
	pts := []mathx.Vec2{{X: o.X, Y: o.Y}}
	switch o.Shape {
	case tiled.Rectangle, tiled.Ellipse, tiled.TextShape, tiled.Capsule:
		pts = append(pts, mathx.V2(o.X+o.Width, o.Y), mathx.V2(o.X, o.Y+o.Height), mathx.V2(o.X+o.Width, o.Y+o.Height))
	case tiled.Polygon, tiled.Polyline:
		for _, q := range o.Points {
			pts = append(pts, mathx.V2(o.X+q.X, o.Y+q.Y))
		}
	}
	if o.Shape != tiled.TileShape {
		box := mathx.AABB{Min: b.world(pts[0]), Max: b.world(pts[0])}
		for _, q := range pts[1:] {
			box = box.Extend(b.world(q))
		}
		if isWallObject(l, o) {
			// A collision shape: a wall over its bounding box in world
			// units, not an entity.
			box = mathx.AABB{Min: box.Min.Add(shift), Max: box.Max.Add(shift)}
			if box.Max.X-box.Min.X <= 0 || box.Max.Y-box.Min.Y <= 0 {
				return nil // a point or a line blocks nothing
			}
			if _, err := b.w.Phys.AddWall(box, 1); err != nil {
				return fail("%v", err)
			}
			return nil
		}
		center, half = box.Center(), box.Half()
		if o.Shape == tiled.Point {
			center, half = b.world(pts[0]), mathx.Vec2{}
		}
		center = center.Add(shift)
	}
	var img *image.RGBA
	var ts *tiled.Tileset
	drawTile := o.Shape == tiled.TileShape && o.Visible
	if drawTile {
		var err error
		img, ts, _, err = b.tileImage(o.GID, false)
		switch {
		case errors.Is(err, errNoTile):
			drawTile = false // a tile its tileset lacks: Tiled draws nothing either
		case err != nil:
			return fail("%v", err)
		}
	}
	if drawTile {
		// Tiled draws a tile object's image at the object's size (an
		// object without a size shows the image at its own), rotated
		// about the object's anchor, with the layer's and the object's
		// opacity and the layer's tint.
		oo := *o
		if oo.Width <= 0 || oo.Height <= 0 {
			oo.Width, oo.Height = float64(img.Rect.Dx()), float64(img.Rect.Dy())
		}
		top := b.lay.ObjectImageTopLeft(&oo, ts.Alignment(m.Orientation), ts.TileOffset)
		anchor := b.lay.PixelToScreen(mathx.V2(o.X, o.Y))
		// Objects showing the same tile the same way share one baked
		// sprite (levels repeat their blocks): the bake depends on the
		// fractional part of the position only.
		fx, fy := math.Floor(top.X), math.Floor(top.Y)
		key := objKey{gid: o.GID, size: mathx.V2(oo.Width, oo.Height), rot: o.Rotation, frac: mathx.V2(top.X-fx, top.Y-fy),
			opacity: l.TotalOpacity * o.Opacity, tint: l.TotalTint}
		if o.Rotation != 0 {
			key.pivot = anchor.Sub(top)
		}
		baked, ok := b.objects[key]
		if !ok {
			shade(img, l.TotalOpacity*o.Opacity, l.TotalTint)
			s, tl, err := bakeTileObject(img, top, mathx.V2(oo.Width, oo.Height), anchor, o.Rotation)
			if err != nil {
				return fail("%v", err)
			}
			baked = bakedObject{s: s, off: mathx.Point{X: tl.X - int(fx), Y: tl.Y - int(fy)}}
			b.objects[key] = baked
		}
		s, tl := baked.s, mathx.Point{X: int(fx) + baked.off.X, Y: int(fy) + baked.off.Y}
		at := b.gridPixel(tl.Add(loff))
		// Feet: the bottom centre of the image without the tileset offset.
		feet := top.Add(mathx.V2(oo.Width/2-float64(ts.TileOffset.X), oo.Height-float64(ts.TileOffset.Y)))
		if m.Orientation == tiled.Isometric && ts.Alignment(m.Orientation) == "bottom" {
			center = b.world(mathx.V2(o.X, o.Y)) // exact
		} else {
			center = b.screenWorld(feet)
		}
		center = center.Add(shift)
		r := o.Properties.Float("radius", 0.5)
		h := oo.Height / float64(b.g.Proj.ZPixels)
		d.Drawing = iso.Object{
			Box:   iso.Box{Min: mathx.V3(center.X-r, center.Y-r, 0), Max: mathx.V3(center.X+r, center.Y+r, h)},
			Parts: []iso.Part{{Sprite: s, At: at}},
		}
		d.Height = h
		half = mathx.V2(r, r)
	}
	if o.Shape == tiled.TextShape && o.Visible && o.Text != nil && strings.TrimSpace(o.Text.Text) != "" {
		timg, off, err := b.textImage(o.Text, o.Width, o.Height, b.opt.Limits.Images.OrDefault().MaxPixels)
		if err != nil {
			return fail("%v", err)
		}
		// Tiled draws text in the rectangle at the object's position on
		// the screen (projected on isometric maps), rotated about it.
		anchor := b.lay.PixelToScreen(mathx.V2(o.X, o.Y))
		top := anchor.Add(mathx.V2(float64(off.X), float64(off.Y)))
		shade(timg, l.TotalOpacity*o.Opacity, l.TotalTint)
		s, tl, err := bakeTileObject(timg, top, mathx.V2(float64(timg.Rect.Dx()), float64(timg.Rect.Dy())), anchor, o.Rotation)
		if err != nil {
			return fail("%v", err)
		}
		at := b.gridPixel(tl.Add(loff))
		// Sorted by the rectangle's bottom centre, as a tile object by
		// its feet.
		center = b.screenWorld(anchor.Add(mathx.V2(o.Width/2, o.Height))).Add(shift)
		h := o.Height / float64(b.g.Proj.ZPixels)
		d.Drawing = iso.Object{
			Box:   iso.Box{Min: mathx.V3(center.X-0.5, center.Y-0.5, 0), Max: mathx.V3(center.X+0.5, center.Y+0.5, h)},
			Parts: []iso.Part{{Sprite: s, At: at}},
		}
		d.Height = h
	}
	d.Pos = mathx.V3(center.X, center.Y, 0)
	d.Health = int32(o.Properties.Int("health", 0))
	d.Value = int32(o.Properties.Int("value", 0))
	d.Collector = o.Properties.Bool("collector", d.Class == "player")
	d.Look = b.opt.look(d.Class)
	if h := o.Properties.Float("height", 0); h > 0 {
		d.Height = h
	}
	switch d.Kind {
	case scene.Character:
		d.Radius = o.Properties.Float("radius", b.opt.radius())
		if d.Health == 0 {
			d.Health = b.opt.health()
		}
		d.Drawing = iso.Object{}
	case scene.Object:
		if o.Properties.Bool("solid", false) {
			d.Radius = o.Properties.Float("radius", math.Max(math.Min(half.X, half.Y), 0.5))
		}
	case scene.Pickup, scene.Trigger:
		d.Extent = half
		if d.Extent.X <= 0 || d.Extent.Y <= 0 {
			r := o.Properties.Float("radius", 0.5)
			d.Extent = mathx.V2(r, r)
		}
	}
	if _, err := b.w.Builder().CreateOn(layer-1, d); err != nil {
		return fail("%v", err)
	}
	if d.Kind == scene.Character && b.stage < 0 {
		b.stage = layer - 1
	}
	return nil
}

// isWallObject reports whether a shape object is a collision shape: its
// class is "wall", "collision" or "solid", or it (or its layer) has the
// bool property "solid" set.
func isWallObject(l *tiled.Layer, o *tiled.Object) bool {
	switch o.Shape {
	case tiled.Rectangle, tiled.Ellipse, tiled.Polygon, tiled.Capsule:
	default:
		return false
	}
	switch strings.ToLower(o.Class) {
	case "wall", "collision", "solid":
		return true
	}
	return o.Properties.Bool("solid", l.Properties.Bool("solid", false))
}

// MaxTiledTiles is the largest number of tiles (columns × rows of the
// region the chunks of an infinite map span) BuildTiled accepts, and
// MaxTiledLayerTiles the largest region × tile layers (each tile layer is
// built over the whole region), as the loader's limits for finite maps.
const (
	MaxTiledTiles      = 1 << 24
	MaxTiledLayerTiles = 1 << 26
)

// tileRegion returns the map's tiles the grid will hold: the whole map
// for a finite map; for an infinite map the bounding rectangle of every
// tile layer's chunks (the map's declared size when there are none).
func tileRegion(m *tiled.Map) (mathx.Rect, error) {
	r := mathx.R(0, 0, m.Width, m.Height)
	layers := int64(0)
	for _, l := range m.Flatten() {
		if l.Kind == tiled.TileLayer && l.TotalVisible {
			layers++
		}
	}
	if m.Infinite {
		first := true
		for _, l := range m.Flatten() {
			if l.Kind != tiled.TileLayer {
				continue
			}
			for _, c := range l.Chunks {
				if c.Width <= 0 || c.Height <= 0 {
					continue
				}
				cr := mathx.R(c.X, c.Y, c.X+c.Width, c.Y+c.Height)
				if first {
					r, first = cr, false
				} else {
					r = r.Union(cr)
				}
			}
		}
	}
	if r.Empty() || r.Dx() > iso.MaxMapSide || r.Dy() > iso.MaxMapSide || int64(r.Dx())*int64(r.Dy()) > MaxTiledTiles {
		return r, fmt.Errorf("tile region %d×%d at (%d,%d) is empty or too large (at most %d tiles)", r.Dx(), r.Dy(), r.Min.X, r.Min.Y, MaxTiledTiles)
	}
	if cells := int64(r.Dx()) * int64(r.Dy()); cells*layers > MaxTiledLayerTiles {
		return r, fmt.Errorf("%d tile layers over a region of %d×%d tiles is too large (at most %d tiles in all)", layers, r.Dx(), r.Dy(), MaxTiledLayerTiles)
	}
	return r, nil
}

// tiledGrid returns the iso grid for the map's tiles in region. A region
// starting on an odd row (StaggerY) or column (StaggerX) flips the stagger
// index, so the grid's tiles are shifted exactly as Tiled shifts the
// map's.
func tiledGrid(m *tiled.Map, region mathx.Rect) (*iso.Grid, error) {
	axis, index := iso.StaggerY, iso.StaggerOdd
	if m.StaggerAxis == tiled.StaggerX {
		axis = iso.StaggerX
	}
	if m.StaggerIndex == tiled.StaggerEven {
		index = iso.StaggerEven
	}
	first := region.Min.Y
	if axis == iso.StaggerX {
		first = region.Min.X
	}
	if first&1 != 0 {
		index ^= 1
	}
	cols, rows := region.Dx(), region.Dy()
	switch m.Orientation {
	case tiled.Isometric:
		// Odd sizes too: corners on half pixels are rounded down here,
		// and each tile's image moved to where Tiled draws it
		// (isoPlacement).
		p, err := iso.NewOddProjection(m.TileWidth, m.TileHeight, m.TileHeight)
		if err != nil {
			return nil, err
		}
		return iso.NewDiamond(p, cols, rows)
	case tiled.Staggered:
		// Tiled rounds staggered tile sizes down to even numbers, as for
		// hexagonal maps (a 111 px wide tile is laid out 110 px apart).
		p, err := iso.NewProjection(m.TileWidth&^1, m.TileHeight&^1, max(m.TileHeight&^1, 2))
		if err != nil {
			return nil, err
		}
		return iso.NewStaggered(p, cols, rows, axis, index)
	case tiled.Orthogonal, tiled.Oblique:
		order := iso.RightDown
		switch m.RenderOrder {
		case tiled.RightUp:
			order = iso.RightUp
		case tiled.LeftDown:
			order = iso.LeftDown
		case tiled.LeftUp:
			order = iso.LeftUp
		}
		if m.Orientation == tiled.Oblique {
			return iso.NewOblique(m.TileWidth, m.TileHeight, m.SkewX, m.SkewY, max(m.TileHeight, 1), cols, rows, order)
		}
		return iso.NewOrthogonal(m.TileWidth, m.TileHeight, max(m.TileHeight, 1), cols, rows, order)
	case tiled.Hexagonal:
		// iso rounds the sizes as Tiled does.
		return iso.NewHexagonal(m.TileWidth, m.TileHeight, m.HexSideLength, max(m.TileHeight&^1, 1), cols, rows, axis, index)
	}
	return nil, fmt.Errorf("%s maps are not supported", m.Orientation)
}
