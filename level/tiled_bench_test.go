package level

import (
	"io/fs"
	"os"
	"testing"
	"testing/fstest"

	"diorama/internal/loadutil/loadtest"
	"diorama/internal/testenv"
	"diorama/iso"
	"diorama/raster"
	"diorama/scene/tiled"
)

// loadBuildFrame loads name from fsys, builds it and draws one 800×480
// frame centred on the map: what opening a map costs a game.
func loadBuildFrame(b *testing.B, fsys fs.FS, name string, fr *raster.Frame) {
	m, err := tiled.Load(fsys, name)
	if err != nil {
		b.Fatal(err)
	}
	w, err := BuildTiled(fsys, m, Options{})
	if err != nil {
		b.Fatal(err)
	}
	cam := iso.NewCamera(fr.W(), fr.H())
	g := w.Grid.Bounds()
	cam.Center.X, cam.Center.Y = float64(g.Min.X+g.Max.X)/2, float64(g.Min.Y+g.Max.Y)/2
	dl := raster.NewDrawList()
	if _, err := w.Render(dl, iso.NewPainter(w.Grid, cam), 1); err != nil {
		b.Fatal(err)
	}
	dl.Draw(fr)
}

// BenchmarkOpenTiledExample: load + build + first frame of the largest
// map of Tiled's examples folder (by tiles × layers) and of the
// sticker-knight sandbox (114 tile objects, scaled).
func BenchmarkOpenTiledExample(b *testing.B) {
	dir := testenv.SharedTestdata(b, "tiled-examples")
	fsys := os.DirFS(dir)
	fr, _ := raster.NewFrame(800, 480)
	for _, name := range []string{"desert.tmx", "sticker-knight/map/sandbox.tmx"} {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				loadBuildFrame(b, fsys, name, fr)
			}
			b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/float64(b.N), "ms/open")
		})
	}
}

// genIsoMap returns a side×side isometric map of four zlib-compressed
// tile layers over level's test tileset (loadtest.IsoMap).
func genIsoMap(b *testing.B, side int) fstest.MapFS {
	img, err := os.ReadFile("testdata/tiles.png")
	if err != nil {
		b.Fatal(err)
	}
	return loadtest.IsoMap(side, img)
}

// BenchmarkOpenGenerated1024: load + build + first frame of a generated
// 1024×1024 isometric map with four tile layers (4 Mi cells).
func BenchmarkOpenGenerated1024(b *testing.B) {
	fsys := genIsoMap(b, 1024)
	fr, _ := raster.NewFrame(800, 480)
	b.ReportAllocs()
	for b.Loop() {
		loadBuildFrame(b, fsys, "big.tmx", fr)
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/float64(b.N), "ms/open")
}

// BenchmarkLoadTiled loads and builds the isometric test map (TMX parse,
// tileset PNG decode, sprites, walls, entities).
func BenchmarkLoadTiled(b *testing.B) {
	fsys := os.DirFS("testdata")
	b.ReportAllocs()
	for b.Loop() {
		if _, err := LoadTiled(fsys, "iso.tmx", Options{}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/1e3, "µs/load")
}
