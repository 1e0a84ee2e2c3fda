//go:build cgo && !android && !js && !ios

package desktop

import (
	"errors"
	"fmt"
	"image"
	"os"
	"runtime"
	"strings"
	"time"
	"unsafe"

	"github.com/go-gl/gl/v3.3-core/gl"
	"github.com/go-gl/glfw/v3.3/glfw"

	"diorama/platform"
	"diorama/platform/internal/viewport"
	"diorama/raster"
)

func init() {
	// GLFW and GL calls must come from the main OS thread; the main
	// goroutine runs on it during init, so pin it there for good.
	runtime.LockOSThread()
}

// ErrUnavailable is returned when this build has no desktop backend. In
// this build a backend exists; see [Available] for run-time conditions.
var ErrUnavailable = errors.New("desktop: not available in this build (needs cgo and a desktop OS)")

// ErrNoDisplay is returned by [Available] and [openWindow] when no display
// server can be reached (DISPLAY and WAYLAND_DISPLAY unset on Linux).
var ErrNoDisplay = errors.New("desktop: no display (DISPLAY is not set)")

// ErrWindow wraps every failure to open a window or set up its OpenGL
// context (no display, GLFW init, window creation, GL 3.3 unavailable), so
// callers can fall back to another backend with errors.Is.
var ErrWindow = errors.New("desktop: cannot open a window")

var glfwReady bool

// Available reports whether a window can be opened: nil, [ErrNoDisplay],
// or the GLFW initialisation error, which includes a display named by
// DISPLAY that no X server answers (a closed Xvfb, a stale SSH
// forwarding). Call it from the main goroutine.
func Available() error {
	if runtime.GOOS == "linux" || runtime.GOOS == "freebsd" {
		if os.Getenv("DISPLAY") == "" && os.Getenv("WAYLAND_DISPLAY") == "" {
			return ErrNoDisplay
		}
	}
	if glfwReady {
		return nil
	}
	if err := initGLFW(); err != nil {
		return fmt.Errorf("desktop: GLFW init: %w", err)
	}
	glfwReady = true
	return nil
}

// window is a GLFW window presenting frames of one size. Create it with
// [openWindow]; all methods must be called from the main goroutine.
type window struct {
	win       *glfw.Window
	cfg       platform.Config
	prog      uint32
	vao       uint32
	tex       uint32
	texW      int
	texH      int
	vp        viewport.Viewport
	fbW       int
	fbH       int
	input     *platform.Input
	closed    bool
	iconified bool

	fullscreen        bool
	winX, winY        int // windowed position, restored when leaving fullscreen
	savedW, savedH    int // windowed size, restored when leaving fullscreen
	winW, winH        int // current window size (window coordinates)
	pads              [platform.MaxGamepads]platform.RawGamepad
	cursorX, cursorY  float64 // last cursor position, window coordinates
	uploads, reallocs int

	swaps  int      // buffers swapped (frames presented)
	inputs int      // input callbacks seen, to wake an idle game
	dirty  bool     // the window needs the last frame presented again
	lim    *limiter // Run's frame limiter
}

const vertexShader = `#version 330 core
out vec2 uv;
void main() {
	// Four vertices of a triangle strip covering the viewport, no buffers.
	vec2 p = vec2(float((gl_VertexID & 1) << 1) - 1.0, float(gl_VertexID & 2) - 1.0);
	uv = vec2((p.x + 1.0) * 0.5, (1.0 - p.y) * 0.5); // frame row 0 at the top
	gl_Position = vec4(p, 0.0, 1.0);
}
` + "\x00"

const fragmentShader = `#version 330 core
in vec2 uv;
out vec4 color;
uniform sampler2D frame;
void main() { color = texture(frame, uv); }
` + "\x00"

// openWindow creates the window for cfg (defaults applied): a frame-sized
// window times cfg.WindowScale, titled, with the icon and vsync setting,
// fullscreen if asked. Input is delivered to the [platform.Input] given to
// [window.Attach].
func openWindow(cfg platform.Config) (*window, error) {
	cfg, err := cfg.WithDefaults()
	if err != nil {
		return nil, err
	}
	if err := Available(); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrWindow, err)
	}
	glfw.DefaultWindowHints()
	glfw.WindowHint(glfw.ContextVersionMajor, 3)
	glfw.WindowHint(glfw.ContextVersionMinor, 3)
	glfw.WindowHint(glfw.OpenGLProfile, glfw.OpenGLCoreProfile)
	glfw.WindowHint(glfw.OpenGLForwardCompatible, glfw.True)
	glfw.WindowHint(glfw.Resizable, glfw.True)
	glfw.WindowHint(glfw.ScaleToMonitor, glfw.True)
	w := &window{cfg: cfg, winW: cfg.Width * cfg.WindowScale, winH: cfg.Height * cfg.WindowScale}
	win, err := createWindow(w.winW, w.winH, cfg.Title)
	if err != nil {
		return nil, fmt.Errorf("%w: create window: %w", ErrWindow, err)
	}
	w.win = win
	win.MakeContextCurrent()
	if err := gl.Init(); err != nil {
		win.Destroy()
		return nil, fmt.Errorf("%w: OpenGL init: %w", ErrWindow, err)
	}
	if err := w.setupGL(); err != nil {
		win.Destroy()
		return nil, fmt.Errorf("%w: %w", ErrWindow, err)
	}
	w.SetVSync(!cfg.NoVSync)
	if cfg.Icon != nil {
		win.SetIcon([]image.Image{cfg.Icon})
	}
	w.cursorX, w.cursorY = win.GetCursorPos()
	w.fbW, w.fbH = win.GetFramebufferSize()
	w.winW, w.winH = win.GetSize()
	w.installCallbacks()
	if cfg.Fullscreen {
		w.SetFullscreen(true)
	}
	return w, nil
}

