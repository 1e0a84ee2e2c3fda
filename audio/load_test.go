package audio

import (
	"encoding/binary"
	"errors"
	"strings"
	"testing"
	"testing/fstest"
)

// wavHeader returns a WAV file's bytes with the given fmt fields and a
// data chunk claiming size bytes but holding body.
func wavHeader(tag, ch, rate, bits int, size uint32, body []byte) []byte {
	b := make([]byte, 44, 44+len(body))
	copy(b, "RIFF")
	binary.LittleEndian.PutUint32(b[4:], 36+size)
	copy(b[8:], "WAVEfmt ")
	binary.LittleEndian.PutUint32(b[16:], 16)
	binary.LittleEndian.PutUint16(b[20:], uint16(tag))
	binary.LittleEndian.PutUint16(b[22:], uint16(ch))
	binary.LittleEndian.PutUint32(b[24:], uint32(rate))
	binary.LittleEndian.PutUint32(b[28:], uint32(rate*ch*bits/8))
	binary.LittleEndian.PutUint16(b[32:], uint16(ch*bits/8))
	binary.LittleEndian.PutUint16(b[34:], uint16(bits))
	copy(b[36:], "data")
	binary.LittleEndian.PutUint32(b[40:], size)
	return append(b, body...)
}

// Sounds round-trip through EncodeWAV and Load, and Load's errors name
// the file, refuse what is not a regular file, and enforce the limits
// before allocating: a header claiming hours of audio, 8 channels, a
// truncated stream.
func TestLoadAndBombs(t *testing.T) {
	s := synth(t, 22050, 2, 1000, 20, 10000)
	long := wavHeader(1, 2, 48000, 16, 48000*4*3600, make([]byte, 64)) // claims an hour, holds 16 frames
	fsys := fstest.MapFS{
		"sfx/shot.wav":  {Data: EncodeWAV(s)},
		"sfx/dir/x.wav": {Data: EncodeWAV(s)},
		"hour.wav":      {Data: long},
		"eight.wav":     {Data: wavHeader(1, 8, 48000, 16, 16, make([]byte, 16))},
		"trunc.wav":     {Data: EncodeWAV(s)[:1000]},
		"adpcm.wav":     {Data: wavHeader(2, 1, 8000, 4, 4, make([]byte, 4))},
		"zero.wav":      {Data: wavHeader(1, 2, 0, 16, 4, make([]byte, 4))},
		"text.wav":      {Data: []byte("hello, not a sound")},
		"flac.flac":     {Data: []byte("fLaC\x00\x00\x00\x22")},
		"mp3.mp3":       {Data: []byte("ID3\x04\x00\x00\x00\x00\x00\x00\xff\xfb")},
		"big.wav":       {Data: EncodeWAV(synth(t, 8000, 1, 80000, 20, 10000))},
		"empty.wav":     {Data: wavHeader(1, 2, 44100, 16, 0xFFFFFFFF, nil)}, // found by FuzzDecode: a streaming writer's unknown size, nothing after
	}
	got, err := Load(fsys, "sfx/shot.wav", Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if got.Rate() != 22050 || got.Channels() != 2 || got.Frames() != 1000 || HashSamples(HashStart, got.Samples()) != HashSamples(HashStart, s.Samples()) {
		t.Fatalf("round trip: %d Hz %d ch %d frames", got.Rate(), got.Channels(), got.Frames())
	}
	for _, c := range []struct {
		name string
		lim  Limits
		kind error
		msg  string
	}{
		{"sfx/dir", Limits{}, ErrPath, "directory"},
		{"missing.wav", Limits{}, ErrMissing, "cannot open"},
		{"../x.wav", Limits{}, ErrPath, "not a valid"},
		{"hour.wav", Limits{}, ErrSyntax, "truncated"},
		{"eight.wav", Limits{}, ErrInvalid, "8 channels"},
		{"trunc.wav", Limits{}, ErrSyntax, "truncated"},
		{"adpcm.wav", Limits{}, ErrFormat, "format tag"},
		{"zero.wav", Limits{}, ErrInvalid, "sample rate 0"},
		{"text.wav", Limits{}, ErrFormat, "contents do not match"},
		{"empty.wav", Limits{}, ErrSyntax, "no audio frames"},
		{"flac.flac", Limits{}, ErrSyntax, "FLAC"},
		{"mp3.mp3", Limits{}, ErrSyntax, "MP3"},
		{"big.wav", Limits{MaxSeconds: 5}, ErrLimit, "raise audio.Limits.MaxSeconds"},
		{"big.wav", Limits{MaxDecodedBytes: 1000}, ErrLimit, "raise audio.Limits.MaxDecodedBytes"},
		{"big.wav", Limits{MaxFileBytes: 1000}, ErrLimit, "raise audio.Limits.MaxFileBytes"},
	} {
		_, err := Load(fsys, c.name, c.lim)
		if !errors.Is(err, c.kind) || !strings.HasPrefix(err.Error(), strings.TrimPrefix(c.name, "../")) && c.kind != ErrPath || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%s: %v; want %v naming the file and saying %q", c.name, err, c.kind, c.msg)
		}
	}
}

// FuzzDecode: any bytes decode or fail with an *Error; never a panic,
// and never more decoded samples than the limits allow.
func FuzzDecode(f *testing.F) {
	f.Add(EncodeWAV(synth(f, 8000, 1, 100, 5, 10000)))
	f.Add(EncodeWAV(synth(f, 44100, 2, 50, 5, 10000)))
	f.Add(wavHeader(3, 1, 8000, 32, 16, make([]byte, 16)))
	f.Add(wavHeader(1, 2, 48000, 24, 6, make([]byte, 6)))
	f.Add(wavHeader(1, 1, 8000, 8, 0xFFFFFFFF, make([]byte, 9)))
	f.Add([]byte("fLaC\x00\x00\x00\x22\x10\x00\x10\x00\x00\x00\x00\x00\x00\x00\x0a\xc4\x42\xf0\xff\xff\xff\xff\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"))
	f.Add([]byte("\xff\xfb\x90\x64\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"))
	f.Add([]byte("ID3\x03\x00\x00\x00\x00\x00\x10\xff\xfb\x90\x64"))
	for _, seed := range toolSeeds(f) {
		f.Add(seed)
	}
	lim := Limits{MaxFileBytes: 1 << 20, MaxSeconds: 10, MaxDecodedBytes: 4 << 20}
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := Decode("f.bin", data, lim)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || e.File != "f.bin" {
				t.Fatalf("error %v is not an *Error naming the file", err)
			}
			return
		}
		if s.Frames() == 0 || int64(len(s.data))*2 > lim.MaxDecodedBytes || s.Frames() > lim.MaxSeconds*s.Rate() {
			t.Fatalf("decoded %d frames at %d Hz past the limits", s.Frames(), s.Rate())
		}
	})
}
