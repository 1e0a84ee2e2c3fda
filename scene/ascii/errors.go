package ascii

import (
	"errors"
	"fmt"
	"strconv"
)

// Error categories, matched with errors.Is on a load error.
var (
	// ErrSyntax: the text is not a level (empty, ragged rows, a character
	// the legend does not know).
	ErrSyntax = errors.New("syntax error")
	// ErrInvalid: the Loader's configuration (its legend) is unusable.
	ErrInvalid = errors.New("invalid value")
	// ErrLimit: the file or the level exceeds Limits.
	ErrLimit = errors.New("exceeds limit")
	// ErrPath: the path is not a valid fs.FS path (absolute, "..", ...).
	ErrPath = errors.New("path escapes the file system root")
	// ErrMissing: the file cannot be opened or read.
	ErrMissing = errors.New("missing file")
)

// Error describes what is wrong and where: the file, the 1-based line and
// column when known (0 otherwise), and a message.
type Error struct {
	File string // path in the fs.FS
	Line int    // 1-based line, 0 when unknown
	Col  int    // 1-based column (in characters), 0 when unknown
	Msg  string
	Kind error // one of the Err* categories
	Err  error // underlying cause, may be nil
}

// Error formats as "file:line:col: msg: cause".
func (e *Error) Error() string {
	s := e.File
	if e.Line > 0 {
		s += ":" + strconv.Itoa(e.Line)
		if e.Col > 0 {
			s += ":" + strconv.Itoa(e.Col)
		}
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

func errf(kind error, file string, line, col int, format string, args ...any) *Error {
	return &Error{File: file, Line: line, Col: col, Msg: fmt.Sprintf(format, args...), Kind: kind}
}