func (w *window) setupGL() error {
	vs, err := compile(gl.VERTEX_SHADER, vertexShader)
	if err != nil {
		return err
	}
	fs, err := compile(gl.FRAGMENT_SHADER, fragmentShader)
	if err != nil {
		return err
	}
	w.prog = gl.CreateProgram()
	gl.AttachShader(w.prog, vs)
	gl.AttachShader(w.prog, fs)
	gl.LinkProgram(w.prog)
	gl.DeleteShader(vs)
	gl.DeleteShader(fs)
	var ok int32
	gl.GetProgramiv(w.prog, gl.LINK_STATUS, &ok)
	if ok == gl.FALSE {
		return fmt.Errorf("desktop: link shader program: %s", programLog(w.prog))
	}
	gl.GenVertexArrays(1, &w.vao)
	gl.GenTextures(1, &w.tex)
	gl.BindTexture(gl.TEXTURE_2D, w.tex)
	gl.TexParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.NEAREST)
	gl.TexParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.NEAREST)
	gl.TexParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE)
	gl.TexParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE)
	gl.UseProgram(w.prog)
	gl.Uniform1i(gl.GetUniformLocation(w.prog, gl.Str("frame\x00")), 0)
	gl.PixelStorei(gl.UNPACK_ALIGNMENT, 4)
	gl.PixelStorei(gl.PACK_ALIGNMENT, 4)
	gl.Disable(gl.BLEND)
	gl.Disable(gl.DEPTH_TEST)
	gl.ClearColor(0, 0, 0, 1)
	return glError("setup")
}

func compile(kind uint32, src string) (uint32, error) {
	s := gl.CreateShader(kind)
	cs, free := gl.Strs(src)
	gl.ShaderSource(s, 1, cs, nil)
	free()
	gl.CompileShader(s)
	var ok int32
	gl.GetShaderiv(s, gl.COMPILE_STATUS, &ok)
	if ok == gl.FALSE {
		var n int32
		gl.GetShaderiv(s, gl.INFO_LOG_LENGTH, &n)
		log := strings.Repeat("\x00", int(n)+1)
		gl.GetShaderInfoLog(s, n, nil, gl.Str(log))
		gl.DeleteShader(s)
		return 0, fmt.Errorf("desktop: compile shader: %s", strings.TrimRight(log, "\x00"))
	}
	return s, nil
}

func programLog(p uint32) string {
	var n int32
	gl.GetProgramiv(p, gl.INFO_LOG_LENGTH, &n)
	log := strings.Repeat("\x00", int(n)+1)
	gl.GetProgramInfoLog(p, n, nil, gl.Str(log))
	return strings.TrimRight(log, "\x00")
}

func glError(where string) error {
	if e := gl.GetError(); e != gl.NO_ERROR {
		return fmt.Errorf("desktop: OpenGL error 0x%x in %s", e, where)
	}
	return nil
}

// Attach directs the window's input events into in (nil detaches).
func (w *window) Attach(in *platform.Input) { w.input = in }

// SetVSync turns waiting for vertical sync on or off.
func (w *window) SetVSync(on bool) {
	if on {
		glfw.SwapInterval(1)
	} else {
		glfw.SwapInterval(0)
	}
}

// Viewport returns where the frame was last drawn in the framebuffer.
func (w *window) Viewport() viewport.Viewport { return w.vp }

// FramebufferSize returns the window's framebuffer size in pixels, as of
// the last [window.PollEvents].
func (w *window) FramebufferSize() (int, int) { return w.fbW, w.fbH }

// Uploads returns how many frames were uploaded and how many of those
// had to (re)allocate the texture: one allocation per frame size.
func (w *window) Uploads() (uploads, reallocs int) { return w.uploads, w.reallocs }

