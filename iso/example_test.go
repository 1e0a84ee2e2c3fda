package iso_test

import (
	"fmt"

	"diorama/iso"
	"diorama/mathx"
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
