package bt

import (
	"bytes"
	"diorama/internal/loadutil"
	"encoding/json"
	"errors"
	"io"
	"io/fs"
	"sort"
	"strconv"
	"strings"
	"unicode"
)

// ParseJSON reads trees from JSON: an object mapping tree names to nodes,
// in source order. A node is an object with "kind" (the text format's
// node word) and, as the kind needs, "name", "args" (numbers), "n" (the
// count of repeat, wait, timeout, cooldown), "success" and "failure"
// ("all" or "one", for parallel) and "children" (nodes):
//
//	{"turret": {"kind": "selector", "children": [
//	    {"kind": "use", "name": "brokenDown"},
//	    {"kind": "conditional", "name": "canSeePlayer", "children": [
//	        {"kind": "action", "name": "delayedShoot", "args": [50, 10]}]}]}}
//
// Nodes follow the same rules as the text format, and errors are
// [*Error] values naming the line of the offending node. name (a file's
// path, or "") is used in messages only, as [Parse] does.
func ParseJSON(name string, data []byte) (*Source, error) {
	s, err := parseJSON(data)
	if s != nil {
		s.file = name
	}
	return s, inFile(name, err)
}

func parseJSON(src []byte) (*Source, error) {
	if len(src) > MaxSourceBytes {
		return nil, &Error{Msg: "source larger than " + strconv.Itoa(MaxSourceBytes) + " bytes", Kind: ErrLimit}
	}
	if off, msg, bad := loadutil.JSONText(src); bad {
		line, _ := loadutil.LineCol(src, off)
		return nil, lineErr(line, "%s", msg)
	}
	p := &jsonParser{src: src, dec: json.NewDecoder(bytes.NewReader(src))}
	p.dec.UseNumber()
	for i, c := range src {
		if c == '\n' {
			p.nl = append(p.nl, i)
		}
	}
	s := &Source{}
	if err := p.delim('{'); err != nil {
		return nil, err
	}
	for p.dec.More() {
		line := p.line()
		name, err := p.str()
		if err != nil {
			return nil, err
		}
		if !validWord(name) {
			return nil, lineErr(line, "invalid tree name %q (empty, or with spaces, # or control characters)", name)
		}
		for _, n := range s.names {
			if n == name {
				return nil, lineErr(line, "tree %q defined twice", name)
			}
		}
		d, err := p.node(0)
		if err != nil {
			return nil, err
		}
		s.names = append(s.names, name)
		s.defs = append(s.defs, d)
		s.lines = append(s.lines, line)
	}
	if err := p.delim('}'); err != nil {
		return nil, err
	}
	if _, err := p.dec.Token(); err != io.EOF {
		return nil, lineErr(p.line(), "unexpected data after the trees")
	}
	if len(s.names) == 0 {
		return nil, &Error{Msg: "no tree defined", Kind: ErrSyntax}
	}
	return s, nil
}

type jsonParser struct {
	src   []byte
	dec   *json.Decoder
	nl    []int // offsets of newlines
	nodes int
}

// line returns the 1-based line of the decoder's current offset, skipping
// the white space before the next token.
func (p *jsonParser) line() int {
	off := int(p.dec.InputOffset())
	for off < len(p.src) && (p.src[off] == ' ' || p.src[off] == '\t' || p.src[off] == '\r' || p.src[off] == '\n' || p.src[off] == ',' || p.src[off] == ':') {
		off++
	}
	return 1 + sort.SearchInts(p.nl, off)
}

func (p *jsonParser) token() (json.Token, int, error) {
	line := p.line()
	t, err := p.dec.Token()
	if err != nil {
		if errors.Is(err, io.EOF) {
			return nil, line, lineErr(line, "unexpected end of JSON")
		}
		return nil, line, lineErr(line, "invalid JSON: %v", err)
	}
	return t, line, nil
}

func (p *jsonParser) delim(want json.Delim) error {
	t, line, err := p.token()
	if err != nil {
		return err
	}
	if d, ok := t.(json.Delim); !ok || d != want {
		return lineErr(line, "expected %q, found %v", string(want), t)
	}
	return nil
}

func (p *jsonParser) str() (string, error) {
	t, line, err := p.token()
	if err != nil {
		return "", err
	}
	s, ok := t.(string)
	if !ok {
		return "", lineErr(line, "expected a string, found %v", t)
	}
	return s, nil
}

func (p *jsonParser) num() (string, error) {
	t, line, err := p.token()
	if err != nil {
		return "", err
	}
	n, ok := t.(json.Number)
	if !ok {
		return "", lineErr(line, "expected a number, found %v", t)
	}
	return string(n), nil
}

