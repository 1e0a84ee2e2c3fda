package tiled

import (
	"errors"
	"fmt"
	"strconv"
)

// Error categories, matched with errors.Is on a load error.
var (
	// ErrSyntax: the file is not well-formed XML or JSON.
	ErrSyntax = errors.New("syntax error")
	// ErrInvalid: a value is missing, malformed or out of range.
	ErrInvalid = errors.New("invalid value")
	// ErrLimit: a declared size exceeds Limits.
	ErrLimit = errors.New("exceeds limit")
	// ErrData: tile layer data cannot be decoded (encoding, compression,
	// wrong number of tiles, decompression bomb).
	ErrData = errors.New("bad tile data")
	// ErrPath: a referenced path would leave the fs.FS root or is absolute.
	ErrPath = errors.New("path escapes the file system root")
	// ErrGID: a tile GID refers to no tileset or past a tileset's end.
	ErrGID = errors.New("bad tile GID")
	// ErrMissing: a referenced file (external tileset) cannot be opened.
	ErrMissing = errors.New("missing file")
	// ErrUnsupported: a feature this loader does not implement.
	ErrUnsupported = errors.New("unsupported")
)

// Error describes what is wrong and where: the file, the line when known
// (0 otherwise), the element or field, and a message.
type Error struct {
	File  string // path in the fs.FS
	Line  int    // 1-based line, 0 when unknown
	Where string // element or field path, e.g. `layer "ground" > data`
	Msg   string
	Kind  error // one of the Err* categories
	Err   error // underlying cause, may be nil
}

// Error formats as "file:line: where: msg: cause".
func (e *Error) Error() string {
	s := e.File
	if e.Line > 0 {
		s += ":" + strconv.Itoa(e.Line)
	}
	if e.Where != "" {
		s += ": " + e.Where
	}
	s += ": " + e.Msg
	if e.Err != nil {
		s += ": " + e.Err.Error()
	}
	return s
}

// Unwrap returns the category and the cause, so errors.Is works with both.
func (e *Error) Unwrap() []error {
	if e.Err != nil {
		return []error{e.Kind, e.Err}
	}
	return []error{e.Kind}
}

func errf(kind error, file string, line int, where, format string, args ...any) *Error {
	return &Error{File: file, Line: line, Where: where, Msg: fmt.Sprintf(format, args...), Kind: kind}
}
