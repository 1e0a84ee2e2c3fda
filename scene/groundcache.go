package scene

import (
	"image"
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
// Call GroundCache.Invalidate after changing those layers' tiles,
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
	spare   *raster.Frame // the next picture, while scrolling
	dl      *raster.DrawList
	cam     *iso.Camera
	pt      *iso.Painter
	// Builds counts the pictures made from scratch, and Scrolls those
	// made by moving the last picture and painting only the strips a pan
	// uncovered (a measure of what panning costs).
	Builds, Scrolls int
}

// Invalidate makes Render build the cached picture again (after the game
// changed a cached layer's tiles). A nil cache does nothing.
func (c *GroundCache) Invalidate() {
	if c != nil {
		c.version++
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
	same := gc.sprite != nil && gc.layers == n && gc.key == key && gc.built == gc.version
	if !same || gc.rect.Intersect(view) != view {
		if err := w.buildGround(pt.Grid, view, n, same); err != nil {
			return 0, err
		}
		gc.layers, gc.key, gc.built = n, key, gc.version
	}
	pt.Sprite(dl, depth, gc.sprite, gc.rect.Min)
	return n, nil
}

// buildGround paints the bottom n layers over the background into a
// picture of the view plus the margin, at zoom 1. When the last picture
// (still valid: same) shares at least half of it, the shared part is
// copied and only the uncovered strips are painted.
func (w *World) buildGround(g *iso.Grid, view mathx.Rect, n int, same bool) error {
	gc := w.GroundCache
	m := gc.Margin
	if m <= 0 {
		m = 256
	}
	r := view.Inset(-m)
	if same && gc.frame != nil && gc.frame.W() == r.Dx() && gc.frame.H() == r.Dy() && gc.pt != nil && gc.pt.Grid == g {
		if ov := r.Intersect(gc.rect); 2*ov.Area() >= r.Area() {
			return w.scrollGround(r, ov, n)
		}
	}
	if gc.frame == nil || gc.frame.W() != r.Dx() || gc.frame.H() != r.Dy() {
		f, err := raster.NewFrame(r.Dx(), r.Dy())
		if err != nil {
			return err
		}
		// The next picture's memory too, so the first scroll costs no
		// more than the next.
		if gc.spare, err = raster.NewFrame(r.Dx(), r.Dy()); err != nil {
			return err
		}
		gc.frame = f
		gc.dl = raster.NewDrawList()
		gc.cam = iso.NewCamera(r.Dx(), r.Dy())
	}
	if gc.pt == nil || gc.pt.Grid != g {
		gc.pt = iso.NewPainter(g, gc.cam)
	}
	gc.aim(r)
	gc.frame.Clear(gc.Background)
	gc.dl.Reset()
	if err := w.paintGround(n); err != nil {
		return err
	}
	gc.dl.Draw(gc.frame)
	gc.Builds++
	return gc.publish(r)
}

// paintGround adds the bottom n layers to the cache's draw list through
// its painter (its camera on the picture), under the list's clip.
func (w *World) paintGround(n int) error {
	gc := w.GroundCache
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
	return nil
}

// aim points the cache's camera so that its origin is exactly map pixel
// r.Min, at zoom 1.
func (gc *GroundCache) aim(r mathx.Rect) {
	gc.cam.Center = mathx.V2(float64(r.Min.X+r.Dx()/2), float64(r.Min.Y+r.Dy()/2))
	gc.cam.SetZoom(1)
}

// publish makes gc.frame, covering map rect r, the cached picture.
func (gc *GroundCache) publish(r mathx.Rect) error {
	if gc.sprite == nil {
		gc.sprite = &raster.Sprite{}
	}
	if err := gc.sprite.SetOpaque(&gc.frame.RGBA); err != nil { // reuses its memory; fast over an opaque background
		gc.sprite = nil
		return err
	}
	gc.rect = r
	return nil
}

// scrollGround makes the picture of map rect r (the size of the last
// one) from the last picture: ov, the part both cover, is copied row by
// row, and the up to four strips around it are cleared and painted with
// the draw list clipped to each, so the result is the same pixels a full
// build makes at a fraction of the cost.
func (w *World) scrollGround(r, ov mathx.Rect, n int) error {
	gc := w.GroundCache
	if gc.spare == nil || gc.spare.W() != r.Dx() || gc.spare.H() != r.Dy() {
		f, err := raster.NewFrame(r.Dx(), r.Dy())
		if err != nil {
			return err
		}
		gc.spare = f
	}
	dst, src := gc.spare, gc.frame
	for y := ov.Min.Y; y < ov.Max.Y; y++ {
		from := src.Row(y - gc.rect.Min.Y)[4*(ov.Min.X-gc.rect.Min.X) : 4*(ov.Max.X-gc.rect.Min.X)]
		copy(dst.Row(y - r.Min.Y)[4*(ov.Min.X-r.Min.X):], from)
	}
	gc.aim(r)
	gc.dl.Reset()
	strips := [4]mathx.Rect{
		{Min: r.Min, Max: mathx.Point{X: r.Max.X, Y: ov.Min.Y}},                                 // above
		{Min: mathx.Point{X: r.Min.X, Y: ov.Max.Y}, Max: r.Max},                                 // below
		{Min: mathx.Point{X: r.Min.X, Y: ov.Min.Y}, Max: mathx.Point{X: ov.Min.X, Y: ov.Max.Y}}, // left
		{Min: mathx.Point{X: ov.Max.X, Y: ov.Min.Y}, Max: mathx.Point{X: r.Max.X, Y: ov.Max.Y}}, // right
	}
	for _, s := range strips {
		if s.Empty() {
			continue
		}
		fr := s.Add(mathx.Point{X: -r.Min.X, Y: -r.Min.Y}).Image()
		fill(dst, fr, gc.Background)
		gc.dl.SetClip(fr)
		if err := w.paintGround(n); err != nil {
			return err
		}
	}
	gc.dl.Draw(dst)
	gc.frame, gc.spare = dst, src
	gc.Scrolls++
	return gc.publish(r)
}

// fill paints rectangle r of f with c (opaque or not: the pixels are set).
func fill(f *raster.Frame, r image.Rectangle, c color.RGBA) {
	r = r.Intersect(f.Rect)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		row := f.Row(y)[4*r.Min.X : 4*r.Max.X]
		for i := 0; i < len(row); i += 4 {
			row[i], row[i+1], row[i+2], row[i+3] = c.R, c.G, c.B, c.A
		}
	}
}
