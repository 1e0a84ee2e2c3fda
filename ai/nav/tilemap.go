package nav

import "fmt"

// Tile is one cell of a navmesh's input map: open, wall or door.
type Tile uint8

// The tile kinds.
const (
	// Open is walkable floor.
	Open Tile = iota
	// Wall is blocked.
	Wall
	// Door is walkable, and always gets polygons of its own so it can be
	// locked by cutting the edges into them.
	Door
)

// TileMap is a navmesh's input: W×H tiles, row-major.
type TileMap struct {
	W, H  int    // size in tiles
	Tiles []Tile // W*H tiles, row-major: (x, y) at y*W+x
}

// NewTileMap returns a w×h map of open tiles.
func NewTileMap(w, h int) (*TileMap, error) {
	if w <= 0 || h <= 0 {
		return nil, fmt.Errorf("%w: %d×%d", ErrEmptyMap, w, h)
	}
	if w > MaxGridCells || h > MaxGridCells || w*h > MaxGridCells {
		return nil, fmt.Errorf("%w: %d×%d", ErrTooLarge, w, h)
	}
	return &TileMap{W: w, H: h, Tiles: make([]Tile, w*h)}, nil
}

// ParseTileMap reads rows of text: '.' open, '#' or '@' wall, 'D' door.
// Every row must have the same length; errors name the row and column.
func ParseTileMap(rows []string) (*TileMap, error) {
	if len(rows) == 0 || len(rows[0]) == 0 {
		return nil, ErrEmptyMap
	}
	t, err := NewTileMap(len(rows[0]), len(rows))
	if err != nil {
		return nil, err
	}
	for y, r := range rows {
		if len(r) != t.W {
			return nil, fmt.Errorf("nav: tile row %d has %d tiles, want %d", y+1, len(r), t.W)
		}
		for x := 0; x < len(r); x++ {
			switch r[x] {
			case '.':
			case '#', '@':
				t.Tiles[y*t.W+x] = Wall
			case 'D':
				t.Tiles[y*t.W+x] = Door
			default:
				return nil, fmt.Errorf("nav: tile row %d column %d: unknown tile %q", y+1, x+1, r[x])
			}
		}
	}
	return t, nil
}

// At returns the tile at (x, y); outside the map is Wall.
func (t *TileMap) At(x, y int) Tile {
	if x < 0 || y < 0 || x >= t.W || y >= t.H {
		return Wall
	}
	return t.Tiles[y*t.W+x]
}

// Set sets the tile at (x, y); outside the map it does nothing.
func (t *TileMap) Set(x, y int, v Tile) {
	if x >= 0 && y >= 0 && x < t.W && y < t.H {
		t.Tiles[y*t.W+x] = v
	}
}

// OpenCount returns the number of walkable (open or door) tiles.
func (t *TileMap) OpenCount() int {
	n := 0
	for _, v := range t.Tiles {
		if v != Wall {
			n++
		}
	}
	return n
}
