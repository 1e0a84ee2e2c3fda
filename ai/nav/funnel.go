package nav

import "diorama/mathx"

// ClearFunc reports whether an agent can move in a straight line from a to
// b: the world's line-of-sight (or swept-circle) test. Grid.Clear and
// Mesh.Clear are ready-made ones.
type ClearFunc func(a, b mathx.Vec2) bool

// Funnel pulls the string through a list of portals (the simple stupid
// funnel algorithm): the result, appended to dst[:0], is the shortest
// polyline from the first portal's point to the last one's that crosses
// every portal, turning only at portal end points. Portals are left/right
// pairs as Mesh.Portals makes them; the first and last are the start and
// goal repeated.
func Funnel(portals [][2]mathx.Vec2, dst []mathx.Vec2) []mathx.Vec2 {
	dst = dst[:0]
	if len(portals) == 0 {
		return dst
	}
	apex, left, right := portals[0][0], portals[0][0], portals[0][1]
	ai, li, ri := 0, 0, 0
	dst = append(dst, apex)
	for i := 1; i < len(portals); i++ {
		l, r := portals[i][0], portals[i][1]
		// Try to narrow the right side.
		if right.Sub(apex).Cross(r.Sub(apex)) >= 0 {
			if apex == right || left.Sub(apex).Cross(r.Sub(apex)) < 0 {
				right, ri = r, i
			} else {
				// Right crossed over left: left becomes the new apex.
				apex, ai = left, li
				dst = addPoint(dst, apex)
				left, right, li, ri = apex, apex, ai, ai
				i = ai
				continue
			}
		}
		// Try to narrow the left side.
		if left.Sub(apex).Cross(l.Sub(apex)) <= 0 {
			if apex == left || right.Sub(apex).Cross(l.Sub(apex)) > 0 {
				left, li = l, i
			} else {
				apex, ai = right, ri
				dst = addPoint(dst, apex)
				left, right, li, ri = apex, apex, ai, ai
				i = ai
				continue
			}
		}
	}
	return addPoint(dst, portals[len(portals)-1][0])
}

// addPoint appends p unless it repeats the last point; a last point
// collinear between its predecessor and p (and between them) is dropped.
func addPoint(dst []mathx.Vec2, p mathx.Vec2) []mathx.Vec2 {
	n := len(dst)
	if dst[n-1] == p {
		return dst
	}
	if n >= 2 {
		a, b := dst[n-2], dst[n-1]
		if b.Sub(a).Cross(p.Sub(a)) == 0 && b.Sub(a).Dot(p.Sub(b)) > 0 {
			dst[n-1] = p
			return dst
		}
	}
	return append(dst, p)
}

// Shortcut removes the waypoints of a polyline that line of sight makes
// unnecessary: from each kept point it jumps to the farthest later point
// it can see. The result, appended to dst[:0], keeps the first and last
// points. dst must not share memory with path.
func Shortcut(path []mathx.Vec2, clear ClearFunc, dst []mathx.Vec2) []mathx.Vec2 {
	dst = dst[:0]
	if len(path) == 0 {
		return dst
	}
	dst = append(dst, path[0])
	for i := 0; i < len(path)-1; {
		j := len(path) - 1
		for j > i+1 && !clear(path[i], path[j]) {
			j--
		}
		dst = append(dst, path[j])
		i = j
	}
	return dst
}

// PathLength returns the length of a polyline.
func PathLength(p []mathx.Vec2) float64 {
	l := 0.0
	for i := 1; i < len(p); i++ {
		l += p[i-1].Dist(p[i])
	}
	return l
}

// CellCenters appends the centre of every cell of a grid path, in world
// units (one per cell), to dst[:0]: the grid path as points, ready to
// shortcut, smooth, follow or draw.
func CellCenters(path []mathx.Point, dst []mathx.Vec2) []mathx.Vec2 {
	dst = dst[:0]
	for _, p := range path {
		dst = append(dst, mathx.V2(float64(p.X)+0.5, float64(p.Y)+0.5))
	}
	return dst
}
