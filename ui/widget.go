package ui

import (
	"image"
)

type kind uint8

const (
	kindLabel kind = iota
	kindButton
	kindStack
)

// Dir is the direction of a stack.
type Dir uint8

// Stack directions.
const (
	Vertical   Dir = iota // children top to bottom, stretched to the stack's width
	Horizontal            // children left to right, centred as a group, stretched to its height
)

// Widget is one element of a panel: a label, a button or a stack of
// widgets. Make it with [Label], [Button], [Column] or [Row]; its exported
// fields may be changed between frames (the layout follows).
type Widget struct {
	Text     string // the label's text or the button's caption; '\n' breaks lines
	ID       int    // reported in the [Event] a button raises
	Disabled bool   // a disabled button cannot be focused or activated
	MinW     int    // minimum width in pixels
	MinH     int    // minimum height in pixels
	Centered bool   // a label's lines are centred in its width (captions always are)

	kind     kind
	dir      Dir
	children []*Widget
	size     image.Point     // natural size, from the last layout
	rect     image.Rectangle // placement, from the last layout
}

// Label returns a text label. It is never focused.
func Label(text string) *Widget { return &Widget{kind: kindLabel, Text: text} }

// Button returns a button that raises an [Activated] event with id when
// clicked, tapped, or activated with Enter, Space or gamepad A while
// focused.
func Button(id int, text string) *Widget { return &Widget{kind: kindButton, ID: id, Text: text} }

// Column stacks children top to bottom.
func Column(children ...*Widget) *Widget {
	return &Widget{kind: kindStack, dir: Vertical, children: children}
}

// Row stacks children left to right.
func Row(children ...*Widget) *Widget {
	return &Widget{kind: kindStack, dir: Horizontal, children: children}
}

// Add appends a child to a stack (it does nothing on other widgets) and
// returns the stack.
func (w *Widget) Add(c *Widget) *Widget {
	if w.kind == kindStack && c != nil {
		w.children = append(w.children, c)
	}
	return w
}

// Children returns a stack's children (nil for other widgets).
func (w *Widget) Children() []*Widget { return w.children }

// Rect returns where the widget was placed by the last Update or Draw.
func (w *Widget) Rect() image.Rectangle { return w.rect }

// focusable reports whether the widget takes focus.
func (w *Widget) focusable() bool { return w.kind == kindButton && !w.Disabled }

// measure computes the natural size of w and its children.
func (w *Widget) measure(th *Theme) image.Point {
	var s image.Point
	switch w.kind {
	case kindLabel:
		s.X, s.Y = th.font().Measure(w.Text)
	case kindButton:
		s.X, s.Y = th.font().Measure(w.Text)
		if s.Y == 0 {
			s.Y = th.font().LineHeight()
		}
		s = s.Add(th.ButtonPad.Mul(2))
		s.X, s.Y = max(s.X, th.ButtonMin.X), max(s.Y, th.ButtonMin.Y)
	case kindStack:
		n := 0
		for _, c := range w.children {
			if c == nil {
				continue
			}
			cs := c.measure(th)
			if w.dir == Vertical {
				s.X, s.Y = max(s.X, cs.X), s.Y+cs.Y
			} else {
				s.X, s.Y = s.X+cs.X, max(s.Y, cs.Y)
			}
			n++
		}
		if n > 1 {
			if w.dir == Vertical {
				s.Y += (n - 1) * th.Gap
			} else {
				s.X += (n - 1) * th.Gap
			}
		}
	}
	s.X, s.Y = max(s.X, w.MinW), max(s.Y, w.MinH)
	w.size = s
	return s
}

// place puts w (already measured) in r and lays out its children.
func (w *Widget) place(r image.Rectangle, th *Theme) {
	w.rect = r
	if w.kind != kindStack {
		return
	}
	if w.dir == Vertical {
		y := r.Min.Y
		for _, c := range w.children {
			if c == nil {
				continue
			}
			c.place(image.Rect(r.Min.X, y, r.Max.X, y+c.size.Y), th)
			y += c.size.Y + th.Gap
		}
		return
	}
	natural := 0
	n := 0
	for _, c := range w.children {
		if c != nil {
			natural += c.size.X
			n++
		}
	}
	if n > 1 {
		natural += (n - 1) * th.Gap
	}
	x := r.Min.X + max(0, r.Dx()-natural)/2
	for _, c := range w.children {
		if c == nil {
			continue
		}
		c.place(image.Rect(x, r.Min.Y, x+c.size.X, r.Max.Y), th)
		x += c.size.X + th.Gap
	}
}

// hit returns the focusable widget under p, or nil.
func (w *Widget) hit(p image.Point) *Widget {
	if !p.In(w.rect) {
		return nil
	}
	if w.kind == kindStack {
		for _, c := range w.children {
			if c == nil {
				continue
			}
			if h := c.hit(p); h != nil {
				return h
			}
		}
		return nil
	}
	if w.focusable() {
		return w
	}
	return nil
}

// appendFocusable appends the focusable widgets of w in focus order.
func (w *Widget) appendFocusable(dst []*Widget) []*Widget {
	if w.focusable() {
		dst = append(dst, w)
	}
	for _, c := range w.children {
		if c != nil {
			dst = c.appendFocusable(dst)
		}
	}
	return dst
}

// contains reports whether x is w or inside it.
func (w *Widget) contains(x *Widget) bool {
	if w == x {
		return true
	}
	for _, c := range w.children {
		if c != nil && c.contains(x) {
			return true
		}
	}
	return false
}

// hasButton reports whether w is or holds a button, enabled or not.
func (w *Widget) hasButton() bool {
	if w.kind == kindButton {
		return true
	}
	for _, c := range w.children {
		if c != nil && c.hasButton() {
			return true
		}
	}
	return false
}
