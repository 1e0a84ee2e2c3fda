package overlay_test

import (
	"fmt"
	"image/color"
	"strings"
	"testing"

	"diorama/ai/nav"
	"diorama/iso/overlay"
	"diorama/mathx"
)

// navPaths plans from start to goal on level: the raw 8-way A* path
// through cell centres, the navmesh corridor's funnelled path and the
// corridor's portal-midpoint path smoothed with quadratic Béziers.
type navPaths struct {
	mesh                  *nav.Mesh
	raw, funnel, smoothed []mathx.Vec2
}

var (
	navStart = mathx.Vec2{X: 1.75, Y: 1.75}
	navGoal  = mathx.Vec2{X: 14.25, Y: 10.25}
)

func planLevel(t *testing.T, method nav.Method) navPaths {
	t.Helper()
	tm, err := nav.ParseTileMap(level)
	if err != nil {
		t.Fatal(err)
	}
	mesh, err := nav.Build(tm, nav.MeshOptions{Method: method, Radius: 0.25, Sub: 4})
	if err != nil {
		t.Fatal(err)
	}
	gridRows := make([]string, len(level))
	for i, r := range level {
		gridRows[i] = strings.ReplaceAll(r, "D", ".")
	}
	g, err := nav.ParseGrid(gridRows, nav.Eight)
	if err != nil {
		t.Fatal(err)
	}
	s := nav.NewSearcher()
	cells, _, err := s.AStar(g, mathx.Floor(navStart), mathx.Floor(navGoal), nil)
	if err != nil {
		t.Fatal(err)
	}
	var out navPaths
	out.mesh = mesh
	out.raw = nav.CellCenters(cells, nil)
	corridor, _, err := mesh.FindPath(s, navStart, navGoal, nil)
	if err != nil {
		t.Fatal(err)
	}
	portals, err := mesh.Portals(navStart, navGoal, corridor, nil)
	if err != nil {
		t.Fatal(err)
	}
	out.funnel = nav.Funnel(portals, nil)
	out.smoothed = nav.Smooth(mesh.Waypoints(navStart, navGoal, corridor, nil), 0.02, mesh.Clear, nil)
	return out
}

// Issue 6's golden images: each navmesh decomposition with a raw A*
// path, a funnelled path and a Bézier-smoothed path over an iso map.
func TestGoldenNavmesh(t *testing.T) {
	for _, c := range []struct {
		name   string
		method nav.Method
	}{{"strips", nav.Strips}, {"greedy", nav.Greedy}} {
		t.Run(c.name, func(t *testing.T) {
			p := planLevel(t, c.method)
			// The paths' ends are where they were asked to be.
			for _, path := range [][]mathx.Vec2{p.funnel, p.smoothed} {
				if path[0] != navStart || path[len(path)-1] != navGoal {
					t.Fatalf("path from %v to %v", path[0], path[len(path)-1])
				}
			}
			s := newScene(t, level)
			polys := p.mesh.Polygons(nil)
			s.ov.Polygons(polys, overlay.NavmeshStyle)
			s.ov.Path(p.raw, overlay.RawPathStyle)
			s.ov.Path(p.funnel, overlay.FunnelPathStyle)
			s.ov.Path(p.smoothed, overlay.SmoothPathStyle)
			s.ov.Label(navStart, "start", color.NRGBA{255, 255, 255, 255})
			s.ov.Label(navGoal, "goal", color.NRGBA{255, 255, 255, 255})
			s.legend([]string{
				fmt.Sprintf("navmesh (%s): %d polygons", c.name, len(polys)),
				fmt.Sprintf("raw A*: %d cells", len(p.raw)),
				fmt.Sprintf("funnel: %.2f tiles", nav.PathLength(p.funnel)),
				fmt.Sprintf("smoothed: %d points", len(p.smoothed)),
			}, []color.NRGBA{
				{255, 255, 255, 255},
				overlay.RawPathStyle.Color,
				{120, 170, 255, 255}, // the funnel's blue, lightened for the dark backdrop
				overlay.SmoothPathStyle.Color,
			})
			s.golden(t, "nav_"+c.name+".png")
		})
	}
}

// Drawn opaque, the navmesh of an uneroded map covers exactly the
// walkable tiles: every floor and door tile's centre pixel is painted
// and no wall tile's is.
func TestNavmeshCoversWalkableTiles(t *testing.T) {
	tm, err := nav.ParseTileMap(level)
	if err != nil {
		t.Fatal(err)
	}
	for _, method := range []nav.Method{nav.Strips, nav.Greedy} {
		mesh, err := nav.Build(tm, nav.MeshOptions{Method: method})
		if err != nil {
			t.Fatal(err)
		}
		s := newScene(t, level)
		s.dl.Reset()
		s.frame.Clear(color.RGBA{})
		s.ov.Begin(s.dl, 0)
		fill := color.NRGBA{255, 0, 255, 255}
		s.ov.Polygons(mesh.Polygons(nil), overlay.Style{Fill: fill})
		s.dl.Draw(s.frame)
		for y, row := range level {
			for x := range row {
				c := s.ov.ToScreen(mathx.Vec2{X: float64(x) + 0.5, Y: float64(y) + 0.5})
				got := s.frame.RGBAAt(int(c.X), int(c.Y))
				want := color.RGBA{}
				if row[x] != '#' {
					want = color.RGBA{255, 0, 255, 255}
				}
				if got != want {
					t.Fatalf("method %d: tile (%d,%d) %q: centre pixel %v, want %v", method, x, y, row[x], got, want)
				}
			}
		}
	}
}
