package vorbis

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"math"
)

// Limits bound what decoding one stream may cost. Every size read from a
// header is checked against them before anything is allocated. Zero
// fields take the defaults.
type Limits struct {
	// MaxChannels caps the channel count (default 8, the most Vorbis
	// gives an order to).
	MaxChannels int
	// MaxRate caps the sample rate in Hz (default 192000).
	MaxRate int
	// MaxFrames caps the decoded length in frames (default 48000 × 3600:
	// an hour at 48 kHz). Decode checks the last page's granule position
	// against it before decoding; both Decode and Reader count frames as
	// they go.
	MaxFrames int64
	// MaxSeconds, when positive, also caps the decoded length at
	// MaxSeconds × the stream's rate (no default: MaxFrames alone).
	MaxSeconds int
	// MaxSamples caps the samples (frames × channels) Decode holds in
	// memory, 2 bytes each (default 64 Mi: 128 MiB). The Reader holds
	// one block at a time and ignores it.
	MaxSamples int64
	// MaxPacketBytes caps one packet, headers included (default 4 MiB).
	MaxPacketBytes int
	// MaxCodebookEntries caps one codebook's entries (default 1<<17;
	// the format allows 1<<24).
	MaxCodebookEntries int
	// MaxCodebookDims caps one codebook's dimensions (default 256; the
	// format allows 65535).
	MaxCodebookDims int
	// MaxSetupValues caps the codebook entries and vector values of the
	// whole setup header together (default 1<<21).
	MaxSetupValues int
}

// Default limits.
const (
	DefaultMaxChannels        = 8
	DefaultMaxRate            = 192000
	DefaultMaxFrames          = 48000 * 3600
	DefaultMaxSamples         = 64 << 20
	DefaultMaxPacketBytes     = 4 << 20
	DefaultMaxCodebookEntries = 1 << 17
	DefaultMaxCodebookDims    = 256
	DefaultMaxSetupValues     = 1 << 21
)

// OrDefault returns l with zero (or negative) fields replaced by the
// defaults.
func (l Limits) OrDefault() Limits {
	set := func(v *int, d int) {
		if *v <= 0 {
			*v = d
		}
	}
	set(&l.MaxChannels, DefaultMaxChannels)
	set(&l.MaxRate, DefaultMaxRate)
	set(&l.MaxPacketBytes, DefaultMaxPacketBytes)
	set(&l.MaxCodebookEntries, DefaultMaxCodebookEntries)
	set(&l.MaxCodebookDims, DefaultMaxCodebookDims)
	set(&l.MaxSetupValues, DefaultMaxSetupValues)
	if l.MaxFrames <= 0 {
		l.MaxFrames = DefaultMaxFrames
	}
	if l.MaxSamples <= 0 {
		l.MaxSamples = DefaultMaxSamples
	}
	return l
}

// Sound is a whole decoded stream.
type Sound struct {
	Channels int // 1 to Limits.MaxChannels, in Vorbis channel order (spec 4.3.9)
	Rate     int // samples per second per channel
	// Samples are the frames, channels interleaved, as 16-bit integers:
	// the decoder's float output × 32768, rounded half away from zero
	// and clipped to [-32768, 32767].
	Samples []int16
}

// Frames is the number of frames in s.
func (s *Sound) Frames() int { return len(s.Samples) / s.Channels }

// Decode decodes the first logical Vorbis stream of an Ogg file held in
// data. The stream's length is taken from its last page's granule
// position and checked against lim before decoding; the output is cut
// to that length (the encoder's padding of the last block removed).
func Decode(data []byte, lim Limits) (*Sound, error) {
	lim = lim.OrDefault()
	br := bytes.NewReader(data)
	r, err := NewReader(br, lim)
	if err != nil {
		return nil, err
	}
	ch := r.Channels
	want := int64(-1)
	// The stream's length from its granule positions: the last page's
	// less the first audio page's (nonzero in a stream cut from a longer
	// one), a lower bound short of the first page's own frames.
	if g, ok := lastGranule(data, r.ogg.serial); ok {
		first, _ := firstGranule(data[len(data)-br.Len():], r.ogg.serial)
		g -= max(0, min(first, g))
		if g > r.maxFrames {
			return nil, limitf("vorbis: stream claims %d frames, more than %d (%s)", g, r.maxFrames, r.framesLimit())
		}
		if g*int64(ch) > lim.MaxSamples {
			return nil, limitf("vorbis: stream claims %d samples, more than %d (Limits.MaxSamples)", g*int64(ch), lim.MaxSamples)
		}
		want = g
	}
	// Preallocate what the granule claims, but no more than a Vorbis
	// stream of this size could plausibly hold: a lying granule must
	// not reserve memory the data does not back.
	prealloc := int64(0)
	if want > 0 {
		prealloc = min(want*int64(ch), 64*int64(len(data)))
	}
	out := make([]int16, 0, prealloc)
	for {
		pcm, n, err := r.readFloat()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		if int64(len(out))+int64(n*ch) > lim.MaxSamples {
			return nil, limitf("vorbis: more than %d samples (Limits.MaxSamples)", lim.MaxSamples)
		}
		base := len(out)
		if cap(out)-base < n*ch {
			grown := make([]int16, base, max(min(2*int64(cap(out)), lim.MaxSamples), int64(base+n*ch), 1<<16))
			copy(grown, out)
			out = grown
		}
		out = out[:base+n*ch]
		interleave(out[base:], pcm, n)
	}
	return &Sound{Channels: ch, Rate: r.Rate, Samples: out}, nil
}

