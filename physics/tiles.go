package physics

import (
	"fmt"

	"diorama/mathx"
)

// TileMap is a grid of solid and empty tiles to turn into walls. Tile
// (col,row) covers Origin + (col*TileW, row*TileH) to one tile further.
type TileMap struct {
	Cols, Rows   int
	TileW, TileH float64
	Origin       mathx.Vec2
	// Solid is row-major, Cols*Rows long.
	Solid []bool
	// Layer of the walls (0 means layer 1).
	Layer uint32
}

// TileBox is one merged rectangle of solid tiles, in tile units, with the
// faces that are exposed to empty tiles (or the map edge). Faces: bit 0 top
// (row Row-1), bit 1 right, bit 2 bottom, bit 3 left.
type TileBox struct {
	Col, Row, W, H int
	Faces          uint8
}

// maxTiles bounds a tile map's size before anything is allocated.
const maxTiles = 1 << 24

func (tm *TileMap) validate() error {
	if tm.Cols <= 0 || tm.Rows <= 0 || tm.Cols > maxTiles || tm.Rows > maxTiles || tm.Cols*tm.Rows > maxTiles {
		return fmt.Errorf("physics: tile map %d×%d: Cols and Rows must be > 0 with at most %d tiles", tm.Cols, tm.Rows, maxTiles)
	}
	if len(tm.Solid) != tm.Cols*tm.Rows {
		return fmt.Errorf("physics: tile map Solid has %d entries, want Cols*Rows = %d", len(tm.Solid), tm.Cols*tm.Rows)
	}
	if !validSize(tm.TileW) || !validSize(tm.TileH) {
		return fmt.Errorf("physics: tile size %v×%v must be finite and > 0", tm.TileW, tm.TileH)
	}
	if !finiteVec(tm.Origin) {
		return fmt.Errorf("physics: tile map origin %v is not finite", tm.Origin)
	}
	return nil
}

// MergeTiles covers the solid tiles with few rectangles by greedy meshing:
// scanning rows top to bottom, each unclaimed solid tile starts a box that
// grows right as far as possible, then down while the whole row below is
// solid and unclaimed. Each box's Faces mark the sides that touch an empty
// tile anywhere along them; fully buried sides are never used as collision
// normals, so bodies slide across the seams between boxes.
func MergeTiles(tm TileMap) ([]TileBox, error) {
	if err := tm.validate(); err != nil {
		return nil, err
	}
	cols, rows := tm.Cols, tm.Rows
	solid := func(c, r int) bool { return c >= 0 && r >= 0 && c < cols && r < rows && tm.Solid[r*cols+c] }
	used := make([]bool, len(tm.Solid))
	var out []TileBox
	for r := 0; r < rows; r++ {
		for c := 0; c < cols; c++ {
			i := r*cols + c
			if !tm.Solid[i] || used[i] {
				continue
			}
			w := 1
			for c+w < cols && tm.Solid[i+w] && !used[i+w] {
				w++
			}
			h := 1
		grow:
			for r+h < rows {
				row := (r + h) * cols
				for x := c; x < c+w; x++ {
					if !tm.Solid[row+x] || used[row+x] {
						break grow
					}
				}
				h++
			}
			for y := r; y < r+h; y++ {
				for x := c; x < c+w; x++ {
					used[y*cols+x] = true
				}
			}
			b := TileBox{Col: c, Row: r, W: w, H: h}
			for x := c; x < c+w; x++ {
				if !solid(x, r-1) {
					b.Faces |= 1
				}
				if !solid(x, r+h) {
					b.Faces |= 4
				}
			}
			for y := r; y < r+h; y++ {
				if !solid(c+w, y) {
					b.Faces |= 2
				}
				if !solid(c-1, y) {
					b.Faces |= 8
				}
			}
			out = append(out, b)
		}
	}
	return out, nil
}

// AddTileMap merges the map's solid tiles (MergeTiles) and adds one wall per
// box. It returns the index of the first wall and how many were added;
// nothing is added on error.
func (w *World) AddTileMap(tm TileMap) (first, count int, err error) {
	boxes, err := MergeTiles(tm)
	if err != nil {
		return 0, 0, err
	}
	first = len(w.wallBox)
	for _, b := range boxes {
		min := mathx.Vec2{X: tm.Origin.X + float64(b.Col)*tm.TileW, Y: tm.Origin.Y + float64(b.Row)*tm.TileH}
		max := mathx.Vec2{X: tm.Origin.X + float64(b.Col+b.W)*tm.TileW, Y: tm.Origin.Y + float64(b.Row+b.H)*tm.TileH}
		if _, err := w.addWall(mathx.AABB{Min: min, Max: max}, b.Faces, tm.Layer); err != nil {
			// Roll back so no half-built map stays behind.
			w.wallBox = w.wallBox[:first]
			w.wallMask = w.wallMask[:first]
			w.wallLayer = w.wallLayer[:first]
			w.wallStamp = w.wallStamp[:first]
			w.wallIDs = w.wallIDs[:first]
			return 0, 0, err
		}
	}
	return first, len(boxes), nil
}
