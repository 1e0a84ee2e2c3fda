package audio_test

import (
	"fmt"
	"testing/fstest"
	"time"

	"diorama/audio"
)

// A game loads its sounds once, plays them on the mixer from its Update,
// and the mixer is stepped once per tick (headless, as here) or pulled by
// the output device.
func Example() {
	// A 440 Hz square wave of 0.1 s, written as a WAV file in a file system.
	samples := make([]int16, 4410)
	for i := range samples {
		samples[i] = 8000
		if i/50%2 == 1 {
			samples[i] = -8000
		}
	}
	tone, _ := audio.NewSound("tone", 44100, 1, samples)
	fsys := fstest.MapFS{"sfx/beep.wav": {Data: audio.EncodeWAV(tone)}}

	beep, err := audio.Load(fsys, "sfx/beep.wav", audio.Limits{})
	if err != nil {
		fmt.Println(err)
		return
	}
	m, _ := audio.NewMixer(audio.Config{Rate: 48000, TPS: 60})
	m.SetListener(400, 240)                                       // the camera's centre
	m.PlayAt(beep, 600, 240, audio.Options{Volume: 0.8})          // 200 px to the right
	music := m.Play(beep, audio.Options{Loop: true, Volume: 0.3}) // a loop
	frames := 0
	for tick := 0; tick < 60; tick++ {
		if tick == 30 {
			music.Stop(100 * time.Millisecond)
		}
		frames += len(m.Tick()) / 2
	}
	fmt.Println(beep.Frames(), "frames at", beep.Rate(), "Hz;", frames, "frames mixed; music playing:", music.Playing())
	// Output: 4410 frames at 44100 Hz; 48000 frames mixed; music playing: false
}
