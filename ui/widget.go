package ui

import (
	"image"
	"image/color"
	"unsafe"

	"diorama/raster"
)

type kind uint8

const (
	kindLabel kind = iota
	kindButton
	kindStack
	kindImage
	kindBar
)

// Align places a label's lines or a row's children across the width the
// layout gives them.
type Align uint8

// The alignments. AlignAuto puts a label's lines at the start and centres
// a row's children.
const (
	AlignAuto Align = iota
	AlignStart
	AlignCenter
	AlignEnd
)

// offset returns where content of width inner starts in width outer.
func (a Align) offset(inner, outer int, auto Align) int {
	if a == AlignAuto {
		a = auto
	}
	switch a {
	case AlignCenter:
		return max(0, outer-inner) / 2
	case AlignEnd:
		return max(0, outer-inner)
	}
	return 0
}

// Dir is the direction of a stack.
type Dir uint8

// Stack directions.
const (
	Vertical   Dir = iota // children top to bottom, stretched to the stack's width
	Horizontal            // children left to right, centred as a group (see Align), stretched to its height
)

// Widget is one element of a panel: a label, a button, an image or a
// stack of widgets. Make it with [Label], [Button], [Image], [Column] or
// [Row]; its exported
// fields may be changed between frames (the layout follows).
type Widget struct {
	Text string // the label's text or the button's caption; '\n' breaks lines
	// Bytes, when not nil, is shown instead of Text: a HUD can append
	// its numbers into a reused buffer each frame and allocate nothing.
	// The UI reads it only while laying out and drawing.
	Bytes    []byte
	ID       int   // reported in the [Event] a button raises
	Disabled bool  // a disabled button cannot be focused or activated
	MinW     int   // minimum width in pixels
	MinH     int   // minimum height in pixels
	MaxH     int   // a column taller than this (when > 0) scrolls: see [Column]
	MaxW     int   // a label or caption wider than this (when > 0) wraps at spaces
	Align    Align // a label's lines, or a row's children as a group (captions are always centred)

	Sprite *raster.Sprite // an image widget's picture

	// Value is how full a bar is, 0 to 1; Fill its colour (zero: the
	// theme's Bar).
	Value float64
	Fill  color.RGBA

	kind     kind
	dir      Dir
	children []*Widget
	size     image.Point     // natural size, from the last layout
	full     int             // a scrolling column's content height
	scroll   int             // a scrolling column's offset into its content
	rect     image.Rectangle // placement, from the last layout
}

// Label returns a text label. It is never focused.
func Label(text string) *Widget { return &Widget{kind: kindLabel, Text: text} }

// Button returns a button that raises an [Activated] event with id when
// clicked, tapped, or activated with Enter, Space or gamepad A while
// focused.
func Button(id int, text string) *Widget { return &Widget{kind: kindButton, ID: id, Text: text} }

// Image returns a widget showing a sprite at its own size (an icon
// beside a label in a [Row], a portrait in a message box). It is never
// focused; a nil sprite takes no space.
func Image(s *raster.Sprite) *Widget { return &Widget{kind: kindImage, Sprite: s} }

// Bar returns a w×h bar filled from the left to Value (a health or
// progress bar). It is never focused.
func Bar(w, h int) *Widget { return &Widget{kind: kindBar, MinW: w, MinH: h} }

// Column stacks children top to bottom. Give it a MaxH to make a
// scrolling list: it then shows a MaxH-high window of its children with a
// scroll bar, follows the focus as keys or the d-pad move it, and scrolls
// with the mouse wheel.
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

// scrollBarW is the width kept for a scrolling column's bar.
const scrollBarW = 5

// scrolls reports whether w is a column that may scroll.
func (w *Widget) scrolls() bool { return w.kind == kindStack && w.dir == Vertical && w.MaxH > 0 }

// reveal scrolls every scrolling column on the way to x so that x's
// rectangle lies in its window; it reports whether x is inside w.
// Call it on a laid-out tree, then lay it out again.
func (w *Widget) reveal(x *Widget) bool {
	if w == x {
		return true
	}
	for _, c := range w.children {
		if c == nil || !c.reveal(x) {
			continue
		}
		if w.full > 0 {
			top := c.rect.Min.Y - w.rect.Min.Y // relative to the window
			if top < 0 {
				w.scroll += top
			} else if bottom := c.rect.Max.Y - w.rect.Min.Y; bottom > w.rect.Dy() {
				w.scroll += bottom - w.rect.Dy()
			}
		}
		return true
	}
	return false
}

// wheel scrolls the innermost scrolling column under p by dy notches;
// it reports whether one took the wheel.
func (w *Widget) wheel(p image.Point, dy float64, step int) bool {
	if !p.In(w.rect) {
		return false
	}
	for _, c := range w.children {
		if c != nil && c.wheel(p, dy, step) {
			return true
		}
	}
	if w.full == 0 || dy == 0 {
		return false
	}
	w.scroll -= int(dy * float64(step))
	return true
}

// focusable reports whether the widget takes focus.
func (w *Widget) focusable() bool { return w.kind == kindButton && !w.Disabled }

// measure computes the natural size of w and its children.
func (w *Widget) measure(th *Theme) image.Point {
	var s image.Point
	switch w.kind {
	case kindLabel:
		s.X, s.Y = measureText(th.font(), w.text(), w.MaxW)
	case kindButton:
		s.X, s.Y = measureText(th.font(), w.text(), w.MaxW)
		if s.Y == 0 {
			s.Y = th.font().LineHeight()
		}
		s = s.Add(th.ButtonPad.Mul(2))
		s.X, s.Y = max(s.X, th.ButtonMin.X), max(s.Y, th.ButtonMin.Y)
	case kindImage:
		if w.Sprite != nil {
			s = image.Pt(w.Sprite.W(), w.Sprite.H())
		}
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
	w.full = 0
	if w.scrolls() && s.Y > w.MaxH {
		w.full = s.Y
		s.Y = w.MaxH
		s.X += scrollBarW
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
		if w.full > 0 {
			w.scroll = min(max(w.scroll, 0), max(0, w.full-r.Dy()))
			y -= w.scroll
			r.Max.X -= scrollBarW
		}
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
	x := r.Min.X + w.Align.offset(natural, r.Dx(), AlignCenter)
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

// text is what the widget shows: Bytes when set (viewed, not copied: it
// is only read during layout and drawing), else Text.
func (w *Widget) text() string {
	if w.Bytes != nil {
		return unsafe.String(unsafe.SliceData(w.Bytes), len(w.Bytes))
	}
	return w.Text
}
