package tiled_test

import (
	"fmt"
	"testing/fstest"

	"diorama/mathx"
	"diorama/scene/tiled"
)

// Loading a map from any fs.FS (here an in-memory one; os.DirFS or an
// embed.FS work the same) and reading tiles with their flip flags.
func ExampleLoad() {
	fsys := fstest.MapFS{
		"maps/level.tmx": {Data: []byte(`<?xml version="1.0"?>
<map orientation="isometric" width="2" height="2" tilewidth="64" tileheight="32">
 <tileset firstgid="1" source="../tiles/blocks.tsx"/>
 <layer name="floor" width="2" height="2">
  <data encoding="csv">1,2147483650,0,3</data>
 </layer>
 <objectgroup name="spawns">
  <object id="1" name="player" x="32" y="32"><point/></object>
 </objectgroup>
</map>`)},
		"tiles/blocks.tsx": {Data: []byte(`<tileset name="blocks" tilewidth="64" tileheight="64" tilecount="4" columns="2">
 <image source="blocks.png" width="128" height="128"/>
</tileset>`)},
	}
	m, err := tiled.Load(fsys, "maps/level.tmx")
	if err != nil {
		fmt.Println(err)
		return
	}
	floor := m.LayerByName("floor")
	g := floor.At(1, 0)
	ts, local, _ := m.TileFor(g)
	fmt.Println("tile", g.ID(), "flipped horizontally:", g.Flags().H(), "from", ts.Name, "local", local)
	fmt.Println("atlas image:", ts.Image.Source)
	sr, _ := ts.SourceRect(local)
	fmt.Println("source rect:", sr)
	p := m.LayerByName("spawns").Objects[0]
	lay := m.Layout()
	fmt.Println("player tile:", lay.PixelToTile(mathx.Vec2{X: p.X, Y: p.Y}), "screen:", lay.PixelToScreen(mathx.Vec2{X: p.X, Y: p.Y}))
	// Output:
	// tile 2 flipped horizontally: true from blocks local 1
	// atlas image: tiles/blocks.png
	// source rect: (64,0)-(128,64)
	// player tile: (1,1) screen: (64,32)
}

// A path that leaves the fs.FS root is refused, with the file and element
// named in the error.
func ExampleLoad_pathEscape() {
	fsys := fstest.MapFS{"level.tmx": {Data: []byte(
		`<map orientation="orthogonal" width="1" height="1" tilewidth="8" tileheight="8">
<tileset firstgid="1" source="../../secret.tsx"/>
</map>`)}}
	_, err := tiled.Load(fsys, "level.tmx")
	fmt.Println(err)
	// Output:
	// level.tmx:2: tileset: attribute source: "../../secret.tsx" leaves the root (resolves to "../../secret.tsx")
}

// Where Tiled draws each tile of a 2×2 isometric map, in painting order.
func ExampleLayout_DrawOrder() {
	lay := tiled.Layout{Orientation: tiled.Isometric, Width: 2, Height: 2, TileWidth: 64, TileHeight: 32}
	lay.DrawOrder(0, 0, 2, 2, func(x, y int) {
		// A 64×64 image with a tileset offset of (0, 16).
		fmt.Printf("tile (%d,%d) image top-left %v\n", x, y, lay.ImageTopLeft(x, y, 64, 64, mathx.Point{Y: 16}))
	})
	// Output:
	// tile (0,0) image top-left (32,-16)
	// tile (0,1) image top-left (0,0)
	// tile (1,0) image top-left (64,0)
	// tile (1,1) image top-left (32,16)
}

// Staggered maps paint each row's higher half-tiles first.
func ExampleLayout_TileToScreen() {
	lay := tiled.Layout{Orientation: tiled.Staggered, Width: 4, Height: 2, TileWidth: 64, TileHeight: 32,
		StaggerAxis: tiled.StaggerX, StaggerIndex: tiled.StaggerOdd}
	for _, p := range lay.AppendDrawOrder(nil, 0, 0, 4, 1) {
		fmt.Println(p, lay.TileToScreen(p.X, p.Y))
	}
	// Output:
	// {0 0} (0,0)
	// {2 0} (64,0)
	// {1 0} (32,16)
	// {3 0} (96,16)
}
