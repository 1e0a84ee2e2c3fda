package tiled

import (
	"testing"

	"diorama/internal/loadutil/loadtest"
)

// The package is a pure data loader: its non-test files import only the
// standard library, diorama/mathx, the loaders' shared
// diorama/internal/loadutil, zstd and x/image's format decoders
// (for image headers only; doc.go says so; this keeps it so).
func TestImportsOnlyStdMathxAndZstd(t *testing.T) {
	loadtest.ImportsOnly(t, ".", "diorama/mathx", "diorama/internal/loadutil", "github.com/klauspost/compress/zstd",
		"golang.org/x/image/bmp", "golang.org/x/image/tiff", "golang.org/x/image/webp")
}
