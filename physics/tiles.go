package physics

import (
	"fmt"
	"math"
	"slices"

	"diorama/mathx"
)

// SolidTiles is a grid of solid and empty tiles to turn into walls. Tile
// (col,row) covers Origin + (col*TileW, row*TileH) to one tile further.
type SolidTiles struct {
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

func (tm *SolidTiles) validate() error {
	if tm.Cols <= 0 || tm.Rows <= 0 || tm.Cols > maxTiles || tm.Rows > maxTiles || tm.Cols > maxTiles/tm.Rows { // the division form: Cols*Rows overflows a 32-bit int
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
func MergeTiles(tm SolidTiles) ([]TileBox, error) {
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

// AddSolidTiles merges the map's solid tiles (MergeTiles) and adds one wall per
// box. It returns the index of the first wall and how many were added;
// nothing is added on error.
func (sp *Space) AddSolidTiles(tm SolidTiles) (first, count int, err error) {
	boxes, err := MergeTiles(tm)
	if err != nil {
		return 0, 0, err
	}
	first = len(sp.wallBox)
	mi := int32(len(sp.maps))
	for _, b := range boxes {
		min := mathx.Vec2{X: tm.Origin.X + float64(float64(b.Col)*tm.TileW), Y: tm.Origin.Y + float64(float64(b.Row)*tm.TileH)}
		max := mathx.Vec2{X: tm.Origin.X + float64(float64(b.Col+b.W)*tm.TileW), Y: tm.Origin.Y + float64(float64(b.Row+b.H)*tm.TileH)}
		if _, err := sp.addWall(mathx.AABB{Min: min, Max: max}, b.Faces, tm.Layer); err != nil {
			// Roll back so no half-built map stays behind.
			sp.wallBox = sp.wallBox[:first]
			sp.wallMask = sp.wallMask[:first]
			sp.wallTile = sp.wallTile[:first]
			sp.wallLayer = sp.wallLayer[:first]
			sp.wallIDs = sp.wallIDs[:first]
			return 0, 0, err
		}
		sp.wallTile[len(sp.wallTile)-1] = wallTile{m: mi, box: b}
	}
	sp.maps = append(sp.maps, tileGrid{cols: tm.Cols, rows: tm.Rows, tw: tm.TileW, th: tm.TileH, origin: tm.Origin, solid: slices.Clone(tm.Solid)})
	return first, len(boxes), nil
}

// tileGrid keeps a tile map's solid flags so wall contacts can tell which
// part of a face is buried in neighbouring solid tiles.
type tileGrid struct {
	cols, rows int
	tw, th     float64
	origin     mathx.Vec2
	solid      []bool
}

type wallTile struct {
	m   int32 // index into Space.maps, -1 for walls added with AddWall
	box TileBox
}

func (g *tileGrid) solidAt(c, r int) bool {
	return c >= 0 && r >= 0 && c < g.cols && r < g.rows && g.solid[r*g.cols+c]
}

// localMask returns wall k's usable faces for a body with bounds b: a face
// counts only if some tile beyond it, alongside the part of the face the
// body spans, is empty. A face buried where the body touches it is never a
// collision normal, so bodies slide over the seams between merged boxes,
// whichever way the map was cut.
func (sp *Space) localMask(k int, b mathx.AABB) uint8 {
	wt := &sp.wallTile[k]
	if wt.m < 0 {
		return sp.wallMask[k]
	}
	g := &sp.maps[wt.m]
	tb := wt.box
	c0 := clampInt(floorDiv(b.Min.X-g.origin.X, g.tw), tb.Col, tb.Col+tb.W-1)
	c1 := clampInt(floorDiv(b.Max.X-g.origin.X, g.tw), tb.Col, tb.Col+tb.W-1)
	r0 := clampInt(floorDiv(b.Min.Y-g.origin.Y, g.th), tb.Row, tb.Row+tb.H-1)
	r1 := clampInt(floorDiv(b.Max.Y-g.origin.Y, g.th), tb.Row, tb.Row+tb.H-1)
	var m uint8
	for c := c0; c <= c1; c++ {
		if !g.solidAt(c, tb.Row-1) {
			m |= 1
		}
		if !g.solidAt(c, tb.Row+tb.H) {
			m |= 4
		}
	}
	for r := r0; r <= r1; r++ {
		if !g.solidAt(tb.Col+tb.W, r) {
			m |= 2
		}
		if !g.solidAt(tb.Col-1, r) {
			m |= 8
		}
	}
	return m
}

func floorDiv(x, d float64) int {
	f := math.Floor(x / d)
	if !(f > -1e9) {
		return -1 << 30
	}
	if f > 1e9 {
		return 1 << 30
	}
	return int(f)
}

func clampInt(v, lo, hi int) int { return min(max(v, lo), hi) }
