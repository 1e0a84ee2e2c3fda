package vorbis

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The reference tests encode synthesised WAVs with oggenc (vorbis-tools,
// libvorbis's encoder) at test time and compare this decoder's output
// with oggdec's (libvorbis's decoder) on the same files.

// needTool skips the test when a command is missing, failing instead
// when CI=true.
func needTool(t testing.TB, names ...string) {
	t.Helper()
	for _, n := range names {
		if _, err := exec.LookPath(n); err != nil {
			if os.Getenv("CI") == "true" {
				t.Fatalf("%s is missing (CI=true): install vorbis-tools", n)
			}
			t.Skipf("%s is missing: apt-get install vorbis-tools to run this test", n)
		}
	}
}

type signal struct {
	name     string
	rate     int
	channels int
	frames   int
	gen      func(rng *rand.Rand, c, i, rate int) float64 // -1..1
}

func sine(freq float64) func(*rand.Rand, int, int, int) float64 {
	return func(_ *rand.Rand, c, i, rate int) float64 {
		return 0.5 * math.Sin(2*math.Pi*freq*float64(c+1)*float64(i)/float64(rate))
	}
}

func noise(_ *rand.Rand) func(*rand.Rand, int, int, int) float64 {
	return func(rng *rand.Rand, _, _, _ int) float64 { return 0.6 * (2*rng.Float64() - 1) }
}

func chirp(_ *rand.Rand, c, i, rate int) float64 {
	t := float64(i) / float64(rate)
	// 50 Hz to rate/2 over the signal, then clipped beyond full scale on
	// one channel to exercise the decoder's clipping.
	f0, f1 := 50.0, float64(rate)/2
	dur := 2.0
	ph := 2 * math.Pi * (f0*t + (f1-f0)*t*t/(2*dur))
	a := 0.7
	if c == 1 {
		a = 1.3
	}
	return math.Max(-1, math.Min(1, a*math.Sin(ph)))
}

func silence(*rand.Rand, int, int, int) float64 { return 0 }

// music is a mix of partials with an envelope and some noise: closer to
// what the encoder sees in games than a pure tone.
func music(rng *rand.Rand, c, i, rate int) float64 {
	t := float64(i) / float64(rate)
	beat := math.Mod(t*2, 1)
	env := math.Exp(-4 * beat)
	f := 220 * math.Pow(2, math.Floor(t*2)/12)
	v := 0.0
	for h := 1; h <= 6; h++ {
		v += math.Sin(2*math.Pi*f*float64(h)*t+float64(c)) / float64(h)
	}
	return 0.3*env*v + 0.05*(2*rng.Float64()-1)
}

func writeWAV(t testing.TB, path string, s signal) {
	t.Helper()
	rng := rand.New(rand.NewPCG(uint64(s.rate), uint64(s.frames)))
	var b bytes.Buffer
	data := s.frames * s.channels * 2
	b.WriteString("RIFF")
	binary.Write(&b, binary.LittleEndian, uint32(36+data))
	b.WriteString("WAVEfmt ")
	for _, v := range []any{uint32(16), uint16(1), uint16(s.channels), uint32(s.rate),
		uint32(s.rate * s.channels * 2), uint16(s.channels * 2), uint16(16)} {
		binary.Write(&b, binary.LittleEndian, v)
	}
	b.WriteString("data")
	binary.Write(&b, binary.LittleEndian, uint32(data))
	for i := range s.frames {
		for c := range s.channels {
			v := s.gen(rng, c, i, s.rate)
			binary.Write(&b, binary.LittleEndian, int16(math.Round(v*32767)))
		}
	}
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// encode makes an Ogg Vorbis file of s at quality q with oggenc.
func encode(t testing.TB, dir string, s signal, q string, extra ...string) string {
	t.Helper()
	wav := filepath.Join(dir, fmt.Sprintf("%s-%d-%d-%d.wav", s.name, s.rate, s.channels, s.frames))
	if _, err := os.Stat(wav); err != nil {
		writeWAV(t, wav, s)
	}
	ogg := filepath.Join(dir, fmt.Sprintf("%s-%d-%d-%d-q%s.ogg", s.name, s.rate, s.channels, s.frames, q))
	args := append([]string{"-Q", "-q", q, "--serial", "12345", "-o", ogg}, extra...)
	args = append(args, wav)
	if out, err := exec.Command("oggenc", args...).CombinedOutput(); err != nil {
		t.Fatalf("oggenc %v: %v\n%s", args, err, out)
	}
	return ogg
}

// reference decodes path with oggdec to 16-bit little-endian samples.
func reference(t testing.TB, path string) []int16 {
	t.Helper()
	raw := path + ".raw"
	if out, err := exec.Command("oggdec", "-Q", "-R", "-b", "16", "-e", "0", "-s", "1", "-o", raw, path).CombinedOutput(); err != nil {
		t.Fatalf("oggdec %s: %v\n%s", path, err, out)
	}
	b, err := os.ReadFile(raw)
	if err != nil {
		t.Fatal(err)
	}
	s := make([]int16, len(b)/2)
	binary.Read(bytes.NewReader(b), binary.LittleEndian, s)
	return s
}

type comparison struct {
	maxDiff  int
	over1    int // samples differing by more than 1
	snr      float64
	nSamples int
}

func compare(got, want []int16) comparison {
	var c comparison
	var sig, noise float64
	for i := range want {
		d := int(got[i]) - int(want[i])
		if d < 0 {
			d = -d
		}
		c.maxDiff = max(c.maxDiff, d)
		if d > 1 {
			c.over1++
		}
		sig += float64(want[i]) * float64(want[i])
		noise += float64(d) * float64(d)
	}
	c.nSamples = len(want)
	switch {
	case noise == 0:
		c.snr = math.Inf(1)
	case sig == 0:
		c.snr = math.Inf(-1)
	default:
		c.snr = 10 * math.Log10(sig/noise)
	}
	return c
}

var refSignals = []struct {
	sig signal
	qs  []string
}{
	{signal{"sine", 44100, 1, 44100, sine(440)}, []string{"-1", "3", "10"}},
	{signal{"sine", 8000, 1, 8000, sine(300)}, []string{"0", "5"}},
	{signal{"sine", 48000, 2, 48000, sine(1000)}, []string{"2", "6"}},
	{signal{"noise", 22050, 2, 22050, noise(nil)}, []string{"-1", "4", "10"}},
	{signal{"noise", 11025, 1, 11025, noise(nil)}, []string{"1"}},
	{signal{"chirp", 44100, 2, 2 * 44100, chirp}, []string{"0", "5", "9"}},
	{signal{"chirp", 16000, 1, 32000, chirp}, []string{"3"}},
	{signal{"silence", 44100, 2, 20000, silence}, []string{"3"}},
	{signal{"music", 32000, 2, 3 * 32000, music}, []string{"-1", "1", "8"}},
	{signal{"music", 44100, 2, 10 * 44100, music}, []string{"4"}}, // long-ish
	{signal{"short", 44100, 1, 5, noise(nil)}, []string{"3"}},
	{signal{"short", 44100, 2, 1, noise(nil)}, []string{"3"}},
	{signal{"short", 8000, 2, 300, sine(100)}, []string{"0"}},
	{signal{"six", 44100, 6, 20000, music}, []string{"3"}}, // 5.1
	{signal{"three", 22050, 3, 10000, chirp}, []string{"5"}},
	{signal{"eight", 48000, 8, 12000, music}, []string{"2"}}, // 7.1
	{signal{"hirate", 96000, 2, 48000, chirp}, []string{"4"}},
	{signal{"lorate", 6000, 1, 6000, music}, []string{"1"}},
	{signal{"seven", 44100, 7, 8000, music}, []string{"0"}}, // 6.1
}

// TestReferenceManaged covers oggenc's bitrate-managed modes, which
// choose other setups than the quality modes.
func TestReferenceManaged(t *testing.T) {
	needTool(t, "oggenc", "oggdec")
	dir := t.TempDir()
	for _, c := range []struct {
		sig  signal
		args []string
	}{
		{signal{"music", 22050, 2, 22050, music}, []string{"--managed", "-b", "32"}},
		{signal{"music", 44100, 2, 44100, music}, []string{"--managed", "-b", "320"}},
		{signal{"noise", 44100, 1, 22050, noise(nil)}, []string{"--managed", "-b", "64", "-m", "48", "-M", "96"}},
	} {
		name := strings.Join(c.args, "")
		t.Run(name, func(t *testing.T) {
			path := encode(t, dir, c.sig, "3", c.args...)
			want := reference(t, path)
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			snd, err := Decode(data, Limits{})
			if err != nil {
				t.Fatal(err)
			}
			if len(snd.Samples) != len(want) {
				t.Fatalf("%d samples, oggdec %d", len(snd.Samples), len(want))
			}
			cmp := compare(snd.Samples, want)
			t.Logf("%d samples: max |diff| %d LSB, %d > 1 LSB, SNR %.1f dB", cmp.nSamples, cmp.maxDiff, cmp.over1, cmp.snr)
			if cmp.maxDiff > 2 || cmp.over1 > cmp.nSamples/10000 || cmp.snr < 95 {
				t.Errorf("too far from oggdec")
			}
		})
	}
}

// TestReference decodes oggenc's files with Decode and with the Reader
// and compares both with oggdec: same length, and samples within 1 LSB
// except a handful, with an SNR of at least 90 dB (every file measured
// here stays far above that; see the log with -v).
func TestReference(t *testing.T) {
	needTool(t, "oggenc", "oggdec")
	dir := t.TempDir()
	for _, rs := range refSignals {
		for _, q := range rs.qs {
			s := rs.sig
			name := fmt.Sprintf("%s-%dHz-%dch-%dframes-q%s", s.name, s.rate, s.channels, s.frames, q)
			t.Run(name, func(t *testing.T) {
				path := encode(t, dir, s, q)
				want := reference(t, path)
				data, err := os.ReadFile(path)
				if err != nil {
					t.Fatal(err)
				}
				snd, err := Decode(data, Limits{})
				if err != nil {
					t.Fatalf("Decode: %v", err)
				}
				if snd.Channels != s.channels || snd.Rate != s.rate {
					t.Fatalf("Decode: %d channels at %d Hz, want %d at %d", snd.Channels, snd.Rate, s.channels, s.rate)
				}
				if len(snd.Samples) != len(want) || len(want) != s.frames*s.channels {
					t.Fatalf("Decode: %d samples, oggdec %d, source %d", len(snd.Samples), len(want), s.frames*s.channels)
				}
				c := compare(snd.Samples, want)
				t.Logf("%d samples: max |diff| %d LSB, %d samples > 1 LSB, SNR %.1f dB", c.nSamples, c.maxDiff, c.over1, c.snr)
				if c.maxDiff > 2 || c.over1 > c.nSamples/10000 || c.snr < 95 {
					t.Errorf("too far from oggdec: max |diff| %d, %d samples > 1 LSB, SNR %.1f dB", c.maxDiff, c.over1, c.snr)
				}
				// The Reader, fed through a reader that returns a few
				// bytes at a time, must give exactly Decode's samples.
				r, err := NewReader(&trickle{r: bytes.NewReader(data)}, Limits{})
				if err != nil {
					t.Fatalf("NewReader: %v", err)
				}
				var got []int16
				buf := make([]int16, 7*s.channels)
				for {
					n, err := r.Read(buf)
					got = append(got, buf[:n]...)
					if err == io.EOF {
						break
					}
					if err != nil {
						t.Fatalf("Read: %v", err)
					}
				}
				if !slicesEqual(got, snd.Samples) {
					t.Errorf("Reader gives %d samples differing from Decode's %d", len(got), len(snd.Samples))
				}
			})
		}
	}
}

func slicesEqual(a, b []int16) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// trickle returns at most 13 bytes per Read.
type trickle struct{ r io.Reader }

func (t *trickle) Read(p []byte) (int, error) {
	if len(p) > 13 {
		p = p[:13]
	}
	return t.r.Read(p)
}
