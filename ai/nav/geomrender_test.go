package nav

import (
	"bytes"
	"flag"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"testing"

	"diorama/mathx"
)

var updateGolden = flag.Bool("update", false, "rewrite ai/nav's golden images in testdata/")

// fillPoly paints the pixels whose centres lie in the convex polygon
// (world units, scaled by s, shifted down by dy pixels).
func fillPoly(img *image.RGBA, pts []mathx.Vec2, s float64, dy int, c color.RGBA) {
	b := mathx.BoxOf(pts...)
	x0, x1 := int(math.Floor(b.Min.X*s)), int(math.Ceil(b.Max.X*s))
	y0, y1 := int(math.Floor(b.Min.Y*s)), int(math.Ceil(b.Max.Y*s))
	for y := y0; y <= y1; y++ {
		for x := x0; x <= x1; x++ {
			p := mathx.V2((float64(x)+0.5)/s, (float64(y)+0.5)/s)
			if inPolygon(pts, p) {
				img.SetRGBA(x, y+dy, c)
			}
		}
	}
}

// inPolygon is an even-odd test, for any simple polygon.
func inPolygon(pts []mathx.Vec2, p mathx.Vec2) bool {
	in := false
	n := len(pts)
	for i, j := 0, n-1; i < n; j, i = i, i+1 {
		a, b := pts[i], pts[j]
		if (a.Y > p.Y) != (b.Y > p.Y) && p.X < (b.X-a.X)*(p.Y-a.Y)/(b.Y-a.Y)+a.X {
			in = !in
		}
	}
	return in
}

// line draws a Bresenham line between world points, w pixels thick.
func line(img *image.RGBA, a, b mathx.Vec2, s float64, dy, w int, c color.RGBA) {
	x0, y0 := int(math.Round(a.X*s)), int(math.Round(a.Y*s))+dy
	x1, y1 := int(math.Round(b.X*s)), int(math.Round(b.Y*s))+dy
	dx, sx := abs(x1-x0), 1
	if x0 > x1 {
		sx = -1
	}
	ddy, sy := -abs(y1-y0), 1
	if y0 > y1 {
		sy = -1
	}
	e := dx + ddy
	for {
		for i := 0; i < w; i++ {
			for j := 0; j < w; j++ {
				img.SetRGBA(x0+i-w/2, y0+j-w/2, c)
			}
		}
		if x0 == x1 && y0 == y1 {
			return
		}
		e2 := 2 * e
		if e2 >= ddy {
			e += ddy
			x0 += sx
		}
		if e2 <= dx {
			e += dx
			y0 += sy
		}
	}
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// drawPanel renders a mesh with its obstacles and a path into img at
// vertical offset dy.
func drawPanel(img *image.RGBA, m *PolyMesh, obs []Obstacle, path []mathx.Vec2, s float64, dy int) {
	bg := color.RGBA{60, 60, 70, 255}
	w := int(m.opt.Bounds.Max.X * s)
	h := int(m.opt.Bounds.Max.Y * s)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			img.SetRGBA(x, y+dy, bg)
		}
	}
	for i, p := range m.polys {
		if !p.alive {
			continue
		}
		k := uint32(i)*2654435761 + 12345
		c := color.RGBA{uint8(150 + k>>24%90), uint8(170 + k>>16%70), uint8(150 + k>>8%90), 255}
		fillPoly(img, p.pts, s, dy, c)
	}
	edge := color.RGBA{90, 110, 100, 255}
	for _, p := range m.polys {
		if !p.alive {
			continue
		}
		for k := range p.pts {
			line(img, p.pts[k], p.pts[(k+1)%len(p.pts)], s, dy, 1, edge)
		}
	}
	for _, o := range obs {
		fillPoly(img, o.Pts, s, dy, color.RGBA{25, 25, 30, 255})
	}
	for i := range m.obs {
		for _, pc := range m.obs[i].pieces {
			for k := range pc.pts {
				line(img, pc.pts[k], pc.pts[(k+1)%len(pc.pts)], s, dy, 1, color.RGBA{200, 120, 40, 255})
			}
		}
	}
	for i := 1; i < len(path); i++ {
		line(img, path[i-1], path[i], s, dy, 2, color.RGBA{230, 30, 30, 255})
	}
}

// TestGeomGolden renders both builders' meshes and a funnel path over a
// fixed random obstacle field (top: Triangulate, bottom: SeedGrow with
// 12 seeds and 3 iterations) and compares the PNG pixel for pixel. Run
// with -update to rewrite it, and look at it before committing.
func TestGeomGolden(t *testing.T) {
	obs := randomField(42, 22, fieldBounds)
	from, to := mathx.V2(3, 3), mathx.V2(97, 57)
	const s = 8.0
	hPanel := int(fieldBounds.Max.Y * s)
	img := image.NewRGBA(image.Rect(0, 0, int(fieldBounds.Max.X*s), 2*hPanel+4))
	for i, method := range []GeomMethod{Triangulate, SeedGrow} {
		m, err := BuildGeom(obs, GeomOptions{Method: method, Bounds: fieldBounds, Radius: 1, Cell: 0.5})
		if err != nil {
			t.Fatal(err)
		}
		path, _, _, err := m.Path(NewSearcher(), from, to, nil, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		if k := pathCrosses(m, path); k >= 0 {
			t.Fatalf("%v: path segment %d enters an obstacle", method, k)
		}
		ref := visShortest(m, from, to)
		t.Logf("method %d: %d polygons, path %.3f, shortest %.3f", method, m.Count(), PathLength(path), ref)
		drawPanel(img, m, obs, path, s, i*(hPanel+4))
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	name := filepath.Join("testdata", "geom_mesh.png")
	if *updateGolden {
		if err := os.WriteFile(name, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	f, err := os.Open(name)
	if err != nil {
		t.Fatalf("%v (run with -update)", err)
	}
	defer f.Close()
	want, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	if want.Bounds() != img.Bounds() {
		t.Fatalf("size %v, golden %v", img.Bounds(), want.Bounds())
	}
	diff := 0
	for y := 0; y < img.Bounds().Dy(); y++ {
		for x := 0; x < img.Bounds().Dx(); x++ {
			if color.RGBAModel.Convert(want.At(x, y)) != img.RGBAAt(x, y) {
				diff++
			}
		}
	}
	if diff > 0 {
		t.Fatalf("%d pixels differ from %s", diff, name)
	}
}
