package scene

import (
	"flag"
	"image/color"

	"diorama/iso"
	"diorama/raster"
)

var update = flag.Bool("update", false, "rewrite the golden images in testdata/")

// floorLayer is one flat tile on every cell where floor(k) holds (what
// the level builders lay under a level).
func floorLayer(g *iso.Grid, c color.RGBA, floor func(k int) bool) (iso.TileLayer, error) {
	s, err := raster.NewSprite(iso.TileImage(g.Proj, c))
	if err != nil {
		return iso.TileLayer{}, err
	}
	l := iso.TileLayer{Tiles: make([]int32, g.Cols*g.Rows), Sprites: []*raster.Sprite{s}}
	for k := range l.Tiles {
		if !floor(k) {
			l.Tiles[k] = -1
		}
	}
	return l, nil
}
