package nav

import (
	"math"
	"testing"

	"diorama/mathx"
)

// FuzzBuildGeom builds meshes from obstacles decoded from bytes on a
// coarse lattice (so collinear, touching and overlapping edges are
// common) and checks the triangulation and the mesh: no panic, valid
// structure, exact cover of the free space, and free paths.
func FuzzBuildGeom(f *testing.F) {
	f.Add([]byte{10, 10, 30, 10, 30, 30, 0, 20, 20, 50, 20, 50, 25, 0})
	f.Add([]byte{1, 1, 9, 1, 9, 9, 1, 9, 0, 1, 1, 9, 1, 9, 9, 1, 9, 0, 5, 5, 12, 5, 12, 12})
	f.Add([]byte{0, 0, 63, 0, 63, 63, 0, 5, 5, 40, 40, 5, 40, 0})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 400 {
			return
		}
		var obs []Obstacle
		var cur []mathx.Vec2
		flush := func() {
			if o := (Obstacle{Pts: cur}); len(cur) >= 3 && o.Validate() == nil {
				obs = append(obs, o)
			}
			cur = nil
		}
		for i := 0; i+1 < len(data); i += 2 {
			if data[i] == 0 && len(cur) > 0 {
				flush()
				i--
				continue
			}
			cur = append(cur, mathx.V2(float64(data[i]%64), float64(data[i+1]%64)*0.75))
		}
		flush()
		b := mathx.AABB{Max: mathx.V2(64, 48)}
		for _, r := range []float64{0, 0.5} {
			m, err := BuildGeom(obs, GeomOptions{Bounds: b, Radius: r})
			if err != nil {
				t.Fatal(err)
			}
			checkCDT(t, &m.tri)
			checkPolyMesh(t, m, 1, true)
			// Lattice inputs make zero-width gaps (obstacles touching
			// each other or the border at a point) that the reference
			// slips through and the mesh rightly does not: no length
			// bound and no completeness here.
			geomPathCheck2(t, m, 2, 5, math.Inf(1), false)
			if _, err := BuildGeom(obs, GeomOptions{Method: SeedGrow, Bounds: b, Radius: r, Cell: 1}); err != nil {
				t.Fatal(err)
			}
		}
	})
}
