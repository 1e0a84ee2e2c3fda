package tiled

// Limits bound what a file may declare before anything is allocated.
type Limits struct {
	// MaxFileBytes is the largest map or tileset file read.
	MaxFileBytes int64
	// MaxDimension bounds a map's or layer's width and height in tiles.
	MaxDimension int
	// MaxLayerCells bounds width×height of one tile layer (and the sum of
	// one infinite layer's chunks).
	MaxLayerCells int64
	// MaxTotalCells bounds the tile cells of all layers together.
	MaxTotalCells int64
	// MaxChunkCells bounds width×height of one chunk.
	MaxChunkCells int64
	// MaxTileSize bounds tile and grid widths and heights in pixels.
	MaxTileSize int
	// MaxImageSize bounds declared image widths and heights in pixels.
	MaxImageSize int
	// MaxTileCount bounds a tileset's tile count and tile IDs.
	MaxTileCount int
	// MaxTilesets bounds the tilesets of one map.
	MaxTilesets int
	// MaxDepth bounds group nesting (and XML element nesting).
	MaxDepth int
}

// DefaultLimits are generous for games (a 4096×4096 layer, 64 MiB files)
// and still keep a hostile file from exhausting memory.
var DefaultLimits = Limits{
	MaxFileBytes:  64 << 20,
	MaxDimension:  1 << 16,
	MaxLayerCells: 1 << 24,
	MaxTotalCells: 1 << 26,
	MaxChunkCells: 1 << 16,
	MaxTileSize:   1 << 13,
	MaxImageSize:  1 << 15,
	MaxTileCount:  1 << 20,
	MaxTilesets:   1 << 10,
	MaxDepth:      64,
}
