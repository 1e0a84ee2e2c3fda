package tiled

import (
	"bytes"
	"cmp"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"math"
	"slices"
	"strconv"
	"unicode/utf8"

	"diorama/internal/loadutil"
	"diorama/props"
)

// The JSON formats (.tmj, .tsj, .tj, .world) are read in two steps into
// the one intermediate form the TMX reader builds (an element tree, see
// form.go), so one interpreter reads both and the same defect gives the
// same message in both:
//
//  1. jscan reads the file into a small JSON tree (jv), knowing each
//     value's line and byte span, refusing nesting and object counts over
//     the limits before it allocates, and keys written twice. An object's
//     scalar members are kept as the attributes its element will have
//     (their text as written, marked as numbers or booleans: see
//     jsonNumber); an array of numbers only (tile data, Wang IDs) is not
//     split into values: its bytes are the data, as a TMX <data>
//     element's text is.
//  2. lowering renames that tree into TMX's elements: "layers" become
//     <layer>, <objectgroup>, <imagelayer> and <group> by their "type",
//     a tileset's "image" and "imagewidth" an <image source width>, a
//     "polygon" array <polygon points>, a class property's value its
//     <properties>, and so on. An object or array where the interpreter
//     expects a value becomes an attribute marked notValue, which the
//     interpreter refuses by name.
//
// Lowering reports only what has no TMX twin (a JSON value of the wrong
// kind for its place, an unknown layer type), at the JSON path; a map's
// layers are counted against MaxLayers here, as parseXML counts TMX's.

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

// jv is one JSON value. An object keeps its scalar members (strings,
// numbers, booleans; null is left out) as the attributes its element
// will have, marked by kind (see attrMark), in file order; its objects
// and arrays in vals, each with its place among all members in pos.
type jv struct {
	kind       jkind
	nums       bool // an array of numbers only: vals is nil, the bytes are the data
	line, pos  int32
	start, end int32      // the value's bytes in the file
	key        string     // its key, in an object
	s          string     // a scalar array element's text
	attrs      []xml.Attr // an object's scalar members
	vals       []jv       // an object's other members or an array's elements
}

// get returns the object or array member key of object v, or nil.
func (v *jv) get(key string) *jv {
	for i := range v.vals {
		if v.vals[i].key == key {
			return &v.vals[i]
		}
	}
	return nil
}

// attr returns the scalar member key of object v.
func (v *jv) attr(key string) (xml.Attr, bool) {
	for _, a := range v.attrs {
		if a.Name.Local == key {
			return a, true
		}
	}
	return xml.Attr{}, false
}

// str returns the string member key of object v.
func (v *jv) str(key string) (string, bool) {
	a, ok := v.attr(key)
	return a.Value, ok && a.Name.Space == ""
}

// members calls f with each member of object v in file order: a scalar
// as its attribute, an object or array as c.
func (v *jv) members(f func(a xml.Attr, c *jv)) {
	ai, ci := 0, 0
	for i := 0; i < len(v.attrs)+len(v.vals); i++ {
		if ci < len(v.vals) && int(v.vals[ci].pos) == i {
			f(xml.Attr{Name: xml.Name{Local: v.vals[ci].key}}, &v.vals[ci])
			ci++
		} else {
			f(v.attrs[ai], nil)
			ai++
		}
	}
}

