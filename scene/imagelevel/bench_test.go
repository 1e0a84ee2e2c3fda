package imagelevel

import (
	"image"
	"image/color"
	"os"
	"testing"
	"testing/fstest"

	"diorama/internal/loadutil"
)

// BenchmarkLoadGrid256 decodes and classifies a 256×256 paletted map
// (a wall grid with doors in it); reports ns per pixel.
func BenchmarkLoadGrid256(b *testing.B) {
	const n = 256
	m := image.NewPaletted(image.Rect(0, 0, n, n), color.Palette{white, DefaultWallColor, DefaultDoorColor})
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			switch {
			case y%8 == 0 && x%8 == 4 && y > 0 && y < n-1:
				m.Pix[y*n+x] = 2 // door in a horizontal wall
			case y%8 == 0 || x == 0 || x == n-1 || y == n-1:
				m.Pix[y*n+x] = 1
			}
		}
	}
	fsys := fstest.MapFS{"m.png": {Data: encode(b, m)}}
	b.ReportAllocs()
	for b.Loop() {
		g, err := LoadGrid(fsys, "m.png")
		if err != nil || len(g.Doors) == 0 {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/(n*n), "ns/pixel")
}

// BenchmarkLoadTanktrum loads the seed-style 21×16 level and description.
func BenchmarkLoadTanktrum(b *testing.B) {
	fsys := fstest.MapFS{}
	for _, name := range []string{"tanktrum.png", "tanktrum.json"} {
		data, err := loadutil.ReadFile(os.DirFS("testdata"), name, 1<<20)
		if err != nil {
			b.Fatal(err)
		}
		fsys[name] = &fstest.MapFile{Data: data}
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Load(fsys, "tanktrum.png", "tanktrum.json"); err != nil {
			b.Fatal(err)
		}
	}
}
