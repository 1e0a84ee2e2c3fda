package level_test

import (
	"fmt"
	"os"

	"diorama/level"
	"diorama/scene/isoxml"
)

// Load IsoMob's sample scene with its art: materials become textures on
// the floors and walls (the "…Tiled" ones continuing across planes), the
// crate and the characters are drawn from their definitions' sprites.
func ExampleBuildIsoXMLFS() {
	fsys := os.DirFS("testdata/isomob")
	s, err := isoxml.Load(fsys, "scene.xml")
	if err != nil {
		fmt.Println(err)
		return
	}
	w, err := level.BuildIsoXMLFS(fsys, s, level.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%d×%d cells, %d floor tile images\n", w.Grid.Cols, w.Grid.Rows, len(w.Layers[0].Sprites))
	p, _ := w.Find("Player")
	fmt.Println(w.Class(p), w.Pos(p))
	// Output:
	// 17×15 cells, 13 floor tile images
	// hero (14.0625,7.03125,0)
}
