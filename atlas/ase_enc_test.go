package atlas

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"image/color"
)

// A small .aseprite writer for tests, written from
// docs/ase-file-specs.md, so the reader is checked byte for byte against
// the published layout rather than against itself.

type encChunk struct {
	typ  uint16
	data []byte
}

type encFrame struct {
	dur    int
	chunks []encChunk
}

type aseEnc struct {
	w, h, bpp int // bpp 32, 16 or 8
	flags     uint32
	transp    uint8
	speed     int
	frames    []encFrame
}

type buf struct{ bytes.Buffer }

func (b *buf) u8(v int)  { b.WriteByte(byte(v)) }
func (b *buf) u16(v int) { b.Write(binary.LittleEndian.AppendUint16(nil, uint16(v))) }
func (b *buf) u32(v int) { b.Write(binary.LittleEndian.AppendUint32(nil, uint32(v))) }
func (b *buf) zero(n int) {
	b.Write(make([]byte, n))
}
func (b *buf) str(s string) {
	b.u16(len(s))
	b.WriteString(s)
}

// bytes encodes the whole file.
func (e *aseEnc) bytes() []byte {
	var body buf
	for _, f := range e.frames {
		var ch buf
		for _, c := range f.chunks {
			ch.u32(6 + len(c.data))
			ch.u16(int(c.typ))
			ch.Write(c.data)
		}
		body.u32(16 + ch.Len())
		body.u16(0xF1FA)
		body.u16(min(len(f.chunks), 0xFFFF))
		body.u16(f.dur)
		body.zero(2)
		body.u32(len(f.chunks))
		body.Write(ch.Bytes())
	}
	var h buf
	h.u32(128 + body.Len())
	h.u16(0xA5E0)
	h.u16(len(e.frames))
	h.u16(e.w)
	h.u16(e.h)
	h.u16(e.bpp)
	h.u32(int(e.flags))
	h.u16(e.speed)
	h.zero(8)
	h.u8(int(e.transp))
	h.zero(3)
	h.u16(0) // number of colours
	h.u8(1)
	h.u8(1)
	h.zero(2 + 2 + 2 + 2 + 84)
	return append(h.Bytes(), body.Bytes()...)
}

func (e *aseEnc) add(frame int, typ uint16, data []byte) {
	e.frames[frame].chunks = append(e.frames[frame].chunks, encChunk{typ, data})
}

func layerChunk(flags, typ, level int, blend BlendMode, opacity int, name string) []byte {
	var b buf
	b.u16(flags)
	b.u16(typ)
	b.u16(level)
	b.u16(0)
	b.u16(0)
	b.u16(int(blend))
	b.u8(opacity)
	b.zero(3)
	b.str(name)
	return b.Bytes()
}

func celHeader(b *buf, layer, x, y, opacity, typ, z int) {
	b.u16(layer)
	b.u16(x)
	b.u16(y)
	b.u8(opacity)
	b.u16(typ)
	b.u16(z)
	b.zero(5)
}

// celRaw is an uncompressed cel (type 0).
func celRaw(layer, x, y, opacity, w, h int, pix []byte) []byte {
	var b buf
	celHeader(&b, layer, x, y, opacity, 0, 0)
	b.u16(w)
	b.u16(h)
	b.Write(pix)
	return b.Bytes()
}

func zlibBytes(p []byte) []byte {
	var z bytes.Buffer
	zw := zlib.NewWriter(&z)
	zw.Write(p)
	zw.Close()
	return z.Bytes()
}

// celZ is a compressed cel (type 2) with a z-index.
func celZ(layer, x, y, opacity, z, w, h int, pix []byte) []byte {
	var b buf
	celHeader(&b, layer, x, y, opacity, 2, z)
	b.u16(w)
	b.u16(h)
	b.Write(zlibBytes(pix))
	return b.Bytes()
}

func celLink(layer, x, y, opacity, frame int) []byte {
	var b buf
	celHeader(&b, layer, x, y, opacity, 1, 0)
	b.u16(frame)
	return b.Bytes()
}

type encTag struct {
	from, to, dir, repeat int
	rgb                   [3]byte
	name                  string
}

func tagsChunk(tags ...encTag) []byte {
	var b buf
	b.u16(len(tags))
	b.zero(8)
	for _, t := range tags {
		b.u16(t.from)
		b.u16(t.to)
		b.u8(t.dir)
		b.u16(t.repeat)
		b.zero(6)
		b.Write(t.rgb[:])
		b.u8(0)
		b.str(t.name)
	}
	return b.Bytes()
}

