package tiled

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"diorama/internal/loadutil"
	"diorama/mathx"
)

type jProp struct {
	Name         string          `json:"name"`
	Type         string          `json:"type"`
	PropertyType string          `json:"propertytype"`
	Value        json.RawMessage `json:"value"`

	legacy bool // from a pre-1.2 properties object
}

// jProps is a "properties" value: an array of property objects (Tiled
// 1.2 and later) or, in older maps, an object of name: value pairs whose
// types sit in a sibling "propertytypes" object (see withTypes).
type jProps []jProp

// UnmarshalJSON reads both forms; the object form keeps the file's order
// of names.
func (ps *jProps) UnmarshalJSON(b []byte) error {
	return arrayOrKeyed(b, (*[]jProp)(ps), func(name string, v json.RawMessage) error {
		*ps = append(*ps, jProp{Name: name, Type: jsonValueType(v), Value: v, legacy: true})
		return nil
	})
}

// arrayOrKeyed decodes a JSON value Tiled writes as an array (into arr)
// or, in files before Tiled 1.2, as an object whose members keyed calls
// with each key and value in the file's order.
func arrayOrKeyed[T any](b []byte, arr *[]T, keyed func(key string, v json.RawMessage) error) error {
	b = bytes.TrimSpace(b)
	if len(b) == 0 || b[0] != '{' {
		return json.Unmarshal(b, arr)
	}
	d := json.NewDecoder(bytes.NewReader(b))
	d.Token() // {
	for d.More() {
		tok, err := d.Token()
		if err != nil {
			return err
		}
		key, _ := tok.(string)
		var v json.RawMessage
		if err := d.Decode(&v); err != nil {
			return err
		}
		if err := keyed(key, v); err != nil {
			return err
		}
	}
	return nil
}

// withTypes applies a pre-1.2 "propertytypes" object to legacy
// properties; values written as strings ("5", "true") are then read as
// the named type.
func (ps jProps) withTypes(types map[string]string) jProps {
	for i := range ps {
		if t, ok := types[ps[i].Name]; ok && ps[i].legacy {
			ps[i].Type = t
		}
	}
	return ps
}

// jsonValueType names the Tiled type of a bare JSON value.
func jsonValueType(v json.RawMessage) string {
	v = bytes.TrimSpace(v)
	switch {
	case len(v) == 0, v[0] == '"', string(v) == "null":
		return "string"
	case string(v) == "true" || string(v) == "false":
		return "bool"
	case v[0] == '{':
		return "class"
	case v[0] == '[':
		return "list"
	case !bytes.ContainsAny(v, ".eE"):
		return "int"
	}
	return "float"
}

type jMap struct {
	Type            string            `json:"type"`
	Version         json.RawMessage   `json:"version"`
	TiledVersion    string            `json:"tiledversion"`
	Class           string            `json:"class"`
	Orientation     string            `json:"orientation"`
	RenderOrder     string            `json:"renderorder"`
	Width           int               `json:"width"`
	Height          int               `json:"height"`
	TileWidth       int               `json:"tilewidth"`
	TileHeight      int               `json:"tileheight"`
	HexSideLength   int               `json:"hexsidelength"`
	SkewX           int               `json:"skewx"`
	SkewY           int               `json:"skewy"`
	StaggerAxis     string            `json:"staggeraxis"`
	StaggerIndex    string            `json:"staggerindex"`
	Infinite        bool              `json:"infinite"`
	BackgroundColor string            `json:"backgroundcolor"`
	ParallaxOriginX float64           `json:"parallaxoriginx"`
	ParallaxOriginY float64           `json:"parallaxoriginy"`
	NextLayerID     int               `json:"nextlayerid"`
	NextObjectID    int               `json:"nextobjectid"`
	Layers          []jLayer          `json:"layers"`
	Tilesets        []jTileset        `json:"tilesets"`
	Properties      jProps            `json:"properties"`
	PropertyTypes   map[string]string `json:"propertytypes"`
}

type jChunk struct {
	X      int             `json:"x"`
	Y      int             `json:"y"`
	Width  int             `json:"width"`
	Height int             `json:"height"`
	Data   json.RawMessage `json:"data"`
}

type jLayer struct {
	Type          string            `json:"type"`
	ID            int               `json:"id"`
	Name          string            `json:"name"`
	Class         string            `json:"class"`
	Visible       *bool             `json:"visible"`
	Opacity       *float64          `json:"opacity"`
	OffsetX       float64           `json:"offsetx"`
	OffsetY       float64           `json:"offsety"`
	ParallaxX     *float64          `json:"parallaxx"`
	ParallaxY     *float64          `json:"parallaxy"`
	TintColor     string            `json:"tintcolor"`
	Mode          string            `json:"mode"`
	X             int               `json:"x"`
	Y             int               `json:"y"`
	Width         *int              `json:"width"`
	Height        *int              `json:"height"`
	Data          json.RawMessage   `json:"data"`
	Encoding      string            `json:"encoding"`
	Compression   string            `json:"compression"`
	Chunks        []jChunk          `json:"chunks"`
	DrawOrder     string            `json:"draworder"`
	Color         string            `json:"color"`
	Objects       []jObject         `json:"objects"`
	Image         string            `json:"image"`
	ImageWidth    int               `json:"imagewidth"`
	ImageHeight   int               `json:"imageheight"`
	TransColor    string            `json:"transparentcolor"`
	RepeatX       bool              `json:"repeatx"`
	RepeatY       bool              `json:"repeaty"`
	Layers        []jLayer          `json:"layers"`
	Properties    jProps            `json:"properties"`
	PropertyTypes map[string]string `json:"propertytypes"`
}

