package loadtest

import (
	"bytes"
	"encoding/binary"
)

// AsepriteLinks returns an Aseprite file of w×h RGBA pixels, frames
// frames and one layer: frame 0 holds a raw cel of opaque white, and each
// pair {frame, target} of links adds to frame a linked cel (type 1)
// showing the layer's cel of frame target. A link to its own frame, or
// two frames linked to each other, is the attacker's file: a reader
// following links without a rule loops (or recurses) forever.
func AsepriteLinks(w, h, frames int, links [][2]int) []byte {
	type chunk struct {
		typ  uint16
		data []byte
	}
	le := binary.LittleEndian
	chunks := make([][]chunk, frames)
	// Layer chunk (0x2004): visible normal image layer "l", opacity 255.
	var layer bytes.Buffer
	layer.Write(le.AppendUint16(nil, 1)) // flags: visible
	layer.Write(make([]byte, 8))         // type, child level, default w, h
	layer.Write(le.AppendUint16(nil, 0)) // blend: normal
	layer.WriteByte(255)                 // opacity
	layer.Write(make([]byte, 3))
	layer.Write(le.AppendUint16(nil, 1))
	layer.WriteString("l")
	chunks[0] = append(chunks[0], chunk{0x2004, layer.Bytes()})
	cel := func(typ int, tail []byte) []byte {
		var b bytes.Buffer
		b.Write(make([]byte, 6)) // layer 0 at (0, 0)
		b.WriteByte(255)         // opacity
		b.Write(le.AppendUint16(nil, uint16(typ)))
		b.Write(make([]byte, 7)) // z-index, reserved
		b.Write(tail)
		return b.Bytes()
	}
	raw := le.AppendUint16(le.AppendUint16(nil, uint16(w)), uint16(h))
	raw = append(raw, bytes.Repeat([]byte{255}, 4*w*h)...)
	chunks[0] = append(chunks[0], chunk{0x2005, cel(0, raw)})
	for _, l := range links {
		chunks[l[0]] = append(chunks[l[0]], chunk{0x2005, cel(1, le.AppendUint16(nil, uint16(l[1])))})
	}
	var body bytes.Buffer
	for _, fc := range chunks {
		var ch bytes.Buffer
		for _, c := range fc {
			ch.Write(le.AppendUint32(nil, uint32(6+len(c.data))))
			ch.Write(le.AppendUint16(nil, c.typ))
			ch.Write(c.data)
		}
		body.Write(le.AppendUint32(nil, uint32(16+ch.Len())))
		body.Write(le.AppendUint16(nil, 0xF1FA))
		body.Write(le.AppendUint16(nil, uint16(len(fc))))
		body.Write(le.AppendUint16(nil, 100)) // duration, ms
		body.Write(make([]byte, 2))
		body.Write(le.AppendUint32(nil, uint32(len(fc))))
		body.Write(ch.Bytes())
	}
	var hdr bytes.Buffer
	hdr.Write(le.AppendUint32(nil, uint32(128+body.Len())))
	hdr.Write(le.AppendUint16(nil, 0xA5E0))
	hdr.Write(le.AppendUint16(nil, uint16(frames)))
	hdr.Write(le.AppendUint16(nil, uint16(w)))
	hdr.Write(le.AppendUint16(nil, uint16(h)))
	hdr.Write(le.AppendUint16(nil, 32))  // bits per pixel
	hdr.Write(le.AppendUint32(nil, 1))   // flags: layer opacity is valid
	hdr.Write(le.AppendUint16(nil, 100)) // speed (deprecated)
	hdr.Write(make([]byte, 8+1+3+2))     // reserved, transparent index, colours
	hdr.Write([]byte{1, 1})              // pixel width and height
	hdr.Write(make([]byte, 2+2+2+2+84))  // grid, reserved
	return append(hdr.Bytes(), body.Bytes()...)
}
