package ui

import (
	"image"
	"math"

	"diorama/platform"
)

// EventKind says what an [Event] reports.
type EventKind uint8

// The events Update returns.
const (
	None      EventKind = iota
	Activated           // a button was clicked, tapped or activated from keys or gamepad
	Cancelled           // Escape or gamepad B: a modal panel closed, or the top panel was asked to
	Focused             // input moved focus to Widget (and raised nothing else): a cue for a sound
)

// Event is what the UI reports to the game after one tick of input.
type Event struct {
	Kind   EventKind
	ID     int     // the activated or focused button's ID
	Widget *Widget // the activated or focused button
	Panel  *Panel  // the panel of the button, or the cancelled panel
}

// UI is the root of a game's interface: the open panels (bottom to top),
// the one focused widget, and a queue of toasts. Call Update once per
// fixed tick with the tick's input and Draw once per frame. All of it runs
// on the caller's goroutine.
//
// Focus: the focus order is the open, visible panels' buttons in opening
// order, then in each panel depth-first; when a modal panel is open, only
// the topmost modal panel and the panels opened after it take part (focus
// and input are trapped). Arrows, Tab/Shift+Tab, the gamepad d-pad and
// left stick move focus (wrapping, repeating while held); Enter, Space and gamepad A activate the focused
// button; Escape and gamepad B cancel. The mouse focuses the button it
// moves over and activates it when pressed and released on it; a finger
// does the same with a tap.
type UI struct {
	Theme Theme
	W, H  int // screen size in pixels

	// RepeatDelay and RepeatEvery set how a held arrow key, d-pad
	// direction or leaning left stick keeps moving focus: again after
	// RepeatDelay ticks, then every RepeatEvery ticks (0 delay: never).
	RepeatDelay, RepeatEvery int

	panels  []*Panel
	focus   *Widget
	pressed *Widget // held by the mouse or a finger
	touchID int     // finger holding pressed; mouseHold when the mouse does
	order   []*Widget

	toasts [maxToasts]toast
	nToast int

	held      int // direction held: -1, 0 or +1
	heldTicks int
}

const mouseHold = math.MinInt

// New returns a UI for a w×h screen with the given theme.
func New(w, h int, th Theme) *UI {
	return &UI{Theme: th, W: w, H: h, order: make([]*Widget, 0, 32), panels: make([]*Panel, 0, 8),
		RepeatDelay: 20, RepeatEvery: 5}
}

// Open shows p on top of the open panels (moving it to the top if it is
// already open). When p is modal, or nothing is focused, its first button
// takes focus; closing a modal panel gives focus back.
func (u *UI) Open(p *Panel) {
	if p == nil {
		return
	}
	u.remove(p)
	p.prevFocus = nil
	if p.Modal {
		p.prevFocus = u.focus
	}
	u.panels = append(u.panels, p)
	u.layout()
	if p.Modal || u.focus == nil || !u.inScope(u.focus) {
		u.focus = nil
		if p.Root != nil {
			u.order = p.Root.appendFocusable(u.order[:0])
			if len(u.order) > 0 {
				u.focus = u.order[0]
			}
		}
		if u.focus == nil {
			u.fixFocus()
		}
	}
	u.reveal()
}

// Close removes p. If focus was in it, focus returns to where it was when
// a modal p opened, or to the first button left in the focus order.
func (u *UI) Close(p *Panel) {
	if !u.remove(p) {
		return
	}
	if u.pressed != nil && p.Root != nil && p.Root.contains(u.pressed) {
		u.pressed = nil
	}
	if u.focus != nil && p.Root != nil && p.Root.contains(u.focus) {
		u.focus = p.prevFocus
	}
	p.prevFocus = nil
	u.fixFocus()
}

func (u *UI) remove(p *Panel) bool {
	for i, q := range u.panels {
		if q == p {
			u.panels = append(u.panels[:i], u.panels[i+1:]...)
			return true
		}
	}
	return false
}

