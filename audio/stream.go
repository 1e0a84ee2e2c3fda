package audio

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"sync"

	mp3 "github.com/hajimehoshi/go-mp3"
	"github.com/mewkiz/flac"

	"diorama/internal/loadutil"
)

// Stream is music decoded as it plays: the file's bytes are held (under
// Limits.MaxFileBytes) and each voice playing it decodes a window of
// about a third of a second ahead of the mixer, so a long track costs its
// file's size, not its decoded length (a three-minute MP3 of 3 MB
// instead of 34 MB of samples). A voice of a stream mixes exactly as the
// same file loaded whole with [Load] would (tested sample for sample),
// except that a looping stream restarts from silence rather than
// interpolating across its end. The decoding runs before each mixed
// block, from memory (never a file read): one MP3 frame per 26 ms of
// music, a few tens of microseconds.
type Stream struct {
	name           string
	data           []byte
	rate, channels int
	open           func() (streamDec, error)
	mu             sync.Mutex
	err            error // the first decoding error a voice met (Err)
}

// Err returns the first error a voice met decoding the stream as it
// played, naming the file (a FLAC frame cut short or corrupt, a corrupt
// MP3 frame or Vorbis packet), or nil. The voice ended there, as at the
// stream's end, and a looping one did not restart. LoadStream refuses a
// truncated WAV, MP3 or Ogg Vorbis file when it opens it (their headers
// tell); a FLAC file's frames carry no total length, so a cut one is
// found here, when it plays out.
func (s *Stream) Err() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.err
}

// fail records err as the stream's first decoding error.
func (s *Stream) fail(err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.err == nil {
		s.err = &Error{File: s.name, Msg: "decoding as it played", Kind: ErrSyntax, Err: err}
	}
}

// streamDec decodes a stream: read fills dst with up to len(dst) samples
// (whole frames) and returns how many, and io.EOF once none are left.
type streamDec interface {
	read(dst []int16) (int, error)
}

// LoadStream opens the sound file name in fsys for streaming (WAV, MP3,
// FLAC or Ogg Vorbis, told by contents): the file is read through the
// engine's reader under lim.MaxFileBytes, its header checked, and a
// truncated WAV, MP3 or Ogg Vorbis file refused (their framing is walked
// without decoding); samples are decoded as it plays, and a decoding
// error then ends the voice and is kept in [Stream.Err].
func LoadStream(fsys fs.FS, name string, lim Limits) (*Stream, error) {
	lim = lim.OrDefault()
	data, err := loadutil.ReadFile(fsys, name, lim.MaxFileBytes)
	if err != nil {
		return nil, loadutil.RaiseHint(err, "audio.Limits.MaxFileBytes")
	}
	return DecodeStream(name, data, lim)
}

