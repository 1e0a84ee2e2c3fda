package tiled

import (
	"image"
	"image/color"
	"sort"
	"strconv"
	"time"

	"diorama/mathx"
	"diorama/props"
)

// Orientation is the map projection.
type Orientation uint8

// Orientations Tiled supports.
const (
	Orthogonal Orientation = iota
	Isometric
	Staggered
	Hexagonal
	// Oblique (Tiled 1.12) is orthogonal on a sheared grid: each row
	// SkewX pixels further right, each column SkewY pixels further down.
	Oblique
)

var orientationNames = [...]string{"orthogonal", "isometric", "staggered", "hexagonal", "oblique"}

// String returns Tiled's name for o.
func (o Orientation) String() string {
	if int(o) < len(orientationNames) {
		return orientationNames[o]
	}
	return "orientation(" + itoa(int(o)) + ")"
}

// RenderOrder is the order tiles of orthogonal maps are drawn in.
type RenderOrder uint8

// Render orders: the first word is the x direction, the second the y
// direction (right-down draws rows top to bottom, each left to right).
const (
	RightDown RenderOrder = iota
	RightUp
	LeftDown
	LeftUp
)

var renderOrderNames = [...]string{"right-down", "right-up", "left-down", "left-up"}

// String returns Tiled's name for r.
func (r RenderOrder) String() string {
	if int(r) < len(renderOrderNames) {
		return renderOrderNames[r]
	}
	return "renderorder(" + itoa(int(r)) + ")"
}

// StaggerAxis says which axis is staggered on staggered and hexagonal maps.
type StaggerAxis uint8

// Stagger axes; Tiled's default is StaggerY.
const (
	StaggerY StaggerAxis = iota
	StaggerX
)

// StaggerIndex says whether odd or even rows (or columns) are shifted.
type StaggerIndex uint8

// Stagger indices; Tiled's default is StaggerOdd.
const (
	StaggerOdd StaggerIndex = iota
	StaggerEven
)

// GID is a global tile ID as stored in Tiled files: the tile number in the
// low 28 bits and four flip/rotation flags in the high bits. 0 is no tile.
type GID uint32

// Flags are the flip/rotation bits of a GID, in their GID positions.
type Flags uint32

// The four flag bits of a GID (Tiled's global-tile-ids reference).
const (
	FlipHorizontal Flags = 0x80000000
	FlipVertical   Flags = 0x40000000
	FlipDiagonal   Flags = 0x20000000 // anti-diagonal flip (x and y swapped)
	RotateHex120   Flags = 0x10000000 // hexagonal maps: 120° rotation
	flagMask             = FlipHorizontal | FlipVertical | FlipDiagonal | RotateHex120
)

// ID returns the tile number with all four flag bits cleared.
func (g GID) ID() uint32 { return uint32(g) &^ uint32(flagMask) }

// Flags returns the flip/rotation bits.
func (g GID) Flags() Flags { return Flags(g) & flagMask }

// Empty reports whether g is no tile (ID 0, whatever the flags).
func (g GID) Empty() bool { return g.ID() == 0 }

// Has reports whether all bits of f are set.
func (f Flags) Has(b Flags) bool { return f&b == b }

// H reports the horizontal flip.
func (f Flags) H() bool { return f&FlipHorizontal != 0 }

// V reports the vertical flip.
func (f Flags) V() bool { return f&FlipVertical != 0 }

// D reports the anti-diagonal flip (x and y swapped; with H or V it makes
// the 90° rotations).
func (f Flags) D() bool { return f&FlipDiagonal != 0 }

// Hex120 reports the 120° rotation of hexagonal maps.
func (f Flags) Hex120() bool { return f&RotateHex120 != 0 }

// Map is a loaded Tiled map. Everything is fully resolved: external
// tilesets are loaded, paths are relative to the fs.FS root, every tile GID
// has been checked against the tilesets, and group inheritance is applied
// (Layer.Total*).
type Map struct {
	// File is the map's path in the fs.FS.
	File string
	// Version and TiledVersion are the format and editor versions.
	Version, TiledVersion string
	Class                 string
	Orientation           Orientation
	RenderOrder           RenderOrder
	// Width and Height are in tiles; TileWidth and TileHeight the grid cell
	// in pixels.
	Width, Height         int
	TileWidth, TileHeight int
	HexSideLength         int
	StaggerAxis           StaggerAxis
	StaggerIndex          StaggerIndex
	// SkewX and SkewY shear an oblique map, in pixels per tile row and
	// per tile column.
	SkewX, SkewY int
	// Infinite maps keep tile layer data in chunks.
	Infinite bool
	// Background is the background colour (zero alpha when unset).
	Background     color.NRGBA
	ParallaxOrigin mathx.Vec2
	NextLayerID    int
	NextObjectID   int
	// Tilesets are ordered by ascending FirstGID.
	Tilesets []*Tileset
	// Layers are the top-level layers, bottom first (draw order).
	Layers     []*Layer
	Properties props.List
}

