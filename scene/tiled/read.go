package tiled

import (
	"bytes"
	"sort"
	"strings"
	"time"

	"diorama/internal/loadutil"
	"diorama/mathx"
	"diorama/props"
)

// The one interpreter: from the intermediate form (form.go) of any
// format to a Map, Tileset or template. Element paths in errors are
// TMX's: `tileset "t" > tile 3 > image`, `object group "o" > object 1 >
// polygon`, `map > property "n"`.

// parseMap reads a map file (TMX or TMJ).
func (l *load) parseMap(file string, data []byte) (*Map, error) {
	root, c, err := l.parseForm(file, data, "map", isJSONName(file))
	if err != nil {
		return nil, err
	}
	m := &Map{File: file}
	where := "map"
	m.Version = c.str(root, where, "version", "")
	m.TiledVersion = c.str(root, where, "tiledversion", "")
	m.Class = c.str(root, where, "class", "")
	var ok bool
	if m.Orientation, ok = parseOrientation(c.str(root, where, "orientation", "orthogonal")); !ok {
		return nil, errf(ErrInvalid, file, root.Line, where, "unknown orientation %s", quote(c.str(root, where, "orientation", "")))
	}
	if m.RenderOrder, ok = parseRenderOrder(c.str(root, where, "renderorder", "")); !ok {
		return nil, errf(ErrInvalid, file, root.Line, where, "unknown renderorder %s", quote(c.str(root, where, "renderorder", "")))
	}
	if m.StaggerAxis, m.StaggerIndex, ok = parseStagger(c.str(root, where, "staggeraxis", ""), c.str(root, where, "staggerindex", "")); !ok {
		return nil, errf(ErrInvalid, file, root.Line, where, "bad staggeraxis/staggerindex")
	}
	m.Width = c.int(root, where, "width", 0)
	m.Height = c.int(root, where, "height", 0)
	m.TileWidth = c.int(root, where, "tilewidth", 0)
	m.TileHeight = c.int(root, where, "tileheight", 0)
	m.HexSideLength = c.int(root, where, "hexsidelength", 0)
	m.SkewX = c.int(root, where, "skewx", 0)
	m.SkewY = c.int(root, where, "skewy", 0)
	m.Infinite = c.bool(root, where, "infinite", false)
	m.Background = c.color(root, where, "backgroundcolor").c
	m.ParallaxOrigin = mathx.Vec2{X: c.float(root, where, "parallaxoriginx", 0), Y: c.float(root, where, "parallaxoriginy", 0)}
	m.NextLayerID = c.int(root, where, "nextlayerid", 0)
	m.NextObjectID = c.int(root, where, "nextobjectid", 0)
	if c.err != nil {
		return nil, c.err
	}
	if err := l.checkMapHeader(file, root.Line, m); err != nil {
		return nil, err
	}
	tilesets := 0 // counted before any is read
	for _, k := range root.Kids {
		if k.Name == "tileset" {
			if tilesets++; tilesets > l.lim.MaxTilesets {
				return nil, errf(ErrLimit, file, k.Line, "tileset", "more than %d tilesets", l.lim.MaxTilesets)
			}
		}
	}
	for _, k := range root.Kids {
		switch k.Name {
		case "properties":
			ps, err := l.props(c, k, "map")
			if err != nil {
				return nil, err
			}
			m.Properties = ps
		case "tileset":
			ts, err := l.tilesetRef(c, k)
			if err != nil {
				return nil, err
			}
			m.Tilesets = append(m.Tilesets, ts)
		case "layer", "objectgroup", "imagelayer", "group":
			ly, err := l.layer(c, m, k, 0)
			if err != nil {
				return nil, err
			}
			m.Layers = append(m.Layers, ly)
		}
	}
	return m, nil
}

