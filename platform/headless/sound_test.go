package headless_test

import (
	"os"
	"path/filepath"
	"testing"

	"diorama/audio"
	"diorama/platform"
	"diorama/platform/headless"
	"diorama/raster"
)

// beeper plays a beep every 20 ticks on its mixer.
type beeper struct {
	m    *audio.Mixer
	beep *audio.Sound
	tick int
}

func (b *beeper) Mixer() *audio.Mixer { return b.m }
func (b *beeper) Update(*platform.Input) error {
	if b.tick%20 == 0 {
		b.m.PlayAt(b.beep, float64(b.tick*4), 0, audio.Options{})
	}
	b.tick++
	return nil
}
func (b *beeper) Draw(*raster.Frame, float64) {}

func newBeeper(t *testing.T) *beeper {
	m, err := audio.NewMixer(audio.Config{Rate: 44100, TPS: 60})
	if err != nil {
		t.Fatal(err)
	}
	d := make([]int16, 2000)
	for i := range d {
		d[i] = int16((i%40 - 20) * 800)
	}
	s, err := audio.NewSound("beep", 22050, 1, d)
	if err != nil {
		t.Fatal(err)
	}
	return &beeper{m: m, beep: s}
}

// A Sounder game's headless run writes its mix as a WAV file of exactly
// Rate/TPS frames a tick, whose samples hash as the result says, and two
// runs write the same file.
func TestHeadlessSound(t *testing.T) {
	dir := t.TempDir()
	var hashes []uint64
	for run := 0; run < 2; run++ {
		p := filepath.Join(dir, "run.wav")
		f, err := os.Create(p)
		if err != nil {
			t.Fatal(err)
		}
		res, err := headless.Run(newBeeper(t), platform.Config{Width: 16, Height: 16}, headless.Options{Ticks: 121, Sound: f})
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		s, err := audio.Load(os.DirFS(dir), "run.wav", audio.Limits{})
		if err != nil {
			t.Fatal(err)
		}
		if want := 121 * 44100 / 60; s.Frames() != want || res.SoundFrames != int64(want) || s.Channels() != 2 || s.Rate() != 44100 {
			t.Fatalf("%d frames (result %d) of %d channels at %d Hz, want %d stereo at 44100", s.Frames(), res.SoundFrames, s.Channels(), s.Rate(), want)
		}
		if h := audio.HashSamples(audio.HashStart, s.Samples()); h != res.SoundHash || h == audio.HashSamples(audio.HashStart, make([]int16, len(s.Samples()))) {
			t.Fatalf("file hash %016x, result %016x (or silent)", h, res.SoundHash)
		}
		hashes = append(hashes, res.SoundHash)
	}
	if hashes[0] != hashes[1] {
		t.Fatalf("two runs: %016x %016x", hashes[0], hashes[1])
	}
	// A game that is not a Sounder cannot be asked for sound.
	f, _ := os.Create(filepath.Join(dir, "x.wav"))
	defer f.Close()
	if _, err := headless.Run(struct{ platform.Game }{newBeeper(t)}, platform.Config{}, headless.Options{Ticks: 1, Sound: f}); err == nil {
		t.Fatal("Sound accepted for a game without a mixer")
	}
}
