package tiled

import (
	"bytes"
	"errors"
	"image"
	"image/color"
	_ "image/gif"  // image headers, for tilesets that do not declare their image size
	_ "image/jpeg" // (see load.imageSize)
	_ "image/png"
	"io"
	"io/fs"
	"path"
	"sort"
	"strings"

	"diorama/internal/loadutil"
	"diorama/mathx"

	_ "golang.org/x/image/bmp"
	_ "golang.org/x/image/tiff"
	_ "golang.org/x/image/webp"
)

// Loader loads maps and tilesets under the given Limits (zero fields mean
// DefaultLimits). The zero Loader uses DefaultLimits.
type Loader struct {
	Limits Limits
	// Missing, when set, makes Load forgiving where Tiled is: an external
	// tileset or a template that cannot be opened is passed to Missing
	// (its error names the file and who refers to it) instead of failing
	// the load. A missing tileset becomes a placeholder of 16×16 tiles of
	// 32×32 pixels whose image is the missing file (so a builder with
	// level.Options.Missing draws its tiles as magenta checks); an
	// object whose template is missing keeps its own attributes. nil (the
	// default) keeps such a map unopenable.
	Missing func(err error)
}

// Load reads a map from fsys with DefaultLimits: .tmx as XML, .tmj and
// .json as JSON. On error it returns nil and an *Error.
func Load(fsys fs.FS, name string) (*Map, error) { return Loader{}.Load(fsys, name) }

// LoadTileset reads a standalone tileset (.tsx, .tsj or .json) with
// DefaultLimits. Its FirstGID is 0.
func LoadTileset(fsys fs.FS, name string) (*Tileset, error) {
	return Loader{}.LoadTileset(fsys, name)
}

// Load reads a map; see the package Load.
func (ld Loader) Load(fsys fs.FS, name string) (*Map, error) {
	l := ld.newLoad(fsys)
	m, err := l.loadMap(name)
	if err != nil {
		return nil, err
	}
	return m, nil
}

// LoadTileset reads a standalone tileset; see the package LoadTileset.
func (ld Loader) LoadTileset(fsys fs.FS, name string) (*Tileset, error) {
	l := ld.newLoad(fsys)
	if !fs.ValidPath(name) {
		return nil, errf(ErrPath, name, 0, "", "not a valid fs path")
	}
	ts, err := l.loadTilesetFile(name)
	if err != nil {
		return nil, err
	}
	return ts, nil
}

// load is the state of one Load call.
type load struct {
	fsys   fs.FS
	lim    Limits
	cells  int64
	layers int   // layers of the map, MaxLayers
	read   int64 // bytes read by this load
	cache  map[string]*Tileset
	tmpl   map[string]*template

	missing func(error) // Loader.Missing
}

func (ld Loader) newLoad(fsys fs.FS) *load {
	return &load{fsys: fsys, lim: ld.Limits.withDefaults(), cache: map[string]*Tileset{}, tmpl: map[string]*template{}, missing: ld.Missing}
}

// forgive reports err to Loader.Missing and returns true when the loader
// is forgiving and err is a file that cannot be opened.
func (l *load) forgive(err error) bool {
	if l.missing == nil || !errors.Is(err, ErrMissing) {
		return false
	}
	l.missing(err)
	return true
}

func (l *load) readFile(name string) ([]byte, error) {
	b, err := loadutil.ReadFile(l.fsys, name, l.lim.MaxFileBytes)
	if err != nil {
		return nil, err
	}
	l.read += int64(len(b))
	if l.read > 4*l.lim.MaxFileBytes {
		return nil, errf(ErrLimit, name, 0, "", "map and tilesets together larger than %d bytes", 4*l.lim.MaxFileBytes)
	}
	return b, nil
}

func isJSONName(name string) bool {
	ext := strings.ToLower(path.Ext(name))
	return ext == ".tmj" || ext == ".tsj" || ext == ".tj" || ext == ".json"
}

func (l *load) loadMap(name string) (*Map, error) {
	if !fs.ValidPath(name) {
		return nil, errf(ErrPath, name, 0, "", "not a valid fs path")
	}
	data, err := l.readFile(name)
	if err != nil {
		return nil, err
	}
	m, err := l.parseMap(name, data)
	if err != nil {
		return nil, err
	}
	if err := l.finish(m); err != nil {
		return nil, err
	}
	return m, nil
}

func (l *load) loadTilesetFile(name string) (*Tileset, error) {
	data, err := l.readFile(name)
	if err != nil {
		return nil, err
	}
	return l.parseTileset(name, data)
}