// IsOpen reports whether p is open.
func (u *UI) IsOpen(p *Panel) bool {
	for _, q := range u.panels {
		if q == p {
			return true
		}
	}
	return false
}

// Panels returns the open panels, bottom to top. Do not modify the slice.
func (u *UI) Panels() []*Panel { return u.panels }

// Focus returns the focused widget, or nil.
func (u *UI) Focus() *Widget { return u.focus }

// SetFocus focuses w if it is a button in the focus order; it reports
// whether it did.
func (u *UI) SetFocus(w *Widget) bool {
	u.buildOrder()
	for _, o := range u.order {
		if o == w {
			u.focus = w
			u.reveal()
			return true
		}
	}
	return false
}

// Pressed returns the button held down by the mouse or a finger, or nil.
func (u *UI) Pressed() *Widget { return u.pressed }

// scope returns the index of the first panel that takes input: the
// topmost visible modal panel, or 0.
func (u *UI) scope() int {
	for i := len(u.panels) - 1; i >= 0; i-- {
		if p := u.panels[i]; p.Modal && !p.Hidden {
			return i
		}
	}
	return 0
}

// topModal returns the topmost visible modal panel, or nil.
func (u *UI) topModal() *Panel {
	for i := len(u.panels) - 1; i >= 0; i-- {
		if p := u.panels[i]; p.Modal && !p.Hidden {
			return p
		}
	}
	return nil
}

func (u *UI) buildOrder() {
	u.order = u.order[:0]
	for _, p := range u.panels[u.scope():] {
		if !p.Hidden && p.Root != nil {
			u.order = p.Root.appendFocusable(u.order)
		}
	}
}

func (u *UI) inScope(w *Widget) bool {
	for _, p := range u.panels[u.scope():] {
		if !p.Hidden && p.Root != nil && p.Root.contains(w) {
			return w.focusable()
		}
	}
	return false
}

// fixFocus moves focus to the first button in the order when the
// focused widget left it (closed, hidden, disabled, or outside a modal).
func (u *UI) fixFocus() {
	if u.focus != nil && u.inScope(u.focus) {
		return
	}
	u.buildOrder()
	u.focus = nil
	if len(u.order) > 0 {
		u.focus = u.order[0]
	}
}

// moveFocus moves focus by d places in the focus order, wrapping.
func (u *UI) moveFocus(d int) {
	u.buildOrder()
	n := len(u.order)
	if n == 0 {
		u.focus = nil
		return
	}
	i := -1
	for j, w := range u.order {
		if w == u.focus {
			i = j
			break
		}
	}
	if i < 0 {
		u.focus = u.order[0]
		return
	}
	u.focus = u.order[((i+d)%n+n)%n]
	u.reveal()
}

// reveal scrolls the lists holding the focused widget to show it.
func (u *UI) reveal() {
	if u.focus == nil {
		return
	}
	for _, p := range u.panels {
		if p.Root != nil && p.Root.reveal(u.focus) {
			p.layout(u.theme(p), u.W, u.H)
			return
		}
	}
}

func (u *UI) layout() {
	for _, p := range u.panels {
		p.layout(u.theme(p), u.W, u.H)
	}
}

// theme is the theme panel p is drawn in: its own, or the UI's.
func (u *UI) theme(p *Panel) *Theme {
	if p.Theme != nil {
		return p.Theme
	}
	return &u.Theme
}

// hit returns the topmost panel in scope under (x, y) and the button
// there (nil between buttons).
func (u *UI) hit(x, y float64) (*Panel, *Widget) {
	if math.IsNaN(x) || math.IsNaN(y) {
		return nil, nil
	}
	pt := image.Pt(int(math.Floor(x)), int(math.Floor(y)))
	s := u.scope()
	for i := len(u.panels) - 1; i >= s; i-- {
		p := u.panels[i]
		if p.Hidden || !pt.In(p.rect) {
			continue
		}
		if p.Root == nil {
			return p, nil
		}
		return p, p.Root.hit(pt)
	}
	return nil, nil
}

