package scene

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"math"
	"testing"
	"testing/fstest"

	"diorama/scene/tiled"
)

// TestHexTileRotation: on hexagonal maps the diagonal bit rotates a tile
// 60° clockwise and 0x10000000 rotates it 120°, after the flips, about
// the image centre (Tiled's CellRenderer), smoothed and reaching outside
// the tile's box; on other maps the diagonal bit stays a transpose.
func TestHexTileRotation(t *testing.T) {
	const w, h = 32, 28
	src := image.NewNRGBA(image.Rect(0, 0, w, h))
	// A marker pixel right of the centre, and a grey body.
	for y := 4; y < h-4; y++ {
		for x := 4; x < w-4; x++ {
			src.SetNRGBA(x, y, color.NRGBA{90, 90, 90, 255})
		}
	}
	mx, my := 24, 14
	src.SetNRGBA(mx, my, color.NRGBA{255, 0, 0, 255})
	var buf bytes.Buffer
	if err := png.Encode(&buf, src); err != nil {
		t.Fatal(err)
	}
	img, err := decodeRGBAForTest(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	r := img.Rect
	// The reddest pixel (the turn smooths the marker into its
	// neighbours), in the box's coordinates.
	find := func(im *image.RGBA) (int, int) {
		bx, by, best := -1, -1, 0
		for y := im.Rect.Min.Y; y < im.Rect.Max.Y; y++ {
			for x := im.Rect.Min.X; x < im.Rect.Max.X; x++ {
				if c := im.RGBAAt(x, y); int(c.R)-int(c.G) > best {
					bx, by, best = x, y, int(c.R)-int(c.G)
				}
			}
		}
		return bx, by
	}
	for _, c := range []struct {
		flags tiled.Flags
		deg   float64
		flipH bool
	}{
		{tiled.FlipDiagonal, 60, false},
		{tiled.RotateHex120, 120, false},
		{tiled.FlipDiagonal | tiled.RotateHex120, 180, false},
		{tiled.FlipHorizontal | tiled.FlipDiagonal, 60, true},
	} {
		got := orientHex(img, r, c.flags)
		// Where the marker's centre goes: flip, then rotate clockwise.
		dx, dy := float64(mx)+0.5-w/2, float64(my)+0.5-h/2
		if c.flipH {
			dx = -dx
		}
		s, co := math.Sincos(c.deg * math.Pi / 180)
		ex, ey := dx*co-dy*s+w/2, dx*s+dy*co+h/2
		x, y := find(got)
		if math.Abs(float64(x)+0.5-ex) > 1 || math.Abs(float64(y)+0.5-ey) > 1 {
			t.Errorf("flags %#x: marker at %d,%d, want near %.1f,%.1f", uint32(c.flags), x, y, ex, ey)
		}
	}
	// 180° is exactly both flips.
	a := orientHex(img, r, tiled.FlipDiagonal|tiled.RotateHex120)
	b := orient(img, r, tiled.FlipHorizontal|tiled.FlipVertical)
	if !bytes.Equal(a.Pix, b.Pix) {
		t.Fatal("60°+120° differs from flipping both ways")
	}
	// Through a whole map: the hex map draws the rotated tile, an
	// orthogonal map the transposed one.
	for _, orient := range []string{"hexagonal", "orthogonal"} {
		tmx := `<?xml version="1.0"?><map version="1.10" orientation="` + orient + `" width="1" height="1" tilewidth="32" tileheight="28" hexsidelength="14" staggeraxis="y" staggerindex="odd">
<tileset firstgid="1" name="t" tilewidth="32" tileheight="28" tilecount="1" columns="1"><image source="t.png" width="32" height="28"/></tileset>
<layer id="1" name="g" width="1" height="1"><data encoding="csv">` + itoaTest(1|int64(tiled.FlipDiagonal)) + `</data></layer></map>`
		wd, err := LoadTiled(fstest.MapFS{"m.tmx": {Data: []byte(tmx)}, "t.png": {Data: buf.Bytes()}}, "m.tmx", BuildOptions{})
		if err != nil {
			t.Fatal(err)
		}
		s := wd.Layers[0].Sprites[0]
		if orient == "hexagonal" {
			// Turned 60°, the 32×28 tile spans 32·cos 60° + 28·sin 60°
			// ≈ 40.2 by 32·sin 60° + 28·cos 60° ≈ 41.7 pixels.
			if s.W() < 39 || s.W() > 41 || s.H() < 41 || s.H() > 42 {
				t.Fatalf("hex tile %d×%d, want about 40×42", s.W(), s.H())
			}
		} else if s.W() != h || s.H() != w {
			t.Fatalf("orthogonal diagonal flip should transpose: %d×%d", s.W(), s.H())
		}
	}
}

func itoaTest(v int64) string {
	var b []byte
	if v == 0 {
		return "0"
	}
	for v > 0 {
		b = append([]byte{byte('0' + v%10)}, b...)
		v /= 10
	}
	return string(b)
}

func decodeRGBAForTest(b []byte) (*image.RGBA, error) {
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	return toRGBA(img), nil
}