// TileFor resolves a GID to its tileset and local tile ID (flags ignored)
// as Tiled does: the tileset with the largest FirstGID not above it. ok is
// false for an empty GID or one below every tileset. local may lie past
// the tiles the file declares (Tiled cuts an atlas tileset's tiles from
// its image as the image is, so a tileset image that grew since the map
// was saved still resolves): whether the tile exists is for
// Tileset.Tile, SourceRect or the image itself to say.
func (m *Map) TileFor(g GID) (ts *Tileset, local uint32, ok bool) {
	id := g.ID()
	if id == 0 {
		return nil, 0, false
	}
	i := sort.Search(len(m.Tilesets), func(i int) bool { return m.Tilesets[i].FirstGID > id }) - 1
	if i < 0 {
		return nil, 0, false
	}
	ts = m.Tilesets[i]
	return ts, id - ts.FirstGID, true
}

// Flatten returns the non-group layers in draw order (bottom first),
// depth first through groups.
func (m *Map) Flatten() []*Layer {
	var out []*Layer
	var walk func([]*Layer)
	walk = func(ls []*Layer) {
		for _, l := range ls {
			if l.Kind == GroupLayer {
				walk(l.Layers)
			} else {
				out = append(out, l)
			}
		}
	}
	walk(m.Layers)
	return out
}

// LayerByName returns the first layer (depth first) with the given name.
func (m *Map) LayerByName(name string) *Layer {
	var find func([]*Layer) *Layer
	find = func(ls []*Layer) *Layer {
		for _, l := range ls {
			if l.Name == name {
				return l
			}
			if r := find(l.Layers); r != nil {
				return r
			}
		}
		return nil
	}
	return find(m.Layers)
}

// Layout returns the tile layout helper for this map.
func (m *Map) Layout() Layout {
	return Layout{
		Orientation: m.Orientation, RenderOrder: m.RenderOrder,
		Width: m.Width, Height: m.Height, TileWidth: m.TileWidth, TileHeight: m.TileHeight,
		HexSideLength: m.HexSideLength, StaggerAxis: m.StaggerAxis, StaggerIndex: m.StaggerIndex,
		SkewX: m.SkewX, SkewY: m.SkewY,
	}
}

// Tileset is a set of tiles cut from one image, or an image collection
// (one image per tile).
type Tileset struct {
	// FirstGID is the GID of local tile 0 in the map that uses the tileset
	// (0 for a tileset loaded on its own).
	FirstGID uint32
	// Source is the external tileset file (fs path), empty when embedded.
	Source                string
	Name, Class           string
	TileWidth, TileHeight int
	Spacing, Margin       int
	// TileCount is the number of tiles; Columns the atlas columns (0 for
	// an image collection).
	TileCount, Columns int
	// ObjectAlignment is as written ("" means Tiled's default: bottomleft on
	// orthogonal maps, bottom on isometric ones; see Alignment).
	ObjectAlignment string
	TileRenderSize  string // "tile" (default) or "grid"
	FillMode        string // "stretch" (default) or "preserve-aspect-fit"
	// TileOffset is added to the draw position of every tile, in pixels.
	TileOffset mathx.Point
	// GridOrientation and GridWidth/GridHeight describe the tile grid for
	// tile objects ("orthogonal" or "isometric").
	GridOrientation       string
	GridWidth, GridHeight int
	// Image is the atlas image; nil for an image collection.
	Image *Image
	// Tiles holds the tiles that carry data (image, animation, class,
	// properties, collision shapes), sorted by ID.
	Tiles      []Tile
	Properties props.List
	// WangSets are the tileset's terrain sets, kept for games and tools.
	WangSets []WangSet
	// Transformations say how Tiled's terrain tools may flip and rotate
	// the tiles.
	Transformations Transformations

	// Line is the line of the map's <tileset> element that declares the
	// tileset, or of the JSON object in "tilesets" (0 for a tileset loaded
	// on its own).
	Line int
}

// IsCollection reports whether the tileset is an image collection.
func (ts *Tileset) IsCollection() bool { return ts.Image == nil }

// Tile returns the tile data for local ID id, or nil if the tile has none.
func (ts *Tileset) Tile(id uint32) *Tile {
	i := sort.Search(len(ts.Tiles), func(i int) bool { return ts.Tiles[i].ID >= id })
	if i < len(ts.Tiles) && ts.Tiles[i].ID == id {
		return &ts.Tiles[i]
	}
	return nil
}

func (ts *Tileset) hasLocal(id uint32) bool {
	if ts.Image != nil {
		return int64(id) < int64(ts.TileCount)
	}
	return ts.Tile(id) != nil
}

