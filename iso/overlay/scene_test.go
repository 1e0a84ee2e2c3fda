package overlay_test

import (
	"flag"
	"image/color"
	"path/filepath"
	"testing"

	"diorama/iso"
	"diorama/iso/overlay"
	"diorama/mathx"
	"diorama/raster"
	"diorama/raster/rastertest"
)

var update = flag.Bool("update", false, "rewrite the golden images in testdata/")

// level is the test map: '#' wall, 'D' door, '.' floor; x is the column
// and y the row, one tile per world unit, as in ai/nav.
var level = []string{
	"################",
	"#.....#........#",
	"#.....#..##....#",
	"#..#..#..##....#",
	"#..#..D........#",
	"#..#..#....#####",
	"#.....#........#",
	"###.###..##....#",
	"#.......###....#",
	"#..##..........#",
	"#..##....#.....#",
	"################",
}

// testScene is an iso map drawn by iso's Painter with an overlay on top.
type testScene struct {
	grid  *iso.Grid
	cam   *iso.Camera
	dl    *raster.DrawList
	ov    *overlay.Overlay
	frame *raster.Frame
}

// sceneDepth is the overlay's depth key, above the tile layer (0).
const sceneDepth = 10

// newScene draws rows as a flat tile layer (floor, wall, door colours)
// with a 48-pixel dimetric projection, framed with a margin, and returns
// the scene with its overlay begun on the same draw list.
func newScene(t testing.TB, rows []string) *testScene { return newSceneWide(t, rows, 0, 0) }

// newSceneWide is newScene with extra pixels of room right of and below
// the map (for panels).
func newSceneWide(t testing.TB, rows []string, extra, extraH int) *testScene {
	t.Helper()
	p, err := iso.Dimetric(48)
	if err != nil {
		t.Fatal(err)
	}
	cols, nrows := len(rows[0]), len(rows)
	g, err := iso.NewDiamond(p, cols, nrows)
	if err != nil {
		t.Fatal(err)
	}
	b := g.Bounds()
	const margin = 16
	cam := iso.NewCamera(b.Dx()+2*margin+extra, b.Dy()+2*margin+extraH)
	cam.Center = mathx.Vec2{X: float64(b.Min.X+b.Max.X+extra) / 2, Y: float64(b.Min.Y+b.Max.Y+extraH) / 2}
	sprites := []*raster.Sprite{
		raster.MustSprite(iso.TileImage(p, color.RGBA{128, 136, 118, 255})), // floor
		raster.MustSprite(iso.TileImage(p, color.RGBA{58, 60, 72, 255})),    // wall
		raster.MustSprite(iso.TileImage(p, color.RGBA{160, 120, 70, 255})),  // door
	}
	layer := &iso.TileLayer{Tiles: make([]int32, cols*nrows), Sprites: sprites}
	for y, row := range rows {
		for x := 0; x < cols; x++ {
			switch row[x] {
			case '#':
				layer.Tiles[y*cols+x] = 1
			case 'D':
				layer.Tiles[y*cols+x] = 2
			}
		}
	}
	dl := raster.NewDrawList()
	pt := iso.NewPainter(g, cam)
	if err := pt.Layer(dl, layer, 0); err != nil {
		t.Fatal(err)
	}
	frame, err := raster.NewFrame(cam.ViewW, cam.ViewH)
	if err != nil {
		t.Fatal(err)
	}
	frame.Clear(color.RGBA{24, 26, 32, 255})
	ov := overlay.New(g, cam)
	ov.Begin(dl, sceneDepth)
	return &testScene{grid: g, cam: cam, dl: dl, ov: ov, frame: frame}
}

// golden renders the scene and compares it with testdata/name.
func (s *testScene) golden(t *testing.T, name string) {
	t.Helper()
	s.dl.Draw(s.frame)
	rastertest.Golden(t, filepath.Join("testdata", name), s.frame, *update)
}

// legend writes one line per entry in the top-left corner.
func (s *testScene) legend(lines []string, cols []color.NRGBA) {
	y := 4
	for i, l := range lines {
		r := s.ov.Text(6, y, l, cols[i])
		y = r.Max.Y + 2
	}
}

// isWall reports whether world point p is in a wall tile of level (or off
// the map).
func isWall(rows []string, p mathx.Vec2) bool {
	x, y := int(mathx.Floor(p).X), int(mathx.Floor(p).Y)
	if x < 0 || y < 0 || y >= len(rows) || x >= len(rows[y]) {
		return true
	}
	return rows[y][x] == '#'
}
