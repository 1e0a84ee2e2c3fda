package audio

import (
	"flag"
	"fmt"
	"testing"
	"time"

	"diorama/internal/testenv"
)

// synth returns a sound synthesised in integers only (a square-ish wave
// through a one-pole filter and a decay), so the test's input is the same
// on every CPU.
func synth(t testing.TB, rate, channels, frames, period int, amp int32) *Sound {
	t.Helper()
	d := make([]int16, frames*channels)
	var y int32
	for i := 0; i < frames; i++ {
		x := amp
		if (i/period)%2 == 1 {
			x = -amp
		}
		y += (x - y) >> 3
		env := int32(frames-i) * 32767 / int32(frames)
		v := int16(y * env >> 15)
		for c := 0; c < channels; c++ {
			d[i*channels+c] = v >> c
		}
	}
	s, err := NewSound(fmt.Sprint("synth", period), rate, channels, d)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// goldenMix is a scripted mix touching every feature: many voices,
// pitches, rates, stereo and mono, loops, positions and a moving listener,
// fades, pause and resume, master volume, clipping. Its hash is the
// golden answer, equal on every CPU (internal/determinism checks the
// mixer across CPUs with a script of its own).
func goldenMix(t testing.TB, ticks int) (uint64, Stats) {
	m := newMixer(t, Config{Rate: 44100, TPS: 60, Voices: 12})
	sounds := []*Sound{
		synth(t, 44100, 1, 8000, 50, 20000),
		synth(t, 22050, 2, 3000, 17, 30000),
		synth(t, 48000, 1, 20000, 300, 12000),
		synth(t, 11025, 1, 1500, 5, 32000),
	}
	music := m.Play(synth(t, 32000, 2, 32000, 120, 8000), Options{Loop: true, FadeIn: 500 * time.Millisecond, IgnorePause: true})
	h := HashStart
	var held []Voice
	for k := 0; k < ticks; k++ {
		if k%3 == 0 {
			s := sounds[k%len(sounds)]
			v := m.PlayAt(s, float64(k%700)-350, float64(k%200)-100, Options{Pitch: 0.5 + float64(k%11)/8, Volume: 0.3 + float64(k%7)/10})
			if k%5 == 0 {
				held = append(held, v)
			}
		}
		if k%17 == 0 {
			m.Play(sounds[3], Options{Pan: float64(k%9)/4 - 1, Loop: k%34 == 0})
		}
		if k%29 == 0 && len(held) > 0 {
			held[0].Stop(time.Duration(k%4) * 30 * time.Millisecond)
			held = held[1:]
		}
		m.SetListener(float64(k%400)-200, 0)
		switch k {
		case 60, 61:
			for i := 0; i < 3; i++ {
				m.Play(sounds[1], Options{}) // loud together: clipped
			}
		case 120:
			m.Pause()
		case 180:
			m.Resume()
		case 200:
			m.SetMasterVolume(0.6)
		case 250:
			music.Fade(0.2, time.Second)
		case 280:
			m.StopAll(100 * time.Millisecond)
		}
		h = HashSamples(h, m.Tick())
	}
	return h, m.Stats()
}

var update = flag.Bool("update", false, "rewrite the golden mix hash in testdata/")

// The golden hash of the scripted mix (testdata/mix.hash): a change to
// the mixer's arithmetic changes it, on purpose only (-update, make
// golden; say why in the commit).
func TestMixerGolden(t *testing.T) {
	h, st := goldenMix(t, 300)
	testenv.GoldenHash(t, "testdata/mix.hash", h, *update)
	if st.Dropped == 0 || st.Clipped == 0 || st.Frames != 300*44100/60 {
		t.Errorf("the script should fill every voice and clip: %+v", st)
	}
}

// BenchmarkMixVoices mixes n voices (resampled 44.1 kHz mono and stereo,
// positional, looping) at 48 kHz; the metric is the cost of one voice for
// one output frame.
func BenchmarkMixVoices(b *testing.B) {
	for _, n := range []int{1, 64, 256} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			m := newMixer(b, Config{Voices: n})
			mono := synth(b, 44100, 1, 44100, 50, 20000)
			st := synth(b, 44100, 2, 44100, 70, 20000)
			for i := 0; i < n; i++ {
				s := mono
				if i%2 == 1 {
					s = st
				}
				m.PlayAt(s, float64(i*7%500), 0, Options{Loop: true, Pitch: 1 + float64(i%4)/8, Volume: 0.1})
			}
			out := make([]int16, 2*MaxBlock)
			b.ResetTimer()
			cpu := testenv.CPUTime()
			for i := 0; i < b.N; i++ {
				m.Mix(out)
			}
			cpu = testenv.CPUTime() - cpu
			per := float64(b.Elapsed().Nanoseconds()) / float64(b.N) / MaxBlock / float64(n)
			b.ReportMetric(per, "ns/voice-frame")
			// CPU time (the process's; the benchmark is the only thing
			// running in it): what a busy machine does not inflate.
			cpuPer := float64(cpu.Nanoseconds()) / float64(b.N) / MaxBlock / float64(n)
			b.ReportMetric(cpuPer, "cpu-ns/voice-frame")
			b.ReportMetric(cpuPer*48000/1e7, "%core/voice@48k")
		})
	}
}
