package android

import (
	"time"

	"golang.org/x/mobile/event/key"
	"golang.org/x/mobile/event/lifecycle"
	"golang.org/x/mobile/event/size"
	"golang.org/x/mobile/event/touch"

	"diorama/platform"
	"diorama/platform/internal/viewport"
)

// session is the platform-independent state of an Android run: it owns the
// [platform.Driver], tracks the lifecycle stage and window size, maps
// touches to frame coordinates, and tells the GL layer when its objects
// must be made (a new context) or dropped (the context is going away).
type session struct {
	Driver *platform.Driver

	mode     platform.ScaleMode
	vp       viewport.Viewport
	fbW, fbH int
	visible  bool
	focused  bool
	contexts int // GL contexts seen; each needs its own texture
}

// newSession validates cfg and makes the driver.
func newSession(g platform.Game, cfg platform.Config) (*session, error) {
	d, err := platform.NewDriver(g, cfg)
	if err != nil {
		return nil, err
	}
	s := &session{Driver: d, mode: d.Config().Scale}
	d.Clock.Pause() // nothing ticks until the app is focused
	return s, nil
}

// glAction says what a lifecycle event asks of the GL layer.
type glAction uint8

// The GL actions.
const (
	glNone    glAction = iota
	glCreate           // a context became available: make program, quad and texture
	glDestroy          // the context is going away: drop them
)

// Lifecycle follows a lifecycle event: focus pauses and resumes the clock
// (losing focus also releases every held input), visibility gains and
// losses of the GL context are reported as GL actions.
func (s *session) Lifecycle(e lifecycle.Event) glAction {
	switch e.Crosses(lifecycle.StageFocused) {
	case lifecycle.CrossOn:
		s.focused = true
		s.Driver.Clock.Resume()
	case lifecycle.CrossOff:
		s.focused = false
		s.Driver.Input.Push(platform.Event{Kind: platform.FocusLost})
		s.Driver.Clock.Pause()
	}
	switch e.Crosses(lifecycle.StageVisible) {
	case lifecycle.CrossOn:
		s.visible = true
		s.contexts++
		return glCreate
	case lifecycle.CrossOff:
		s.visible = false
		return glDestroy
	}
	return glNone
}

// Visible reports whether the app is on screen (has a GL context).
func (s *session) Visible() bool { return s.visible }

// Focused reports whether the app has focus (and ticks).
func (s *session) Focused() bool { return s.focused }

// Contexts returns how many GL contexts the session was handed.
func (s *session) Contexts() int { return s.contexts }

// Size records the window size and recomputes the viewport.
func (s *session) Size(e size.Event) {
	s.fbW, s.fbH = e.WidthPx, e.HeightPx
	cfg := s.Driver.Config()
	s.vp = viewport.Fit(s.mode, cfg.Width, cfg.Height, s.fbW, s.fbH)
}

// Viewport returns where the frame lands in the window, in pixels.
func (s *session) Viewport() viewport.Viewport { return s.vp }

// Touch maps a touch event to an engine event in frame coordinates. The
// pointer id is the touch sequence number.
func (s *session) Touch(e touch.Event) {
	x, y, _ := s.vp.ToFrame(float64(e.X), float64(e.Y))
	ev := platform.Event{Pointer: int(e.Sequence), X: x, Y: y}
	switch e.Type {
	case touch.TypeBegin:
		ev.Kind = platform.TouchDown
	case touch.TypeMove:
		ev.Kind = platform.TouchMove
	case touch.TypeEnd:
		ev.Kind = platform.TouchUp
	default:
		return
	}
	s.Driver.Input.Push(ev)
}

// Key maps the hardware keyboard keys the engine knows to key events.
func (s *session) Key(e key.Event) {
	k := keyOf(e.Code)
	if k == platform.KeyUnknown {
		return
	}
	switch e.Direction {
	case key.DirPress:
		s.Driver.Input.Push(platform.Event{Kind: platform.KeyDown, Key: k})
	case key.DirRelease:
		s.Driver.Input.Push(platform.Event{Kind: platform.KeyUp, Key: k})
	}
}

// Frame runs the due ticks for elapsed real time (none while unfocused:
// the clock is paused) and draws the frame.
func (s *session) Frame(elapsed time.Duration) error { return s.Driver.Step(elapsed) }

func keyOf(c key.Code) platform.Key {
	switch {
	case c >= key.CodeA && c <= key.CodeZ:
		return platform.KeyA + platform.Key(c-key.CodeA)
	case c >= key.Code1 && c <= key.Code9:
		return platform.Key1 + platform.Key(c-key.Code1)
	}
	switch c {
	case key.Code0:
		return platform.Key0
	case key.CodeSpacebar:
		return platform.KeySpace
	case key.CodeReturnEnter:
		return platform.KeyEnter
	case key.CodeEscape:
		return platform.KeyEscape
	case key.CodeDeleteBackspace:
		return platform.KeyBackspace
	case key.CodeTab:
		return platform.KeyTab
	case key.CodeLeftArrow:
		return platform.KeyArrowLeft
	case key.CodeRightArrow:
		return platform.KeyArrowRight
	case key.CodeUpArrow:
		return platform.KeyArrowUp
	case key.CodeDownArrow:
		return platform.KeyArrowDown
	}
	return platform.KeyUnknown
}
