//go:build !js

package webbench

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"diorama/platform/web"
)

// Pkg is the bench program's import path.
const Pkg = "diorama/perf/webbench/bench"

// Driver holds both builds of the bench program and the browser to load
// the web build in.
type Driver struct {
	// Chrome is the Chromium binary ("" until FindChromium or the caller
	// sets it; Web fails without one).
	Chrome string
	// Timeout bounds one Web or Native call (default 5 minutes).
	Timeout time.Duration
	// ChromeArgs are extra Chromium flags (such as --js-flags=...).
	ChromeArgs []string
	web        string // folder with index.html, wasm_exec.js, main.wasm
	native     string // native executable
}

// Build compiles the bench program for js/wasm into dir/web (with
// platform/web's page and wasm_exec.js, web.Build's flags) and natively
// into dir/bench, with the go command in PATH; the working directory must
// be inside module diorama.
func Build(dir string) (*Driver, error) {
	d := &Driver{Chrome: FindChromium(), Timeout: 5 * time.Minute,
		web: filepath.Join(dir, "web"), native: filepath.Join(dir, "bench")}
	if err := web.Build(d.web, Pkg); err != nil {
		return nil, fmt.Errorf("webbench: %w", err)
	}
	cmd := exec.Command("go", append(append([]string{"build"}, web.BuildFlags...), "-o", d.native, Pkg)...)
	if out, err := cmd.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("webbench: go build %s: %w\n%s", Pkg, err, out)
	}
	return d, nil
}

// FindChromium returns the first of chromium, chromium-browser,
// google-chrome and chrome found in PATH, or "".
func FindChromium() string {
	for _, n := range []string{"chromium", "chromium-browser", "google-chrome", "chrome"} {
		if p, err := exec.LookPath(n); err == nil {
			return p
		}
	}
	return ""
}

// WasmBytes returns the size of the web build's main.wasm.
func (d *Driver) WasmBytes() int64 {
	st, err := os.Stat(filepath.Join(d.web, "main.wasm"))
	if err != nil {
		return 0
	}
	return st.Size()
}

// Native runs the native build with GOMAXPROCS=1 (one thread of Go code,
// as in the browser) and returns its report.
func (d *Driver) Native(p Params) (Report, error) {
	ctx, cancel := context.WithTimeout(context.Background(), d.Timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, d.native, p.Args()...)
	cmd.Env = append(os.Environ(), "GOMAXPROCS=1")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	var rep Report
	if jerr := json.Unmarshal(out, &rep); jerr != nil {
		return rep, fmt.Errorf("webbench: native bench (%v): output is not a report: %v\n%s", err, jerr, stderr.String())
	}
	return rep, check(rep, p, err)
}

// check returns the report's own error, err, or an error when the report
// does not cover p's ring sizes.
func check(rep Report, p Params, err error) error {
	if rep.Err != "" {
		return fmt.Errorf("webbench: %s/%s bench: %s", rep.GOOS, rep.GOARCH, rep.Err)
	}
	if err != nil {
		return fmt.Errorf("webbench: %s/%s bench: %w", rep.GOOS, rep.GOARCH, err)
	}
	if len(rep.Runs) != len(p.Rings) {
		return fmt.Errorf("webbench: %s/%s bench reported %d runs for %d ring sizes", rep.GOOS, rep.GOARCH, len(rep.Runs), len(p.Rings))
	}
	for k, r := range rep.Runs {
		if r.Ring != p.Rings[k] || r.Frames != p.Frames || len(r.Series) != r.Frames {
			return fmt.Errorf("webbench: %s/%s bench run %d: ring %d, %d frames, %d series values; want ring %d, %d frames",
				rep.GOOS, rep.GOARCH, k, r.Ring, r.Frames, len(r.Series), p.Rings[k], p.Frames)
		}
	}
	return nil
}

// maxReport bounds the POSTed report (a frame time per frame).
const maxReport = 64 << 20

