package audio

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"

	"diorama/audio/internal/vorbis"
)

// vorbisLimits maps lim onto the Vorbis decoder's: mono and stereo only,
// the decoded length and memory as for every format, packets no larger
// than the file.
func vorbisLimits(lim Limits) vorbis.Limits {
	return vorbis.Limits{
		MaxChannels:    2,
		MaxRate:        MaxRate,
		MaxSeconds:     lim.MaxSeconds,
		MaxSamples:     lim.MaxDecodedBytes / 2,
		MaxPacketBytes: int(min(lim.MaxFileBytes, vorbis.DefaultMaxPacketBytes)),
	}
}

// oggError turns a Vorbis decoder error into the package's, naming the
// file: a limit passed is ErrLimit (with the field of audio.Limits that
// caps it), a stream of more than two channels ErrInvalid, anything else
// a malformed stream.
func oggError(name string, err error) error {
	msg := strings.TrimPrefix(err.Error(), "vorbis: ")
	switch {
	case errors.Is(err, vorbis.ErrLimit) && strings.Contains(msg, "MaxChannels"):
		return &Error{File: name, Msg: "Ogg Vorbis: " + msg + "; mono and stereo are read", Kind: ErrInvalid}
	case errors.Is(err, vorbis.ErrLimit):
		return &Error{File: name, Msg: "Ogg Vorbis: " + msg, Kind: ErrLimit}
	}
	return &Error{File: name, Msg: "malformed Ogg Vorbis stream: " + msg, Kind: ErrSyntax}
}

// decodeOgg decodes an Ogg Vorbis file with the engine's own decoder
// (audio/internal/vorbis, pure Go: the module proxy serves no Vorbis
// decoder), whole, under lim.
func decodeOgg(name string, data []byte, lim Limits) (*Sound, error) {
	v, err := vorbis.Decode(data, vorbisLimits(lim))
	if err != nil {
		return nil, oggError(name, err)
	}
	if v.Rate < MinRate {
		return nil, &Error{File: name, Msg: fmt.Sprintf("sample rate %d out of range (%d..%d)", v.Rate, MinRate, MaxRate), Kind: ErrInvalid}
	}
	if len(v.Samples) == 0 {
		return nil, &Error{File: name, Msg: "no Ogg Vorbis audio", Kind: ErrSyntax}
	}
	return &Sound{name: name, rate: v.Rate, channels: v.Channels, data: v.Samples}, nil
}

// oggDec streams an Ogg Vorbis file block by block.
type oggDec struct{ r *vorbis.Reader }

func (d *oggDec) read(dst []int16) (int, error) {
	n, err := d.r.Read(dst)
	if err != nil && err != io.EOF {
		return n, err // a malformed packet ends the stream (Stream.Err)
	}
	if n == 0 {
		return 0, io.EOF
	}
	return n, nil
}

// openOgg checks an Ogg Vorbis file's headers for streaming and returns
// its rate, channels and a decoder opener.
func openOgg(name string, data []byte, lim Limits) (rate, channels int, open func() (streamDec, error), err error) {
	vl := vorbisLimits(lim)
	r, err := vorbis.NewReader(bytes.NewReader(data), vl)
	if err != nil {
		return 0, 0, nil, oggError(name, err)
	}
	if err := vorbis.CheckPages(data); err != nil {
		return 0, 0, nil, oggError(name, err)
	}
	open = func() (streamDec, error) {
		r, err := vorbis.NewReader(bytes.NewReader(data), vl)
		if err != nil {
			return nil, err
		}
		return &oggDec{r: r}, nil
	}
	return r.Rate, r.Channels, open, nil
}
