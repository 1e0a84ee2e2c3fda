package audio

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// A truncated file is an error naming the file, whole (Load) or streamed
// (DecodeStream), in every format: cut inside its audio at several
// points, and (MP3, whose frames carry no total length) cut exactly on
// its last frame boundary, which only the Xing/Info header's frame count
// reveals. Files made by sox, lame (CBR, VBR, mono at a low rate, and
// without the Info header), flac and oggenc.
func TestTruncatedFiles(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "src.wav")
	mono := filepath.Join(dir, "mono.wav")
	runTool(t, "sox", append([]string{"-n", "-r", "44100", "-c", "2", "-b", "16", src}, synthArgs...)...)
	runTool(t, "sox", append([]string{"-n", "-r", "22050", "-c", "1", "-b", "16", mono}, synthArgs...)...)
	files := map[string]bool{"src.wav": true} // name: stream-checked at load too
	for _, c := range []struct {
		out  string
		tool string
		args []string
	}{
		{"cbr.mp3", "lame", []string{"--quiet", "-b", "128", src}},
		{"vbr.mp3", "lame", []string{"--quiet", "-V", "2", src}},
		{"mono.mp3", "lame", []string{"--quiet", "-b", "32", "-m", "m", mono}},
		{"notag.mp3", "lame", []string{"--quiet", "-t", "-b", "64", mono}}, // -t: no Info header
		{"a.flac", "flac", []string{"-s", "-f", src, "-o"}},
		{"a.ogg", "oggenc", []string{"-Q", src, "-o"}},
	} {
		args := append(append([]string{}, c.args...), filepath.Join(dir, c.out))
		runTool(t, c.tool, args...)
		files[c.out] = c.tool != "flac" // FLAC frames carry no length: a stream finds the cut as it plays
	}
	for name, streamChecked := range files {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := Decode(name, data, Limits{}); err != nil {
			t.Fatalf("%s whole: %v", name, err)
		}
		if err := playOut(t, name, data); err != nil {
			t.Fatalf("%s whole, streamed: %v", name, err)
		}
		cuts := []int{len(data) / 3, len(data) / 2, len(data) - 100, len(data) - 1}
		if strings.HasSuffix(name, ".mp3") {
			if last, tagged := lastMP3Frame(data); tagged {
				cuts = append(cuts, last)
			} else if name != "notag.mp3" && name != "mono.mp3" {
				t.Errorf("%s: no Xing/Info header found", name) // lame writes none with -t, nor in 104-byte frames
			}
		}
		for _, cut := range cuts {
			_, err := Decode(name, data[:cut], Limits{})
			var e *Error
			if !errors.As(err, &e) || e.File != name || !errors.Is(err, ErrSyntax) || !strings.HasPrefix(err.Error(), name+": ") {
				t.Errorf("%s cut at %d of %d bytes: Load gives %v, want a syntax error naming the file", name, cut, len(data), err)
			}
			if !streamChecked { // found as it plays
				if err := playOut(t, name, data[:cut]); !errors.Is(err, ErrSyntax) || !strings.HasPrefix(err.Error(), name+": ") {
					t.Errorf("%s cut at %d of %d bytes: streamed, Stream.Err gives %v, want a syntax error naming the file", name, cut, len(data), err)
				}
				continue
			}
			if _, err := DecodeStream(name, data[:cut], Limits{}); !errors.Is(err, ErrSyntax) || !strings.HasPrefix(err.Error(), name+": ") {
				t.Errorf("%s cut at %d of %d bytes: DecodeStream gives %v, want a syntax error naming the file", name, cut, len(data), err)
			}
		}
	}
}

// lastMP3Frame returns the offset where an MP3 file's last frame starts
// (cutting there drops exactly one whole frame), and whether its first
// frame is a Xing/Info header with a frame count.
func lastMP3Frame(data []byte) (last int, tagged bool) {
	pos := 0
	if string(data[:3]) == "ID3" {
		pos = 10 + (int(data[6]&0x7f)<<21 | int(data[7]&0x7f)<<14 | int(data[8]&0x7f)<<7 | int(data[9]&0x7f))
	}
	for first := true; pos+4 <= len(data); first = false {
		n, side := mp3FrameLen(data[pos : pos+4])
		if n == 0 || pos+n > len(data) {
			break
		}
		if first {
			tagged = xingFrames(data[pos:pos+n], side) > 0
		}
		last, pos = pos, pos+n
	}
	return last, tagged
}

// playOut streams data through a mixer until its voice ends and returns
// DecodeStream's error, or else the stream's Err.
func playOut(t *testing.T, name string, data []byte) error {
	t.Helper()
	st, err := DecodeStream(name, data, Limits{})
	if err != nil {
		return err
	}
	m, err := NewMixer(Config{TPS: 60})
	if err != nil {
		t.Fatal(err)
	}
	v := m.PlayStream(st, Options{Loop: true}) // a broken stream must not loop
	for i := 0; v.Playing(); i++ {
		if i > 600 {
			if st.Err() == nil {
				return nil // a whole file loops on
			}
			t.Fatalf("%s: still playing after 10 s with error %v", name, st.Err())
		}
		m.Tick()
	}
	if st.Err() == nil {
		t.Fatalf("%s: a looping stream stopped without an error", name)
	}
	return st.Err()
}

// toolSeeds returns small real files for the fuzz targets' corpora: an
// MP3 (with its Info header), a FLAC and an Ogg Vorbis file made by sox,
// lame, flac and oggenc, so the fuzzers start from every format's real
// framing (none when a tool is missing: the seeds are a help, not a test).
func toolSeeds(f *testing.F) [][]byte {
	for _, tool := range []string{"sox", "lame", "flac", "oggenc"} {
		if _, err := exec.LookPath(tool); err != nil {
			return nil
		}
	}
	dir := f.TempDir()
	src := filepath.Join(dir, "s.wav")
	var seeds [][]byte
	for _, args := range [][]string{
		{"sox", "-n", "-r", "8000", "-c", "1", "-b", "16", src, "synth", "0.15", "sine", "300-900"},
		{"lame", "--quiet", "-b", "8", src, filepath.Join(dir, "s.mp3")},
		{"flac", "-s", "-f", "--blocksize=256", src, "-o", filepath.Join(dir, "s.flac")},
		{"oggenc", "-Q", "-q", "-1", src, "-o", filepath.Join(dir, "s.ogg")},
	} {
		if out, err := exec.Command(args[0], args[1:]...).CombinedOutput(); err != nil {
			f.Fatalf("%v: %v\n%s", args, err, out)
		}
	}
	for _, name := range []string{"s.mp3", "s.flac", "s.ogg"} {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			f.Fatal(err)
		}
		seeds = append(seeds, data)
	}
	return seeds
}
