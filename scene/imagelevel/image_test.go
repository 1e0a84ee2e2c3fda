package imagelevel

import (
	"bytes"
	"flag"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the PNG files in testdata from their drawings")

// Drawings of the test images: 'w' wall, 'D' door, '.' floor, 'r' a red
// (decorative) pixel, which is floor too. Transparent floor where the
// writer says so.
var tanktrumArt = []string{
	"wwwwwwwwwwwwwwwwwwwww",
	"w..............w....w",
	"w..............D....w",
	"w..............w....w",
	"w..............w....w",
	"wwwwwwwwwwDwwwwwwwwww",
	"w...................w",
	"w...................w",
	"w...................w",
	"w.......www.........w",
	"w.......w...r.......w",
	"w.......w...........w",
	"w...................w",
	"w..r................w",
	"w...................w",
	"wwwwwwwwwwwwwwwwwwwww",
}

var smallArt = []string{
	".....",
	".wDw.",
	"..r..",
}

var (
	white = color.NRGBA{255, 255, 255, 255}
	red   = color.NRGBA{200, 30, 30, 255}
	clear = color.NRGBA{}
)

func artColor(c byte, floor color.NRGBA) color.NRGBA {
	switch c {
	case 'w':
		return DefaultWallColor
	case 'D':
		return DefaultDoorColor
	case 'r':
		return red
	}
	return floor
}

// artNRGBA draws art into an NRGBA image with the given floor colour.
func artNRGBA(art []string, floor color.NRGBA) *image.NRGBA {
	m := image.NewNRGBA(image.Rect(0, 0, len(art[0]), len(art)))
	for y, row := range art {
		for x := range row {
			m.SetNRGBA(x, y, artColor(row[x], floor))
		}
	}
	return m
}

// artPaletted draws art into a paletted image (as Piskel and most pixel
// editors write small maps), with a transparent floor.
func artPaletted(art []string) *image.Paletted {
	pal := color.Palette{clear, DefaultWallColor, DefaultDoorColor, red}
	m := image.NewPaletted(image.Rect(0, 0, len(art[0]), len(art)), pal)
	for y, row := range art {
		for x := range row {
			m.Set(x, y, artColor(row[x], clear))
		}
	}
	return m
}

func encode(t testing.TB, m image.Image) []byte {
	var b bytes.Buffer
	if err := png.Encode(&b, m); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestTestdataImages checks the PNG files in testdata are their drawings
// (and rewrites them with -update): tanktrum.png is opaque truecolour (RGB),
// small.png paletted with a transparent floor.
func TestTestdataImages(t *testing.T) {
	for _, f := range []struct {
		name string
		img  image.Image
	}{{"tanktrum.png", artNRGBA(tanktrumArt, white)}, {"small.png", artPaletted(smallArt)}} {
		p := filepath.Join("testdata", f.name)
		want := encode(t, f.img)
		if *update {
			if err := os.WriteFile(p, want, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		got, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("%s differs from its drawing; run go test -update", p)
		}
	}
}

// artGrid renders a grid back to the drawing alphabet (floor as '.').
func artGrid(g *Map) []string {
	var out []string
	for y := 0; y < g.Height; y++ {
		var b strings.Builder
		for x := 0; x < g.Width; x++ {
			c, _ := g.At(x, y)
			b.WriteByte(map[Cell]byte{Floor: '.', Wall: 'w', Door: 'D'}[c])
		}
		out = append(out, b.String())
	}
	return out
}

func floorArt(art []string) []string {
	out := make([]string, len(art))
	for i, r := range art {
		out[i] = strings.ReplaceAll(r, "r", ".")
	}
	return out
}
