package isoxml

import (
	"errors"
	"fmt"
	"strconv"
)

// Error categories, matched with errors.Is on a load error.
var (
	// ErrSyntax: a file is not well-formed XML (truncated, mismatched
	// tags, no root element).
	ErrSyntax = errors.New("syntax error")
	// ErrInvalid: an element or attribute is missing, unknown, malformed
	// or out of range (a negative size, a position outside the level).
	ErrInvalid = errors.New("invalid value")
	// ErrRef: a def or src names no definition or material, or a name or
	// id is defined twice.
	ErrRef = errors.New("bad reference")
	// ErrLimit: a file, a count, a nesting depth or a size exceeds Limits.
	ErrLimit = errors.New("exceeds limit")
	// ErrPath: a path is absolute or would leave the fs.FS root.
	ErrPath = errors.New("path escapes the file system root")
	// ErrMissing: the file cannot be opened or read.
	ErrMissing = errors.New("missing file")
)

// Error describes what is wrong and where: the file, the 1-based line when
// known (0 otherwise), the element, and a message.
type Error struct {
	File  string // path in the fs.FS
	Line  int    // 1-based line, 0 when unknown
	Col   int    // 1-based column, 0 when unknown (XML errors give lines only)
	Where string // element, e.g. `<object id="O1">`
	Msg   string
	Kind  error // one of the Err* categories
	Err   error // underlying cause, may be nil
}

// Error formats as "file:line:col: where: msg: cause".
func (e *Error) Error() string {
	s := e.File
	if e.Line > 0 {
		s += ":" + strconv.Itoa(e.Line)
		if e.Col > 0 {
			s += ":" + strconv.Itoa(e.Col)
		}
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