// span returns how many GIDs the tileset occupies from FirstGID.
func (ts *Tileset) span() uint32 {
	n := uint32(ts.TileCount)
	if ts.Image == nil && len(ts.Tiles) > 0 {
		if m := ts.Tiles[len(ts.Tiles)-1].ID + 1; m > n {
			n = m
		}
	}
	return max(n, 1)
}

// Alignment returns the object alignment of tile objects using this
// tileset on a map of orientation o, resolving Tiled's "unspecified".
func (ts *Tileset) Alignment(o Orientation) string {
	if ts.ObjectAlignment != "" && ts.ObjectAlignment != "unspecified" {
		return ts.ObjectAlignment
	}
	if o == Isometric {
		return "bottom"
	}
	return "bottomleft"
}

// SourceRect returns the rectangle of local tile id in its image: the atlas
// cell for an atlas tileset, the tile's sub-rectangle (or whole image) in
// an image collection. ok is false for a tile that does not exist.
func (ts *Tileset) SourceRect(id uint32) (r image.Rectangle, ok bool) {
	if ts.Image == nil {
		t := ts.Tile(id)
		if t == nil || t.Image == nil {
			return image.Rectangle{}, false
		}
		if t.Width > 0 && t.Height > 0 {
			return image.Rect(t.X, t.Y, t.X+t.Width, t.Y+t.Height), true
		}
		return image.Rect(0, 0, t.Image.Width, t.Image.Height), true
	}
	if int64(id) >= int64(ts.TileCount) || ts.Columns <= 0 {
		return image.Rectangle{}, false
	}
	col, row := int(id)%ts.Columns, int(id)/ts.Columns
	x := ts.Margin + col*(ts.TileWidth+ts.Spacing)
	y := ts.Margin + row*(ts.TileHeight+ts.Spacing)
	return image.Rect(x, y, x+ts.TileWidth, y+ts.TileHeight), true
}

// Image is a reference to an image file.
type Image struct {
	// Source is the image path in the fs.FS, already resolved against the
	// file that named it and checked to stay inside the root; "" for an
	// image embedded in the file.
	Source string
	// Data holds an embedded image's bytes (a PNG, say; Format is the
	// file's format attribute, "png"), decoded from the TMX file's
	// base64 <data>; "" when Source names a file. (A string keeps Image
	// comparable.)
	Data   string
	Format string
	// Trans is the colour key made transparent; HasTrans says it is set.
	Trans    color.NRGBA
	HasTrans bool
	// Width and Height as declared (0 when not declared).
	Width, Height int
	// RefFile, RefLine and RefWhere name the place that refers to the
	// image (a tileset, tile or image layer element, or the JSON object
	// that says the same), for error messages.
	RefFile  string
	RefLine  int
	RefWhere string
}

// Tile is per-tile data in a tileset.
type Tile struct {
	ID          uint32
	Class       string
	Probability float64 // 0 when not set (Tiled's default is 1)
	// Image is the tile's own image in an image collection.
	Image *Image
	// X, Y, Width, Height select a sub-rectangle of Image (Tiled 1.9);
	// zero Width/Height means the whole image.
	X, Y, Width, Height int
	// Animation frames, in order; empty when the tile is not animated.
	Animation []AnimationFrame
	// Collision shapes, as an object layer (nil when none).
	ObjectGroup *Layer
	Properties  props.List
}

// AnimationFrame is one frame of a tile animation.
type AnimationFrame struct {
	TileID   uint32 // local tile ID in the same tileset
	Duration time.Duration
}

// AnimationFrame returns the local tile ID shown at time t since the
// animation started (looping). For a tile without animation it returns the
// tile's own ID.
func (t *Tile) AnimationFrame(at time.Duration) uint32 {
	if len(t.Animation) == 0 {
		return t.ID
	}
	var total time.Duration
	for _, f := range t.Animation {
		total += f.Duration
	}
	if total <= 0 {
		return t.Animation[0].TileID
	}
	at %= total
	if at < 0 {
		at += total
	}
	for _, f := range t.Animation {
		if at < f.Duration {
			return f.TileID
		}
		at -= f.Duration
	}
	return t.Animation[len(t.Animation)-1].TileID
}

// LayerKind says what a Layer holds.
type LayerKind uint8

// Layer kinds.
const (
	TileLayer LayerKind = iota
	ObjectGroup
	ImageLayer
	GroupLayer
)

var layerKindNames = [...]string{"tile layer", "object group", "image layer", "group"}

// String names the kind.
func (k LayerKind) String() string {
	if int(k) < len(layerKindNames) {
		return layerKindNames[k]
	}
	return "layerkind(" + itoa(int(k)) + ")"
}

