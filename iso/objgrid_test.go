package iso

import (
	"image/color"
	"testing"

	"diorama/internal/testenv"
	"diorama/mathx"
	"diorama/raster"
)

func propField(g *Grid, n int, seed uint64) []Object {
	r := mathx.NewRand(seed)
	hero := character(color.RGBA{200, 200, 40, 255})
	objs := make([]Object, n)
	for k := range objs {
		objs[k] = g.SpriteObject(hero, mathx.V3(r.Range(0, float64(g.Cols)), r.Range(0, float64(g.Rows)), 0), 0.2, 0.9)
	}
	return objs
}

// The index adds exactly the objects a scan of all objects finds visible.
func TestObjectGridMatchesScan(t *testing.T) {
	g, _ := NewDiamond(Projection{64, 32, 32}, 60, 60)
	objs := propField(g, 3000, 1)
	og, err := NewObjectGrid(objs, 128)
	if err != nil {
		t.Fatal(err)
	}
	r := mathx.NewRand(2)
	for k := 0; k < 50; k++ {
		cam := NewCamera(r.IntRange(50, 900), r.IntRange(50, 600))
		cam.SetZoom(1 + k%3)
		b := g.Bounds()
		cam.Center = mathx.V2(r.Range(float64(b.Min.X)-200, float64(b.Max.X)+200), r.Range(float64(b.Min.Y)-200, float64(b.Max.Y)+200))
		a, bpt := NewPainter(g, cam), NewPainter(g, cam)
		n := og.AddVisible(a)
		for _, o := range objs {
			bpt.Add(o)
		}
		if n != len(bpt.objs) || len(a.objs) != len(bpt.objs) {
			t.Fatalf("view %v: index added %d, scan %d", cam.View(), n, len(bpt.objs))
		}
		dla, dlb := raster.NewDrawList(), raster.NewDrawList()
		a.Objects(dla, 0)
		bpt.Objects(dlb, 0)
		if dla.Len() != dlb.Len() {
			t.Fatalf("draw lists differ: %d vs %d", dla.Len(), dlb.Len())
		}
	}
	if _, err := NewObjectGrid(objs, 4); err == nil {
		t.Error("tiny chunk accepted")
	}
	empty, _ := NewObjectGrid(nil, 64)
	if empty.AddVisible(NewPainter(g, NewCamera(10, 10))) != 0 {
		t.Error("empty index added objects")
	}
}

func TestObjectGridDoesNotAllocate(t *testing.T) {
	g, _ := NewDiamond(Projection{64, 32, 32}, 100, 100)
	og, _ := NewObjectGrid(propField(g, 5000, 3), 256)
	cam := NewCamera(800, 480)
	cam.Center = g.ToScreen(mathx.V3(50, 50, 0))
	pt := NewPainter(g, cam)
	dl := raster.NewDrawList()
	frame := func() {
		dl.Reset()
		og.AddVisible(pt)
		pt.Objects(dl, 0)
	}
	frame()
	if n := testenv.AllocsOver(50, frame); n != 0 {
		t.Fatalf("%v allocations in 50 frames", n)
	}
}

// Finding the visible objects among 10,000 and 1,000,000 on 100×100 and
// 1000×1000 maps costs the same: it follows the view.
func BenchmarkObjectGridVisible(b *testing.B) {
	for _, c := range []struct {
		side, n int
	}{{100, 10000}, {1000, 1000000}} {
		b.Run(itoa(c.n), func(b *testing.B) {
			g, _ := NewDiamond(Projection{64, 32, 32}, c.side, c.side)
			og, _ := NewObjectGrid(propField(g, c.n, 4), 256)
			cam := NewCamera(800, 480)
			cam.Center = g.ToScreen(mathx.V3(float64(c.side)/2, float64(c.side)/2, 0))
			pt := NewPainter(g, cam)
			n := 0
			b.ReportAllocs()
			for b.Loop() {
				pt.objs = pt.objs[:0]
				n = og.AddVisible(pt)
			}
			b.ReportMetric(float64(n), "visible")
		})
	}
}
