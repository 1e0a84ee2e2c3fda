package iso

import (
	"math"

	"diorama/mathx"
)

// MaxZoom is the largest integer zoom factor a [Camera] accepts.
const MaxZoom = 16

// Camera is a view of ViewW × ViewH screen pixels onto map-pixel space at
// an integer zoom. Its state is plain data; it never reads a clock: call
// [Camera.Follow] once per simulation tick.
//
// Screen pixel (sx, sy) shows map pixel ⌊(sx + Origin.X)/Zoom⌋,
// ⌊(sy + Origin.Y)/Zoom⌋: every map pixel becomes exactly Zoom × Zoom screen
// pixels and the origin is a whole number of screen pixels, so tiles that
// meet in map space meet on screen at any camera position and zoom.
type Camera struct {
	// Center is the map-pixel point shown at the centre of the view.
	Center mathx.Vec2
	// Zoom is the integer magnification, 1..MaxZoom.
	Zoom int
	// ViewW and ViewH are the view size in screen pixels.
	ViewW, ViewH int
	// DeadZone is the half-size, in screen pixels, of the box around the
	// view centre inside which a followed target moves without moving the
	// camera.
	DeadZone mathx.Vec2
	// Smooth is the fraction of the remaining distance covered on each
	// Follow tick, in (0, 1]; 1 (or any value out of range) snaps.
	Smooth float64
	// Limits, when not empty, is the map-pixel rectangle the view is kept
	// inside (usually Grid.Bounds()). A view larger than Limits is centred
	// on it.
	Limits mathx.Rect
	// Diamond says Limits is the bounding box of a diamond (an isometric
	// map): the view is kept inside the diamond itself, never showing
	// its empty corners; where the view is too large for that, it is
	// centred. Grid.FitCamera sets Limits and Diamond from a map's shape.
	Diamond bool
}

// NewCamera returns a camera with zoom 1, no dead zone, snapping follow and
// no limits, centred on the map-pixel origin.
func NewCamera(viewW, viewH int) *Camera {
	return &Camera{Zoom: 1, ViewW: max(viewW, 0), ViewH: max(viewH, 0), Smooth: 1}
}

func (c *Camera) zoom() int { return mathx.ClampInt(c.Zoom, 1, MaxZoom) }

// Pan moves the camera by d map pixels, then applies the limits. A
// non-finite d is ignored.
func (c *Camera) Pan(d mathx.Vec2) {
	if !d.IsFinite() {
		return
	}
	c.Center = c.Center.Add(d)
	c.Clamp()
}

// SetZoom sets the zoom, clamped to 1..MaxZoom, keeping Center, then
// applies the limits.
func (c *Camera) SetZoom(z int) {
	c.Zoom = mathx.ClampInt(z, 1, MaxZoom)
	c.Clamp()
}

// Follow moves the camera one tick towards target (a map-pixel point): if
// the target is outside the dead zone, the camera goal is the nearest
// centre that puts it back on the dead zone's edge, and Center moves the
// Smooth fraction of the way there. Limits are applied afterwards. A
// non-finite target is ignored.
func (c *Camera) Follow(target mathx.Vec2) {
	if !target.IsFinite() {
		return
	}
	z := float64(c.zoom())
	dz := mathx.Vec2{X: math.Max(c.DeadZone.X, 0) / z, Y: math.Max(c.DeadZone.Y, 0) / z}
	goal := c.Center
	goal.X = followAxis(goal.X, target.X, dz.X)
	goal.Y = followAxis(goal.Y, target.Y, dz.Y)
	t := c.Smooth
	if !(t > 0 && t < 1) {
		t = 1
	}
	c.Center = c.Center.Add(goal.Sub(c.Center).Scale(t))
	if t < 1 && c.Center.DistSq(goal) < 1e-6 {
		c.Center = goal
	}
	c.Clamp()
}

func followAxis(center, target, dead float64) float64 {
	switch {
	case target > center+dead:
		return target - dead
	case target < center-dead:
		return target + dead
	}
	return center
}

