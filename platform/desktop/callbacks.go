//go:build cgo && !android && !js && !ios

package desktop

import (
	"github.com/go-gl/glfw/v3.3/glfw"

	"diorama/platform"
	"diorama/platform/internal/viewport"
)

func (w *window) installCallbacks() {
	w.win.SetKeyCallback(w.onKey)
	w.win.SetCursorPosCallback(w.onCursor)
	w.win.SetMouseButtonCallback(w.onMouseButton)
	w.win.SetScrollCallback(w.onScroll)
	w.win.SetFocusCallback(w.onFocus)
	w.win.SetIconifyCallback(w.onIconify)
	w.win.SetSizeCallback(func(_ *glfw.Window, width, height int) { w.winW, w.winH = width, height })
	w.win.SetFramebufferSizeCallback(func(_ *glfw.Window, width, height int) {
		w.fbW, w.fbH = width, height
		w.dirty = true
	})
	w.win.SetRefreshCallback(func(*glfw.Window) { w.dirty = true })
}

// frameCoords maps a cursor position in window coordinates to the frame
// through the viewport for the current window size (recomputed, so it is
// right even before the first Render after a resize).
func (w *window) frameCoords(x, y float64) (float64, float64) {
	vp := viewport.Fit(w.cfg.Scale, w.cfg.Width, w.cfg.Height, w.fbW, w.fbH)
	fx, fy, _ := vp.WindowToFrame(x, y, w.winW, w.winH, w.fbW, w.fbH)
	return fx, fy
}

func (w *window) onKey(_ *glfw.Window, key glfw.Key, _ int, action glfw.Action, mods glfw.ModifierKey) {
	w.inputs++
	if action == glfw.Press && (key == glfw.KeyF11 || key == glfw.KeyEnter && mods&glfw.ModAlt != 0) {
		w.SetFullscreen(!w.fullscreen)
	}
	if w.input == nil || action == glfw.Repeat {
		return
	}
	k := keyOf(key)
	if k == platform.KeyUnknown {
		return
	}
	kind := platform.KeyDown
	if action == glfw.Release {
		kind = platform.KeyUp
	}
	w.input.Push(platform.Event{Kind: kind, Key: k})
}

func (w *window) onCursor(_ *glfw.Window, x, y float64) {
	w.inputs++
	w.cursorX, w.cursorY = x, y
	if w.input == nil {
		return
	}
	fx, fy := w.frameCoords(x, y)
	w.input.Push(platform.Event{Kind: platform.MouseMove, Pointer: platform.MousePointer, X: fx, Y: fy})
}

func (w *window) onMouseButton(_ *glfw.Window, b glfw.MouseButton, action glfw.Action, _ glfw.ModifierKey) {
	w.inputs++
	if w.input == nil {
		return
	}
	var mb platform.MouseButton
	switch b {
	case glfw.MouseButtonLeft:
		mb = platform.MouseLeft
	case glfw.MouseButtonRight:
		mb = platform.MouseRight
	case glfw.MouseButtonMiddle:
		mb = platform.MouseMiddle
	default:
		return
	}
	kind := platform.MouseDown
	if action == glfw.Release {
		kind = platform.MouseUp
	}
	fx, fy := w.frameCoords(w.cursorX, w.cursorY)
	w.input.Push(platform.Event{Kind: kind, Button: mb, Pointer: platform.MousePointer, X: fx, Y: fy})
}

func (w *window) onScroll(_ *glfw.Window, dx, dy float64) {
	w.inputs++
	if w.input != nil {
		w.input.Push(platform.Event{Kind: platform.MouseWheel, Pointer: platform.MousePointer, DX: dx, DY: dy})
	}
}

func (w *window) onFocus(_ *glfw.Window, focused bool) {
	w.inputs++
	if w.input != nil && !focused {
		w.input.Push(platform.Event{Kind: platform.FocusLost})
	}
}

func (w *window) onIconify(_ *glfw.Window, iconified bool) {
	w.inputs++
	w.iconified = iconified
	if iconified && w.input != nil {
		w.input.Push(platform.Event{Kind: platform.FocusLost})
	}
}