// DecodeStream is LoadStream for a file held in memory, which it keeps.
func DecodeStream(name string, data []byte, lim Limits) (s *Stream, err error) {
	defer func() {
		if r := recover(); r != nil { // a third-party decoder on a malformed header
			s, err = nil, &Error{File: name, Msg: fmt.Sprintf("malformed stream (%v)", r), Kind: ErrSyntax}
		}
	}()
	lim = lim.OrDefault()
	if int64(len(data)) > lim.MaxFileBytes {
		return nil, loadutil.RaiseHint(&Error{File: name, Msg: fmt.Sprintf("file larger than %d bytes", lim.MaxFileBytes), Kind: ErrLimit}, "audio.Limits.MaxFileBytes")
	}
	s = &Stream{name: name, data: data}
	switch {
	case len(data) >= 12 && string(data[:4]) == "RIFF" && string(data[8:12]) == "WAVE":
		w, err := parseWAV(name, data)
		if err != nil {
			return nil, err
		}
		s.rate, s.channels = w.rate, w.ch
		s.open = func() (streamDec, error) { return &wavDec{w: w}, nil }
	case len(data) >= 4 && string(data[:4]) == "fLaC":
		st, err := flac.New(bytes.NewReader(data))
		if err != nil {
			return nil, &Error{File: name, Msg: "not a readable FLAC stream", Kind: ErrSyntax, Err: err}
		}
		s.rate, s.channels = int(st.Info.SampleRate), int(st.Info.NChannels)
		s.open = func() (streamDec, error) {
			st, err := flac.New(bytes.NewReader(data))
			if err != nil {
				return nil, err
			}
			return &flacDec{st: st, ch: s.channels, bps: int(st.Info.BitsPerSample)}, nil
		}
	case len(data) >= 4 && string(data[:4]) == "OggS":
		if s.rate, s.channels, s.open, err = openOgg(name, data, lim); err != nil {
			return nil, err
		}
	case isMP3(data):
		if err := checkMP3(name, data); err != nil {
			return nil, err
		}
		d, err := mp3.NewDecoder(bytes.NewReader(data))
		if err != nil {
			return nil, &Error{File: name, Msg: "not a readable MP3 stream", Kind: ErrSyntax, Err: err}
		}
		s.rate, s.channels = d.SampleRate(), 2
		s.open = func() (streamDec, error) {
			d, err := mp3.NewDecoder(bytes.NewReader(data))
			if err != nil {
				return nil, err
			}
			return &mp3Dec{d: d}, nil
		}
	default:
		return nil, &Error{File: name, Msg: "not a WAV, MP3, FLAC or Ogg Vorbis file" + extHint(name), Kind: ErrFormat}
	}
	if s.rate < MinRate || s.rate > MaxRate {
		return nil, &Error{File: name, Msg: fmt.Sprintf("sample rate %d out of range (%d..%d)", s.rate, MinRate, MaxRate), Kind: ErrInvalid}
	}
	if s.channels != 1 && s.channels != 2 {
		return nil, &Error{File: name, Msg: fmt.Sprintf("%d channels (mono and stereo are read)", s.channels), Kind: ErrInvalid}
	}
	return s, nil
}

// Name returns the file the stream plays.
func (s *Stream) Name() string { return s.name }

// Rate returns the stream's sample rate.
func (s *Stream) Rate() int { return s.rate }

// Channels returns 1 or 2.
func (s *Stream) Channels() int { return s.channels }

type wavDec struct {
	w   *wavInfo
	off int // bytes consumed
}

func (d *wavDec) read(dst []int16) (int, error) {
	bps := d.w.bits / 8
	n := min(len(dst), (len(d.w.data)-d.off)/bps)
	n -= n % d.w.ch
	if n == 0 {
		return 0, io.EOF
	}
	d.w.convert(dst[:n], d.w.data[d.off:])
	d.off += n * bps
	return n, nil
}

type mp3Dec struct {
	d   *mp3.Decoder
	buf []byte
}

func (d *mp3Dec) read(dst []int16) (n int, err error) {
	defer func() {
		if r := recover(); r != nil { // a malformed frame ends the stream
			n, err = 0, fmt.Errorf("malformed MP3 frame (%v)", r)
		}
	}()
	want := len(dst) / 2 * 4
	if cap(d.buf) < want {
		d.buf = make([]byte, want)
	}
	k, err := io.ReadFull(d.d, d.buf[:want])
	k -= k % 4
	for i := 0; i < k/2; i++ {
		dst[i] = int16(uint16(d.buf[2*i]) | uint16(d.buf[2*i+1])<<8)
	}
	if k == 0 {
		return 0, io.EOF
	}
	return k / 2, nil
}

type flacDec struct {
	st      *flac.Stream
	ch, bps int
	pend    []int16
}

