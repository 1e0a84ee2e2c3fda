package ascii

import (
	"fmt"

	"diorama/internal/loadutil"
)

// Error categories, matched with errors.Is on a load error. They are the
// same values in every scene loader.
var (
	// ErrSyntax: the text is not a level (empty, ragged rows, a character
	// the legend does not know).
	ErrSyntax = loadutil.ErrSyntax
	// ErrInvalid: the Loader's configuration (its legend) is unusable, or
	// the level does not hold exactly one player.
	ErrInvalid = loadutil.ErrInvalid
	// ErrLimit: the file, the level or its spawns exceed Limits.
	ErrLimit = loadutil.ErrLimit
	// ErrPath: the path is not a valid fs.FS path (absolute, "..", ...).
	ErrPath = loadutil.ErrPath
	// ErrMissing: the file cannot be opened or read.
	ErrMissing = loadutil.ErrMissing
)

// Error describes what is wrong and where: the file, the 1-based line and
// column (in characters) when known (0 otherwise), and a message; Kind is
// one of the Err* categories and Err the underlying cause, if any. It
// formats as "file:line:col: msg: cause" (Where is always empty here) and
// unwraps to its Kind and cause, so errors.Is works with both.
type Error = loadutil.Error

func errf(kind error, file string, line, col int, format string, args ...any) *Error {
	return &Error{File: file, Line: line, Col: col, Msg: fmt.Sprintf(format, args...), Kind: kind}
}
