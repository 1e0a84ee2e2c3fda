package main

import (
	"math"

	"diorama/mathx"
)

// pathStats watches the paths enemies plan during a run: how many bend
// around a wall (the first of them kept), how many were planned while a
// door was locked and how many of those cross it (which must be none).
type pathStats struct {
	bent, whileLocked, throughLocked int
	example                          []mathx.Vec2
}

// watch looks at the tick just run: an enemy whose plan countdown was
// just set planned this tick, from about where it stands.
func (ps *pathStats) watch(L *level) {
	for _, e := range L.enemies {
		if e.replan != planTicks || !L.w.Nav().Moving(e.e) {
			continue
		}
		p := append([]mathx.Vec2{e.pos()}, L.w.Nav().MovePath(e.e)...)
		for _, d := range L.doors {
			if L.w.Solid(d.e) {
				ps.whileLocked++
				if L.throughLocked(p) {
					ps.throughLocked++
				}
				break
			}
		}
		if L.bendsAround(p) {
			ps.bent++
			if ps.example == nil {
				ps.example = p
			}
		}
	}
}

// throughLocked reports a path (start point first) that crosses the tile
// of a locked door.
func (L *level) throughLocked(p []mathx.Vec2) bool {
	for _, d := range L.doors {
		if L.w.Solid(d.e) && crosses(p, d.cell) {
			return true
		}
	}
	return false
}

// crosses reports a path that crosses the tile cell, sampled every 0.1
// tile.
func crosses(p []mathx.Vec2, cell mathx.Point) bool {
	x0, y0 := float64(cell.X), float64(cell.Y)
	for i := 1; i < len(p); i++ {
		n := int(p[i].Dist(p[i-1])/0.1) + 1
		for k := 0; k <= n; k++ {
			q := p[i-1].Lerp(p[i], float64(k)/float64(n))
			if q.X >= x0 && q.X < x0+1 && q.Y >= y0 && q.Y < y0+1 {
				return true
			}
		}
	}
	return false
}

// bendsAround reports a path (start point first) that is not a straight
// line and has to be: it turns somewhere by more than 0.1 rad, and a wall
// blocks the straight line from its start to its end.
func (L *level) bendsAround(p []mathx.Vec2) bool {
	if len(p) < 3 {
		return false
	}
	turns := false
	for i := 1; i+1 < len(p) && !turns; i++ {
		a, b := p[i].Sub(p[i-1]), p[i+1].Sub(p[i])
		if a.Len() > 1e-9 && b.Len() > 1e-9 && math.Abs(mathx.AngleDiff(a.Angle(), b.Angle())) > 0.1 {
			turns = true
		}
	}
	return turns && !L.canSee(p[0], p[len(p)-1])
}
