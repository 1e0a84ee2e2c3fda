package overlay

import (
	"image"
	"image/color"
	"math"
	"strings"
	"testing"

	"diorama/iso"
	"diorama/mathx"
	"diorama/raster"
)

func TestRampStops(t *testing.T) {
	r := Ramp{Lo: -1, Hi: 3, Stops: []color.NRGBA{{0, 0, 0, 0}, {100, 200, 40, 255}, {255, 0, 255, 255}}}
	nan := float32(math.NaN())
	inf := float32(math.Inf(1))
	for _, c := range []struct {
		v    float32
		want color.NRGBA
	}{
		{-1, color.NRGBA{0, 0, 0, 0}},
		{-5, color.NRGBA{0, 0, 0, 0}},               // clamped below
		{1, color.NRGBA{100, 200, 40, 255}},         // the middle stop exactly
		{3, color.NRGBA{255, 0, 255, 255}},          // last stop
		{inf, color.NRGBA{255, 0, 255, 255}},        // clamped above
		{0, color.NRGBA{50, 100, 20, 128}},          // halfway: 127.5 rounds up
		{2.5, color.NRGBA{216, 50, 201, 255}},       // 3/4 of the way from stop 1 to 2: 100+155·0.75 = 216.25
		{nan, color.NRGBA{}},                        // NaN is transparent
		{-inf, color.NRGBA{0, 0, 0, 0}},             // −Inf clamps to the first stop
		{1.0000001, color.NRGBA{100, 200, 40, 255}}, // just past a stop
	} {
		if got := r.Straight(c.v); got != c.want {
			t.Errorf("Straight(%v) = %v, want %v", c.v, got, c.want)
		}
		if got, want := r.At(c.v), raster.Premul(c.want); got != want {
			t.Errorf("At(%v) = %v, want %v", c.v, got, want)
		}
	}
	// Degenerate ramps.
	if got := (Ramp{}).At(1); got != (color.RGBA{}) {
		t.Errorf("empty ramp: %v", got)
	}
	one := Ramp{Stops: []color.NRGBA{{9, 8, 7, 255}}}
	if got := one.Straight(-100); got != one.Stops[0] {
		t.Errorf("one-stop ramp: %v", got)
	}
	flat := Ramp{Lo: 2, Hi: 2, Stops: []color.NRGBA{{0, 0, 0, 255}, {255, 255, 255, 255}}}
	if flat.Straight(1) != flat.Stops[0] || flat.Straight(2) != flat.Stops[1] {
		t.Errorf("Lo == Hi: %v %v", flat.Straight(1), flat.Straight(2))
	}
	// Presets: Heat is transparent at its low end and opaque-ish red at the
	// top; Diverging is transparent at zero and symmetric in alpha.
	h := Heat(0, 1)
	if h.At(0).A != 0 || h.Straight(1) != (color.NRGBA{220, 20, 20, 200}) {
		t.Errorf("heat ends %v %v", h.At(0), h.Straight(1))
	}
	d := Diverging(2)
	if d.At(0).A != 0 || d.Straight(-2).A != d.Straight(2).A || d.Straight(-1).A != d.Straight(1).A {
		t.Errorf("diverging %v %v %v", d.Straight(-2), d.Straight(0), d.Straight(2))
	}
	if d.Straight(-2).R <= d.Straight(-2).B || d.Straight(2).B <= d.Straight(2).R {
		t.Errorf("diverging: negative should be red, positive blue: %v %v", d.Straight(-2), d.Straight(2))
	}
}

// newTestOverlay returns an overlay on a dimetric 32-pixel map of cols ×
// rows tiles with no camera (map pixels are screen pixels), a draw list
// and a transparent frame of the map's size.
func newTestOverlay(t testing.TB, cols, rows int) (*Overlay, *raster.DrawList, *raster.Frame) {
	t.Helper()
	p, err := iso.Dimetric(32)
	if err != nil {
		t.Fatal(err)
	}
	g, err := iso.NewDiamond(p, cols, rows)
	if err != nil {
		t.Fatal(err)
	}
	b := g.Bounds()
	f, err := raster.NewFrame(b.Dx(), b.Dy())
	if err != nil {
		t.Fatal(err)
	}
	dl := raster.NewDrawList()
	o := New(g, nil)
	o.Begin(dl, 0)
	return o, dl, f
}

