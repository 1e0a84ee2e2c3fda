package vorbis

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
)

// The Ogg page layer (RFC 3533): pages are read one at a time from an
// io.Reader into a fixed buffer, their CRC checked, and their segments
// joined into packets of the first logical stream. Pages of other
// logical streams (multiplexed) are skipped; a second stream starting
// after the first one's end (a chained file) ends the input.

const (
	pageHeaderLen = 27
	maxPageBody   = 255 * 255
	flagContinued = 0x01
	flagBOS       = 0x02
	flagEOS       = 0x04
)

var crcTable = func() (t [256]uint32) {
	for i := range t {
		r := uint32(i) << 24
		for range 8 {
			if r&0x80000000 != 0 {
				r = r<<1 ^ 0x04c11db7
			} else {
				r <<= 1
			}
		}
		t[i] = r
	}
	return t
}()

func crcUpdate(crc uint32, p []byte) uint32 {
	for _, b := range p {
		crc = crc<<8 ^ crcTable[byte(crc>>24)^b]
	}
	return crc
}

// oggStream yields the packets of the first logical stream of an Ogg
// file.
type oggStream struct {
	r        io.Reader
	maxPkt   int
	hdr      [pageHeaderLen]byte
	segs     [255]byte
	body     [maxPageBody]byte
	nseg     int   // segments of the current page
	seg      int   // next segment to read
	off      int   // offset of the next segment in body
	granule  int64 // granule position of the current page
	pageEOS  bool  // the current page ends the stream
	serial   uint32
	started  bool   // serial is known
	seq      uint32 // expected next page sequence number
	done     bool   // the stream's last page has been consumed
	pkt      []byte // packet being assembled (reused)
	partial  bool   // pkt holds the start of a packet continued on the next page
	pagesCnt int
}

func newOggStream(r io.Reader, maxPkt int) *oggStream {
	return &oggStream{r: r, maxPkt: maxPkt}
}

var errTruncated = errors.New("vorbis: truncated stream (ends inside a page or packet, or without an end-of-stream page)")

// readPage reads the next page of the selected logical stream into s.
func (s *oggStream) readPage() error {
	for {
		if n, err := io.ReadFull(s.r, s.hdr[:]); err != nil {
			if err == io.EOF && !s.started {
				return errors.New("vorbis: empty input, not an Ogg file")
			}
			if !s.started && string(s.hdr[:min(n, 4)]) != "OggS"[:min(n, 4)] {
				return errors.New("vorbis: not an Ogg file (no OggS capture pattern)")
			}
			if err == io.EOF || err == io.ErrUnexpectedEOF {
				return errTruncated
			}
			return fmt.Errorf("vorbis: reading: %w", err)
		}
		h := s.hdr[:]
		if string(h[:4]) != "OggS" {
			if !s.started {
				return errors.New("vorbis: not an Ogg file (no OggS capture pattern)")
			}
			return fmt.Errorf("vorbis: page %d: no OggS capture pattern (corrupt or not Ogg)", s.pagesCnt)
		}
		if h[4] != 0 {
			return fmt.Errorf("vorbis: page %d: unsupported Ogg version %d", s.pagesCnt, h[4])
		}
		flags := h[5]
		granule := int64(binary.LittleEndian.Uint64(h[6:]))
		serial := binary.LittleEndian.Uint32(h[14:])
		seq := binary.LittleEndian.Uint32(h[18:])
		crc := binary.LittleEndian.Uint32(h[22:])
		nseg := int(h[26])
		if _, err := io.ReadFull(s.r, s.segs[:nseg]); err != nil {
			return s.readErr(err)
		}
		n := 0
		for _, l := range s.segs[:nseg] {
			n += int(l)
		}
		if _, err := io.ReadFull(s.r, s.body[:n]); err != nil {
			return s.readErr(err)
		}
		h[22], h[23], h[24], h[25] = 0, 0, 0, 0
		c := crcUpdate(0, h)
		c = crcUpdate(c, s.segs[:nseg])
		c = crcUpdate(c, s.body[:n])
		if c != crc {
			return fmt.Errorf("vorbis: page %d: CRC mismatch (corrupt data)", s.pagesCnt)
		}
		s.pagesCnt++
		if !s.started {
			if flags&flagBOS == 0 {
				return errors.New("vorbis: first Ogg page does not begin a stream")
			}
			s.serial, s.started, s.seq = serial, true, seq
		} else if serial != s.serial {
			// Another logical stream (multiplexed): skipped. A chained
			// stream is never reached: the first one's end-of-stream
			// page ends the input.
			continue
		}
		if seq != s.seq {
			return fmt.Errorf("vorbis: page %d: sequence number %d, want %d (pages missing)", s.pagesCnt-1, seq, s.seq)
		}
		s.seq++
		if flags&flagContinued != 0 && !s.partial {
			return fmt.Errorf("vorbis: page %d continues a packet that was never started", s.pagesCnt-1)
		}
		if flags&flagContinued == 0 && s.partial {
			return fmt.Errorf("vorbis: page %d drops an unfinished packet", s.pagesCnt-1)
		}
		s.nseg, s.seg, s.off = nseg, 0, 0
		s.granule = granule
		s.pageEOS = flags&flagEOS != 0
		return nil
	}
}

func (s *oggStream) readErr(err error) error {
	if err == io.EOF || err == io.ErrUnexpectedEOF {
		return errTruncated
	}
	return fmt.Errorf("vorbis: reading: %w", err)
}

// packet returns the next packet of the stream (valid until the next
// call), whether it is the last packet completed on its page and that
// page's granule position, and whether that page ends the stream. At the
// end of the stream it returns io.EOF.
func (s *oggStream) packet() (p []byte, last bool, granule int64, eos bool, err error) {
	if !s.partial {
		s.pkt = s.pkt[:0]
	}
	for {
		for s.seg >= s.nseg {
			if s.pageEOS {
				s.done = true
			}
			if s.done {
				if s.partial {
					return nil, false, 0, false, errTruncated
				}
				return nil, false, 0, false, io.EOF
			}
			if err := s.readPage(); err != nil {
				return nil, false, 0, false, err
			}
		}
		for s.seg < s.nseg {
			l := int(s.segs[s.seg])
			if len(s.pkt)+l > s.maxPkt {
				return nil, false, 0, false, limitf("vorbis: packet larger than %d bytes (Limits.MaxPacketBytes)", s.maxPkt)
			}
			s.pkt = append(s.pkt, s.body[s.off:s.off+l]...)
			s.off += l
			s.seg++
			if l < 255 {
				s.partial = false
				last := true
				for _, r := range s.segs[s.seg:s.nseg] {
					if r < 255 {
						last = false
						break
					}
				}
				// A packet is the last completed on its page when no
				// later segment of the page ends a packet.
				return s.pkt, last, s.granule, s.pageEOS, nil
			}
		}
		s.partial = true
	}
}
