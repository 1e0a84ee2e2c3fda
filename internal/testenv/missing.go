package testenv

import (
	"fmt"
	"os"
	"os/exec"
	"testing"
)

// Missing stops a test that cannot run because something it needs from
// the machine is absent (a system tool, a display, shared test data): it
// skips with the message, except when the environment variable CI is
// "true", where it fails, because CI must never pass by skipping.
//
// It is for what an install step provides (scripts/deps.sh, the shared
// folder). A property of the hardware, such as a CPU without AVX2, is not
// missing: tests of kernels the CPU cannot run skip plainly, as the
// portable code they fall back to is what runs and is tested there.
func Missing(t testing.TB, format string, args ...any) {
	t.Helper()
	msg := fmt.Sprintf(format, args...)
	if os.Getenv("CI") == "true" {
		t.Fatalf("%s (CI=true: a missing dependency fails)", msg)
	}
	t.Skipf("%s (skipped; CI=true makes this a failure)", msg)
}

// Tool returns the path of the program name found in PATH, or stops the
// test through [Missing], naming install, the step that provides it.
func Tool(t testing.TB, name, install string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		Missing(t, "no %s in PATH (%s)", name, install)
	}
	return p
}
