package scene

import (
	"image/color"

	"diorama/iso/overlay"
	"diorama/mathx"
)

// DebugView draws a world's debug overlay (a game's or the viewer's F1
// view) through an iso/overlay.Overlay: the navigation mesh, the physics
// walls, each character's collider and the path Navigator.MoveTo walks it
// along, trigger and pickup areas, and a dot per entity. It keeps its
// scratch between frames, so drawing allocates nothing once warm.
type DebugView struct {
	// Names labels each entity with its name.
	Names bool
	polys [][]mathx.Vec2
}

// Draw adds w's debug view to ov, which must have begun on a draw list
// (overlay.Begin, usually after the depth World.Render returned). The
// navigation is built if it was not yet (Navigator.Floor); a world whose
// navigation cannot be built is drawn without it.
func (d *DebugView) Draw(w *World, ov *overlay.Overlay) {
	if n, err := w.navigation(); err == nil && n.Mesh() != nil {
		d.polys = n.Mesh().Polygons(d.polys[:0])
		ov.Polygons(d.polys, overlay.NavmeshStyle)
	}
	for k := range w.Phys.WallCount() {
		ov.Box(w.Phys.Wall(k), overlay.ColliderStyle)
	}
	for i := range w.state {
		if w.state[i] != stLive {
			continue
		}
		k, p := w.kind[i], w.pos[i].XY()
		c := overlay.PaletteColor(int(k), 255)
		switch k {
		case Character:
			ov.Circle(p, w.radius[i], overlay.ColliderStyle)
			if path := w.movePath(w.handle(i)); len(path) > 0 {
				ov.Path(path, overlay.SmoothPathStyle)
			}
		case Trigger, Pickup:
			// Areas (Tiled's rectangles, ellipses, polygons) as boxes.
			x := w.extent[i]
			fill := c
			fill.A = 60
			ov.Box(mathx.AABB{Min: p.Sub(x), Max: p.Add(x)}, overlay.Style{Fill: fill, Stroke: overlay.PaletteColor(int(k), 230), Width: 1})
		}
		ov.Point(p, overlay.MarkerDot, 4, c)
		if d.Names && w.name[i] != "" {
			ov.Label(p, w.name[i], color.NRGBA{255, 255, 255, 230})
		}
	}
}
