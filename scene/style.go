package scene

import (
	"fmt"
	"image/color"

	"diorama/atlas"
	"diorama/mathx"
	"diorama/raster"
)

// LookPart is a sprite drawn over an entity's look, such as a tank's
// turret over its hull: one frame per facing of Dirs (or a single
// frame), its bottom centre at the look's anchor moved by Offset. A part
// with FaceAim turns to the entity's aim (Looks.SetAim) instead of its
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
func (l Looks) SetTint(e Entity, c color.NRGBA) {
	w := l.w
	i, ok := w.slotOf(e)
	if !ok {
		return
	}
	o := &w.style[i]
	o.Tinted = false
	if c != (color.NRGBA{}) {
		o.SetTint(c)
	}
}

// SetOpacity draws the entity at opacity a (255: opaque), keeping its
// tint colour.
func (l Looks) SetOpacity(e Entity, a uint8) {
	w := l.w
	i, ok := w.slotOf(e)
	if !ok {
		return
	}
	w.style[i].SetOpacity(a)
}

// SetScale draws the entity's sprites magnified s times (1..raster.MaxScale;
// 0 is 1). It panics on a scale out of that range.
func (l Looks) SetScale(e Entity, s int) {
	w := l.w
	i, ok := w.slotOf(e)
	if !ok {
		return
	}
	if s < 0 || s > raster.MaxScale {
		panic(fmt.Sprintf("scene: Looks.SetScale: scale %d out of range 0..%d", s, raster.MaxScale))
	}
	w.style[i].Scale = s
}

// Flash paints the entity's silhouette in c, fading out over ticks ticks
// (hit feedback; 0 or less: no flash).
func (l Looks) Flash(e Entity, c color.RGBA, ticks int) {
	w := l.w
	i, ok := w.slotOf(e)
	if !ok {
		return
	}
	w.flashColor[i], w.flashLeft[i], w.flashTotal[i] = c, int32(max(ticks, 0)), int32(max(ticks, 0))
}

// SetAim sets the heading (radians, world x-y plane) that the entity's
// look parts with FaceAim turn to, such as a turret.
func (l Looks) SetAim(e Entity, a float64) {
	w := l.w
	i, ok := w.slotOf(e)
	if !ok {
		return
	}
	if !mathx.IsFinite(a) {
		panic(fmt.Sprintf("scene: Looks.SetAim: aim %v is not finite", a))
	}
	w.aim[i] = mathx.WrapAngle(a)
}

// Aim returns the entity's aim (its facing until SetAim is called).
func (l Looks) Aim(e Entity) float64 {
	w := l.w
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
func (l Looks) DrawPos(e Entity, alpha float64) mathx.Vec3 {
	w := l.w
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
