package raster

import (
	"encoding/binary"
	"errors"
	"fmt"
)

// decodeCost is what decoding a file costs beyond the image its header
// declares, read from the file's own structure before any decoder runs:
// the buffers the decoder allocates besides the image (a TIFF's strip or
// tile buffer, a progressive JPEG's coefficients) and the work of a JPEG's
// scans. The zero decodeCost (formats whose decoders allocate only the
// image) adds nothing.
type decodeCost struct {
	buffers    int64  // bytes the decoder allocates besides the image
	what       string // those buffers in words, for messages
	scans      int    // JPEG: scans (SOS segments)
	scanBlocks int64  // JPEG: 8×8 blocks decoded, summed over every scan
}

// jpegBlockBytes is the size of one 8×8 block of coefficients as
// image/jpeg keeps it between the scans of a progressive file
// ([64]int32).
const jpegBlockBytes = 64 * 4

// jpegCost walks a JPEG's markers (without decoding its entropy-coded
// data) and returns what image/jpeg will allocate and do: one buffer of
// coefficients per component of a progressive file (blocks × 256 bytes),
// and for every scan the blocks of the components it codes, which the
// decoder visits once per scan. A file it cannot walk gives an error; the
// decoder would refuse it too.
func jpegCost(data []byte) (decodeCost, error) {
	var c decodeCost
	if len(data) < 2 || data[0] != 0xff || data[1] != 0xd8 {
		return c, errors.New("missing SOI marker")
	}
	type comp struct {
		id     byte
		blocks int64
	}
	var (
		comps       []comp
		progressive bool
		sof         bool
	)
	for p := 2; p < len(data); {
		if data[p] != 0xff {
			// Extraneous bytes before a marker: image/jpeg skips them,
			// as libjpeg does (a warning there).
			p++
			continue
		}
		for p < len(data) && data[p] == 0xff { // fill bytes
			p++
		}
		if p >= len(data) {
			break
		}
		m := data[p]
		p++
		switch {
		case m == 0xd9: // EOI: the decoder stops here
			return c, nil
		case m == 0x01 || m >= 0xd0 && m <= 0xd7: // TEM, RSTn: no length
			continue
		}
		if p+2 > len(data) {
			return c, errors.New("truncated marker segment")
		}
		n := int(binary.BigEndian.Uint16(data[p:]))
		if n < 2 || p+n > len(data) {
			return c, fmt.Errorf("byte %d: marker 0x%02x segment of %d bytes overruns the file", p, m, n)
		}
		seg := data[p+2 : p+n]
		p += n
		switch {
		case m >= 0xc0 && m <= 0xcf && m != 0xc4 && m != 0xc8 && m != 0xcc: // SOFn
			if sof {
				return c, errors.New("more than one SOF marker")
			}
			sof = true
			progressive = m == 0xc2 || m == 0xc6 || m == 0xca || m == 0xce
			if len(seg) < 6 {
				return c, errors.New("short SOF segment")
			}
			h, w, nf := int64(binary.BigEndian.Uint16(seg[1:])), int64(binary.BigEndian.Uint16(seg[3:])), int(seg[5])
			if len(seg) < 6+3*nf {
				return c, errors.New("short SOF segment")
			}
			hmax, vmax := int64(1), int64(1)
			for i := 0; i < nf; i++ {
				s := seg[6+3*i+1]
				hmax, vmax = max(hmax, int64(s>>4)), max(vmax, int64(s&15))
			}
			mxx, myy := (w+8*hmax-1)/(8*hmax), (h+8*vmax-1)/(8*vmax)
			for i := 0; i < nf; i++ {
				s := seg[6+3*i+1]
				comps = append(comps, comp{id: seg[6+3*i], blocks: mxx * myy * int64(s>>4) * int64(s&15)})
			}
			if progressive {
				for _, k := range comps {
					c.buffers += k.blocks * jpegBlockBytes
				}
				c.what = fmt.Sprintf("%d buffers of coefficients", len(comps))
			}
		case m == 0xda: // SOS, then the entropy-coded data up to the next marker
			if !sof {
				return c, errors.New("scan before the SOF marker")
			}
			if len(seg) < 1 || len(seg) < 1+2*int(seg[0]) {
				return c, errors.New("short SOS segment")
			}
			c.scans++
			for i := 0; i < int(seg[0]); i++ {
				id := seg[1+2*i]
				for _, k := range comps {
					if k.id == id {
						c.scanBlocks += k.blocks
						break
					}
				}
			}
			for p < len(data) && !(data[p] == 0xff && p+1 < len(data) && data[p+1] != 0 && (data[p+1] < 0xd0 || data[p+1] > 0xd7) && data[p+1] != 0xff) {
				p++
			}
		}
	}
	return c, nil
}

