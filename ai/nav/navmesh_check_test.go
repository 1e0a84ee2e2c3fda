package nav

import (
	"testing"

	"diorama/mathx"
)

// checkMesh verifies the mesh invariants: every free cell is covered by
// exactly one live polygon, no polygon covers a blocked or eroded cell,
// door polygons hold only their door's cells, and links are symmetric
// portals on the shared boundary of touching rectangles.
func checkMesh(t *testing.T, m *Mesh) {
	t.Helper()
	area, free := 0, 0
	for c, f := range m.free {
		if f {
			free++
			p := m.cell[c]
			if p < 0 || !m.polys[p].alive || !m.polys[p].Rect.Contains(mathx.Pt(c%m.w, c/m.w)) {
				t.Fatalf("free cell (%d,%d) not covered (poly %d)", c%m.w, c/m.w, p)
			}
		} else if m.cell[c] >= 0 {
			t.Fatalf("blocked cell (%d,%d) in polygon %d", c%m.w, c/m.w, m.cell[c])
		}
	}
	for i, p := range m.polys {
		if !p.alive {
			if len(m.links[i]) != 0 {
				t.Fatalf("dead polygon %d has links", i)
			}
			continue
		}
		r := p.Rect
		if r.Empty() {
			t.Fatalf("polygon %d empty", i)
		}
		area += r.Dx() * r.Dy()
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				c := y*m.w + x
				if !m.free[c] || m.cell[c] != int32(i) {
					t.Fatalf("polygon %d %v covers cell (%d,%d) free=%v owner=%d", i, r, x, y, m.free[c], m.cell[c])
				}
				if int(m.door[c]) != p.Door {
					t.Fatalf("polygon %d (door %d) covers cell (%d,%d) of door %d", i, p.Door, x, y, m.door[c])
				}
			}
		}
		for _, l := range m.links[i] {
			back := false
			for _, k := range m.links[l.To] {
				if int(k.To) == i && k.A == l.A && k.B == l.B {
					back = true
				}
			}
			if !back {
				t.Fatalf("link %d→%d has no matching reverse", i, l.To)
			}
			a, b := m.Bounds(i), m.Bounds(int(l.To))
			for _, q := range []mathx.Vec2{l.A, l.B} {
				if !onBoundary(a, q) || !onBoundary(b, q) {
					t.Fatalf("portal %v–%v of %d→%d not on both boundaries", l.A, l.B, i, l.To)
				}
			}
			if l.A.Dist(l.B) <= 0 {
				t.Fatalf("zero-length portal %d→%d", i, l.To)
			}
		}
	}
	if area != free {
		t.Fatalf("polygon area %d, free cells %d: overlap or gap", area, free)
	}
	// Adjacency is complete: any two 4-neighbouring free cells in
	// different polygons are linked.
	for y := 0; y < m.h; y++ {
		for x := 0; x < m.w; x++ {
			c := y*m.w + x
			if !m.free[c] {
				continue
			}
			for _, n := range [2][2]int{{x + 1, y}, {x, y + 1}} {
				if n[0] >= m.w || n[1] >= m.h {
					continue
				}
				d := n[1]*m.w + n[0]
				if m.free[d] && m.cell[d] != m.cell[c] && !linked(m, m.cell[c], m.cell[d]) {
					t.Fatalf("polygons %d and %d touch at (%d,%d) but are not linked", m.cell[c], m.cell[d], x, y)
				}
			}
		}
	}
}

func linked(m *Mesh, a, b int32) bool {
	for _, l := range m.links[a] {
		if l.To == b {
			return true
		}
	}
	return false
}

func onBoundary(b mathx.AABB, p mathx.Vec2) bool {
	in := p.X >= b.Min.X && p.X <= b.Max.X && p.Y >= b.Min.Y && p.Y <= b.Max.Y
	return in && (p.X == b.Min.X || p.X == b.Max.X || p.Y == b.Min.Y || p.Y == b.Max.Y)
}
