package tiled

import (
	"cmp"
	"encoding/xml"
	"slices"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"

	"diorama/internal/loadutil"
)

// The JSON formats (.tmj, .tsj, .tj, .world) are read in two steps into
// the one intermediate form the TMX reader builds (an element tree, see
// form.go), so one interpreter reads both and the same defect gives the
// same message in both:
//
//  1. jscan reads the file into a small JSON tree (jv), knowing each
//     value's line and byte span, refusing nesting and object counts over
//     the limits before it allocates, and keys written twice. An array of
//     numbers only (tile data, Wang IDs) is not split into values: its
//     bytes are the data, as a TMX <data> element's text is.
//  2. lowering renames that tree into TMX's elements and attributes:
//     "layers" become <layer>, <objectgroup>, <imagelayer> and <group>
//     by their "type", a tileset's "image" and "imagewidth" become an
//     <image source width>, a "polygon" array becomes <polygon points>,
//     a class property's value becomes its <properties>, and so on.
//     Scalars become attributes with their text as written; an object or
//     array where the interpreter expects a value becomes an attribute
//     marked notValue, which the interpreter refuses by name.
//
// Lowering reports only what has no TMX twin (a JSON value of the wrong
// kind for its place, an unknown layer type), at the JSON path.

// jkind is the kind of a JSON value.
type jkind uint8

const (
	jObject jkind = iota + 1
	jArray
	jString
	jNumber
	jBool
	jNull
)

var jkindNames = [...]string{jObject: "an object", jArray: "an array", jString: "a string", jNumber: "a number", jBool: "a boolean", jNull: "null"}

// jv is one JSON value.
type jv struct {
	kind       jkind
	nums       bool // an array of numbers only: vals is nil, the bytes are the data
	line       int32
	start, end int    // the value's bytes in the file
	key        string // its key, in an object
	s          string // a string's value, a number's or literal's text
	vals       []jv   // an object's members or an array's elements
}

// get returns the member key of object v, or nil.
func (v *jv) get(key string) *jv {
	for i := range v.vals {
		if v.vals[i].key == key {
			return &v.vals[i]
		}
	}
	return nil
}

// jscan reads one JSON document.
type jscan struct {
	file            string
	data            []byte
	i, line         int
	depth, maxDepth int
	count, maxCount int
	stack           []jv              // the members of the open containers
	intern          map[string]string // keys and short numbers, read once
}

// scanJSON reads data into a JSON tree; see jscan.
func scanJSON(file string, data []byte, maxDepth, maxCount int) (*jv, error) {
	s := &jscan{file: file, data: data, line: 1, maxDepth: maxDepth, maxCount: maxCount, intern: map[string]string{}}
	v, err := s.value("")
	if err != nil {
		return nil, err
	}
	if s.ws(); s.i < len(data) {
		return nil, s.syntax("data after the top-level value")
	}
	return &v, nil
}

func (s *jscan) syntax(msg string) error {
	return &Error{File: s.file, Line: s.line, Msg: "malformed JSON", Kind: ErrSyntax, Err: errorString(msg)}
}

func (s *jscan) unexpected(what string) error {
	if s.i >= len(s.data) {
		return &Error{File: s.file, Line: s.line, Msg: "truncated JSON", Kind: ErrSyntax}
	}
	r, _ := utf8.DecodeRune(s.data[s.i:])
	return s.syntax("unexpected " + strconv.QuoteRune(r) + " " + what)
}

func (s *jscan) ws() {
	for ; s.i < len(s.data); s.i++ {
		switch s.data[s.i] {
		case '\n':
			s.line++
		case ' ', '\t', '\r':
		default:
			return
		}
	}
}

// at skips white space and reports whether the next byte is c, taking it.
func (s *jscan) at(c byte) bool {
	if s.ws(); s.i < len(s.data) && s.data[s.i] == c {
		s.i++
		return true
	}
	return false
}