func paletteChunk(size, from int, cols []color.NRGBA) []byte {
	var b buf
	b.u32(size)
	b.u32(from)
	b.u32(from + len(cols) - 1)
	b.zero(8)
	for i, c := range cols {
		if i == 0 {
			b.u16(1) // has a name
		} else {
			b.u16(0)
		}
		b.Write([]byte{c.R, c.G, c.B, c.A})
		if i == 0 {
			b.str("first")
		}
	}
	return b.Bytes()
}

// oldPalette is chunk 0x0004 or 0x0011: one packet per skip/colours pair.
func oldPalette(packets ...struct {
	skip int
	rgb  [][3]byte
}) []byte {
	var b buf
	b.u16(len(packets))
	for _, p := range packets {
		b.u8(p.skip)
		b.u8(len(p.rgb) % 256)
		for _, c := range p.rgb {
			b.Write(c[:])
		}
	}
	return b.Bytes()
}

func userDataChunk(text string, c *color.NRGBA, props bool) []byte {
	var b buf
	fl := 0
	if text != "" {
		fl |= 1
	}
	if c != nil {
		fl |= 2
	}
	if props {
		fl |= 4
	}
	b.u32(fl)
	if text != "" {
		b.str(text)
	}
	if c != nil {
		b.Write([]byte{c.R, c.G, c.B, c.A})
	}
	if props {
		// One user properties map with one bool property.
		var p buf
		p.u32(0) // map key: user properties
		p.u32(1)
		p.str("solid")
		p.u16(1)
		p.u8(1)
		b.u32(8 + p.Len())
		b.u32(1)
		b.Write(p.Bytes())
	}
	return b.Bytes()
}

type encKey struct {
	frame, x, y, w, h int
	cx, cy, cw, ch    int
	px, py            int
}

func sliceChunk(name string, flags int, keys ...encKey) []byte {
	var b buf
	b.u32(len(keys))
	b.u32(flags)
	b.u32(0)
	b.str(name)
	for _, k := range keys {
		b.u32(k.frame)
		b.u32(k.x)
		b.u32(k.y)
		b.u32(k.w)
		b.u32(k.h)
		if flags&1 != 0 {
			b.u32(k.cx)
			b.u32(k.cy)
			b.u32(k.cw)
			b.u32(k.ch)
		}
		if flags&2 != 0 {
			b.u32(k.px)
			b.u32(k.py)
		}
	}
	return b.Bytes()
}

func tilesetChunk(id, n, tw, th int, pix []byte) []byte {
	var b buf
	b.u32(id)
	b.u32(2 | 4) // tiles inside the file, tile 0 is empty
	b.u32(n)
	b.u16(tw)
	b.u16(th)
	b.u16(1)
	b.zero(14)
	b.str("tiles")
	z := zlibBytes(pix)
	b.u32(len(z))
	b.Write(z)
	return b.Bytes()
}

func tilemapLayerChunk(name string, tileset int) []byte {
	b := buf{}
	b.Write(layerChunk(1, 2, 0, BlendNormal, 255, name))
	b.u32(tileset)
	return b.Bytes()
}

// tilemapCel is a compressed tilemap cel of 32-bit tiles (id in the low
// 29 bits, then diagonal, y and x flips).
func tilemapCel(layer, x, y, w, h int, tiles []uint32) []byte {
	var b buf
	celHeader(&b, layer, x, y, 255, 3, 0)
	b.u16(w)
	b.u16(h)
	b.u16(32)
	b.u32(0x1fffffff)
	b.u32(-0x80000000) // bit 31 (written as uint32; an int constant fits on 32-bit too)
	b.u32(0x40000000)
	b.u32(0x20000000)
	b.zero(10)
	raw := make([]byte, 0, 4*len(tiles))
	for _, t := range tiles {
		raw = binary.LittleEndian.AppendUint32(raw, t)
	}
	b.Write(zlibBytes(raw))
	return b.Bytes()
}

// rgba packs straight RGBA pixels.
func rgba(px ...color.NRGBA) []byte {
	out := make([]byte, 0, 4*len(px))
	for _, p := range px {
		out = append(out, p.R, p.G, p.B, p.A)
	}
	return out
}
