package vorbis

import (
	"bytes"
	"io"
	"math/rand/v2"
	"os"
	"testing"

	"diorama/internal/testenv"
)

// FuzzDecode: any input decodes or fails with an error, without a
// panic, a hang or unbounded memory, and the Reader agrees with Decode.
// Each input is also tried with its pages' CRCs recomputed, so that
// mutations reach the Vorbis decoder behind the Ogg CRC check. The seeds
// are small oggenc files (testdata/tone.ogg, and more when oggenc is
// installed: a missing oggenc fails under CI=true) and hand-made headers.
func FuzzDecode(f *testing.F) {
	f.Add(oggFile(1, 0, identPacket(2, 44100, 8, 11), commentPacket))
	f.Add(oggFile(1, 0, identPacket(255, 44100, 8, 11), commentPacket))
	rng := rand.New(rand.NewPCG(1, 1))
	for res := range 3 {
		f.Add(synthStream(rng, 2, 22050, res, false, 6))
		f.Add(synthStream(rng, 3, 8000, res, true, 6))
	}
	if tone, err := os.ReadFile("testdata/tone.ogg"); err == nil {
		f.Add(tone)
	} else {
		f.Fatal(err)
	}
	if _, ok := testenv.Optional(f, "oggenc", "scripts/deps.sh sound"); ok {
		dir := f.TempDir()
		for _, s := range []struct {
			sig signal
			q   string
		}{
			{signal{"sine", 8000, 1, 600, sine(440)}, "-1"},
			{signal{"noise", 11025, 2, 800, noise(nil)}, "2"},
			{signal{"music", 22050, 2, 1500, music}, "8"},
		} {
			d, err := os.ReadFile(encode(f, dir, s.sig, s.q))
			if err != nil {
				f.Fatal(err)
			}
			f.Add(d)
		}
	}
	lim := Limits{MaxFrames: 1 << 20, MaxSamples: 1 << 21, MaxSetupValues: 1 << 18}
	f.Fuzz(func(t *testing.T, data []byte) {
		fixed := bytes.Clone(data)
		fixCRC(fixed)
		for _, d := range [][]byte{data, fixed} {
			snd, err := Decode(d, lim)
			r, rerr := NewReader(bytes.NewReader(d), lim)
			if rerr != nil {
				if err == nil {
					t.Fatalf("Decode succeeded, NewReader failed: %v", rerr)
				}
				continue
			}
			var got []int16
			buf := make([]int16, 4096)
			for {
				n, err := r.Read(buf)
				got = append(got, buf[:n]...)
				if err != nil {
					rerr = err
					break
				}
			}
			if err == nil {
				if rerr != io.EOF {
					t.Fatalf("Decode succeeded, Reader failed: %v", rerr)
				}
				if !slicesEqual(got, snd.Samples) {
					t.Fatalf("Reader gave %d samples, Decode %d", len(got), len(snd.Samples))
				}
			}
		}
	})
}