// Iconified reports whether the window is minimised.
func (w *window) Iconified() bool { return w.iconified }

// ShouldClose reports whether the user asked to close the window.
func (w *window) ShouldClose() bool { return w.win.ShouldClose() }

// PollEvents processes pending window events (delivering input to the
// attached Input) and polls the gamepads.
func (w *window) PollEvents() {
	glfw.PollEvents()
	if w.input == nil {
		return
	}
	for i := 0; i < platform.MaxGamepads; i++ {
		j := glfw.Joystick(int(glfw.Joystick1) + i)
		raw := &w.pads[i]
		*raw = platform.RawGamepad{}
		if j.Present() && j.IsGamepad() {
			if st := j.GetGamepadState(); st != nil {
				*raw = rawGamepad(st)
			}
		}
		w.input.SetGamepad(i, *raw)
	}
}

// Render uploads f into the texture (allocating it only when the frame
// size changes) and draws it into the back buffer, letterboxed. It does
// not swap; [window.Present] does both.
func (w *window) Render(f *raster.Frame) {
	fw, fh := f.W(), f.H()
	w.vp = viewport.Fit(w.cfg.Scale, fw, fh, w.fbW, w.fbH)
	gl.Viewport(0, 0, int32(w.fbW), int32(w.fbH))
	gl.Clear(gl.COLOR_BUFFER_BIT)
	if fw == 0 || fh == 0 || w.vp.W == 0 {
		return
	}
	gl.BindTexture(gl.TEXTURE_2D, w.tex)
	gl.PixelStorei(gl.UNPACK_ROW_LENGTH, int32(f.Stride/4))
	if fw != w.texW || fh != w.texH {
		gl.TexImage2D(gl.TEXTURE_2D, 0, gl.RGBA8, int32(fw), int32(fh), 0, gl.RGBA, gl.UNSIGNED_BYTE, nil)
		w.texW, w.texH = fw, fh
		w.reallocs++
	}
	gl.TexSubImage2D(gl.TEXTURE_2D, 0, 0, 0, int32(fw), int32(fh), gl.RGBA, gl.UNSIGNED_BYTE, unsafe.Pointer(&f.Pix[0]))
	w.uploads++
	// GL's viewport origin is the bottom-left corner.
	gl.Viewport(int32(w.vp.X), int32(w.fbH-w.vp.Y-w.vp.H), int32(w.vp.W), int32(w.vp.H))
	gl.UseProgram(w.prog)
	gl.BindVertexArray(w.vao)
	gl.DrawArrays(gl.TRIANGLE_STRIP, 0, 4)
}

// Swap shows the back buffer.
func (w *window) Swap() {
	w.win.SwapBuffers()
	w.swaps++
}

// Swaps returns how many frames were presented (buffers swapped).
func (w *window) Swaps() int { return w.swaps }

// refreshRate returns the refresh rate of the monitor showing the window
// (the primary one when windowed), or 0 when none is reported.
func (w *window) refreshRate() int {
	m := w.win.GetMonitor()
	if m == nil {
		m = glfw.GetPrimaryMonitor()
	}
	if m == nil {
		return 0
	}
	if mode := m.GetVideoMode(); mode != nil {
		return mode.RefreshRate
	}
	return 0
}

// Present renders f and swaps buffers.
func (w *window) Present(f *raster.Frame) {
	w.Render(f)
	w.Swap()
}

// ReadPixels reads the frame area of the back buffer (as drawn by the
// last [window.Render], before [window.Swap]) into dst, top row first.
// dst must be Viewport().W × Viewport().H.
func (w *window) ReadPixels(dst *image.RGBA) error {
	vp := w.vp
	if dst.Rect.Dx() != vp.W || dst.Rect.Dy() != vp.H || dst.Stride != 4*vp.W {
		return fmt.Errorf("desktop: ReadPixels: dst is %v, viewport %dx%d", dst.Rect, vp.W, vp.H)
	}
	if vp.W == 0 || vp.H == 0 {
		return nil
	}
	gl.ReadBuffer(gl.BACK)
	gl.PixelStorei(gl.PACK_ROW_LENGTH, 0)
	gl.ReadPixels(int32(vp.X), int32(w.fbH-vp.Y-vp.H), int32(vp.W), int32(vp.H), gl.RGBA, gl.UNSIGNED_BYTE, unsafe.Pointer(&dst.Pix[0]))
	// GL rows go bottom-up: flip in place.
	row := make([]byte, dst.Stride)
	for y := 0; y < vp.H/2; y++ {
		a := dst.Pix[y*dst.Stride : (y+1)*dst.Stride]
		b := dst.Pix[(vp.H-1-y)*dst.Stride : (vp.H-y)*dst.Stride]
		copy(row, a)
		copy(a, b)
		copy(b, row)
	}
	return glError("ReadPixels")
}

