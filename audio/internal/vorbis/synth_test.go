package vorbis

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
)

// No encoder at hand writes floor 0, residue 0, single-entry or sparse
// codebooks, or lookup type 1 with sequence_p. These tests write such
// setup headers by hand, follow them with audio packets of random bits
// (every bit string decodes to something, the Huffman trees being
// complete, until the packet ends), and compare the decode with
// libvorbis's (oggdec) on the same file.

// packFloat is float32_pack for dyadic values (spec 9.2.2).
func packFloat(v float64) uint64 {
	var sign uint64
	if v < 0 {
		sign, v = 1<<31, -v
	}
	if v == 0 {
		return 0
	}
	f, e := math.Frexp(v) // v = f·2^e, f in [0.5, 1)
	mant := uint64(f * (1 << 21))
	return sign | uint64(e-21+788)<<21 | mant
}

type bookSpec struct {
	dims    int
	lengths []int // 0: unused entry (the book is then sparse)
	lookup  int
	min     float64
	delta   float64
	bits    uint
	seq     bool
	mults   []uint64
	ordered bool // lengths non-decreasing, written as runs
}

func (c bookSpec) write(w *bitWriter) {
	w.write(0x564342, 24)
	w.write(uint64(c.dims), 16)
	w.write(uint64(len(c.lengths)), 24)
	sparse := false
	for _, l := range c.lengths {
		if l == 0 {
			sparse = true
		}
	}
	if c.ordered {
		w.write(1, 1)
		w.write(uint64(c.lengths[0]-1), 5)
		cur := 0
		for l := c.lengths[0]; cur < len(c.lengths); l++ {
			n := 0
			for cur+n < len(c.lengths) && c.lengths[cur+n] == l {
				n++
			}
			w.write(uint64(n), ilog(len(c.lengths)-cur))
			cur += n
		}
	} else {
		w.write(0, 1)
		w.write(b2u(sparse), 1)
		for _, l := range c.lengths {
			if sparse {
				w.write(b2u(l > 0), 1)
				if l == 0 {
					continue
				}
			}
			w.write(uint64(l-1), 5)
		}
	}
	w.write(uint64(c.lookup), 4)
	if c.lookup == 0 {
		return
	}
	w.write(packFloat(c.min), 32)
	w.write(packFloat(c.delta), 32)
	w.write(uint64(c.bits-1), 4)
	w.write(b2u(c.seq), 1)
	for _, m := range c.mults {
		w.write(m, c.bits)
	}
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

func flat(n, l int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = l
	}
	return s
}