type jPoint struct {
	X float64 `json:"x"`
	Y float64 `json:"y"`
}

type jText struct {
	Text       string `json:"text"`
	FontFamily string `json:"fontfamily"`
	PixelSize  *int   `json:"pixelsize"`
	Wrap       bool   `json:"wrap"`
	Color      string `json:"color"`
	Bold       bool   `json:"bold"`
	Italic     bool   `json:"italic"`
	Underline  bool   `json:"underline"`
	Strikeout  bool   `json:"strikeout"`
	Kerning    *bool  `json:"kerning"`
	HAlign     string `json:"halign"`
	VAlign     string `json:"valign"`
}

type jObject struct {
	ID            int               `json:"id"`
	Name          *string           `json:"name"`
	Type          *string           `json:"type"`
	Class         *string           `json:"class"`
	X             float64           `json:"x"`
	Y             float64           `json:"y"`
	Width         *float64          `json:"width"`
	Height        *float64          `json:"height"`
	Rotation      *float64          `json:"rotation"`
	GID           *uint32           `json:"gid"`
	Visible       *bool             `json:"visible"`
	Opacity       *float64          `json:"opacity"`
	Ellipse       *bool             `json:"ellipse"`
	Point         *bool             `json:"point"`
	Capsule       *bool             `json:"capsule"`
	Polygon       []jPoint          `json:"polygon"`
	Polyline      []jPoint          `json:"polyline"`
	Text          *jText            `json:"text"`
	Template      string            `json:"template"`
	Properties    jProps            `json:"properties"`
	PropertyTypes map[string]string `json:"propertytypes"`
}

type jFrame struct {
	TileID   uint32 `json:"tileid"`
	Duration int    `json:"duration"`
}

type jTile struct {
	ID            uint32            `json:"id"`
	Type          string            `json:"type"`
	Class         string            `json:"class"`
	Probability   float64           `json:"probability"`
	Image         string            `json:"image"`
	ImageWidth    int               `json:"imagewidth"`
	ImageHeight   int               `json:"imageheight"`
	X             int               `json:"x"`
	Y             int               `json:"y"`
	Width         int               `json:"width"`
	Height        int               `json:"height"`
	Animation     []jFrame          `json:"animation"`
	ObjectGroup   *jLayer           `json:"objectgroup"`
	Properties    jProps            `json:"properties"`
	PropertyTypes map[string]string `json:"propertytypes"`
}

// jTiles is a tileset's "tiles": an array of tile objects (Tiled 1.2 and
// later) or, in older files, an object of tile objects keyed by tile ID.
type jTiles []jTile

// UnmarshalJSON reads both forms; the object form keeps the file's order.
func (ts *jTiles) UnmarshalJSON(b []byte) error {
	return arrayOrKeyed(b, (*[]jTile)(ts), func(key string, v json.RawMessage) error {
		id, err := legacyTileID(key)
		if err != nil {
			return err
		}
		t := jTile{}
		if err := json.Unmarshal(v, &t); err != nil {
			return err
		}
		t.ID = id
		*ts = append(*ts, t)
		return nil
	})
}

// legacyTileID reads a pre-1.2 tile key: a tile ID in decimal.
func legacyTileID(key string) (uint32, error) {
	id, err := strconv.ParseUint(key, 10, 32)
	if err != nil {
		return 0, errors.New("tile key " + strconv.Quote(key) + " is not a tile ID")
	}
	return uint32(id), nil
}

// mergeLegacyTileProps moves pre-1.2 "tileproperties" (with their
// "tilepropertytypes") onto the tiles they name, adding a tile for an ID
// the tiles leave out, in ascending ID order.
func (jt *jTileset) mergeLegacyTileProps() error {
	keys := make([]string, 0, len(jt.TileProps))
	ids := make(map[string]uint32, len(jt.TileProps))
	for k := range jt.TileProps {
		id, err := legacyTileID(k)
		if err != nil {
			return err
		}
		keys, ids[k] = append(keys, k), id
	}
	slices.SortFunc(keys, func(a, b string) int { return cmp.Compare(ids[a], ids[b]) })
	at := make(map[uint32]int, len(jt.Tiles))
	for i, t := range jt.Tiles {
		at[t.ID] = i
	}
	for _, k := range keys {
		i, ok := at[ids[k]]
		if !ok {
			jt.Tiles, i = append(jt.Tiles, jTile{ID: ids[k]}), len(jt.Tiles)
			at[ids[k]] = i
		}
		t := &jt.Tiles[i]
		t.Properties = append(t.Properties, jt.TileProps[k].withTypes(jt.TilePropTypes[k])...)
	}
	return nil
}

