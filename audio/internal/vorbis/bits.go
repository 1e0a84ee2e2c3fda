package vorbis

// bitReader reads a packet's bits least significant first (Vorbis I
// spec section 2). Reading past the end of the packet yields zero bits
// and sets eop: the end-of-packet condition, an error in a header and a
// nominal truncation in an audio packet.
type bitReader struct {
	data  []byte
	pos   int    // next byte of data to load into acc
	acc   uint64 // bits not yet consumed, next bit lowest
	nbits uint   // valid bits in acc
	eop   bool
}

func (b *bitReader) reset(data []byte) {
	*b = bitReader{data: data}
}

// fill loads whole bytes into acc until it holds at least 57 bits or
// the packet is exhausted.
func (b *bitReader) fill() {
	for b.nbits <= 56 && b.pos < len(b.data) {
		b.acc |= uint64(b.data[b.pos]) << b.nbits
		b.pos++
		b.nbits += 8
	}
}

// read returns the next n bits (n <= 32) as an unsigned integer.
func (b *bitReader) read(n uint) uint32 {
	if n == 0 {
		return 0
	}
	if b.nbits < n {
		b.fill()
		if b.nbits < n {
			b.eop = true
			b.acc, b.nbits = 0, 0
			return 0
		}
	}
	v := uint32(b.acc & (1<<n - 1))
	b.acc >>= n
	b.nbits -= n
	return v
}

func (b *bitReader) readBool() bool { return b.read(1) != 0 }

// ilog is the Vorbis ilog: the position of the highest set bit, counting
// from 1 (ilog(0) = 0).
func ilog(x int) uint {
	n := uint(0)
	for x > 0 {
		n++
		x >>= 1
	}
	return n
}
