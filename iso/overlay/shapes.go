package overlay

import (
	"image"
	"image/color"
	"math"

	"diorama/mathx"
	"diorama/raster"
)

// Style says how a closed shape is drawn. Colours are straight alpha
// (color.NRGBA); a colour with alpha 0 is not drawn.
type Style struct {
	Fill   color.NRGBA
	Stroke color.NRGBA
	// Width is the outline width in screen pixels (1 when not positive).
	Width float64
	// Palette fills polygon i of a Polygons call with PaletteColor(i,
	// Fill.A) instead of Fill, so that neighbouring polygons stand apart.
	Palette bool
}

// Styles for the usual layers.
var (
	// NavmeshStyle: palette-filled polygons with a thin dark outline.
	NavmeshStyle = Style{Fill: color.NRGBA{A: 70}, Stroke: color.NRGBA{20, 40, 60, 220}, Width: 1, Palette: true}
	// ColliderStyle: a faint cyan fill with a cyan outline.
	ColliderStyle = Style{Fill: color.NRGBA{0, 230, 255, 50}, Stroke: color.NRGBA{0, 230, 255, 230}, Width: 1.5}
)

// PaletteColor returns a colour of a fixed 12-hue palette for index i
// (hues spread by the golden angle, so consecutive indices differ
// strongly), with alpha a. Negative indices are taken modulo 12 too.
func PaletteColor(i int, a uint8) color.NRGBA {
	c := palette[((i%len(palette))+len(palette))%len(palette)]
	c.A = a
	return c
}

// palette holds 12 hues at a golden-angle step (137.5°), medium lightness.
var palette = [12]color.NRGBA{
	{230, 80, 80, 0}, {80, 200, 120, 0}, {150, 90, 230, 0}, {220, 200, 60, 0},
	{60, 160, 230, 0}, {230, 120, 200, 0}, {110, 220, 60, 0}, {90, 90, 230, 0},
	{240, 150, 50, 0}, {60, 210, 200, 0}, {200, 70, 160, 0}, {170, 230, 110, 0},
}

// Polygon draws one closed polygon of world points on the ground plane,
// filled and outlined as s says. Polygons with fewer than three points, or
// with a point that is not finite, draw nothing.
func (o *Overlay) Polygon(pts []mathx.Vec2, s Style) {
	o.polygon(pts, s, s.Fill)
}

// Polygons draws each polygon of polys as Polygon does (a navmesh from
// its outlines), with palette colours when s.Palette is set.
func (o *Overlay) Polygons(polys [][]mathx.Vec2, s Style) {
	for i, p := range polys {
		fill := s.Fill
		if s.Palette {
			fill = PaletteColor(i, s.Fill.A)
		}
		o.polygon(p, s, fill)
	}
}

func (o *Overlay) polygon(pts []mathx.Vec2, s Style, fill color.NRGBA) {
	if !o.ready() || len(pts) < 3 || !o.project(pts) {
		return
	}
	o.closedShape(s, fill)
}

// closedShape fills and strokes the projected outline in o.pts.
func (o *Overlay) closedShape(s Style, fill color.NRGBA) {
	w := width(s.Width)
	if !o.visible(mathx.BoxOf(o.pts...).Expand(w)) {
		return
	}
	if fill.A != 0 {
		o.dl.FillPolygon(o.depth, o.pts, raster.Premul(fill), true)
	}
	if s.Stroke.A != 0 {
		o.pts = append(o.pts, o.pts[0])
		o.dl.ThickLine(o.depth, o.pts, w, raster.Premul(s.Stroke), true, true)
	}
}

