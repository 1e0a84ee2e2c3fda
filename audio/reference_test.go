package audio

import (
	"errors"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// tool returns the path of a reference tool, skipping the test without
// it (failing under CI=true, where scripts/deps.sh installed it).
func tool(t *testing.T, name string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		msg := name + " is not installed (Debian: sox, lame, vorbis-tools, flac; scripts/deps.sh test)"
		if os.Getenv("CI") == "true" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	return p
}

func runTool(t *testing.T, name string, args ...string) {
	t.Helper()
	out, err := exec.Command(tool(t, name), args...).CombinedOutput()
	if err != nil {
		t.Fatalf("%s %v: %v\n%s", name, args, err, out)
	}
}

func loadFile(t *testing.T, path string) *Sound {
	t.Helper()
	s, err := Load(os.DirFS(filepath.Dir(path)), filepath.Base(path), Limits{})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// A test signal: two sines and a sweep, loud enough to use the top bits
// and below full scale (so no format clips).
var synthArgs = []string{"synth", "0.7", "sine", "300-3000", "sine", "440", "remix", "-", "gain", "-3"}

// Every WAV layout decodes exactly as sox converts it to 16 bits without
// dither (float within one step: sox rounds through its own float path).
func TestWAVAgainstSox(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		name string
		args []string // sox output options
		tol  int
	}{
		{"u8-mono-8000", []string{"-r", "8000", "-c", "1", "-b", "8", "-e", "unsigned-integer"}, 0},
		{"s16-stereo-44100", []string{"-r", "44100", "-c", "2", "-b", "16"}, 0},
		{"s16-mono-22050", []string{"-r", "22050", "-c", "1", "-b", "16"}, 0},
		{"s24-stereo-48000", []string{"-r", "48000", "-c", "2", "-b", "24"}, 0},
		{"s32-mono-96000", []string{"-r", "96000", "-c", "1", "-b", "32"}, 0},
		{"f32-stereo-32000", []string{"-r", "32000", "-c", "2", "-b", "32", "-e", "floating-point"}, 1},
		{"f64-mono-11025", []string{"-r", "11025", "-c", "1", "-b", "64", "-e", "floating-point"}, 1},
		{"s24-stereo-plain-fmt", []string{"-r", "48000", "-c", "2", "-b", "24", "-t", "wavpcm"}, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			src := filepath.Join(dir, c.name+".wav")
			ref := filepath.Join(dir, c.name+"-ref.wav")
			args := append([]string{"-n"}, c.args...)
			runTool(t, "sox", append(append(args, src), synthArgs...)...)
			runTool(t, "sox", "-D", src, "-b", "16", "-e", "signed-integer", ref)
			got, want := loadFile(t, src), loadFile(t, ref)
			compareExact(t, got, want, c.tol)
		})
	}
}

func compareExact(t *testing.T, got, want *Sound, tol int) {
	t.Helper()
	if got.Rate() != want.Rate() || got.Channels() != want.Channels() || got.Frames() != want.Frames() {
		t.Fatalf("%d Hz %d ch %d frames, reference %d Hz %d ch %d frames", got.Rate(), got.Channels(), got.Frames(), want.Rate(), want.Channels(), want.Frames())
	}
	worst := 0
	for i, v := range got.data {
		worst = max(worst, abs(int(v)-int(want.data[i])))
	}
	if worst > tol {
		t.Fatalf("samples differ from the reference by up to %d (tolerance %d)", worst, tol)
	}
	t.Logf("%d frames, largest difference %d", got.Frames(), worst)
}

// FLAC (16 and 24 bits, mono and stereo) decodes exactly as the flac tool
// decodes it.
func TestFLACAgainstFlac(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		name string
		args []string
	}{
		{"s16-stereo-44100", []string{"-r", "44100", "-c", "2", "-b", "16"}},
		{"s24-mono-48000", []string{"-r", "48000", "-c", "1", "-b", "24"}},
		{"s8-mono-8000", []string{"-r", "8000", "-c", "1", "-b", "8"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			src := filepath.Join(dir, c.name+".wav")
			enc := filepath.Join(dir, c.name+".flac")
			ref := filepath.Join(dir, c.name+"-ref.wav")
			runTool(t, "sox", append(append(append([]string{"-n"}, c.args...), src), synthArgs...)...)
			runTool(t, "flac", "-s", "-8", "-f", "-o", enc, src)
			runTool(t, "flac", "-s", "-d", "-f", "-o", ref, enc)
			compareExact(t, loadFile(t, enc), loadFile(t, ref), 0)
		})
	}
}

