package tiled

import (
	"image/color"
	"strconv"
	"strings"

	"diorama/props"
)

// WangType says which parts of a tile a Wang set's colours describe.
type WangType uint8

// Wang set types (Tiled's "type" attribute).
const (
	WangCorner WangType = iota
	WangEdge
	WangMixed
)

var wangTypeNames = [...]string{"corner", "edge", "mixed"}

// String returns Tiled's name for t.
func (t WangType) String() string {
	if int(t) < len(wangTypeNames) {
		return wangTypeNames[t]
	}
	return "wangtype(" + itoa(int(t)) + ")"
}

// WangSet is a set of terrain colours and the tiles that carry them, as
// Tiled's terrain brush and automapping use them. The engine keeps them
// for games and tools (terrain painting, procedural maps); rendering
// does not need them.
type WangSet struct {
	Name, Class string
	Type        WangType
	// Tile is the local tile ID representing the set, −1 for none.
	Tile   int
	Colors []WangColor
	// Tiles maps local tile IDs to their Wang IDs.
	Tiles      []WangTile
	Properties props.List
}

// WangColor is one terrain colour of a Wang set; colour indices in a
// WangID are 1-based positions in WangSet.Colors (0 is no colour).
type WangColor struct {
	Name, Class string
	Color       color.NRGBA
	Tile        int // local tile ID representing the colour, −1 for none
	Probability float64
	Properties  props.List
}

// WangTile gives the colours of a tile's eight corners and edges.
type WangTile struct {
	TileID uint32
	// WangID holds the colour index of the top, top-right, right,
	// bottom-right, bottom, bottom-left, left and top-left parts, in
	// Tiled's order.
	WangID [8]uint8
}

// Transformations are the ways a tileset's tiles may be flipped or
// rotated when Tiled's terrain brush or automapping place them.
type Transformations struct {
	HFlip, VFlip, Rotate, PreferUntransformed bool
}

func parseWangType(s string) (WangType, bool) {
	for i, n := range wangTypeNames {
		if n == s {
			return WangType(i), true
		}
	}
	return 0, false
}

// parseWangID reads a Wang ID: eight comma-separated colour indices
// (Tiled 1.5 and later) or the older 32-bit hexadecimal form "0x…" with
// one colour per nibble, top first in the low nibble.
func parseWangID(s string, colors int) ([8]uint8, error) {
	var id [8]uint8
	s = strings.TrimSpace(s)
	if strings.HasPrefix(s, "0x") || strings.HasPrefix(s, "0X") {
		v, err := strconv.ParseUint(s[2:], 16, 32)
		if err != nil {
			return id, errorString("not a Wang ID: " + quote(s))
		}
		for i := range id {
			id[i] = uint8(v >> (4 * i) & 0xF)
		}
	} else {
		parts := strings.Split(s, ",")
		if len(parts) != 8 {
			return id, errorString("Wang ID " + quote(s) + " does not have 8 values")
		}
		for i, p := range parts {
			v, err := strconv.ParseUint(strings.TrimSpace(p), 10, 8)
			if err != nil {
				return id, errorString("not a Wang ID: " + quote(s))
			}
			id[i] = uint8(v)
		}
	}
	for _, c := range id {
		if int(c) > colors {
			return id, errorString("Wang ID " + quote(s) + " names colour " + itoa(int(c)) + " of " + itoa(colors))
		}
	}
	return id, nil
}
