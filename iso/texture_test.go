package iso

import (
	"image"
	"image/color"
	"math"
	"testing"

	"diorama/internal/testenv"
)

func testTexture(w, h int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			img.SetRGBA(x, y, color.RGBA{uint8(x * 7), uint8(y * 11), uint8(x ^ y), 255})
		}
	}
	return img
}

// TestTextureShadeMapMatchesTextureShade: the world-anchored mapping with
// one texel per pixel of height is TextureShade's, pixel for pixel, on
// every plane.
func TestTextureShadeMapMatchesTextureShade(t *testing.T) {
	p, _ := Dimetric(32)
	tex := testTexture(24, 20)
	for _, f := range []Face{
		{Plane: PlaneXY, I: 1, J: 2, Len: 3, Wid: 2, Z0: 8},
		{Plane: PlaneXZ, I: -1, J: 3, Len: 4, Z0: 0, Z1: 40},
		{Plane: PlaneYZ, I: 2, J: -2, Len: 3, Z0: 5, Z1: 30},
	} {
		a, err := TextureShade(p, f, tex, 16)
		if err != nil {
			t.Fatal(err)
		}
		b, err := TextureShadeMap(p, f, tex, TextureMap{TexelsPerTile: 16})
		if err != nil {
			t.Fatal(err)
		}
		ia, _ := FaceImageFunc(p, f, a)
		ib, _ := FaceImageFunc(p, f, b)
		if string(ia.Pix) != string(ib.Pix) {
			t.Fatalf("face %+v: TextureShadeMap differs from TextureShade", f)
		}
	}
}

// TestTextureShadeMapLocal: a Local texture on a face moved by whole
// tiles (and, for walls, raised) is the same picture moved; a tiled one
// is not when the move is not a multiple of the texture.
func TestTextureShadeMapLocal(t *testing.T) {
	p, _ := Dimetric(32)
	tex := testTexture(24, 20)
	m := TextureMap{TexelsPerTile: 16, HeightTexels: 2, HeightPixels: 1}
	for _, pair := range [][2]Face{
		{{Plane: PlaneXY, Len: 2, Wid: 3}, {Plane: PlaneXY, I: 5, J: 1, Len: 2, Wid: 3, Z0: 4}},
		{{Plane: PlaneXZ, Len: 3, Z1: 24}, {Plane: PlaneXZ, I: 1, J: 4, Len: 3, Z0: 8, Z1: 32}},
		{{Plane: PlaneYZ, Len: 3, Z1: 24}, {Plane: PlaneYZ, I: 3, J: 1, Len: 3, Z0: 8, Z1: 32}},
	} {
		for _, local := range []bool{true, false} {
			m.Local = local
			var imgs [2]*image.RGBA
			for k, f := range pair {
				sh, err := TextureShadeMap(p, f, tex, m)
				if err != nil {
					t.Fatal(err)
				}
				imgs[k], _ = FaceImageFunc(p, f, sh)
			}
			same := string(imgs[0].Pix) == string(imgs[1].Pix)
			if same != local {
				t.Fatalf("faces %+v local=%v: same picture %v", pair, local, same)
			}
		}
	}
	// The height scale: a Local wall's bottom texel row is the texture's
	// bottom row, and 2 texels per pixel skips every other row.
	f := Face{Plane: PlaneXZ, Len: 1, Z1: 4}
	sh, _ := TextureShadeMap(p, f, tex, m)
	img, _ := FaceImageFunc(p, f, sh)
	b := img.Bounds()
	// Left column, bottom-most owned pixel, then the one above.
	var col []color.RGBA
	for y := b.Max.Y - 1; y >= b.Min.Y; y-- {
		if p.FaceOwns(f, b.Min.X, y) {
			col = append(col, img.RGBAAt(b.Min.X, y))
		}
	}
	if len(col) < 2 || col[0] != tex.RGBAAt(0, 18) || col[1] != tex.RGBAAt(0, 16) {
		t.Fatalf("wall column %v, want rows 18 then 16 of the texture", col)
	}
	if _, err := TextureShadeMap(p, f, tex, TextureMap{TexelsPerTile: 0}); err == nil {
		t.Fatal("0 texels per tile accepted")
	}
	if _, err := TextureShadeMap(p, f, tex, TextureMap{TexelsPerTile: 4, HeightTexels: -1, HeightPixels: 1}); err == nil {
		t.Fatal("negative height scale accepted")
	}
}

func TestWallObjectFunc(t *testing.T) {
	p, _ := Dimetric(32)
	g, err := NewDiamond(p, 4, 4)
	if err != nil {
		t.Fatal(err)
	}
	f := Face{Plane: PlaneXZ, I: 1, Len: 2, Z1: 20}
	a, err := g.WallObject(f, color.RGBA{9, 8, 7, 255})
	if err != nil {
		t.Fatal(err)
	}
	b, err := g.WallObjectFunc(f, func(int, int) color.RGBA { return color.RGBA{9, 8, 7, 255} })
	if err != nil {
		t.Fatal(err)
	}
	if a.Box != b.Box || a.Parts[0].At != b.Parts[0].At || a.Parts[0].Sprite.W() != b.Parts[0].Sprite.W() {
		t.Fatalf("WallObjectFunc %+v differs from WallObject %+v", b, a)
	}
	if _, err := g.WallObjectFunc(Face{Plane: PlaneXY, Len: 1, Wid: 1}, nil); err == nil {
		t.Fatal("floor accepted as a wall")
	}
}

