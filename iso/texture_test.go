package iso

import (
	"image"
	"image/color"
	"testing"
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