func (l *load) checkMapHeader(file string, line int, m *Map) error {
	if m.TileWidth <= 0 || m.TileHeight <= 0 {
		return errf(ErrInvalid, file, line, "map", "tile size %d×%d must be positive", m.TileWidth, m.TileHeight)
	}
	if m.TileWidth > l.lim.MaxTileSize || m.TileHeight > l.lim.MaxTileSize {
		return errf(ErrLimit, file, line, "map", "tile size %d×%d exceeds %d", m.TileWidth, m.TileHeight, l.lim.MaxTileSize)
	}
	if m.HexSideLength < 0 || m.HexSideLength > l.lim.MaxTileSize {
		return errf(ErrInvalid, file, line, "map", "hexsidelength %d out of range", m.HexSideLength)
	}
	if m.SkewX < -l.lim.MaxTileSize || m.SkewX > l.lim.MaxTileSize || m.SkewY < -l.lim.MaxTileSize || m.SkewY > l.lim.MaxTileSize {
		return errf(ErrInvalid, file, line, "map", "skew %d, %d out of range (±%d)", m.SkewX, m.SkewY, l.lim.MaxTileSize)
	}
	if m.Orientation == Oblique && int64(m.TileWidth)*int64(m.TileHeight) <= int64(m.SkewX)*int64(m.SkewY) {
		return errf(ErrInvalid, file, line, "map", "skew %d, %d folds the %d×%d grid (skewx·skewy must stay below tilewidth·tileheight)", m.SkewX, m.SkewY, m.TileWidth, m.TileHeight)
	}
	return l.checkDims(file, line, "map", m.Width, m.Height)
}

func parseOrientation(s string) (Orientation, bool) {
	for i, n := range orientationNames {
		if n == s {
			return Orientation(i), true
		}
	}
	return 0, false
}

func parseRenderOrder(s string) (RenderOrder, bool) {
	if s == "" {
		return RightDown, true
	}
	for i, n := range renderOrderNames {
		if n == s {
			return RenderOrder(i), true
		}
	}
	return 0, false
}

func parseStagger(axis, index string) (StaggerAxis, StaggerIndex, bool) {
	var a StaggerAxis
	var i StaggerIndex
	switch axis {
	case "", "y":
	case "x":
		a = StaggerX
	default:
		return 0, 0, false
	}
	switch index {
	case "", "odd":
	case "even":
		i = StaggerEven
	default:
		return 0, 0, false
	}
	return a, i, true
}

// tilesetRef reads a map's <tileset>: embedded, or a reference to an
// external TSX/TSJ file.
func (l *load) tilesetRef(c *xr, n *xnode) (*Tileset, error) {
	where := "tileset"
	first := c.uint32(n, where, "firstgid")
	if src, ok := c.attr(n, where, "source"); ok {
		p := c.path(n, where, "source")
		if c.err != nil {
			return nil, c.err
		}
		ts, err := l.external(p, first)
		if err != nil {
			return nil, loadutil.Chain(c.file, n.Line, "tileset "+quote(src), err)
		}
		ts.Line = n.Line
		return ts, nil
	}
	ts, err := l.tileset(c, n)
	if err != nil {
		return nil, err
	}
	ts.FirstGID = first
	ts.Line = n.Line
	return ts, nil
}

// parseTileset reads a tileset file (TSX or TSJ).
func (l *load) parseTileset(file string, data []byte) (*Tileset, error) {
	root, c, err := l.parseForm(file, data, "tileset", isJSONName(file))
	if err != nil {
		return nil, err
	}
	if _, ok := c.attr(root, "tileset", "source"); ok {
		return nil, errf(ErrInvalid, file, root.Line, "tileset", "a tileset file cannot itself reference another")
	}
	return l.tileset(c, root)
}

