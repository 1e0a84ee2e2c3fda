package testenv

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// GoldenHash compares got with the 64-bit hash written in the text file
// at path (conventionally testdata/<name>.hash in the calling package, one
// line "0x" and 16 hex digits). With update set it (re)writes the file
// instead, as the golden images do: a hash golden changes only on
// purpose, through the package's -update flag (make golden).
func GoldenHash(t testing.TB, path string, got uint64, update bool) {
	t.Helper()
	msg, err := goldenHash(path, got, update)
	switch {
	case err != nil:
		t.Fatal(err)
	case msg != "":
		t.Error(msg)
	case update:
		t.Logf("updated %s", path)
	}
}

// goldenHash is GoldenHash's work: a mismatch's message, or an error
// for a file it cannot read or write.
func goldenHash(path string, got uint64, update bool) (string, error) {
	line := fmt.Sprintf("%#016x\n", got)
	if update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return "", err
		}
		return "", os.WriteFile(path, []byte(line), 0o644)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return "", fmt.Errorf("golden %s missing (run the test with -update to create it): %w", path, err)
	}
	want, err := strconv.ParseUint(strings.TrimSpace(string(data)), 0, 64)
	if err != nil {
		return "", fmt.Errorf("golden %s: not a hash: %w", path, err)
	}
	if got != want {
		return fmt.Sprintf("golden %s: hash %#016x, want %#016x", path, got, want), nil
	}
	return "", nil
}
