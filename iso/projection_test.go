package iso

import (
	"math"
	"testing"

	"diorama/mathx"
)

func mustDimetric(t testing.TB, w int) Projection {
	t.Helper()
	p, err := Dimetric(w)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestProjectionConstructors(t *testing.T) {
	p := mustDimetric(t, 64)
	if p != (Projection{64, 32, 32}) {
		t.Fatalf("Dimetric(64) = %+v", p)
	}
	if got, want := p.Angle(), math.Atan(0.5); math.Abs(got-want) > 1e-12 {
		t.Fatalf("dimetric angle %v, want %v", got, want)
	}
	ti, err := TrueIsometric(32)
	if err != nil {
		t.Fatal(err)
	}
	if ti != (Projection{56, 32, 32}) { // 32·√3 = 55.43 → 56
		t.Fatalf("TrueIsometric(32) = %+v", ti)
	}
	if d := mathx.ToDeg(ti.Angle()); math.Abs(d-30) > 0.5 {
		t.Fatalf("true isometric angle %v°", d)
	}
	for _, bad := range [][3]int{{0, 32, 32}, {63, 32, 32}, {64, 31, 32}, {64, 32, 0}, {-64, 32, 32}, {1 << 14, 32, 32}} {
		if _, err := NewProjection(bad[0], bad[1], bad[2]); err == nil {
			t.Errorf("NewProjection%v: no error", bad)
		}
	}
	if _, err := Dimetric(62); err == nil {
		t.Error("Dimetric(62) accepted")
	}
	if _, err := TrueIsometric(31); err == nil {
		t.Error("TrueIsometric(31) accepted")
	}
}

func TestToScreenKnownValues(t *testing.T) {
	p := mustDimetric(t, 64)
	cases := []struct {
		w mathx.Vec3
		s mathx.Vec2
	}{
		{mathx.V3(0, 0, 0), mathx.V2(0, 0)},
		{mathx.V3(1, 0, 0), mathx.V2(32, 16)},
		{mathx.V3(0, 1, 0), mathx.V2(-32, 16)},
		{mathx.V3(1, 1, 0), mathx.V2(0, 32)},
		{mathx.V3(0, 0, 1), mathx.V2(0, -32)},
		{mathx.V3(2.5, 1, 0.5), mathx.V2(48, 40)},
	}
	for _, c := range cases {
		if got := p.ToScreen(c.w); got != c.s {
			t.Errorf("ToScreen(%v) = %v, want %v", c.w, got, c.s)
		}
	}
}

// World → screen → world round trip on many planes and projections.
func TestWorldScreenRoundTrip(t *testing.T) {
	ti, _ := TrueIsometric(32)
	odd, _ := NewProjection(50, 18, 7)
	r := mathx.NewRand(3)
	for _, p := range []Projection{mustDimetric(t, 64), mustDimetric(t, 32), ti, odd} {
		for k := 0; k < 10000; k++ {
			w := mathx.V3(r.Range(-500, 500), r.Range(-500, 500), r.Range(-20, 20))
			back := p.ToWorld(p.ToScreen(w), w.Z)
			if math.Abs(back.X-w.X) > 1e-9 || math.Abs(back.Y-w.Y) > 1e-9 || back.Z != w.Z {
				t.Fatalf("%+v: %v → %v → %v", p, w, p.ToScreen(w), back)
			}
		}
	}
}

// Every pixel is owned by exactly one cell, and each cell owns exactly
// TileW·TileH/2 pixels (the area of the diamond), laid out as the classic
// pixel-art diamond.
func TestPixelCellDiamondShape(t *testing.T) {
	for _, p := range []Projection{mustDimetric(t, 64), mustDimetric(t, 16), {56, 32, 32}, {50, 18, 7}, {6, 6, 2}} {
		counts := map[[2]int]int{}
		b := p.CellBounds(0, 0, 0)
		for py := b.Min.Y - p.TileH; py < b.Max.Y+p.TileH; py++ {
			for px := b.Min.X - p.TileW; px < b.Max.X+p.TileW; px++ {
				i, j := p.PixelCell(px, py, 0)
				if i == 0 && j == 0 {
					if !(mathx.Point{X: px, Y: py}).In(b) {
						t.Fatalf("%+v: pixel (%d,%d) of cell 0,0 outside its bounds %v", p, px, py, b)
					}
				}
				counts[[2]int{i, j}]++
			}
		}
		if got, want := counts[[2]int{0, 0}], p.TileW*p.TileH/2; got != want {
			t.Errorf("%+v: cell (0,0) owns %d pixels, want %d", p, got, want)
		}
	}
	// The 64×32 diamond: rows of 2, 6, ..., 62, 62, ..., 6, 2.
	p := mustDimetric(t, 64)
	rowLen := func(py int) (n, first int) {
		first = math.MaxInt
		for px := -40; px < 40; px++ {
			if i, j := p.PixelCell(px, py, 0); i == 0 && j == 0 {
				n++
				first = min(first, px)
			}
		}
		return
	}
	for _, c := range []struct{ y, n, first int }{{0, 2, -1}, {1, 6, -3}, {15, 62, -31}, {16, 62, -31}, {31, 2, -1}} {
		if n, f := rowLen(c.y); n != c.n || f != c.first {
			t.Errorf("row %d: %d pixels from %d, want %d from %d", c.y, n, f, c.n, c.first)
		}
	}
}

// Picking agrees with the real-number inverse everywhere except within a
// hair of an edge.
func TestPixelCellMatchesFloatInverse(t *testing.T) {
	for _, p := range []Projection{mustDimetric(t, 64), {56, 32, 32}, {50, 18, 7}} {
		for py := -200; py < 200; py += 3 {
			for px := -300; px < 300; px++ {
				w := p.ToWorld(mathx.V2(float64(px)+0.5, float64(py)+0.5), 0)
				fi, fj := math.Floor(w.X), math.Floor(w.Y)
				if math.Abs(w.X-math.Round(w.X)) < 1e-9 || math.Abs(w.Y-math.Round(w.Y)) < 1e-9 {
					continue
				}
				if i, j := p.PixelCell(px, py, 0); i != int(fi) || j != int(fj) {
					t.Fatalf("%+v pixel (%d,%d): exact (%d,%d), float (%v,%v)", p, px, py, i, j, fi, fj)
				}
			}
		}
	}
}

// Points exactly on diamond edges and corners go to the half-open owner;
// 1/SubPixel next to an edge they go to the neighbour.
func TestPointCellOnAndNextToEdges(t *testing.T) {
	p := mustDimetric(t, 64)
	eps := 1.0 / SubPixel
	for i := -3; i <= 3; i++ {
		for j := -3; j <= 3; j++ {
			top := p.CellCorner(i, j, 0).Vec()
			// Along the upper-right edge (y = j), inside the half-open cell.
			for k := 1; k < 16; k++ { // k = 0 is the top corner
				f := float64(k) / 16
				on := top.Add(mathx.V2(32*f, 16*f)) // world (i+f, j)
				check(t, p, on, 0, i, j)
				check(t, p, on.Add(mathx.V2(0, -eps)), 0, i, j-1) // just above: cell j−1
				// Along the upper-left edge (x = i).
				on2 := top.Add(mathx.V2(-32*f, 16*f)) // world (i, j+f)
				check(t, p, on2, 0, i, j)
				check(t, p, on2.Add(mathx.V2(0, -eps)), 0, i-1, j)
			}
			// The bottom corner belongs to the cell below it, the left and
			// right corners to the side cells.
			check(t, p, top.Add(mathx.V2(0, 32)), 0, i+1, j+1)
			check(t, p, top.Add(mathx.V2(-32, 16)), 0, i, j+1)
			check(t, p, top.Add(mathx.V2(32, 16)), 0, i+1, j)
			// Elevated plane: the same diamond lifted by 20 pixels.
			check(t, p, top.Add(mathx.V2(0, 1-20)), 20, i, j)
		}
	}
	for _, bad := range []mathx.Vec2{{X: math.NaN()}, {Y: math.Inf(1)}, {X: 1e300}} {
		if _, _, ok := p.PointCell(bad, 0); ok {
			t.Errorf("PointCell(%v) ok", bad)
		}
	}
}

func check(t *testing.T, p Projection, s mathx.Vec2, zpix, wi, wj int) {
	t.Helper()
	i, j, ok := p.PointCell(s, zpix)
	if !ok || i != wi || j != wj {
		t.Fatalf("PointCell(%v, z %d) = (%d,%d,%v), want (%d,%d)", s, zpix, i, j, ok, wi, wj)
	}
}

// Pixel picking and sub-pixel picking agree at pixel centres.
func TestPixelAndPointPickAgree(t *testing.T) {
	p, _ := NewProjection(50, 18, 7)
	for py := -60; py < 60; py++ {
		for px := -80; px < 80; px++ {
			i, j := p.PixelCell(px, py, 5)
			i2, j2, _ := p.PointCell(mathx.V2(float64(px)+0.5, float64(py)+0.5), 5)
			if i != i2 || j != j2 {
				t.Fatalf("(%d,%d): pixel (%d,%d) point (%d,%d)", px, py, i, j, i2, j2)
			}
		}
	}
}
