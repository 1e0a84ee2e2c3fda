package imagelevel

import (
	"errors"
	"fmt"
	"strconv"
)

// Error categories, matched with errors.Is on a load error.
var (
	// ErrSyntax: the description is not well-formed JSON or has a field of
	// the wrong type or an unknown field.
	ErrSyntax = errors.New("syntax error")
	// ErrFormat: the image is not a PNG or cannot be decoded.
	ErrFormat = errors.New("bad image")
	// ErrInvalid: a value is missing, malformed or out of range (a point
	// outside the image or inside a wall, a door not between two walls).
	ErrInvalid = errors.New("invalid value")
	// ErrRef: a name refers to nothing (an unknown door), or a door pixel
	// and the description's doors do not match.
	ErrRef = errors.New("bad reference")
	// ErrLimit: a file, the image size or a count exceeds Limits.
	ErrLimit = errors.New("exceeds limit")
	// ErrPath: the path is not a valid fs.FS path (absolute, "..", ...).
	ErrPath = errors.New("path escapes the file system root")
	// ErrMissing: the file cannot be opened or read.
	ErrMissing = errors.New("missing file")
)

// Error describes what is wrong and where: the file, the 1-based line and
// column of a JSON description when known (0 otherwise), the pixel or JSON
// field, and a message.
type Error struct {
	File  string // path in the fs.FS
	Line  int    // 1-based line, 0 when unknown
	Col   int    // 1-based column, 0 when unknown
	Where string // pixel or field, e.g. "pixel (3,4)" or "overlords[0].triggers[1]"
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

func errf(kind error, file, where, format string, args ...any) *Error {
	return &Error{File: file, Where: where, Msg: fmt.Sprintf(format, args...), Kind: kind}
}
