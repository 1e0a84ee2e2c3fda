package level

import (
	"image"
	"math"

	"diorama/mathx"
	"diorama/scene/tiled"
)

// tiledChunk is the side of the chunks a Tiled tile layer keeps its cells
// in (TileLayer's CHUNK_SIZE): a layer's bounds are the union of the
// chunks that hold a tile.
const tiledChunk = 16

// isoPlacement returns, for the tile layer l of an isometric map with an
// odd tile width or height, the pixels to add to each tile's draw offset
// so that its image lands on the pixel where Tiled draws it; nil when
// there is nothing to adjust (even sizes, other orientations).
//
// Tile positions of such maps fall on half pixels, and Tiled's
// IsometricRenderer::drawTileLayer (read in Tiled 1.8.2 and in master
// after 1.12, where it is unchanged) does not round them one way:
//
//   - x: it walks rows of tiles from the top-left corner of the layer's
//     exposed rectangle (IsometricRenderer::boundingRect of the layer's
//     bounds, which are the 16×16 chunks holding its tiles, widened by the
//     draw margins of the tilesets it uses), truncates the row's start
//     toward zero (an int from a qreal) and steps it by tileWidth/2 whole
//     pixels, alternately right and left: half pixels round down or up by
//     row, depending on where the walk started;
//   - y: it keeps the half pixel (after moving the start half a pixel
//     down for odd heights, tileHeight/2 in whole pixels), and Qt's
//     raster engine rounds the image's top edge half up (qRound) where
//     the engine's grid floors; a horizontally or vertically flipped
//     image goes through a scaling transform, which tmxrasterizer's
//     SmoothPixmapTransform samples bilinearly, so on a half pixel its
//     rows are blended in pairs (half is then true: halfRows, or with
//     ExactOpacity raster.SmoothTurn16At, Qt's samples to the bit).
//
// The map's layer offset is added before Qt rounds, as QPainter::translate
// does, so a fractional offset and a half pixel round together.
//
// Master clamps the draw margins at zero (MapRenderer::drawTileLayer,
// qMax(0, …)); 1.8.2 lets them go negative when the tilesets' tiles are
// smaller than the map's. This follows master.
func (b *tiledBuilder) isoPlacement(l *tiled.Layer) func(x, y int, f tiled.Flags) (adj mathx.Point, half bool) {
	m := b.m
	tw, th := m.TileWidth, m.TileHeight
	if m.Orientation != tiled.Isometric || tw%2 == 0 && th%2 == 0 || tw <= 0 || th <= 0 || l.Width <= 0 || l.Height <= 0 {
		return nil
	}
	// The layer's bounds (chunks holding a tile) and computeDrawMargins
	// over the tilesets it uses.
	maxSize, offR, offB := 0, 0, 0
	var bounds mathx.Rect
	seen := map[*tiled.Tileset]bool{}
	for y := l.Y; y < l.Y+l.Height; y++ {
		for x := l.X; x < l.X+l.Width; x++ {
			gid := l.At(x, y)
			if gid.Empty() {
				continue
			}
			cx, cy := floorDivInt(x, tiledChunk)*tiledChunk, floorDivInt(y, tiledChunk)*tiledChunk
			c := mathx.R(cx, cy, cx+tiledChunk, cy+tiledChunk)
			if bounds.Empty() {
				bounds = c
			} else {
				bounds = bounds.Union(c)
			}
			ts, _, ok := m.TileFor(gid)
			if !ok || seen[ts] {
				continue
			}
			seen[ts] = true
			maxSize = max(maxSize, ts.TileWidth, ts.TileHeight)
			offR, offB = max(offR, ts.TileOffset.X), max(offB, ts.TileOffset.Y)
		}
	}
	if bounds.Empty() {
		return nil
	}
	right := max(0, offR+maxSize-tw) // the margins less the grid's tile
	bottom := offB
	// IsometricRenderer::boundingRect in C++ int arithmetic (Go's
	// division truncates toward zero as C++'s does).
	originX := m.Height * tw / 2
	ex := (bounds.Min.X-bounds.Max.Y)*tw/2 + originX - right
	ey := (bounds.Min.X+bounds.Min.Y)*th/2 - bottom
	toScreen := func(x, y float64) (float64, float64) {
		return (x-y)*float64(tw)/2 + float64(originX), (x + y) * float64(th) / 2
	}
	// The start of the walk.
	tx, ty := float64(ex-originX)/float64(tw), float64(ey)/float64(th)
	rx, ry := int(math.Floor(ty+tx)), int(math.Floor(ty-tx))
	sx, sy := toScreen(float64(rx), float64(ry))
	hw := float64(tw / 2)
	sx -= hw
	sy += float64(th)
	upper := sy-float64(ey) > float64(th/2)
	left := float64(ex)-sx < hw
	if upper {
		if left {
			rx--
			sx -= hw
		} else {
			ry--
			sx += hw
		}
		sy -= float64(th / 2) // whole pixels: half a pixel low for odd heights
	}
	shifted := upper != left
	off := l.TotalOffset
	eo := mathx.Point{X: int(math.Round(off.X)), Y: int(math.Round(off.Y))} // layerOffset's rounding
	// The engine's grid: tile (0, 0) of the region at Tiled's position
	// rounded (build's delta), the others ⌊half pixels⌋ from it.
	r0 := b.region.Min
	x0, y0 := toScreen(float64(r0.X), float64(r0.Y))
	ex0, ey0 := int(math.Round(x0-hw)), int(math.Round(y0+float64(th)))
	return func(x, y int, f tiled.Flags) (mathx.Point, bool) {
		i, j := x-r0.X, y-r0.Y
		engX := floorDivInt((i-j)*tw, 2) + ex0 + eo.X
		engY := floorDivInt((i+j)*th, 2) + ey0 + eo.Y
		// The row of (x, y) and its start.
		r := x + y - (rx + ry)
		if r < 0 {
			return mathx.Point{}, false
		}
		rowX, startX := rx+r/2, sx
		if r%2 == 1 {
			if shifted {
				startX -= hw
			} else {
				rowX++
				startX += hw
			}
		}
		tiledX := float64(int(startX)+(x-rowX)*tw) + off.X // int() truncates toward zero, as C++
		tiledY := sy + float64(r)*float64(th)/2 + off.Y
		// A flipped tile is drawn through a scaling transform, which Qt
		// (SmoothPixmapTransform, as tmxrasterizer sets it) samples
		// bilinearly: on a half pixel of y its rows are blended in
		// pairs (halfRows), at the same qRound-ed top. A diagonal flip
		// turns the image (a rotation): nearest pixel, rounded down.
		half := false
		round := qRound
		if f.D() {
			round = qRoundDown
		} else if f.H() || f.V() {
			half = tiledY != math.Floor(tiledY) && tiledX == math.Floor(tiledX)
		}
		return mathx.Point{X: int(round(tiledX)) - engX, Y: int(round(tiledY)) - engY}, half
	}
}

