package audio

import (
	"fmt"
	"testing"

	"diorama/internal/testenv"
)

// mixVoiceRef is the mixer's first voice loop, one frame at a time with
// every check, kept as the reference the fast paths must equal. It adds vc's next len(acc)/2 frames to acc: linear interpolation
// between source frames at 14-bit fractions, gains ramped per frame, all
// in integers.
func (m *Mixer) mixVoiceRef(vc *voice, acc []int32) {
	s := vc.snd
	data := s.data
	frames := uint64(len(data) / s.channels)
	end := frames << 32
	pos, step := vc.pos, vc.step
	curL, curR, ramp := vc.curL, vc.curR, vc.ramp
	stereo := s.channels == 2
	ended := false
	for i := 0; i < len(acc); i += 2 {
		if ramp > 0 {
			curL += vc.dL
			curR += vc.dR
			ramp--
			if ramp == 0 {
				curL, curR = vc.tgtL, vc.tgtR
				if curL == 0 && curR == 0 && (vc.stopping || m.paused && !vc.ignorePause) {
					break // silent now: freed or held from this frame on
				}
			}
		}
		if pos >= end {
			if !vc.loop {
				ended = true
				break
			}
			pos %= end
		}
		idx := pos >> 32
		fr := int32(pos>>18) & 0x3FFF
		gl, gr := curL>>15, curR>>15 // Q15
		next := idx + 1
		if next == frames {
			next = 0
		}
		if stereo {
			a, b := int32(data[2*idx]), int32(0)
			c, d := int32(data[2*idx+1]), int32(0)
			if next != 0 || vc.loop {
				b, d = int32(data[2*next]), int32(data[2*next+1])
			}
			l := a + (b-a)*fr>>14
			r := c + (d-c)*fr>>14
			acc[i] += l * gl >> 15
			acc[i+1] += r * gr >> 15
		} else {
			a, b := int32(data[idx]), int32(0)
			if next != 0 || vc.loop {
				b = int32(data[next])
			}
			v := a + (b-a)*fr>>14
			acc[i] += v * gl >> 15
			acc[i+1] += v * gr >> 15
		}
		pos += step
	}
	vc.pos, vc.curL, vc.curR, vc.ramp = pos, curL, curR, ramp
	switch {
	case ended, vc.stopping && ramp == 0:
		*vc = voice{}
	case ramp == 0 && m.paused && !vc.ignorePause && curL == 0 && curR == 0:
		vc.frozen = true
	}
}

// The fast voice loop gives the reference loop's samples exactly, over
// mono and stereo, resampled, pitched, looping and ramping voices.
func TestMixVoiceFastEqualsRef(t *testing.T) {
	sounds := []*Sound{synth(t, 44100, 1, 3000, 50, 20000), synth(t, 22050, 2, 2000, 70, 30000), synth(t, 48000, 1, 1, 1, 30000), synth(t, 8000, 2, 3, 1, 30000)}
	for si, s := range sounds {
		for _, pitch := range []float64{0.3, 1, 1.7, 16} {
			for _, loop := range []bool{false, true} {
				a, b := newMixer(t, Config{}), newMixer(t, Config{})
				va, vb := a.Play(s, Options{Pitch: pitch, Loop: loop, Pan: 0.3}), b.Play(s, Options{Pitch: pitch, Loop: loop, Pan: 0.3})
				for blk := 0; blk < 40; blk++ {
					n := 1 + blk*37%300
					accA, accB := make([]int32, 2*n), make([]int32, 2*n)
					if blk == 10 {
						va.SetVolume(0.4)
						vb.SetVolume(0.4)
					}
					if a.voices[0].active {
						a.mixVoice(&a.voices[0], accA)
					}
					if b.voices[0].active {
						b.mixVoiceRef(&b.voices[0], accB)
					}
					for i := range accA {
						if accA[i] != accB[i] {
							t.Fatalf("sound %d pitch %g loop %v block %d sample %d: %d, reference %d", si, pitch, loop, blk, i, accA[i], accB[i])
						}
					}
				}
			}
		}
	}
}

// BenchmarkMixVoiceLoops times the fast voice loop against the reference
// one in the same run: 64 voices, resampled, mono and stereo.
func BenchmarkMixVoiceLoops(b *testing.B) {
	for _, ref := range []bool{false, true} {
		b.Run(fmt.Sprint(map[bool]string{false: "fast", true: "reference"}[ref]), func(b *testing.B) {
			m := newMixer(b, Config{})
			mono := synth(b, 44100, 1, 44100, 50, 20000)
			st := synth(b, 44100, 2, 44100, 70, 20000)
			for i := 0; i < 64; i++ {
				s := mono
				if i%2 == 1 {
					s = st
				}
				m.Play(s, Options{Loop: true, Pitch: 1 + float64(i%4)/8, Volume: 0.1})
			}
			acc := make([]int32, 2*MaxBlock)
			b.ResetTimer()
			cpu := testenv.CPUTime()
			defer func() {
				b.ReportMetric(float64((testenv.CPUTime()-cpu).Nanoseconds())/float64(b.N)/MaxBlock/64, "cpu-ns/voice-frame")
			}()
			for i := 0; i < b.N; i++ {
				for v := range m.voices {
					if ref {
						m.mixVoiceRef(&m.voices[v], acc)
					} else {
						m.mixVoice(&m.voices[v], acc)
					}
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/MaxBlock/64, "ns/voice-frame")
		})
	}
}
