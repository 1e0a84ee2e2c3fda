package audio

import (
	"bytes"
	"fmt"
	"io/fs"
	"path"
	"strings"
	"time"

	"diorama/internal/loadutil"
)

// Error is a load error: the file, what is wrong, and its kind (one of
// the Err* values, matched with errors.Is).
type Error = loadutil.Error

// Error kinds of [Load] and [Decode], matched with errors.Is.
var (
	ErrSyntax  = loadutil.ErrSyntax  // not a well-formed file of its format (truncated, bad header)
	ErrInvalid = loadutil.ErrInvalid // a value out of range (rate, channels, bit depth)
	ErrLimit   = loadutil.ErrLimit   // the file or its decoded samples exceed Limits
	ErrPath    = loadutil.ErrPath    // a path that is not a valid fs.FS path, or not a regular file
	ErrMissing = loadutil.ErrMissing // the file cannot be opened or read
	// ErrFormat: the file is in no format this package reads.
	ErrFormat = fmt.Errorf("unsupported sound format")
)

// Limits bound what loading one sound may cost. Zero fields take the
// defaults.
type Limits struct {
	// MaxFileBytes caps the file read (default 64 MiB).
	MaxFileBytes int64
	// MaxSeconds caps the decoded length (default 600: ten minutes of
	// music; a header claiming more is refused before decoding).
	MaxSeconds int
	// MaxDecodedBytes caps the decoded samples' memory, 2 bytes a sample
	// (default 128 MiB: 11 minutes of 48 kHz stereo), so that a small
	// file decoding to hours of audio is refused, not held.
	MaxDecodedBytes int64
}

// Default limits.
const (
	DefaultMaxFileBytes = 64 << 20
	DefaultMaxSeconds   = 600
	DefaultMaxDecoded   = 128 << 20
)

// OrDefault returns l with zero fields replaced by the defaults.
func (l Limits) OrDefault() Limits {
	return loadutil.Defaults(l, Limits{MaxFileBytes: DefaultMaxFileBytes, MaxSeconds: DefaultMaxSeconds, MaxDecodedBytes: DefaultMaxDecoded})
}

// maxFrames is the decoded length limit at rate for channels.
func (l Limits) maxFrames(rate, channels int) int64 {
	return min(int64(l.MaxSeconds)*int64(rate), l.MaxDecodedBytes/int64(2*channels))
}

// Rates a sound may have.
const (
	MinRate = 1000
	MaxRate = 384000
)

// Sound is decoded audio ready to play: 16-bit samples, mono or stereo
// (interleaved left, right), at its own sample rate (the mixer resamples).
// A Sound is immutable and may be played by many voices at once.
type Sound struct {
	name     string
	rate     int
	channels int
	data     []int16
}

// NewSound returns a sound of the given samples (interleaved when
// channels is 2), which it keeps (the caller must not change them). The
// name is used in messages (a synthesised sound's name).
func NewSound(name string, rate, channels int, samples []int16) (*Sound, error) {
	if rate < MinRate || rate > MaxRate {
		return nil, &Error{File: name, Msg: fmt.Sprintf("sample rate %d out of range (%d..%d)", rate, MinRate, MaxRate), Kind: ErrInvalid}
	}
	if channels != 1 && channels != 2 {
		return nil, &Error{File: name, Msg: fmt.Sprintf("%d channels (1 or 2 are played)", channels), Kind: ErrInvalid}
	}
	if len(samples)%channels != 0 {
		return nil, &Error{File: name, Msg: "samples are not a whole number of frames", Kind: ErrInvalid}
	}
	return &Sound{name: name, rate: rate, channels: channels, data: samples}, nil
}

// Name returns the file (or given name) the sound came from.
func (s *Sound) Name() string { return s.name }

// Rate returns the sound's sample rate in frames per second.
func (s *Sound) Rate() int { return s.rate }

