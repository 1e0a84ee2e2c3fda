package main

import (
	"image/gif"
	"io"
	"os"
	"path/filepath"
	"testing"

	"diorama/audio"
	"diorama/platform"
)

// mixRun plays the AI's game of level 1 for ticks ticks with seed (as
// -headless does, without drawing) and returns its mix, stepped once per
// tick, and the ticks in which the world's live bullets grew (a bullet
// was fired; the first such tick is exactly the first shot). With
// silentShots the shot sound is replaced by silence of the same length:
// the same voices start with the same pitches, so the difference of the
// two mixes is what the shots add.
func mixRun(t *testing.T, ticks int, seed uint64, silentShots bool) (mix []int16, fired []int) {
	t.Helper()
	g, err := setup(options{headless: true, ticks: ticks, seed: seed}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	defer g.rd.Close()
	if silentShots {
		s, err := audio.NewSound("silence", g.snd.shot.Rate(), 1, make([]int16, g.snd.shot.Frames()))
		if err != nil {
			t.Fatal(err)
		}
		g.snd.shot = s
	}
	g.listen(g.L) // both runs enable the world's sounds at the same point
	var in platform.Input
	for k := range ticks {
		n := g.L.w.Bullets().Len()
		if err := g.Update(&in); err != nil {
			t.Fatal(err)
		}
		if g.L.w.Bullets().Len() > n {
			fired = append(fired, k)
		}
		mix = append(mix, g.snd.m.Tick()...)
	}
	return mix, fired
}

// The README's command (-headless -ticks 600 -seed 7 -sound) writes 10.0
// s of audio, as long as its GIF, and that audio is the game's mix
// stepped tick by tick with the simulation; the shots are heard in it
// from the tick of the first shot and never before, the music under
// everything.
func TestHeadlessSound(t *testing.T) {
	if testing.Short() {
		t.Skip("a 600-tick headless run and two 600-tick mixes; -short skips them")
	}
	const ticks, seed = 600, 7
	dir := t.TempDir()
	wav := filepath.Join(dir, "demo.wav")
	if err := run(options{headless: true, ticks: ticks, seed: seed, workers: 1, out: dir, sound: wav}, io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	got, err := audio.Load(os.DirFS(dir), "demo.wav", audio.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(filepath.Join(dir, "demo.gif"))
	if err != nil {
		t.Fatal(err)
	}
	anim, err := gif.DecodeAll(f)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	gifMs := 0
	for _, d := range anim.Delay {
		gifMs += 10 * d
	}
	if got.Rate() != 44100 || got.Channels() != 2 || got.Frames() != ticks*44100/tps || got.Duration().Milliseconds() != int64(gifMs) {
		t.Fatalf("demo.wav: %d frames of %d channels at %d Hz (%v), GIF %d ms; want %d stereo frames at 44100 Hz, as long as the GIF",
			got.Frames(), got.Channels(), got.Rate(), got.Duration(), gifMs, ticks*44100/tps)
	}
	mix, fired := mixRun(t, ticks, seed, false)
	if h, w := audio.HashSamples(audio.HashStart, got.Samples()), audio.HashSamples(audio.HashStart, mix); h != w {
		t.Fatalf("demo.wav hash %016x, the tick-by-tick mix %016x", h, w)
	}
	quiet, fired2 := mixRun(t, ticks, seed, true)
	if len(fired) == 0 || len(fired) != len(fired2) {
		t.Fatalf("shots in %d ticks, %d without their sound (the sound must not change the game)", len(fired), len(fired2))
	}
	per := 2 * 44100 / tps // samples per tick
	energy := func(a, b []int16) (e float64) {
		for i := range a {
			d := float64(a[i]) - float64(b[i])
			e += d * d
		}
		return e
	}
	first := fired[0]
	if e := energy(mix[:first*per], quiet[:first*per]); e != 0 {
		t.Fatalf("shot sounds before the first shot (tick %d): energy %v", first, e)
	}
	if e := energy(mix[first*per:(first+1)*per], quiet[first*per:(first+1)*per]); e == 0 {
		t.Fatalf("the first shot (tick %d) is not heard in its tick", first)
	}
	heard := 0
	for _, k := range fired {
		if energy(mix[k*per:(k+2)*per], quiet[k*per:(k+2)*per]) > 0 {
			heard++
		}
	}
	shots := energy(mix, quiet) / float64(len(mix))
	music := energy(quiet[:first*per], make([]int16, first*per)) / float64(first*per)
	t.Logf("%d ticks with shots, %d heard (the rest beyond earshot: 960 px), first at tick %d; shots' mean power %.0f, the music's before them %.0f",
		len(fired), heard, first, shots, music)
	if heard < len(fired)/2 || shots < music/20 || music == 0 {
		t.Fatalf("shots barely heard: %d of %d, power %.0f against the music's %.0f", heard, len(fired), shots, music)
	}
}
