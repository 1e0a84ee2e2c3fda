package audio

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
	"testing/fstest"
)

// mixBoth plays the same file loaded whole (Play) and streamed
// (PlayStream) on two mixers with the same options and returns both mixes.
func mixBoth(t *testing.T, s *Sound, st *Stream, o Options, frames int) (a, b []int16) {
	t.Helper()
	ma, mb := newMixer(t, Config{}), newMixer(t, Config{})
	ma.Play(s, o)
	if v := mb.PlayStream(st, o); !v.Playing() {
		t.Fatal("the stream did not start")
	}
	a, b = make([]int16, 2*frames), make([]int16, 2*frames)
	for off := 0; off < frames; {
		n := min(frames-off, 1+off%700) // blocks of changing sizes
		ma.Mix(a[2*off : 2*(off+n)])
		mb.Mix(b[2*off : 2*(off+n)])
		off += n
	}
	return a, b
}

func sameMix(t *testing.T, what string, a, b []int16) {
	t.Helper()
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("%s: sample %d (frame %d): streamed %d, whole %d", what, i, i/2, b[i], a[i])
		}
	}
}

// A streamed WAV mixes exactly as the same WAV loaded whole, at any
// pitch, through several window refills, and the voice ends with it.
func TestStreamWAVEqualsSound(t *testing.T) {
	for _, ch := range []int{1, 2} {
		s := synth(t, 44100, ch, 60000, 37, 20000)
		fsys := fstest.MapFS{"m.wav": {Data: EncodeWAV(s)}}
		st, err := LoadStream(fsys, "m.wav", Limits{})
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range []float64{1, 0.7, 2.3} {
			a, b := mixBoth(t, s, st, Options{Pitch: p, Pan: 0.2}, 70000)
			sameMix(t, "wav", a, b)
		}
	}
}

// A looping stream plays on past its end and keeps playing.
func TestStreamLoops(t *testing.T) {
	s := synth(t, 48000, 1, 5000, 20, 20000)
	st, err := DecodeStream("m.wav", EncodeWAV(s), Limits{})
	if err != nil {
		t.Fatal(err)
	}
	m := newMixer(t, Config{})
	v := m.PlayStream(st, Options{Loop: true})
	out := render(m, 48000)
	if !v.Playing() || out[2*40000] == 0 && out[2*40001] == 0 {
		t.Fatal("the looping stream stopped")
	}
	v.Stop(0)
	render(m, 1000)
	if v.Playing() {
		t.Fatal("a stopped stream plays")
	}
	if _, err := DecodeStream("x.bin", []byte("nothing"), Limits{}); !errors.Is(err, ErrFormat) {
		t.Fatalf("garbage: %v", err)
	}
}

// Streamed MP3 and FLAC files (made by lame and flac) mix exactly as the
// same files loaded whole.
func TestStreamMP3FLACAndOggEqualSound(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "m.wav")
	runTool(t, "sox", append([]string{"-n", "-r", "44100", "-c", "2", "-b", "16", src}, synthArgs...)...)
	runTool(t, "lame", "--quiet", "-b", "128", src, filepath.Join(dir, "m.mp3"))
	runTool(t, "flac", "-s", "-f", "-o", filepath.Join(dir, "m.flac"), src)
	runTool(t, "oggenc", "-Q", "-o", filepath.Join(dir, "m.ogg"), src)
	for _, name := range []string{"m.mp3", "m.flac", "m.ogg"} {
		s, err := Load(os.DirFS(dir), name, Limits{})
		if err != nil {
			t.Fatal(err)
		}
		st, err := LoadStream(os.DirFS(dir), name, Limits{})
		if err != nil {
			t.Fatal(err)
		}
		a, b := mixBoth(t, s, st, Options{Pitch: 1.3}, s.Frames()*10/13+500)
		sameMix(t, name, a, b)
	}
}

// FuzzDecodeStream: any bytes open as a stream or fail with an *Error,
// and a stream that opens plays to its end without a panic.
func FuzzDecodeStream(f *testing.F) {
	f.Add(EncodeWAV(synth(f, 8000, 1, 100, 5, 10000)))
	f.Add([]byte("fLaC\x00\x00\x00\x22\x10\x00\x10\x00\x00\x00\x00\x00\x00\x00\x0a\xc4\x42\xf0\xff\xff\xff\xff\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"))
	f.Add([]byte("\xff\xfb\x90\x64\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"))
	for _, seed := range toolSeeds(f) {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		st, err := DecodeStream("f.bin", data, Limits{MaxFileBytes: 1 << 20})
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || e.File != "f.bin" {
				t.Fatalf("error %v is not an *Error naming the file", err)
			}
			return
		}
		m, _ := NewMixer(Config{})
		m.PlayStream(st, Options{Pitch: 3})
		out := make([]int16, 2*MaxBlock)
		for i := 0; i < 50 && m.Stats().Playing > 0; i++ {
			m.Mix(out)
		}
		if err := st.Err(); err != nil {
			var e *Error
			if !errors.As(err, &e) || e.File != "f.bin" {
				t.Fatalf("stream error %v is not an *Error naming the file", err)
			}
		}
	})
}
