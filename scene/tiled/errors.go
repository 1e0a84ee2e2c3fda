package tiled

import (
	"errors"
	"fmt"

	"diorama/internal/loadutil"
)

// Error categories, matched with errors.Is on a load error. ErrSyntax,
// ErrInvalid, ErrLimit, ErrPath and ErrMissing are the same values in
// every scene loader; the others are tiled's own.
var (
	// ErrSyntax: the file is not well-formed XML or JSON.
	ErrSyntax = loadutil.ErrSyntax
	// ErrInvalid: a value is missing, malformed or out of range.
	ErrInvalid = loadutil.ErrInvalid
	// ErrLimit: a declared size exceeds Limits.
	ErrLimit = loadutil.ErrLimit
	// ErrData: tile layer data cannot be decoded (encoding, compression,
	// wrong number of tiles, decompression bomb).
	ErrData = errors.New("bad tile data")
	// ErrPath: a referenced path would leave the fs.FS root or is absolute.
	ErrPath = loadutil.ErrPath
	// ErrGID: a tile GID refers to no tileset or past a tileset's end.
	ErrGID = errors.New("bad tile GID")
	// ErrMissing: a referenced file (external tileset) cannot be opened.
	ErrMissing = loadutil.ErrMissing
	// ErrUnsupported: a feature this loader does not implement.
	ErrUnsupported = errors.New("unsupported")
)

// Error describes what is wrong and where: the file, the 1-based line when
// known (0 otherwise; tiled leaves Col at 0), the element or field path in
// Where (e.g. `layer "ground" > data`), and a message; Kind is one of the
// Err* categories and Err the underlying cause, if any. It formats as
// "file:line: where: msg: cause" and unwraps to its Kind and cause, so
// errors.Is works with both.
type Error = loadutil.Error

func errf(kind error, file string, line int, where, format string, args ...any) *Error {
	return &Error{File: file, Line: line, Where: where, Msg: fmt.Sprintf(format, args...), Kind: kind}
}