// panelOf returns the open panel holding w.
func (u *UI) panelOf(w *Widget) *Panel {
	for _, p := range u.panels {
		if p.Root != nil && p.Root.contains(w) {
			return p
		}
	}
	return nil
}

// Captures reports whether the screen point (x, y) belongs to the UI: it
// lies on an open, visible panel, or a modal panel is open (which takes
// every click). A game uses it to keep a click on a button from also
// firing a weapon.
func (u *UI) Captures(x, y float64) bool {
	for _, p := range u.panels {
		if p.Hidden {
			continue
		}
		if p.Modal {
			return true
		}
		if !math.IsNaN(x) && !math.IsNaN(y) && image.Pt(int(math.Floor(x)), int(math.Floor(y))).In(p.rect) {
			return true
		}
	}
	return false
}

// Update applies one tick of input: it advances the toasts, moves focus,
// and returns the first event the input raised (None when nothing
// happened). A nil in only advances the toasts and the layout. It
// allocates nothing.
func (u *UI) Update(in *platform.Input) Event {
	u.tickToasts()
	u.layout()
	u.fixFocus()
	if u.pressed != nil && !u.inScope(u.pressed) {
		u.pressed = nil
	}
	if in == nil {
		return Event{}
	}
	was := u.focus
	ev := u.pointer(in)
	if ev.Kind == None {
		ev = u.keys(in)
	}
	if ev.Kind == None && u.focus != was && u.focus != nil {
		ev = Event{Kind: Focused, ID: u.focus.ID, Widget: u.focus, Panel: u.panelOf(u.focus)}
	}
	return ev
}

func (u *UI) activate(w *Widget) Event {
	return Event{Kind: Activated, ID: w.ID, Widget: w, Panel: u.panelOf(w)}
}

// pointer handles the mouse and touches.
func (u *UI) pointer(in *platform.Input) Event {
	var ev Event
	m := in.Mouse()
	if top := u.topModal(); top != nil && top.CloseOutside {
		outside := func(x, y float64) bool {
			return !image.Pt(int(math.Floor(x)), int(math.Floor(y))).In(top.rect)
		}
		tap := in.MousePressed(platform.MouseLeft) && outside(m.X, m.Y)
		for _, t := range in.Touches() {
			tap = tap || (t.Pressed && outside(t.StartX, t.StartY))
		}
		if tap {
			u.Close(top)
			return Event{Kind: Cancelled, Panel: top}
		}
	}
	if _, dy := in.Wheel(); dy != 0 {
		if p, _ := u.hit(m.X, m.Y); p != nil && p.Root != nil {
			th := u.theme(p)
			step := th.font().LineHeight() + 2*th.ButtonPad.Y + th.Gap
			if p.Root.wheel(image.Pt(int(math.Floor(m.X)), int(math.Floor(m.Y))), dy, step) {
				p.layout(th, u.W, u.H)
			}
		}
	}
	if m.Moved {
		if _, w := u.hit(m.X, m.Y); w != nil {
			u.focus = w
		}
	}
	if in.MousePressed(platform.MouseLeft) {
		if _, w := u.hit(m.X, m.Y); w != nil {
			u.focus, u.pressed, u.touchID = w, w, mouseHold
		}
	}
	if in.MouseReleased(platform.MouseLeft) && u.touchID == mouseHold && u.pressed != nil {
		if _, w := u.hit(m.X, m.Y); w == u.pressed {
			ev = u.activate(w)
		}
		u.pressed = nil
	}
	for _, t := range in.Touches() {
		if t.Pressed && u.pressed == nil {
			if _, w := u.hit(t.StartX, t.StartY); w != nil {
				u.focus, u.pressed, u.touchID = w, w, t.ID
			}
		}
		if t.Released && u.pressed != nil && u.touchID == t.ID {
			if _, w := u.hit(t.X, t.Y); w == u.pressed && ev.Kind == None {
				ev = u.activate(w)
			}
			u.pressed = nil
		}
	}
	return ev
}

