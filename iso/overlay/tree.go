package overlay

import (
	"image"
	"image/color"

	"diorama/raster"
)

// Status is a tree node's last status. The values follow the order of
// ai/bt's Status (ready, running, success, failure), so a behaviour tree's
// status converts with Status(s).
type Status uint8

// The statuses.
const (
	// NotRun: the node has not run since the tree was reset (bt.Ready).
	NotRun Status = iota
	Running
	Success
	Failure
)

// String returns "not run", "running", "success" or "failure".
func (s Status) String() string {
	switch s {
	case NotRun:
		return "not run"
	case Running:
		return "running"
	case Success:
		return "success"
	case Failure:
		return "failure"
	}
	return "invalid"
}

// Node is one node of a tree panel. A panel takes its nodes in pre-order
// (a node, then its subtrees in order) with their depth, the root at 0:
// the flat layout of a behaviour tree. A state machine's active state
// stack fits too: the machine's states as one level of depth 1 below a
// root naming the machine, the current one Running, the previous one
// Success, the others NotRun.
type Node struct {
	Label  string
	Depth  int
	Status Status
	// Stale marks a status left from an earlier tick (the node did not run
	// on the latest one); it is drawn faded.
	Stale bool
}

// maxDepth is the deepest tree a panel lays out; deeper nodes are drawn
// at this depth.
const maxDepth = 64

// Panel layout, in screen pixels.
const (
	panelPad    = 6  // margin inside the panel
	panelIndent = 14 // horizontal step per depth
	boxPadX     = 4  // text margin inside a node box
	rowGap      = 3  // vertical gap between rows
)

// statusFill is the box colour of each status; statusText its label's.
var (
	statusFill = [4]color.NRGBA{
		NotRun:  {95, 100, 110, 255},
		Running: {240, 180, 40, 255},
		Success: {50, 160, 70, 255},
		Failure: {200, 50, 50, 255},
	}
	statusText = [4]color.NRGBA{
		NotRun:  {225, 225, 225, 255},
		Running: {20, 20, 20, 255},
		Success: {255, 255, 255, 255},
		Failure: {255, 255, 255, 255},
	}
	panelBack = color.NRGBA{16, 18, 24, 215}
	panelLine = color.NRGBA{170, 175, 190, 255}
	titleText = color.NRGBA{255, 255, 255, 255}
)

// StatusColor returns the (opaque, straight-alpha) box colour a panel uses
// for s; stale statuses are drawn with alpha 110 of the same colour.
func StatusColor(s Status) color.NRGBA {
	if int(s) >= len(statusFill) {
		return color.NRGBA{}
	}
	return statusFill[s]
}

// staleAlpha is the opacity of a stale node's box.
const staleAlpha = 110

// Tree draws a panel with its top-left at screen pixel (x, y): the title,
// then one row per node, each a box holding its label, coloured by its
// status, indented by its depth and joined to its parent by connector
// lines, then a legend of the status colours. It returns the panel's
// rectangle. Nodes must come in pre-order; a node deeper than one more
// than its predecessor is drawn one level below it.
func (o *Overlay) Tree(x, y int, title string, nodes []Node) image.Rectangle {
	if o.dl == nil || o.Font == nil {
		return image.Rectangle{}
	}
	f := o.Font
	lh := f.LineHeight()
	rowH := lh + 2
	step := rowH + rowGap

	// Size the panel: the widest row and the legend.
	w, _ := f.Measure(title)
	prev := -1
	for i := range nodes {
		d := clampDepth(nodes[i].Depth, prev)
		prev = d
		lw, _ := f.Measure(nodes[i].Label)
		w = max(w, d*panelIndent+lw+2*boxPadX)
	}
	w = max(w, o.legendWidth())
	rows := len(nodes)
	h := panelPad + lh + rowGap + rows*step + rowGap + rowH + panelPad
	r := image.Rect(x, y, x+w+2*panelPad, y+h)
	o.dl.FillRect(o.depth, r, raster.Premul(panelBack))
	o.dl.Text(o.depth, f, title, x+panelPad, y+panelPad, raster.Premul(titleText))

	top := y + panelPad + lh + rowGap
	left := x + panelPad
	line := raster.Premul(panelLine)
	prev = -1
	for i := range nodes {
		n := &nodes[i]
		d := clampDepth(n.Depth, prev)
		prev = d
		o.stack[d] = i
		by := top + i*step
		bx := left + d*panelIndent
		if d > 0 {
			// Elbow from the parent's box down to this row's middle.
			p := o.stack[d-1]
			px := left + (d-1)*panelIndent + panelIndent/2
			py := top + p*step + rowH
			my := by + rowH/2
			o.dl.Line(o.depth, px, py, px, my, line)
			o.dl.Line(o.depth, px+1, my, bx-1, my, line)
		}
		lw, _ := f.Measure(n.Label)
		o.nodeBox(image.Rect(bx, by, bx+lw+2*boxPadX, by+rowH), n.Label, n.Status, n.Stale)
	}

	// Legend.
	ly := top + rows*step + rowGap
	lx := left
	for s := NotRun; s <= Failure; s++ {
		lw, _ := f.Measure(s.String())
		o.nodeBox(image.Rect(lx, ly, lx+lw+2*boxPadX, ly+rowH), s.String(), s, false)
		lx += lw + 2*boxPadX + 4
	}
	return r
}

// legendWidth returns the width of the legend row.
func (o *Overlay) legendWidth() int {
	w := 0
	for s := NotRun; s <= Failure; s++ {
		lw, _ := o.Font.Measure(s.String())
		w += lw + 2*boxPadX + 4
	}
	return w - 4
}

// nodeBox draws one status box with its label.
func (o *Overlay) nodeBox(b image.Rectangle, label string, s Status, stale bool) {
	if int(s) >= len(statusFill) {
		s = NotRun
	}
	fill, text := statusFill[s], statusText[s]
	if stale {
		fill.A = staleAlpha
		text = color.NRGBA{235, 235, 235, 255}
	}
	o.dl.FillRect(o.depth, b, raster.Premul(fill))
	o.dl.StrokeRect(o.depth, b, raster.Premul(color.NRGBA{0, 0, 0, 140}))
	o.dl.Text(o.depth, o.Font, label, b.Min.X+boxPadX, b.Min.Y+1, raster.Premul(text))
}

// clampDepth keeps d within [0, prev+1] and below maxDepth.
func clampDepth(d, prev int) int {
	return min(max(d, 0), prev+1, maxDepth-1)
}

// Active returns the index of the node an agent is busy with: the deepest
// node that is Running on the latest tick (not stale), the first in
// pre-order among equals, or -1 when nothing is running. Its label is
// what a game shows above the agent.
func Active(nodes []Node) int {
	best := -1
	for i := range nodes {
		n := &nodes[i]
		if n.Status == Running && !n.Stale && (best < 0 || n.Depth > nodes[best].Depth) {
			best = i
		}
	}
	return best
}
