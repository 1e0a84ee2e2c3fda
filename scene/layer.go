package scene

import (
	"math"

	"diorama/iso"
	"diorama/mathx"
	"diorama/raster"
)

// Layer is one layer of a world's picture. World.Layers are drawn bottom
// first; each draws its image, then its tiles, then the entities placed
// on it (EntityDef.DrawLayer), depth-sorted among themselves. Entities on
// no layer are drawn above every layer, with the bullets.
type Layer struct {
	// Name is the layer's name (Tiled's layer name), for
	// EntityDef.DrawLayer, lookups and layer toggles.
	Name string
	// TileLayer holds the layer's tiles; empty (no Tiles) for a layer of
	// objects or an image.
	iso.TileLayer
	// Image, when not nil, is drawn with its top-left corner at ImageAt
	// (map pixels), repeated across the view along x and/or y when
	// RepeatX/RepeatY are set (Tiled's image layers).
	Image            *raster.Sprite
	ImageAt          mathx.Point
	RepeatX, RepeatY bool
	// Parallax is the layer's parallax factor: the layer moves Parallax
	// times as fast as the camera, measured from World.ParallaxOrigin
	// (the camera centre at which every layer is in place). The zero
	// value means (1, 1): no parallax.
	Parallax mathx.Vec2
	// Hidden layers are not drawn, nor are their entities.
	Hidden bool
	// Draw, when set, is the game's own drawing on this layer, called by
	// World.Render after the layer's image, tiles and entities with the
	// painter (camera moved by the layer's parallax) and the next free
	// depth key; it returns the next free key after its own commands.
	// Name a layer "overlay" at the top for HUD-like drawing in world
	// space, or "effects" between the objects and the overlay.
	Draw func(dl *raster.DrawList, pt *iso.Painter, depth int64) int64
}

// parallaxShift returns the map-pixel shift to subtract from the camera
// centre while drawing l, so that l moves Parallax times as fast as the
// camera: (1 − factor) × (centre − origin), rounded to whole pixels.
func (l *Layer) parallaxShift(center, origin mathx.Vec2) mathx.Vec2 {
	f := l.Parallax
	if f == (mathx.Vec2{}) {
		return mathx.Vec2{}
	}
	return mathx.V2(roundF((1-f.X)*(center.X-origin.X)), roundF((1-f.Y)*(center.Y-origin.Y)))
}

// Layers are a world's map layers, bottom first (World.Layers).
type Layers []Layer

// Index returns the index of the first layer named name, or −1.
func (ls Layers) Index(name string) int {
	for i := range ls {
		if ls[i].Name == name {
			return i
		}
	}
	return -1
}

// drawImage adds l's image to dl, repeated over the view when asked.
func drawImage(dl *raster.DrawList, pt *iso.Painter, l *Layer, depth int64) {
	s := l.Image
	w, h := s.W(), s.H()
	if w <= 0 || h <= 0 {
		return
	}
	view := pt.Cam.View()
	x0, x1 := l.ImageAt.X, l.ImageAt.X+1
	y0, y1 := l.ImageAt.Y, l.ImageAt.Y+1
	if l.RepeatX {
		x0 = l.ImageAt.X + floorDiv(view.Min.X-l.ImageAt.X, w)*w
		x1 = view.Max.X
	}
	if l.RepeatY {
		y0 = l.ImageAt.Y + floorDiv(view.Min.Y-l.ImageAt.Y, h)*h
		y1 = view.Max.Y
	}
	for y := y0; y < y1; y += h {
		for x := x0; x < x1; x += w {
			if x+w <= view.Min.X || y+h <= view.Min.Y || x >= view.Max.X || y >= view.Max.Y {
				continue
			}
			pt.Sprite(dl, depth, s, mathx.Point{X: x, Y: y})
		}
	}
}

func floorDiv(a, b int) int {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

func roundF(f float64) float64 {
	if !(f > -1e15 && f < 1e15) {
		return 0
	}
	return math.Round(f)
}
