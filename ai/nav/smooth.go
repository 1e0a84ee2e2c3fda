package nav

import (
	"math"

	"diorama/mathx"
)

// SeedBezier is path smoothing by chained quadratic Bézier curves, with
// its step Δt as a parameter (0.25 by default; dt outside (0, 1] means 0.25). Three
// successive points are the controls of a primary quadratic curve, then
// the window advances by two; a secondary curve joins consecutive
// primaries through their shared point; each curve contributes its points
// at t = Δt, 2Δt, ... below 1. The first and last points are kept; the
// interior A* points are not (the curve passes near them). Paths of fewer
// than three points are copied. The result is appended to dst[:0].
func SeedBezier(path []mathx.Vec2, dt float64, dst []mathx.Vec2) []mathx.Vec2 {
	dst = dst[:0]
	n := len(path)
	if n < 3 {
		return append(dst, path...)
	}
	if !(dt > 0 && dt <= 1) {
		dt = 0.25
	}
	curve := func(q mathx.QuadBezier) mathx.Vec2 {
		var last mathx.Vec2
		for k := 1; ; k++ {
			t := float64(k) * dt
			if t > 1 {
				break
			}
			if t != 1 {
				last = q.Point(t)
				dst = append(dst, last)
			}
		}
		return last
	}
	dst = append(dst, path[0])
	var lastI mathx.Vec2
	have := false
	for i := 0; i < n-2; i += 2 {
		q := mathx.QuadBezier{P0: path[i], P1: path[i+1], P2: path[i+2]}
		p := q.Point(dt)
		if have {
			curve(mathx.QuadBezier{P0: lastI, P1: path[i], P2: p})
		}
		lastI, have = curve(q), true
	}
	if n%2 == 0 {
		curve(mathx.QuadBezier{P0: lastI, P1: path[n-2], P2: path[n-1]})
	}
	return append(dst, path[n-1])
}

// Smooth rounds every interior corner of a polyline with a quadratic
// Bézier curve whose control point is the corner and whose ends lie on
// the two adjacent segments (at most half of each away), flattened
// adaptively so no chord strays more than tol from the curve: long gentle
// turns get few points, tight ones many. Each curve is kept inside
// walkable space: when clear rejects one of its chords the curve is pulled
// toward its corner (halving the cut) and, after a few tries, the corner
// is kept sharp. With clear nil every curve is accepted. The input's own
// segments must be clear. The result is appended to dst[:0].
func Smooth(path []mathx.Vec2, tol float64, clear ClearFunc, dst []mathx.Vec2) []mathx.Vec2 {
	dst = dst[:0]
	n := len(path)
	if n < 3 {
		return append(dst, path...)
	}
	if !(tol > 0) || math.IsInf(tol, 0) {
		tol = 0.05
	}
	dst = append(dst, path[0])
	for i := 1; i < n-1; i++ {
		p, a, b := path[i], path[i-1], path[i+1]
		la, lb := p.Dist(a), p.Dist(b)
		cut := math.Min(la, lb) / 2
		done := false
		for try := 0; try < 6 && cut > 1e-9 && !done; try++ {
			s := p.Add(a.Sub(p).Scale(cut / la))
			e := p.Add(b.Sub(p).Scale(cut / lb))
			mark := len(dst)
			dst = mathx.QuadBezier{P0: s, P1: p, P2: e}.Flatten(tol, dst)
			done = true
			if clear != nil {
				prev := dst[mark-1]
				for k := mark; k < len(dst); k++ {
					if !clear(prev, dst[k]) {
						done = false
						break
					}
					prev = dst[k]
				}
			}
			if !done {
				dst = dst[:mark]
				cut /= 2
			}
		}
		if !done {
			dst = append(dst, p)
		}
	}
	return append(dst, path[n-1])
}
