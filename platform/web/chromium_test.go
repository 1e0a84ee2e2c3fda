//go:build !js

package web

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/png"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"diorama/platform"
	"diorama/platform/headless"
	"diorama/platform/internal/testgame"
	"diorama/raster"
)

// The example's constants (package main cannot be imported).
const exW, exH, exSeed = 320, 240, 2026

// TestChromiumMatchesNative builds the web example for js/wasm, serves it
// on 127.0.0.1, loads it in headless Chromium and compares a screenshot of
// the page (the canvas at scale 1 fills the window) with the framebuffer
// the same game renders natively: every pixel must be equal.
func TestChromiumMatchesNative(t *testing.T) {
	chrome, dir := chromiumAndExample(t)
	srv := serve(t, dir)
	shot := filepath.Join(dir, "shot.png")
	out, err := chromium(chrome, fmt.Sprintf("--screenshot=%s", shot), fmt.Sprintf("--window-size=%d,%d", exW, exH),
		srv.URL+"/index.html?timer=1")
	if err != nil {
		t.Fatalf("chromium: %v\n%s", err, out)
	}
	got := readPNG(t, shot)
	// The same game, natively.
	res, err := headless.Run(testgame.New(exW, exH, exSeed), platform.Config{Width: exW, Height: exH}, headless.Options{Ticks: 1})
	if err != nil {
		t.Fatal(err)
	}
	equalScaled(t, got, res.Frame, 1)
	// The page really ran its loop: the body counts presented frames.
	dom, err := chromium(chrome, "--dump-dom", srv.URL+"/index.html?timer=1")
	if err != nil || !strings.Contains(string(dom), "data-frames=") || strings.Contains(string(dom), "data-error=") {
		t.Fatalf("page DOM after load (err %v):\n%s", err, dom)
	}
}

// TestChromiumInput loads a page that dispatches touch, mouse and key
// events on the canvas (see inputTestPage), then screenshots it scaled 2×
// in a 640×480 window. The screenshot must
// equal the native frame after the same events in frame coordinates,
// scaled 2×: it shows the cursor cross, the left stick's knob and the
// key-count block exactly where the native run puts them.
func TestChromiumInput(t *testing.T) {
	chrome, dir := chromiumAndExample(t)
	if err := os.WriteFile(filepath.Join(dir, "input.html"), []byte(inputTestPage), 0o644); err != nil {
		t.Fatal(err)
	}
	srv := serve(t, dir)
	shot := filepath.Join(dir, "input.png")
	if out, err := chromium(chrome, "--screenshot="+shot, "--window-size=640,480", srv.URL+"/input.html?timer=1"); err != nil {
		t.Fatalf("chromium: %v\n%s", err, out)
	}
	got := readPNG(t, shot)
	// The page sends a touch drag from frame (100,150) to (130,150), a
	// mouse move to (50.5,25.5) and one D press (plus a repeat), at client
	// positions computed from the canvas's letterboxed layout at the time.
	script, err := headless.ParseScript("native", `0 touchdown 1 100 150
0 touchmove 1 130 150
0 mousemove 50.5 25.5
0 keydown D`)
	if err != nil {
		t.Fatal(err)
	}
	res, err := headless.Run(testgame.New(exW, exH, exSeed), platform.Config{Width: exW, Height: exH}, headless.Options{Ticks: 2, Script: script})
	if err != nil {
		t.Fatal(err)
	}
	equalScaled(t, got, res.Frame, 2)
}

// chromiumAndExample finds Chromium (skipping under -short or when it
// is missing, failing instead when CI=true) and builds the web example
// into a temporary directory.
func chromiumAndExample(t *testing.T) (chrome, dir string) {
	t.Helper()
	if testing.Short() {
		t.Skip("-short: skipping the wasm build and Chromium")
	}
	chrome = findChromium()
	if chrome == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("CI=true and no chromium (install it: ./scripts/deps.sh test)")
		}
		t.Skip("no chromium in PATH (./scripts/deps.sh test installs it)")
	}
	dir = t.TempDir()
	if err := Build(dir, "./example"); err != nil {
		t.Fatal(err)
	}
	return chrome, dir
}