type jTileset struct {
	Type            string  `json:"type"`
	FirstGID        uint32  `json:"firstgid"`
	Source          *string `json:"source"`
	Name            string  `json:"name"`
	Class           string  `json:"class"`
	TileWidth       int     `json:"tilewidth"`
	TileHeight      int     `json:"tileheight"`
	Spacing         int     `json:"spacing"`
	Margin          int     `json:"margin"`
	TileCount       int     `json:"tilecount"`
	Columns         int     `json:"columns"`
	Image           string  `json:"image"`
	ImageWidth      int     `json:"imagewidth"`
	ImageHeight     int     `json:"imageheight"`
	TransColor      string  `json:"transparentcolor"`
	ObjectAlignment string  `json:"objectalignment"`
	TileRenderSize  string  `json:"tilerendersize"`
	FillMode        string  `json:"fillmode"`
	TileOffset      *struct {
		X int `json:"x"`
		Y int `json:"y"`
	} `json:"tileoffset"`
	Grid *struct {
		Orientation string `json:"orientation"`
		Width       int    `json:"width"`
		Height      int    `json:"height"`
	} `json:"grid"`
	Tiles         jTiles            `json:"tiles"`
	Properties    jProps            `json:"properties"`
	PropertyTypes map[string]string `json:"propertytypes"`
	// Before Tiled 1.2, tiles' properties sat apart, keyed by tile ID.
	TileProps     map[string]jProps            `json:"tileproperties"`
	TilePropTypes map[string]map[string]string `json:"tilepropertytypes"`
	WangSets      []jWangSet                   `json:"wangsets"`
	JTransform    *struct {
		HFlip               bool `json:"hflip"`
		VFlip               bool `json:"vflip"`
		Rotate              bool `json:"rotate"`
		PreferUntransformed bool `json:"preferuntransformed"`
	} `json:"transformations"`
}

type jWangSet struct {
	Name   string `json:"name"`
	Class  string `json:"class"`
	Type   string `json:"type"`
	Tile   *int   `json:"tile"`
	Colors []struct {
		Name        string   `json:"name"`
		Class       string   `json:"class"`
		Color       string   `json:"color"`
		Tile        *int     `json:"tile"`
		Probability *float64 `json:"probability"`
		Properties  jProps   `json:"properties"`
	} `json:"colors"`
	WangTiles []struct {
		TileID uint32  `json:"tileid"`
		WangID []uint8 `json:"wangid"`
	} `json:"wangtiles"`
	Properties jProps `json:"properties"`
}

// unmarshalJSON decodes data into v, turning errors into *Error with the
// line computed from the byte offset. Nesting depth and the number of
// objects and arrays are checked first.
func unmarshalJSON(file string, data []byte, maxDepth, maxElems int, v any) error {
	d, n := jsonShape(data)
	if d > maxDepth {
		return errf(ErrLimit, file, 0, "", "JSON nested deeper than %d", maxDepth)
	}
	if n > maxElems {
		return errf(ErrLimit, file, 0, "", "more than %d JSON objects and arrays", maxElems)
	}
	err := json.Unmarshal(data, v)
	if err == nil {
		// encoding/json keeps the last of two equal keys: refuse them,
		// rather than lose the first silently.
		if path, off, dup := loadutil.DuplicateKey(data); dup {
			return &Error{File: file, Line: lineAt(data, off), Where: path, Msg: "key written twice in the same object", Kind: ErrInvalid}
		}
		return nil
	}
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		return &Error{File: file, Line: lineAt(data, se.Offset), Msg: "malformed JSON", Kind: ErrSyntax, Err: err}
	case errors.As(err, &te):
		return &Error{File: file, Line: lineAt(data, te.Offset), Where: te.Field,
			Msg: "field has the wrong type (" + te.Value + " where " + te.Type.String() + " expected)", Kind: ErrInvalid}
	case errors.Is(err, io.ErrUnexpectedEOF):
		return &Error{File: file, Line: lineAt(data, int64(len(data))), Msg: "truncated JSON", Kind: ErrSyntax, Err: err}
	}
	return &Error{File: file, Msg: "bad JSON", Kind: ErrSyntax, Err: err}
}

// jsonShape returns the deepest nesting of arrays and objects in data and
// their number, skipping strings. It runs before decoding so a deeply
// nested or object-heavy file is refused cheaply.
func jsonShape(data []byte) (maxDepth, count int) {
	depth, maxd, n := 0, 0, 0
	inStr := false
	for i := 0; i < len(data); i++ {
		c := data[i]
		if inStr {
			if c == '\\' {
				i++
			} else if c == '"' {
				inStr = false
			}
			continue
		}
		switch c {
		case '"':
			inStr = true
		case '[', '{':
			depth++
			n++
			maxd = max(maxd, depth)
		case ']', '}':
			depth--
		}
	}
	return maxd, n
}

// lineAt is the 1-based line of byte offset off (clamped to data).
func lineAt(data []byte, off int64) int {
	line, _ := loadutil.LineCol(data, off)
	return line
}

// jsonDepthLimit allows the map's own nesting: groups, plus the fixed depth
// of objects, properties and classes inside a layer.
func (l *load) jsonDepthLimit() int { return 2*l.lim.MaxDepth + 16 }

// isJSONTileset reports whether a JSON object without "type" and
// "layers" has a tileset's fields instead (a map has no "image",
// "tilecount" or "columns").
func isJSONTileset(data []byte) bool {
	var ts struct {
		Image     *string `json:"image"`
		TileCount *int    `json:"tilecount"`
		Columns   *int    `json:"columns"`
	}
	return json.Unmarshal(data, &ts) == nil && (ts.Image != nil || ts.TileCount != nil || ts.Columns != nil)
}

