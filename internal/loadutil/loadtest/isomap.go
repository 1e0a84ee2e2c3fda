package loadtest

import (
	"bytes"
	"compress/zlib"
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"testing/fstest"
)

// IsoMap returns a file system holding big.tmx, a side×side isometric
// Tiled map of four zlib-compressed tile layers (the first full, the
// others sparse) over an 8-tile tileset of 64×64 tiles, and tiles.png,
// the tileset's 256×128 image, whose bytes the caller gives.
func IsoMap(side int, tilesPNG []byte) fstest.MapFS {
	var layers bytes.Buffer
	raw := make([]byte, 4*side*side)
	for l := 0; l < 4; l++ {
		for i := 0; i < side*side; i++ {
			g := uint32(0)
			if l == 0 || (i*7+l*13)%(3+l) == 0 {
				g = uint32((i+l)%8 + 1)
			}
			binary.LittleEndian.PutUint32(raw[4*i:], g)
		}
		var z bytes.Buffer
		zw := zlib.NewWriter(&z)
		zw.Write(raw)
		zw.Close()
		fmt.Fprintf(&layers, `<layer id="%d" name="l%d" width="%d" height="%d"><data encoding="base64" compression="zlib">%s</data></layer>`,
			l+1, l, side, side, base64.StdEncoding.EncodeToString(z.Bytes()))
	}
	tmx := fmt.Sprintf(`<?xml version="1.0"?><map version="1.10" orientation="isometric" width="%d" height="%d" tilewidth="64" tileheight="32">
<tileset firstgid="1" name="t" tilewidth="64" tileheight="64" tilecount="8" columns="4"><image source="tiles.png" width="256" height="128"/></tileset>%s</map>`,
		side, side, layers.String())
	return fstest.MapFS{"big.tmx": {Data: []byte(tmx)}, "tiles.png": {Data: tilesPNG}}
}