func (p *jsonParser) node(depth int) (Def, error) {
	if depth >= MaxDepth {
		return Def{}, limitErr(p.line(), "nested deeper than %d levels", MaxDepth)
	}
	if p.nodes++; p.nodes > MaxNodes {
		return Def{}, limitErr(p.line(), "more than %d nodes", MaxNodes)
	}
	line := p.line()
	if err := p.delim('{'); err != nil {
		return Def{}, err
	}
	var (
		kind, name, n, succ, fail string
		args                      []string
		children                  []Def
		seen                      = map[string]bool{}
	)
	for p.dec.More() {
		kline := p.line()
		key, err := p.str()
		if err != nil {
			return Def{}, err
		}
		if seen[key] {
			return Def{}, lineErr(kline, "key %q repeated", key)
		}
		seen[key] = true
		switch key {
		case "kind":
			kind, err = p.str()
		case "name":
			name, err = p.str()
		case "success":
			succ, err = p.str()
		case "failure":
			fail, err = p.str()
		case "n":
			n, err = p.num()
		case "args":
			if err = p.delim('['); err != nil {
				return Def{}, err
			}
			for p.dec.More() && err == nil {
				var a string
				a, err = p.num()
				args = append(args, a)
			}
			if err == nil {
				err = p.delim(']')
			}
		case "children":
			if err = p.delim('['); err != nil {
				return Def{}, err
			}
			for p.dec.More() {
				c, err := p.node(depth + 1)
				if err != nil {
					return Def{}, err
				}
				children = append(children, c)
			}
			err = p.delim(']')
		default:
			return Def{}, lineErr(kline, "unknown key %q (kind, name, args, n, success, failure, children)", key)
		}
		if err != nil {
			return Def{}, err
		}
	}
	if err := p.delim('}'); err != nil {
		return Def{}, err
	}
	if kind == "" {
		return Def{}, lineErr(line, "node without a \"kind\"")
	}
	k, ok := kindByWord[kind]
	if !ok {
		return Def{}, lineErr(line, "unknown node kind %q", kind)
	}
	allowed := map[string]bool{"kind": true, "children": true}
	switch {
	case k == KindParallel:
		allowed["success"], allowed["failure"] = true, true
	case k.counted():
		allowed["n"] = true
	case k == KindUse:
		allowed["name"] = true
	case k == KindAction || k == KindCondition || k == KindConditional:
		allowed["name"], allowed["args"] = true, true
	}
	for key := range seen {
		if !allowed[key] {
			return Def{}, lineErr(line, "%s does not take %q", kind, key)
		}
	}
	// Validate through the text format's rules so both formats agree.
	f := []string{kind}
	if succ != "" {
		f = append(f, "success="+succ)
	}
	if fail != "" {
		f = append(f, "failure="+fail)
	}
	if n != "" {
		f = append(f, n)
	}
	if seen["name"] {
		f = append(f, name)
	}
	f = append(f, args...)
	for _, w := range f[1:] {
		if !validWord(w) {
			return Def{}, lineErr(line, "invalid value %q (empty, or with spaces, # or control characters)", w)
		}
	}
	d, err := parseNode(f, line)
	if err != nil {
		return Def{}, err
	}
	d.Children = children
	return d, nil
}

// validWord reports whether w survives the text format as one word: not
// empty, without spaces, '#' or control characters ("\u0000" in a JSON
// name is refused as a NUL byte in a text one is).
func validWord(w string) bool {
	return w != "" && strings.IndexFunc(w, func(r rune) bool { return unicode.IsSpace(r) || r == '#' || unicode.IsControl(r) }) < 0
}

// LoadJSON reads the JSON definition at path in fsys (at most
// [MaxSourceBytes], regular files only), as [ParseJSON] with path as the
// name.
func LoadJSON(fsys fs.FS, path string) (*Source, error) {
	data, err := loadutil.ReadFile(fsys, path, MaxSourceBytes)
	if err != nil {
		return nil, err
	}
	return ParseJSON(path, data)
}

// ParseJSON reads the JSON definition data, named name in messages, and
// builds its tree named tree ("" for the first) with r: [ParseJSON] then
// [BuildSource].
func (r *Registry[A]) ParseJSON(name string, data []byte, tree string) (*Tree[A], error) {
	s, err := ParseJSON(name, data)
	if err != nil {
		return nil, err
	}
	return BuildSource(r, s, tree)
}

// LoadJSON reads the JSON definition at path in fsys and builds its tree
// named tree ("" for the first) with r: [LoadJSON] then [BuildSource].
func (r *Registry[A]) LoadJSON(fsys fs.FS, path, tree string) (*Tree[A], error) {
	s, err := LoadJSON(fsys, path)
	if err != nil {
		return nil, err
	}
	return BuildSource(r, s, tree)
}