func (l *load) parseTMJ(file string, data []byte) (*Map, error) {
	var jm jMap
	if err := unmarshalJSON(file, data, l.jsonDepthLimit(), l.lim.MaxElements, &jm); err != nil {
		return nil, err
	}
	if jm.Type != "" && jm.Type != "map" {
		return nil, errf(ErrInvalid, file, 0, "type", "type is %s, not \"map\"", quote(jm.Type))
	}
	if jm.Layers == nil && isJSONTileset(data) { // tilesets before Tiled 1.0 have no "type"
		return nil, errf(ErrInvalid, file, 0, "layers", "no \"layers\" but an image and tile counts: a tileset, not a map (read it with LoadTileset)")
	}
	m := &Map{File: file, Version: rawString(jm.Version), TiledVersion: jm.TiledVersion, Class: jm.Class}
	var ok bool
	if jm.Orientation == "" {
		jm.Orientation = "orthogonal"
	}
	if m.Orientation, ok = parseOrientation(jm.Orientation); !ok {
		return nil, errf(ErrInvalid, file, 0, "orientation", "unknown orientation %s", quote(jm.Orientation))
	}
	if m.RenderOrder, ok = parseRenderOrder(jm.RenderOrder); !ok {
		return nil, errf(ErrInvalid, file, 0, "renderorder", "unknown renderorder %s", quote(jm.RenderOrder))
	}
	if m.StaggerAxis, m.StaggerIndex, ok = parseStagger(jm.StaggerAxis, jm.StaggerIndex); !ok {
		return nil, errf(ErrInvalid, file, 0, "staggeraxis", "bad staggeraxis/staggerindex")
	}
	m.Width, m.Height, m.TileWidth, m.TileHeight = jm.Width, jm.Height, jm.TileWidth, jm.TileHeight
	m.HexSideLength, m.Infinite = jm.HexSideLength, jm.Infinite
	m.SkewX, m.SkewY = jm.SkewX, jm.SkewY
	if tiledColor(jm.BackgroundColor) {
		c, err := parseColor(jm.BackgroundColor)
		if err != nil {
			return nil, &Error{File: file, Where: "backgroundcolor", Msg: "bad colour", Kind: ErrInvalid, Err: err}
		}
		m.Background = c
	}
	m.ParallaxOrigin = mathx.Vec2{X: jm.ParallaxOriginX, Y: jm.ParallaxOriginY}
	m.NextLayerID, m.NextObjectID = jm.NextLayerID, jm.NextObjectID
	if err := l.checkMapHeader(file, 0, m); err != nil {
		return nil, err
	}
	var err error
	if m.Properties, err = l.jsonProps(file, "properties", jm.Properties.withTypes(jm.PropertyTypes)); err != nil {
		return nil, err
	}
	if len(jm.Tilesets) > l.lim.MaxTilesets {
		return nil, errf(ErrLimit, file, 0, "tilesets", "%d tilesets exceed %d", len(jm.Tilesets), l.lim.MaxTilesets)
	}
	for i := range jm.Tilesets {
		jt := &jm.Tilesets[i]
		where := "tilesets[" + itoa(i) + "]"
		var ts *Tileset
		if jt.Source != nil {
			p, err := resolvePath(file, *jt.Source)
			if err != nil {
				return nil, &Error{File: file, Where: where + ".source", Msg: "bad tileset path", Kind: ErrPath, Err: err}
			}
			ts, err = l.external(p, jt.FirstGID)
			if err != nil {
				return nil, loadutil.Chain(file, 0, where+".source", err)
			}
		} else {
			ts, err = l.jsonTileset(file, where, jt)
			if err != nil {
				return nil, err
			}
			ts.FirstGID = jt.FirstGID
		}
		m.Tilesets = append(m.Tilesets, ts)
	}
	for i := range jm.Layers {
		ly, err := l.jsonLayer(file, m, "layers["+itoa(i)+"]", &jm.Layers[i], 0)
		if err != nil {
			return nil, err
		}
		m.Layers = append(m.Layers, ly)
	}
	return m, nil
}

func (l *load) parseTSJ(file string, data []byte) (*Tileset, error) {
	var jt jTileset
	if err := unmarshalJSON(file, data, l.jsonDepthLimit(), l.lim.MaxElements, &jt); err != nil {
		return nil, err
	}
	if jt.Type != "" && jt.Type != "tileset" {
		return nil, errf(ErrInvalid, file, 0, "type", "type is %s, not \"tileset\"", quote(jt.Type))
	}
	if jt.Source != nil {
		return nil, errf(ErrInvalid, file, 0, "source", "a tileset file cannot itself reference another")
	}
	return l.jsonTileset(file, "tileset", &jt)
}

func rawString(r json.RawMessage) string {
	var s string
	if json.Unmarshal(r, &s) == nil {
		return s
	}
	return string(bytes.TrimSpace(r))
}

func (l *load) jsonImage(file, where, src string, w, h int, trans string) (*Image, error) {
	p, err := resolvePath(file, src)
	if err != nil {
		return nil, &Error{File: file, Where: where, Msg: "bad image path", Kind: ErrPath, Err: err}
	}
	img := &Image{Source: p, Width: w, Height: h, RefFile: file, RefWhere: where}
	if trans != "" {
		c, err := parseColor(trans)
		if err != nil {
			return nil, &Error{File: file, Where: where + ".transparentcolor", Msg: "bad colour", Kind: ErrInvalid, Err: err}
		}
		img.Trans, img.HasTrans = c, true
	}
	return img, nil
}