// Each cell's pixel (at its diamond's centre) on a transparent frame is
// exactly the ramp's colour for the cell's value; masked and transparent
// cells leave no pixel.
func TestScalarCellColours(t *testing.T) {
	o, dl, f := newTestOverlay(t, 8, 8)
	s := Scalar{W: 12, H: 10, Cell: 0.5, Origin: mathx.Vec2{X: 1, Y: 2}, V: make([]float32, 120), Mask: make([]bool, 120)}
	for i := range s.V {
		s.V[i] = float32(i%17)/8 - 1
		s.Mask[i] = i%13 != 5
	}
	s.V[7] = float32(math.NaN())
	r := Diverging(1)
	n, err := o.Scalar(s, r)
	if err != nil {
		t.Fatal(err)
	}
	dl.Draw(f)
	drawn := 0
	for y := 0; y < s.H; y++ {
		for x := 0; x < s.W; x++ {
			i := y*s.W + x
			want := r.At(s.V[i])
			if !s.Mask[i] {
				want = color.RGBA{}
			}
			if want.A != 0 {
				drawn++
			}
			c := o.ToScreen(s.Origin.Add(mathx.Vec2{X: (float64(x) + 0.5) * s.Cell, Y: (float64(y) + 0.5) * s.Cell}))
			if got := f.RGBAAt(int(c.X), int(c.Y)); got != want {
				t.Fatalf("cell (%d,%d) value %v: pixel %v, want %v", x, y, s.V[i], got, want)
			}
		}
	}
	if n != drawn {
		t.Fatalf("Scalar reported %d cells, %d have a visible colour", n, drawn)
	}
}

// A uniform translucent grid leaves exactly one blend on every pixel
// whose centre is inside the grid (no seams, no double-blended edges) and
// nothing outside it.
func TestScalarNoSeams(t *testing.T) {
	o, dl, f := newTestOverlay(t, 6, 6)
	s := Scalar{W: 10, H: 7, Cell: 0.5, Origin: mathx.Vec2{X: 0.5, Y: 1}, V: make([]float32, 70)}
	r := Ramp{Stops: []color.NRGBA{{200, 100, 50, 120}}}
	n, err := o.Scalar(s, r)
	if err != nil {
		t.Fatal(err)
	}
	if n != s.W*s.H || dl.Len() != s.H {
		t.Fatalf("%d cells in %d commands, want %d in one per row (%d)", n, dl.Len(), s.W*s.H, s.H)
	}
	dl.Draw(f)
	want := r.At(0)
	g := o.Grid
	for py := 0; py < f.H(); py++ {
		for px := 0; px < f.W(); px++ {
			w := g.ToWorld(mathx.Vec2{X: float64(px) + 0.5, Y: float64(py) + 0.5}, 0)
			u, v := (w.X-s.Origin.X)/s.Cell, (w.Y-s.Origin.Y)/s.Cell
			const eps = 1e-9
			inside := u > eps && v > eps && u < float64(s.W)-eps && v < float64(s.H)-eps
			outside := u < -eps || v < -eps || u > float64(s.W)+eps || v > float64(s.H)+eps
			got := f.RGBAAt(px, py)
			if inside && got != want {
				t.Fatalf("pixel (%d,%d) inside the grid: %v, want %v", px, py, got, want)
			}
			if outside && got != (color.RGBA{}) {
				t.Fatalf("pixel (%d,%d) outside the grid: %v", px, py, got)
			}
		}
	}
}