// Circle draws a circle of world radius r about c lying on the ground
// plane (an ellipse on screen), as a collider: a polygon with enough
// sides to look round at the current zoom.
func (o *Overlay) Circle(c mathx.Vec2, r float64, s Style) {
	if !o.ready() || !c.IsFinite() || !(r > 0) || math.IsInf(r, 0) {
		return
	}
	// The projected circle's longest semi-axis, in screen pixels, sets
	// the number of sides: about one side per 4 pixels of perimeter.
	dx := o.ToScreen(c.Add(mathx.Vec2{X: r})).Sub(o.ToScreen(c))
	dy := o.ToScreen(c.Add(mathx.Vec2{Y: r})).Sub(o.ToScreen(c))
	semi := math.Max(dx.Add(dy).Len(), dx.Sub(dy).Len()) / math.Sqrt2
	n := int(math.Ceil(2 * math.Pi * math.Min(semi, 1e4) / 4))
	n = min(max(n, 12), 96)
	o.pts = o.pts[:0]
	center := o.ToScreen(c)
	for k := 0; k < n; k++ {
		a := 2 * math.Pi * float64(k) / float64(n)
		cos, sin := math.Cos(a), math.Sin(a)
		o.pts = append(o.pts, center.Add(dx.Scale(cos)).Add(dy.Scale(sin)))
	}
	o.closedShape(s, s.Fill)
}

// Box draws an axis-aligned world box on the ground plane (a diamond on
// screen).
func (o *Overlay) Box(b mathx.AABB, s Style) {
	if !o.ready() || !b.IsFinite() {
		return
	}
	q := [4]mathx.Vec2{b.Min, {X: b.Max.X, Y: b.Min.Y}, b.Max, {X: b.Min.X, Y: b.Max.Y}}
	o.project(q[:])
	o.closedShape(s, s.Fill)
}

// OrientedBox draws a box of half extents half about c, rotated by angle
// radians (from world x toward world y), on the ground plane.
func (o *Overlay) OrientedBox(c, half mathx.Vec2, angle float64, s Style) {
	if !o.ready() || !c.IsFinite() || !half.IsFinite() || !mathx.IsFinite(angle) {
		return
	}
	ax := mathx.FromAngle(angle).Scale(half.X)
	ay := mathx.FromAngle(angle).Perp().Scale(half.Y)
	q := [4]mathx.Vec2{
		c.Sub(ax).Sub(ay), c.Add(ax).Sub(ay), c.Add(ax).Add(ay), c.Sub(ax).Add(ay),
	}
	o.project(q[:])
	o.closedShape(s, s.Fill)
}

// Marker is the symbol a path puts on its vertices.
type Marker uint8

// The markers.
const (
	MarkerNone Marker = iota
	MarkerDot
	MarkerSquare
	MarkerDiamond
	MarkerCross
)

// PathStyle says how a polyline is drawn.
type PathStyle struct {
	Color color.NRGBA
	// Width is the line width in screen pixels (1 when not positive).
	Width float64
	// Marker is drawn on every vertex, Size pixels from its centre to its
	// edge (3 when not positive).
	Marker Marker
	Size   float64
	// Ends marks the first point with a ring and the last with a disc,
	// both in Color, whatever Marker is.
	Ends bool
}

// Styles for the three stages of a path, in colours that stay distinct
// over the heat and navmesh layers.
var (
	// RawPathStyle: the grid search's cell-by-cell path, thin red with dots.
	RawPathStyle = PathStyle{Color: color.NRGBA{230, 40, 40, 255}, Width: 1.5, Marker: MarkerDot, Size: 2}
	// FunnelPathStyle: the string-pulled path, blue with diamonds on its
	// corners.
	FunnelPathStyle = PathStyle{Color: color.NRGBA{30, 90, 240, 255}, Width: 2.5, Marker: MarkerDiamond, Size: 4, Ends: true}
	// SmoothPathStyle: the curve that is followed, bright green, no
	// markers.
	SmoothPathStyle = PathStyle{Color: color.NRGBA{20, 200, 60, 255}, Width: 2, Ends: true}
)

