package iso_test

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"

	"diorama/iso"
	"diorama/mathx"
	"diorama/raster"
)

// Project a world point, pick the tile under a mouse position and cull a
// camera view on a 2:1 dimetric map.
func Example() {
	p, _ := iso.Dimetric(64) // 64×32 tiles, one unit of height = 32 px
	g, _ := iso.NewDiamond(p, 100, 100)

	s := g.ToScreen(mathx.V3(10.5, 20.5, 0))
	fmt.Println("tile (10,20) centre on screen:", s)

	col, row, ok := g.Pick(s, 0)
	fmt.Println("picked:", col, row, ok)

	cam := iso.NewCamera(800, 480)
	cam.Limits = g.Bounds()
	cam.Follow(s)
	tiles := g.AppendVisible(nil, cam.View(), iso.Overdraw{Up: 32})
	fmt.Println("visible tiles:", len(tiles), "first:", tiles[0])
	// Output:
	// tile (10,20) centre on screen: (2880,496)
	// picked: 10 20 true
	// visible tiles: 430 first: {0 15}
}

// Order a character against a long wall and a raised block: the wall runs
// along x at y = 5, the block stands at (4, 3) and the character is in
// front of the wall, left of the block.
func ExampleSorter() {
	p, _ := iso.Dimetric(64)
	s := iso.NewSorter(p)
	wall, _ := s.Add(iso.Box{Min: mathx.V3(0, 5, 0), Max: mathx.V3(10, 5, 2)})
	block, _ := s.Add(iso.Footprint(4, 3, 1, 1, 0, 1))
	hero, _ := s.Add(iso.Box{Min: mathx.V3(1.2, 5.2, 0), Max: mathx.V3(1.6, 5.6, 1.5)})
	names := map[int32]string{int32(wall): "wall", int32(block): "block", int32(hero): "hero"}
	for _, it := range s.Sort() {
		fmt.Print(names[it], " ")
	}
	fmt.Println()
	// Output: block wall hero
}

// Draw a small map with a raised block and a character through a zoomed
// camera into a raster frame.
func ExamplePainter() {
	p, _ := iso.Dimetric(32)
	g, _ := iso.NewDiamond(p, 8, 8)
	tile := raster.MustSprite(iso.TileImage(p, color.RGBA{90, 150, 70, 255}))
	layer := &iso.TileLayer{Tiles: make([]int32, 8*8), Sprites: []*raster.Sprite{tile}}

	cam := iso.NewCamera(320, 200)
	cam.SetZoom(2)
	cam.Limits = g.Bounds()
	cam.Follow(g.ToScreen(mathx.V3(4, 4, 0)))

	block, _ := g.BlockObject(3, 3, 1, 1, 0, 16,
		color.RGBA{200, 200, 190, 255}, color.RGBA{140, 140, 130, 255}, color.RGBA{170, 170, 160, 255})
	hero := image.NewRGBA(image.Rect(0, 0, 6, 14))
	draw.Draw(hero, hero.Bounds(), image.NewUniform(color.RGBA{200, 40, 40, 255}), image.Point{}, draw.Src)

	pt := iso.NewPainter(g, cam)
	dl := raster.NewDrawList()
	pt.Layer(dl, layer, 0)
	pt.Add(block)
	pt.Add(g.SpriteObject(raster.MustSprite(hero), mathx.V3(4.5, 4.5, 0), 0.2, 0.9))
	next := pt.Objects(dl, 1)

	frame, _ := raster.NewFrame(320, 200)
	dl.Draw(frame)
	fmt.Println("commands:", dl.Len(), "next depth key:", next)
	// Output: commands: 62 next depth key: 3
}

// An orthogonal map drawn bottom-up, right to left (Tiled's renderorder
// "left-up"): tile boxes, picking and the draw order of a view.
func ExampleNewOrthogonal() {
	g, _ := iso.NewOrthogonal(32, 24, 24, 50, 40, iso.LeftUp)
	fmt.Println("bounds:", g.Bounds())
	fmt.Println("tile (3,2):", g.TileBounds(3, 2, 0))
	fmt.Println("feet of (3.5, 2.5, 0) on screen:", g.ToScreen(mathx.V3(3.5, 2.5, 0)))
	col, row, ok := g.PickPixel(100, 71, 0)
	fmt.Println("pixel (100,71) is tile", col, row, ok)
	fmt.Println("drawn:", g.AppendVisible(nil, mathx.R(0, 0, 64, 48), iso.Overdraw{}))
	// Output:
	// bounds: {{0 0} {1600 960}}
	// tile (3,2): {{96 48} {128 72}}
	// feet of (3.5, 2.5, 0) on screen: (112,60)
	// pixel (100,71) is tile 3 2 true
	// drawn: [{1 1} {0 1} {1 0} {0 0}]
}

// A hexagonal map (pointy-top hexagons, odd rows shifted) as Tiled lays it
// out: the lattice of hexagon centres, picking exact on the hexagon edges,
// and Tiled's draw order.
func ExampleNewHexagonal() {
	g, _ := iso.NewHexagonal(32, 28, 14, 28, 10, 8, iso.StaggerY, iso.StaggerOdd)
	fmt.Println("bounds:", g.Bounds())
	fmt.Println("lattice:", g.Proj.TileW, "x", g.Proj.TileH)
	fmt.Println("tile (2,1):", g.TileBounds(2, 1, 0))
	fmt.Println("its centre:", g.ToScreen(g.TileCenter(2, 1, 0)))
	// (88, 24.5) is on the slanted edge between tiles (2,0) and (2,1):
	// it belongs to the lower tile.
	col, row, _ := g.Pick(mathx.V2(88, 24.5), 0)
	fmt.Println("edge point belongs to", col, row)
	fmt.Println("drawn:", g.AppendVisible(nil, mathx.R(0, 0, 40, 30), iso.Overdraw{}))
	// Output:
	// bounds: {{0 0} {336 175}}
	// lattice: 32 x 42
	// tile (2,1): {{80 21} {112 49}}
	// its centre: (96,35)
	// edge point belongs to 2 1
	// drawn: [{0 0} {1 0} {0 1}]
}

// An oblique map (Tiled 1.12): each row 12 pixels right of the last. A
// tile's image hangs from its parallelogram's bottom-left corner, and
// picking follows the parallelograms.
func ExampleNewOblique() {
	g, _ := iso.NewOblique(40, 14, 12, 0, 14, 10, 10, iso.RightDown)
	fmt.Println("bounds:", g.Bounds())
	fmt.Println("tile (0,1):", g.TileBounds(0, 1, 0))
	col, row, _ := g.Pick(mathx.V2(13, 15), 0) // right of row 1's corner at x = 12
	fmt.Println("picked", col, row)
	// Output:
	// bounds: {{0 0} {520 140}}
	// tile (0,1): {{24 14} {64 28}}
	// picked 0 1
}
