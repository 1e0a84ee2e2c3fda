package xvfb

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

func TestEnsure(t *testing.T) {
	t.Setenv("DISPLAY", ":4242")
	if stop, err := Ensure(); stop != nil || err != nil {
		t.Fatalf("with DISPLAY set: stop %v err %v", stop != nil, err)
	}
	if _, err := exec.LookPath("Xvfb"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("CI=true and no Xvfb")
		}
		t.Skip("no Xvfb")
	}
	t.Setenv("DISPLAY", "")
	stop, err := Ensure()
	if err != nil {
		t.Fatal(err)
	}
	d := os.Getenv("DISPLAY")
	if !strings.HasPrefix(d, ":") || len(d) < 2 {
		t.Fatalf("DISPLAY %q", d)
	}
	stop()
}

func TestMainLoop(t *testing.T) {
	q := make(chan func())
	ran := 0
	code := MainLoop(q, func() int {
		for i := 0; i < 3; i++ {
			done := make(chan struct{})
			q <- func() { ran++; close(done) }
			<-done
		}
		return 7
	})
	if code != 7 || ran != 3 {
		t.Fatalf("code %d, ran %d", code, ran)
	}
}