func (l *load) tileset(c *xr, n *xnode) (*Tileset, error) {
	ts := &Tileset{}
	ts.Name = c.str(n, "tileset", "name", "")
	where := "tileset " + quote(ts.Name)
	ts.Class = c.str(n, where, "class", "")
	ts.TileWidth = c.int(n, where, "tilewidth", 0)
	ts.TileHeight = c.int(n, where, "tileheight", 0)
	ts.Spacing = c.int(n, where, "spacing", 0)
	ts.Margin = c.int(n, where, "margin", 0)
	ts.TileCount = c.int(n, where, "tilecount", 0)
	ts.Columns = c.int(n, where, "columns", 0)
	ts.ObjectAlignment = c.str(n, where, "objectalignment", "")
	ts.TileRenderSize = c.str(n, where, "tilerendersize", "tile")
	ts.FillMode = c.str(n, where, "fillmode", "stretch")
	for _, k := range n.Kids {
		switch k.Name {
		case "tileoffset":
			ts.TileOffset = mathx.Point{X: c.int(k, where+" > tileoffset", "x", 0), Y: c.int(k, where+" > tileoffset", "y", 0)}
		case "grid":
			ts.GridOrientation = c.str(k, where, "orientation", "orthogonal")
			ts.GridWidth = c.int(k, where+" > grid", "width", 0)
			ts.GridHeight = c.int(k, where+" > grid", "height", 0)
		case "image":
			ts.Image = l.image(c, k, where+" > image", false)
		case "properties":
			ps, err := l.props(c, k, where)
			if err != nil {
				return nil, err
			}
			ts.Properties = ps
		case "transformations":
			tw := where + " > transformations"
			ts.Transformations = Transformations{HFlip: c.bool(k, tw, "hflip", false), VFlip: c.bool(k, tw, "vflip", false),
				Rotate: c.bool(k, tw, "rotate", false), PreferUntransformed: c.bool(k, tw, "preferuntransformed", false)}
		case "wangsets":
			for _, ws := range k.Kids {
				if ws.Name != "wangset" {
					continue
				}
				w, err := l.wangSet(c, ws, where+" > wangset "+quote(c.str(ws, where, "name", "")))
				if err != nil {
					return nil, err
				}
				ts.WangSets = append(ts.WangSets, w)
			}
		case "tile":
			if len(ts.Tiles) >= l.lim.MaxTileCount {
				return nil, errf(ErrLimit, c.file, k.Line, where, "more than %d tiles", l.lim.MaxTileCount)
			}
			t, err := l.tile(c, k, where)
			if err != nil {
				return nil, err
			}
			ts.Tiles = append(ts.Tiles, t)
		}
		if c.err != nil {
			return nil, c.err
		}
	}
	if c.err != nil {
		return nil, c.err
	}
	if err := l.checkTileset(c.file, n.Line, where, ts); err != nil {
		return nil, err
	}
	return ts, nil
}

// wangSet reads a <wangset>: its colours (<wangcolor>, or the
// <wangcornercolor>/<wangedgecolor> of Tiled 1.1–1.4) and tiles.
func (l *load) wangSet(c *xr, n *xnode, where string) (WangSet, error) {
	w := WangSet{Name: c.str(n, where, "name", ""), Class: c.str(n, where, "class", ""), Tile: c.int(n, where, "tile", -1)}
	typ, ok := parseWangType(c.str(n, where, "type", "corner"))
	if !ok {
		return w, errf(ErrInvalid, c.file, n.Line, where, "unknown wang set type %s (corner, edge or mixed)", quote(c.str(n, where, "type", "")))
	}
	w.Type = typ
	var tiles []*xnode
	for _, k := range n.Kids {
		switch k.Name {
		case "wangcolor", "wangcornercolor", "wangedgecolor":
			cw := where + " > " + k.Name + " " + quote(c.str(k, where, "name", ""))
			col := WangColor{Name: c.str(k, where, "name", ""), Class: c.str(k, where, "class", ""), Tile: c.int(k, cw, "tile", -1),
				Probability: c.float(k, cw, "probability", 1), Color: c.color(k, cw, "color").c}
			if p := k.Child("properties"); p != nil {
				ps, err := l.props(c, p, cw)
				if err != nil {
					return w, err
				}
				col.Properties = ps
			}
			w.Colors = append(w.Colors, col)
		case "wangtile":
			tiles = append(tiles, k)
		case "properties":
			ps, err := l.props(c, k, where)
			if err != nil {
				return w, err
			}
			w.Properties = ps
		}
		if c.err != nil {
			return w, c.err
		}
	}
	for _, k := range tiles {
		id, err := parseWangID(c.str(k, where, "wangid", ""), len(w.Colors))
		if err != nil {
			return w, &Error{File: c.file, Line: k.Line, Where: where + " > wangtile", Msg: "bad wangid", Kind: ErrInvalid, Err: err}
		}
		w.Tiles = append(w.Tiles, WangTile{TileID: c.uint32(k, where+" > wangtile", "tileid"), WangID: id})
	}
	return w, orNil(c.err)
}

