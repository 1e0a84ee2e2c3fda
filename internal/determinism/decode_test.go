package determinism

import (
	"bytes"
	"encoding/binary"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// decodeRefs makes the reference sound files in dir with Debian's sox,
// oggenc, flac and lame (skipped without them, failing under CI=true) and
// returns their paths: WAV in every sample format, FLAC, Ogg Vorbis at
// several rates and qualities, and MP3.
func decodeRefs(t *testing.T, dir string) []string {
	t.Helper()
	for _, tool := range []string{"sox", "oggenc", "flac", "lame"} {
		if _, err := exec.LookPath(tool); err != nil {
			unavailable(t, "%s is not on PATH (scripts/deps.sh sound: sox lame vorbis-tools flac)", tool)
		}
	}
	sh := func(args ...string) {
		t.Helper()
		cmd := exec.Command(args[0], args[1:]...)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%v: %v\n%s", args, err, out)
		}
	}
	// Sources: music-like stereo (two sines, a chirp, noise under a
	// tremolo), and mono noise and a sweep at lower rates.
	sh("sox", "-n", "-r", "44100", "-c", "2", "-b", "16", "st.wav", "synth", "0.6", "sine", "220-1760", "sine", "660", "tremolo", "6", "70", "gain", "-4")
	sh("sox", "-n", "-r", "22050", "-c", "1", "-b", "16", "mono.wav", "synth", "0.6", "pinknoise", "gain", "-8")
	sh("sox", "-n", "-r", "48000", "-c", "2", "-b", "16", "hi.wav", "synth", "0.4", "whitenoise", "sine", "3000", "gain", "-12")
	sh("sox", "-n", "-r", "8000", "-c", "1", "-b", "16", "lo.wav", "synth", "0.6", "square", "300-3000", "gain", "-10")
	files := []string{"st.wav"}
	for _, f := range []struct{ name, enc, bits string }{
		{"u8.wav", "unsigned-integer", "8"}, {"s24.wav", "signed-integer", "24"},
		{"f32.wav", "floating-point", "32"}, {"f64.wav", "floating-point", "64"},
	} {
		sh("sox", "st.wav", "-e", f.enc, "-b", f.bits, f.name)
		files = append(files, f.name)
	}
	sh("sox", "mono.wav", "-b", "24", "m24.wav")
	sh("flac", "-s", "-f", "-o", "st.flac", "st.wav")
	sh("flac", "-s", "-f", "-o", "m24.flac", "m24.wav")
	sh("oggenc", "-Q", "-q", "4", "-o", "st.ogg", "st.wav")
	sh("oggenc", "-Q", "-q", "-1", "-o", "mono.ogg", "mono.wav")
	sh("oggenc", "-Q", "-q", "10", "-o", "hi.ogg", "hi.wav")
	sh("oggenc", "-Q", "-q", "0", "-o", "lo.ogg", "lo.wav")
	sh("lame", "--quiet", "-b", "128", "st.wav", "st.mp3")
	sh("lame", "--quiet", "-b", "64", "mono.wav", "mono.mp3")
	files = append(files, "st.flac", "m24.flac", "st.ogg", "mono.ogg", "hi.ogg", "lo.ogg", "st.mp3", "mono.mp3")
	for i, f := range files {
		files[i] = filepath.Join(dir, f)
	}
	return files
}

// fusesMultiplyAdd says whether Go compiles a product feeding a sum into
// one fused multiply-add on the target (arm64, and amd64 with GOAMD64=v3
// or above), which rounds once where other CPUs round twice.
func fusesMultiplyAdd(tg target) bool {
	for _, e := range tg.env {
		if e == "GOARCH=arm64" || e == "GOAMD64=v3" {
			return true
		}
	}
	return false
}

// mp3FusedLSB is how far go-mp3's samples may move on a CPU where Go fuses
// multiply-adds (measured: 1 step of 16 bits). go-mp3 is third-party
// float64 code the engine cannot change; README's Sound section says that
// a game wanting the same mix on arm64 ships WAV, FLAC or Ogg Vorbis.
const mp3FusedLSB = 1

// TestDecodeCrossPlatform builds cmd/trace for every target, decodes the
// reference files with it and requires every sample to equal the native
// decode: WAV, FLAC and Ogg Vorbis exactly on every CPU (the engine's own
// Vorbis decoder rounds every product, see audio/internal/vorbis/dmath.go);
// MP3 exactly where Go does not fuse multiply-adds and within
// mp3FusedLSB where it does.
func TestDecodeCrossPlatform(t *testing.T) {
	src := t.TempDir()
	files := decodeRefs(t, src)
	want := map[string][]int16{}
	for _, f := range files {
		s, err := DecodeFile(f)
		if err != nil {
			t.Fatal(err)
		}
		want[filepath.Base(f)] = s.Samples()
	}
	dir := t.TempDir()
	for _, tg := range targets() {
		t.Run(tg.name, func(t *testing.T) {
			bin := build(t, dir, "trace-"+tg.name, "diorama/internal/determinism/cmd/trace", tg.env)
			out := filepath.Join(dir, "out-"+tg.name)
			if err := os.MkdirAll(out, 0o755); err != nil {
				t.Fatal(err)
			}
			lines := strings.Split(strings.TrimSpace(string(run(t, tg, bin, append([]string{"-decode", out}, files...)...))), "\n")
			if len(lines) != len(files) {
				t.Fatalf("%d lines for %d files: %q", len(lines), len(files), lines)
			}
			for _, f := range files {
				name := filepath.Base(f)
				raw, err := os.ReadFile(filepath.Join(out, name+".raw"))
				if err != nil {
					t.Fatal(err)
				}
				got := make([]int16, len(raw)/2)
				if err := binary.Read(bytes.NewReader(raw), binary.LittleEndian, got); err != nil {
					t.Fatal(err)
				}
				w := want[name]
				if len(got) != len(w) {
					t.Errorf("%s: %d samples, native %d", name, len(got), len(w))
					continue
				}
				diff, worst := 0, 0
				for i := range w {
					if d := int(got[i]) - int(w[i]); d != 0 {
						diff++
						worst = max(worst, d, -d)
					}
				}
				tol := 0
				if strings.HasSuffix(name, ".mp3") && fusesMultiplyAdd(tg) {
					tol = mp3FusedLSB
				}
				if worst > tol {
					t.Errorf("%s: %d of %d samples differ from the native decode, by up to %d (allowed %d)", name, diff, len(w), worst, tol)
				} else if diff > 0 {
					t.Logf("%s: %d of %d samples differ from the native decode, by up to %d: go-mp3's float64 arithmetic, fused into multiply-adds on this target", name, diff, len(w), worst)
				}
			}
			t.Logf("%d files decoded: %s", len(files), strings.Join(lines, "; "))
		})
	}
}
