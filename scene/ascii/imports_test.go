package ascii

import (
	"testing"

	"diorama/internal/loadutil/loadtest"
)

// The package is a pure data loader: its non-test files import only the
// standard library, diorama/mathx and the loaders' shared
// diorama/internal/loadutil (doc.go says so; this keeps it so).
func TestImportsOnlyStdAndMathx(t *testing.T) {
	loadtest.ImportsOnly(t, ".", "diorama/mathx", "diorama/internal/loadutil")
}