// Layer is a tile layer, object group, image layer or group; the fields
// that apply depend on Kind.
type Layer struct {
	Kind        LayerKind
	ID          int
	Name, Class string
	// Own attributes as written in the file.
	Visible  bool
	Opacity  float64
	Offset   mathx.Vec2 // offsetx, offsety in pixels
	Parallax mathx.Vec2 // parallax factors (default 1, 1)
	Tint     color.NRGBA
	HasTint  bool
	// Effective values with every enclosing group applied, as Tiled renders
	// them: offsets add, opacities and parallax factors multiply, a hidden
	// group hides its children, tints multiply per channel.
	TotalVisible  bool
	TotalOpacity  float64
	TotalOffset   mathx.Vec2
	TotalParallax mathx.Vec2
	TotalTint     color.NRGBA // white when no tint applies
	// BlendMode is the layer's blend mode as written (Tiled 1.12: normal,
	// add, multiply, screen, overlay, darken, lighten, color-dodge,
	// color-burn, hard-light, soft-light, difference, exclusion); "" is
	// normal.
	BlendMode string

	// Tile layer: X, Y, Width, Height are the layer's bounds in tiles. For a
	// finite map Tiles holds Width×Height GIDs row by row. For an infinite
	// map Tiles is nil and the data is in Chunks; the bounds enclose them.
	X, Y, Width, Height int
	Tiles               []GID
	Chunks              []Chunk

	// Object group.
	DrawOrder string // "topdown" (default) or "index"
	Color     color.NRGBA
	Objects   []*Object

	// Image layer.
	Image            *Image
	RepeatX, RepeatY bool

	// Group.
	Layers []*Layer

	Properties props.List

	line int
}

// At returns the GID at tile (x, y), 0 outside the layer (or in a part of
// an infinite map no chunk covers).
func (l *Layer) At(x, y int) GID {
	if l.Chunks != nil {
		for i := range l.Chunks {
			c := &l.Chunks[i]
			if x >= c.X && y >= c.Y && x < c.X+c.Width && y < c.Y+c.Height {
				return c.Tiles[(y-c.Y)*c.Width+(x-c.X)]
			}
		}
		return 0
	}
	x -= l.X
	y -= l.Y
	if x < 0 || y < 0 || x >= l.Width || y >= l.Height {
		return 0
	}
	return l.Tiles[y*l.Width+x]
}

// Chunk is a rectangle of tile data on an infinite map.
type Chunk struct {
	X, Y, Width, Height int
	Tiles               []GID // Width×Height, row by row
}

// Shape is an object's geometry.
type Shape uint8

// Object shapes.
const (
	Rectangle Shape = iota
	Ellipse
	Point
	Polygon
	Polyline
	TextShape
	TileShape // a tile object (GID set)
	Capsule   // Tiled 1.12: a rectangle with round ends along its long side
)

var shapeNames = [...]string{"rectangle", "ellipse", "point", "polygon", "polyline", "text", "tile", "capsule"}

// String names the shape.
func (s Shape) String() string {
	if int(s) < len(shapeNames) {
		return shapeNames[s]
	}
	return "shape(" + itoa(int(s)) + ")"
}

// Object is a placed object in an object group. Coordinates are in Tiled's
// pixel space: on isometric maps that is a projected space where both axes
// are measured in tile heights; use Layout.PixelToScreen / PixelToTile.
type Object struct {
	ID                  int
	Name, Class         string
	Shape               Shape
	X, Y, Width, Height float64
	Rotation            float64 // degrees, clockwise
	// GID is the tile of a tile object with its flip flags (0 otherwise).
	GID     GID
	Visible bool
	// Opacity is the object's own opacity (Tiled 1.12; 1 when unset),
	// multiplied with its layer's.
	Opacity float64
	// Points of a polygon or polyline, relative to (X, Y).
	Points []mathx.Vec2
	// Text of a text object.
	Text *Text
	// Template is the template file (.tx or .tj) the object was made
	// from, already applied: attributes the object does not set come from
	// the template, and its properties override the template's by name.
	Template   string
	Properties props.List

	line int
	set  objSet // which attributes the file set explicitly (for templates)
}

// objSet records which object attributes a file set explicitly, so a
// template fills in only the others.
type objSet uint16

const (
	setName objSet = 1 << iota
	setClass
	setWidth
	setHeight
	setRotation
	setGID
	setVisible
	setShape
	setOpacity
)

// Text is the content and style of a text object.
type Text struct {
	Text       string
	FontFamily string // default "sans-serif"
	PixelSize  int    // default 16
	Wrap       bool
	Color      color.NRGBA // default opaque black
	Bold       bool
	Italic     bool
	Underline  bool
	Strikeout  bool
	Kerning    bool   // default true
	HAlign     string // left (default), center, right, justify
	VAlign     string // top (default), center, bottom
}

func itoa(i int) string { return strconv.Itoa(i) }

type colorNRGBA = color.NRGBA