// TIFF tags read by tiffCost.
const (
	tiffImageWidth      = 256
	tiffImageLength     = 257
	tiffCompression     = 259
	tiffRowsPerStrip    = 278
	tiffStripByteCounts = 279
	tiffTileWidth       = 322
	tiffTileLength      = 323
	tiffTileByteCounts  = 325
)

// tiffCost reads a TIFF's first IFD (the image x/image/tiff decodes) and
// returns the buffer its decoder allocates for the strips or tiles: a
// compressed strip or tile is inflated into a bytes.Buffer that grows by
// doubling up to 8 bytes per pixel of the block (the decoder's cap,
// whatever the samples): up to three times that while the last doubling
// copies (measured: a 3000×3000 RGBA16 strip of 72 MB peaks at 219 MB
// besides the image); an uncompressed one is read into a buffer of its
// byte count.
func tiffCost(data []byte) (decodeCost, error) {
	var c decodeCost
	if len(data) < 8 {
		return c, errors.New("short TIFF header")
	}
	var bo binary.ByteOrder
	switch string(data[:4]) {
	case "II*\x00":
		bo = binary.LittleEndian
	case "MM\x00*":
		bo = binary.BigEndian
	default:
		return c, errors.New("malformed TIFF header")
	}
	off := int64(bo.Uint32(data[4:]))
	if off+2 > int64(len(data)) {
		return c, errors.New("IFD offset outside the file")
	}
	n := int64(bo.Uint16(data[off:]))
	if off+2+12*n > int64(len(data)) {
		return c, errors.New("IFD overruns the file")
	}
	vals := map[uint16]int64{}
	var maxCount int64 // the largest strip or tile byte count
	for i := int64(0); i < n; i++ {
		e := data[off+2+12*i : off+14+12*i]
		tag, typ, count := bo.Uint16(e), bo.Uint16(e[2:]), int64(bo.Uint32(e[4:]))
		size := int64(0)
		switch typ {
		case 1: // BYTE
			size = 1
		case 3: // SHORT
			size = 2
		case 4: // LONG
			size = 4
		default:
			continue
		}
		if count < 1 {
			continue
		}
		at := off + 2 + 12*i + 8 // the value, when it fits in 4 bytes
		if count*size > 4 {
			at = int64(bo.Uint32(e[8:]))
			if count > int64(len(data)) || at+count*size > int64(len(data)) {
				return c, fmt.Errorf("tag %d: %d values outside the file", tag, count)
			}
		}
		val := func(k int64) int64 {
			q := at + k*size
			switch size {
			case 1:
				return int64(data[q])
			case 2:
				return int64(bo.Uint16(data[q:]))
			}
			return int64(bo.Uint32(data[q:]))
		}
		switch tag {
		case tiffStripByteCounts, tiffTileByteCounts:
			for k := int64(0); k < count; k++ {
				maxCount = max(maxCount, val(k))
			}
		default:
			vals[tag] = val(0)
		}
	}
	w, h := vals[tiffImageWidth], vals[tiffImageLength]
	bw, bh := w, h
	if tw := vals[tiffTileWidth]; tw != 0 {
		bw, bh = tw, vals[tiffTileLength]
	} else if r := vals[tiffRowsPerStrip]; r > 0 && r < h {
		bh = r
	}
	blockMax := bw * bh * 8
	block := "strip"
	if vals[tiffTileWidth] != 0 {
		block = "tile"
	}
	if cmp := vals[tiffCompression]; cmp == 0 || cmp == 1 {
		c.buffers = min(maxCount, blockMax)
		c.what = fmt.Sprintf("the largest %s read whole", block)
	} else {
		c.buffers = 3 * blockMax
		c.what = fmt.Sprintf("the buffer a compressed %s of %d×%d inflates into", block, bw, bh)
	}
	return c, nil
}
