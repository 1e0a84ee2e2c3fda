package ui

import (
	"image"
)

// Anchor says where a panel sits: at a corner, an edge or the centre of
// the screen (kept [Theme.Margin] away from the edges it touches), or at
// a point the caller gives each frame (AtPoint).
type Anchor uint8

// The anchors. AtPoint puts the panel's bottom centre above
// [Panel.Point] (or, with no room above, its top centre below it), kept
// inside the screen.
const (
	Center Anchor = iota
	TopLeft
	Top
	TopRight
	Left
	Right
	BottomLeft
	Bottom
	BottomRight
	AtPoint
)

// Panel is a box of widgets on the screen: a menu, a message box, a HUD
// readout, a popup or a speech bubble. Open it on a [UI] to show it. Its
// fields may be changed between frames; set Point every frame for a panel
// that follows a unit (for example from iso.Camera.MapToScreen of the
// unit's drawn position).
type Panel struct {
	Title  string      // drawn centred above the content in Theme.Title; "" for none
	Root   *Widget     // the content
	Anchor Anchor      // where the panel sits
	Offset image.Point // moves the panel from its anchored place
	Point  image.Point // the screen point an AtPoint panel is anchored to
	Tail   bool        // draw a speech bubble's tail from the panel to Point
	Modal  bool        // traps focus and input, closes on Escape or B; the topmost shades what is below
	// CloseOutside makes a modal panel close, reporting Cancelled, when
	// the mouse or a finger presses outside it (the touch way to dismiss).
	CloseOutside bool
	Hidden       bool // not drawn and not part of the focus order, but stays open
	// Theme, when not nil, styles this panel instead of the UI's theme
	// (an error box in red among the HUD's panels).
	Theme *Theme

	rect      image.Rectangle
	tailBelow bool    // the bubble sits below Point, its tail pointing up
	prevFocus *Widget // focus before a modal panel opened
}

// Rect returns where the panel was placed by the last Update or Draw.
func (p *Panel) Rect() image.Rectangle { return p.rect }

// Menu returns a panel of buttons, one per item, stacked vertically and
// centred on the screen; item i raises an event with ID i.
func Menu(title string, items ...string) *Panel {
	col := Column()
	for i, it := range items {
		col.Add(Button(i, it))
	}
	return &Panel{Title: title, Root: col}
}

// MessageBox returns a modal, centred panel with a message and a row of
// buttons; button i raises an event with ID i. With no buttons it has a
// single "OK" with ID 0.
func MessageBox(title, text string, buttons ...string) *Panel {
	if len(buttons) == 0 {
		buttons = []string{"OK"}
	}
	row := Row()
	for i, b := range buttons {
		row.Add(Button(i, b))
	}
	msg := Label(text)
	msg.Align = AlignCenter
	return &Panel{Title: title, Root: Column(msg, row), Modal: true}
}

// Bubble returns a speech bubble: a label (wrapped at 180 pixels) in a
// panel anchored above the screen point at, with a tail pointing at it.
// Move it by setting Point.
func Bubble(text string, at image.Point) *Panel {
	l := Label(text)
	l.MaxW = 180
	return &Panel{Root: l, Anchor: AtPoint, Point: at, Tail: true}
}

// layout measures and places the panel on a w×h screen.
func (p *Panel) layout(th *Theme, w, h int) {
	var content image.Point
	if p.Root != nil {
		content = p.Root.measure(th)
	}
	titleH := 0
	if p.Title != "" {
		tw, tlh := th.font().Measure(p.Title)
		content.X = max(content.X, tw)
		titleH = tlh
		if p.Root != nil {
			titleH += th.Gap * 2
		}
	}
	size := image.Pt(content.X+2*th.PanelPad, content.Y+titleH+2*th.PanelPad)
	m := th.Margin
	var x, y int
	switch p.Anchor {
	case TopLeft, Left, BottomLeft:
		x = m
	case TopRight, Right, BottomRight:
		x = w - m - size.X
	default:
		x = (w - size.X) / 2
	}
	switch p.Anchor {
	case TopLeft, Top, TopRight:
		y = m
	case BottomLeft, Bottom, BottomRight:
		y = h - m - size.Y
	default:
		y = (h - size.Y) / 2
	}
	p.tailBelow = false
	if p.Anchor == AtPoint {
		tail := 0
		if p.Tail {
			tail = th.Tail
		}
		x = p.Point.X + p.Offset.X - size.X/2
		y = p.Point.Y + p.Offset.Y - tail - size.Y
		if y < m {
			y = p.Point.Y - p.Offset.Y + tail
			p.tailBelow = true
		}
		x = min(max(x, m), w-m-size.X)
	} else {
		x, y = x+p.Offset.X, y+p.Offset.Y
	}
	p.rect = image.Rect(x, y, x+size.X, y+size.Y)
	if p.Root != nil {
		in := image.Rect(x+th.PanelPad, y+th.PanelPad+titleH, x+size.X-th.PanelPad, y+size.Y-th.PanelPad)
		p.Root.place(in, th)
	}
}
