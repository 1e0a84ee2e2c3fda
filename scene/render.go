package scene

import (
	"fmt"
	"math"
	"time"

	"diorama/iso"
	"diorama/mathx"
	"diorama/raster"
)

// Render adds the world to dl through painter pt (which holds the grid
// and camera): every tile layer in order, then every drawn entity and
// bullet as depth-sorted iso objects. Moving things are drawn where they
// were alpha of the way from the previous tick to the last one (alpha
// from loop.Clock.Alpha, clamped to [0, 1]). It returns the next free
// depth key. Render never changes the simulation; it does not allocate
// once its buffers have grown.
func (w *World) Render(dl *raster.DrawList, pt *iso.Painter, alpha float64) (int64, error) {
	if pt == nil || pt.Grid == nil || pt.Cam == nil {
		return 0, fmt.Errorf("scene: Render needs a painter with a grid and a camera")
	}
	if !(alpha >= 0) {
		alpha = 0
	}
	alpha = math.Min(alpha, 1)
	w.animateTiles()
	var depth int64
	for k := range w.Layers {
		if err := pt.Layer(dl, &w.Layers[k], depth); err != nil {
			return 0, fmt.Errorf("scene: layer %d: %w", k, err)
		}
		depth++
	}
	g := pt.Grid
	// Cull here what Painter.Add would drop anyway, to skip its per-call
	// checks for the many objects outside the view.
	view := pt.Cam.View()
	visible := func(at mathx.Point, s *raster.Sprite) bool {
		return at.X < view.Max.X && at.Y < view.Max.Y && at.X+s.W() > view.Min.X && at.Y+s.H() > view.Min.Y
	}
	for i, st := range w.state {
		if st != stLive {
			continue
		}
		if len(w.drawing[i].Parts) > 0 && w.kind[i] != Character {
			if err := pt.Add(w.drawing[i]); err != nil {
				return 0, err
			}
			continue
		}
		l := w.lookOf(i)
		if l == nil {
			continue
		}
		s := w.sprite(i, l)
		if s == nil {
			continue
		}
		p := w.prev[i].Lerp(w.pos[i], alpha)
		r := w.radius[i]
		if w.kind[i] == Pickup || w.kind[i] == Trigger {
			r = math.Max(w.extent[i].X, w.extent[i].Y)
		}
		if r <= 0 {
			r = 0.25
		}
		sp := g.ToScreen(p)
		at := mathx.Point{X: floorInt(sp.X) - s.W()/2 + l.Offset.X, Y: floorInt(sp.Y) - s.H() + l.Offset.Y}
		if !visible(at, s) {
			continue
		}
		w.parts[i] = iso.Part{Sprite: s, At: at}
		o := iso.Object{
			Box:   iso.Box{Min: mathx.V3(p.X-r, p.Y-r, p.Z), Max: mathx.V3(p.X+r, p.Y+r, p.Z+w.height[i])},
			Parts: w.parts[i : i+1 : i+1],
		}
		if err := pt.Add(o); err != nil {
			return 0, err
		}
	}
	if s := w.bulletSprite; s != nil {
		b := &w.bullets
		if cap(w.bulletParts) < len(b.Used) {
			w.bulletParts = make([]iso.Part, len(b.Used), cap(b.Used))
		}
		w.bulletParts = w.bulletParts[:len(b.Used)]
		for i, u := range b.Used {
			if !u || !b.P.Alive[i] {
				continue // a bullet that hit is gone from the picture
			}
			x := b.PX[i] + (b.P.X[i]-b.PX[i])*alpha
			y := b.PY[i] + (b.P.Y[i]-b.PY[i])*alpha
			p := mathx.V3(x, y, b.Z[i])
			sp := g.ToScreen(p)
			at := mathx.Point{X: floorInt(sp.X) - s.W()/2, Y: floorInt(sp.Y) - s.H()}
			if !visible(at, s) {
				continue
			}
			w.bulletParts[i] = iso.Part{Sprite: s, At: at}
			r := math.Max(b.P.R[i], 0.05)
			o := iso.Object{
				Box:   iso.Box{Min: mathx.V3(x-r, y-r, b.Z[i]), Max: mathx.V3(x+r, y+r, b.Z[i]+2*r)},
				Parts: w.bulletParts[i : i+1 : i+1],
			}
			if err := pt.Add(o); err != nil {
				return 0, err
			}
		}
	}
	return pt.Objects(dl, depth), nil
}

// tileAnim is an animated tile of a layer: the layer's sprite slot and
// the frames it cycles through, each shown until its end time.
type tileAnim struct {
	layer, sprite int32
	frames        []*raster.Sprite
	ends          []time.Duration // cumulative
	total         time.Duration
}

// animateTiles puts each animated tile's current frame (at simulated
// time Tick × Dt, looping) into its layer.
func (w *World) animateTiles() {
	if len(w.tileAnims) == 0 {
		return
	}
	now := time.Duration(float64(w.tick) * w.dt * float64(time.Second))
	for k := range w.tileAnims {
		a := &w.tileAnims[k]
		if int(a.layer) >= len(w.Layers) || int(a.sprite) >= len(w.Layers[a.layer].Sprites) {
			continue
		}
		t := now % a.total
		f := 0
		for f < len(a.ends)-1 && t >= a.ends[f] {
			f++
		}
		w.Layers[a.layer].Sprites[a.sprite] = a.frames[f]
	}
}

func floorInt(f float64) int {
	if !(f > -1e15 && f < 1e15) {
		return 0
	}
	return int(math.Floor(f))
}
