package testenv

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func TestRepoRoot(t *testing.T) {
	root := RepoRoot(t)
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatalf("%s has no go.mod", root)
	}
	if filepath.Base(filepath.Dir(filepath.Dir(mustWd(t)))) == "" {
		t.Fatal("unexpected layout")
	}
}

func mustWd(t *testing.T) string {
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	return wd
}

// The shared folder resolves to ../shared/testdata beside the repository
// (present on the development machines and in CI).
func TestSharedTestdata(t *testing.T) {
	p := SharedTestdata(t, "movingai")
	if filepath.Base(filepath.Dir(p)) != "testdata" || filepath.Base(filepath.Dir(filepath.Dir(p))) != "shared" {
		t.Fatalf("path %s", p)
	}
	if _, err := os.Stat(filepath.Join(p, "README.md")); err != nil {
		t.Fatal(err)
	}
}

// Missing skips, or fails under CI=true; Tool finds a program that is
// there and stops the test through Missing for one that is not. Each case
// runs in a child test binary, whose verdict is read from its output.
func TestMissing(t *testing.T) {
	if os.Getenv("TESTENV_CHILD") == "1" {
		switch os.Getenv("TESTENV_CASE") {
		case "missing":
			Missing(t, "no frobnicator")
		case "tool":
			Tool(t, "diorama-no-such-tool", "scripts/deps.sh test")
		case "present":
			if p := Tool(t, "go", "a Go install"); filepath.Base(p) != "go" {
				t.Fatalf("go found at %s", p)
			}
			t.Log("found go")
		case "optional":
			if _, ok := Optional(t, "diorama-no-such-tool", "scripts/deps.sh test"); ok {
				t.Fatal("found a tool that is not there")
			}
			t.Log("went on")
		case "optional-present":
			if p, ok := Optional(t, "go", "a Go install"); !ok || filepath.Base(p) != "go" {
				t.Fatalf("go found at %q (%v)", p, ok)
			}
			t.Log("found go")
		}
		return
	}
	for _, c := range []struct {
		name, ci, want string
		fails          bool
	}{
		{"missing", "", "--- SKIP", false},
		{"missing", "true", "--- FAIL", true},
		{"tool", "", "no diorama-no-such-tool in PATH (scripts/deps.sh test) (skipped; CI=true makes this a failure)", false},
		{"tool", "true", "no diorama-no-such-tool in PATH (scripts/deps.sh test) (CI=true: a missing dependency fails)", true},
		{"present", "true", "found go", false},
		{"optional", "", "no diorama-no-such-tool in PATH (scripts/deps.sh test): its check is left out (CI=true makes this a failure)", false},
		{"optional", "", "went on", false},
		{"optional", "true", "its check is left out (CI=true: a missing dependency fails)", true},
		{"optional", "true", "went on", true},
		{"optional-present", "true", "found go", false},
	} {
		cmd := exec.Command(os.Args[0], "-test.run=^TestMissing$", "-test.v")
		cmd.Env = append(os.Environ(), "TESTENV_CHILD=1", "TESTENV_CASE="+c.name, "CI="+c.ci)
		out, err := cmd.CombinedOutput()
		if (err != nil) != c.fails || !strings.Contains(string(out), c.want) {
			t.Errorf("%s with CI=%q: err %v, output:\n%s\nwant %q", c.name, c.ci, err, out, c.want)
		}
	}
}
