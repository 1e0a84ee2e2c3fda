package scene_test

import (
	"diorama/level"
	"diorama/scene"
	"image/color"
	"testing"
	"testing/fstest"

	"diorama/internal/testenv"
	"diorama/iso"
	"diorama/iso/overlay"
	"diorama/mathx"
	"diorama/raster"
	"diorama/raster/rastertest"
)

// The debug view of a small level: navmesh, wall boxes, the characters'
// colliders, the path of the one sent walking, named dots (golden
// image); it allocates nothing once warm, and a world whose navigation
// cannot be built is still drawn.
func TestDebugView(t *testing.T) {
	w, err := level.LoadASCII(fstest.MapFS{"l.lev": {Data: []byte("wwwwwwww\nws----ew\nw-www--w\nw------w\nwwwwwwww\n")}}, "l.lev", level.Options{Proj: mustProj32(t)})
	if err != nil {
		t.Fatal(err)
	}
	p, ok := w.Find("player")
	if !ok {
		t.Fatal("no player")
	}
	w.Nav().MoveTo(p, mathx.V2(3.5, 3.5), 2)
	w.Step()
	if len(w.Nav().MovePath(p)) < 2 {
		t.Fatalf("no path to draw: %v", w.Nav().MovePath(p))
	}
	b := w.Grid.Bounds()
	cam := iso.NewCamera(b.Dx()+16, b.Dy()+48)
	cam.Center = mathx.V2(float64(b.Min.X+b.Max.X)/2, float64(b.Min.Y+b.Max.Y)/2-16)
	fr, err := raster.NewFrame(cam.ViewW, cam.ViewH)
	if err != nil {
		t.Fatal(err)
	}
	dl := raster.NewDrawList()
	ov := overlay.New(w.Grid, cam)
	d := scene.DebugView{Names: true}
	draw := func() {
		dl.Reset()
		ov.Begin(dl, 0)
		d.Draw(w, ov)
	}
	draw()
	fr.Clear(color.RGBA{24, 24, 32, 255})
	dl.Draw(fr)
	rastertest.Golden(t, "testdata/golden_debug.png", fr, *scene.Update)
	withNames := dl.Len()
	if a := testenv.AllocsOver(20, draw); a != 0 {
		t.Errorf("%d allocations in 20 debug frames", a)
	}
	d.Names = false
	draw()
	if dl.Len() >= withNames {
		t.Errorf("%d commands without names, %d with", dl.Len(), withNames)
	}
	// No navigation: the rest is drawn.
	w.Nav().SetOptions(scene.NavOptions{MaxCells: 1})
	draw()
	if n := dl.Len(); n == 0 || n >= withNames {
		t.Errorf("%d commands without navigation", n)
	}
}

func mustProj32(t *testing.T) iso.Projection {
	p, err := iso.Dimetric(32)
	if err != nil {
		t.Fatal(err)
	}
	return p
}
