//go:build cgo && !android && !js && !ios

package desktop

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"testing"
	"time"

	"diorama/internal/testenv"
	"diorama/mathx"
	"diorama/platform"
	"diorama/platform/internal/viewport"
	"diorama/raster"
)

// pattern fills f with a known opaque image that differs in every pixel
// from its neighbours and between seeds: gradients plus seeded noise.
func pattern(f *raster.Frame, seed uint64) {
	r := mathx.NewRand(seed)
	for y := 0; y < f.H(); y++ {
		row := f.Row(y)
		for x := 0; x < f.W(); x++ {
			n := r.Uint64()
			row[4*x] = uint8(x) ^ uint8(n)
			row[4*x+1] = uint8(y) ^ uint8(n>>8)
			row[4*x+2] = uint8(x+y) ^ uint8(n>>16)
			row[4*x+3] = 255
		}
	}
}

// upscale returns f scaled by the whole factor s with nearest neighbour.
func upscale(f *raster.Frame, s int) *image.RGBA {
	dst := image.NewRGBA(image.Rect(0, 0, f.W()*s, f.H()*s))
	for y := 0; y < dst.Rect.Dy(); y++ {
		for x := 0; x < dst.Rect.Dx(); x++ {
			copy(dst.Pix[y*dst.Stride+4*x:y*dst.Stride+4*x+4], f.Pix[(y/s)*f.Stride+4*(x/s):])
		}
	}
	return dst
}

func firstDiff(a, b []byte, stride int) string {
	for i := range a {
		if a[i] != b[i] {
			return fmt.Sprintf("byte %d (x=%d y=%d ch=%d): got %d want %d", i, (i%stride)/4, i/stride, i%4, a[i], b[i])
		}
	}
	return "lengths differ"
}

