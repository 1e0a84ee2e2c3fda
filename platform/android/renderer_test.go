//go:build linux && !android && cgo

package android

import (
	"bytes"
	"fmt"
	"os"
	"runtime"
	"testing"

	"github.com/go-gl/glfw/v3.3/glfw"
	"golang.org/x/mobile/gl"

	"diorama/internal/testenv"
	"diorama/platform"
	"diorama/platform/internal/testgame"
	"diorama/platform/internal/viewport"
	"diorama/platform/internal/xvfb"
	"diorama/raster"
)

// The Android renderer draws through x/mobile's gl package, which on Linux
// talks to the system's OpenGL ES 2 library. These tests give it a real
// ES 2 context (a GLFW window with an EGL context under Xvfb) and read
// the result back, so the shaders, the texture streaming, the viewport
// flip and the re-creation after a context loss are checked pixel for
// pixel, not only compiled.

func init() { runtime.LockOSThread() }

var mainq = make(chan func())

func onMain(f func()) {
	done := make(chan struct{})
	mainq <- func() { defer close(done); f() }
	<-done
}

var displayErr error

func TestMain(m *testing.M) {
	stop, err := xvfb.Ensure()
	if err == nil {
		err = glfw.Init()
	}
	displayErr = err
	code := xvfb.MainLoop(mainq, m.Run)
	if displayErr == nil {
		glfw.Terminate()
	}
	if stop != nil {
		stop()
	}
	os.Exit(code)
}

func needDisplay(t *testing.T) {
	t.Helper()
	if displayErr == nil {
		return
	}
	testenv.Missing(t, "no display: %v", displayErr)
}

// esWindow opens a w×h window with an OpenGL ES 2.0 context made current.
func esWindow(w, h int) (*glfw.Window, error) {
	glfw.DefaultWindowHints()
	glfw.WindowHint(glfw.ClientAPI, glfw.OpenGLESAPI)
	glfw.WindowHint(glfw.ContextCreationAPI, glfw.EGLContextAPI)
	glfw.WindowHint(glfw.ContextVersionMajor, 2)
	glfw.WindowHint(glfw.ContextVersionMinor, 0)
	glfw.WindowHint(glfw.Resizable, glfw.False)
	win, err := glfw.CreateWindow(w, h, "android renderer test", nil, nil)
	if err != nil {
		return nil, err
	}
	win.MakeContextCurrent()
	return win, nil
}

// onGL runs f with an x/mobile GL context on another goroutine while this
// (main) thread executes the GL work it queues.
func onGL(ctx gl.Context, worker gl.Worker, f func() error) error {
	done := make(chan error, 1)
	go func() { done <- f() }()
	for {
		select {
		case <-worker.WorkAvailable():
			worker.DoWork()
		case err := <-done:
			return err
		}
	}
}

// readFrame paints f with r in a fbW×fbH window and reads the frame area
// back, top row first.
func readFrame(ctx gl.Context, r *renderer, f *raster.Frame, fbW, fbH int) ([]byte, viewport.Viewport) {
	vp := viewport.Fit(platform.ScaleInteger, f.W(), f.H(), fbW, fbH)
	r.paint(ctx, f, vp, fbW, fbH)
	buf := make([]byte, 4*vp.W*vp.H)
	ctx.ReadPixels(buf, vp.X, fbH-vp.Y-vp.H, vp.W, vp.H, gl.RGBA, gl.UNSIGNED_BYTE)
	out := make([]byte, len(buf))
	row := 4 * vp.W
	for y := 0; y < vp.H; y++ { // GL rows go bottom-up
		copy(out[y*row:(y+1)*row], buf[(vp.H-1-y)*row:(vp.H-y)*row])
	}
	return out, vp
}

// scaled returns f's pixels scaled by s (nearest neighbour).
func scaled(f *raster.Frame, s int) []byte {
	w, h := f.W()*s, f.H()*s
	out := make([]byte, 4*w*h)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			copy(out[4*(y*w+x):4*(y*w+x)+4], f.Pix[(y/s)*f.Stride+4*(x/s):])
		}
	}
	return out
}

func TestRendererPixelExactAndContextLoss(t *testing.T) {
	needDisplay(t)
	f, _ := raster.NewFrame(160, 120)
	var errs []string
	fail := func(format string, a ...any) { errs = append(errs, fmt.Sprintf(format, a...)) }
	onMain(func() {
		var r renderer
		for round, seed := range []uint64{11, 12} {
			// Each round is a new context, as after Android destroys the
			// surface: the renderer must make its objects again.
			win, err := esWindow(400, 300)
			if err != nil {
				fail("ES 2 window: %v", err)
				return
			}
			fbW, fbH := win.GetFramebufferSize()
			ctx, worker := gl.NewContext()
			err = onGL(ctx, worker, func() error {
				if err := r.create(ctx); err != nil {
					return err
				}
				for i := uint64(0); i < 3; i++ {
					testgame.Pattern(f, seed+10*i)
					got, vp := readFrame(ctx, &r, f, fbW, fbH)
					if vp != (viewport.Viewport{X: 40, Y: 30, W: 320, H: 240, FrameW: 160, FrameH: 120}) {
						return fmt.Errorf("viewport %v", vp)
					}
					if want := scaled(f, 2); !bytes.Equal(got, want) {
						n := 0
						for j := range got {
							if got[j] != want[j] {
								n++
							}
						}
						return fmt.Errorf("round %d frame %d: %d of %d bytes differ", round, i, n, len(got))
					}
				}
				if e := ctx.GetError(); e != 0 {
					return fmt.Errorf("GL error 0x%x", e)
				}
				r.destroy(ctx)
				return nil
			})
			if err != nil {
				fail("%v", err)
			}
			win.Destroy()
		}
	})
	for _, e := range errs {
		t.Error(e)
	}
}