// text returns b as a string, the same string for the same short bytes.
func (s *jscan) text(b []byte) string {
	if len(b) > 16 {
		return string(b)
	}
	if t, ok := s.intern[string(b)]; ok {
		return t
	}
	t := string(b)
	if len(s.intern) < 4096 {
		s.intern[t] = t
	}
	return t
}

func (s *jscan) value(key string) (jv, error) {
	s.ws()
	v := jv{key: key, line: int32(s.line), start: s.i}
	var err error
	switch c := byte(0); {
	case s.i >= len(s.data):
		return v, s.unexpected("")
	case s.data[s.i] == '{':
		v.kind = jObject
		err = s.container(&v, '}')
	case s.data[s.i] == '[':
		v.kind = jArray
		err = s.container(&v, ']')
	case s.data[s.i] == '"':
		v.kind = jString
		v.s, err = s.str()
	default:
		c = s.data[s.i]
		if c == '-' || c >= '0' && c <= '9' {
			v.kind = jNumber
			if !s.number() {
				return v, s.unexpected("in a number")
			}
			v.s = s.text(s.data[v.start:s.i])
			break
		}
		for _, lit := range [...]string{"true", "false", "null"} {
			if len(s.data)-s.i >= len(lit) && string(s.data[s.i:s.i+len(lit)]) == lit {
				v.kind, v.s = jBool, lit
				if lit == "null" {
					v.kind = jNull
				}
				s.i += len(lit)
				break
			}
		}
		if v.kind == 0 {
			return v, s.unexpected("looking for a value")
		}
	}
	v.end = s.i
	return v, err
}

// container reads an object or array, counting it against the limits
// before anything in it is read.
func (s *jscan) container(v *jv, end byte) error {
	if s.count++; s.count > s.maxCount {
		return errf(ErrLimit, s.file, s.line, "", "more than %d JSON objects and arrays", s.maxCount)
	}
	if s.depth++; s.depth > s.maxDepth {
		return errf(ErrLimit, s.file, s.line, "", "JSON nested deeper than %d", s.maxDepth)
	}
	s.i++
	defer func() { s.depth-- }()
	if at, line := s.i, s.line; end == ']' {
		if v.nums = s.numbers(); v.nums {
			return nil
		}
		s.i, s.line = at, line
	}
	if s.at(end) {
		return nil
	}
	base := len(s.stack)
	var seen map[string]bool // past a few keys, to find one written twice
	for {
		key := ""
		if end == '}' {
			if s.ws(); s.i >= len(s.data) || s.data[s.i] != '"' {
				return s.unexpected("looking for a key")
			}
			var err error
			if key, err = s.str(); err != nil {
				return err
			}
			if s.duplicate(key, s.stack[base:], &seen) {
				// encoding/json would keep the last of the two silently.
				e := &Error{File: s.file, Line: s.line, Where: key, Msg: "key written twice in the same object", Kind: ErrInvalid}
				if path, off, ok := loadutil.DuplicateKey(s.data); ok {
					e.Where, e.Line = path, lineAt(s.data, off)
				}
				return e
			}
			if !s.at(':') {
				return s.unexpected("after an object key")
			}
		}
		e, err := s.value(key)
		if err != nil {
			return err
		}
		s.stack = append(s.stack, e)
		if s.at(end) {
			break
		}
		if !s.at(',') {
			return s.unexpected("after a value in an object or array")
		}
	}
	v.vals = slices.Clone(s.stack[base:])
	clear(s.stack[base:])
	s.stack = s.stack[:base]
	return nil
}

// duplicate reports whether key is among the members read so far.
func (s *jscan) duplicate(key string, members []jv, seen *map[string]bool) bool {
	if *seen == nil {
		for i := range members {
			if members[i].key == key {
				return true
			}
		}
		if len(members) < 16 {
			return false
		}
		*seen = make(map[string]bool, 2*len(members))
		for i := range members {
			(*seen)[members[i].key] = true
		}
	}
	dup := (*seen)[key]
	(*seen)[key] = true
	return dup
}