// MP3 decodes as LAME's own decoder does, within the tolerance of two
// decoders of a lossy format: go-mp3 keeps the encoder's delay and
// padding (LAME's decoder strips them), so the best alignment is found
// first; then the difference must be at least 60 dB below the signal.
func TestMP3AgainstLame(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		name string
		args []string
		lame []string
	}{
		{"stereo-44100-192k", []string{"-r", "44100", "-c", "2", "-b", "16"}, []string{"-b", "192"}},
		{"mono-22050-64k", []string{"-r", "22050", "-c", "1", "-b", "16"}, []string{"-b", "64", "-m", "m"}},
		{"stereo-48000-vbr", []string{"-r", "48000", "-c", "2", "-b", "16"}, []string{"-V", "2"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			src := filepath.Join(dir, c.name+".wav")
			enc := filepath.Join(dir, c.name+".mp3")
			ref := filepath.Join(dir, c.name+"-ref.wav")
			runTool(t, "sox", append(append(append([]string{"-n"}, c.args...), src), synthArgs...)...)
			runTool(t, "lame", append(append([]string{"--quiet"}, c.lame...), src, enc)...)
			runTool(t, "lame", "--quiet", "--decode", enc, ref)
			got, want := loadFile(t, enc), loadFile(t, ref)
			if got.Rate() != want.Rate() {
				t.Fatalf("rate %d, reference %d", got.Rate(), want.Rate())
			}
			// Compare the left channel (go-mp3 is always stereo).
			g := channel(got, 0)
			w := channel(want, 0)
			snr, off := bestSNR(g, w, 4000)
			t.Logf("%d frames (reference %d), aligned at %d, SNR %.1f dB", len(g), len(w), off, snr)
			if snr < 60 {
				t.Fatalf("decoded differs from LAME's decoder: SNR %.1f dB at offset %d (want ≥ 60)", snr, off)
			}
		})
	}
}

func channel(s *Sound, c int) []float64 {
	out := make([]float64, s.Frames())
	for i := range out {
		out[i] = float64(s.data[i*s.channels+min(c, s.channels-1)])
	}
	return out
}

// bestSNR aligns g after w by 0..maxOff frames and returns the best
// signal-to-difference ratio in dB and its offset.
func bestSNR(g, w []float64, maxOff int) (float64, int) {
	best, at := math.Inf(-1), 0
	for off := 0; off <= maxOff; off++ {
		var sig, diff float64
		n := min(len(w), len(g)-off)
		for i := 0; i < n; i++ {
			sig += w[i] * w[i]
			d := g[i+off] - w[i]
			diff += d * d
		}
		if diff == 0 {
			return math.Inf(1), off
		}
		if snr := 10 * math.Log10(sig/diff); snr > best {
			best, at = snr, off
		}
	}
	return best, at
}

// Ogg Vorbis decodes as libvorbis's oggdec decodes it, within 2 LSB
// (two float decoders of a lossy format round differently; the engine's
// decoder, audio/internal/vorbis, measured at most 1 LSB on nearly every
// file), mono and stereo, and a five-channel file is refused as such,
// naming the file.
func TestOggAgainstOggdec(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		name string
		args []string
		q    string
	}{
		{"stereo-44100-q3", []string{"-r", "44100", "-c", "2", "-b", "16"}, "3"},
		{"mono-22050-q0", []string{"-r", "22050", "-c", "1", "-b", "16"}, "0"},
		{"stereo-48000-q8", []string{"-r", "48000", "-c", "2", "-b", "16"}, "8"},
	} {
		t.Run(c.name, func(t *testing.T) {
			src := filepath.Join(dir, c.name+".wav")
			enc := filepath.Join(dir, c.name+".ogg")
			ref := filepath.Join(dir, c.name+"-ref.wav")
			runTool(t, "sox", append(append(append([]string{"-n"}, c.args...), src), synthArgs...)...)
			runTool(t, "oggenc", "-Q", "-q", c.q, "-o", enc, src)
			runTool(t, "oggdec", "-Q", "-b", "16", "-o", ref, enc)
			compareExact(t, loadFile(t, enc), loadFile(t, ref), 2)
		})
	}
	src := filepath.Join(dir, "five.wav")
	runTool(t, "sox", append([]string{"-n", "-r", "44100", "-c", "5", "-b", "16", src}, synthArgs...)...)
	runTool(t, "oggenc", "-Q", "-o", filepath.Join(dir, "five.ogg"), src)
	_, err := Load(os.DirFS(dir), "five.ogg", Limits{})
	if !errors.Is(err, ErrInvalid) || !strings.HasPrefix(err.Error(), "five.ogg") {
		t.Fatalf("five channels: got %v, want ErrInvalid naming five.ogg", err)
	}
}