// Clamp keeps the view inside Limits (when set): on an axis where the view
// is larger than the limits, the view is centred on them.
func (c *Camera) Clamp() {
	if !c.Center.IsFinite() {
		c.Center = mathx.Vec2{}
	}
	if c.Limits.Empty() {
		return
	}
	z := float64(c.zoom())
	c.Center.X = clampAxis(c.Center.X, float64(c.ViewW)/z/2, float64(c.Limits.Min.X), float64(c.Limits.Max.X))
	c.Center.Y = clampAxis(c.Center.Y, float64(c.ViewH)/z/2, float64(c.Limits.Min.Y), float64(c.Limits.Max.Y))
	if c.Diamond {
		c.Center = clampDiamond(c.Center, float64(c.ViewW)/z/2, float64(c.ViewH)/z/2, c.Limits)
	}
}

// clampDiamond moves p to the nearest centre of a view of half-size
// (a, b) that lies inside the diamond inscribed in r: |dx|/A + |dy|/B ≤ 1
// with the view's far corner inside, i.e. |dx|/A + |dy|/B ≤ 1 − a/A − b/B;
// the diamond's centre when no such centre exists.
func clampDiamond(p mathx.Vec2, a, b float64, r mathx.Rect) mathx.Vec2 {
	A, B := float64(r.Dx())/2, float64(r.Dy())/2
	cx, cy := float64(r.Min.X)+A, float64(r.Min.Y)+B
	k := 1 - a/A - b/B
	if k <= 0 {
		return mathx.V2(cx, cy)
	}
	A, B = k*A, k*B
	dx, dy := p.X-cx, p.Y-cy
	qx, qy := math.Abs(dx), math.Abs(dy)
	if qx/A+qy/B <= 1 {
		return p
	}
	// Nearest point of the edge from (A, 0) to (0, B).
	ux, uy := -A, B
	l2 := ux*ux + uy*uy
	t := mathx.Clamp(((qx-A)*ux+qy*uy)/l2, 0, 1)
	nx, ny := A+ux*t, uy*t
	return mathx.V2(cx+math.Copysign(nx, dx), cy+math.Copysign(ny, dy))
}

func clampAxis(v, half, lo, hi float64) float64 {
	if hi-lo <= 2*half {
		return (lo + hi) / 2
	}
	return mathx.Clamp(v, lo+half, hi-half)
}

// Origin returns the screen-pixel offset of the view: map pixel m is drawn
// at screen m·Zoom − Origin. The centre is rounded to a whole screen pixel
// (halves round up), so the whole map moves together and never tears.
func (c *Camera) Origin() mathx.Point {
	z := c.zoom()
	x := int(mathx.Clamp(math.Floor(c.Center.X*float64(z)+0.5), -1<<40, 1<<40))
	y := int(mathx.Clamp(math.Floor(c.Center.Y*float64(z)+0.5), -1<<40, 1<<40))
	return mathx.Point{X: x - c.ViewW/2, Y: y - c.ViewH/2}
}

// View returns the rectangle of map pixels at least partly visible.
func (c *Camera) View() mathx.Rect {
	z := c.zoom()
	o := c.Origin()
	return mathx.Rect{
		Min: mathx.Point{X: floorDivInt(o.X, z), Y: floorDivInt(o.Y, z)},
		Max: mathx.Point{X: ceilDivInt(o.X+c.ViewW, z), Y: ceilDivInt(o.Y+c.ViewH, z)},
	}
}

// ScreenToMapPixel returns the map pixel shown at screen pixel (sx, sy).
func (c *Camera) ScreenToMapPixel(sx, sy int) mathx.Point {
	z := c.zoom()
	o := c.Origin()
	return mathx.Point{X: floorDivInt(sx+o.X, z), Y: floorDivInt(sy+o.Y, z)}
}

// ScreenToMap returns the map-pixel point under a sub-pixel screen
// position (mouse, touch).
func (c *Camera) ScreenToMap(s mathx.Vec2) mathx.Vec2 {
	z := float64(c.zoom())
	o := c.Origin()
	return mathx.Vec2{X: (s.X + float64(o.X)) / z, Y: (s.Y + float64(o.Y)) / z}
}

// MapToScreen returns the screen position of a map-pixel point.
func (c *Camera) MapToScreen(m mathx.Vec2) mathx.Vec2 {
	z := float64(c.zoom())
	o := c.Origin()
	return mathx.Vec2{X: m.X*z - float64(o.X), Y: m.Y*z - float64(o.Y)}
}

// MapPixelToScreen returns the screen pixel where map pixel m's top-left
// corner is drawn (exact).
func (c *Camera) MapPixelToScreen(m mathx.Point) mathx.Point {
	z := c.zoom()
	o := c.Origin()
	return mathx.Point{X: m.X*z - o.X, Y: m.Y*z - o.Y}
}