// synthStream writes a stream of channels channels at rate whose setup
// uses floor0 (or floor1 when floor1 is set) and residue type resType,
// followed by npk random audio packets.
func synthStream(rng *rand.Rand, channels int, rate uint32, resType int, floor1 bool, npk int) []byte {
	const bs0, bs1 = 8, 11 // 256 and 2048
	w := &bitWriter{b: []byte("\x05vorbis")}
	w.nbit = 7 * 8
	// Residue values are scaled to the floor: floor 0's curve here runs
	// to about 60, floor 1's to 1.
	rs := 1.0
	if floor1 {
		rs = 64
	}
	books := []bookSpec{
		// 0: floor 0 coefficients, 2 dimensions, lookup 1 (4 values a
		// dimension: 16 entries), sequence_p.
		{dims: 2, lengths: flat(16, 4), lookup: 1, min: 0.25, delta: 1.0 / 32, bits: 3, seq: true, mults: []uint64{0, 1, 2, 3}},
		// 1: residue classification: 2 dimensions of 3 classes, 9
		// entries.
		{dims: 2, lengths: append(flat(7, 3), 4, 4)},
		// 2: residue vectors, 4 dimensions, lookup 2, lengths ordered.
		{dims: 4, lengths: append(append(flat(2, 2), flat(2, 3)...), flat(8, 5)...), lookup: 2, min: -rs / 512, delta: rs / 4096, bits: 5, ordered: true},
		// 3: single-entry book (length 1), 2 dimensions.
		{dims: 2, lengths: []int{1}, lookup: 2, min: rs / 2048, delta: rs / 2048, bits: 2, mults: []uint64{1, 2}},
		// 4: sparse book, lookup 1 with 2 dimensions of 3 values (9
		// entries, 3 unused), sequence_p.
		{dims: 2, lengths: []int{2, 0, 2, 3, 0, 3, 3, 0, 3}, lookup: 1, min: -rs / 1024, delta: rs / 2048, bits: 2, seq: true, mults: []uint64{0, 2, 3}},
		// 5: floor 1 scalar book, 8 entries.
		{dims: 1, lengths: flat(8, 3)},
	}
	if books[2].lookup == 2 {
		n := len(books[2].lengths) * books[2].dims
		for range n {
			books[2].mults = append(books[2].mults, uint64(rng.IntN(32)))
		}
	}
	w.write(uint64(len(books)-1), 8)
	for _, b := range books {
		b.write(w)
	}
	w.write(0, 6)  // one time domain transform
	w.write(0, 16) // of type 0
	w.write(0, 6)  // one floor
	if floor1 {
		w.write(1, 16)
		w.write(2, 5) // partitions
		w.write(0, 4) // classes 0, 1
		w.write(1, 4)
		// class 0: 2 dimensions, no subclasses, book 5
		w.write(1, 3)
		w.write(0, 2)
		w.write(6, 8)
		// class 1: 3 dimensions, 1 subclass bit, master book 5, books
		// none and 5
		w.write(2, 3)
		w.write(1, 2)
		w.write(5, 8)
		w.write(0, 8)
		w.write(6, 8)
		w.write(1, 2) // multiplier 2
		w.write(10, 4)
		for _, x := range []int{512, 100, 700, 300, 40} {
			w.write(uint64(x), 10)
		}
	} else {
		w.write(0, 16)
		w.write(8, 8)      // order
		w.write(44100, 16) // rate
		w.write(256, 16)   // bark map size
		w.write(6, 6)      // amplitude bits
		w.write(4, 8)      // amplitude offset
		w.write(0, 4)      // one book
		w.write(0, 8)      // book 0
	}
	w.write(0, 6) // one residue
	w.write(uint64(resType), 16)
	w.write(16, 24)   // begin
	w.write(1000, 24) // end
	w.write(15, 24)   // partition size 16
	w.write(2, 6)     // 3 classifications
	w.write(1, 8)     // classbook 1
	// cascades: class 0 nothing; class 1 pass 0; class 2 passes 0, 1, 3
	w.write(0, 3)
	w.write(0, 1)
	w.write(1, 3)
	w.write(0, 1)
	w.write(3, 3)
	w.write(1, 1)
	w.write(1, 5)
	w.write(2, 8) // class 1 pass 0: book 2
	w.write(2, 8) // class 2 pass 0: book 2
	w.write(4, 8) // class 2 pass 1: book 4
	w.write(3, 8) // class 2 pass 3: book 3
	w.write(0, 6) // one mapping
	w.write(0, 16)
	w.write(1, 1) // submaps
	w.write(1, 4) // 2 submaps
	if channels > 1 {
		w.write(1, 1)
		w.write(0, 8) // one coupling step
		w.write(0, uint(ilog(channels-1)))
		w.write(1, uint(ilog(channels-1)))
	} else {
		w.write(0, 1)
	}
	w.write(0, 2)
	for c := range channels {
		w.write(uint64(c%2), 4) // channels alternate between the submaps
	}
	for range 2 {
		w.write(0, 8) // time
		w.write(0, 8) // floor 0
		w.write(0, 8) // residue 0
	}
	w.write(1, 6) // two modes
	w.write(0, 1)
	w.write(0, 32)
	w.write(0, 8)
	w.write(1, 1)
	w.write(0, 32)
	w.write(0, 8)
	w.write(1, 1) // framing
	setup := w.b

	// Audio packets: random bits with the packet type bit clear; the
	// output length follows from each packet's mode bit.
	var pkts [][]byte
	total, prev := int64(0), 0
	for i := range npk {
		p := make([]byte, 1+rng.IntN(200))
		for j := range p {
			p[j] = byte(rng.Uint32())
		}
		p[0] &^= 1
		// The first channel's floor is used (its nonzero bit set).
		if p[0]&2 != 0 {
			p[0] |= 16
		} else {
			p[0] |= 4
		}
		if i == 0 {
			p[0] &^= 2
		}
		n := 1 << bs0
		if p[0]&2 != 0 {
			n = 1 << bs1
		}
		if prev > 0 {
			total += int64(prev/4 + n/4)
		}
		prev = n
		pkts = append(pkts, p)
	}
	var out []byte
	page := func(flags byte, seq uint32, granule int64, packets ...[]byte) {
		var segs, body []byte
		for _, p := range packets {
			for r := len(p); ; r -= 255 {
				if r < 255 {
					segs = append(segs, byte(r))
					break
				}
				segs = append(segs, 255)
			}
			body = append(body, p...)
		}
		h := make([]byte, pageHeaderLen, pageHeaderLen+len(segs)+len(body))
		copy(h, "OggS")
		h[5] = flags
		binary.LittleEndian.PutUint64(h[6:], uint64(granule))
		binary.LittleEndian.PutUint32(h[14:], 77)
		binary.LittleEndian.PutUint32(h[18:], seq)
		h[26] = byte(len(segs))
		h = append(append(h, segs...), body...)
		binary.LittleEndian.PutUint32(h[22:], crcUpdate(0, h))
		out = append(out, h...)
	}
	page(flagBOS, 0, 0, identPacket(channels, rate, bs0, bs1))
	page(0, 1, 0, commentPacket, setup)
	page(flagEOS, 2, total, pkts...)
	return out
}

