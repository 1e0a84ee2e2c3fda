package determinism

import (
	"fmt"
	"os"
	"path/filepath"
	"time"

	"diorama/audio"
	"diorama/mathx"
)

// AudioTrace runs a seeded script on an [audio.Mixer] (sounds
// synthesised in integers, voices played, moved, paused, faded and
// stopped with random volumes, pans, pitches and places, a moving
// listener, the master volume changing) and calls fn with the running
// FNV-1a hash of the mix after each tick, from tick 1. The mixer's output
// must be bit-identical on every CPU, so the trace must be too; the
// cross-platform test compares it on every target like [Trace].
func AudioTrace(seed uint64, ticks int, fn func(tick int, h uint64)) error {
	m, err := audio.NewMixer(audio.Config{Rate: 44100, TPS: 60, Voices: 48})
	if err != nil {
		return err
	}
	r := mathx.NewRand(seed)
	var sounds []*audio.Sound
	for i := 0; i < 6; i++ {
		ch := 1 + i%2
		rate := []int{8000, 11025, 22050, 32000, 44100, 48000}[i]
		n := 2000 + r.IntN(30000)
		d := make([]int16, n*ch)
		var y int32
		period := 3 + r.IntN(200)
		amp := int32(4000 + r.IntN(28000))
		for k := 0; k < n; k++ {
			x := amp
			if k/period%2 == 1 {
				x = -amp
			}
			y += (x - y) >> uint(1+i%4)
			for c := 0; c < ch; c++ {
				d[k*ch+c] = int16(y >> uint(c))
			}
		}
		s, err := audio.NewSound(fmt.Sprint("s", i), rate, ch, d)
		if err != nil {
			return err
		}
		sounds = append(sounds, s)
	}
	var held []audio.Voice
	h := audio.HashStart
	for k := 1; k <= ticks; k++ {
		for j := r.IntN(3); j > 0; j-- {
			s := sounds[r.IntN(len(sounds))]
			o := audio.Options{Volume: r.Range(0.05, 1), Pitch: r.Range(0.25, 3), Loop: r.IntN(8) == 0, FadeIn: time.Duration(r.IntN(200)) * time.Millisecond}
			var v audio.Voice
			if r.Bool() {
				v = m.PlayAt(s, r.Range(-900, 900), r.Range(-500, 500), o)
			} else {
				o.Pan = r.Range(-1, 1)
				v = m.Play(s, o)
			}
			if len(held) < 16 {
				held = append(held, v)
			}
		}
		if len(held) > 0 && r.IntN(4) == 0 {
			i := r.IntN(len(held))
			switch r.IntN(5) {
			case 0:
				held[i].Stop(time.Duration(r.IntN(300)) * time.Millisecond)
				held = append(held[:i], held[i+1:]...)
			case 1:
				held[i].SetPitch(r.Range(0.1, 4))
			case 2:
				held[i].SetPosition(r.Range(-900, 900), r.Range(-500, 500))
			case 3:
				held[i].Fade(r.Range(0, 1), time.Duration(r.IntN(500))*time.Millisecond)
			default:
				held[i].SetPan(r.Range(-1, 1))
			}
		}
		m.SetListener(r.Range(-50, 50)+float64(k%600), r.Range(-20, 20))
		switch r.IntN(150) {
		case 0:
			m.Pause()
		case 1:
			m.Resume()
		case 2:
			m.SetMasterVolume(r.Range(0.2, 1))
		}
		h = audio.HashSamples(h, m.Tick())
		fn(k, h)
	}
	return nil
}

// DecodeFile decodes the sound file at path as a game's [audio.Load]
// would (format told by contents, default [audio.Limits]). The decoders
// must give the same samples on every CPU, or the same game would mix
// differently; the cross-platform test decodes reference files made by
// sox, oggenc, flac and lame on every target and compares the samples.
func DecodeFile(path string) (*audio.Sound, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return audio.Decode(filepath.Base(path), data, audio.Limits{})
}
