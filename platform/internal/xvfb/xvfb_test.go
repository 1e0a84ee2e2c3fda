package xvfb

import (
	"os"
	"strings"
	"testing"

	"diorama/internal/testenv"
)

func TestEnsure(t *testing.T) {
	t.Setenv("DISPLAY", ":4242")
	if stop, err := Ensure(); stop != nil || err != nil {
		t.Fatalf("with DISPLAY set: stop %v err %v", stop != nil, err)
	}
	testenv.Tool(t, "Xvfb", "./scripts/deps.sh xvfb installs it")
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