// Web serves the web build on 127.0.0.1 (cross-origin isolated: COOP
// same-origin, COEP require-corp), loads it in headless Chromium with p in
// the query string and returns the report the page POSTs. The browser is
// stopped as soon as the report arrives (or on error or timeout). No
// virtual time: the page's clock is the machine's. On Linux the browser's
// threads are kept at this process's nice value, as the native build
// inherits it (Chromium sets its renderers to nice 0 itself).
func (d *Driver) Web(p Params) (Report, error) {
	if d.Chrome == "" {
		return Report{}, errors.New("webbench: no Chromium (install chromium, or set Driver.Chrome)")
	}
	got := make(chan []byte, 1)
	files := http.FileServer(http.Dir(d.web))
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cross-Origin-Opener-Policy", "same-origin")
		w.Header().Set("Cross-Origin-Embedder-Policy", "require-corp")
		w.Header().Set("Cache-Control", "no-store")
		if r.URL.Path == "/result" && r.Method == http.MethodPost {
			b, err := io.ReadAll(io.LimitReader(r.Body, maxReport))
			if err != nil {
				http.Error(w, err.Error(), http.StatusBadRequest)
				return
			}
			select {
			case got <- b:
			default:
			}
			return
		}
		files.ServeHTTP(w, r)
	}))
	defer srv.Close()
	if !strings.HasPrefix(srv.URL, "http://127.0.0.1:") {
		return Report{}, fmt.Errorf("webbench: server not on loopback: %s", srv.URL)
	}
	prof, err := os.MkdirTemp("", "diorama-webbench-")
	if err != nil {
		return Report{}, fmt.Errorf("webbench: %w", err)
	}
	defer os.RemoveAll(prof)
	// The flags of platform/web's Chromium tests, without virtual time,
	// and with no throttling of a page nobody looks at.
	args := []string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
		"--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic",
		"--hide-scrollbars", "--force-device-scale-factor=1", "--user-data-dir=" + prof,
		"--disable-background-timer-throttling", "--disable-renderer-backgrounding",
		"--disable-backgrounding-occluded-windows", "--window-size=800,480"}
	args = append(append(args, d.ChromeArgs...), srv.URL+"/index.html?"+p.Query())
	cmd := exec.Command(d.Chrome, args...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	ownGroup(cmd)
	if err := cmd.Start(); err != nil {
		return Report{}, fmt.Errorf("webbench: start %s: %w", d.Chrome, err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	// Keep the browser's threads at this process's priority (Chromium
	// resets its renderers to nice 0), checking as processes appear.
	fair, fairDone := make(chan struct{}), make(chan struct{})
	stopFair := sync.OnceFunc(func() { close(fair); <-fairDone })
	defer stopFair()
	go func() {
		t := time.NewTicker(100 * time.Millisecond)
		defer t.Stop()
		defer close(fairDone)
		for {
			select {
			case <-fair:
				return
			case <-t.C:
				matchPriority(cmd.Process.Pid)
			}
		}
	}()
	stop := func() {
		stopFair() // before the group's id can be reused
		stopGroup(cmd)
		select {
		case <-exited:
		case <-time.After(10 * time.Second):
		}
	}
	var b []byte
	select {
	case b = <-got:
		stop()
	case err := <-exited:
		return Report{}, fmt.Errorf("webbench: chromium exited before the page reported (%v):\n%s", err, tail(out.String()))
	case <-time.After(d.Timeout):
		stop()
		return Report{}, fmt.Errorf("webbench: no report from the page in %v:\n%s", d.Timeout, tail(out.String()))
	}
	var rep Report
	if err := json.Unmarshal(b, &rep); err != nil {
		return rep, fmt.Errorf("webbench: the page's report is not JSON: %v", err)
	}
	return rep, check(rep, p, nil)
}

// tail keeps the end of a long browser log.
func tail(s string) string {
	const n = 4000
	if len(s) > n {
		return "…" + s[len(s)-n:]
	}
	return s
}