// image reads an <image>; an optional one (a tile's or an image
// layer's) may name no image at all, as <image source=""/> or empty
// embedded data do (Tiled then shows nothing): it is nil.
func (l *load) image(c *xr, n *xnode, where string, optional bool) *Image {
	img := &Image{RefFile: c.file, RefLine: n.Line, RefWhere: where}
	img.Source = c.path(n, where, "source")
	if img.Source == "" && c.err == nil {
		// Embedded image data: <data encoding="base64"> under the image
		// (its format attribute names the file type; the bytes say it too).
		img.Format = c.str(n, where, "format", "")
		for _, k := range n.Kids {
			if k.Name != "data" {
				continue
			}
			if enc := c.str(k, where, "encoding", ""); enc != "base64" {
				c.fail(ErrInvalid, k, where+" > data", "embedded image encoding %q, want base64", enc)
				return img
			}
			data, err := decodeBase64Bytes(k.Text)
			if err != nil {
				c.fail(ErrInvalid, k, where+" > data", "%v", err)
				return img
			}
			img.Data = string(data)
		}
		if len(img.Data) == 0 && !optional {
			c.fail(ErrInvalid, n, where, "image with neither a source nor embedded data")
		}
	}
	if img.Source == "" && img.Data == "" {
		return nil // no image: a tile or image layer without one
	}
	tc := c.color(n, where, "trans")
	img.Trans, img.HasTrans = tc.c, tc.ok
	img.Width = c.int(n, where, "width", 0)
	img.Height = c.int(n, where, "height", 0)
	return img
}

func (l *load) tile(c *xr, n *xnode, parent string) (Tile, error) {
	var t Tile
	t.ID = c.uint32(n, parent+" > tile", "id")
	where := parent + " > tile " + itoa(int(t.ID))
	t.Class = c.str(n, where, "class", c.str(n, where, "type", ""))
	t.Probability = c.float(n, where, "probability", 0)
	t.X = c.int(n, where, "x", 0)
	t.Y = c.int(n, where, "y", 0)
	t.Width = c.int(n, where, "width", 0)
	t.Height = c.int(n, where, "height", 0)
	for _, k := range n.Kids {
		switch k.Name {
		case "image":
			t.Image = l.image(c, k, where+" > image", true)
		case "properties":
			ps, err := l.props(c, k, where)
			if err != nil {
				return t, err
			}
			t.Properties = ps
		case "animation":
			for _, f := range k.Kids {
				if f.Name != "frame" {
					continue
				}
				if len(t.Animation) >= l.lim.MaxTileCount {
					return t, errf(ErrLimit, c.file, f.Line, where, "animation too long")
				}
				id := c.uint32(f, where+" > frame", "tileid")
				d := c.int(f, where+" > frame", "duration", 0)
				t.Animation = append(t.Animation, AnimationFrame{TileID: id, Duration: time.Duration(d) * time.Millisecond})
			}
		case "objectgroup":
			ly, err := l.objectGroup(c, k, 1)
			if err != nil {
				return t, err
			}
			t.ObjectGroup = ly
		}
	}
	return t, orNil(c.err)
}

func (l *load) props(c *xr, n *xnode, owner string) (props.List, error) {
	var ps props.List
	for _, k := range n.Kids {
		if k.Name != "property" {
			continue
		}
		name := c.str(k, owner, "name", "")
		p, err := l.prop(c, k, name, owner+" > property "+quote(name))
		if err != nil {
			return nil, err
		}
		ps = append(ps, p)
	}
	return ps, orNil(c.err)
}

