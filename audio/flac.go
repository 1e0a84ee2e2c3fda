package audio

import (
	"bytes"
	"errors"
	"fmt"
	"io"

	"github.com/mewkiz/flac"
)

// decodeFLAC decodes a FLAC file with github.com/mewkiz/flac (pure Go,
// public domain), frame by frame, refusing a stream whose header or
// decoded frames pass the limits. Samples deeper than 16 bits are
// rounded to 16 as sox does (half up); shallower ones are shifted up.
func decodeFLAC(name string, data []byte, lim Limits) (s *Sound, err error) {
	defer func() {
		if r := recover(); r != nil { // the third-party decoder on a malformed stream
			s, err = nil, &Error{File: name, Msg: fmt.Sprintf("malformed FLAC stream (%v)", r), Kind: ErrSyntax}
		}
	}()
	st, err := flac.New(bytes.NewReader(data))
	if err != nil {
		return nil, &Error{File: name, Msg: "not a readable FLAC stream", Kind: ErrSyntax, Err: err}
	}
	info := st.Info
	rate, ch, bps := int(info.SampleRate), int(info.NChannels), int(info.BitsPerSample)
	switch {
	case rate < MinRate || rate > MaxRate:
		return nil, &Error{File: name, Msg: fmt.Sprintf("sample rate %d out of range (%d..%d)", rate, MinRate, MaxRate), Kind: ErrInvalid}
	case ch != 1 && ch != 2:
		return nil, &Error{File: name, Msg: fmt.Sprintf("%d channels (mono and stereo are read)", ch), Kind: ErrInvalid}
	case bps < 4 || bps > 32:
		return nil, &Error{File: name, Msg: fmt.Sprintf("%d bits per sample", bps), Kind: ErrInvalid}
	}
	max := lim.maxFrames(rate, ch)
	if int64(info.NSamples) > max {
		return nil, limitErr(name, int64(info.NSamples), rate, ch, lim)
	}
	// Allocate from the header only as far as the file could plausibly
	// hold (a lying header costs no memory); grow past that as decoded.
	want := min(int64(info.NSamples), 16*int64(len(data))) * int64(ch)
	out := make([]int16, 0, want)
	for {
		f, err := st.ParseNext()
		if err == io.EOF {
			break
		}
		if err != nil {
			if errors.Is(err, io.ErrUnexpectedEOF) {
				return nil, &Error{File: name, Msg: "truncated FLAC frame", Kind: ErrSyntax, Err: err}
			}
			return nil, &Error{File: name, Msg: "cannot decode FLAC frame", Kind: ErrSyntax, Err: err}
		}
		if len(f.Subframes) != ch {
			return nil, &Error{File: name, Msg: fmt.Sprintf("frame of %d channels in a stream of %d", len(f.Subframes), ch), Kind: ErrSyntax}
		}
		n := len(f.Subframes[0].Samples)
		for _, sf := range f.Subframes[1:] {
			if len(sf.Samples) != n {
				return nil, &Error{File: name, Msg: "subframes of different lengths", Kind: ErrSyntax}
			}
		}
		if int64(len(out)/ch+n) > max {
			return nil, limitErr(name, int64(len(out)/ch+n), rate, ch, lim)
		}
		fb := int(f.BitsPerSample)
		if fb == 0 {
			fb = bps
		}
		for i := 0; i < n; i++ {
			for c := 0; c < ch; c++ {
				out = append(out, flacTo16(f.Subframes[c].Samples[i], fb))
			}
		}
	}
	if len(out) == 0 {
		return nil, &Error{File: name, Msg: "no FLAC audio frames", Kind: ErrSyntax}
	}
	return &Sound{name: name, rate: rate, channels: ch, data: out}, nil
}

func flacTo16(v int32, bps int) int16 {
	if bps <= 16 {
		return int16(v << (16 - bps))
	}
	return from32(int64(v) << (32 - bps))
}