// jscan reads one JSON document.
type jscan struct {
	file            string
	data            []byte
	i, line         int
	depth, maxDepth int
	count, maxCount int
	stack           []jv              // the members of the open containers
	astack          []xml.Attr        // the scalar members of the open objects
	intern          map[string]string // keys and short values, read once
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
	v := jv{key: key, line: int32(s.line), start: int32(s.i)}
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
	v.end = int32(s.i)
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
	base, abase := len(s.stack), len(s.astack)
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
			if s.duplicate(key, s.stack[base:], s.astack[abase:], &seen) {
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
		switch {
		case end == ']' || e.kind == jObject || e.kind == jArray:
			e.pos = int32(len(s.stack) - base + len(s.astack) - abase)
			s.stack = append(s.stack, e)
		case e.kind != jNull:
			s.astack = append(s.astack, xml.Attr{Name: xml.Name{Space: attrMark[e.kind], Local: key}, Value: e.s})
		}
		if s.at(end) {
			break
		}
		if !s.at(',') {
			return s.unexpected("after a value in an object or array")
		}
	}
	if len(s.astack) > abase {
		v.attrs = slices.Clone(s.astack[abase:])
		clear(s.astack[abase:])
		s.astack = s.astack[:abase]
	}
	switch n := len(s.stack) - base; {
	case n >= 1024 && base == 0:
		// A long list with nothing open below it (a world's maps, a
		// map's layers) keeps the stack itself rather than a copy.
		v.vals, s.stack = s.stack[:n:n], nil
	case n > 0:
		v.vals = slices.Clone(s.stack[base:])
		clear(s.stack[base:])
		s.stack = s.stack[:base]
	}
	return nil
}

// attrMark is the Space of an attribute lowered from a JSON scalar.
var attrMark = [...]string{jString: "", jNumber: jsonNumber, jBool: jsonBool}