// prop reads a <property> or a list's <item>: its type, its value (an
// attribute, or element text for multi-line strings), a class's members
// and a list's items, recursively (nesting is bounded by the file's depth
// limit). An unknown type is kept as a string with its TypeName.
func (l *load) prop(c *xr, k *xnode, name, where string) (props.Property, error) {
	p := props.Property{Name: name}
	typ, known := propType(c.str(k, where, "type", ""))
	if !known {
		p.TypeName = c.str(k, where, "type", "")
	}
	p.Type = typ
	p.CustomType = c.str(k, where, "propertytype", "")
	switch typ {
	case props.ClassType:
		if sub := k.Child("properties"); sub != nil {
			ms, err := l.props(c, sub, where)
			if err != nil {
				return p, err
			}
			p.Members = ms
		}
	case props.ListType:
		for _, it := range k.Kids {
			if it.Name != "item" {
				continue
			}
			item, err := l.prop(c, it, "", where+" > item "+itoa(len(p.Items)))
			if err != nil {
				return p, err
			}
			p.Items = append(p.Items, item)
		}
	default:
		raw, has := c.attr(k, where, "value")
		if c.err != nil {
			return p, c.err
		}
		if !has {
			raw = string(k.Text) // multi-line strings are element text
		}
		if err := setScalar(&p, c.file, k.Line, where, raw); err != nil {
			return p, err
		}
	}
	return p, orNil(c.err)
}

// layerCommon reads the attributes every layer kind shares.
func (l *load) layerCommon(c *xr, n *xnode, ly *Layer) string {
	ly.ID = c.int(n, "layer", "id", 0)
	ly.Name = c.str(n, "layer", "name", "")
	where := ly.Kind.String() + " " + quote(ly.Name)
	ly.Class = c.str(n, where, "class", "")
	ly.Visible = c.bool(n, where, "visible", true)
	ly.Opacity = c.float(n, where, "opacity", 1)
	ly.Offset = mathx.Vec2{X: c.float(n, where, "offsetx", 0), Y: c.float(n, where, "offsety", 0)}
	ly.Parallax = mathx.Vec2{X: c.float(n, where, "parallaxx", 1), Y: c.float(n, where, "parallaxy", 1)}
	tc := c.color(n, where, "tintcolor")
	ly.Tint, ly.HasTint = tc.c, tc.ok
	ly.BlendMode = c.str(n, where, "mode", "")
	ly.line = n.Line
	return where
}

func (l *load) layer(c *xr, m *Map, n *xnode, depth int) (*Layer, error) {
	if depth > l.lim.MaxDepth {
		return nil, errf(ErrLimit, c.file, n.Line, "group", "groups nested deeper than %d", l.lim.MaxDepth)
	}
	if err := l.addLayer(c.file, n.Line, "<"+n.Name+">"); err != nil {
		return nil, err
	}
	var ly *Layer
	var err error
	switch n.Name {
	case "layer":
		ly, err = l.tileLayer(c, m, n)
	case "objectgroup":
		ly, err = l.objectGroup(c, n, depth)
	case "imagelayer":
		ly = &Layer{Kind: ImageLayer}
		where := l.layerCommon(c, n, ly)
		ly.RepeatX = c.bool(n, where, "repeatx", false)
		ly.RepeatY = c.bool(n, where, "repeaty", false)
		if img := n.Child("image"); img != nil {
			ly.Image = l.image(c, img, where+" > image", true)
			if ly.Image != nil && c.err == nil {
				err = l.checkImage(c.file, img.Line, where+" > image", ly.Image)
			}
		}
	case "group":
		ly = &Layer{Kind: GroupLayer}
		l.layerCommon(c, n, ly)
		for _, k := range n.Kids {
			switch k.Name {
			case "layer", "objectgroup", "imagelayer", "group":
				sub, err := l.layer(c, m, k, depth+1)
				if err != nil {
					return nil, err
				}
				ly.Layers = append(ly.Layers, sub)
			}
		}
	}
	if err != nil {
		return nil, err
	}
	if c.err != nil {
		return nil, c.err
	}
	if ly.Kind != TileLayer && ly.Kind != ObjectGroup {
		if p := n.Child("properties"); p != nil {
			if ly.Properties, err = l.props(c, p, ly.Kind.String()+" "+quote(ly.Name)); err != nil {
				return nil, err
			}
		}
	}
	return ly, nil
}

