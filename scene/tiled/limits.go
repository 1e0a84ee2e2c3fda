package tiled

import "diorama/internal/loadutil"

// Limits bound what a file may declare before anything is allocated. A zero
// field takes its value from DefaultLimits.
type Limits struct {
	// MaxFileBytes is the largest map or tileset file read; one Load reads
	// at most four times this in all (map plus external tilesets).
	MaxFileBytes int64
	// MaxWidth and MaxHeight bound a map's or layer's width and height
	// in tiles.
	MaxWidth, MaxHeight int
	// MaxLayerCells bounds width×height of one tile layer (and the sum of
	// one infinite layer's chunks).
	MaxLayerCells int64
	// MaxTotalCells bounds the tile cells of all layers together, each
	// layer (of any kind) counting LayerCells cells besides its tiles for
	// its own structures: layers × cells, whatever their sizes.
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
	// MaxLayers bounds the layers of one map, groups, object and image
	// layers included, counted as the file is read, before any is built.
	MaxLayers int
	// MaxDepth bounds group nesting (and XML element nesting).
	MaxDepth int
	// MaxElements bounds the XML elements plus attributes, or the JSON
	// objects plus arrays, of one file, counted before the file is decoded
	// into structures (each costs far more memory than its bytes in the
	// file). Tile data in CSV, base64 or legacy <tile gid> form does not
	// count.
	MaxElements int
}

// LayerCells is what one layer costs against Limits.MaxTotalCells
// besides its tiles: its structures in the loader and in the scene built
// from it, some 2 KB a layer measured (60,000 layers of 8×8 tiles took
// 148 MiB to load and build, 9 bytes a tile), the cost of 512 cells.
const LayerCells = 512

// DefaultLimits are generous for games (a 4096×4096 layer, 64 MiB files)
// and still keep a hostile file from exhausting memory.
var DefaultLimits = Limits{
	MaxFileBytes:  64 << 20,
	MaxWidth:      1 << 16,
	MaxHeight:     1 << 16,
	MaxLayerCells: 1 << 24,
	MaxTotalCells: 1 << 26,
	MaxChunkCells: 1 << 16,
	MaxTileSize:   1 << 13,
	MaxImageSize:  1 << 15,
	MaxTileCount:  1 << 20,
	MaxTilesets:   1 << 10,
	MaxLayers:     1 << 12,
	MaxDepth:      64,
	MaxElements:   1 << 20,
}

// withDefaults fills the fields that are not positive from DefaultLimits.
func (l Limits) withDefaults() Limits { return loadutil.Defaults(l, DefaultLimits) }