// external returns a copy of the external tileset at p with the given
// firstgid, loading it once per Load.
func (l *load) external(p string, firstGID uint32) (*Tileset, error) {
	ts, ok := l.cache[p]
	if !ok {
		var err error
		ts, err = l.loadTilesetFile(p)
		if err != nil && l.forgive(err) {
			const n, px = 16, 32
			ts, err = &Tileset{Name: "missing " + path.Base(p), TileWidth: px, TileHeight: px, TileCount: n * n, Columns: n,
				Image: &Image{Source: p, Width: n * px, Height: n * px, RefFile: p, RefWhere: "missing tileset"}}, nil
		}
		if err != nil {
			return nil, err
		}
		ts.Source = p
		l.cache[p] = ts
	}
	c := *ts
	c.FirstGID = firstGID
	return &c, nil
}

// checkDims checks a tile layer or map size against the limits.
func (l *load) checkDims(file string, line int, where string, w, h int) error {
	if w < 0 || h < 0 {
		return errf(ErrInvalid, file, line, where, "negative size %d×%d", w, h)
	}
	if w > l.lim.MaxWidth {
		return errf(ErrLimit, file, line, where, "size %d×%d exceeds %d tiles wide (raise Limits.MaxWidth)", w, h, l.lim.MaxWidth)
	}
	if h > l.lim.MaxHeight {
		return errf(ErrLimit, file, line, where, "size %d×%d exceeds %d tiles high (raise Limits.MaxHeight)", w, h, l.lim.MaxHeight)
	}
	if int64(w)*int64(h) > l.lim.MaxLayerCells {
		return errf(ErrLimit, file, line, where, "size %d×%d exceeds %d cells", w, h, l.lim.MaxLayerCells)
	}
	return nil
}

// allocCells reserves n cells against the total-cells limit and returns a
// slice for them.
func (l *load) allocCells(file string, line int, where string, n int64) ([]GID, error) {
	if n < 0 || l.cells+n > l.lim.MaxTotalCells {
		return nil, errf(ErrLimit, file, line, where, "tile data exceeds %d cells in all layers (each layer counts %d besides its tiles)", l.lim.MaxTotalCells, LayerCells)
	}
	l.cells += n
	return make([]GID, n), nil
}

// addLayer counts one more layer against MaxLayers and its LayerCells
// against MaxTotalCells.
func (l *load) addLayer(file string, line int, where string) error {
	if l.layers++; l.layers > l.lim.MaxLayers {
		return errf(ErrLimit, file, line, where, "more than %d layers (raise Limits.MaxLayers)", l.lim.MaxLayers)
	}
	if l.cells+LayerCells > l.lim.MaxTotalCells {
		return errf(ErrLimit, file, line, where, "layers exceed %d cells in all layers (each counts %d besides its tiles)", l.lim.MaxTotalCells, LayerCells)
	}
	l.cells += LayerCells
	return nil
}

// decodeTiles decodes tile data in one of Tiled's encodings into n GIDs.
func (l *load) decodeTiles(file string, line int, where, encoding, compression string, text []byte, n int64) ([]GID, error) {
	dst, err := l.allocCells(file, line, where, n)
	if err != nil {
		return nil, err
	}
	switch encoding {
	case "csv":
		if compression != "" {
			return nil, errf(ErrData, file, line, where, "compression %q with csv encoding", compression)
		}
		err = decodeCSV(text, dst)
	case "base64":
		err = decodeBase64(text, compression, dst)
	default:
		return nil, errf(ErrData, file, line, where, "unknown encoding %q", encoding)
	}
	if err != nil {
		return nil, &Error{File: file, Line: line, Where: where, Msg: encoding + " data", Kind: ErrData, Err: err}
	}
	return dst, nil
}

