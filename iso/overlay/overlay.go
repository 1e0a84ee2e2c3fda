package overlay

import (
	"math"

	"diorama/iso"
	"diorama/mathx"
	"diorama/raster"
)

// Overlay draws debug shapes given in world coordinates into a
// raster.DrawList through a grid's projection and a camera. Create it once
// with New and reuse it every frame: call Begin with the frame's draw list,
// then the drawing methods in the order the layers should stack.
//
// Every command is added with the depth key given to Begin, so the overlay
// stacks above whatever the scene drew with smaller keys, and its own
// commands keep the order of the calls. Widths and marker sizes are in
// screen pixels, whatever the zoom.
//
// An Overlay is not safe for concurrent use.
type Overlay struct {
	// Grid projects world points to map pixels.
	Grid *iso.Grid
	// Cam maps map pixels to screen pixels; nil means map pixels are
	// screen pixels (zoom 1, no scrolling) and nothing is culled.
	Cam *iso.Camera
	// Z is the height, in world units, of the plane everything is drawn
	// on (0, the floor, by default).
	Z float64
	// Font is used for labels and panels (raster.DefaultFont by default).
	Font *raster.Font

	dl    *raster.DrawList
	depth int64
	pts   []mathx.Vec2 // projected points, reused
	stack [maxDepth]int
}

// New returns an overlay for grid g seen through cam (which may be nil).
func New(g *iso.Grid, cam *iso.Camera) *Overlay {
	return &Overlay{Grid: g, Cam: cam, Font: raster.DefaultFont()}
}

// Begin directs the following calls to dl with depth key depth. It must be
// called before drawing (again whenever the draw list or key changes).
func (o *Overlay) Begin(dl *raster.DrawList, depth int64) {
	o.dl = dl
	o.depth = depth
}

// ready reports whether drawing can happen.
func (o *Overlay) ready() bool {
	return o.dl != nil && o.Grid != nil
}

// ToScreen returns the screen position of world point p on the overlay's
// plane.
func (o *Overlay) ToScreen(p mathx.Vec2) mathx.Vec2 {
	m := o.Grid.ToScreen(mathx.Vec3{X: p.X, Y: p.Y, Z: o.Z})
	if o.Cam == nil {
		return m
	}
	return o.Cam.MapToScreen(m)
}

// visible reports whether the screen box b can touch the view. Without a
// camera everything is visible.
func (o *Overlay) visible(b mathx.AABB) bool {
	if o.Cam == nil {
		return true
	}
	return b.Max.X >= 0 && b.Max.Y >= 0 && b.Min.X <= float64(o.Cam.ViewW) && b.Min.Y <= float64(o.Cam.ViewH)
}

// project replaces o.pts with the screen positions of pts. It reports
// false when a point is not finite.
func (o *Overlay) project(pts []mathx.Vec2) bool {
	o.pts = o.pts[:0]
	for _, p := range pts {
		if !p.IsFinite() {
			return false
		}
		o.pts = append(o.pts, o.ToScreen(p))
	}
	return true
}

// width returns w, or 1 when w is not a positive finite number.
func width(w float64) float64 {
	if !(w > 0) || math.IsInf(w, 0) {
		return 1
	}
	return w
}