func (d *flacDec) read(dst []int16) (n int, err error) {
	defer func() {
		if r := recover(); r != nil { // a malformed frame ends the stream
			n, err = 0, fmt.Errorf("malformed FLAC frame (%v)", r)
		}
	}()
	for len(d.pend) == 0 {
		f, err := d.st.ParseNext()
		if err == io.EOF {
			return 0, io.EOF
		}
		if err == io.ErrUnexpectedEOF {
			return 0, errors.New("truncated FLAC frame (the file ends inside it)")
		}
		if err != nil {
			return 0, err
		}
		if len(f.Subframes) != d.ch {
			return 0, fmt.Errorf("FLAC frame of %d channels in a stream of %d", len(f.Subframes), d.ch)
		}
		fb := int(f.BitsPerSample)
		if fb == 0 {
			fb = d.bps
		}
		k := len(f.Subframes[0].Samples)
		for _, sf := range f.Subframes[1:] {
			if len(sf.Samples) != k {
				return 0, errors.New("FLAC frame's channels differ in length")
			}
		}
		d.pend = d.pend[:0]
		for i := 0; i < k; i++ {
			for c := 0; c < d.ch; c++ {
				d.pend = append(d.pend, flacTo16(f.Subframes[c].Samples[i], fb))
			}
		}
	}
	n = min(len(dst), len(d.pend))
	n -= n % d.ch
	copy(dst, d.pend[:n])
	d.pend = d.pend[n:]
	if len(d.pend) == 0 {
		d.pend = d.pend[:0:0]
	}
	return n, nil
}

// streamWindow is how many frames a streaming voice holds decoded.
const streamWindow = 16384

// streamVoice is a voice's decoding state.
type streamVoice struct {
	s    *Stream
	dec  streamDec
	win  []int16
	n    int // samples in win
	eof  bool
	loop bool
}

// fill decodes until the window holds need frames or the stream ends
// (restarting it when looping).
func (sv *streamVoice) fill(need int) {
	ch := sv.s.channels
	for sv.n/ch < need && !sv.eof && sv.n < len(sv.win) {
		k, err := sv.dec.read(sv.win[sv.n:])
		sv.n += k
		if err == nil {
			continue
		}
		if err != io.EOF {
			sv.s.fail(err) // allocates once, at the error
			sv.eof = true
			return
		}
		if !sv.loop || k == 0 && sv.restartedEmpty() {
			sv.eof = true
			return
		}
	}
}

// restartedEmpty restarts a looping stream's decoder and reports whether
// the fresh decoder has nothing to give (an empty stream: stop looping).
func (sv *streamVoice) restartedEmpty() bool {
	d, err := sv.s.open()
	if err != nil {
		return true
	}
	sv.dec = d
	k, _ := d.read(sv.win[sv.n:])
	sv.n += k
	return k == 0
}

// PlayStream starts a voice playing st with o (o.Loop repeats it from the
// start); the zero Voice when every voice is busy or the stream cannot be
// opened. The voice allocates its decoder and window here, and the
// decoders (go-mp3, mewkiz/flac) allocate as they decode; the mixer
// itself does not.
func (m *Mixer) PlayStream(st *Stream, o Options) Voice {
	if st == nil {
		return Voice{}
	}
	dec, err := st.open()
	if err != nil {
		return Voice{}
	}
	sv := &streamVoice{s: st, dec: dec, win: make([]int16, streamWindow*st.channels), loop: o.Loop}
	view := &Sound{name: st.name, rate: st.rate, channels: st.channels}
	o.Loop = false // the decoder loops
	m.mu.Lock()
	defer m.mu.Unlock()
	v := m.playLocked(view, o, false, 0, 0)
	if v.m != nil {
		m.voices[v.slot].str = sv
	}
	return v
}

// mixStream mixes a streaming voice into acc in pieces whose every
// source frame is in the decoded window.
func (m *Mixer) mixStream(vc *voice, acc []int32) {
	sv := vc.str
	ch := sv.s.channels
	for len(acc) > 0 && vc.active {
		per := int(vc.step>>32) + 1
		k := min(len(acc)/2, max(1, (streamWindow-4)/per))
		if used := int(vc.pos >> 32); used > 0 {
			used = min(used, sv.n/ch)
			copy(sv.win, sv.win[used*ch:sv.n])
			sv.n -= used * ch
			vc.pos -= uint64(used) << 32
		}
		sv.fill(int((vc.pos+vc.step*uint64(k))>>32) + 2)
		if sv.n == 0 {
			*vc = voice{} // the stream ended
			return
		}
		vc.snd.data = sv.win[:sv.n]
		m.mixVoice(vc, acc[:2*k])
		acc = acc[2*k:]
	}
}
