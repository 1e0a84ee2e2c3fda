package scene

import (
	"image"
	"image/color"

	"diorama/iso"
	"diorama/mathx"
	"diorama/raster"
)

// BarStyle is how Looks.ShowHealth draws health bars: W×H pixels (plus a
// one-pixel frame), Lift world units above the entity's top.
type BarStyle struct {
	W, H               int
	Lift               float64
	Frame, Empty, Fill color.RGBA
}

// DefaultBarStyle is a world's health bar style until World.Bars is set:
// a red bar on grey, 32×4 pixels.
var DefaultBarStyle = BarStyle{W: 32, H: 4, Lift: 0.5,
	Frame: color.RGBA{16, 16, 16, 200}, Empty: color.RGBA{110, 110, 110, 255}, Fill: color.RGBA{220, 50, 40, 255}}

// SetSilhouette shows the entity through whatever hides it: while a
// drawn object in front of it (a wall, a tall tile) covers its middle,
// its look is drawn again over everything, filled with c at c's alpha
// (premultiplied). The zero colour turns it off. A player's tank behind
// a wall, a unit inside a building.
func (l Looks) SetSilhouette(e Entity, c color.RGBA) {
	w := l.w
	i, ok := w.slotOf(e)
	if !ok {
		return
	}
	w.silhouette[i] = c
}

// ShowHealth draws a bar of the entity's health (Health of MaxHealth)
// above it for the next ticks ticks (in World.Bars' style; 0 or less:
// none): the usual answer to a hit.
func (l Looks) ShowHealth(e Entity, ticks int) {
	w := l.w
	i, ok := w.slotOf(e)
	if !ok {
		return
	}
	w.barLeft[i] = int32(max(ticks, 0))
}

// drawMarks draws what goes over the sorted world: silhouettes of hidden
// entities, then health bars. It returns the next free depth key.
func (w *World) drawMarks(dl *raster.DrawList, pt *iso.Painter, alpha float64, depth int64) (int64, error) {
	// With many slots the world's workers find those with a mark
	// (markSlots); else every slot is looked at here.
	sil, bar := w.markSlots()
	queued := false
	if sil == nil {
		for i, c := range w.silhouette {
			if c == (color.RGBA{}) || w.state[i] != stLive || w.hidden[i] {
				continue
			}
			q, err := w.addSilhouette(pt, i, alpha)
			if err != nil {
				return depth, err
			}
			queued = queued || q
		}
	} else {
		for _, part := range sil {
			for _, i := range part {
				q, err := w.addSilhouette(pt, int(i), alpha)
				if err != nil {
					return depth, err
				}
				queued = queued || q
			}
		}
	}
	if queued {
		depth = pt.Objects(dl, depth)
	}
	st := &w.Bars
	if st.W <= 0 || st.H <= 0 {
		st = &DefaultBarStyle
	}
	bars := false
	if bar == nil {
		for i, n := range w.barLeft {
			if n <= 0 || w.state[i] != stLive || w.hidden[i] || w.maxHealth[i] <= 0 {
				continue
			}
			w.addBar(dl, pt, st, i, alpha, depth)
			bars = true
		}
	} else {
		for _, part := range bar {
			for _, i := range part {
				w.addBar(dl, pt, st, int(i), alpha, depth)
				bars = true
			}
		}
	}
	if bars {
		depth += 3
	}
	return depth, nil
}

// addSilhouette queues live, shown slot i's silhouette (its colour set)
// when something drawn hides it, and reports whether it did.
func (w *World) addSilhouette(pt *iso.Painter, i int, alpha float64) (bool, error) {
	g, c := pt.Grid, w.silhouette[i]
	l := w.lookOf(i)
	if l == nil {
		return false, nil
	}
	s := w.sprite(i, l)
	if s == nil {
		return false, nil
	}
	p := w.prev[i].Lerp(w.pos[i], alpha)
	if !w.hiddenBehind(g, i, p) {
		return false, nil
	}
	at, fx, fy := lookAt(g, l, s, p)
	var o raster.DrawOptions
	o.Flash, o.FlashAmount = color.RGBA{c.R, c.G, c.B, 255}, 255
	o.SetOpacity(c.A)
	o.Scale = w.style[i].Scale
	if err := pt.Add(iso.Object{Box: w.drawBox(i, p), Parts: w.lookParts(i, l, s, at, fx, fy, o)}); err != nil {
		return false, err
	}
	return true, nil
}

