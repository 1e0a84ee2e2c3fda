package xvfb

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"time"
)

// Ensure makes sure DISPLAY names an X server: when it is unset it starts
// Xvfb (a 1280×1024×24 screen, no TCP) on a free display it picks itself,
// sets DISPLAY, and returns a function that stops it. With DISPLAY already
// set it does nothing and returns a nil stop.
func Ensure() (stop func(), err error) {
	if os.Getenv("DISPLAY") != "" {
		return nil, nil
	}
	bin, err := exec.LookPath("Xvfb")
	if err != nil {
		return nil, fmt.Errorf("no DISPLAY and no Xvfb (install xvfb: ./scripts/deps.sh test): %w", err)
	}
	r, w, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(bin, "-displayfd", "3", "-screen", "0", "1280x1024x24", "-nolisten", "tcp", "-noreset")
	cmd.ExtraFiles = []*os.File{w}
	if err := cmd.Start(); err != nil {
		w.Close()
		r.Close()
		return nil, err
	}
	w.Close()
	line := make(chan string, 1)
	go func() {
		s, _ := bufio.NewReader(r).ReadString('\n')
		line <- strings.TrimSpace(s)
	}()
	kill := func() { cmd.Process.Kill(); cmd.Wait(); r.Close() }
	select {
	case n := <-line:
		if n == "" {
			kill()
			return nil, errors.New("Xvfb exited without reporting a display number")
		}
		os.Setenv("DISPLAY", ":"+n)
	case <-time.After(30 * time.Second):
		kill()
		return nil, errors.New("Xvfb did not start within 30 s")
	}
	return kill, nil
}

// MainLoop runs run (normally testing.M.Run) on a new goroutine while the
// calling goroutine, which must be locked to the main OS thread, executes
// the functions sent on q; it returns run's result. GL and GLFW tests use
// it to keep their calls on the main thread.
func MainLoop(q <-chan func(), run func() int) int {
	done := make(chan int)
	go func() { done <- run() }()
	for {
		select {
		case f := <-q:
			f()
		case code := <-done:
			return code
		}
	}
}