// numbers reads the rest of an array of numbers only, through its ']',
// and reports whether it was one (an empty array is).
func (s *jscan) numbers() bool {
	if s.at(']') {
		return true
	}
	for s.number() {
		if s.at(']') {
			return true
		}
		if !s.at(',') {
			return false
		}
		s.ws()
	}
	return false
}

// number reads one JSON number: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
func (s *jscan) number() bool {
	d := s.data
	i := s.i
	if i < len(d) && d[i] == '-' {
		i++
	}
	digits := func() bool {
		j := i
		for i < len(d) && d[i] >= '0' && d[i] <= '9' {
			i++
		}
		return i > j
	}
	if i < len(d) && d[i] == '0' {
		i++
	} else if !digits() {
		return false
	}
	if i < len(d) && d[i] == '.' {
		if i++; !digits() {
			return false
		}
	}
	if i < len(d) && (d[i] == 'e' || d[i] == 'E') {
		if i++; i < len(d) && (d[i] == '+' || d[i] == '-') {
			i++
		}
		if !digits() {
			return false
		}
	}
	s.i = i
	return true
}

// str reads a string at s.i (its opening quote) and returns its value.
func (s *jscan) str() (string, error) {
	s.i++
	start := s.i
	for ; s.i < len(s.data); s.i++ {
		switch c := s.data[s.i]; {
		case c == '"':
			s.i++
			return s.text(s.data[start : s.i-1]), nil
		case c == '\\':
			return s.escaped(start)
		case c < 0x20:
			return "", s.syntax("control character in a string")
		}
	}
	return "", s.unexpected("")
}

// escaped reads the rest of a string with escapes, from start.
func (s *jscan) escaped(start int) (string, error) {
	b := append([]byte(nil), s.data[start:s.i]...)
	for s.i < len(s.data) {
		c := s.data[s.i]
		switch {
		case c == '"':
			s.i++
			return string(b), nil
		case c < 0x20:
			return "", s.syntax("control character in a string")
		case c != '\\':
			b = append(b, c)
			s.i++
			continue
		case s.i+1 >= len(s.data):
			return "", s.unexpected("")
		}
		e := s.data[s.i+1]
		s.i += 2
		switch e {
		case '"', '\\', '/':
			b = append(b, e)
		case 'b':
			b = append(b, '\b')
		case 'f':
			b = append(b, '\f')
		case 'n':
			b = append(b, '\n')
		case 'r':
			b = append(b, '\r')
		case 't':
			b = append(b, '\t')
		case 'u':
			r, ok := s.hex4()
			if !ok {
				return "", s.syntax(`bad \u escape`)
			}
			if utf16.IsSurrogate(r) {
				// A pair makes one rune; anything else is U+FFFD, as
				// encoding/json reads it.
				r2, at := utf8.RuneError, s.i
				if len(s.data)-s.i >= 2 && s.data[s.i] == '\\' && s.data[s.i+1] == 'u' {
					s.i += 2
					if r2, ok = s.hex4(); !ok {
						return "", s.syntax(`bad \u escape`)
					}
				}
				if r = utf16.DecodeRune(r, r2); r == utf8.RuneError {
					s.i = at
				}
			}
			b = utf8.AppendRune(b, r)
		default:
			s.i--
			return "", s.unexpected("in a string escape")
		}
	}
	return "", s.unexpected("")
}

func (s *jscan) hex4() (rune, bool) {
	if len(s.data)-s.i < 4 {
		return 0, false
	}
	v, err := strconv.ParseUint(string(s.data[s.i:s.i+4]), 16, 32)
	if err != nil {
		return 0, false
	}
	s.i += 4
	return rune(v), true
}

// lineAt is the 1-based line of byte offset off (clamped to data).
func lineAt(data []byte, off int64) int {
	line, _ := loadutil.LineCol(data, off)
	return line
}

// lowering renames a JSON tree into the intermediate form; see the top of
// this file. It keeps the first error.
type lowering struct {
	file string
	data []byte
	root *jv
	err  *Error
}

