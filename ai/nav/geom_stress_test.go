package nav

import (
	"testing"

	"diorama/mathx"
)

// TestTriangulateStress builds many dense fields (some with obstacles
// off the map or covering it) at several radii and inflation polygons,
// with and without merging, and checks the triangulation and the exact
// cover.
func TestTriangulateStress(t *testing.T) {
	last := uint64(160)
	if testing.Short() {
		last = 110
	}
	for seed := uint64(100); seed < last; seed++ {
		n := 10 + int(seed%50)
		obs := randomField(seed, n, fieldBounds)
		// plus some out of bounds and huge ones
		if seed%7 == 0 {
			obs = append(obs, BoxObstacle(mathx.V2(-5, 30), mathx.V2(10, 3), 0.3))
		}
		if seed%11 == 0 {
			obs = append(obs, BoxObstacle(mathx.V2(50, 30), mathx.V2(200, 200), 0))
		}
		for _, r := range []float64{0, 0.7, 2} {
			m, err := BuildGeom(obs, GeomOptions{Bounds: fieldBounds, Radius: r, NoMerge: seed%2 == 0, Sides: 4 + int(seed%3)*4})
			if err != nil {
				t.Fatal(err)
			}
			checkCDT(t, &m.tri)
			checkPolyMesh(t, m, seed, true)
		}
	}
}

// TestLiveEditsRotated edits fields with moves that also turn the
// obstacle, which puts fence edges nearly collinear with obstacle edges
// (it found the rounding cases the triangulation now handles), checking
// the triangulation, the exact cover against a rebuild, and the paths.
func TestLiveEditsRotated(t *testing.T) {

	last := uint64(16)
	if testing.Short() {
		last = 12
	}
	for seed := uint64(10); seed < last; seed++ {
		r := mathx.NewRand(seed)
		obs := randomField(seed, 30, fieldBounds)
		opt := GeomOptions{Bounds: fieldBounds, Radius: 0.8, NoMerge: seed%3 == 0}
		m, err := BuildGeom(obs, opt)
		if err != nil {
			t.Fatal(err)
		}
		pool := randomField(seed+500, 30, fieldBounds)
		for edit := range 40 {
			switch k := r.IntN(3); k {
			case 0:
				_, _, err = m.AddObstacle(pool[r.IntN(len(pool))])
			case 1:
				id := r.IntN(m.Obstacles())
				if _, ok := m.Obstacle(id); ok {
					_, err = m.RemoveObstacle(id)
				}
			default:
				id := r.IntN(m.Obstacles())
				if o, ok := m.Obstacle(id); ok {
					d := r.InCircle(3)
					a := r.Range(-0.5, 0.5)
					c := o.Bounds().Center()
					mv := Obstacle{Pts: make([]mathx.Vec2, len(o.Pts))}
					for i, p := range o.Pts {
						mv.Pts[i] = p.Sub(c).Rotate(a).Add(c).Add(d)
					}
					_, err = m.MoveObstacle(id, mv)
				}
			}
			if err != nil {
				t.Fatal(err)
			}
			checkCDT(t, &m.tri)
			checkPolyMesh(t, m, seed*100+uint64(edit), true)
			var cur []Obstacle
			for i := range m.obs {
				if m.obs[i].alive {
					cur = append(cur, m.obs[i].o)
				}
			}
			fresh, _ := BuildGeom(cur, opt)
			if a, b := m.Area(), fresh.Area(); a-b > 1e-6*b || b-a > 1e-6*b {
				t.Fatalf("seed %d edit %d: area %v vs %v", seed, edit, a, b)
			}
			if edit%5 == 4 {
				geomPathCheck(t, m, seed+uint64(edit), 6, triRatio)
			}
		}
	}
}
