package overlay

import (
	"image/color"
	"testing"

	"diorama/iso"
	"diorama/mathx"
	"diorama/raster"
)

// Through a scrolled camera, a one-tile-per-cell grid covers exactly the
// pixels of the tiles iso's Painter draws at zoom 1; at higher zooms the
// painter magnifies map pixels into blocks while the overlay is sampled
// per screen pixel, so they differ only along the map's outline, within
// one map pixel of it.
func TestScalarMatchesPainterTiles(t *testing.T) {
	p, _ := iso.Dimetric(32)
	g, _ := iso.NewDiamond(p, 6, 5)
	for _, zoom := range []int{1, 2, 3} {
		cam := iso.NewCamera(200, 150)
		cam.SetZoom(zoom)
		cam.Center = g.ToScreen(mathx.Vec3{X: 2.3, Y: 2.1})
		tile := raster.MustSprite(iso.TileImage(p, color.RGBA{255, 255, 255, 255}))
		layer := &iso.TileLayer{Tiles: make([]int32, 30), Sprites: []*raster.Sprite{tile}}
		tiles, _ := raster.NewFrame(200, 150)
		dl := raster.NewDrawList()
		if err := iso.NewPainter(g, cam).Layer(dl, layer, 0); err != nil {
			t.Fatal(err)
		}
		dl.Draw(tiles)

		cells, _ := raster.NewFrame(200, 150)
		dl.Reset()
		o := New(g, cam)
		o.Begin(dl, 0)
		s := Scalar{W: 6, H: 5, Cell: 1, V: make([]float32, 30)}
		if _, err := o.Scalar(s, Ramp{Stops: []color.NRGBA{{255, 255, 255, 255}}}); err != nil {
			t.Fatal(err)
		}
		dl.Draw(cells)
		covered := func(x, y int) bool { return tiles.RGBAAt(x, y).A != 0 }
		diff := 0
		for y := 0; y < tiles.H(); y++ {
			for x := 0; x < tiles.W(); x++ {
				if covered(x, y) == (cells.RGBAAt(x, y).A != 0) {
					continue
				}
				diff++
				// Within one map pixel of the outline: both covered
				// and uncovered tile pixels nearby.
				in, out := false, false
				for dy := -zoom; dy <= zoom; dy++ {
					for dx := -zoom; dx <= zoom; dx++ {
						if covered(x+dx, y+dy) {
							in = true
						} else {
							out = true
						}
					}
				}
				if zoom == 1 || !in || !out {
					t.Fatalf("zoom %d: pixel (%d,%d) differs away from the outline (tiles %v, cells %v)", zoom, x, y, covered(x, y), !covered(x, y))
				}
			}
		}
		t.Logf("zoom %d: %d outline pixels differ", zoom, diff)
	}
}

// Culling drops only what cannot be seen: a large grid drawn through a
// small camera view gives, pixel for pixel, the same view as the whole
// grid drawn without a camera, with fewer commands.
func TestScalarCulling(t *testing.T) {
	p, _ := iso.Dimetric(16)
	g, _ := iso.NewDiamond(p, 40, 40)
	s := Scalar{W: 80, H: 80, Cell: 0.5, V: make([]float32, 6400)}
	for i := range s.V {
		s.V[i] = float32(i%11) / 10
	}
	r := Heat(0, 1)

	whole, _ := raster.NewFrame(g.Bounds().Dx(), g.Bounds().Dy())
	dl := raster.NewDrawList()
	o := New(g, nil)
	o.Begin(dl, 0)
	all, _ := o.Scalar(s, r)
	allCmds := dl.Len()
	dl.Draw(whole)

	cam := iso.NewCamera(120, 90)
	cam.Center = g.ToScreen(mathx.Vec3{X: 13, Y: 25})
	view, _ := raster.NewFrame(120, 90)
	dl.Reset()
	o.Cam = cam
	o.Begin(dl, 0)
	seen, _ := o.Scalar(s, r)
	if seen == 0 || seen >= all/4 || dl.Len() >= allCmds/4 {
		t.Fatalf("culled view drew %d of %d cells in %d of %d commands", seen, all, dl.Len(), allCmds)
	}
	dl.Draw(view)
	org := cam.Origin()
	for y := 0; y < view.H(); y++ {
		for x := 0; x < view.W(); x++ {
			if got, want := view.RGBAAt(x, y), whole.RGBAAt(x+org.X, y+org.Y); got != want {
				t.Fatalf("view pixel (%d,%d): %v, whole map %v", x, y, got, want)
			}
		}
	}
}
