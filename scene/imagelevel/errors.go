package imagelevel

import (
	"errors"
	"fmt"

	"diorama/internal/loadutil"
)

// Error categories, matched with errors.Is on a load error. All but
// ErrFormat are the same values in every scene loader.
var (
	// ErrSyntax: the description is not well-formed JSON or has a field of
	// the wrong type or an unknown field.
	ErrSyntax = loadutil.ErrSyntax
	// ErrFormat: the image is not a PNG or cannot be decoded.
	ErrFormat = errors.New("bad image")
	// ErrInvalid: a value is missing, malformed or out of range (a point
	// outside the image or inside a wall, a door not between two walls).
	ErrInvalid = loadutil.ErrInvalid
	// ErrRef: a name refers to nothing (an unknown door), or a door pixel
	// and the description's doors do not match.
	ErrRef = loadutil.ErrRef
	// ErrLimit: a file, the image size or a count exceeds Limits.
	ErrLimit = loadutil.ErrLimit
	// ErrPath: the path is not a valid fs.FS path (absolute, "..", ...).
	ErrPath = loadutil.ErrPath
	// ErrMissing: the file cannot be opened or read.
	ErrMissing = loadutil.ErrMissing
)

// Error describes what is wrong and where: the file, the 1-based line and
// column of a JSON description when known (0 otherwise), the pixel or JSON
// field in Where (e.g. "pixel (3,4)" or "overlords[0].triggers[1]"), and a
// message; Kind is one of the Err* categories and Err the underlying
// cause, if any. It formats as "file:line:col: where: msg: cause" and
// unwraps to its Kind and cause, so errors.Is works with both.
type Error = loadutil.Error

func errf(kind error, file, where, format string, args ...any) *Error {
	return &Error{File: file, Where: where, Msg: fmt.Sprintf(format, args...), Kind: kind}
}
