package scene

import (
	"image/color"

	"diorama/atlas"
	"diorama/mathx"
	"diorama/raster"
)

// LookPart is a sprite drawn over an entity's look, such as a tank's
// turret over its hull: one frame per facing of Dirs (or a single
// frame), its bottom centre at the look's anchor moved by Offset. A part
// with FaceAim turns to the entity's aim (World.SetAim) instead of its
// heading.
type LookPart struct {
	Frames  []*raster.Sprite
	Dirs    atlas.DirectionSet
	Offset  mathx.Point
	FaceAim bool
}

// frame returns the part's sprite for a screen angle.
func (p *LookPart) frame(screenAngle float64) *raster.Sprite {
	if len(p.Frames) == 0 {
		return nil
	}
	if len(p.Dirs.Angles) != len(p.Frames) {
		return p.Frames[0]
	}
	return p.Frames[p.Dirs.Index(screenAngle)]
}

// SetTint multiplies the entity's sprites by c (straight alpha; its alpha
// acts as opacity); the zero colour removes the tint.
func (w *World) SetTint(e Entity, c color.NRGBA) error {
	i, ok := w.slotOf(e)
	if !ok {
		return ErrStale
	}
	o := &w.style[i]
	o.Tinted = false
	if c != (color.NRGBA{}) {
		o.SetTint(c)
	}
	return nil
}

// SetOpacity draws the entity at opacity a (255: opaque), keeping its
// tint colour.
func (w *World) SetOpacity(e Entity, a uint8) error {
	i, ok := w.slotOf(e)
	if !ok {
		return ErrStale
	}
	w.style[i].SetOpacity(a)
	return nil
}

// SetScale draws the entity's sprites magnified s times (1..raster.MaxScale).
func (w *World) SetScale(e Entity, s int) error {
	i, ok := w.slotOf(e)
	if !ok {
		return ErrStale
	}
	w.style[i].Scale = s
	return nil
}

// Flash paints the entity's silhouette in c, fading out over ticks ticks
// (hit feedback).
func (w *World) Flash(e Entity, c color.RGBA, ticks int) error {
	i, ok := w.slotOf(e)
	if !ok {
		return ErrStale
	}
	w.flashColor[i], w.flashLeft[i], w.flashTotal[i] = c, int32(max(ticks, 0)), int32(max(ticks, 0))
	return nil
}

// SetAim sets the heading (radians, world x-y plane) that the entity's
// look parts with FaceAim turn to, such as a turret.
func (w *World) SetAim(e Entity, a float64) error {
	i, ok := w.slotOf(e)
	if !ok {
		return ErrStale
	}
	if !mathx.IsFinite(a) {
		return errNotFinite
	}
	w.aim[i] = mathx.WrapAngle(a)
	return nil
}

// Aim returns the entity's aim (its facing until SetAim is called).
func (w *World) Aim(e Entity) float64 {
	i, ok := w.slotOf(e)
	if !ok {
		return 0
	}
	return w.aim[i]
}

// DrawPos returns where Render draws the entity for interpolation factor
// alpha: alpha of the way from its position at the start of the last
// tick to its position now. A camera that follows this point moves with
// the entity exactly as it is drawn.
func (w *World) DrawPos(e Entity, alpha float64) mathx.Vec3 {
	i, ok := w.slotOf(e)
	if !ok {
		return mathx.Vec3{}
	}
	if !(alpha >= 0) {
		alpha = 0
	}
	return w.prev[i].Lerp(w.pos[i], min(alpha, 1))
}

// drawOpts returns slot i's draw options this frame: its style with the
// flash faded by the ticks left.
func (w *World) drawOpts(i int) raster.DrawOptions {
	o := w.style[i]
	if n := w.flashLeft[i]; n > 0 && w.flashTotal[i] > 0 {
		o.Flash = w.flashColor[i]
		o.FlashAmount = uint8((255*int(n) + int(w.flashTotal[i]) - 1) / int(w.flashTotal[i]))
	}
	return o
}

// advanceFlashes counts the flashes down one tick.
func (w *World) advanceFlashes() {
	for i, n := range w.flashLeft {
		if n > 0 {
			w.flashLeft[i] = n - 1
		}
	}
	for i, n := range w.barLeft {
		if n > 0 {
			w.barLeft[i] = n - 1
		}
	}
}
