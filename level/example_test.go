package level_test

import (
	"fmt"
	"image/color"
	"os"
	"testing/fstest"

	"diorama/level"
	"diorama/scene"
)

// A level by its file's extension: a Tiled map whose trigger carries
// custom properties. The world holds them in the engine's one property
// type (props.List, the same for every format), and knows the files it
// was read from, for hot reload.
func Example() {
	fsys := fstest.MapFS{"m.tmx": {Data: []byte(`<?xml version="1.0"?>
<map version="1.10" orientation="isometric" width="4" height="4" tilewidth="64" tileheight="32">
 <objectgroup id="1" name="things">
  <object id="1" name="hero" class="player" x="16" y="16"><point/></object>
  <object id="2" name="wave1" class="trigger" x="32" y="32" width="64" height="32">
   <properties>
    <property name="spawns_in_wave" type="int" value="6"/>
    <property name="glow" type="color" value="#ff00ff00"/>
   </properties>
  </object>
 </objectgroup>
</map>`)}}
	w, err := level.Load(fsys, "m.tmx", level.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	hero, _ := w.Find("hero")
	wave, _ := w.Find("wave1")
	p := w.Props(wave)
	fmt.Println(w.Sources(), w.Kind(hero), w.Kind(wave), "on stage", w.Stage)
	fmt.Println(p.Int("spawns_in_wave", 0), p.Color("glow", color.NRGBA{}))
	_, err = level.Load(fsys, "m.bmp", level.Options{})
	fmt.Println(err != nil)
	// Output:
	// [m.tmx] character trigger on stage things
	// 6 {0 255 0 255}
	// true
}

// Loading a Tiled map: tile layers become iso layers, objects entities in
// world units (one tile per unit).
func ExampleLoadTiled() {
	w, err := level.LoadTiled(os.DirFS("testdata"), "iso.tmx", level.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(w.Grid.Cols, "x", w.Grid.Rows, "tiles,", len(w.Layers), "layers,", w.Phys.WallCount(), "walls")
	w.Each(0, func(e scene.Entity) {
		fmt.Printf("%-6s %-9s %v\n", w.Name(e), w.Kind(e), w.Pos(e))
	})
	// Output:
	// 8 x 8 tiles, 3 layers, 3 walls
	// oak    object    (3.5,5.5,0)
	// pine   object    (6.5,2.5,0)
	// hero   character (2.5,3.5,0)
	// grunt  character (5.5,6.5,0)
	// medkit pickup    (4.75,1.75,0)
	// gate   trigger   (7,5.5,0)
	// start  spawn     (1.5,1.5,0)
}

// Loading orthogonal and hexagonal Tiled maps: the grid follows the map's
// orientation (render order, hexagon side, stagger axis and index), and
// each object stands on the tile Tiled shows it on (hexagonal world units
// step along the lattice of hexagon centres, so tile (3,2) is cell (4,−2)).
func ExampleLoadTiled_orientations() {
	for _, name := range []string{"ortho.tmx", "hex.tmx"} {
		w, err := level.LoadTiled(os.DirFS("testdata"), name, level.Options{})
		if err != nil {
			fmt.Println(err)
			return
		}
		g := w.Grid
		tw, th := g.TileSize()
		b := g.Bounds()
		fmt.Printf("%s: %dx%d tiles of %dx%d px, %dx%d px in all\n", name, g.Cols, g.Rows, tw, th, b.Dx(), b.Dy())
		hero, _ := w.Find("hero")
		col, row, _ := g.Pick(g.ToScreen(w.Pos(hero)), 0)
		fmt.Printf("  hero at %v on tile (%d,%d)\n", w.Pos(hero), col, row)
	}
	// Output:
	// ortho.tmx: 10x7 tiles of 32x32 px, 320x224 px in all
	//   hero at (3.5,4.5,0) on tile (3,4)
	// hex.tmx: 9x8 tiles of 32x28 px, 304x175 px in all
	//   hero at (4.5,-1.5,0) on tile (3,2)
}
