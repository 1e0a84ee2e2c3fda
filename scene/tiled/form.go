package tiled

import (
	"encoding/xml"
	"math"
	"strconv"
	"strings"

	"diorama/internal/loadutil"
)

// The one intermediate form. Every file, XML or JSON, is read into an
// element tree in TMX's vocabulary (the project's one XML node type,
// loadutil.XMLNode): a TMX, TSX or TX file by loadutil.XMLTree, a TMJ,
// TSJ, TJ or world file by lowerJSON (jsonform.go), which renames JSON's
// fields into TMX's elements and attributes. One interpreter (read.go)
// turns the tree into a Map, Tileset, template or World, reading every
// attribute through xr: so defaults, checks, messages and element paths
// (`object group "o" > object 1 > polygon`) are written once, and the
// same defect gives the same error in both formats, at the line of the
// element (a TMX start tag, a JSON object's opening brace).

// xnode is one element of the form: name, attributes, children, text and
// the line where it begins.
type xnode = loadutil.XMLNode

// legacyGIDs holds the legacy <tile gid=".."/> children of one <data> or
// <chunk>, stored compactly instead of as nodes (parseXML folds them).
type legacyGIDs struct {
	gids []GID
	err  *Error
}

// maxAttrs bounds the attributes of one TMX/TSX/TX tag (and the '='
// signs of one text between tags): see loadutil.CheckAttrs.
const maxAttrs = 4096

// parseForm reads a file into the form, as JSON or XML, and checks that
// its root element is want ("map", "tileset", "template", "world").
func (l *load) parseForm(file string, data []byte, want string, json bool) (*xnode, *xr, error) {
	c := &xr{file: file}
	var root *xnode
	var err error
	if json {
		root, err = lowerJSON(file, data, l.jsonDepthLimit(), l.lim.MaxElements, l.lim.MaxLayers, want)
	} else {
		root, c.legacy, err = parseXML(file, data, l.lim.MaxDepth+8, l.lim.MaxElements, l.lim.MaxLayers)
	}
	if err != nil {
		return nil, nil, err
	}
	if root.Name != want {
		msg := "root element is not <" + want + ">"
		if root.Name == "tileset" && want == "map" {
			msg += ": a tileset, not a map (read it with LoadTileset)"
		}
		return nil, nil, errf(ErrInvalid, file, root.Line, "<"+root.Name+">", "%s", msg)
	}
	return root, c, nil
}

// jsonDepthLimit allows the map's own nesting: groups, plus the fixed depth
// of objects, properties and classes inside a layer.
func (l *load) jsonDepthLimit() int { return 2*l.lim.MaxDepth + 16 }

// parseXML builds the element tree of data (loadutil.XMLTree), refusing
// nesting deeper than maxDepth, more than maxElems elements plus
// attributes and more than maxLayers layers (<layer>, <objectgroup>,
// <imagelayer> and <group> in <map> or a <group>), counted here, before
// any is built. The legacy <tile gid> children of <data> and <chunk> are
// folded into the returned map, by parent, instead of becoming elements.
// Errors carry the line.
func parseXML(file string, data []byte, maxDepth, maxElems, maxLayers int) (*xnode, map[*xnode]*legacyGIDs, error) {
	legacy := map[*xnode]*legacyGIDs{}
	layers := 0
	tree := loadutil.XMLTree{
		File: file, MaxDepth: maxDepth, MaxElems: maxElems,
		// encoding/xml reads all of a tag's attributes at once: bound
		// them before it does (real Tiled tags have a few dozen).
		MaxAttrs: maxAttrs,
		Start: func(p *xnode, t xml.StartElement, line int) (bool, error) {
			if p == nil {
				return false, nil
			}
			if t.Name.Local == "tile" && (p.Name == "data" || p.Name == "chunk") {
				lg := legacy[p]
				if lg == nil {
					lg = &legacyGIDs{}
					legacy[p] = lg
				}
				legacyTile(file, line, lg, t.Attr)
				return true, nil
			}
			if p.Name == "map" || p.Name == "group" {
				switch t.Name.Local {
				case "layer", "objectgroup", "imagelayer", "group":
					if layers++; layers > maxLayers {
						return false, errf(ErrLimit, file, line, "<"+t.Name.Local+">", "more than %d layers (raise Limits.MaxLayers)", maxLayers)
					}
				}
			}
			return false, nil
		},
	}
	root, err := tree.Parse(data)
	return root, legacy, err
}

// legacyTile records the gid of a <tile> inside <data> or <chunk>.
func legacyTile(file string, line int, lg *legacyGIDs, attrs []xml.Attr) {
	if lg.err != nil {
		return
	}
	var g uint64
	for _, a := range attrs {
		if a.Name.Local == "gid" && a.Name.Space == "" && a.Value != "" {
			v, err := strconv.ParseUint(strings.TrimSpace(a.Value), 10, 32)
			if err != nil {
				lg.err = errf(ErrData, file, line, "<tile>", "gid=%s is not an unsigned 32-bit integer", quote(a.Value))
				return
			}
			g = v
		}
	}
	lg.gids = append(lg.gids, GID(g))
}

