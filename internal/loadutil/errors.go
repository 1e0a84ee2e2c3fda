package loadutil

import (
	"errors"
	"io/fs"
	"strconv"
	"strings"
)

// Error kinds shared by the loaders, matched with errors.Is on a load
// error. The loaders re-export them (tiled.ErrSyntax == loadutil.ErrSyntax)
// and document what each means for their format.
var (
	// ErrSyntax: the file is not well-formed in its format.
	ErrSyntax = errors.New("syntax error")
	// ErrInvalid: a value is missing, malformed or out of range.
	ErrInvalid = errors.New("invalid value")
	// ErrRef: a name refers to nothing, or is defined twice.
	ErrRef = errors.New("bad reference")
	// ErrLimit: a file, a size or a count exceeds the loader's Limits.
	ErrLimit = errors.New("exceeds limit")
	// ErrPath: a path is not a valid fs.FS path or would leave its root.
	ErrPath = errors.New("path escapes the file system root")
	// ErrMissing: a file cannot be opened or read.
	ErrMissing = errors.New("missing file")
)

// Error is the one positioned error of every reader in the engine (the
// level loaders, bt, fsm, fuzzy's FLL, nav's Moving AI maps, atlas's
// sheets, audio): what is wrong and where: the file, the 1-based line and
// column when known (0 otherwise), the element, field, node or pixel, and
// a message. Kind is one of the Err* kinds (the shared ones or a reader's
// own), matched with errors.Is; Err is the underlying cause, if any. A
// chain of files (a map → its tileset → the tileset's image) is an Error
// whose Err is the next link's Error (see Chain).
//
// A source read from a string, with no file name, leaves File empty: the
// error then reads "line 3: msg" ("where: msg" without a line).
type Error struct {
	File  string // path in the fs.FS
	Line  int    // 1-based line, 0 when unknown
	Col   int    // 1-based column, 0 when unknown; shown only with a line
	Where string // element, field or pixel, e.g. `layer "ground" > data`; "" when none
	Msg   string
	Kind  error // the category, matched with errors.Is
	Err   error // underlying cause, may be nil
}

// Error formats as "file:line:col: where: msg: cause", leaving out the
// line and column when unknown (the column also when the line is unknown),
// an empty where and a nil cause.
func (e *Error) Error() string {
	s := e.File
	if e.Line > 0 {
		if s == "" {
			s = "line "
		} else {
			s += ":"
		}
		s += strconv.Itoa(e.Line)
		if e.Col > 0 {
			s += ":" + strconv.Itoa(e.Col)
		}
	}
	if e.Where != "" {
		if s != "" {
			s += ": "
		}
		s += e.Where
	}
	if s == "" {
		s = e.Msg
		if e.Err != nil {
			s += ": " + e.Err.Error()
		}
		return s
	}
	if e.Msg == "" && e.Err != nil {
		return s + " → " + e.Err.Error() // a link of a chain (see Chain)
	}
	s += ": " + e.Msg
	if pe, ok := e.Err.(*fs.PathError); ok && (pe.Path == e.File || strings.HasSuffix(pe.Path, "/"+e.File)) {
		// The file is named already: "statat maps/a.tsx: no such file"
		// says it twice.
		return s + ": " + pe.Err.Error()
	}
	if e.Err != nil {
		s += ": " + e.Err.Error()
	}
	return s
}

// Chain returns err as seen from the place that referenced the failing
// file: file, line and where name the reference (a map's <tileset
// source>, an object's template, a tileset's image), and the result
// formats as "map.tmx:12: tileset → tiles.tsx:3: …", so a failure deep in
// a chain of files names every link. The kind of err's first *Error is
// kept (errors.Is matches it, and errors.As still reaches the inner
// *Error through the chain). A nil err gives nil.
func Chain(file string, line int, where string, err error) error {
	if err == nil {
		return nil
	}
	kind := ErrRef
	var inner *Error
	if errors.As(err, &inner) && inner.Kind != nil {
		kind = inner.Kind
	}
	return &Error{File: file, Line: line, Where: where, Kind: kind, Err: err}
}

// Unwrap returns the kind and the cause, so errors.Is and errors.As work
// with both.
func (e *Error) Unwrap() []error {
	switch {
	case e.Kind == nil && e.Err == nil:
		return nil
	case e.Kind == nil:
		return []error{e.Err}
	case e.Err == nil:
		return []error{e.Kind}
	}
	return []error{e.Kind, e.Err}
}