func TestScalarBadInput(t *testing.T) {
	o, dl, _ := newTestOverlay(t, 4, 4)
	nan := math.NaN()
	for _, c := range []struct {
		s    Scalar
		want string
	}{
		{Scalar{W: 0, H: 3, Cell: 1}, "empty"},
		{Scalar{W: -2, H: 3, Cell: 1}, "empty"},
		{Scalar{W: 1 << 20, H: 1 << 20, Cell: 1}, "more than"},
		{Scalar{W: 2, H: 2, Cell: 1, V: make([]float32, 3)}, "3 values, want 4"},
		{Scalar{W: 2, H: 2, Cell: 1, V: make([]float32, 4), Mask: make([]bool, 1)}, "mask"},
		{Scalar{W: 2, H: 2, Cell: nan, V: make([]float32, 4)}, "cell size"},
		{Scalar{W: 2, H: 2, Cell: 0, V: make([]float32, 4)}, "cell size"},
		{Scalar{W: 2, H: 2, Cell: math.Inf(1), V: make([]float32, 4)}, "cell size"},
		{Scalar{W: 2, H: 2, Cell: 1, Origin: mathx.Vec2{X: nan}, V: make([]float32, 4)}, "origin"},
	} {
		n, err := o.Scalar(c.s, Heat(0, 1))
		if err == nil || !strings.Contains(err.Error(), c.want) || n != 0 {
			t.Errorf("%+v: n=%d err=%v, want an error about %q", c.s, n, err, c.want)
		}
	}
	if dl.Len() != 0 {
		t.Fatalf("bad grids added %d commands", dl.Len())
	}
}

// Non-finite shapes draw nothing and never panic; an overlay without a
// draw list or grid draws nothing.
func TestShapesBadInput(t *testing.T) {
	o, dl, _ := newTestOverlay(t, 4, 4)
	nan, inf := math.NaN(), math.Inf(1)
	bad := mathx.Vec2{X: nan, Y: 1}
	o.Polygon([]mathx.Vec2{{X: 0, Y: 0}, bad, {X: 1, Y: 1}}, ColliderStyle)
	o.Polygon([]mathx.Vec2{{X: 0, Y: 0}, {X: 1, Y: 1}}, ColliderStyle) // two points
	o.Path([]mathx.Vec2{{X: 0, Y: 0}, {X: inf, Y: 0}}, RawPathStyle)
	o.Path(nil, RawPathStyle)
	o.Circle(bad, 1, ColliderStyle)
	o.Circle(mathx.Vec2{X: 1, Y: 1}, nan, ColliderStyle)
	o.Circle(mathx.Vec2{X: 1, Y: 1}, -1, ColliderStyle)
	o.Circle(mathx.Vec2{X: 1, Y: 1}, inf, ColliderStyle)
	o.Box(mathx.AABB{Min: bad, Max: mathx.Vec2{X: 2, Y: 2}}, ColliderStyle)
	o.OrientedBox(mathx.Vec2{X: 1, Y: 1}, mathx.Vec2{X: 1, Y: 1}, nan, ColliderStyle)
	o.Point(bad, MarkerDot, 3, color.NRGBA{A: 255})
	o.Point(mathx.Vec2{}, MarkerDot, nan, color.NRGBA{A: 255})
	if r := o.Label(bad, "x", color.NRGBA{A: 255}); !r.Empty() {
		t.Errorf("label at NaN: %v", r)
	}
	if dl.Len() != 0 {
		t.Fatalf("bad shapes added %d commands", dl.Len())
	}
	// Huge but finite shapes are handed to the raster, which clips them.
	o.Circle(mathx.Vec2{X: 1, Y: 1}, 1e12, ColliderStyle)
	o.Path([]mathx.Vec2{{X: -1e15, Y: 0}, {X: 1e15, Y: 3}}, RawPathStyle)
	f, _ := raster.NewFrame(64, 64)
	dl.Draw(f)

	var z Overlay // no grid, no draw list
	z.Polygon([]mathx.Vec2{{}, {X: 1}, {Y: 1}}, ColliderStyle)
	z.Tree(0, 0, "t", []Node{{Label: "a"}})
	if _, err := z.Scalar(Scalar{W: 1, H: 1, Cell: 1, V: []float32{1}}, Heat(0, 1)); err != nil {
		t.Fatal(err)
	}
}