func (l *load) jsonTileset(file, where string, jt *jTileset) (*Tileset, error) {
	ts := &Tileset{
		Name: jt.Name, Class: jt.Class,
		TileWidth: jt.TileWidth, TileHeight: jt.TileHeight, Spacing: jt.Spacing, Margin: jt.Margin,
		TileCount: jt.TileCount, Columns: jt.Columns, ObjectAlignment: jt.ObjectAlignment,
		TileRenderSize: jt.TileRenderSize, FillMode: jt.FillMode,
	}
	if jt.Name != "" {
		where += " " + quote(jt.Name)
	}
	if ts.TileRenderSize == "" {
		ts.TileRenderSize = "tile"
	}
	if ts.FillMode == "" {
		ts.FillMode = "stretch"
	}
	if jt.TileOffset != nil {
		ts.TileOffset = mathx.Point{X: jt.TileOffset.X, Y: jt.TileOffset.Y}
	}
	if jt.Grid != nil {
		ts.GridOrientation, ts.GridWidth, ts.GridHeight = jt.Grid.Orientation, jt.Grid.Width, jt.Grid.Height
	}
	var err error
	if jt.Image != "" {
		if ts.Image, err = l.jsonImage(file, where+".image", jt.Image, jt.ImageWidth, jt.ImageHeight, jt.TransColor); err != nil {
			return nil, err
		}
	}
	if ts.Properties, err = l.jsonProps(file, where+".properties", jt.Properties.withTypes(jt.PropertyTypes)); err != nil {
		return nil, err
	}
	if t := jt.JTransform; t != nil {
		ts.Transformations = Transformations{HFlip: t.HFlip, VFlip: t.VFlip, Rotate: t.Rotate, PreferUntransformed: t.PreferUntransformed}
	}
	for i := range jt.WangSets {
		w, err := l.jsonWangSet(file, where+".wangsets["+itoa(i)+"]", &jt.WangSets[i])
		if err != nil {
			return nil, err
		}
		ts.WangSets = append(ts.WangSets, w)
	}
	if len(jt.Tiles)+len(jt.TileProps) > l.lim.MaxTileCount {
		return nil, errf(ErrLimit, file, 0, where, "more than %d tiles", l.lim.MaxTileCount)
	}
	if err := jt.mergeLegacyTileProps(); err != nil {
		return nil, errf(ErrInvalid, file, 0, where+".tileproperties", "%v", err)
	}
	for i := range jt.Tiles {
		j := &jt.Tiles[i]
		tw := where + ".tiles[" + itoa(i) + "]"
		t := Tile{ID: j.ID, Class: j.Class, Probability: j.Probability, X: j.X, Y: j.Y, Width: j.Width, Height: j.Height}
		if t.Class == "" {
			t.Class = j.Type
		}
		if j.Image != "" {
			if t.Image, err = l.jsonImage(file, tw+".image", j.Image, j.ImageWidth, j.ImageHeight, ""); err != nil {
				return nil, err
			}
		}
		for _, f := range j.Animation {
			if f.Duration < 0 || f.Duration > 1<<31-1 {
				return nil, errf(ErrInvalid, file, 0, tw+".animation", "frame duration %d ms out of range", f.Duration)
			}
			t.Animation = append(t.Animation, AnimationFrame{TileID: f.TileID, Duration: time.Duration(f.Duration) * time.Millisecond})
		}
		if j.ObjectGroup != nil {
			if t.ObjectGroup, err = l.jsonLayer(file, nil, tw+".objectgroup", j.ObjectGroup, 1); err != nil {
				return nil, err
			}
			if t.ObjectGroup.Kind != ObjectGroup {
				return nil, errf(ErrInvalid, file, 0, tw+".objectgroup", "is not an object group")
			}
		}
		if t.Properties, err = l.jsonProps(file, tw+".properties", j.Properties.withTypes(j.PropertyTypes)); err != nil {
			return nil, err
		}
		ts.Tiles = append(ts.Tiles, t)
	}
	if err := l.checkTileset(file, 0, where, ts); err != nil {
		return nil, err
	}
	return ts, nil
}

