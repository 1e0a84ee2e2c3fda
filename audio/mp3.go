package audio

import (
	"bytes"
	"fmt"
	"io"

	mp3 "github.com/hajimehoshi/go-mp3"
)

// decodeMP3 decodes an MPEG-1/2 Layer III file with go-mp3 (pure Go,
// Apache 2.0), whose output is always stereo. The decoded length is known
// from the frame headers before any sample is decoded and checked
// against the limits.
func decodeMP3(name string, data []byte, lim Limits) (s *Sound, err error) {
	defer func() {
		if r := recover(); r != nil { // the third-party decoder on a malformed stream
			s, err = nil, &Error{File: name, Msg: fmt.Sprintf("malformed MP3 stream (%v)", r), Kind: ErrSyntax}
		}
	}()
	if err := checkMP3(name, data); err != nil {
		return nil, err
	}
	d, err := mp3.NewDecoder(bytes.NewReader(data))
	if err != nil {
		return nil, &Error{File: name, Msg: "not a readable MP3 stream", Kind: ErrSyntax, Err: err}
	}
	rate := d.SampleRate()
	if rate < MinRate || rate > MaxRate {
		return nil, &Error{File: name, Msg: fmt.Sprintf("sample rate %d out of range", rate), Kind: ErrInvalid}
	}
	n := d.Length() // bytes of 16-bit stereo output
	if n < 0 {
		return nil, &Error{File: name, Msg: "MP3 length unknown", Kind: ErrSyntax}
	}
	frames := n / 4
	if frames > lim.maxFrames(rate, 2) {
		return nil, limitErr(name, frames, rate, 2, lim)
	}
	buf := make([]byte, n)
	got, err := io.ReadFull(d, buf)
	if err != nil && err != io.ErrUnexpectedEOF && err != io.EOF {
		return nil, &Error{File: name, Msg: "cannot decode", Kind: ErrSyntax, Err: err}
	}
	if got == 0 {
		return nil, &Error{File: name, Msg: "no MP3 audio frames", Kind: ErrSyntax}
	}
	out := make([]int16, got/2)
	for i := range out {
		out[i] = int16(uint16(buf[2*i]) | uint16(buf[2*i+1])<<8)
	}
	if len(out)%2 != 0 {
		out = out[:len(out)-1]
	}
	return &Sound{name: name, rate: rate, channels: 2, data: out}, nil
}