func (l *load) tileLayer(c *xr, m *Map, n *xnode) (*Layer, error) {
	ly := &Layer{Kind: TileLayer}
	where := l.layerCommon(c, n, ly)
	ly.Width = c.int(n, where, "width", m.Width)
	ly.Height = c.int(n, where, "height", m.Height)
	if c.err != nil {
		return nil, c.err
	}
	if err := l.checkDims(c.file, n.Line, where, ly.Width, ly.Height); err != nil {
		return nil, err
	}
	for _, k := range n.Kids {
		switch k.Name {
		case "properties":
			ps, err := l.props(c, k, where)
			if err != nil {
				return nil, err
			}
			ly.Properties = ps
		case "data":
			if err := l.data(c, m, k, ly, where+" > data"); err != nil {
				return nil, err
			}
		}
	}
	if ly.Tiles == nil && ly.Chunks == nil {
		if m.Infinite {
			ly.Chunks = []Chunk{}
		} else {
			t, err := l.allocCells(c.file, n.Line, where, int64(ly.Width)*int64(ly.Height))
			if err != nil {
				return nil, err
			}
			ly.Tiles = t
		}
	}
	return ly, nil
}

func (l *load) data(c *xr, m *Map, n *xnode, ly *Layer, where string) error {
	enc := c.str(n, where, "encoding", "")
	comp := c.str(n, where, "compression", "")
	var chunks []*xnode
	for _, k := range n.Kids {
		if k.Name == "chunk" {
			chunks = append(chunks, k)
		}
	}
	if !m.Infinite || len(chunks) == 0 {
		if m.Infinite && len(bytes.TrimSpace(n.Text)) == 0 && len(n.Kids) == 0 {
			ly.Chunks = []Chunk{}
			return nil
		}
		tiles, err := l.dataCells(c, n, enc, comp, int64(ly.Width)*int64(ly.Height), where)
		if err != nil {
			return err
		}
		ly.Tiles = tiles
		return nil
	}
	ly.Chunks = make([]Chunk, 0, len(chunks))
	var total int64
	for _, k := range chunks {
		cw := where + " > chunk"
		ch := Chunk{X: c.int(k, cw, "x", 0), Y: c.int(k, cw, "y", 0), Width: c.int(k, cw, "width", 0), Height: c.int(k, cw, "height", 0)}
		if c.err != nil {
			return c.err
		}
		if err := l.checkChunk(c.file, k.Line, cw, &ch, &total); err != nil {
			return err
		}
		tiles, err := l.dataCells(c, k, enc, comp, int64(ch.Width)*int64(ch.Height), cw)
		if err != nil {
			return err
		}
		ch.Tiles = tiles
		ly.Chunks = append(ly.Chunks, ch)
	}
	setChunkBounds(ly)
	return nil
}

func (l *load) checkChunk(file string, line int, where string, ch *Chunk, total *int64) error {
	if ch.Width <= 0 || ch.Height <= 0 {
		return errf(ErrInvalid, file, line, where, "chunk size %d×%d must be positive", ch.Width, ch.Height)
	}
	if int64(ch.Width)*int64(ch.Height) > l.lim.MaxChunkCells {
		return errf(ErrLimit, file, line, where, "chunk size %d×%d exceeds %d cells", ch.Width, ch.Height, l.lim.MaxChunkCells)
	}
	if abs64(int64(ch.X)) > int64(l.lim.MaxWidth)*64 || abs64(int64(ch.Y)) > int64(l.lim.MaxHeight)*64 {
		return errf(ErrLimit, file, line, where, "chunk position (%d,%d) out of range", ch.X, ch.Y)
	}
	*total += int64(ch.Width) * int64(ch.Height)
	if *total > l.lim.MaxLayerCells {
		return errf(ErrLimit, file, line, where, "chunks exceed %d cells in one layer", l.lim.MaxLayerCells)
	}
	return nil
}

