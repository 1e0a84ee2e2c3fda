package viewer

import (
	"errors"
	"fmt"
	"image/color"
	"io/fs"
	"math"
	"strings"

	"diorama/iso"
	"diorama/level"
	"diorama/mathx"
	"diorama/raster"
	"diorama/scene"
	"diorama/scene/tiled"
)

// ExportOptions say how [Export] draws a whole map.
type ExportOptions struct {
	// Scale is the whole-number magnification (default 1; at most
	// iso.MaxZoom), as tmxrasterizer's --scale.
	Scale int
	// HideLayers names layers not drawn, compared without case, as
	// tmxrasterizer's --hide-layer (a group's name hides nothing, as in
	// Tiled 1.8).
	HideLayers []string
	// HideObjectLayers leaves out every object layer (the objects' tile
	// images and text), as naming each with --hide-layer does.
	HideObjectLayers bool
	// ShowHidden draws the layers the map hides, as --ignore-visibility.
	ShowHidden bool
	// Background fills the frame with the map's background colour
	// (transparent black when it has none) before drawing; tmxrasterizer
	// leaves the frame transparent, which is the default.
	Background bool
	// Build is passed to level.BuildTiled (limits, fonts), with
	// ExactOpacity set: half-transparent layers are drawn in 16 bits, as
	// tmxrasterizer draws them.
	Build level.Options
}

// Export loads the Tiled map name from fsys and draws all of it into a
// new frame, as tmxrasterizer (Tiled's command-line renderer) does: the
// frame is the map's bounding rectangle (for an infinite map, that of
// the 16×16 blocks holding its tiles, as Tiled keeps them) widened by the
// layer offsets, at Scale, each layer at its offset with its opacity
// (applied in 16 bits, as Qt draws into tmxrasterizer's image) and tint,
// parallax ignored, over a transparent frame (or the map's background
// colour).
//
// The frame follows Tiled 1.8's rules (Debian's tiled package, which the
// tests compare with): every layer's offset widens the frame by its size,
// and image layers draw where they lie even outside it. Tiled 1.10 and
// later count only tile layers' offsets and widen the frame to hold image
// layers.
func Export(fsys fs.FS, name string, opt ExportOptions) (*raster.Frame, error) {
	// Forgiving when the build is (opt.Build.Missing): missing tilesets
	// and templates too.
	m, err := tiled.Loader{Limits: opt.Build.Limits.Tiled, Missing: opt.Build.Missing}.Load(fsys, name)
	if err != nil {
		return nil, err
	}
	bo := opt.Build
	bo.ExactOpacity = true
	w, err := level.BuildTiled(fsys, m, bo)
	if err != nil {
		return nil, err
	}
	return ExportWorld(w, m, opt)
}

// ExportRect returns the map pixels [Export] draws for the world w built
// from m: the rectangle tmxrasterizer's image covers, in w's map pixels.
func ExportRect(w *scene.World, m *tiled.Map) mathx.Rect {
	tw, th := m.TileWidth, m.TileHeight
	var r mathx.Rect
	switch {
	case m.Infinite && m.Orientation == tiled.Orthogonal:
		// Tiled 1.8's OrthogonalRenderer::mapBoundingRect for infinite
		// maps: the tile layers' bounds in pixels.
		b := chunkBounds(m)
		so := w.SourceOrigin
		r = mathx.R(b.Min.X*tw, b.Min.Y*th, b.Max.X*tw, b.Max.Y*th).Add(mathx.Point{X: int(math.Round(so.X)), Y: int(math.Round(so.Y))})
	case m.Infinite && m.Orientation == tiled.Isometric:
		// Tiled 1.8's IsometricRenderer::mapBoundingRect for infinite
		// maps, in Tiled's pixels, then moved to the world's.
		b := chunkBounds(m)
		o, side := b.Min.X+b.Min.Y, b.Dx()+b.Dy()
		r = mathx.R(o*tw/2, o*th/2, o*tw/2+side*tw/2, o*th/2+side*th/2)
		so := w.SourceOrigin
		r = r.Add(mathx.Point{X: int(math.Round(so.X)), Y: int(math.Round(so.Y))})
	default:
		r = w.Grid.Bounds()
	}
	var left, top, right, bottom int
	for _, l := range m.Flatten() {
		o := l.TotalOffset
		left = max(left, int(math.Ceil(-o.X)))
		top = max(top, int(math.Ceil(-o.Y)))
		right = max(right, int(math.Ceil(o.X)))
		bottom = max(bottom, int(math.Ceil(o.Y)))
	}
	return mathx.R(r.Min.X-left, r.Min.Y-top, r.Max.X+right, r.Max.Y+bottom)
}