// lowerJSON scans data and lowers it into the form; want is the element
// a file of this name holds ("map", "tileset", "template", "world"),
// taken when the document has no "type" (files before Tiled 1.0; a map
// file with a tileset's fields and no "layers" is a tileset).
func lowerJSON(file string, data []byte, maxDepth, maxElems int, want string) (*xnode, error) {
	root, err := scanJSON(file, data, maxDepth, maxElems)
	if err != nil {
		return nil, err
	}
	lw := &lowering{file: file, data: data, root: root}
	typ := want
	if t := root.get("type"); t != nil && t.kind == jString && t.s != "" {
		typ = t.s
	} else if want == "map" && root.get("layers") == nil && (root.get("image") != nil || root.get("tilecount") != nil || root.get("columns") != nil) {
		typ = "tileset"
	}
	var n *xnode
	switch typ {
	case "map":
		n = lw.obj("map", root, func(n *xnode, k string, v *jv) bool {
			switch k {
			case "layers":
				lw.each(v, func(e *jv) { n.Kids = append(n.Kids, lw.layer(e)) })
			case "tilesets":
				lw.each(v, func(e *jv) { n.Kids = append(n.Kids, lw.tileset(e)) })
			default:
				return false
			}
			return true
		})
	case "tileset":
		n = lw.tileset(root)
	case "template":
		n = lw.obj("template", root, func(n *xnode, k string, v *jv) bool {
			switch {
			case v.kind == jNull || k != "tileset" && k != "object":
				return false
			case k == "object":
				n.Kids = append(n.Kids, lw.object(v))
			default:
				n.Kids = append(n.Kids, lw.obj(k, v, nil))
			}
			return true
		})
	case "world":
		n = lw.obj("world", root, func(n *xnode, k string, v *jv) bool {
			if k != "maps" && k != "patterns" {
				return false
			}
			lw.each(v, func(e *jv) { n.Kids = append(n.Kids, lw.obj(k[:len(k)-1], e, nil)) })
			return true
		})
	default:
		n = lw.obj(typ, root, nil)
	}
	if lw.err != nil {
		return nil, lw.err
	}
	return n, nil
}

func (lw *lowering) fail(v *jv, format string, args ...any) {
	if lw.err == nil {
		path, _ := jsonPathTo(lw.root, v, "")
		lw.err = errf(ErrInvalid, lw.file, int(v.line), path, format, args...)
	}
}

// jsonPathTo returns the JSON path from v to target (`layers[0].objects`).
func jsonPathTo(v, target *jv, at string) (string, bool) {
	if v == target {
		return at, true
	}
	for i := range v.vals {
		p := at + "[" + itoa(i) + "]"
		if v.kind == jObject {
			p = v.vals[i].key
			if at != "" {
				p = at + "." + p
			}
		}
		if path, ok := jsonPathTo(&v.vals[i], target, p); ok {
			return path, true
		}
	}
	return "", false
}

// obj lowers the object v into the element name: its "properties" (typed
// by "propertytypes") into <properties>, the members special takes (it
// reports which) as it does, every other member into an attribute.
func (lw *lowering) obj(name string, v *jv, special func(n *xnode, key string, v *jv) bool) *xnode {
	n := &xnode{Name: name, Line: int(v.line)}
	if v.kind != jObject {
		lw.fail(v, "%s, not an object", jkindNames[v.kind])
		return n
	}
	n.Attrs = make([]xml.Attr, 0, len(v.vals))
	var props, types *jv
	for i := range v.vals {
		m := &v.vals[i]
		switch {
		case m.key == "properties":
			props = m
		case m.key == "propertytypes":
			types = m
		case special == nil || !special(n, m.key, m):
			attr(n, m.key, m)
		}
	}
	lw.props(n, props, types)
	return n
}

