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
// and camera): each shown layer in order, bottom first (its image, its
// tiles, then the entities drawn on it, depth-sorted among themselves,
// all moved by the layer's parallax), then the entities on no layer and
// the bullets, depth-sorted. Moving things are drawn where they were
// alpha of the way from the previous tick to the last one (alpha from
// loop.Clock.Alpha, clamped to [0, 1]). It returns the next free depth
// key. Render never changes the simulation; it does not allocate once
// its buffers have grown.
func (w *World) Render(dl *raster.DrawList, pt *iso.Painter, alpha float64) (int64, error) {
	if pt == nil || pt.Grid == nil || pt.Cam == nil {
		return 0, fmt.Errorf("scene: Render needs a painter with a grid and a camera")
	}
	if !(alpha >= 0) {
		alpha = 0
	}
	alpha = math.Min(alpha, 1)
	w.bucketByLayer()
	w.partBuf = w.partBuf[:0]
	// Every entity may draw its parts twice (itself and its silhouette):
	// sized for that once, so drawing more entities with parts than the
	// frame before does not grow the buffer mid-frame.
	if need := 2 * len(w.state) * w.partsMax; cap(w.partBuf) < need {
		w.partBuf = make([]iso.Part, 0, need)
	}
	// Parallax moves a copy of the caller's camera, never the camera.
	callerCam := pt.Cam
	w.renderCam = *callerCam
	pt.Cam = &w.renderCam
	defer func() { pt.Cam = callerCam }()
	cam := pt.Cam
	center := cam.Center
	var depth int64
	first := 0
	if w.GroundCache != nil {
		n, err := w.drawGround(dl, pt, depth)
		if err != nil {
			return 0, fmt.Errorf("scene: ground cache: %w", err)
		}
		if n > 0 {
			first, depth = n, depth+1
		}
	}
	stage := -1 // the layer the entities on no layer and the bullets join
	if w.Stage != "" {
		stage = w.Layers.Index(w.Stage)
	}
	for k := first; k < len(w.Layers); k++ {
		l := &w.Layers[k]
		if l.Hidden {
			continue
		}
		cam.Center = center.Sub(l.parallaxShift(center, w.ParallaxOrigin))
		if l.Image != nil {
			drawImage(dl, pt, l, depth)
			depth++
		}
		if len(l.Tiles) > 0 {
			if err := pt.Layer(dl, &l.TileLayer, depth); err != nil {
				return 0, fmt.Errorf("scene: layer %d (%q): %w", k, l.Name, err)
			}
			depth++
		}
		n, err := w.addEntities(pt, w.layerSlots(k), alpha)
		if err != nil {
			return 0, err
		}
		if k == stage {
			if err := w.addStage(pt, alpha); err != nil {
				return 0, err
			}
			n++
		}
		if n > 0 {
			depth = pt.Objects(dl, depth)
		}
		if l.Draw != nil {
			depth = l.Draw(dl, pt, depth)
		}
	}
	cam.Center = center
	if stage < 0 || stage < first || w.Layers[stage].Hidden {
		if err := w.addStage(pt, alpha); err != nil {
			return 0, err
		}
	}
	depth = pt.Objects(dl, depth)
	return w.drawMarks(dl, pt, alpha, depth)
}

// addStage queues the entities on no layer and the bullets.
func (w *World) addStage(pt *iso.Painter, alpha float64) error {
	if _, err := w.addEntities(pt, w.layerSlots(-1), alpha); err != nil {
		return err
	}
	return w.addBullets(pt, alpha)
}