func (l *load) jsonLayer(file string, m *Map, where string, j *jLayer, depth int) (*Layer, error) {
	if depth > l.lim.MaxDepth {
		return nil, errf(ErrLimit, file, 0, where, "groups nested deeper than %d", l.lim.MaxDepth)
	}
	if err := l.addLayer(file, 0, where); err != nil {
		return nil, err
	}
	ly := &Layer{ID: j.ID, Name: j.Name, Class: j.Class, Visible: true, Opacity: 1, Parallax: mathx.Vec2{X: 1, Y: 1}}
	if j.Name != "" {
		where += " " + quote(j.Name)
	}
	if j.Visible != nil {
		ly.Visible = *j.Visible
	}
	if j.Opacity != nil {
		ly.Opacity = *j.Opacity
	}
	if j.ParallaxX != nil {
		ly.Parallax.X = *j.ParallaxX
	}
	if j.ParallaxY != nil {
		ly.Parallax.Y = *j.ParallaxY
	}
	ly.Offset = mathx.Vec2{X: j.OffsetX, Y: j.OffsetY}
	ly.BlendMode = j.Mode
	if tiledColor(j.TintColor) {
		c, err := parseColor(j.TintColor)
		if err != nil {
			return nil, &Error{File: file, Where: where + ".tintcolor", Msg: "bad colour", Kind: ErrInvalid, Err: err}
		}
		ly.Tint, ly.HasTint = c, true
	}
	var err error
	if ly.Properties, err = l.jsonProps(file, where+".properties", j.Properties.withTypes(j.PropertyTypes)); err != nil {
		return nil, err
	}
	switch j.Type {
	case "tilelayer":
		if m == nil {
			return nil, errf(ErrInvalid, file, 0, where, "tile layer outside a map")
		}
		ly.Kind = TileLayer
		err = l.jsonTileLayer(file, m, where, j, ly)
	case "objectgroup":
		ly.Kind = ObjectGroup
		ly.DrawOrder = j.DrawOrder
		if ly.DrawOrder == "" {
			ly.DrawOrder = "topdown"
		}
		if ly.DrawOrder != "topdown" && ly.DrawOrder != "index" {
			return nil, errf(ErrInvalid, file, 0, where+".draworder", "unknown draworder %s", quote(ly.DrawOrder))
		}
		if tiledColor(j.Color) {
			if ly.Color, err = parseColor(j.Color); err != nil {
				return nil, &Error{File: file, Where: where + ".color", Msg: "bad colour", Kind: ErrInvalid, Err: err}
			}
		}
		for i := range j.Objects {
			o, err := l.jsonObject(file, where+".objects["+itoa(i)+"]", &j.Objects[i])
			if err != nil {
				return nil, err
			}
			ly.Objects = append(ly.Objects, o)
		}
	case "imagelayer":
		ly.Kind = ImageLayer
		ly.RepeatX, ly.RepeatY = j.RepeatX, j.RepeatY
		if j.Image != "" {
			if ly.Image, err = l.jsonImage(file, where+".image", j.Image, j.ImageWidth, j.ImageHeight, j.TransColor); err != nil {
				return nil, err
			}
			err = l.checkImage(file, 0, where+".image", ly.Image)
		}
	case "group":
		ly.Kind = GroupLayer
		for i := range j.Layers {
			sub, err := l.jsonLayer(file, m, where+".layers["+itoa(i)+"]", &j.Layers[i], depth+1)
			if err != nil {
				return nil, err
			}
			ly.Layers = append(ly.Layers, sub)
		}
	default:
		return nil, errf(ErrInvalid, file, 0, where+".type", "unknown layer type %s", quote(j.Type))
	}
	if err != nil {
		return nil, err
	}
	return ly, nil
}

func (l *load) jsonTileLayer(file string, m *Map, where string, j *jLayer, ly *Layer) error {
	ly.Width, ly.Height = m.Width, m.Height
	if j.Width != nil {
		ly.Width = *j.Width
	}
	if j.Height != nil {
		ly.Height = *j.Height
	}
	if err := l.checkDims(file, 0, where, ly.Width, ly.Height); err != nil {
		return err
	}
	enc := j.Encoding
	if enc == "" {
		enc = "csv"
	}
	if j.Chunks != nil {
		ly.Chunks = make([]Chunk, 0, len(j.Chunks))
		var total int64
		for i := range j.Chunks {
			jc := &j.Chunks[i]
			cw := where + ".chunks[" + itoa(i) + "]"
			ch := Chunk{X: jc.X, Y: jc.Y, Width: jc.Width, Height: jc.Height}
			if err := l.checkChunk(file, 0, cw, &ch, &total); err != nil {
				return err
			}
			t, err := l.jsonCells(file, cw+".data", enc, j.Compression, jc.Data, int64(ch.Width)*int64(ch.Height))
			if err != nil {
				return err
			}
			ch.Tiles = t
			ly.Chunks = append(ly.Chunks, ch)
		}
		setChunkBounds(ly)
		return nil
	}
	n := int64(ly.Width) * int64(ly.Height)
	if len(j.Data) == 0 || string(j.Data) == "null" {
		if m.Infinite {
			ly.Chunks = []Chunk{}
			return nil
		}
		t, err := l.allocCells(file, 0, where, n)
		ly.Tiles = t
		return err
	}
	t, err := l.jsonCells(file, where+".data", enc, j.Compression, j.Data, n)
	ly.Tiles = t
	return err
}

// jsonCells decodes a data field: an array of GIDs or a base64 string.
func (l *load) jsonCells(file, where, enc, comp string, raw json.RawMessage, n int64) ([]GID, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) > 0 && raw[0] == '[' {
		if raw[len(raw)-1] != ']' {
			return nil, errf(ErrData, file, 0, where, "unterminated array")
		}
		if comp != "" {
			return nil, errf(ErrData, file, 0, where, "compression %q on an array", comp)
		}
		return l.decodeTiles(file, 0, where, "csv", "", raw[1:len(raw)-1], n)
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return nil, errf(ErrData, file, 0, where, "data is neither an array nor a string")
	}
	if enc != "base64" {
		return nil, errf(ErrData, file, 0, where, "string data with encoding %q", enc)
	}
	return l.decodeTiles(file, 0, where, "base64", comp, []byte(s), n)
}

// deref returns *p, or the zero value, and whether p was set.
func deref[T any](p *T) (T, bool) {
	if p == nil {
		var z T
		return z, false
	}
	return *p, true
}