// attr adds key as an attribute of n: a scalar's text (marked as a
// number or boolean), nothing for null, a notValue mark for an object or
// array.
func attr(n *xnode, key string, v *jv) {
	space := ""
	switch v.kind {
	case jNull:
		return
	case jObject, jArray:
		space = notValue
	case jNumber:
		space = jsonNumber
	case jBool:
		space = jsonBool
	}
	n.Attrs = append(n.Attrs, xml.Attr{Name: xml.Name{Space: space, Local: key}, Value: v.s})
}

func setAttr(n *xnode, key, value string) {
	n.Attrs = append(n.Attrs, xml.Attr{Name: xml.Name{Local: key}, Value: value})
}

// each calls f with each element of the array v (none for null), or
// fails.
func (lw *lowering) each(v *jv, f func(e *jv)) {
	switch {
	case v.kind == jNull:
	case v.kind != jArray:
		lw.fail(v, "%s, not an array", jkindNames[v.kind])
	case v.nums && v.end-v.start > 2:
		lw.fail(v, "an array of numbers, not of objects")
	}
	for i := range v.vals {
		f(&v.vals[i])
	}
}

// numbers is the text between the brackets of an array of numbers (tile
// data, a Wang ID) or a string's value; ok is false for anything else.
func (lw *lowering) numbers(v *jv) (text []byte, ok bool) {
	switch {
	case v.kind == jArray && v.nums:
		return lw.data[v.start+1 : v.end-1], true
	case v.kind == jString:
		return []byte(v.s), true
	}
	return nil, false
}

// images are the members of a tileset, tile or image layer that name its
// image: "image" is <image source>, the others its attributes.
var images = map[string]string{"image": "source", "imagewidth": "width", "imageheight": "height", "transparentcolor": "trans"}

// image takes an image member of n's object into img (<image>, added to
// n by the first) and reports whether it was one. An empty "image"
// names no image, as Tiled writes it.
func (lw *lowering) image(n *xnode, img **xnode, k string, v *jv) bool {
	name, ok := images[k]
	if !ok {
		return false
	}
	if *img == nil {
		*img = &xnode{Name: "image", Line: int(v.line)}
	}
	attr(*img, name, v)
	if k == "image" && v.kind != jNull && v.s != "" {
		n.Kids = append(n.Kids, *img)
	}
	return true
}

var layerElems = map[string]string{"tilelayer": "layer", "objectgroup": "objectgroup", "imagelayer": "imagelayer", "group": "group"}

// layer lowers a layer into the element its "type" names; a tile
// layer's "data" or "chunks" (with its "encoding" and "compression")
// become its <data>.
func (lw *lowering) layer(v *jv) *xnode {
	if v.kind != jObject {
		return lw.obj("", v, nil) // fails
	}
	t := v.get("type")
	if t == nil || t.kind != jString || layerElems[t.s] == "" {
		typ := ""
		if t == nil {
			t = v
		} else if typ = t.s; t.kind != jString {
			typ = string(lw.data[t.start:t.end])
		}
		lw.fail(t, "unknown layer type %s (tilelayer, objectgroup, imagelayer or group)", quote(typ))
		return &xnode{}
	}
	var img *xnode
	d := &xnode{Name: "data"}
	enc, comp := "", ""
	n := lw.obj(layerElems[t.s], v, func(n *xnode, k string, v *jv) bool {
		switch n.Name + " " + k {
		case "layer encoding", "layer compression":
			if v.kind != jString && v.kind != jNull {
				return false // refused as an attribute
			}
			if k == "encoding" {
				enc = v.s
			} else {
				comp = v.s
			}
		case "layer data":
			if v.kind != jNull {
				d.Line, d.Text = int(v.line), lw.cells(v)
				if v.kind == jArray {
					enc = "csv" // an array is GIDs whatever "encoding" says
				}
			}
		case "layer chunks":
			d.Line = int(v.line)
			lw.each(v, func(e *jv) {
				d.Kids = append(d.Kids, lw.obj("chunk", e, func(ch *xnode, k string, v *jv) bool {
					if k == "data" {
						ch.Text = lw.cells(v)
					}
					return k == "data"
				}))
			})
		case "objectgroup objects":
			lw.each(v, func(e *jv) { n.Kids = append(n.Kids, lw.object(e)) })
		case "group layers":
			lw.each(v, func(e *jv) { n.Kids = append(n.Kids, lw.layer(e)) })
		case "layer type", "objectgroup type", "imagelayer type", "group type":
		default:
			return n.Name == "imagelayer" && lw.image(n, &img, k, v)
		}
		return true
	})
	if d.Line != 0 {
		setAttr(d, "encoding", cmp.Or(enc, "csv"))
		if comp != "" {
			setAttr(d, "compression", comp)
		}
		n.Kids = append(n.Kids, d)
	}
	return n
}