// A circle collider of world radius r is an ellipse on screen with
// semi-axes r·TileW/√2 across and r·TileH/√2 down (dimetric: 2:1).
func TestCircleExtent(t *testing.T) {
	o, dl, f := newTestOverlay(t, 8, 8)
	c, r := mathx.Vec2{X: 4, Y: 4}, 2.0
	o.Circle(c, r, Style{Fill: color.NRGBA{0, 255, 0, 255}})
	dl.Draw(f)
	s := o.ToScreen(c)
	ax, ay := r*32/math.Sqrt2, r*16/math.Sqrt2 // 45.25 and 22.6 pixels
	painted := func(dx, dy float64) bool {
		return f.RGBAAt(int(math.Floor(s.X+dx)), int(math.Floor(s.Y+dy))).A != 0
	}
	for _, sign := range []float64{-1, 1} {
		if !painted(sign*(ax-2), 0) || painted(sign*(ax+2), 0) {
			t.Errorf("horizontal extent %v wrong on side %v", ax, sign)
		}
		if !painted(0, sign*(ay-2)) || painted(0, sign*(ay+2)) {
			t.Errorf("vertical extent %v wrong on side %v", ay, sign)
		}
	}
	// The world point at radius 0.9r along x lies inside; at 1.1r outside.
	in := o.ToScreen(c.Add(mathx.Vec2{X: 0.9 * r}))
	out := o.ToScreen(c.Add(mathx.Vec2{X: 1.1 * r}))
	if f.RGBAAt(int(in.X), int(in.Y)).A == 0 || f.RGBAAt(int(out.X), int(out.Y)).A != 0 {
		t.Errorf("circle does not follow the ground plane")
	}
}

// A box collider covers the tiles it spans: drawn over cells [2,5)×[1,3),
// their centres are painted and their neighbours' are not.
func TestBoxCoversTiles(t *testing.T) {
	o, dl, f := newTestOverlay(t, 8, 8)
	o.Box(mathx.AABB{Min: mathx.Vec2{X: 2, Y: 1}, Max: mathx.Vec2{X: 5, Y: 3}}, Style{Fill: color.NRGBA{255, 0, 0, 255}})
	o.OrientedBox(mathx.Vec2{X: 5.5, Y: 6.5}, mathx.Vec2{X: 0.3, Y: 1.5}, math.Pi/2, Style{Fill: color.NRGBA{0, 0, 255, 255}})
	dl.Draw(f)
	for j := 0; j < 8; j++ {
		for i := 0; i < 8; i++ {
			p := o.ToScreen(mathx.Vec2{X: float64(i) + 0.5, Y: float64(j) + 0.5})
			got := f.RGBAAt(int(p.X), int(p.Y))
			want := color.RGBA{}
			switch {
			case i >= 2 && i < 5 && j >= 1 && j < 3:
				want = color.RGBA{255, 0, 0, 255}
			case j == 6 && i >= 4 && i <= 6: // rotated a quarter turn: long along x
				want = color.RGBA{0, 0, 255, 255}
			}
			if got != want {
				t.Fatalf("tile (%d,%d): %v, want %v", i, j, got, want)
			}
		}
	}
}

// A path's line and markers are in its colour at its vertices; Ends adds
// a ring at the start and a disc at the goal.
func TestPathPixels(t *testing.T) {
	o, dl, f := newTestOverlay(t, 8, 8)
	pts := []mathx.Vec2{{X: 1.5, Y: 1.5}, {X: 5.5, Y: 1.5}, {X: 5.5, Y: 6.5}}
	st := PathStyle{Color: color.NRGBA{255, 0, 0, 255}, Width: 3, Marker: MarkerSquare, Size: 3}
	o.Path(pts, st)
	dl.Draw(f)
	red := color.RGBA{255, 0, 0, 255}
	for _, p := range pts {
		s := o.ToScreen(p)
		for _, d := range [][2]int{{0, 0}, {-3, -3}, {3, 3}, {3, -3}} { // the square's corners
			if got := f.RGBAAt(int(s.X)+d[0], int(s.Y)+d[1]); got != red {
				t.Fatalf("marker at %v%v: %v", p, d, got)
			}
		}
	}
	mid := o.ToScreen(mathx.Vec2{X: 3.5, Y: 1.5})
	if got := f.RGBAAt(int(mid.X), int(mid.Y)); got != red {
		t.Fatalf("line middle: %v", got)
	}
	off := o.ToScreen(mathx.Vec2{X: 3.5, Y: 4})
	if got := f.RGBAAt(int(off.X), int(off.Y)); got.A != 0 {
		t.Fatalf("pixel away from the path: %v", got)
	}
}

