package overlay

import (
	"image/color"
	"math"
	"testing"

	"diorama/iso"
	"diorama/mathx"
	"diorama/raster"
)

// FuzzShapes feeds arbitrary coordinates, sizes and grid shapes (NaN,
// infinities, huge values) to every drawing call and renders the result:
// nothing may panic, and a malformed grid must be an error.
func FuzzShapes(f *testing.F) {
	f.Add(1.5, 2.5, 0.5, 3.0, 4.0, 0.25, int16(4), int16(3), uint8(2), "label")
	f.Add(math.NaN(), 0.0, math.Inf(1), -1.0, 1e300, 0.0, int16(0), int16(-5), uint8(0), "")
	f.Add(-1e12, 1e12, 1e-300, 7.0, -3.0, math.Inf(-1), int16(1000), int16(1000), uint8(16), "x\ny")
	p, _ := iso.Dimetric(32)
	g, _ := iso.NewDiamond(p, 8, 8)
	frame, _ := raster.NewFrame(96, 64)
	f.Fuzz(func(t *testing.T, x, y, r, a, b, cell float64, w, h int16, zoom uint8, text string) {
		cam := iso.NewCamera(96, 64)
		cam.SetZoom(int(zoom))
		cam.Center = mathx.Vec2{X: 128, Y: 64}
		dl := raster.NewDrawList()
		o := New(g, cam)
		o.Begin(dl, 0)
		pts := []mathx.Vec2{{X: x, Y: y}, {X: a, Y: b}, {X: x + r, Y: y - r}, {X: cell, Y: a}}
		o.Polygon(pts, ColliderStyle)
		o.Polygons([][]mathx.Vec2{pts, pts[:2]}, NavmeshStyle)
		o.Path(pts, FunnelPathStyle)
		o.Path(pts[:1], PathStyle{Color: color.NRGBA{A: 255}, Marker: Marker(zoom % 6), Size: r, Ends: true})
		o.Circle(mathx.Vec2{X: x, Y: y}, r, ColliderStyle)
		o.Box(mathx.AABB{Min: mathx.Vec2{X: x, Y: y}, Max: mathx.Vec2{X: a, Y: b}}, ColliderStyle)
		o.OrientedBox(mathx.Vec2{X: x, Y: y}, mathx.Vec2{X: r, Y: cell}, a, ColliderStyle)
		o.Point(mathx.Vec2{X: a, Y: b}, Marker(zoom%6), r, color.NRGBA{255, 0, 0, 255})
		o.Label(mathx.Vec2{X: x, Y: y}, text, color.NRGBA{255, 255, 255, 255})
		o.Tree(int(w), int(h), text, []Node{{Label: text, Depth: int(w)}, {Label: "n", Depth: int(h), Status: Status(zoom)}})
		n := max(int(w), 0) * max(int(h), 0)
		s := Scalar{W: int(w), H: int(h), Cell: cell, Origin: mathx.Vec2{X: x, Y: y}, V: make([]float32, min(n, 1<<10))}
		for i := range s.V {
			s.V[i] = float32(a) * float32(i%7)
		}
		_, err := o.Scalar(s, Ramp{Lo: float32(a), Hi: float32(b), Stops: []color.NRGBA{{0, 0, 0, 0}, {255, 0, 0, 200}}})
		valid := w > 0 && h > 0 && n <= 1<<10 && cell > 0 && !math.IsInf(cell, 0) && mathx.IsFinite(x) && mathx.IsFinite(y)
		if valid != (err == nil) {
			t.Fatalf("grid %d×%d cell %v origin (%v,%v): err %v", w, h, cell, x, y, err)
		}
		dl.Draw(frame)
	})
}
