package tiled

import (
	"testing"

	"diorama/scene/internal/loadutil/loadtest"
)

// The package is a pure data loader: its non-test files import only the
// standard library, diorama/mathx, the loaders' shared
// diorama/scene/internal/loadutil and zstd (doc.go says so; this keeps it
// so).
func TestImportsOnlyStdMathxAndZstd(t *testing.T) {
	loadtest.ImportsOnly(t, ".", "diorama/mathx", "diorama/scene/internal/loadutil", "github.com/klauspost/compress/zstd")
}
