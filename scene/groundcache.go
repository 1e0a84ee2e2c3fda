package scene

import (
	"image/color"

	"diorama/iso"
	"diorama/mathx"
	"diorama/raster"
)

// GroundCache, set on World.GroundCache, makes Render draw the world's
// bottom layers that cannot change from frame to frame from one cached
// picture: the layers, bottom first, that are hidden or have no entities
// on them, no animated tiles, no Draw hook and no parallax (usually the
// floor and its decorations). The picture covers the view plus Margin map
// pixels on every side, painted over Background (the colour the game
// clears its frame with), so it is opaque and drawing it is a copy, and
// panning within the margin or changing the zoom reuses it. The result is
// pixel for pixel what Render draws without the cache (tested).
//
// Call World.InvalidateGround after changing those layers' tiles,
// sprites, images or offsets; showing or hiding a layer, and adding or
// removing layers, invalidate it by themselves.
type GroundCache struct {
	Background color.RGBA
	// Margin is how far past the view the picture reaches, in map pixels
	// (default 256).
	Margin int

	sprite  *raster.Sprite
	rect    mathx.Rect // map pixels the picture covers
	layers  int        // how many bottom layers it holds
	key     uint64     // the hidden flags of those layers and the layer count
	version uint64
	built   uint64 // the version it was built at
	frame   *raster.Frame
	dl      *raster.DrawList
	cam     *iso.Camera
	pt      *iso.Painter
	// Builds counts the pictures made (a measure of what panning costs).
	Builds int
}

// InvalidateGround makes Render build the ground cache again.
func (w *World) InvalidateGround() {
	if w.GroundCache != nil {
		w.GroundCache.version++
	}
}

// staticLayers returns how many bottom layers the ground cache may hold
// and a key of their visibility.
func (w *World) staticLayers() (int, uint64) {
	animated := func(k int) bool {
		for _, a := range w.tileAnims {
			if int(a.layer) == k {
				return true
			}
		}
		return false
	}
	n := 0
	key := uint64(len(w.Layers)) << 48
	for k := range w.Layers {
		l := &w.Layers[k]
		if !l.Hidden && (len(w.layerSlots(k)) > 0 || l.Draw != nil || l.Parallax != (mathx.Vec2{}) || animated(k)) {
			break
		}
		if l.Hidden && k < 48 {
			key |= 1 << k
		}
		n++
	}
	return n, key
}

// drawGround adds the cached ground picture to dl when the cache applies,
// rebuilding it when needed, and returns how many layers it covers (0:
// none; Render draws every layer itself).
func (w *World) drawGround(dl *raster.DrawList, pt *iso.Painter, depth int64) (int, error) {
	gc := w.GroundCache
	n, key := w.staticLayers()
	if n == 0 {
		return 0, nil
	}
	view := pt.Cam.View()
	if gc.sprite == nil || gc.layers != n || gc.key != key || gc.built != gc.version || gc.rect.Intersect(view) != view {
		if err := w.buildGround(pt.Grid, view, n); err != nil {
			return 0, err
		}
		gc.layers, gc.key, gc.built = n, key, gc.version
	}
	pt.Sprite(dl, depth, gc.sprite, gc.rect.Min)
	return n, nil
}

// buildGround paints the bottom n layers over the background into a
// picture of the view plus the margin, at zoom 1.
func (w *World) buildGround(g *iso.Grid, view mathx.Rect, n int) error {
	gc := w.GroundCache
	m := gc.Margin
	if m <= 0 {
		m = 256
	}
	r := view.Inset(-m)
	if gc.frame == nil || gc.frame.W() != r.Dx() || gc.frame.H() != r.Dy() {
		f, err := raster.NewFrame(r.Dx(), r.Dy())
		if err != nil {
			return err
		}
		gc.frame = f
		gc.dl = raster.NewDrawList()
		gc.cam = iso.NewCamera(r.Dx(), r.Dy())
	}
	if gc.pt == nil || gc.pt.Grid != g {
		gc.pt = iso.NewPainter(g, gc.cam)
	}
	// The camera whose origin is exactly r.Min.
	gc.cam.Center = mathx.V2(float64(r.Min.X+r.Dx()/2), float64(r.Min.Y+r.Dy()/2))
	gc.cam.SetZoom(1)
	gc.frame.Clear(gc.Background)
	gc.dl.Reset()
	var d int64
	for k := 0; k < n; k++ {
		l := &w.Layers[k]
		if l.Hidden {
			continue
		}
		if l.Image != nil {
			drawImage(gc.dl, gc.pt, l, d)
			d++
		}
		if len(l.Tiles) > 0 {
			if err := gc.pt.Layer(gc.dl, &l.TileLayer, d); err != nil {
				return err
			}
			d++
		}
	}
	gc.dl.Draw(gc.frame)
	if gc.sprite == nil {
		gc.sprite = &raster.Sprite{}
	}
	if err := gc.sprite.Set(&gc.frame.RGBA); err != nil { // reuses its memory
		gc.sprite = nil
		return err
	}
	gc.rect = r
	gc.Builds++
	return nil
}
