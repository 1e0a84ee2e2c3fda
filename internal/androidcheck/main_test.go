package androidcheck

import (
	"os"
	"path/filepath"
	"testing"
)

func TestMain(m *testing.M) {
	code := m.Run()
	// Remove the sysroots the tests assembled.
	ndkOnce.Range(func(_, v any) bool {
		if r := v.(*ndkResult); r.dir != "" {
			os.RemoveAll(filepath.Dir(r.dir))
		}
		return true
	})
	os.Exit(code)
}