// checkTileset validates sizes common to TSX and TSJ and fills defaults.
func (l *load) checkTileset(file string, line int, where string, ts *Tileset) error {
	if ts.TileWidth <= 0 || ts.TileHeight <= 0 {
		return errf(ErrInvalid, file, line, where, "tile size %d×%d must be positive", ts.TileWidth, ts.TileHeight)
	}
	if ts.TileWidth > l.lim.MaxTileSize || ts.TileHeight > l.lim.MaxTileSize {
		return errf(ErrLimit, file, line, where, "tile size %d×%d exceeds %d", ts.TileWidth, ts.TileHeight, l.lim.MaxTileSize)
	}
	if ts.Spacing < 0 || ts.Margin < 0 || ts.Columns < 0 || ts.TileCount < 0 ||
		ts.Spacing > l.lim.MaxImageSize || ts.Margin > l.lim.MaxImageSize {
		return errf(ErrInvalid, file, line, where, "negative or absurd spacing, margin, columns or tilecount")
	}
	if ts.TileCount > l.lim.MaxTileCount || ts.Columns > l.lim.MaxTileCount {
		return errf(ErrLimit, file, line, where, "tilecount %d exceeds %d", ts.TileCount, l.lim.MaxTileCount)
	}
	if ts.GridWidth < 0 || ts.GridHeight < 0 || ts.GridWidth > l.lim.MaxTileSize || ts.GridHeight > l.lim.MaxTileSize {
		return errf(ErrLimit, file, line, where, "grid size %d×%d out of range", ts.GridWidth, ts.GridHeight)
	}
	if img := ts.Image; img != nil {
		if err := l.checkImage(file, line, where+" > image", img); err != nil {
			return err
		}
		if (ts.Columns == 0 || ts.TileCount == 0) && (img.Width == 0 || img.Height == 0) {
			// Tiled computes both from the image when the file leaves
			// them out (perspective_walls.tsx does): read its header.
			if err := l.imageSize(file, line, where+" > image", img); err != nil {
				return err
			}
		}
		if img.Width > 0 && img.Height > 0 {
			// Tiled lays an atlas out from its image, whatever the file's
			// columns and tilecount say (Tileset::initializeTilesetTiles,
			// columnCountForWidth: only the top and left margins count).
			ts.Columns = max((img.Width-ts.Margin+ts.Spacing)/(ts.TileWidth+ts.Spacing), 0)
			rows := max((img.Height-ts.Margin+ts.Spacing)/(ts.TileHeight+ts.Spacing), 0)
			if int64(ts.Columns)*int64(rows) > int64(l.lim.MaxTileCount) {
				return errf(ErrLimit, file, line, where, "image of %d×%d tiles exceeds %d tiles", ts.Columns, rows, l.lim.MaxTileCount)
			}
			ts.TileCount = ts.Columns * rows
		}
	}
	sort.SliceStable(ts.Tiles, func(i, j int) bool { return ts.Tiles[i].ID < ts.Tiles[j].ID })
	if err := l.applyTileTemplates(file, ts); err != nil {
		return err
	}
	for i := range ts.Tiles {
		t := &ts.Tiles[i]
		if i > 0 && ts.Tiles[i-1].ID == t.ID {
			return errf(ErrInvalid, file, line, where, "tile id %d appears twice", t.ID)
		}
		if int64(t.ID) >= int64(l.lim.MaxTileCount) {
			return errf(ErrLimit, file, line, where, "tile id %d exceeds %d", t.ID, l.lim.MaxTileCount)
		}
		if t.Image != nil {
			if err := l.checkImage(file, line, where+" > tile "+itoa(int(t.ID))+" > image", t.Image); err != nil {
				return err
			}
		}
		if t.X < 0 || t.Y < 0 || t.Width < 0 || t.Height < 0 {
			return errf(ErrInvalid, file, line, where, "tile %d has a negative sub-rectangle", t.ID)
		}
		for _, f := range t.Animation {
			if !ts.hasLocal(f.TileID) {
				return errf(ErrInvalid, file, line, where, "tile %d animation frame names missing tile %d", t.ID, f.TileID)
			}
			if f.Duration < 0 {
				return errf(ErrInvalid, file, line, where, "tile %d animation frame has a negative duration", t.ID)
			}
		}
	}
	return nil
}

// maxHeaderBytes bounds what imageSize reads to find an image's size
// (a JPEG's size can follow large metadata segments).
const maxHeaderBytes = 4 << 20

// imageSize fills img.Width and img.Height from the image file's header
// (PNG, JPEG, GIF, BMP, TIFF or WebP); the pixels are not decoded.
func (l *load) imageSize(file string, line int, where string, img *Image) error {
	var r io.Reader = strings.NewReader(img.Data) // an embedded image
	if img.Source != "" {
		f, err := loadutil.Open(l.fsys, img.Source)
		if err != nil {
			return &Error{File: file, Line: line, Where: where, Msg: "image size needed for the tile count", Kind: ErrMissing, Err: err}
		}
		defer f.Close()
		r = f
	}
	head, err := io.ReadAll(io.LimitReader(r, maxHeaderBytes))
	if err != nil {
		return &Error{File: file, Line: line, Where: where, Msg: "image size needed for the tile count: " + img.Source + ": unreadable", Kind: ErrMissing, Err: err}
	}
	cfg, _, err := image.DecodeConfig(bytes.NewReader(head))
	if err != nil && len(head) >= 12 && head[4] == 0xE0 && head[5] == 0xA5 {
		// An Aseprite file (Tiled opens them through a plugin): its
		// header's canvas size.
		cfg, err = image.Config{Width: int(head[8]) | int(head[9])<<8, Height: int(head[10]) | int(head[11])<<8}, nil
	}
	if err != nil {
		return &Error{File: file, Line: line, Where: where, Msg: "image size needed for the tile count: " + img.Source + ": header unreadable", Kind: ErrMissing, Err: err}
	}
	img.Width, img.Height = cfg.Width, cfg.Height
	return l.checkImage(file, line, where, img)
}