// duplicate reports whether key is among the members read so far.
func (s *jscan) duplicate(key string, members []jv, attrs []xml.Attr, seen *map[string]bool) bool {
	if *seen == nil {
		for i := range members {
			if members[i].key == key {
				return true
			}
		}
		for i := range attrs {
			if attrs[i].Name.Local == key {
				return true
			}
		}
		if len(members)+len(attrs) < 16 {
			return false
		}
		*seen = make(map[string]bool, 2*(len(members)+len(attrs)))
		for i := range members {
			(*seen)[members[i].key] = true
		}
		for i := range attrs {
			(*seen)[attrs[i].Name.Local] = true
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
// One with escapes or other than ASCII is decoded by encoding/json, so
// escapes and surrogates read as they do there. A string TMX could not
// hold is refused, as the XML reader refuses it in a TMX file: invalid
// UTF-8, or a character XML 1.0 excludes (a control character other than
// tab, line feed and carriage return, written as an escape such as
// \u0000; U+FFFE, U+FFFF), which would otherwise end up in a name.
func (s *jscan) str() (string, error) {
	start, plain := s.i, true
	for s.i++; s.i < len(s.data); s.i++ {
		switch c := s.data[s.i]; {
		case c == '"':
			s.i++
			if plain {
				return s.text(s.data[start+1 : s.i-1]), nil
			}
			if !utf8.Valid(s.data[start:s.i]) {
				return "", s.syntax("invalid UTF-8 in a string")
			}
			var v string
			if err := json.Unmarshal(s.data[start:s.i], &v); err != nil {
				return "", s.syntax("bad string: " + err.Error())
			}
			for _, r := range v {
				if !loadutil.TextRune(r) {
					return "", s.syntax(fmt.Sprintf("character %U in a string (XML, and so TMX, cannot hold it)", r))
				}
			}
			return v, nil
		case c == '\\':
			plain = false
			s.i++
		case c < 0x20:
			return "", s.syntax("control character in a string")
		case c >= 0x80:
			plain = false
		}
	}
	return "", s.unexpected("")
}

// lineAt is the 1-based line of byte offset off (clamped to data).
func lineAt(data []byte, off int64) int {
	line, _ := loadutil.LineCol(data, off)
	return line
}

// lowering renames a JSON tree into the intermediate form; see the top of
// this file. It keeps the first error.
type lowering struct {
	file              string
	data              []byte
	root              *jv
	err               *Error
	layers, maxLayers int // a map's layers (not a tile's object group), as parseXML counts them
}

// lowerJSON scans data and lowers it into the form; want is the element
// a file of this name holds ("map", "tileset", "template", "world"),
// taken when the document has no "type" (files before Tiled 1.0; a map
// file with a tileset's fields and no "layers" is a tileset).
func lowerJSON(file string, data []byte, maxDepth, maxElems, maxLayers int, want string) (*xnode, error) {
	if len(data) > math.MaxInt32 {
		return nil, errf(ErrLimit, file, 0, "", "a JSON file larger than %d bytes", math.MaxInt32)
	}
	root, err := scanJSON(file, data, maxDepth, maxElems)
	if err != nil {
		return nil, err
	}
	lw := &lowering{file: file, data: data, root: root, maxLayers: maxLayers}
	typ := want
	if t, ok := root.str("type"); ok && t != "" {
		typ = t
	} else if _, image := root.attr("image"); want == "map" && root.get("layers") == nil && image {
		typ = "tileset"
	} else if _, count := root.attr("tilecount"); want == "map" && root.get("layers") == nil && count {
		typ = "tileset"
	}
	var n *xnode
	switch typ {
	case "map":
		n = lw.obj("map", root, func(n *xnode, k string, v *jv) bool {
			switch k {
			case "layers":
				lw.each(v, func(e *jv) { n.Kids = append(n.Kids, lw.layer(e, true)) })
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
			switch k {
			case "object":
				n.Kids = append(n.Kids, lw.object(v))
			case "tileset":
				n.Kids = append(n.Kids, lw.obj(k, v, nil))
			default:
				return false
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

// obj lowers the object v into the element name: its scalar members are
// its attributes; of its objects and arrays, "properties" (typed by
// "propertytypes") become <properties>, those special takes (it reports
// which) what it makes of them, the rest attributes marked notValue.
func (lw *lowering) obj(name string, v *jv, special func(n *xnode, key string, v *jv) bool) *xnode {
	n := &xnode{Name: name, Line: int(v.line), Attrs: v.attrs}
	if v.kind != jObject {
		lw.fail(v, "%s, not an object", jkindNames[v.kind])
		return n
	}
	var props, types *jv
	for i := range v.vals {
		m := &v.vals[i]
		switch {
		case m.key == "properties":
			props = m
		case m.key == "propertytypes":
			types = m
		case special == nil || !special(n, m.key, m):
			n.Attrs = append(n.Attrs, xml.Attr{Name: xml.Name{Space: notValue, Local: m.key}})
		}
	}
	lw.props(n, props, types)
	return n
}

func setAttr(n *xnode, key, value string) {
	n.Attrs = append(n.Attrs, xml.Attr{Name: xml.Name{Local: key}, Value: value})
}

// each calls f with each element of the array v, or fails.
func (lw *lowering) each(v *jv, f func(e *jv)) {
	switch {
	case v.kind != jArray:
		lw.fail(v, "%s, not an array", jkindNames[v.kind])
	case lw.someNumbers(v):
		lw.fail(v, "an array of numbers, not of objects")
	}
	for i := range v.vals {
		f(&v.vals[i])
	}
}

// numbers is the text between the brackets of an array of numbers (tile
// data, a Wang ID), or fails.
func (lw *lowering) numbers(v *jv) []byte {
	switch {
	case v.kind != jArray:
		lw.fail(v, "%s, not an array of numbers", jkindNames[v.kind])
	case !v.nums:
		lw.fail(v, "an array of other than numbers")
	default:
		return lw.data[v.start+1 : v.end-1]
	}
	return nil
}

// someNumbers reports whether v is an array of at least one number.
func (lw *lowering) someNumbers(v *jv) bool {
	return v.nums && len(bytes.TrimSpace(lw.data[v.start+1:v.end-1])) > 0
}

// lowerImage adds <image source width height trans> to n when the object v
// names one in "image" (with "imagewidth", "imageheight",
// "transparentcolor"); an empty "image" names none, as Tiled writes it.
func lowerImage(n *xnode, v *jv) {
	src, ok := v.attr("image")
	if !ok || src.Value == "" {
		return
	}
	img := &xnode{Name: "image", Line: n.Line, Attrs: []xml.Attr{{Name: xml.Name{Space: src.Name.Space, Local: "source"}, Value: src.Value}}}
	for _, a := range [...][2]string{{"imagewidth", "width"}, {"imageheight", "height"}, {"transparentcolor", "trans"}} {
		if at, ok := v.attr(a[0]); ok {
			at.Name.Local = a[1]
			img.Attrs = append(img.Attrs, at)
		}
	}
	n.Kids = append(n.Kids, img)
}

var layerElems = map[string]string{"tilelayer": "layer", "objectgroup": "objectgroup", "imagelayer": "imagelayer", "group": "group"}

// layer lowers a layer into the element its "type" names; a tile
// layer's "data" or "chunks" (with its "encoding" and "compression")
// become its <data>. A map's layers are counted against MaxLayers, as
// parseXML counts them, before any is built.
func (lw *lowering) layer(v *jv, counted bool) *xnode {
	if v.kind != jObject {
		return lw.obj("", v, nil) // fails
	}
	typ, ok := v.str("type")
	if elem := layerElems[typ]; !ok || elem == "" {
		if t, ok := v.attr("type"); ok {
			typ = t.Value
		} else if t := v.get("type"); t != nil {
			typ = string(lw.data[t.start:t.end])
		}
		lw.fail(v, "unknown layer type %s (tilelayer, objectgroup, imagelayer or group)", quote(typ))
		return &xnode{}
	}
	if counted {
		if lw.layers++; lw.layers > lw.maxLayers && lw.err == nil {
			lw.err = errf(ErrLimit, lw.file, int(v.line), "<"+layerElems[typ]+">", "more than %d layers (raise Limits.MaxLayers)", lw.maxLayers)
		}
	}
	d := &xnode{Name: "data", Line: int(v.line)}
	n := lw.obj(layerElems[typ], v, func(n *xnode, k string, v *jv) bool {
		switch n.Name + " " + k {
		case "layer data":
			d.Text = lw.numbers(v)
		case "layer chunks":
			lw.each(v, func(e *jv) {
				ch := lw.obj("chunk", e, func(ch *xnode, k string, v *jv) bool {
					if k == "data" {
						ch.Text = lw.numbers(v)
					}
					return k == "data"
				})
				if s, ok := e.str("data"); ok {
					ch.Text = []byte(s)
				}
				d.Kids = append(d.Kids, ch)
			})
		case "objectgroup objects":
			lw.each(v, func(e *jv) { n.Kids = append(n.Kids, lw.object(e)) })
		case "group layers":
			lw.each(v, func(e *jv) { n.Kids = append(n.Kids, lw.layer(e, true)) })
		default:
			return false
		}
		return true
	})
	switch n.Name {
	case "imagelayer":
		lowerImage(n, v)
	case "layer":
		if s, ok := v.str("data"); ok {
			d.Text = []byte(s)
		}
		enc, _ := v.str("encoding")
		if v.get("data") != nil {
			enc = "csv" // an array is GIDs whatever "encoding" says
		} else if d.Text == nil && d.Kids == nil {
			break // no cells
		}
		setAttr(d, "encoding", cmp.Or(enc, "csv"))
		if comp, ok := v.str("compression"); ok && comp != "" {
			setAttr(d, "compression", comp)
		}
		n.Kids = append(n.Kids, d)
	}
	return n
}

// object lowers an object: "ellipse", "point" and "capsule" set true
// become those elements, "polygon" and "polyline" arrays of {x, y}
// become <polygon points="x,y x,y">, "text" becomes <text> with the text
// as its content.
func (lw *lowering) object(v *jv) *xnode {
	n := lw.obj("object", v, func(n *xnode, k string, v *jv) bool {
		switch k {
		case "polygon", "polyline":
			var pts []byte
			lw.each(v, func(p *jv) {
				if len(pts) > 0 {
					pts = append(pts, ' ')
				}
				pts = append(append(append(pts, lw.coord(p, "x")...), ','), lw.coord(p, "y")...)
			})
			n.Kids = append(n.Kids, &xnode{Name: k, Line: int(v.line), Attrs: []xml.Attr{{Name: xml.Name{Local: "points"}, Value: string(pts)}}})
		case "text":
			t := lw.obj("text", v, nil)
			if s, ok := v.str("text"); ok {
				t.Text = []byte(s)
			}
			n.Kids = append(n.Kids, t)
		default:
			return false
		}
		return true
	})
	for _, k := range [...]string{"ellipse", "point", "capsule"} {
		switch a, ok := v.attr(k); {
		case !ok || a.Name.Space == jsonBool && a.Value == "false":
		case a.Name.Space == jsonBool:
			n.Kids = append(n.Kids, &xnode{Name: k, Line: n.Line})
		default:
			lw.fail(v, "%s is %s, not true or false", k, quote(a.Value))
		}
	}
	return n
}

// coord is a point's x or y as written ("0" when left out).
func (lw *lowering) coord(p *jv, key string) string {
	if p.kind != jObject {
		lw.fail(p, "a point is %s, not an object {x, y}", jkindNames[p.kind])
	}
	if c, ok := p.attr(key); ok {
		return c.Value
	}
	return "0"
}

// tileset lowers a tileset: "tileoffset", "grid" and "transformations"
// become those elements, "tiles" (an array, or before Tiled 1.2 an
// object keyed by tile ID) <tile>s, "wangsets" <wangsets>; the tiles'
// properties of files before 1.2, in "tileproperties", move onto them.
func (lw *lowering) tileset(v *jv) *xnode {
	var tileProps, tileTypes *jv
	n := lw.obj("tileset", v, func(n *xnode, k string, v *jv) bool {
		switch k {
		case "tileoffset", "grid", "transformations":
			n.Kids = append(n.Kids, lw.obj(k, v, nil))
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
			return false
		}
		return true
	})
	lowerImage(n, v)
	lw.legacyTileProps(n, tileProps, tileTypes)
	return n
}

// tile lowers a tile (its "id" is key when the tiles are keyed by ID):
// "animation" becomes <animation> of <frame>s, "objectgroup" an
// <objectgroup>.
func (lw *lowering) tile(v *jv, key string) *xnode {
	n := lw.obj("tile", v, func(n *xnode, k string, v *jv) bool {
		switch k {
		case "animation":
			a := &xnode{Name: "animation", Line: int(v.line)}
			lw.each(v, func(f *jv) { a.Kids = append(a.Kids, lw.obj("frame", f, nil)) })
			n.Kids = append(n.Kids, a)
		case "objectgroup":
			if og := lw.layer(v, false); og.Name == "objectgroup" {
				n.Kids = append(n.Kids, og)
			} else {
				lw.fail(v, "a tile's objectgroup is not an object group")
			}
		default:
			return false
		}
		return true
	})
	lowerImage(n, v)
	if key != "" {
		if _, err := strconv.ParseUint(key, 10, 32); err != nil {
			lw.fail(v, "tile key %s is not a tile ID", quote(key))
		}
		n.Attrs = append([]xml.Attr{{Name: xml.Name{Local: "id"}, Value: key}}, n.Attrs...) // the key wins
	}
	return n
}

// legacyTileProps moves pre-1.2 "tileproperties" (typed by
// "tilepropertytypes") onto the tiles they name, after their own, adding
// a <tile> for an ID the tiles leave out, in ascending ID order.
func (lw *lowering) legacyTileProps(n *xnode, props, types *jv) {
	if props == nil {
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
	tiles := map[string]*xnode{}
	for _, k := range n.Kids {
		if a, ok := formAttr(k, "id"); ok && k.Name == "tile" {
			tiles[a.Value] = k
		}
	}
	for _, i := range order {
		p := &props.vals[i]
		t := tiles[p.key]
		if t == nil {
			t = &xnode{Name: "tile", Line: int(p.line), Attrs: []xml.Attr{{Name: xml.Name{Local: "id"}, Value: p.key}}}
			n.Kids = append(n.Kids, t)
		}
		var tt *jv
		if types != nil {
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
				if k == "wangid" && elem == "wangtile" {
					setAttr(t, "wangid", string(lw.numbers(v)))
				}
				return k == "wangid" && elem == "wangtile"
			}))
		})
		return true
	})
}

// props adds <properties> for a "properties" value: an array of
// {name, type, propertytype, value} (Tiled 1.2 and later) or an object
// of name: value pairs typed by a "propertytypes" object.
func (lw *lowering) props(n *xnode, v, types *jv) {
	if v == nil {
		return
	}
	ps := &xnode{Name: "properties", Line: int(v.line)}
	n.Kids = append(n.Kids, ps)
	if v.kind != jObject {
		lw.each(v, func(e *jv) { ps.Kids = append(ps.Kids, lw.prop("property", e)) })
		return
	}
	v.members(func(a xml.Attr, c *jv) {
		typ := jsonValueType(a, c)
		if types != nil {
			if t, ok := types.str(a.Name.Local); ok {
				typ = t
			}
		}
		ps.Kids = append(ps.Kids, lw.typed(v, a, c, typ))
	})
}

// typed lowers a named bare value of type typ, the scalar a or the
// object or array c, a member of owner (a class member, a property
// before Tiled 1.2), into a <property>.
func (lw *lowering) typed(owner *jv, a xml.Attr, c *jv, typ string) *xnode {
	p := &xnode{Name: "property", Line: int(owner.line), Attrs: []xml.Attr{{Name: xml.Name{Local: "name"}, Value: a.Name.Local}, {Name: xml.Name{Local: "type"}, Value: typ}}}
	if c != nil {
		p.Line = int(c.line)
		lw.propValue(p, typ, c)
	} else {
		a.Name.Local = "value"
		p.Attrs = append(p.Attrs, a)
		lw.scalarValue(owner, typ, a)
	}
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
	typ, _ := v.str("type")
	if value != nil {
		lw.propValue(p, typ, value)
	} else if a, ok := v.attr("value"); ok {
		lw.scalarValue(v, typ, a)
	}
	return p
}

// scalarValue checks a scalar value a of type typ, a member of owner: a
// class or a list is not one.
func (lw *lowering) scalarValue(owner *jv, typ string, a xml.Attr) {
	switch typ {
	case "class":
		lw.fail(owner, "class value %s is not an object", quote(a.Value))
	case "list":
		lw.fail(owner, "list value %s is not an array of {type, value} objects", quote(a.Value))
	}
}

// propValue lowers a property's object or array value of type typ: a
// class's members as its <properties>, a list's items as <item>s (a type
// this loader does not know keeps the JSON as written; a scalar type
// fails in the interpreter).
func (lw *lowering) propValue(p *xnode, typ string, v *jv) {
	switch _, known := props.ParseType(typ); {
	case typ == "class":
		if v.kind != jObject {
			lw.fail(v, "class value is %s, not an object", jkindNames[v.kind])
			return
		}
		ms := &xnode{Name: "properties", Line: int(v.line)}
		v.members(func(a xml.Attr, c *jv) { ms.Kids = append(ms.Kids, lw.typed(v, a, c, jsonValueType(a, c))) })
		p.Kids = append(p.Kids, ms)
	case typ == "list":
		if v.kind != jArray || lw.someNumbers(v) {
			lw.fail(v, "list value is not an array of {type, value} objects")
			return
		}
		lw.each(v, func(e *jv) { p.Kids = append(p.Kids, lw.prop("item", e)) })
	case !known:
		setAttr(p, "value", string(lw.data[v.start:v.end]))
	default:
		p.Attrs = append(p.Attrs, xml.Attr{Name: xml.Name{Space: notValue, Local: "value"}})
	}
}

// jsonValueType names the Tiled type of a bare JSON value, the scalar a
// or the object or array c (a class member's, a pre-1.2 property's):
// integral numbers are ints.
func jsonValueType(a xml.Attr, c *jv) string {
	switch {
	case c != nil && c.kind == jObject:
		return "class"
	case c != nil:
		return "list"
	case a.Name.Space == jsonBool:
		return "bool"
	case a.Name.Space == jsonNumber:
		if _, err := strconv.ParseInt(a.Value, 10, 64); err == nil {
			return "int"
		}
		return "float"
	}
	return "string"
}
