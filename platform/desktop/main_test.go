//go:build cgo && !android && !js && !ios

package desktop

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
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
	stop, err := ensureDisplay()
	if err != nil {
		displayErr = err
	} else {
		displayErr = Available()
	}
	done := make(chan int)
	go func() { done <- m.Run() }()
	var code int
loop:
	for {
		select {
		case f := <-mainq:
			f()
		case code = <-done:
			break loop
		}
	}
	if stop != nil {
		stop()
	}
	os.Exit(code)
}

// ensureDisplay starts a private Xvfb when DISPLAY is unset, so the window
// tests run anywhere Xvfb is installed (make test installs it).
func ensureDisplay() (stop func(), err error) {
	if os.Getenv("DISPLAY") != "" {
		return nil, nil
	}
	bin, err := exec.LookPath("Xvfb")
	if err != nil {
		return nil, fmt.Errorf("no DISPLAY and no Xvfb (install xvfb: ./scripts/deps.sh test): %w", err)
	}
	r, wr, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(bin, "-displayfd", "3", "-screen", "0", "1280x1024x24", "-nolisten", "tcp", "-noreset")
	cmd.ExtraFiles = []*os.File{wr}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	wr.Close()
	line := make(chan string, 1)
	go func() {
		s, _ := bufio.NewReader(r).ReadString('\n')
		line <- strings.TrimSpace(s)
	}()
	select {
	case n := <-line:
		if n == "" {
			cmd.Process.Kill()
			cmd.Wait()
			return nil, fmt.Errorf("Xvfb did not report a display number")
		}
		os.Setenv("DISPLAY", ":"+n)
	case <-time.After(30 * time.Second):
		cmd.Process.Kill()
		cmd.Wait()
		return nil, fmt.Errorf("Xvfb did not start within 30 s")
	}
	return func() { cmd.Process.Kill(); cmd.Wait(); r.Close() }, nil
}

// needDisplay skips (or, with CI=true, fails) a test when no window can
// be opened.
func needDisplay(tb testing.TB) {
	tb.Helper()
	if displayErr == nil {
		return
	}
	if os.Getenv("CI") == "true" {
		tb.Fatalf("CI=true and no display: %v", displayErr)
	}
	tb.Skipf("no display: %v", displayErr)
}