// pageSize is the size of the page at the start of p, whose header and
// segment table must be whole; ok is false when they are not or the
// capture pattern or version is wrong.
func pageSize(p []byte) (int, bool) {
	if len(p) < pageHeaderLen || string(p[:4]) != "OggS" || p[4] != 0 {
		return 0, false
	}
	nseg := int(p[26])
	if len(p) < pageHeaderLen+nseg {
		return 0, false
	}
	n := pageHeaderLen + nseg
	for _, l := range p[pageHeaderLen : pageHeaderLen+nseg] {
		n += int(l)
	}
	return n, true
}

// lastGranule is the granule position of the page that ends data when
// that page is of the stream serial, has one and a valid CRC. It looks
// only within the last page's largest size and checks a few CRCs at
// most, so a file made of false capture patterns costs no more than a
// true one.
func lastGranule(data []byte, serial uint32) (int64, bool) {
	lo := max(0, len(data)-(pageHeaderLen+255+maxPageBody))
	crcs := 0
	for end := len(data); end > lo; {
		i := bytes.LastIndex(data[lo:end], []byte("OggS"))
		if i < 0 {
			return 0, false
		}
		i += lo
		end = i
		size, ok := pageSize(data[i:])
		if !ok || i+size != len(data) {
			continue
		}
		if crcs++; crcs > 4 {
			return 0, false
		}
		p := data[i:]
		var hdr [pageHeaderLen]byte
		copy(hdr[:], p)
		hdr[22], hdr[23], hdr[24], hdr[25] = 0, 0, 0, 0
		if crcUpdate(crcUpdate(0, hdr[:]), p[pageHeaderLen:size]) != binary.LittleEndian.Uint32(p[22:]) {
			continue
		}
		if binary.LittleEndian.Uint32(p[14:]) != serial {
			return 0, false // another stream's page ends the file
		}
		g := int64(binary.LittleEndian.Uint64(p[6:]))
		return g, g >= 0
	}
	return 0, false
}

// firstGranule walks the pages at the start of data (the first audio
// pages) and returns the first granule position of the stream serial;
// ok is false at the first malformed page. (Only a hint: the pages are
// checked when they are decoded.)
func firstGranule(data []byte, serial uint32) (int64, bool) {
	for len(data) > 0 {
		size, ok := pageSize(data)
		if !ok || size > len(data) {
			return 0, false
		}
		if binary.LittleEndian.Uint32(data[14:]) == serial {
			if g := int64(binary.LittleEndian.Uint64(data[6:])); g >= 0 {
				return g, true
			}
		}
		data = data[size:]
	}
	return 0, false
}

// Reader decodes a Vorbis stream block by block, for music: it holds a
// 64 KiB read buffer (unless r is already buffered), one Ogg page, the
// largest packet so far and a few long-block buffers per channel, all
// allocated when it is made or first grown; Read allocates nothing.
type Reader struct {
	Channels int // 1 to Limits.MaxChannels, in Vorbis channel order
	Rate     int // samples per second per channel

	lim       Limits
	ogg       *oggStream
	dec       *decoder
	frames    int64       // frames returned so far
	maxFrames int64       // Limits.MaxFrames, or MaxSeconds × Rate when less
	decoded   int64       // frames decoded so far, before any cut
	granPos   int64       // granule position of the last frame decoded; -1 before the first page's
	view      [][]float32 // the current packet's frames after a cut at the start
	blk       []int16     // the current block, interleaved
	pos       int         // samples of blk already returned
	err       error
}

// NewReader reads the three Vorbis headers of the first logical stream
// of the Ogg stream r and returns a Reader positioned at the first
// audio packet.
func NewReader(r io.Reader, lim Limits) (*Reader, error) {
	lim = lim.OrDefault()
	switch r.(type) {
	case *bytes.Reader, *bufio.Reader, *bytes.Buffer:
	default:
		r = bufio.NewReaderSize(r, 64<<10)
	}
	o := newOggStream(r, lim.MaxPacketBytes)
	var s setup
	for i := range 3 {
		p, _, _, _, err := o.packet()
		if err == io.EOF {
			err = errTruncated
		}
		if err != nil {
			return nil, err
		}
		switch i {
		case 0:
			err = s.readIdent(p, &lim)
		case 1:
			err = checkComment(p)
		case 2:
			err = s.readSetup(p, &lim)
		}
		if err != nil {
			return nil, err
		}
	}
	maxFrames := lim.MaxFrames
	if lim.MaxSeconds > 0 {
		maxFrames = min(maxFrames, int64(lim.MaxSeconds)*int64(s.rate))
	}
	return &Reader{Channels: s.channels, Rate: s.rate, lim: lim, ogg: o, dec: newDecoder(s),
		maxFrames: maxFrames, granPos: -1, view: make([][]float32, s.channels)}, nil
}

