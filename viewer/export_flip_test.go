package viewer

import (
	"fmt"
	"strings"
	"testing"
)

// TestExportFlipsMatchTmxrasterizer draws generated orthogonal, isometric
// and staggered maps (square and 32×16 tiles) of an opaque and of a
// translucent tileset with every combination of the horizontal, vertical
// and diagonal flip bits, and requires Export's image to be
// tmxrasterizer's, over an opaque backdrop as
// TestExportMatchesTmxrasterizer. Qt smooths a flipped tile (drawn
// through scale(±1, ±1), or rotate(90) for the diagonal bit, with
// SmoothPixmapTransform): setupMatrix's 1/65536 nudge puts each sample
// 65535/65536 on its pixel and 1/65536 on the next, invisible once
// rounded to 8 bits but not in the 16-bit blend of a translucent pixel
// (259 and 167 pixels a level apart on the square-tile maps when
// flipped tiles were copied; Export samples them with
// raster.SmoothTurn16).
func TestExportFlipsMatchTmxrasterizer(t *testing.T) {
	bin, version := tmxrasterizer(t)
	for _, c := range []struct {
		orient string
		th     int
	}{{"orthogonal", 32}, {"isometric", 32}, {"orthogonal", 16}, {"isometric", 16}, {"staggered", 16}} {
		orient, th := c.orient, c.th
		for _, translucent := range []bool{false, true} {
			name := fmt.Sprintf("flips_%s_32x%d_translucent_%v.tmx", orient, th, translucent)
			t.Run(name, func(t *testing.T) {
				dir := t.TempDir()
				writeTileSheet(t, dir, 64, 32, 4, 8, func(x, y int) uint8 { return alphaIf(translucent, x, y) })
				var cells []string
				for k := 0; k < 4*4; k++ {
					cells = append(cells, fmt.Sprint(uint32(k%8)<<29|uint32(1+k/8%2)))
				}
				tmx := fmt.Sprintf(`<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" orientation="%s" renderorder="right-down" width="4" height="4" tilewidth="32" tileheight="%d" infinite="0" staggeraxis="y" staggerindex="odd" nextlayerid="2" nextobjectid="1">
 <tileset firstgid="1" name="t" tilewidth="32" tileheight="%d" tilecount="%d" columns="2"><image source="t.png" width="64" height="32"/></tileset>
 <layer id="1" name="g" width="4" height="4"><data encoding="csv">%s</data></layer>
</map>`, orient, th, th, 2*32/th, strings.Join(cells, ","))
				exportMatchesTmxrasterizer(t, bin, version, dir, name, tmx)
			})
		}
	}
}