// cells returns a data value's text: an array's numbers or a string.
func (lw *lowering) cells(v *jv) []byte {
	text, ok := lw.numbers(v)
	if !ok {
		lw.fail(v, "data is %s, neither an array of numbers nor a string", jkindNames[v.kind])
		return nil
	}
	if text == nil {
		text = []byte{}
	}
	return text
}

// object lowers an object: "ellipse", "point" and "capsule" set true
// become those elements, "polygon" and "polyline" arrays of {x, y}
// become <polygon points="x,y x,y">, "text" becomes <text> with the text
// as its content.
func (lw *lowering) object(v *jv) *xnode {
	return lw.obj("object", v, func(n *xnode, k string, v *jv) bool {
		switch k {
		case "ellipse", "point", "capsule":
			switch {
			case v.kind == jBool && v.s == "true":
				n.Kids = append(n.Kids, &xnode{Name: k, Line: int(v.line)})
			case v.kind != jBool && v.kind != jNull:
				lw.fail(v, "%s, not true or false", jkindNames[v.kind])
			}
		case "polygon", "polyline":
			if v.kind == jNull {
				break
			}
			var pts []byte
			lw.each(v, func(p *jv) {
				if p.kind != jObject {
					lw.fail(p, "a point is %s, not an object {x, y}", jkindNames[p.kind])
				}
				if len(pts) > 0 {
					pts = append(pts, ' ')
				}
				pts = append(append(append(pts, lw.coord(p, "x")...), ','), lw.coord(p, "y")...)
			})
			shape := &xnode{Name: k, Line: int(v.line)}
			setAttr(shape, "points", string(pts))
			n.Kids = append(n.Kids, shape)
		case "text":
			n.Kids = append(n.Kids, lw.obj("text", v, func(t *xnode, k string, v *jv) bool {
				if k == "text" && v.kind == jString {
					t.Text = []byte(v.s)
				}
				return k == "text" && v.kind == jString
			}))
		default:
			return false
		}
		return true
	})
}

// coord is a point's x or y as written ("0" when left out).
func (lw *lowering) coord(p *jv, key string) string {
	c := p.get(key)
	switch {
	case c == nil || c.kind == jNull:
		return "0"
	case c.kind != jNumber && c.kind != jString:
		lw.fail(c, "%s, not a number", jkindNames[c.kind])
	}
	return c.s
}

// tileset lowers a tileset: "tileoffset", "grid" and "transformations"
// become those elements, "tiles" (an array, or before Tiled 1.2 an
// object keyed by tile ID) <tile>s, "wangsets" <wangsets>; the tiles'
// properties of files before 1.2, in "tileproperties", move onto them.
func (lw *lowering) tileset(v *jv) *xnode {
	var img *xnode
	var tileProps, tileTypes *jv
	n := lw.obj("tileset", v, func(n *xnode, k string, v *jv) bool {
		switch k {
		case "tileoffset", "grid", "transformations":
			if v.kind != jNull {
				n.Kids = append(n.Kids, lw.obj(k, v, nil))
			}
		case "tiles":
			if v.kind != jObject {
				lw.each(v, func(e *jv) { n.Kids = append(n.Kids, lw.tile(e, "")) })
				break
			}
			for i := range v.vals {
				n.Kids = append(n.Kids, lw.tile(&v.vals[i], v.vals[i].key))
			}
		case "wangsets":
			ws := &xnode{Name: "wangsets", Line: int(v.line)}
			lw.each(v, func(e *jv) { ws.Kids = append(ws.Kids, lw.wangSet(e)) })
			n.Kids = append(n.Kids, ws)
		case "tileproperties":
			tileProps = v
		case "tilepropertytypes":
			tileTypes = v
		default:
			return lw.image(n, &img, k, v)
		}
		return true
	})
	lw.legacyTileProps(n, tileProps, tileTypes)
	return n
}

