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
// folder, a Go install's own test files) and for hardware a build's code
// needs: a CPU without the vector instructions (AVX2, NEON) of kernels
// the build compiled in goes through Missing too, so a CI machine that
// cannot run them fails instead of passing without testing the code
// users' CPUs run. A build without such kernels (purego, another
// architecture) has nothing to test and skips plainly.
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

// Optional returns the path of the program name for a check that adds to
// a test without being its point (another tool agreeing with what the
// test asserted itself), and whether it was found. When it is absent the
// test goes on without that check: it logs so, except when CI=true,
// where the absence is an error (the test still runs to its end), since
// CI must run every check.
func Optional(t testing.TB, name, install string) (string, bool) {
	t.Helper()
	p, err := exec.LookPath(name)
	if err == nil {
		return p, true
	}
	msg := fmt.Sprintf("no %s in PATH (%s): its check is left out", name, install)
	if os.Getenv("CI") == "true" {
		t.Errorf("%s (CI=true: a missing dependency fails)", msg)
	} else {
		t.Logf("%s (CI=true makes this a failure)", msg)
	}
	return "", false
}
