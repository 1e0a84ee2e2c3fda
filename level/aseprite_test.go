package level

import (
	"bytes"
	"encoding/binary"
	"image/color"
	"strings"
	"testing"
	"testing/fstest"
)

// aseFile is a minimal one-frame, one-layer 32-bit .aseprite file (the
// published layout: 128-byte header, a frame with a layer chunk and a raw
// cel) of a w×h image filled with c.
func aseFile(w, h int, c color.NRGBA) []byte {
	le := binary.LittleEndian
	var layer, cel bytes.Buffer
	layer.Write(le.AppendUint16(nil, 1)) // visible
	layer.Write(make([]byte, 10))        // type, level, default size, blend
	layer.WriteByte(255)                 // opacity
	layer.Write(make([]byte, 3))
	layer.Write(le.AppendUint16(nil, 2))
	layer.WriteString("bg")
	cel.Write(make([]byte, 6)) // layer 0 at (0, 0)
	cel.WriteByte(255)
	cel.Write(make([]byte, 2+2+5)) // raw cel, z-index 0
	cel.Write(le.AppendUint16(nil, uint16(w)))
	cel.Write(le.AppendUint16(nil, uint16(h)))
	for range w * h {
		cel.Write([]byte{c.R, c.G, c.B, c.A})
	}
	var chunks bytes.Buffer
	for _, ch := range []struct {
		typ  uint16
		data []byte
	}{{0x2004, layer.Bytes()}, {0x2005, cel.Bytes()}} {
		chunks.Write(le.AppendUint32(nil, uint32(6+len(ch.data))))
		chunks.Write(le.AppendUint16(nil, ch.typ))
		chunks.Write(ch.data)
	}
	var frame bytes.Buffer
	frame.Write(le.AppendUint32(nil, uint32(16+chunks.Len())))
	frame.Write(le.AppendUint16(nil, 0xF1FA))
	frame.Write(le.AppendUint16(nil, 2))
	frame.Write(le.AppendUint16(nil, 100))
	frame.Write(make([]byte, 2))
	frame.Write(le.AppendUint32(nil, 2))
	frame.Write(chunks.Bytes())
	var hdr bytes.Buffer
	hdr.Write(le.AppendUint32(nil, uint32(128+frame.Len())))
	hdr.Write(le.AppendUint16(nil, 0xA5E0))
	hdr.Write(le.AppendUint16(nil, 1))
	hdr.Write(le.AppendUint16(nil, uint16(w)))
	hdr.Write(le.AppendUint16(nil, uint16(h)))
	hdr.Write(le.AppendUint16(nil, 32))
	hdr.Write(make([]byte, 4+2+8)) // flags, speed, reserved
	hdr.WriteByte(0)
	hdr.Write(make([]byte, 3+2))
	hdr.Write([]byte{1, 1})
	hdr.Write(make([]byte, 2+2+2+2+84))
	return append(hdr.Bytes(), frame.Bytes()...)
}

// A tileset whose image is an .aseprite file (Tiled 1.11+ opens those
// through its plugin; melonJS's and SuperTiled2Unity's examples use them)
// draws the file's first frame; a tileset that leaves out its counts
// reads them from the file's header; a broken file is an error naming it.
func TestTiledAsepriteTilesetImage(t *testing.T) {
	green := color.NRGBA{0, 200, 0, 255}
	tmx := func(image string) string {
		return `<?xml version="1.0"?><map version="1.11" orientation="orthogonal" width="2" height="1" tilewidth="8" tileheight="8">
 <tileset firstgid="1" name="a" tilewidth="8" tileheight="8"><image source="` + image + `"/></tileset>
 <layer id="1" name="g" width="2" height="1"><data encoding="csv">1,2</data></layer></map>`
	}
	fsys := fstest.MapFS{"m.tmx": {Data: []byte(tmx("t.aseprite"))}, "t.aseprite": {Data: aseFile(16, 8, green)}}
	w, err := LoadTiled(fsys, "m.tmx", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if n := countRGBA(renderWorld(t, w, 0), color.RGBA{0, 200, 0, 255}); n != 2*64 {
		t.Errorf("%d green pixels, want the two 8×8 tiles", n)
	}
	bad := fstest.MapFS{"m.tmx": {Data: []byte(tmx("t.ase"))}, "t.ase": {Data: aseFile(16, 8, green)[:140]}}
	if _, err := LoadTiled(bad, "m.tmx", Options{}); err == nil || !strings.Contains(err.Error(), "t.ase") {
		t.Errorf("a cut .ase file: %v", err)
	}
}