func abs64(v int64) int64 {
	if v < 0 {
		return -v
	}
	return v
}

// setChunkBounds sorts chunks by (y, x) and sets the layer bounds to
// enclose them.
func setChunkBounds(ly *Layer) {
	sortChunks(ly.Chunks)
	if len(ly.Chunks) == 0 {
		return
	}
	x0, y0 := ly.Chunks[0].X, ly.Chunks[0].Y
	x1, y1 := x0+ly.Chunks[0].Width, y0+ly.Chunks[0].Height
	for _, ch := range ly.Chunks[1:] {
		x0, y0 = min(x0, ch.X), min(y0, ch.Y)
		x1, y1 = max(x1, ch.X+ch.Width), max(y1, ch.Y+ch.Height)
	}
	ly.X, ly.Y, ly.Width, ly.Height = x0, y0, x1-x0, y1-y0
}

// dataCells decodes the cells of a <data> or <chunk> element.
func (l *load) dataCells(c *xr, n *xnode, enc, comp string, count int64, where string) ([]GID, error) {
	if enc != "" {
		return l.decodeTiles(c.file, n.Line, where, enc, comp, n.Text, count)
	}
	if comp != "" {
		return nil, errf(ErrData, c.file, n.Line, where, "compression %q without encoding", comp)
	}
	// Deprecated XML form: one <tile gid=""/> per cell, collected by
	// parseXML.
	var lg legacyGIDs
	if p := c.legacy[n]; p != nil {
		lg = *p
	}
	if lg.err != nil {
		lg.err.Where = where + " > tile"
		return nil, lg.err
	}
	if int64(len(lg.gids)) != count {
		return nil, errf(ErrData, c.file, n.Line, where, "%d <tile> elements, want %d", len(lg.gids), count)
	}
	dst, err := l.allocCells(c.file, n.Line, where, count)
	if err != nil {
		return nil, err
	}
	copy(dst, lg.gids)
	return dst, nil
}

func (l *load) objectGroup(c *xr, n *xnode, depth int) (*Layer, error) {
	ly := &Layer{Kind: ObjectGroup}
	where := l.layerCommon(c, n, ly)
	ly.DrawOrder = c.str(n, where, "draworder", "topdown")
	if ly.DrawOrder != "topdown" && ly.DrawOrder != "index" {
		c.fail(ErrInvalid, n, where, "unknown draworder %s", quote(ly.DrawOrder))
	}
	ly.Color = c.color(n, where, "color").c
	for _, k := range n.Kids {
		switch k.Name {
		case "properties":
			ps, err := l.props(c, k, where)
			if err != nil {
				return nil, err
			}
			ly.Properties = ps
		case "object":
			o, err := l.object(c, k, where)
			if err != nil {
				return nil, err
			}
			ly.Objects = append(ly.Objects, o)
		}
		if c.err != nil {
			return nil, c.err
		}
	}
	return ly, orNil(c.err)
}