// Fullscreen reports whether the window is fullscreen.
func (w *window) Fullscreen() bool { return w.fullscreen }

// SetFullscreen switches between fullscreen on the primary monitor and
// the previous windowed placement.
func (w *window) SetFullscreen(on bool) {
	if on == w.fullscreen {
		return
	}
	if on {
		m := glfw.GetPrimaryMonitor()
		if m == nil {
			return
		}
		w.winX, w.winY = w.win.GetPos()
		w.savedW, w.savedH = w.win.GetSize()
		mode := m.GetVideoMode()
		w.win.SetMonitor(m, 0, 0, mode.Width, mode.Height, mode.RefreshRate)
	} else {
		w.win.SetMonitor(nil, w.winX, w.winY, w.savedW, w.savedH, 0)
	}
	w.fullscreen = on
	if w.lim != nil {
		w.lim.setRefresh(w.refreshRate())
	}
	if !w.cfg.NoVSync {
		glfw.SwapInterval(1) // some drivers reset the interval on a mode switch
	}
}

// Close destroys the window and its GL objects. It is safe to call twice.
func (w *window) Close() {
	if w.closed {
		return
	}
	w.closed = true
	gl.DeleteTextures(1, &w.tex)
	gl.DeleteVertexArrays(1, &w.vao)
	gl.DeleteProgram(w.prog)
	w.win.Destroy()
}

// Run opens a window for cfg and runs g in it until the window is closed,
// Update returns [platform.ErrQuit] (both give nil) or Update fails (its
// error is returned). It must be called from the main goroutine.
//
// Frames are paced by vsync. When vsync was asked for but does not hold
// (Xvfb, VNC, some VMs and drivers), which Run measures from the
// intervals between buffer swaps, Run sleeps so that it presents at most
// at the display's refresh rate (60 Hz when the monitor reports none);
// with cfg.NoVSync it presents as fast as it can. A game implementing
// [platform.Idler] that reports idle is not drawn: Run keeps ticking and
// waits for window events between ticks.
func Run(g platform.Game, cfg platform.Config) error {
	d, err := platform.NewDriver(g, cfg)
	if err != nil {
		return err
	}
	w, err := openWindow(d.Config())
	if err != nil {
		return err
	}
	defer w.Close()
	return w.run(d)
}

// run is Run's loop on an open window.
func (w *window) run(d *platform.Driver) error {
	w.Attach(d.Input)
	w.lim = newLimiter(!w.cfg.NoVSync, w.refreshRate())
	w.dirty = true
	drawnIdle := false // the frame on screen was drawn while the game was idle
	seen := w.inputs
	last := time.Now()
	for !w.ShouldClose() {
		w.PollEvents()
		if w.iconified {
			// Minimised: no ticks, no drawing, no busy loop.
			d.Clock.Pause()
			w.lim.broken()
			w.dirty = true
			glfw.WaitEventsTimeout(0.1)
			continue
		}
		if d.Clock.Paused() {
			d.Clock.Resume()
			last = time.Now()
		}
		now := time.Now()
		_, err := d.Update(now.Sub(last))
		last = now
		if err != nil {
			if platform.IsQuit(err) {
				return nil
			}
			return err
		}
		idle := d.Idle()
		input := w.inputs != seen
		seen = w.inputs
		switch {
		case !idle || !drawnIdle || input:
			d.Draw()
			drawnIdle = idle
			w.Present(d.Frame)
		case w.dirty:
			w.Present(d.Frame) // resized or exposed: show the last frame again
		default:
			// Idle: nothing to show. Sleep until an event or the next tick.
			w.lim.broken()
			wait := time.Duration((1 - d.Clock.Alpha()) * float64(d.Clock.Step()))
			glfw.WaitEventsTimeout(max(wait, 500*time.Microsecond).Seconds())
			continue
		}
		w.dirty = false
		if pause := w.lim.swapped(time.Now()); pause > 0 {
			time.Sleep(pause)
			w.lim.sleep(pause)
		}
	}
	return nil
}

// rawGamepad converts GLFW's standard gamepad state: the same axis and
// button order as the engine's, triggers moved from [-1, 1] to [0, 1].
func rawGamepad(st *glfw.GamepadState) platform.RawGamepad {
	raw := platform.RawGamepad{Connected: true}
	for a := 0; a < platform.AxisCount; a++ {
		raw.Axes[a] = float64(st.Axes[a])
	}
	raw.Axes[platform.AxisLeftTrigger] = (raw.Axes[platform.AxisLeftTrigger] + 1) / 2
	raw.Axes[platform.AxisRightTrigger] = (raw.Axes[platform.AxisRightTrigger] + 1) / 2
	for b := 0; b < int(platform.PadButtonCount); b++ {
		raw.Buttons[b] = st.Buttons[b] == glfw.Press
	}
	return raw
}