func (l *load) jsonObject(file, where string, j *jObject) (*Object, error) {
	o := &Object{ID: j.ID, X: j.X, Y: j.Y, Visible: true}
	mark := func(ok bool, bit objSet) {
		if ok {
			o.set |= bit
		}
	}
	var ok bool
	o.Name, ok = deref(j.Name)
	mark(ok, setName)
	o.Class, ok = deref(j.Class)
	mark(ok, setClass)
	if typ, ok := deref(j.Type); ok && o.Class == "" {
		o.Class = typ
		mark(ok, setClass)
	}
	o.Width, ok = deref(j.Width)
	mark(ok, setWidth)
	o.Height, ok = deref(j.Height)
	mark(ok, setHeight)
	o.Rotation, ok = deref(j.Rotation)
	mark(ok, setRotation)
	g, ok := deref(j.GID)
	o.GID = GID(g)
	mark(ok, setGID)
	o.Visible, ok = deref(j.Visible)
	if !ok {
		o.Visible = true
	}
	mark(ok, setVisible)
	o.Opacity, ok = deref(j.Opacity)
	if !ok {
		o.Opacity = 1
	}
	mark(ok, setOpacity)
	ellipse, _ := deref(j.Ellipse)
	point, _ := deref(j.Point)
	capsule, _ := deref(j.Capsule)
	mark(j.Ellipse != nil || j.Point != nil || j.Capsule != nil || j.Polygon != nil || j.Polyline != nil || j.Text != nil, setShape)
	var err error
	if j.Template != "" {
		if o.Template, err = resolvePath(file, j.Template); err != nil {
			return nil, &Error{File: file, Where: where + ".template", Msg: "bad template path", Kind: ErrPath, Err: err}
		}
	}
	switch {
	case o.GID != 0:
		o.Shape = TileShape
	case ellipse:
		o.Shape = Ellipse
	case point:
		o.Shape = Point
	case capsule:
		o.Shape = Capsule
	case j.Polygon != nil:
		o.Shape, o.Points = Polygon, jsonPoints(j.Polygon)
	case j.Polyline != nil:
		o.Shape, o.Points = Polyline, jsonPoints(j.Polyline)
	case j.Text != nil:
		o.Shape = TextShape
		t := &Text{Text: j.Text.Text, FontFamily: j.Text.FontFamily, PixelSize: 16, Wrap: j.Text.Wrap,
			Color: colorNRGBA{A: 255}, Bold: j.Text.Bold, Italic: j.Text.Italic, Underline: j.Text.Underline,
			Strikeout: j.Text.Strikeout, Kerning: true, HAlign: j.Text.HAlign, VAlign: j.Text.VAlign}
		if t.FontFamily == "" {
			t.FontFamily = "sans-serif"
		}
		if j.Text.PixelSize != nil {
			t.PixelSize = *j.Text.PixelSize
		}
		if j.Text.Kerning != nil {
			t.Kerning = *j.Text.Kerning
		}
		if t.HAlign == "" {
			t.HAlign = "left"
		}
		if t.VAlign == "" {
			t.VAlign = "top"
		}
		if j.Text.Color != "" {
			if t.Color, err = parseColor(j.Text.Color); err != nil {
				return nil, &Error{File: file, Where: where + ".text.color", Msg: "bad colour", Kind: ErrInvalid, Err: err}
			}
		}
		o.Text = t
	}
	if err := checkShape(file, 0, where, o); err != nil {
		return nil, err
	}
	if o.Properties, err = l.jsonProps(file, where+".properties", j.Properties.withTypes(j.PropertyTypes)); err != nil {
		return nil, err
	}
	return o, nil
}

func jsonPoints(ps []jPoint) []mathx.Vec2 {
	out := make([]mathx.Vec2, len(ps))
	for i, p := range ps {
		out[i] = mathx.Vec2{X: p.X, Y: p.Y}
	}
	return out
}

func (l *load) jsonProps(file, where string, js jProps) (Properties, error) {
	if len(js) == 0 {
		return nil, nil
	}
	ps := make(Properties, 0, len(js))
	for _, j := range js {
		p, err := l.jsonProp(file, where+" "+quote(j.Name), j, 0)
		if err != nil {
			return nil, err
		}
		ps = append(ps, p)
	}
	return ps, nil
}

