package iso

import (
	"testing"

	"diorama/mathx"
)

func ownedPixels(p Projection, f Face) map[mathx.Point]bool {
	out := map[mathx.Point]bool{}
	b := p.FaceBounds(f)
	for py := b.Min.Y - 4; py < b.Max.Y+4; py++ {
		for px := b.Min.X - 4; px < b.Max.X+4; px++ {
			if p.FaceOwns(f, px, py) {
				if !(mathx.Point{X: px, Y: py}).In(b) {
					panic("face pixel outside FaceBounds")
				}
				out[mathx.Point{X: px, Y: py}] = true
			}
		}
	}
	return out
}

// A wall face owns exactly its parallelogram's area in pixels, and a floor
// face exactly Len·Wid diamonds.
func TestFaceAreas(t *testing.T) {
	for _, p := range []Projection{{64, 32, 32}, {56, 32, 32}, {50, 18, 7}} {
		hw, hh := p.TileW/2, p.TileH/2
		for _, f := range []Face{
			{Plane: PlaneXZ, I: 2, J: 3, Len: 3, Z0: 0, Z1: 40},
			{Plane: PlaneYZ, I: -1, J: 4, Len: 2, Z0: 10, Z1: 25},
			{Plane: PlaneXY, I: 1, J: 1, Len: 3, Wid: 2, Z0: 16},
		} {
			want := f.Len * hw * (f.Z1 - f.Z0)
			if f.Plane == PlaneXY {
				want = f.Len * f.Wid * 2 * hw * hh
			}
			if got := len(ownedPixels(p, f)); got != want {
				t.Errorf("%+v %+v: %d pixels, want %d", p, f, got, want)
			}
			if b := f.Box(p); !b.IsFinite() {
				t.Errorf("face box %v", b)
			}
		}
	}
}

// A raised block (top at 24 pixels) on a floor: its top and two front
// walls never share a pixel, each pixel column of the block is one
// unbroken run, and right under each column's run lies the floor in front
// of the block: no gap between wall and floor, no gap between walls and
// roof.
func TestBlockFacesSeamless(t *testing.T) {
	for _, p := range []Projection{{64, 32, 32}, {56, 32, 32}, {50, 18, 7}} {
		const i, j, h = 3, 2, 24
		faces := []Face{
			{Plane: PlaneXY, I: i, J: j, Len: 1, Wid: 1, Z0: h},
			{Plane: PlaneXZ, I: i, J: j + 1, Len: 1, Z0: 0, Z1: h},
			{Plane: PlaneYZ, I: i + 1, J: j, Len: 1, Z0: 0, Z1: h},
		}
		owner := map[mathx.Point]int{}
		for k, f := range faces {
			for px := range ownedPixels(p, f) {
				if o, dup := owner[px]; dup {
					t.Fatalf("%+v: pixel %v owned by faces %d and %d", p, px, o, k)
				}
				owner[px] = k
			}
		}
		if len(owner) == 0 {
			t.Fatal("no pixels")
		}
		cols := map[int][2]int{}
		for px := range owner {
			c, ok := cols[px.X]
			if !ok {
				c = [2]int{px.Y, px.Y}
			}
			cols[px.X] = [2]int{min(c[0], px.Y), max(c[1], px.Y)}
		}
		for x, c := range cols {
			for y := c[0]; y <= c[1]; y++ {
				if _, ok := owner[mathx.Pt(x, y)]; !ok {
					t.Fatalf("%+v: hole at (%d,%d) inside the block", p, x, y)
				}
			}
			fi, fj := p.PixelCell(x, c[1]+1, 0)
			if !(fi == i+1 && fj >= j && fj <= j+1 || fj == j+1 && fi >= i && fi <= i+1) {
				t.Fatalf("%+v: below column %d is cell (%d,%d), not the floor in front", p, x, fi, fj)
			}
		}
	}
}
