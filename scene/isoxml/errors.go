package isoxml

import (
	"fmt"

	"diorama/internal/loadutil"
)

// Error categories, matched with errors.Is on a load error. They are the
// same values in every scene loader.
var (
	// ErrSyntax: a file is not well-formed XML (truncated, mismatched
	// tags, no root element).
	ErrSyntax = loadutil.ErrSyntax
	// ErrInvalid: an element or attribute is missing, unknown, malformed
	// or out of range (a negative size, a position outside the level).
	ErrInvalid = loadutil.ErrInvalid
	// ErrRef: a def or src names no definition or material, or a name or
	// id is defined twice.
	ErrRef = loadutil.ErrRef
	// ErrLimit: a file, a count, a nesting depth or a size exceeds Limits.
	ErrLimit = loadutil.ErrLimit
	// ErrPath: a path is absolute or would leave the fs.FS root.
	ErrPath = loadutil.ErrPath
	// ErrMissing: the file cannot be opened or read.
	ErrMissing = loadutil.ErrMissing
)

// Error describes what is wrong and where: the file, the 1-based line when
// known (0 otherwise; XML errors give lines only, so Col stays 0), the
// element in Where (e.g. `<object id="O1">`), and a message; Kind is one of
// the Err* categories and Err the underlying cause, if any. It formats as
// "file:line: where: msg: cause" and unwraps to its Kind and cause, so
// errors.Is works with both.
type Error = loadutil.Error

func errf(kind error, file string, line int, where, format string, args ...any) *Error {
	return &Error{File: file, Line: line, Where: where, Msg: fmt.Sprintf(format, args...), Kind: kind}
}