// serve serves dir on loopback until the test ends.
func serve(t *testing.T, dir string) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(http.FileServer(http.Dir(dir)))
	t.Cleanup(srv.Close)
	if !strings.HasPrefix(srv.URL, "http://127.0.0.1:") {
		t.Fatalf("server not on loopback: %s", srv.URL)
	}
	return srv
}

// equalScaled fails unless the screenshot got is the native frame want
// scaled up scale× (nearest neighbour), pixel for pixel.
func equalScaled(t *testing.T, got *image.RGBA, want *raster.Frame, scale int) {
	t.Helper()
	w, h := want.Rect.Dx()*scale, want.Rect.Dy()*scale
	if got.Rect.Dx() != w || got.Rect.Dy() != h {
		t.Fatalf("screenshot is %v, want %dx%d", got.Rect, w, h)
	}
	diff, first := 0, ""
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			g, n := got.RGBAAt(x, y), want.RGBAAt(x/scale, y/scale)
			if g != n {
				if diff == 0 {
					first = fmt.Sprintf("first at screen (%d,%d): got %v want %v", x, y, g, n)
				}
				diff++
			}
		}
	}
	if diff != 0 {
		t.Fatalf("%d of %d pixels differ; %s", diff, w*h, first)
	}
}

func findChromium() string {
	for _, n := range []string{"chromium", "chromium-browser", "google-chrome", "chrome"} {
		if p, err := exec.LookPath(n); err == nil {
			return p
		}
	}
	return ""
}

// chromium runs headless Chromium with the flags that work on the CI
// machine (see research/platform-builds.md) plus args.
func chromium(bin string, args ...string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	prof, err := os.MkdirTemp("", "diorama-chromium-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(prof)
	base := []string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
		"--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic",
		"--hide-scrollbars", "--force-device-scale-factor=1", "--user-data-dir=" + prof, "--virtual-time-budget=5000"}
	cmd := exec.CommandContext(ctx, bin, append(base, args...)...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err = cmd.Run()
	if err != nil {
		return append(stdout.Bytes(), stderr.Bytes()...), err
	}
	return stdout.Bytes(), nil
}

func readPNG(t *testing.T, path string) *image.RGBA {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	im, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	out := image.NewRGBA(im.Bounds())
	for y := im.Bounds().Min.Y; y < im.Bounds().Max.Y; y++ {
		for x := im.Bounds().Min.X; x < im.Bounds().Max.X; x++ {
			out.Set(x, y, im.At(x, y))
		}
	}
	return out
}

// TestChromiumLoader loads the page from a server that sends
// Content-Length (the loader counts the bytes, fills the bar and
// instantiates from them) and from one that does not (it streams): both
// times the game runs and the loading bar is gone.
func TestChromiumLoader(t *testing.T) {
	chrome, dir := chromiumAndExample(t)
	st, err := os.Stat(filepath.Join(dir, "main.wasm"))
	if err != nil {
		t.Fatal(err)
	}
	files := http.FileServer(http.Dir(dir))
	for _, c := range []struct {
		name, want string
		h          http.Handler
	}{
		{"length", fmt.Sprintf(`data-wasm-mode="counted" data-wasm-bytes="%d"`, st.Size()), files},
		{"no length", `data-wasm-mode="streaming"`, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			files.ServeHTTP(noLength{w}, r)
		})},
	} {
		srv := httptest.NewServer(c.h)
		dom, err := chromium(chrome, "--dump-dom", srv.URL+"/index.html?timer=1")
		srv.Close()
		s := string(dom)
		if err != nil || !strings.Contains(s, c.want) || !strings.Contains(s, "data-frames=") ||
			strings.Contains(s, "data-error=") || strings.Contains(s, `id="loading"`) {
			t.Fatalf("%s: page DOM after load (err %v), want %s:\n%s", c.name, err, c.want, s)
		}
	}
}

// noLength drops Content-Length, so the body goes out chunked.
type noLength struct{ http.ResponseWriter }

func (n noLength) WriteHeader(code int) {
	n.Header().Del("Content-Length")
	n.ResponseWriter.WriteHeader(code)
}

func (n noLength) Write(p []byte) (int, error) {
	n.Header().Del("Content-Length")
	return n.ResponseWriter.Write(p)
}