// The tree panel puts node i's box on row i, indented by depth, filled
// with its status colour (faded when stale), and connects it to its
// parent.
func TestTreePanelLayout(t *testing.T) {
	f, _ := raster.NewFrame(300, 200)
	dl := raster.NewDrawList()
	o := New(nil, nil)
	o.Begin(dl, 0)
	nodes := []Node{
		{Label: "selector", Depth: 0, Status: Running},
		{Label: "cond", Depth: 1, Status: Failure},
		{Label: "act", Depth: 2, Status: NotRun},
		{Label: "seq", Depth: 1, Status: Success, Stale: true},
		{Label: "deep", Depth: 9, Status: Success}, // drawn at depth 2
	}
	r := o.Tree(10, 10, "tree", nodes)
	dl.Draw(f)
	lh := o.Font.LineHeight()
	step := lh + 2 + rowGap
	top := 10 + panelPad + lh + rowGap
	back := raster.Premul(panelBack)
	for i, n := range nodes {
		d := min(n.Depth, 2)
		bx, by := 10+panelPad+d*panelIndent, top+i*step
		want := raster.Premul(statusFill[n.Status])
		if n.Stale {
			c := statusFill[n.Status]
			c.A = staleAlpha
			want = blend(raster.Premul(c), back)
		}
		// One pixel inside the box's border, left of the text.
		if got := f.RGBAAt(bx+2, by+2); got != want {
			t.Errorf("node %d %q: box pixel %v, want %v", i, n.Label, got, want)
		}
		if d > 0 {
			// The connector's horizontal arm reaches the box.
			if got := f.RGBAAt(bx-1, by+(lh+2)/2); got != raster.Premul(panelLine) {
				t.Errorf("node %d: connector pixel %v", i, got)
			}
		}
	}
	wantH := panelPad + lh + rowGap + len(nodes)*step + rowGap + lh + 2 + panelPad
	if r.Min != (image.Point{10, 10}) || r.Dy() != wantH {
		t.Errorf("panel %v, want height %d", r, wantH)
	}
	if got := f.RGBAAt(r.Max.X-2, r.Min.Y+2); got != back {
		t.Errorf("panel backdrop %v, want %v", got, back)
	}
}

// blend composites premultiplied src over an opaque-or-not dst with the
// raster's exact rule (the standard library's draw.Over on one pixel).
func blend(src, dst color.RGBA) color.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, 1, 1))
	img.SetRGBA(0, 0, dst)
	f, _ := raster.FrameOf(img)
	f.Clear(dst)
	raster.FillRect(f, f.Bounds(), f.Bounds(), src)
	return f.RGBAAt(0, 0)
}

func TestStatusNames(t *testing.T) {
	for s, want := range map[Status]string{NotRun: "not run", Running: "running", Success: "success", Failure: "failure", 9: "invalid"} {
		if s.String() != want {
			t.Errorf("%d: %q", s, s.String())
		}
	}
	if StatusColor(9) != (color.NRGBA{}) || StatusColor(Success).A != 255 {
		t.Error("StatusColor")
	}
	if PaletteColor(-1, 7) != PaletteColor(11, 7) || PaletteColor(12, 7) != PaletteColor(0, 7) || PaletteColor(3, 7).A != 7 {
		t.Error("PaletteColor wraps by 12")
	}
}

func TestActive(t *testing.T) {
	nodes := []Node{
		{Label: "root", Depth: 0, Status: Running},
		{Label: "a", Depth: 1, Status: Running},
		{Label: "a1", Depth: 2, Status: Running, Stale: true}, // earlier tick
		{Label: "b", Depth: 1, Status: Running},
		{Label: "b1", Depth: 2, Status: Running},
		{Label: "b2", Depth: 2, Status: Running},
		{Label: "c", Depth: 3, Status: Success},
	}
	if got := Active(nodes); got != 4 {
		t.Fatalf("Active = %d, want 4 (b1: deepest running, first in pre-order)", got)
	}
	if got := Active(nodes[6:]); got != -1 {
		t.Fatalf("nothing running: %d", got)
	}
	if got := Active(nil); got != -1 {
		t.Fatalf("no nodes: %d", got)
	}
}