func (l *load) checkImage(file string, line int, where string, img *Image) error {
	if img.Width < 0 || img.Height < 0 || img.Width > l.lim.MaxImageSize || img.Height > l.lim.MaxImageSize {
		return errf(ErrLimit, file, line, where, "image size %d×%d out of range (max %d)", img.Width, img.Height, l.lim.MaxImageSize)
	}
	return nil
}

// finish completes a parsed map: tileset order, GID checks, inheritance.
func (l *load) finish(m *Map) error {
	if len(m.Tilesets) > l.lim.MaxTilesets {
		return errf(ErrLimit, m.File, 0, "tilesets", "%d tilesets exceed %d", len(m.Tilesets), l.lim.MaxTilesets)
	}
	sort.SliceStable(m.Tilesets, func(i, j int) bool { return m.Tilesets[i].FirstGID < m.Tilesets[j].FirstGID })
	if err := l.applyTemplates(m); err != nil {
		return err
	}
	for i, ts := range m.Tilesets {
		if ts.FirstGID == 0 || ts.FirstGID > uint32(flagMask^0xFFFFFFFF) {
			return errf(ErrInvalid, m.File, ts.Line, "tileset "+quote(ts.Name), "firstgid %d out of range", ts.FirstGID)
		}
		if i > 0 && m.Tilesets[i-1].FirstGID == ts.FirstGID {
			return errf(ErrInvalid, m.File, ts.Line, "tileset "+quote(ts.Name), "firstgid %d used twice", ts.FirstGID)
		}
	}
	var walk func(ls []*Layer, parent *Layer) error
	walk = func(ls []*Layer, parent *Layer) error {
		for _, ly := range ls {
			inherit(ly, parent)
			if err := l.checkGIDs(m, ly); err != nil {
				return err
			}
			if err := walk(ly.Layers, ly); err != nil {
				return err
			}
		}
		return nil
	}
	return walk(m.Layers, nil)
}

func (l *load) checkGIDs(m *Map, ly *Layer) error {
	where := ly.Kind.String() + " " + quote(ly.Name)
	check := func(g GID, x, y int) error {
		if g.ID() == 0 {
			return nil
		}
		if _, _, ok := m.TileFor(g); !ok {
			return errf(ErrGID, m.File, ly.line, where, "GID %d (raw %#x) at tile (%d,%d) belongs to no tileset", g.ID(), uint32(g), x, y)
		}
		return nil
	}
	for i, g := range ly.Tiles {
		if err := check(g, ly.X+i%max(ly.Width, 1), ly.Y+i/max(ly.Width, 1)); err != nil {
			return err
		}
	}
	for _, c := range ly.Chunks {
		for i, g := range c.Tiles {
			if err := check(g, c.X+i%c.Width, c.Y+i/c.Width); err != nil {
				return err
			}
		}
	}
	for _, o := range ly.Objects {
		if o.GID.ID() != 0 {
			if _, _, ok := m.TileFor(o.GID); !ok {
				return errf(ErrGID, m.File, o.line, where+" > object "+itoa(o.ID), "GID %d belongs to no tileset", o.GID.ID())
			}
		}
	}
	return nil
}

var white = color.NRGBA{255, 255, 255, 255}

func inherit(ly, parent *Layer) {
	tint := white
	if ly.HasTint {
		tint = ly.Tint
	}
	if parent == nil {
		ly.TotalVisible, ly.TotalOpacity = ly.Visible, ly.Opacity
		ly.TotalOffset, ly.TotalParallax, ly.TotalTint = ly.Offset, ly.Parallax, tint
		return
	}
	ly.TotalVisible = parent.TotalVisible && ly.Visible
	ly.TotalOpacity = parent.TotalOpacity * ly.Opacity
	ly.TotalOffset = parent.TotalOffset.Add(ly.Offset)
	ly.TotalParallax = mathx.Vec2{X: parent.TotalParallax.X * ly.Parallax.X, Y: parent.TotalParallax.Y * ly.Parallax.Y}
	pt := parent.TotalTint
	ly.TotalTint = color.NRGBA{mul8(pt.R, tint.R), mul8(pt.G, tint.G), mul8(pt.B, tint.B), mul8(pt.A, tint.A)}
}

func mul8(a, b uint8) uint8 { return uint8((uint32(a)*uint32(b) + 127) / 255) }