// keys handles the keyboard and gamepads.
func (u *UI) keys(in *platform.Input) Event {
	prev, next, act, cancel := false, false, false, false
	shift := in.KeyDown(platform.KeyLeftShift) || in.KeyDown(platform.KeyRightShift)
	prev = in.KeyPressed(platform.KeyArrowUp) || in.KeyPressed(platform.KeyArrowLeft) || (shift && in.KeyPressed(platform.KeyTab))
	next = in.KeyPressed(platform.KeyArrowDown) || in.KeyPressed(platform.KeyArrowRight) || (!shift && in.KeyPressed(platform.KeyTab))
	act = in.KeyPressed(platform.KeyEnter) || in.KeyPressed(platform.KeySpace)
	cancel = in.KeyPressed(platform.KeyEscape)
	holdPrev := in.KeyDown(platform.KeyArrowUp) || in.KeyDown(platform.KeyArrowLeft)
	holdNext := in.KeyDown(platform.KeyArrowDown) || in.KeyDown(platform.KeyArrowRight)
	for i := 0; i < platform.MaxGamepads; i++ {
		g := in.Gamepad(i)
		if !g.Connected {
			continue
		}
		prev = prev || g.Pressed(platform.PadDPadUp) || g.Pressed(platform.PadDPadLeft)
		next = next || g.Pressed(platform.PadDPadDown) || g.Pressed(platform.PadDPadRight)
		act = act || g.Pressed(platform.PadA)
		cancel = cancel || g.Pressed(platform.PadB)
		holdPrev = holdPrev || g.Down(platform.PadDPadUp) || g.Down(platform.PadDPadLeft)
		holdNext = holdNext || g.Down(platform.PadDPadDown) || g.Down(platform.PadDPadRight)
		switch s := g.Left; {
		case max(-s.Y, -s.X) >= stickPush:
			holdPrev = true
		case max(s.Y, s.X) >= stickPush:
			holdNext = true
		}
	}
	if cancel {
		u.held = 0
		return u.cancel()
	}
	hold := dirOf(holdPrev, holdNext)
	switch edge := dirOf(prev, next); {
	case edge != 0:
		u.moveFocus(edge)
		u.held, u.heldTicks = hold, 0
	case hold != 0 && hold != u.held: // a stick pushed, or the held direction changed
		u.moveFocus(hold)
		u.held, u.heldTicks = hold, 0
	case hold != 0:
		u.heldTicks++
		if d := u.heldTicks - u.RepeatDelay; u.RepeatDelay > 0 && d >= 0 && d%max(1, u.RepeatEvery) == 0 {
			u.moveFocus(hold)
		}
	default:
		u.held = 0
	}
	if act && u.focus != nil && u.inScope(u.focus) {
		return u.activate(u.focus)
	}
	return Event{}
}

// stickPush is how far a left stick must lean (after dead zones) to move
// focus like the d-pad.
const stickPush = 0.5

func dirOf(prev, next bool) int {
	switch {
	case prev && !next:
		return -1
	case next && !prev:
		return 1
	}
	return 0
}

// cancel closes the topmost visible modal panel, or reports a cancel of
// the topmost visible panel with buttons without closing it (labels and
// bubbles are passed over).
func (u *UI) cancel() Event {
	for i := len(u.panels) - 1; i >= 0; i-- {
		p := u.panels[i]
		if p.Hidden || (!p.Modal && (p.Root == nil || !p.Root.hasButton())) {
			continue
		}
		if p.Modal {
			u.Close(p)
		}
		return Event{Kind: Cancelled, Panel: p}
	}
	return Event{}
}
