package iso

import (
	"image"
	"image/color"
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

// Textured faces continue each other: a wall drawn in pieces, or a floor
// drawn tile by tile, has exactly the pixels of the same wall or floor
// drawn in one piece.
func TestTextureSeamless(t *testing.T) {
	tex := image.NewRGBA(image.Rect(0, 0, 7, 5))
	for y := 0; y < 5; y++ {
		for x := 0; x < 7; x++ {
			tex.SetRGBA(x, y, color.RGBA{uint8(30 * x), uint8(50 * y), 99, 255})
		}
	}
	for _, p := range []Projection{{64, 32, 32}, {56, 32, 32}, {50, 18, 7}} {
		for _, whole := range []Face{
			{Plane: PlaneXZ, I: -1, J: 2, Len: 5, Z0: 3, Z1: 40},
			{Plane: PlaneYZ, I: 3, J: -2, Len: 4, Z0: 0, Z1: 33},
			{Plane: PlaneXY, I: 1, J: 2, Len: 3, Wid: 2, Z0: 12},
		} {
			shade, err := TextureShade(p, whole, tex, 16)
			if err != nil {
				t.Fatal(err)
			}
			big, _ := FaceImageFunc(p, whole, shade)
			// Pieces: one tile at a time.
			for k := 0; k < whole.Len; k++ {
				for m := 0; m < max(whole.Wid, 1); m++ {
					piece := whole
					piece.Len, piece.Wid = 1, 1
					switch whole.Plane {
					case PlaneXZ, PlaneXY:
						piece.I += k
					case PlaneYZ:
						piece.J += k
					}
					if whole.Plane == PlaneXY {
						piece.J += m
					}
					ps, _ := TextureShade(p, piece, tex, 16)
					img, _ := FaceImageFunc(p, piece, ps)
					b := img.Bounds()
					for y := b.Min.Y; y < b.Max.Y; y++ {
						for x := b.Min.X; x < b.Max.X; x++ {
							if img.RGBAAt(x, y).A == 0 {
								continue
							}
							if img.RGBAAt(x, y) != big.RGBAAt(x, y) {
								t.Fatalf("%+v piece %d,%d: pixel (%d,%d) %v, whole face %v", p, k, m, x, y, img.RGBAAt(x, y), big.RGBAAt(x, y))
							}
						}
					}
				}
			}
		}
	}
	if _, err := TextureShade(Projection{64, 32, 32}, Face{}, image.NewRGBA(image.Rect(0, 0, 0, 0)), 4); err == nil {
		t.Error("empty texture accepted")
	}
	// The pattern really varies along the wall (not a constant colour).
	p := Projection{64, 32, 32}
	f := Face{Plane: PlaneXZ, I: 0, J: 0, Len: 2, Z0: 0, Z1: 20}
	shade, _ := TextureShade(p, f, tex, 16)
	img, _ := FaceImageFunc(p, f, shade)
	seen := map[color.RGBA]bool{}
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if c := img.RGBAAt(x, y); c.A != 0 {
				seen[c] = true
			}
		}
	}
	if len(seen) != 35 {
		t.Fatalf("%d distinct texels on the wall, want all 35", len(seen))
	}
}