// waitSize pumps events until the framebuffer is w×h (a window manager
// or the X server applies size changes asynchronously).
func waitSize(win *window, w, h int) (int, int) {
	var fw, fh int
	for i := 0; i < 1000; i++ { // at most 10 s on a loaded machine; usually one pass
		win.PollEvents()
		if fw, fh = win.FramebufferSize(); fw == w && fh == h {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	return fw, fh
}

// TestPresentReadback opens a real window, presents known frames and
// reads them back with glReadPixels: byte for byte the framebuffer, at
// scale 1 and scale 2 (each frame pixel an exact 2×2 block).
func TestPresentReadback(t *testing.T) {
	needDisplay(t)
	for _, scale := range []int{1, 2} {
		var errs []string
		onMain(func() {
			win, err := openWindow(platform.Config{Title: "readback", Width: 320, Height: 240, WindowScale: scale, NoVSync: true})
			if err != nil {
				errs = append(errs, err.Error())
				return
			}
			defer win.Close()
			if fw, fh := waitSize(win, 320*scale, 240*scale); fw != 320*scale || fh != 240*scale {
				errs = append(errs, fmt.Sprintf("framebuffer %dx%d", fw, fh))
				return
			}
			f, _ := raster.NewFrame(320, 240)
			for seed := uint64(1); seed <= 30; seed++ {
				pattern(f, seed)
				win.Render(f)
				vp := win.Viewport()
				if vp != (viewport.Viewport{W: 320 * scale, H: 240 * scale, FrameW: 320, FrameH: 240}) {
					errs = append(errs, fmt.Sprintf("viewport %v", vp))
					return
				}
				got := image.NewRGBA(image.Rect(0, 0, vp.W, vp.H))
				if err := win.ReadPixels(got); err != nil {
					errs = append(errs, err.Error())
					return
				}
				want := upscale(f, scale)
				if !bytes.Equal(got.Pix, want.Pix) {
					errs = append(errs, fmt.Sprintf("scale %d frame %d differs: %s", scale, seed, firstDiff(got.Pix, want.Pix, got.Stride)))
					return
				}
				win.Swap()
			}
			if up, re := win.Uploads(); up != 30 || re != 1 {
				errs = append(errs, fmt.Sprintf("%d uploads with %d texture allocations, want 30 and 1", up, re))
			}
		})
		for _, e := range errs {
			t.Error(e)
		}
	}
}

// TestLetterboxAndFullscreen resizes the window and toggles fullscreen:
// the frame lands where viewport.Fit says, bars are black, pixels exact.
func TestLetterboxAndFullscreen(t *testing.T) {
	needDisplay(t)
	var errs []string
	fail := func(format string, a ...any) { errs = append(errs, fmt.Sprintf(format, a...)) }
	onMain(func() {
		win, err := openWindow(platform.Config{Width: 160, Height: 120, NoVSync: true})
		if err != nil {
			fail("%v", err)
			return
		}
		defer win.Close()
		f, _ := raster.NewFrame(160, 120)
		pattern(f, 99)
		check := func(fbW, fbH int) {
			// The X server hands GL the resized buffer at the next swap.
			win.Present(f)
			win.Render(f)
			vp := win.Viewport()
			want := viewport.Fit(platform.ScaleInteger, 160, 120, fbW, fbH)
			if vp != want {
				fail("viewport %v, want %v", vp, want)
				return
			}
			got := image.NewRGBA(image.Rect(0, 0, vp.W, vp.H))
			if err := win.ReadPixels(got); err != nil {
				fail("%v", err)
				return
			}
			if exp := upscale(f, vp.W/160); !bytes.Equal(got.Pix, exp.Pix) {
				fail("%dx%d: %s", fbW, fbH, firstDiff(got.Pix, exp.Pix, got.Stride))
			}
			win.Swap()
		}
		win.win.SetSize(400, 300) // scale 2 (320×240) with 40/30 px bars
		if w, h := waitSize(win, 400, 300); w != 400 || h != 300 {
			fail("resize gave %dx%d", w, h)
			return
		}
		check(400, 300)
		win.SetFullscreen(true)
		if w, h := waitSize(win, 1280, 1024); w != 1280 || h != 1024 || !win.Fullscreen() {
			fail("fullscreen gave %dx%d", w, h)
			return
		}
		check(1280, 1024) // scale 8: 1280×960 with 32 px bars top and bottom
		win.SetFullscreen(false)
		if w, h := waitSize(win, 400, 300); w != 400 || h != 300 || win.Fullscreen() {
			fail("leaving fullscreen gave %dx%d", w, h)
			return
		}
		check(400, 300)
	})
	for _, e := range errs {
		t.Error(e)
	}
}

// TestInputThroughCallbacks injects events through the GLFW callbacks the
// window installed and checks the engine events, including frame
// coordinates after integer scaling and letterbox offsets.
func TestInputThroughCallbacks(t *testing.T) {
	needDisplay(t)
	var errs []string
	fail := func(format string, a ...any) { errs = append(errs, fmt.Sprintf(format, a...)) }
	onMain(func() {
		win, err := openWindow(platform.Config{Width: 320, Height: 240, WindowScale: 2, NoVSync: true})
		if err != nil {
			fail("%v", err)
			return
		}
		defer win.Close()
		in := platform.NewInput(320, 240)
		win.Attach(in)
		waitSize(win, 640, 480)
		in.EndTick()
		cb := win.win
		// Scale 2, no bars: window (100, 50) is frame (50, 25).
		win.onCursor(cb, 100, 50)
		win.onMouseButton(cb, 0 /* GLFW left */, 1 /* press */, 0)
		win.onKey(cb, 65 /* GLFW A */, 0, 1, 0)
		win.onKey(cb, 65, 0, 2 /* repeat */, 0)
		win.onKey(cb, 265 /* up */, 0, 1, 0)
		win.onScroll(cb, 0, -2)
		want := []platform.Event{
			{Kind: platform.MouseMove, Pointer: platform.MousePointer, X: 50, Y: 25},
			{Kind: platform.MouseDown, Button: platform.MouseLeft, Pointer: platform.MousePointer, X: 50, Y: 25},
			{Kind: platform.KeyDown, Key: platform.KeyA},
			{Kind: platform.KeyDown, Key: platform.KeyArrowUp},
			{Kind: platform.MouseWheel, Pointer: platform.MousePointer, DY: -2},
		}
		if got := in.Events(); fmt.Sprint(got) != fmt.Sprint(want) {
			fail("events\n got %v\nwant %v", got, want)
		}
		if !in.KeyDown(platform.KeyA) || !in.MouseDown(platform.MouseLeft) || !in.Mouse().Inside {
			fail("state after press: %+v", in.Mouse())
		}
		in.EndTick()
		// Grow to 740×520: still scale 2, bars 50 px left/right, 20 px top/bottom.
		cb.SetSize(740, 520)
		waitSize(win, 740, 520)
		in.EndTick()
		win.onCursor(cb, 50+2*10, 20+2*5)
		win.onMouseButton(cb, 0, 0 /* release */, 0)
		win.onKey(cb, 65, 0, 0, 0)
		win.onCursor(cb, 10, 10) // in the left bar: outside the frame
		want = []platform.Event{
			{Kind: platform.MouseMove, Pointer: platform.MousePointer, X: 10, Y: 5},
			{Kind: platform.MouseUp, Button: platform.MouseLeft, Pointer: platform.MousePointer, X: 10, Y: 5},
			{Kind: platform.KeyUp, Key: platform.KeyA},
			{Kind: platform.MouseMove, Pointer: platform.MousePointer, X: -20, Y: -5},
		}
		if got := in.Events(); fmt.Sprint(got) != fmt.Sprint(want) {
			fail("after resize events\n got %v\nwant %v", got, want)
		}
		if in.Mouse().Inside || in.KeyDown(platform.KeyA) || !in.KeyReleased(platform.KeyA) {
			fail("state after release: %+v", in.Mouse())
		}
		win.onFocus(cb, false)
		if in.KeyDown(platform.KeyArrowUp) {
			fail("focus loss kept ArrowUp held")
		}
		in.EndTick()
		win.onKey(cb, 265, 0, 1, 0)
		win.onIconify(cb, true)
		if !win.Iconified() || in.KeyDown(platform.KeyArrowUp) {
			fail("minimising: iconified %v, ArrowUp held %v", win.Iconified(), in.KeyDown(platform.KeyArrowUp))
		}
		win.onIconify(cb, false)
		if win.Iconified() {
			fail("restore not seen")
		}
	})
	for _, e := range errs {
		t.Error(e)
	}
}

// quitter draws its tick count and quits after n ticks.
type quitter struct{ n, ticks int }

func (q *quitter) Update(in *platform.Input) error {
	q.ticks++
	if q.ticks >= q.n {
		return platform.ErrQuit
	}
	return nil
}
func (q *quitter) Draw(f *raster.Frame, alpha float64) { f.Clear(rgba(uint8(q.ticks), 0, 0)) }

// TestRunQuits runs a game through Run until it returns ErrQuit: a clean
// shutdown with a nil error.
func TestRunQuits(t *testing.T) {
	needDisplay(t)
	q := &quitter{n: 5}
	icon := image.NewRGBA(image.Rect(0, 0, 16, 16))
	for i := range icon.Pix {
		icon.Pix[i] = uint8(i)
	}
	var err error
	onMain(func() {
		err = Run(q, platform.Config{Title: "quitter", Icon: icon, Width: 64, Height: 48, TPS: 240, NoVSync: true})
	})
	if err != nil || q.ticks != 5 {
		t.Fatalf("Run: %v after %d ticks", err, q.ticks)
	}
}

func TestPresentZeroAllocs(t *testing.T) {
	needDisplay(t)
	var allocs uint64
	var err error
	onMain(func() {
		var win *window
		win, err = openWindow(platform.Config{Width: 320, Height: 240, NoVSync: true})
		if err != nil {
			return
		}
		defer win.Close()
		f, _ := raster.NewFrame(320, 240)
		win.Present(f)
		allocs = testenv.AllocsOver(20, func() { win.Present(f) })
	})
	if err != nil || allocs != 0 {
		t.Fatalf("Present: %v allocations in 20 frames (err %v), want 0", allocs, err)
	}
}

// BenchmarkUpload measures presenting one frame: streaming it into the
// texture and drawing the quad (glFinish waits for the GPU, here Mesa's
// llvmpipe). "stream" is the backend's path (glTexSubImage2D into the
// texture allocated once); "realloc" re-specifies the texture with
// glTexImage2D every frame, for comparison.
func BenchmarkUpload(b *testing.B) {
	needDisplay(b)
	for _, size := range [][2]int{{800, 480}, {1600, 960}} {
		for _, mode := range []string{"stream", "realloc"} {
			b.Run(fmt.Sprintf("%s_%dx%d", mode, size[0], size[1]), func(b *testing.B) {
				onMain(func() { benchUpload(b, size[0], size[1], mode == "realloc") })
			})
		}
	}
}

func benchUpload(b *testing.B, w, h int, realloc bool) {
	win, err := openWindow(platform.Config{Width: w, Height: h, NoVSync: true})
	if err != nil {
		b.Error(err)
		return
	}
	defer win.Close()
	f, _ := raster.NewFrame(w, h)
	pattern(f, 1)
	win.Render(f)
	b.SetBytes(int64(len(f.Pix)))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		f.Pix[0] = uint8(i)
		if realloc {
			reallocTexture(win, f)
		}
		win.Render(f)
		glFinish()
	}
	b.StopTimer()
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/1e6, "ms/frame")
	win.Swap()
}

func TestOpenWithoutDisplay(t *testing.T) {
	t.Setenv("DISPLAY", "")
	t.Setenv("WAYLAND_DISPLAY", "")
	var err error
	onMain(func() { _, err = openWindow(platform.Config{Width: 8, Height: 8}) })
	if !errors.Is(err, ErrWindow) || !errors.Is(err, ErrNoDisplay) {
		t.Fatalf("Open without a display: %v", err)
	}
	if _, err := openWindow(platform.Config{Width: -8, Height: 8}); err == nil || errors.Is(err, ErrWindow) {
		t.Fatalf("bad config: %v", err)
	}
}
