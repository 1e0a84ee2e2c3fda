//go:build cgo && !android && !js && !ios

package desktop

import (
	"os"
	"testing"

	"diorama/internal/testenv"
	"diorama/platform/internal/xvfb"
)

// GL calls must run on the main thread, where TestMain runs (init locked
// it). Tests and benchmarks run in other goroutines and hand their GL
// work to the main loop through onMain.
var mainq = make(chan func())

func onMain(f func()) {
	done := make(chan struct{})
	mainq <- func() { defer close(done); f() }
	<-done
}

// displayErr is why no window can be opened (nil when one can).
var displayErr error

func TestMain(m *testing.M) {
	stop, err := xvfb.Ensure()
	if err != nil {
		displayErr = err
	} else {
		displayErr = Available()
	}
	code := xvfb.MainLoop(mainq, m.Run)
	if stop != nil {
		stop()
	}
	os.Exit(code)
}

// needDisplay skips (or, with CI=true, fails) a test when no window can
// be opened.
func needDisplay(tb testing.TB) {
	tb.Helper()
	if displayErr == nil {
		return
	}
	testenv.Missing(tb, "no display: %v", displayErr)
}