// bucketByLayer groups the live entity slots by draw layer (a counting
// sort in slot order) into layerOrder; layerStart[k+1]..layerStart[k+2]
// are layer k's, layerStart[0]..layerStart[1] those on no layer.
func (w *World) bucketByLayer() {
	n := len(w.Layers) + 2
	if cap(w.layerStart) < n {
		w.layerStart = make([]int32, n)
	}
	w.layerStart = w.layerStart[:n]
	clear(w.layerStart)
	live := 0
	for i, st := range w.state {
		if st != stLive {
			continue
		}
		k := int(w.drawLayer[i]) + 1
		if k < 0 || k >= n-1 {
			k = 0 // a layer removed from World.Layers: draw on top
		}
		w.layerStart[k+1]++
		live++
	}
	for k := 1; k < n; k++ {
		w.layerStart[k] += w.layerStart[k-1]
	}
	if cap(w.layerOrder) < live {
		w.layerOrder = make([]int32, live, cap(w.state))
	}
	w.layerOrder = w.layerOrder[:live]
	fill := w.layerFill[:0]
	fill = append(fill, w.layerStart[:n-1]...)
	w.layerFill = fill
	for i, st := range w.state {
		if st != stLive {
			continue
		}
		k := int(w.drawLayer[i]) + 1
		if k < 0 || k >= n-1 {
			k = 0
		}
		w.layerOrder[fill[k]] = int32(i)
		fill[k]++
	}
}

// layerSlots returns the live slots drawn with layer k (−1: no layer).
func (w *World) layerSlots(k int) []int32 {
	return w.layerOrder[w.layerStart[k+1]:w.layerStart[k+2]]
}

