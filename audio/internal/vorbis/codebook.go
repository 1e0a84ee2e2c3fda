package vorbis

import (
	"errors"
	"fmt"
	"math"
)

// codebook is one decoded Vorbis codebook (spec section 3): a Huffman
// tree over its entries and, for books with a lookup, the entries'
// vectors unpacked to float32.
type codebook struct {
	dims      int
	entries   int
	single    int      // the entry of a single-entry book, else -1
	tableBits uint     // bits indexing table
	table     []uint32 // by the next tableBits bits: leaf (entry+1)<<6|len, or treeFlag|node, or 0
	tree      [][2]int32
	vq        []float32 // entries*dims values when the book has a lookup
}

const treeFlag = 1 << 31

// decode reads one entry number; -1 at the end of the packet or on a
// code that is no entry's.
func (c *codebook) decode(b *bitReader) int {
	if c.single >= 0 {
		b.read(1)
		if b.eop {
			return -1
		}
		return c.single
	}
	if b.nbits < 32 {
		b.fill()
	}
	e := c.table[b.acc&(1<<c.tableBits-1)]
	if e&treeFlag == 0 {
		l := uint(e & 63)
		if e == 0 || l > b.nbits {
			b.eop = true
			return -1
		}
		b.acc >>= l
		b.nbits -= l
		return int(e>>6) - 1
	}
	if b.nbits < c.tableBits {
		b.eop = true
		return -1
	}
	b.acc >>= c.tableBits
	b.nbits -= c.tableBits
	node := int32(e &^ treeFlag)
	for {
		bit := b.read(1)
		if b.eop {
			return -1
		}
		ch := c.tree[node][bit]
		if ch < 0 {
			return int(-ch - 1)
		}
		if ch == 0 {
			b.eop = true
			return -1
		}
		node = ch
	}
}

// vector reads one entry and returns its vector; nil at the end of the
// packet.
func (c *codebook) vector(b *bitReader) []float32 {
	e := c.decode(b)
	if e < 0 {
		return nil
	}
	return c.vq[e*c.dims : (e+1)*c.dims]
}

func float32Unpack(x uint32) float32 {
	mant := float64(x & 0x1fffff)
	if x&0x80000000 != 0 {
		mant = -mant
	}
	exp := int((x & 0x7fe00000) >> 21)
	return float32(math.Ldexp(mant, exp-788))
}

// lookup1Values is the greatest r with r^dims <= entries.
func lookup1Values(entries, dims int) int {
	pow := func(r int) int64 { // r^dims, capped above entries
		p := int64(1)
		for range dims {
			p *= int64(r)
			if p > int64(entries) {
				return int64(entries) + 1
			}
		}
		return p
	}
	r := int(math.Floor(math.Pow(float64(entries), 1/float64(dims))))
	for r > 0 && pow(r) > int64(entries) {
		r--
	}
	for pow(r+1) <= int64(entries) {
		r++
	}
	return r
}

// readCodebook reads one codebook from the setup header; budget counts
// the entries and lookup values allocated by the whole setup.
func readCodebook(b *bitReader, lim *Limits, budget *int) (*codebook, error) {
	if b.read(24) != 0x564342 {
		return nil, errors.New("bad codebook sync pattern")
	}
	dims := int(b.read(16))
	entries := int(b.read(24))
	if b.eop {
		return nil, errEOP
	}
	if dims == 0 {
		return nil, errors.New("codebook with zero dimensions")
	}
	if entries == 0 {
		return nil, errors.New("codebook with no entries")
	}
	if entries > lim.MaxCodebookEntries {
		return nil, limitf("codebook has %d entries, more than %d (Limits.MaxCodebookEntries)", entries, lim.MaxCodebookEntries)
	}
	if dims > lim.MaxCodebookDims {
		return nil, limitf("codebook has %d dimensions, more than %d (Limits.MaxCodebookDims)", dims, lim.MaxCodebookDims)
	}
	if *budget -= entries; *budget < 0 {
		return nil, limitf("codebooks hold more than %d entries and values in all (Limits.MaxSetupValues)", lim.MaxSetupValues)
	}
	lengths := make([]uint8, entries) // 0: unused
	if b.readBool() {                 // ordered
		cur := 0
		l := int(b.read(5)) + 1
		for cur < entries {
			n := int(b.read(ilog(entries - cur)))
			if b.eop {
				return nil, errEOP
			}
			if l > 32 || cur+n > entries {
				return nil, errors.New("ordered codebook lengths overflow")
			}
			for i := cur; i < cur+n; i++ {
				lengths[i] = uint8(l)
			}
			cur += n
			l++
		}
	} else {
		sparse := b.readBool()
		for i := range lengths {
			if !sparse || b.readBool() {
				lengths[i] = uint8(b.read(5) + 1)
			}
		}
	}
	if b.eop {
		return nil, errEOP
	}
	c := &codebook{dims: dims, entries: entries, single: -1}
	if err := c.build(lengths); err != nil {
		return nil, err
	}
	switch lt := b.read(4); lt {
	case 0:
	case 1, 2:
		min := float32Unpack(b.read(32))
		delta := float32Unpack(b.read(32))
		bits := uint(b.read(4)) + 1
		seq := b.readBool()
		if b.eop {
			return nil, errEOP
		}
		var nvals int
		if lt == 1 {
			nvals = lookup1Values(entries, dims)
		} else {
			if int64(entries)*int64(dims) > int64(lim.MaxSetupValues) {
				return nil, limitf("codebook lookup of %d values, more than %d (Limits.MaxSetupValues)", int64(entries)*int64(dims), lim.MaxSetupValues)
			}
			nvals = entries * dims
		}
		total := int64(entries) * int64(dims)
		if total > int64(*budget) || int64(nvals) > int64(*budget) {
			return nil, limitf("codebook lookup of %d values exceeds the setup budget (Limits.MaxSetupValues %d)", total, lim.MaxSetupValues)
		}
		*budget -= int(total)
		// The multiplicands must be in the packet: check before
		// allocating them.
		if int64(nvals)*int64(bits) > int64(len(b.data))*8 {
			return nil, errEOP
		}
		mults := make([]uint32, nvals)
		for i := range mults {
			mults[i] = b.read(bits)
		}
		if b.eop {
			return nil, errEOP
		}
		c.vq = make([]float32, total)
		for e := range entries {
			last := float32(0)
			v := c.vq[e*dims : (e+1)*dims]
			div := 1
			for i := range dims {
				var off int
				if lt == 1 {
					off = (e / div) % nvals
					div *= nvals
				} else {
					off = e*dims + i
				}
				x := float32(float32(mults[off])*delta) + min + last
				if seq {
					last = x
				}
				v[i] = x
			}
		}
	default:
		return nil, fmt.Errorf("codebook lookup type %d is reserved", lt)
	}
	return c, nil
}