// Path draws the polyline through the world points pts with its markers.
// A path with a point that is not finite draws nothing; a single point
// draws only its markers.
func (o *Overlay) Path(pts []mathx.Vec2, s PathStyle) {
	if !o.ready() || len(pts) == 0 || !o.project(pts) {
		return
	}
	c := raster.Premul(s.Color)
	w := width(s.Width)
	if len(o.pts) >= 2 {
		if o.visible(mathx.BoxOf(o.pts...).Expand(w)) {
			o.dl.ThickLine(o.depth, o.pts, w, c, true, true)
		}
	}
	size := s.Size
	if !(size > 0) || math.IsInf(size, 0) {
		size = 3
	}
	if s.Marker != MarkerNone {
		for _, p := range o.pts {
			o.marker(p, s.Marker, size, c)
		}
	}
	if s.Ends {
		o.dl.StrokeCircleAA(o.depth, o.pts[0], size+2, 1.5, c)
		o.dl.FillCircle(o.depth, o.pts[len(o.pts)-1], size+1, c, true)
	}
}

// marker draws one marker centred on screen point p.
func (o *Overlay) marker(p mathx.Vec2, m Marker, r float64, c color.RGBA) {
	if !o.visible(mathx.BoxAround(p, mathx.Vec2{X: r, Y: r})) {
		return
	}
	switch m {
	case MarkerDot:
		o.dl.FillCircle(o.depth, p, r, c, true)
	case MarkerSquare:
		x, y, k := int(math.Floor(p.X)), int(math.Floor(p.Y)), int(math.Round(r))
		o.dl.FillRect(o.depth, image.Rect(x-k, y-k, x+k+1, y+k+1), c)
	case MarkerDiamond:
		q := [4]mathx.Vec2{{X: p.X, Y: p.Y - r}, {X: p.X + r, Y: p.Y}, {X: p.X, Y: p.Y + r}, {X: p.X - r, Y: p.Y}}
		o.dl.FillPolygon(o.depth, q[:], c, true)
	case MarkerCross:
		o.dl.LineAA(o.depth, mathx.Vec2{X: p.X - r, Y: p.Y - r}, mathx.Vec2{X: p.X + r, Y: p.Y + r}, 1.5, c)
		o.dl.LineAA(o.depth, mathx.Vec2{X: p.X - r, Y: p.Y + r}, mathx.Vec2{X: p.X + r, Y: p.Y - r}, 1.5, c)
	}
}

// Point draws one marker at world point p.
func (o *Overlay) Point(p mathx.Vec2, m Marker, size float64, c color.NRGBA) {
	if !o.ready() || !p.IsFinite() || !(size > 0) || math.IsInf(size, 0) {
		return
	}
	o.marker(o.ToScreen(p), m, size, raster.Premul(c))
}

// labelBack is the translucent backdrop behind labels and panels.
var labelBack = color.NRGBA{10, 12, 16, 170}

// Label draws text centred horizontally just above world point p, on a
// dark translucent backdrop so that it stays legible over any layer.
// It returns the screen rectangle it covers (empty when nothing was
// drawn).
func (o *Overlay) Label(p mathx.Vec2, text string, c color.NRGBA) image.Rectangle {
	if !o.ready() || !p.IsFinite() || text == "" || o.Font == nil {
		return image.Rectangle{}
	}
	s := o.ToScreen(p)
	if !(math.Abs(s.X) < 1e9 && math.Abs(s.Y) < 1e9) {
		return image.Rectangle{}
	}
	w, h := o.Font.Measure(text)
	x := int(math.Floor(s.X)) - w/2
	y := int(math.Floor(s.Y)) - h - 4
	return o.Text(x, y, text, c)
}

// Text draws text with its top-left at screen pixel (x, y) on a dark
// translucent backdrop (one pixel of margin) and returns the rectangle
// the backdrop covers.
func (o *Overlay) Text(x, y int, text string, c color.NRGBA) image.Rectangle {
	if o.dl == nil || text == "" || o.Font == nil {
		return image.Rectangle{}
	}
	w, h := o.Font.Measure(text)
	r := image.Rect(x-2, y-1, x+w+2, y+h+1)
	o.dl.FillRect(o.depth, r, raster.Premul(labelBack))
	o.dl.Text(o.depth, o.Font, text, x, y, raster.Premul(c))
	return r
}