// Channels returns 1 (mono) or 2 (stereo).
func (s *Sound) Channels() int { return s.channels }

// Frames returns the length in frames (one sample per channel).
func (s *Sound) Frames() int { return len(s.data) / s.channels }

// Samples returns the interleaved samples; the caller must not change them.
func (s *Sound) Samples() []int16 { return s.data }

// Duration returns the length in time.
func (s *Sound) Duration() time.Duration {
	return time.Duration(int64(s.Frames()) * int64(time.Second) / int64(s.rate))
}

// Load reads and decodes the sound file name from fsys: WAV, MP3, FLAC or
// Ogg Vorbis, told by their contents (not the extension). The file is opened through
// the engine's one reader (regular files only, read through a byte cap),
// its header checked against lim before samples are allocated, and every
// error names the file. A truncated file is an error in every format
// (ErrSyntax): an MP3's frame headers are walked before decoding, since
// its decoder stops quietly where the data does.
func Load(fsys fs.FS, name string, lim Limits) (*Sound, error) {
	lim = lim.OrDefault()
	data, err := loadutil.ReadFile(fsys, name, lim.MaxFileBytes)
	if err != nil {
		return nil, loadutil.RaiseHint(err, "audio.Limits.MaxFileBytes")
	}
	return Decode(name, data, lim)
}

// Decode decodes a sound file held in memory; name is used in errors.
func Decode(name string, data []byte, lim Limits) (*Sound, error) {
	lim = lim.OrDefault()
	if int64(len(data)) > lim.MaxFileBytes {
		return nil, loadutil.RaiseHint(&Error{File: name, Msg: fmt.Sprintf("file larger than %d bytes", lim.MaxFileBytes), Kind: ErrLimit}, "audio.Limits.MaxFileBytes")
	}
	var s *Sound
	var err error
	switch {
	case len(data) >= 12 && (string(data[:4]) == "RIFF" || string(data[:4]) == "RIFX") && string(data[8:12]) == "WAVE":
		s, err = decodeWAV(name, data, lim)
	case len(data) >= 4 && string(data[:4]) == "fLaC":
		s, err = decodeFLAC(name, data, lim)
	case len(data) >= 4 && string(data[:4]) == "OggS":
		s, err = decodeOgg(name, data, lim)
	case isMP3(data):
		s, err = decodeMP3(name, data, lim)
	default:
		return nil, &Error{File: name, Msg: "not a WAV, MP3, FLAC or Ogg Vorbis file" + extHint(name), Kind: ErrFormat}
	}
	if err != nil {
		return nil, err
	}
	return s, nil
}

func extHint(name string) string {
	switch strings.ToLower(path.Ext(name)) {
	case ".wav", ".mp3", ".flac", ".ogg", ".oga":
		return " (its contents do not match its extension)"
	}
	return ""
}

// isMP3 reports an ID3v2 tag or an MPEG audio frame sync at the start.
func isMP3(d []byte) bool {
	if len(d) >= 10 && bytes.Equal(d[:3], []byte("ID3")) {
		return true
	}
	return len(d) >= 4 && d[0] == 0xFF && d[1]&0xE0 == 0xE0 && d[1]&0x06 != 0 && d[2]&0xF0 != 0xF0
}

// limitErr is the error for a sound longer than the limits allow.
func limitErr(name string, frames int64, rate, channels int, lim Limits) error {
	field := "audio.Limits.MaxSeconds"
	if int64(lim.MaxSeconds)*int64(rate) > lim.MaxDecodedBytes/int64(2*channels) {
		field = "audio.Limits.MaxDecodedBytes"
	}
	return loadutil.RaiseHint(&Error{File: name, Msg: fmt.Sprintf("%d frames of %d channels at %d Hz: more than %d s or %d bytes decoded", frames, channels, rate, lim.MaxSeconds, lim.MaxDecodedBytes), Kind: ErrLimit}, field)
}