// TestSynthetic compares hand-made streams (floor 0 and floor 1, residue
// types 0 to 2, single-entry, sparse and ordered codebooks, lookup type
// 1 with sequence_p, submaps and coupling) with oggdec.
func TestSynthetic(t *testing.T) {
	needTool(t, "oggdec")
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(3, 5))
	for _, floor1 := range []bool{false, true} {
		for res := range 3 {
			for _, ch := range []int{1, 2, 3} {
				name := fmt.Sprintf("floor%d-residue%d-%dch", b2u(floor1), res, ch)
				t.Run(name, func(t *testing.T) {
					data := synthStream(rng, ch, 44100, res, floor1, 60)
					path := filepath.Join(dir, name+".ogg")
					if err := os.WriteFile(path, data, 0o644); err != nil {
						t.Fatal(err)
					}
					want := reference(t, path)
					snd, err := Decode(data, Limits{})
					if err != nil {
						t.Fatal(err)
					}
					if len(snd.Samples) != len(want) {
						t.Fatalf("%d samples, oggdec %d", len(snd.Samples), len(want))
					}
					cmp := compare(snd.Samples, want)
					clipped, zero := 0, 0
					for _, v := range want {
						if v == 32767 || v == -32768 {
							clipped++
						}
						if v == 0 {
							zero++
						}
					}
					t.Logf("%d samples (%d clipped, %d zero): max |diff| %d LSB, %d > 1 LSB, SNR %.1f dB", cmp.nSamples, clipped, zero, cmp.maxDiff, cmp.over1, cmp.snr)
					// The floor 0 curve is computed in float64 here and in
					// float32 by libvorbis: a few dB of SNR less than
					// elsewhere (95-105 dB measured), still within 1 LSB.
					if cmp.maxDiff > 2 || cmp.over1 > cmp.nSamples/10000 || cmp.snr < 90 {
						t.Errorf("too far from oggdec")
					}
					if zero > len(want)*3/4 || clipped > len(want)/10 {
						t.Errorf("the stream decodes to mostly silence or clipping: a weak test")
					}
				})
			}
		}
	}
}