var errEOP = errors.New("header ends early")

// build assigns the Huffman codewords (each the lowest unused one, in
// entry order, spec 3.2.1) and makes the decoding table and tree.
func (c *codebook) build(lengths []uint8) error {
	used, maxLen := 0, uint(0)
	var kraft uint64
	for i, l := range lengths {
		if l > 0 {
			used++
			c.single = i
			maxLen = max(maxLen, uint(l))
			kraft += 1 << (32 - l)
		}
	}
	if used == 0 {
		c.single = -1
		// A book no entry of which is used can never be read from.
		c.tableBits = 1
		c.table = make([]uint32, 2)
		return nil
	}
	if used == 1 {
		if lengths[c.single] != 1 {
			return errors.New("single-entry codebook with a codeword length other than 1")
		}
		return nil
	}
	c.single = -1
	if kraft != 1<<32 {
		if kraft > 1<<32 {
			return errors.New("overspecified Huffman tree")
		}
		return errors.New("underspecified Huffman tree")
	}
	// next[l] is the lowest free codeword of length l.
	var next [33]uint32
	c.tree = make([][2]int32, 1, 2*used)
	for e, l := range lengths {
		if l == 0 {
			continue
		}
		code := next[l]
		if l < 32 && code>>l != 0 {
			return errors.New("overspecified Huffman tree")
		}
		// Update the free codewords: code's ancestors are now partly used.
		for j := l; j > 0; j-- {
			if next[j]&1 != 0 {
				if j == 1 {
					next[1]++
				} else {
					next[j] = next[j-1] << 1
				}
				break
			}
			next[j]++
		}
		// Longer free codewords that lay under code move on.
		prev := code
		for j := int(l) + 1; j <= 32; j++ {
			if next[j]>>1 != prev {
				break
			}
			prev = next[j]
			next[j] = next[j-1] << 1
		}
		// Insert into the tree, most significant bit first (the first
		// bit read from the stream).
		node := int32(0)
		for i := int(l) - 1; i >= 0; i-- {
			bit := (code >> uint(i)) & 1
			ch := c.tree[node][bit]
			if i == 0 {
				if ch != 0 {
					return errors.New("overspecified Huffman tree")
				}
				c.tree[node][bit] = -int32(e) - 1
				break
			}
			if ch < 0 {
				return errors.New("overspecified Huffman tree")
			}
			if ch == 0 {
				ch = int32(len(c.tree))
				c.tree = append(c.tree, [2]int32{})
				c.tree[node][bit] = ch
			}
			node = ch
		}
	}
	c.tableBits = min(maxLen, 10)
	c.table = make([]uint32, 1<<c.tableBits)
	for idx := range c.table {
		node := int32(0)
		v := uint32(0)
		for d := uint(0); ; d++ {
			if d == c.tableBits {
				v = treeFlag | uint32(node)
				break
			}
			ch := c.tree[node][(idx>>d)&1]
			if ch < 0 {
				v = uint32(-ch)<<6 | uint32(d+1)
				break
			}
			if ch == 0 {
				break
			}
			node = ch
		}
		c.table[idx] = v
	}
	return nil
}