// jsonWangSet converts a Wang set.
func (l *load) jsonWangSet(file, where string, j *jWangSet) (WangSet, error) {
	w := WangSet{Name: j.Name, Class: j.Class, Tile: -1}
	if j.Tile != nil {
		w.Tile = *j.Tile
	}
	typ, ok := parseWangType(cmp.Or(j.Type, "corner"))
	if !ok {
		return w, errf(ErrInvalid, file, 0, where+".type", "unknown wang set type %s (corner, edge or mixed)", quote(j.Type))
	}
	w.Type = typ
	var err error
	if w.Properties, err = l.jsonProps(file, where+".properties", j.Properties); err != nil {
		return w, err
	}
	for i, jc := range j.Colors {
		cw := where + ".colors[" + itoa(i) + "]"
		col := WangColor{Name: jc.Name, Class: jc.Class, Tile: -1, Probability: 1}
		if jc.Tile != nil {
			col.Tile = *jc.Tile
		}
		if jc.Probability != nil {
			col.Probability = *jc.Probability
		}
		if jc.Color != "" {
			if col.Color, err = parseColor(jc.Color); err != nil {
				return w, &Error{File: file, Where: cw + ".color", Msg: "bad colour", Kind: ErrInvalid, Err: err}
			}
		}
		if col.Properties, err = l.jsonProps(file, cw+".properties", jc.Properties); err != nil {
			return w, err
		}
		w.Colors = append(w.Colors, col)
	}
	for i, jt := range j.WangTiles {
		tw := where + ".wangtiles[" + itoa(i) + "]"
		if len(jt.WangID) != 8 {
			return w, errf(ErrInvalid, file, 0, tw+".wangid", "has %d values, want 8", len(jt.WangID))
		}
		wt := WangTile{TileID: jt.TileID}
		for k, c := range jt.WangID {
			if int(c) > len(w.Colors) {
				return w, errf(ErrInvalid, file, 0, tw+".wangid", "names colour %d of %d", c, len(w.Colors))
			}
			wt.WangID[k] = c
		}
		w.Tiles = append(w.Tiles, wt)
	}
	return w, nil
}

// jsonProp reads one property or list item; an unknown type is kept as a
// string with its TypeName.
func (l *load) jsonProp(file, where string, j jProp, depth int) (Property, error) {
	typ, known := propType(j.Type)
	p := Property{Name: j.Name, Type: typ, CustomType: j.PropertyType}
	if !known {
		p.TypeName = j.Type
		v := bytes.TrimSpace(j.Value)
		if len(v) > 0 && v[0] != '"' {
			j.Value, _ = json.Marshal(string(v)) // keep the raw JSON text
		}
	}
	err := l.jsonPropValue(file, where, &p, j.Value, depth)
	return p, err
}

// jsonPropValue sets p from a JSON value of p.Type.
func (l *load) jsonPropValue(file, where string, p *Property, v json.RawMessage, depth int) error {
	v = bytes.TrimSpace(v)
	if p.Type == ListProp {
		if len(v) == 0 || string(v) == "null" {
			return nil
		}
		if depth > l.lim.MaxDepth {
			return errf(ErrLimit, file, 0, where, "list values nested deeper than %d", l.lim.MaxDepth)
		}
		var items []jProp
		if err := json.Unmarshal(v, &items); err != nil {
			return errf(ErrInvalid, file, 0, where, "list value is not an array of {type, value} objects")
		}
		for i, it := range items {
			item, err := l.jsonProp(file, where+"["+itoa(i)+"]", it, depth+1)
			if err != nil {
				return err
			}
			p.Items = append(p.Items, item)
		}
		return nil
	}
	if p.Type == ClassProp {
		if len(v) == 0 || string(v) == "null" {
			return nil
		}
		if depth > l.lim.MaxDepth {
			return errf(ErrLimit, file, 0, where, "class values nested deeper than %d", l.lim.MaxDepth)
		}
		ms, err := l.jsonMembers(file, where, v, depth+1)
		if err != nil {
			return err
		}
		p.Members = ms
		return nil
	}
	raw := ""
	if len(v) > 0 && v[0] == '"' {
		if err := json.Unmarshal(v, &raw); err != nil {
			return errf(ErrInvalid, file, 0, where, "bad string value")
		}
	} else if len(v) > 0 && string(v) != "null" {
		if v[0] == '{' || v[0] == '[' {
			return errf(ErrInvalid, file, 0, where, "%s value is an object or array", p.Type)
		}
		raw = string(v)
	}
	return p.setScalar(file, 0, where, raw)
}

// jsonMembers reads a class value object in file order. Member types are
// not written in JSON (they live in the project's type definitions), so
// they are inferred: strings, numbers (int when integral), bools, and
// nested objects as classes.
func (l *load) jsonMembers(file, where string, v json.RawMessage, depth int) (Properties, error) {
	d := json.NewDecoder(bytes.NewReader(v))
	d.UseNumber()
	tok, err := d.Token()
	if err != nil || tok != json.Delim('{') {
		return nil, errf(ErrInvalid, file, 0, where, "class value is not an object")
	}
	var ms Properties
	for d.More() {
		tok, err := d.Token()
		if err != nil {
			return nil, errf(ErrInvalid, file, 0, where, "bad class value")
		}
		name, _ := tok.(string)
		var raw json.RawMessage
		if err := d.Decode(&raw); err != nil {
			return nil, errf(ErrInvalid, file, 0, where, "bad class member %s", quote(name))
		}
		raw = bytes.TrimSpace(raw)
		p := Property{Name: name}
		switch {
		case len(raw) == 0:
		case raw[0] == '{':
			p.Type = ClassProp
		case raw[0] == '"':
			p.Type = StringProp
		case string(raw) == "true" || string(raw) == "false":
			p.Type = BoolProp
		case string(raw) == "null":
			p.Type = StringProp
			raw = nil
		case raw[0] == '[':
			p.Type = ListProp
		default:
			p.Type = FloatProp
			if _, err := strconv.ParseInt(string(raw), 10, 64); err == nil && !strings.ContainsAny(string(raw), ".eE") {
				p.Type = IntProp
			}
		}
		if err := l.jsonPropValue(file, where+"."+name, &p, raw, depth); err != nil {
			return nil, err
		}
		ms = append(ms, p)
	}
	return ms, nil
}