// tile lowers a tile (its "id" is key when the tiles are keyed by ID):
// "animation" becomes <animation> of <frame>s, "objectgroup" an
// <objectgroup>.
func (lw *lowering) tile(v *jv, key string) *xnode {
	var img *xnode
	n := lw.obj("tile", v, func(n *xnode, k string, v *jv) bool {
		switch k {
		case "animation":
			a := &xnode{Name: "animation", Line: int(v.line)}
			lw.each(v, func(f *jv) { a.Kids = append(a.Kids, lw.obj("frame", f, nil)) })
			n.Kids = append(n.Kids, a)
		case "objectgroup":
			if v.kind == jNull {
				break
			}
			if og := lw.layer(v); og.Name == "objectgroup" {
				n.Kids = append(n.Kids, og)
			} else {
				lw.fail(v, "a tile's objectgroup is not an object group")
			}
		case "id":
			return key != "" // the key wins
		default:
			return lw.image(n, &img, k, v)
		}
		return true
	})
	if key != "" {
		if _, err := strconv.ParseUint(key, 10, 32); err != nil {
			lw.fail(v, "tile key %s is not a tile ID", quote(key))
		}
		setAttr(n, "id", key)
	}
	return n
}

// legacyTileProps moves pre-1.2 "tileproperties" (typed by
// "tilepropertytypes") onto the tiles they name, after their own, adding
// a <tile> for an ID the tiles leave out, in ascending ID order.
func (lw *lowering) legacyTileProps(n *xnode, props, types *jv) {
	if props == nil || props.kind == jNull {
		return
	}
	if props.kind != jObject {
		lw.fail(props, "%s, not an object", jkindNames[props.kind])
		return
	}
	ids := make([]uint64, len(props.vals))
	order := make([]int, len(props.vals))
	for i := range props.vals {
		id, err := strconv.ParseUint(props.vals[i].key, 10, 32)
		if err != nil {
			lw.fail(&props.vals[i], "tile key %s is not a tile ID", quote(props.vals[i].key))
			return
		}
		ids[i], order[i] = id, i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(ids[a], ids[b]) })
	for _, i := range order {
		p := &props.vals[i]
		var t *xnode
		for _, k := range n.Kids {
			if a, ok := formAttr(k, "id"); ok && k.Name == "tile" && a.Value == p.key {
				t = k
			}
		}
		if t == nil {
			t = &xnode{Name: "tile", Line: int(p.line)}
			setAttr(t, "id", p.key)
			n.Kids = append(n.Kids, t)
		}
		var tt *jv
		if types != nil && types.kind == jObject {
			tt = types.get(p.key)
		}
		own := t.Child("properties")
		lw.props(t, p, tt)
		if own != nil { // one <properties>: the tile's own, then these
			own.Kids = append(own.Kids, t.Kids[len(t.Kids)-1].Kids...)
			t.Kids = t.Kids[:len(t.Kids)-1]
		}
	}
}

var wangElems = map[string]string{"colors": "wangcolor", "cornercolors": "wangcornercolor", "edgecolors": "wangedgecolor", "wangtiles": "wangtile"}

