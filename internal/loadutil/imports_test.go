package loadutil

import (
	"testing"

	"diorama/internal/loadutil/loadtest"
)

// loadutil sits below the loaders: its non-test files import only the
// standard library (doc.go says so; this keeps it so).
func TestImportsOnlyStd(t *testing.T) {
	loadtest.ImportsOnly(t, ".")
}
