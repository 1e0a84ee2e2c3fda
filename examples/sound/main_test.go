package main

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	"diorama/audio"
	"diorama/platform"
	"diorama/platform/headless"
	"diorama/raster/rastertest"
)

var update = flag.Bool("update", false, "rewrite the golden frame in testdata/")

// goldenMix is the FNV-1a hash (audio.HashSamples) of the 600-tick run's
// mix: the same on every CPU (the mixer is integer arithmetic); a change
// to the mixer, the synthesis or the game changes it on purpose.
const goldenMix = 0x5cdb7c4864b38563

var deaths int // drones shot down in the runs so far

// deathCounter plays the game and counts the drones shot down.
type deathCounter struct{ *game }

func (c deathCounter) Update(in *platform.Input) error {
	tick := c.w.Tick()
	err := c.game.Update(in)
	if c.w.Tick() != tick {
		deaths += len(c.w.Events.Deaths())
	}
	return err
}

func run(t *testing.T, ticks int, script string) (*game, *headless.Result, *audio.Sound) {
	t.Helper()
	g, err := newGame()
	if err != nil {
		t.Fatal(err)
	}
	sc, err := headless.ParseScript("script", script)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	f, err := os.Create(filepath.Join(dir, "sound.wav"))
	if err != nil {
		t.Fatal(err)
	}
	res, err := headless.Run(deathCounter{g}, platform.Config{Width: W, Height: H}, headless.Options{Ticks: ticks, DrawEvery: ticks, Script: sc, Sound: f})
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	s, err := audio.Load(os.DirFS(dir), "sound.wav", audio.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	return g, res, s
}

// Ten seconds of play: the WAV written is ten seconds of 44.1 kHz stereo
// in step with the ticks, its hash is the golden one, shots, hits and
// explosions were heard (and the drones panned left and right), and the
// last frame is the golden frame.
func TestSound(t *testing.T) {
	deaths = 0
	g, res, s := run(t, 600, "")
	if deaths < 3 {
		t.Errorf("%d drones shot down in 10 s: too few explosions to hear", deaths)
	}
	if s.Frames() != 600*44100/60 || s.Channels() != 2 {
		t.Fatalf("%d frames of %d channels, want 441000 stereo", s.Frames(), s.Channels())
	}
	t.Logf("mix hash %#016x, %d drones down, %+v", res.SoundHash, deaths, g.m.Stats())
	if res.SoundHash != goldenMix {
		t.Errorf("mix hash %#016x, want %#016x", res.SoundHash, uint64(goldenMix))
	}
	// Left and right differ: the world's sounds are placed.
	var diff int
	d := s.Samples()
	for i := 0; i < len(d); i += 2 {
		if d[i] != d[i+1] {
			diff++
		}
	}
	if diff < len(d)/8 {
		t.Errorf("left and right differ in only %d of %d frames", diff, len(d)/2)
	}
	rastertest.Golden(t, "testdata/sound.png", res.Frame, *update)
}

// P pauses the game and its sounds; the music, which ignores the pause,
// plays on: the paused mix is the music alone.
func TestPause(t *testing.T) {
	g, _, s := run(t, 240, "120 keydown P\n121 keyup P\n")
	if !g.m.Paused() {
		t.Fatal("P did not pause")
	}
	d := s.Samples()
	// 60 ticks after the pause (its fades long over) nothing but the
	// music: its amplitude is at most 0.5 × 5000 on each side.
	for i := 2 * 150 * 735; i < len(d); i++ {
		if d[i] > 2600 || d[i] < -2600 {
			t.Fatalf("frame %d: %d louder than the music alone while paused", i/2, d[i])
		}
	}
}

// Two runs mix the same audio.
func TestSoundRepeatable(t *testing.T) {
	_, a, _ := run(t, 120, "")
	_, b, _ := run(t, 120, "")
	if a.SoundHash != b.SoundHash {
		t.Fatalf("%016x and %016x", a.SoundHash, b.SoundHash)
	}
}