// readFloat decodes packets up to the next one that completes frames
// and returns them per channel (valid until the next call); io.EOF at the
// end of the stream.
func (r *Reader) readFloat() ([][]float32, int, error) {
	for {
		p, last, granule, eos, err := r.ogg.packet()
		if err != nil {
			return nil, 0, err
		}
		n, err := r.dec.decodePacket(p)
		if err != nil {
			return nil, 0, err
		}
		// Granule positions (spec A.2): the last packet completed on a
		// page carries the page's, the position of its last frame. The
		// first one seen sets the stream's position: when fewer frames
		// than decoded so far, the difference is cut from the start of
		// this packet's output (a stream that begins part-way into its
		// first block), or from its end on the last page. Later, only
		// the last page's position counts: the last block is cut to it.
		// (This is what libvorbis does.)
		skip := 0
		r.decoded += int64(n)
		if last && granule >= 0 {
			var extra int64
			if r.granPos < 0 {
				extra = r.decoded - granule
			} else {
				extra = r.granPos + int64(n) - granule
			}
			if extra > 0 {
				cut := int(min(extra, int64(n)))
				if eos {
					n -= cut
				} else if r.granPos < 0 {
					skip, n = cut, n-cut
				}
			}
			r.granPos = granule
		} else if r.granPos >= 0 {
			r.granPos += int64(n)
		}
		if r.frames+int64(n) > r.maxFrames {
			return nil, 0, limitf("vorbis: more than %d frames (%s)", r.maxFrames, r.framesLimit())
		}
		r.frames += int64(n)
		if n > 0 {
			if skip == 0 {
				return r.dec.pcm, n, nil
			}
			for c, p := range r.dec.pcm {
				r.view[c] = p[skip : skip+n]
			}
			return r.view, n, nil
		}
	}
}

// framesLimit names the limit that sets maxFrames.
func (r *Reader) framesLimit() string {
	if r.maxFrames < r.lim.MaxFrames {
		return "Limits.MaxSeconds"
	}
	return "Limits.MaxFrames"
}

// Read fills dst with whole interleaved frames (len(dst) must hold at
// least one frame), up to the end of the current Vorbis block, and
// returns the number of samples written, a multiple of Channels. At the end of the stream it returns 0, io.EOF; a
// truncated or corrupt stream returns an error instead.
func (r *Reader) Read(dst []int16) (int, error) {
	if len(dst) < r.Channels {
		return 0, errors.New("vorbis: Read buffer smaller than one frame")
	}
	if r.pos == len(r.blk) {
		if r.err != nil {
			return 0, r.err
		}
		pcm, n, err := r.readFloat()
		if err != nil {
			r.err = err
			return 0, err
		}
		if cap(r.blk) < n*r.Channels {
			r.blk = make([]int16, n*r.Channels, r.dec.bs[1]/2*r.Channels)
		}
		r.blk = r.blk[:n*r.Channels]
		interleave(r.blk, pcm, n)
		r.pos = 0
	}
	k := min(len(dst)/r.Channels*r.Channels, len(r.blk)-r.pos)
	copy(dst, r.blk[r.pos:r.pos+k])
	r.pos += k
	return k, nil
}

// interleave converts n frames of pcm to 16 bits into dst.
func interleave(dst []int16, pcm [][]float32, n int) {
	ch := len(pcm)
	if ch == 2 {
		l, r := pcm[0][:n], pcm[1][:n]
		dst = dst[:2*n]
		for i := range l {
			dst[2*i] = toInt16(l[i])
			dst[2*i+1] = toInt16(r[i])
		}
		return
	}
	for c, p := range pcm {
		p = p[:n]
		for i, v := range p {
			dst[i*ch+c] = toInt16(v)
		}
	}
}

// toInt16 scales v by 32768, rounds half away from zero and clips to
// 16 bits. NaN (a corrupt stream's overflowing floor) gives 0 on every
// CPU.
func toInt16(v float32) int16 {
	x := float64(v) * 32768
	if x != x {
		return 0
	}
	// x is a float32 times 2^15: adding ±0.5 in float64 is exact, and
	// the conversion truncates toward zero.
	x = max(-32768, min(32767, x))
	return int16(int32(x + math.Copysign(0.5, x)))
}

// CheckPages walks data's Ogg pages by their headers, without decoding or
// checking CRCs, and returns the truncated-stream error Decode would give
// when data ends inside a page or before the first logical stream's
// end-of-stream page. It costs a few header reads per 4 KiB page, so a
// streamed file is refused when it is opened rather than found short as
// it plays. Pages after that end (a chained stream) are not looked at.
func CheckPages(data []byte) error {
	var serial uint32
	for first := true; ; first = false {
		size, ok := pageSize(data)
		if !ok || size > len(data) {
			return errTruncated
		}
		s := binary.LittleEndian.Uint32(data[14:])
		if first {
			serial = s
		}
		if s == serial && data[5]&flagEOS != 0 {
			return nil
		}
		data = data[size:]
	}
}