// TestTextureShadeMapWallMatrix: on a wall, the texture is mapped by the
// affine wall transform IsoMob's M_xz / M_yz stand for (seed 003 §1.3,
// with the shear in the b slot as the spec's note derives): texel (u, v)
// of a PlaneXZ wall lands at screen x = u·hw/T, y = u·hh/T + v·zp/ht from
// the wall's top-left corner (PlaneYZ: x = −u·hw/T), so the pixel whose
// centre is the image of a texel's centre samples that texel.
func TestTextureShadeMapWallMatrix(t *testing.T) {
	p, _ := Dimetric(64) // hw 32, hh 16
	const T = 64         // texels per tile: M's a = hw/T = 0.5, b = ±hh/T = 0.25
	tex := testTexture(64, 64)
	for _, plane := range []Plane{PlaneXZ, PlaneYZ} {
		f := Face{Plane: plane, I: 2, J: 3, Len: 2, Z0: 0, Z1: 32}
		// One texel per pixel of height (d = 1).
		sh, err := TextureShadeMap(p, f, tex, TextureMap{TexelsPerTile: T, Local: true})
		if err != nil {
			t.Fatal(err)
		}
		sx := 1.0
		ox, oy := float64((f.I-f.J)*32), float64((f.I+f.J)*16-f.Z1) // top of the wall's start edge
		if plane == PlaneYZ {
			sx = -1
		}
		checked := 0
		for u := 1; u < 2*T-1; u += 2 { // texel centres two apart along the wall
			for v := 0; v < 32; v += 3 {
				x := ox + sx*(float64(u)+0.5)*32/T
				y := oy + (float64(u)+0.5)*16/T + float64(v) + 0.5
				px, py := int(math.Floor(x)), int(math.Floor(y))
				if !p.FaceOwns(f, px, py) {
					continue
				}
				// Texel rows count down from the top; Local puts the
				// texture's bottom row on the wall's foot (32 rows up).
				want := tex.RGBAAt(u%64, 64-32+v)
				if got := sh(px, py); got != want {
					t.Fatalf("%v texel (%d,%d) at pixel (%d,%d): got %v want %v", plane, u, v, px, py, got, want)
				}
				checked++
			}
		}
		if checked < 100 {
			t.Fatalf("%v: only %d texels checked", plane, checked)
		}
	}
}

// TestTextureShadeMapSeedOffset: IsoMob's worked example (§3.4.3): a
// 128-texel tiled texture on walls 192 long must be offset by 64 on the
// second wall so the pattern continues; the non-tiled one restarts.
func TestTextureShadeMapSeedOffset(t *testing.T) {
	p, _ := Dimetric(64)
	tex := testTexture(128, 64)
	second := Face{Plane: PlaneXZ, I: 3, Len: 3, Z1: 32} // the wall after one 192 long (3 tiles of 64 texels)
	// The second wall's first column of pixels, just above its foot.
	px, py := 3*32, 3*16-2
	if !p.FaceOwns(second, px, py) {
		t.Fatal("pixel not on the wall")
	}
	tiled, _ := TextureShadeMap(p, second, tex, TextureMap{TexelsPerTile: 64})
	local, _ := TextureShadeMap(p, second, tex, TextureMap{TexelsPerTile: 64, Local: true})
	if got, want := tiled(px, py), tex.RGBAAt(64+1, 62); got != want { // 192 + 1 mod 128
		t.Fatalf("tiled: %v, want texel column 65 %v", got, want)
	}
	if got, want := local(px, py), tex.RGBAAt(1, 62); got != want {
		t.Fatalf("non-tiled: %v, want texel column 1 %v", got, want)
	}
}

// The shading function TextureShadeMap returns allocates nothing per
// pixel (an *image.RGBA texture is read directly).
func TestTextureShadeMapAllocs(t *testing.T) {
	p, _ := Dimetric(32)
	tex := testTexture(24, 20)
	for _, f := range []Face{{Plane: PlaneXY, Len: 2, Wid: 2}, {Plane: PlaneXZ, Len: 2, Z1: 16}, {Plane: PlaneYZ, Len: 2, Z1: 16}} {
		sh, err := TextureShadeMap(p, f, tex, TextureMap{TexelsPerTile: 16, HeightTexels: 3, HeightPixels: 2, Local: true})
		if err != nil {
			t.Fatal(err)
		}
		var sink color.RGBA
		if n := testenv.AllocsOver(100, func() {
			for px := -20; px < 20; px++ {
				sink = sh(px, 7)
			}
		}); n != 0 {
			t.Fatalf("%v: %v allocations", f.Plane, n)
		}
		_ = sink
	}
}

// BenchmarkTextureShadeMap paints a textured 8-tile wall face (the cost
// of building an IsoMob wall), in pixels per second.
func BenchmarkTextureShadeMap(b *testing.B) {
	p, _ := Dimetric(64)
	tex := testTexture(96, 64)
	f := Face{Plane: PlaneXZ, Len: 8, Z1: 64}
	sh, err := TextureShadeMap(p, f, tex, TextureMap{TexelsPerTile: 64})
	if err != nil {
		b.Fatal(err)
	}
	px := 0
	for b.Loop() {
		img, err := FaceImageFunc(p, f, sh)
		if err != nil {
			b.Fatal(err)
		}
		px = img.Bounds().Dx() * img.Bounds().Dy()
	}
	b.ReportMetric(float64(px)*float64(b.N)/b.Elapsed().Seconds()/1e6, "Mpx/s")
}
