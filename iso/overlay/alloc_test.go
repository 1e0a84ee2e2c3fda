package overlay

import (
	"image/color"
	"math"
	"testing"

	"diorama/internal/testenv"
	"diorama/iso"
	"diorama/mathx"
	"diorama/raster"
)

// f1Frame is what a game's F1 overlay draws each frame: an influence map,
// a navmesh, paths, colliders, labels and a tree panel.
type f1Frame struct {
	o     *Overlay
	dl    *raster.DrawList
	grid  Scalar
	polys [][]mathx.Vec2
	path  []mathx.Vec2
	nodes []Node
}

func newF1Frame(t testing.TB) *f1Frame {
	p, err := iso.Dimetric(64)
	if err != nil {
		t.Fatal(err)
	}
	g, err := iso.NewDiamond(p, 64, 64)
	if err != nil {
		t.Fatal(err)
	}
	cam := iso.NewCamera(800, 480)
	cam.Center = g.ToScreen(mathx.Vec3{X: 16, Y: 16})
	f := &f1Frame{o: New(g, cam), dl: raster.NewDrawList()}
	f.grid = Scalar{W: 64, H: 64, Cell: 0.5, Origin: mathx.Vec2{X: 0, Y: 0}, V: make([]float32, 64*64)}
	for i := range f.grid.V {
		x, y := float64(i%64), float64(i/64)
		f.grid.V[i] = float32(math.Sin(x/5) * math.Cos(y/7))
	}
	for i := 0; i < 60; i++ {
		x, y := float64(i%10)*3, float64(i/10)*3
		f.polys = append(f.polys, []mathx.Vec2{{X: x, Y: y}, {X: x + 2.5, Y: y}, {X: x + 2.5, Y: y + 2.5}, {X: x, Y: y + 2.5}})
	}
	for i := 0; i < 40; i++ {
		f.path = append(f.path, mathx.Vec2{X: 2 + float64(i)*0.5, Y: 3 + math.Sin(float64(i)/3)*2})
	}
	for i := 0; i < 18; i++ {
		f.nodes = append(f.nodes, Node{Label: "action travelTo 0", Depth: i % 5, Status: Status(i % 4), Stale: i%3 == 0})
	}
	return f
}

func (f *f1Frame) draw() {
	f.dl.Reset()
	o := f.o
	o.Begin(f.dl, 100)
	o.Scalar(f.grid, Diverging(1))
	o.Polygons(f.polys, NavmeshStyle)
	o.Path(f.path, RawPathStyle)
	o.Path(f.path[5:30], FunnelPathStyle)
	o.Path(f.path[10:], SmoothPathStyle)
	for i := 0; i < 20; i++ {
		c := mathx.Vec2{X: 4 + float64(i), Y: 10 + float64(i%4)}
		o.Circle(c, 0.4, ColliderStyle)
		o.Box(mathx.AABB{Min: c.Add(mathx.Vec2{X: 0, Y: 3}), Max: c.Add(mathx.Vec2{X: 0.8, Y: 3.6})}, ColliderStyle)
		o.OrientedBox(c.Add(mathx.Vec2{Y: 6}), mathx.Vec2{X: 0.5, Y: 0.2}, float64(i)/5, ColliderStyle)
		o.Label(c, "chase", color.NRGBA{255, 255, 255, 255})
	}
	o.Point(mathx.Vec2{X: 8, Y: 8}, MarkerCross, 4, color.NRGBA{255, 0, 0, 255})
	o.Tree(8, 8, "drone 3", f.nodes)
}

// Once warm, drawing a whole overlay frame allocates nothing.
func TestF1FrameAllocs(t *testing.T) {
	f := newF1Frame(t)
	f.draw()
	f.draw()
	if n := testenv.AllocsOver(20, f.draw); n != 0 {
		t.Fatalf("%v allocations in 20 overlay frames", n)
	}
	// And it is deterministic: two renders are identical.
	a, _ := raster.NewFrame(800, 480)
	b, _ := raster.NewFrame(800, 480)
	f.draw()
	f.dl.Draw(a)
	f.draw()
	r := raster.NewRenderer(2)
	defer r.Close()
	r.Render(b, f.dl)
	for i := range a.Pix {
		if a.Pix[i] != b.Pix[i] {
			t.Fatalf("byte %d differs between two renders", i)
		}
	}
}

func BenchmarkF1Frame(b *testing.B) {
	f := newF1Frame(b)
	f.draw()
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		f.draw()
	}
	b.ReportMetric(float64(f.dl.Len()), "commands/frame")
}

func BenchmarkF1FrameRender(b *testing.B) {
	f := newF1Frame(b)
	f.draw()
	fr, _ := raster.NewFrame(800, 480)
	r := raster.NewRenderer(0)
	defer r.Close()
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		f.draw()
		r.Render(fr, f.dl)
	}
}

// BenchmarkScalar128 draws a 128×128 influence map of half-tile cells
// that all fit the view (16 384 diamonds).
func BenchmarkScalar128(b *testing.B) {
	p, _ := iso.Dimetric(16)
	g, _ := iso.NewDiamond(p, 64, 64)
	cam := iso.NewCamera(1100, 560)
	cam.Center = g.ToScreen(mathx.Vec3{X: 32, Y: 32})
	o := New(g, cam)
	dl := raster.NewDrawList()
	s := Scalar{W: 128, H: 128, Cell: 0.5, V: make([]float32, 128*128)}
	for i := range s.V {
		s.V[i] = float32(i%97)/48 - 1
	}
	r := Diverging(1)
	draw := func() int {
		dl.Reset()
		o.Begin(dl, 0)
		n, _ := o.Scalar(s, r)
		return n
	}
	n := draw()
	frame, _ := raster.NewFrame(1100, 560)
	rend := raster.NewRenderer(0)
	defer rend.Close()
	b.Run("build", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			draw()
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/cell")
	})
	b.Run("render", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			rend.Render(frame, dl)
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/cell")
	})
}