// addEntities queues the drawn entities among slots with the painter and
// returns how many it queued.
func (w *World) addEntities(pt *iso.Painter, slots []int32, alpha float64) (int, error) {
	g := pt.Grid
	// Cull here what Painter.Add would drop anyway, to skip its per-call
	// checks for the many objects outside the view.
	view := pt.Cam.View()
	n := 0
	for _, i := range slots {
		if w.hidden[i] {
			continue
		}
		if len(w.drawing[i].Parts) > 0 && w.kind[i] != Character {
			o := w.drawing[i]
			if opts := w.drawOpts(int(i)); opts != (raster.DrawOptions{}) {
				// A styled drawing: its parts with the entity's options.
				start := len(w.partBuf)
				for _, p := range o.Parts {
					p.Opts = opts
					w.partBuf = append(w.partBuf, p)
				}
				o.Parts = w.partBuf[start:len(w.partBuf):len(w.partBuf)]
			}
			if err := pt.Add(o); err != nil {
				return n, err
			}
			n++
			continue
		}
		l := w.lookOf(int(i))
		if l == nil {
			continue
		}
		s := w.sprite(int(i), l)
		if s == nil {
			continue
		}
		p := w.prev[i].Lerp(w.pos[i], alpha)
		at, fx, fy := lookAt(g, l, s, p)
		if !visibleIn(view, at, s) && len(l.Parts) == 0 {
			continue
		}
		o := iso.Object{Box: w.drawBox(int(i), p), Parts: w.lookParts(int(i), l, s, at, fx, fy, w.drawOpts(int(i)))}
		if err := pt.Add(o); err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}

// lookAt returns the map pixel where sprite s of look l is drawn for
// feet at p, and the feet's own pixel (fx, fy).
func lookAt(g *iso.Grid, l *Look, s *raster.Sprite, p mathx.Vec3) (at mathx.Point, fx, fy int) {
	sp := g.ToScreen(p)
	fx, fy = floorInt(sp.X), floorInt(sp.Y)
	return mathx.Point{X: fx - s.W()/2 + l.Offset.X, Y: fy - s.H() + l.Offset.Y}, fx, fy
}

// drawBox is slot i's depth-sort box with its feet at p: its collision
// circle's square, or its area's for pickups, triggers and box-shaped
// objects (a quarter tile when it has neither), as tall as the entity.
func (w *World) drawBox(i int, p mathx.Vec3) iso.Box {
	r := w.radius[i]
	if w.kind[i] == Pickup || w.kind[i] == Trigger || r <= 0 {
		r = math.Max(w.extent[i].X, w.extent[i].Y)
	}
	if r <= 0 {
		r = 0.25
	}
	return iso.Box{Min: mathx.V3(p.X-r, p.Y-r, p.Z), Max: mathx.V3(p.X+r, p.Y+r, p.Z+w.height[i])}
}

// lookParts returns slot i's look l drawn at feet pixel (fx, fy): its
// sprite s at at and its parts, with opts (backed by w.parts or
// w.partBuf until the next frame).
func (w *World) lookParts(i int, l *Look, s *raster.Sprite, at mathx.Point, fx, fy int, opts raster.DrawOptions) []iso.Part {
	w.parts[i] = iso.Part{Sprite: s, At: at, Opts: opts}
	if len(l.Parts) == 0 {
		return w.parts[i : i+1 : i+1]
	}
	// The look and its parts, one after the other in partBuf.
	start := len(w.partBuf)
	w.partBuf = append(w.partBuf, w.parts[i])
	for k := range l.Parts {
		lp := &l.Parts[k]
		a := w.facingOf(i)
		if lp.FaceAim {
			a = w.aim[i]
		}
		ps := lp.frame(w.screenHeading(a))
		if ps == nil {
			continue
		}
		pa := mathx.Point{X: fx - ps.W()/2 + lp.Offset.X, Y: fy - ps.H() + lp.Offset.Y}
		w.partBuf = append(w.partBuf, iso.Part{Sprite: ps, At: pa, Opts: opts})
	}
	return w.partBuf[start:len(w.partBuf):len(w.partBuf)]
}

// addBullets queues the live bullets with the painter.
func (w *World) addBullets(pt *iso.Painter, alpha float64) error {
	g := pt.Grid
	view := pt.Cam.View()
	b := &w.bullets
	looked := b.looked > 0 // else the look column need not be read
	if w.bulletSprite == nil && !looked {
		return nil // nothing to draw (a game that draws its bullets itself)
	}
	if cap(w.bulletParts) < len(b.Used) {
		w.bulletParts = make([]iso.Part, len(b.Used), cap(b.Used))
	}
	w.bulletParts = w.bulletParts[:len(b.Used)]
	for i, u := range b.Used {
		if !u || !b.P.Alive[i] {
			continue // a bullet that hit is gone from the picture
		}
		s, off := w.bulletSprite, mathx.Point{}
		if looked {
			if id := b.Look[i]; id > 0 && int(id) <= len(w.looks) {
				l := w.looks[id-1]
				s, off = l.bulletFrame(w, b.P.VX[i], b.P.VY[i]), l.Offset
			}
		}
		if s == nil {
			continue
		}
		x := b.PX[i] + (b.P.X[i]-b.PX[i])*alpha
		y := b.PY[i] + (b.P.Y[i]-b.PY[i])*alpha
		p := mathx.V3(x, y, b.Z[i])
		sp := g.ToScreen(p)
		at := mathx.Point{X: floorInt(sp.X) - s.W()/2 + off.X, Y: floorInt(sp.Y) - s.H() + off.Y}
		if !visibleIn(view, at, s) {
			continue
		}
		w.bulletParts[i] = iso.Part{Sprite: s, At: at}
		r := math.Max(b.P.R[i], 0.05)
		o := iso.Object{
			Box:   iso.Box{Min: mathx.V3(x-r, y-r, b.Z[i]), Max: mathx.V3(x+r, y+r, b.Z[i]+2*r)},
			Parts: w.bulletParts[i : i+1 : i+1],
		}
		if err := pt.Add(o); err != nil {
			return err
		}
	}
	return nil
}

// visibleIn reports whether sprite s drawn at map pixel at overlaps view.
func visibleIn(view mathx.Rect, at mathx.Point, s *raster.Sprite) bool {
	return at.X < view.Max.X && at.Y < view.Max.Y && at.X+s.W() > view.Min.X && at.Y+s.H() > view.Min.Y
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
// time Tick × Dt, looping) into its layer. It runs when the world is
// built and at the end of each Step, the only times the tick changes, so
// Render writes nothing a game can see.
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