// xr reads the attributes of the form, keeping the first error (so the
// interpreter reads many attributes and checks once). Its readers are
// the one place where a value's syntax and default are written.
type xr struct {
	file   string
	err    *Error
	legacy map[*xnode]*legacyGIDs // a TMX file's folded <tile gid> children
}

func (c *xr) fail(kind error, n *xnode, where, format string, args ...any) {
	if c.err == nil {
		c.err = errf(kind, c.file, n.Line, where, format, args...)
	}
}

// attr returns the attribute name of n and whether it is set; one
// lowered from a JSON object or array fails.
func (c *xr) attr(n *xnode, where, name string) (string, bool) {
	a, ok := formAttr(n, name)
	if ok && a.Name.Space == notValue {
		c.fail(ErrInvalid, n, where, "attribute %s is an object or array, not a value", name)
		return "", false
	}
	return a.Value, ok
}

// text is attr where only text belongs (a path): a JSON number or
// boolean fails.
func (c *xr) text(n *xnode, where, name string) (string, bool) {
	a, ok := formAttr(n, name)
	if ok && a.Name.Space != "" {
		c.fail(ErrInvalid, n, where, "attribute %s is a%s, not text", name, a.Name.Space)
		return "", false
	}
	return a.Value, ok
}

func (c *xr) str(n *xnode, where, name, def string) string {
	if v, ok := c.attr(n, where, name); ok {
		return v
	}
	return def
}

func (c *xr) int(n *xnode, where, name string, def int) int {
	v, ok := c.attr(n, where, name)
	if !ok || v == "" {
		return def
	}
	i, err := strconv.Atoi(strings.TrimSpace(v))
	if err != nil || i > math.MaxInt32 || i < math.MinInt32 {
		c.fail(ErrInvalid, n, where, "attribute %s=%s is not an integer", name, quote(v))
		return def
	}
	return i
}

func (c *xr) uint32(n *xnode, where, name string) uint32 {
	v, ok := c.attr(n, where, name)
	if !ok || v == "" {
		return 0
	}
	u, err := strconv.ParseUint(strings.TrimSpace(v), 10, 32)
	if err != nil {
		c.fail(ErrInvalid, n, where, "attribute %s=%s is not an unsigned 32-bit integer", name, quote(v))
		return 0
	}
	return uint32(u)
}

func (c *xr) float(n *xnode, where, name string, def float64) float64 {
	v, ok := c.attr(n, where, name)
	if !ok || v == "" {
		return def
	}
	f, err := parseFloat(strings.TrimSpace(v))
	if err != nil {
		c.fail(ErrInvalid, n, where, "attribute %s: %v", name, err)
		return def
	}
	return f
}

func (c *xr) bool(n *xnode, where, name string, def bool) bool {
	v, ok := c.attr(n, where, name)
	if !ok || v == "" {
		return def
	}
	switch v {
	case "1", "true":
		return true
	case "0", "false":
		return false
	}
	c.fail(ErrInvalid, n, where, "attribute %s=%s is not 0 or 1", name, quote(v))
	return def
}

type colorVal struct {
	c  colorNRGBA
	ok bool
}

func (c *xr) color(n *xnode, where, name string) (col colorVal) {
	v, ok := c.attr(n, where, name)
	if !ok || v == "" || name != "trans" && !tiledColor(v) {
		return colorVal{}
	}
	cc, err := parseColor(v)
	if err != nil {
		c.fail(ErrInvalid, n, where, "attribute %s: %v", name, err)
		return colorVal{}
	}
	return colorVal{cc, true}
}

func (c *xr) path(n *xnode, where, name string) string {
	v, ok := c.text(n, where, name)
	if !ok || v == "" {
		return ""
	}
	p, err := resolvePath(c.file, v)
	if err != nil && c.err == nil {
		c.err = &Error{File: c.file, Line: n.Line, Where: where, Msg: "attribute " + name, Kind: ErrPath, Err: err}
	}
	return p
}

// Marks of attributes lowered from JSON values other than strings, in
// their Space (which cannot be an XML name, so no TMX attribute has
// them): numbers and booleans read as their text where a number or a
// boolean belongs, and fail where text does (a path); an object or array
// fails where any value belongs.
const (
	jsonNumber = " number"
	jsonBool   = " boolean"
	notValue   = " object or array"
)

// formAttr returns n's attribute name: an XML one without a namespace
// or one lowered from JSON, marked or not.
func formAttr(n *xnode, name string) (xml.Attr, bool) {
	for _, a := range n.Attrs {
		if a.Name.Local == name {
			switch a.Name.Space {
			case "", jsonNumber, jsonBool, notValue:
				return a, true
			}
		}
	}
	return xml.Attr{}, false
}

// orNil turns a nil *Error into a nil error interface.
func orNil(e *Error) error {
	if e == nil {
		return nil
	}
	return e
}
