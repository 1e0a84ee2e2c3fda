package scene

import (
	"math"
	"slices"

	"diorama/atlas"
	"diorama/mathx"
)

// sectors picks a DirectionSet's facing from a screen direction vector
// without trigonometry: the facing nearest to the vector's angle is the
// one whose arc between the bisectors of neighbouring facings holds the
// vector, and which side of a bisector a vector lies on is the sign of a
// cross product. Built once per look (World.addLook).
type sectors struct {
	// bx, by are the unit vectors of the arc boundaries in increasing
	// angle; arc k runs from boundary k to boundary k+1 (cyclically) and
	// shows facing idx[k].
	bx, by []float64
	idx    []int
	// arc[f] is facing f's arc, -1 for a facing no arc shows (a
	// duplicate angle).
	arc []int
	// ok is false when the test cannot be used (fewer than three
	// distinct facings, or an arc of π or more): Index then decides.
	ok bool
}

// newSectors builds the arcs of d (angles on screen, y down).
func newSectors(d atlas.DirectionSet) sectors {
	type fa struct {
		a float64
		i int
	}
	fs := make([]fa, 0, len(d.Angles))
	for i, a := range d.Angles {
		if !mathx.IsFinite(a) {
			return sectors{}
		}
		fs = append(fs, fa{mathx.WrapAngle(a), i})
	}
	// In angle order; equal angles (within Index's tie margin) keep only
	// the lowest index, the one Index picks.
	slices.SortStableFunc(fs, func(p, q fa) int {
		switch {
		case p.a < q.a:
			return -1
		case p.a > q.a:
			return 1
		}
		return p.i - q.i
	})
	u := fs[:0]
	for _, f := range fs {
		if n := len(u); n > 0 && f.a-u[n-1].a < 1e-9 {
			u[n-1].i = min(u[n-1].i, f.i)
			continue
		}
		u = append(u, f)
	}
	if n := len(u); n > 1 && u[0].a+2*math.Pi-u[n-1].a < 1e-9 {
		u[0].i = min(u[0].i, u[n-1].i)
		u = u[:n-1]
	}
	n := len(u)
	if n < 3 {
		return sectors{}
	}
	s := sectors{bx: make([]float64, n), by: make([]float64, n), idx: make([]int, n), arc: make([]int, len(d.Angles)), ok: true}
	for f := range s.arc {
		s.arc[f] = -1
	}
	// Boundary k is the bisector between facings k-1 and k; arc k (from
	// boundary k to k+1) holds facing k.
	for k := range u {
		prev := u[(k+n-1)%n].a
		gap := u[k].a - prev
		if k == 0 {
			gap += 2 * math.Pi
		}
		if gap >= math.Pi {
			return sectors{}
		}
		sn, cs := mathx.Sincos(u[k].a - float64(gap/2)) // rounded: no fused multiply-subtract
		s.bx[k], s.by[k] = cs, sn
		s.idx[k] = u[k].i
		s.arc[u[k].i] = k
	}
	for k := range u {
		// Arcs must be under π: the two boundaries' cross product is positive.
		j := (k + 1) % n
		if float64(s.bx[k]*s.by[j])-float64(s.by[k]*s.bx[j]) <= 0 {
			return sectors{}
		}
	}
	return s
}

// index returns the facing for screen direction (x, y) (not both zero,
// finite), and false when the arcs cannot tell (the caller then asks
// DirectionSet.Index). A vector on a boundary belongs to the arc that
// starts there. The products are rounded one by one (no fused
// multiply-add), so every platform picks the same facing.
//
// hint is a facing to try first (the last one; -1 for none). Only one arc
// can pass the test (the signs of the cross products around the circle
// change from + to - once: rounding can flip only a boundary nearly
// along ±(x, y), which moves a change but adds none), so trying the hint
// first changes no answer.
func (s *sectors) index(x, y float64, hint int) (int, bool) {
	n := len(s.bx)
	if !s.ok || n == 0 {
		return 0, false
	}
	if s.holds(hint, x, y) {
		return hint, true
	}
	c0 := float64(s.bx[0]*y)-float64(s.by[0]*x) >= 0
	cur := c0
	for k := 0; k < n-1; k++ {
		next := float64(s.bx[k+1]*y)-float64(s.by[k+1]*x) >= 0
		if cur && !next {
			return s.idx[k], true
		}
		cur = next
	}
	if cur && !c0 {
		return s.idx[n-1], true
	}
	return 0, false
}

// holds reports whether facing f's arc holds screen direction (x, y):
// then index answers f for it, with any hint. It is index's first test,
// small enough to inline into Step's per-character pass (moveRange),
// where a character mostly keeps its facing from tick to tick.
func (s *sectors) holds(f int, x, y float64) bool {
	if uint(f) >= uint(len(s.arc)) || !s.ok {
		return false
	}
	k := s.arc[f]
	if k < 0 {
		return false
	}
	j := k + 1
	if j == len(s.bx) {
		j = 0
	}
	return float64(s.bx[k]*y)-float64(s.by[k]*x) >= 0 && float64(s.bx[j]*y)-float64(s.by[j]*x) < 0
}