// addBar draws live, shown slot i's health bar (it has one showing and a
// maximum health) at depth.
func (w *World) addBar(dl *raster.DrawList, pt *iso.Painter, st *BarStyle, i int, alpha float64, depth int64) {
	p := w.prev[i].Lerp(w.pos[i], alpha)
	p.Z += w.height[i] + st.Lift
	c := pt.Cam.MapToScreen(pt.Grid.ToScreen(p))
	x, y := floorInt(c.X)-st.W/2, floorInt(c.Y)
	fill := st.W * int(max(w.health[i], 0)) / int(w.maxHealth[i])
	dl.FillRect(depth, image.Rect(x-1, y-1, x+st.W+1, y+st.H+1), st.Frame)
	dl.FillRect(depth+1, image.Rect(x, y, x+st.W, y+st.H), st.Empty)
	dl.FillRect(depth+2, image.Rect(x, y, x+min(fill, st.W), y+st.H), st.Fill)
}

// hiddenBehind reports a drawn object (an entity with a Drawing: walls,
// blocks, tall tiles) standing in front of slot i at p, in the grid's
// drawing order, whose picture covers the middle of slot i's body.
func (w *World) hiddenBehind(g *iso.Grid, i int, p mathx.Vec3) bool {
	r := w.radius[i]
	mid := g.ToScreen(p.Add(mathx.V3(0, 0, w.height[i]*0.4)))
	// Which world axes run down the screen: a box beyond the entity
	// along those is drawn after it.
	downX := g.ScreenVec(mathx.V3(1, 0, 0)).Y > 0
	downY := g.ScreenVec(mathx.V3(0, 1, 0)).Y > 0
	for j, st := range w.state {
		if st != stLive || j == i || w.hidden[j] || len(w.drawing[j].Parts) == 0 || w.kind[j] == Character {
			continue
		}
		b := w.drawing[j].Box
		front := downX && b.Min.X >= p.X+r || downY && b.Min.Y >= p.Y+r
		if !front || b.Max.Z <= p.Z {
			continue
		}
		if boxCovers(g, b, mid) {
			return true
		}
	}
	return false
}

// boxCovers reports whether the box's projection (the union of its
// faces' parallelograms) holds the map pixel q.
func boxCovers(g *iso.Grid, b iso.Box, q mathx.Vec2) bool {
	var c [8]mathx.Vec2
	for k := range c {
		v := b.Min
		if k&1 != 0 {
			v.X = b.Max.X
		}
		if k&2 != 0 {
			v.Y = b.Max.Y
		}
		if k&4 != 0 {
			v.Z = b.Max.Z
		}
		c[k] = g.ToScreen(v)
	}
	faces := [6][4]int{{0, 1, 3, 2}, {4, 5, 7, 6}, {0, 1, 5, 4}, {2, 3, 7, 6}, {0, 2, 6, 4}, {1, 3, 7, 5}}
	for _, f := range faces {
		if inQuad(c[f[0]], c[f[1]], c[f[2]], c[f[3]], q) {
			return true
		}
	}
	return false
}

// inQuad reports q inside (or on) the convex quadrilateral abcd, in
// either winding; a degenerate quad (seen edge-on) holds nothing.
func inQuad(a, b, c, d, q mathx.Vec2) bool {
	pts := [4]mathx.Vec2{a, b, c, d}
	pos, neg := false, false
	area := 0.0
	for k := range pts {
		u, v := pts[k], pts[(k+1)%4]
		area += u.Cross(v)
		x := v.Sub(u).Cross(q.Sub(u))
		pos = pos || x > 0
		neg = neg || x < 0
	}
	return area != 0 && !(pos && neg)
}