// wangSet lowers a Wang set: "colors" (or Tiled 1.1–1.4's
// "cornercolors" and "edgecolors") become <wangcolor>s, "wangtiles"
// <wangtile>s, whose "wangid" array is the attribute's list.
func (lw *lowering) wangSet(v *jv) *xnode {
	return lw.obj("wangset", v, func(n *xnode, k string, v *jv) bool {
		elem, ok := wangElems[k]
		if !ok {
			return false
		}
		lw.each(v, func(e *jv) {
			n.Kids = append(n.Kids, lw.obj(elem, e, func(t *xnode, k string, v *jv) bool {
				if k != "wangid" || elem != "wangtile" || v.kind != jArray {
					return false
				}
				id, ok := lw.numbers(v)
				if !ok {
					lw.fail(v, "a Wang ID of other than numbers")
				}
				setAttr(t, "wangid", string(id))
				return true
			}))
		})
		return true
	})
}

// props adds <properties> for a "properties" value: an array of
// {name, type, propertytype, value} (Tiled 1.2 and later) or an object
// of name: value pairs typed by a "propertytypes" object.
func (lw *lowering) props(n *xnode, v, types *jv) {
	if v == nil || v.kind == jNull {
		return
	}
	ps := &xnode{Name: "properties", Line: int(v.line)}
	n.Kids = append(n.Kids, ps)
	if v.kind != jObject {
		lw.each(v, func(e *jv) { ps.Kids = append(ps.Kids, lw.prop("property", e)) })
		return
	}
	for i := range v.vals {
		m := &v.vals[i]
		typ := jsonValueType(m)
		if types != nil && types.kind == jObject {
			if t := types.get(m.key); t != nil && t.kind == jString {
				typ = t.s
			}
		}
		ps.Kids = append(ps.Kids, lw.typed(m, typ))
	}
}

// typed lowers a named bare value of type typ (a class member, a
// property before Tiled 1.2) into a <property>.
func (lw *lowering) typed(v *jv, typ string) *xnode {
	p := &xnode{Name: "property", Line: int(v.line)}
	setAttr(p, "name", v.key)
	setAttr(p, "type", typ)
	lw.propValue(p, typ, v)
	return p
}

// prop lowers one property or list item {name, type, propertytype, value}.
func (lw *lowering) prop(name string, v *jv) *xnode {
	var value *jv
	p := lw.obj(name, v, func(n *xnode, k string, v *jv) bool {
		if k == "value" {
			value = v
		}
		return k == "value"
	})
	if value != nil {
		typ, _ := formAttr(p, "type")
		lw.propValue(p, typ.Value, value)
	}
	return p
}

// propValue lowers a property's value of type typ: a class's members as
// its <properties>, a list's items as <item>s, a scalar as its value
// attribute (a type this loader does not know keeps the JSON as
// written).
func (lw *lowering) propValue(p *xnode, typ string, v *jv) {
	if v.kind == jNull {
		return
	}
	switch _, known := parsePropType(typ); {
	case typ == "class":
		if v.kind != jObject {
			lw.fail(v, "class value is %s, not an object", jkindNames[v.kind])
			return
		}
		ms := &xnode{Name: "properties", Line: int(v.line)}
		for i := range v.vals {
			ms.Kids = append(ms.Kids, lw.typed(&v.vals[i], jsonValueType(&v.vals[i])))
		}
		p.Kids = append(p.Kids, ms)
	case typ == "list":
		if v.kind != jArray || v.nums && v.end-v.start > 2 {
			lw.fail(v, "list value is not an array of {type, value} objects")
			return
		}
		lw.each(v, func(e *jv) { p.Kids = append(p.Kids, lw.prop("item", e)) })
	case !known && v.kind != jString:
		setAttr(p, "value", string(lw.data[v.start:v.end]))
	default:
		attr(p, "value", v)
	}
}

// jsonValueType names the Tiled type of a bare JSON value (a class
// member's or a pre-1.2 property's): integral numbers are ints.
func jsonValueType(v *jv) string {
	switch v.kind {
	case jBool:
		return "bool"
	case jObject:
		return "class"
	case jArray:
		return "list"
	case jNumber:
		if _, err := strconv.ParseInt(v.s, 10, 64); err == nil {
			return "int"
		}
		return "float"
	}
	return "string"
}