// qRound rounds half up, as Qt's raster engine places an image drawn at a
// fractional position.
func qRound(v float64) float64 { return math.Floor(v + 0.5) }

// qRoundDown rounds half down, for a tile turned by a diagonal flip (a
// rotation, which Qt also smooths; not matched exactly).
func qRoundDown(v float64) float64 { return math.Ceil(v - 0.5) }

func floorDivInt(a, b int) int {
	q := a / b
	if (a%b != 0) && (a < 0) != (b < 0) {
		q--
	}
	return q
}

// halfRows smooths a premultiplied image half a pixel down as Qt's
// bilinear sampling does (fetchTransformedBilinear, vertical weight ½,
// horizontal 0: per channel ⌊(a+b)/2⌋ of a row and the next, the last
// row paired with itself, as Qt clamps to the image's edge).
func halfRows(img *image.RGBA) {
	h, n := img.Rect.Dy(), img.Rect.Dx()*4
	for y := 0; y < h-1; y++ {
		row, next := img.Pix[y*img.Stride:y*img.Stride+n], img.Pix[(y+1)*img.Stride:(y+1)*img.Stride+n]
		for i := range row {
			row[i] = uint8((uint16(row[i]) + uint16(next[i])) / 2)
		}
	}
}

// halfRows16 is halfRows in 16 bits, as Qt computes the samples before it
// blends them (fetchTransformedBilinear64: each 8-bit channel widened to
// 257c, then ⌊257a/2⌋ + ⌊257b/2⌋ of a row and the next, the last row
// paired with itself), for raster.NewSpriteAlpha, which blends them as
// Qt does and rounds once.
func halfRows16(img *image.RGBA) *image.RGBA64 {
	out := image.NewRGBA64(img.Rect)
	h, n := img.Rect.Dy(), img.Rect.Dx()*4
	for y := 0; y < h; y++ {
		row := img.Pix[y*img.Stride : y*img.Stride+n]
		next := row
		if y < h-1 {
			next = img.Pix[(y+1)*img.Stride : (y+1)*img.Stride+n]
		}
		o := out.Pix[y*out.Stride : y*out.Stride+2*n]
		for i := range row {
			v := 257*uint32(row[i])/2 + 257*uint32(next[i])/2
			o[2*i], o[2*i+1] = uint8(v>>8), uint8(v)
		}
	}
	return out
}