func (l *load) object(c *xr, n *xnode, parent string) (*Object, error) {
	o := &Object{line: n.Line}
	o.ID = c.int(n, parent+" > object", "id", 0)
	where := parent + " > object " + itoa(o.ID)
	o.Name = c.str(n, where, "name", "")
	o.Class = c.str(n, where, "class", c.str(n, where, "type", ""))
	o.X = c.float(n, where, "x", 0)
	o.Y = c.float(n, where, "y", 0)
	o.Width = c.float(n, where, "width", 0)
	o.Height = c.float(n, where, "height", 0)
	o.Rotation = c.float(n, where, "rotation", 0)
	o.GID = GID(c.uint32(n, where, "gid"))
	o.Visible = c.bool(n, where, "visible", true)
	o.Opacity = c.float(n, where, "opacity", 1)
	if _, ok := formAttr(n, "template"); ok {
		o.Template = c.path(n, where, "template")
	}
	for _, a := range [...]struct {
		name string
		bit  objSet
	}{{"name", setName}, {"class", setClass}, {"type", setClass}, {"width", setWidth}, {"height", setHeight},
		{"rotation", setRotation}, {"gid", setGID}, {"visible", setVisible}, {"opacity", setOpacity}} {
		if _, ok := formAttr(n, a.name); ok {
			o.set |= a.bit
		}
	}
	if o.GID != 0 {
		o.Shape = TileShape
	}
	for _, k := range n.Kids {
		switch k.Name {
		case "ellipse", "point", "polygon", "polyline", "text", "capsule":
			o.set |= setShape
		}
		switch k.Name {
		case "properties":
			ps, err := l.props(c, k, where)
			if err != nil {
				return nil, err
			}
			o.Properties = ps
		case "ellipse":
			o.Shape = Ellipse
		case "point":
			o.Shape = Point
		case "capsule":
			o.Shape = Capsule
		case "polygon", "polyline":
			o.Shape = Polygon
			if k.Name == "polyline" {
				o.Shape = Polyline
			}
			pts, err := parsePoints(c.str(k, where, "points", ""))
			if err != nil {
				return nil, &Error{File: c.file, Line: k.Line, Where: where + " > " + k.Name, Msg: "bad points", Kind: ErrInvalid, Err: err}
			}
			o.Points = pts
		case "text":
			o.Shape = TextShape
			o.Text = text(c, k, where+" > text")
		}
	}
	if c.err == nil {
		if err := checkShape(c.file, n.Line, where, o); err != nil {
			return nil, err
		}
	}
	return o, orNil(c.err)
}

// checkShape refuses what neither format allows of an object's shape,
// with the same message in both: a polygon or polyline without points.
func checkShape(file string, line int, where string, o *Object) error {
	if (o.Shape == Polygon || o.Shape == Polyline) && len(o.Points) == 0 {
		return errf(ErrInvalid, file, line, where, "%s without points", o.Shape)
	}
	return nil
}

func text(c *xr, n *xnode, where string) *Text {
	t := &Text{Text: string(n.Text)}
	t.FontFamily = c.str(n, where, "fontfamily", "sans-serif")
	t.PixelSize = c.int(n, where, "pixelsize", 16)
	t.Wrap = c.bool(n, where, "wrap", false)
	t.Color = colorNRGBA{A: 255}
	if cv := c.color(n, where, "color"); cv.ok {
		t.Color = cv.c
	}
	t.Bold = c.bool(n, where, "bold", false)
	t.Italic = c.bool(n, where, "italic", false)
	t.Underline = c.bool(n, where, "underline", false)
	t.Strikeout = c.bool(n, where, "strikeout", false)
	t.Kerning = c.bool(n, where, "kerning", true)
	t.HAlign = c.str(n, where, "halign", "left")
	t.VAlign = c.str(n, where, "valign", "top")
	return t
}

// parsePoints parses "x1,y1 x2,y2 ..."; none is no error here (checkShape
// refuses a polygon without points, in both formats).
func parsePoints(s string) ([]mathx.Vec2, error) {
	fields := strings.Fields(s)
	pts := make([]mathx.Vec2, 0, len(fields))
	for _, f := range fields {
		xs, ys, ok := strings.Cut(f, ",")
		if !ok {
			return nil, errorString("point " + quote(f) + " is not x,y")
		}
		x, err := parseFloat(xs)
		if err != nil {
			return nil, err
		}
		y, err := parseFloat(ys)
		if err != nil {
			return nil, err
		}
		pts = append(pts, mathx.Vec2{X: x, Y: y})
	}
	return pts, nil
}

func sortChunks(cs []Chunk) {
	sort.Slice(cs, func(i, j int) bool {
		if cs[i].Y != cs[j].Y {
			return cs[i].Y < cs[j].Y
		}
		return cs[i].X < cs[j].X
	})
}