// chunkBounds is the union of an infinite map's tile layers' bounds, in
// tiles (1×1 when there are none), as Tiled's: Tiled keeps a layer's
// cells in 16×16 chunks of its own, whatever the file's chunks, and makes
// one only for a cell that is not empty (TileLayer::setCell), so a
// layer's bounds are the 16-aligned blocks holding its tiles.
func chunkBounds(m *tiled.Map) mathx.Rect {
	var b mathx.Rect
	add := func(lb mathx.Rect) {
		if b.Empty() {
			b = lb
		} else {
			b = b.Union(lb)
		}
	}
	for _, l := range m.Flatten() {
		if l.Kind != tiled.TileLayer || l.Width <= 0 || l.Height <= 0 {
			continue
		}
		if l.Chunks == nil {
			add(mathx.R(l.X, l.Y, l.X+l.Width, l.Y+l.Height))
			continue
		}
		for _, c := range l.Chunks {
			for k, g := range c.Tiles {
				if g == 0 {
					continue
				}
				x, y := c.X+k%c.Width, c.Y+k/c.Width
				x, y = x-x&15, y-y&15
				if !b.Empty() && x >= b.Min.X && y >= b.Min.Y && x+16 <= b.Max.X && y+16 <= b.Max.Y {
					continue
				}
				add(mathx.R(x, y, x+16, y+16))
			}
		}
	}
	if b.Empty() {
		b = mathx.R(b.Min.X, b.Min.Y, b.Min.X+1, b.Min.Y+1)
	}
	return b
}

// ExportWorld draws the world w built from m as [Export] does. The world's
// layers are shown and hidden as opt says for the drawing and restored
// after; its parallax origin too.
func ExportWorld(w *scene.World, m *tiled.Map, opt ExportOptions) (*raster.Frame, error) {
	if opt.Scale == 0 {
		opt.Scale = 1
	}
	if opt.Scale < 1 || opt.Scale > iso.MaxZoom {
		return nil, fmt.Errorf("viewer: export scale %d out of range (1..%d)", opt.Scale, iso.MaxZoom)
	}
	flat := m.Flatten()
	if len(flat) != len(w.Layers) {
		return nil, errors.New("viewer: export: the world was not built from this map")
	}
	r := ExportRect(w, m)
	fw, fh := r.Dx()*opt.Scale, r.Dy()*opt.Scale
	if fw <= 0 || fh <= 0 || fw > raster.MaxSide || fh > raster.MaxSide {
		return nil, fmt.Errorf("viewer: export of %s: %d×%d pixels (at most %d a side)", m.File, fw, fh, raster.MaxSide)
	}
	fr, err := raster.NewFrame(fw, fh)
	if err != nil {
		return nil, err
	}
	if opt.Background {
		fr.Clear(color.RGBAModel.Convert(m.Background).(color.RGBA))
	}
	hidden := make([]bool, len(w.Layers))
	for i := range w.Layers {
		l := flat[i]
		hidden[i] = w.Layers[i].Hidden
		hide := !l.TotalVisible && !opt.ShowHidden || opt.HideObjectLayers && l.Kind == tiled.ObjectGroup
		for _, n := range opt.HideLayers {
			hide = hide || strings.EqualFold(n, l.Name)
		}
		w.Layers[i].Hidden = hide
	}
	po := w.ParallaxOrigin
	defer func() {
		for i := range w.Layers {
			w.Layers[i].Hidden = hidden[i]
		}
		w.ParallaxOrigin = po
	}()
	cam := iso.NewCamera(fw, fh)
	cam.Zoom = opt.Scale
	// Origin = round(Center·Zoom) − View/2 must be r.Min·Zoom.
	cam.Center = mathx.V2(float64(r.Min.X*opt.Scale+fw/2)/float64(opt.Scale), float64(r.Min.Y*opt.Scale+fh/2)/float64(opt.Scale))
	w.ParallaxOrigin = cam.Center // tmxrasterizer ignores parallax
	dl := raster.NewDrawList()
	if _, err := w.Render(dl, iso.NewPainter(w.Grid, cam), 1); err != nil {
		return nil, err
	}
	dl.Draw(fr)
	return fr, nil
}
