package audio

// The soft clipper: samples within ±knee pass unchanged; beyond, they are
// bent along y = knee + t·h/(t+h) (t the excess, h the headroom to full
// scale), which approaches full scale without reaching it, so loud mixes
// compress instead of wrapping or clipping hard.
const (
	knee     = 24576 // 0.75 of full scale
	headroom = 32767 - knee
)

// mix renders len(dst)/2 frames; the lock is held. It allocates nothing.
func (m *Mixer) mix(dst []int16) {
	for len(dst) > 0 {
		n := min(len(dst)/2, MaxBlock)
		acc := m.acc[:2*n]
		clear(acc)
		for i := range m.voices {
			if vc := &m.voices[i]; vc.active && !vc.frozen {
				if vc.str != nil {
					m.mixStream(vc, acc)
				} else {
					m.mixVoice(vc, acc)
				}
			}
		}
		m.master2(acc, dst[:2*n])
		m.stats.Frames += uint64(n)
		dst = dst[2*n:]
	}
}

// mixVoice adds vc's next len(acc)/2 frames to acc: linear interpolation
// between source frames at 14-bit fractions, gains ramped per frame, all
// in integers. Frames away from ramps and the sound's last frame go
// through a loop without those checks (fastMono, fastStereo); the result
// is the same sample for sample.
func (m *Mixer) mixVoice(vc *voice, acc []int32) {
	s := vc.snd
	data := s.data
	frames := uint64(len(data) / s.channels)
	end := frames << 32
	last := end - 1<<32 // positions below last interpolate inside the sound
	pos, step := vc.pos, vc.step
	curL, curR, ramp := vc.curL, vc.curR, vc.ramp
	stereo := s.channels == 2
	ended := false
	for i := 0; i < len(acc); {
		if ramp == 0 && pos < last {
			// Frames until the position reaches the last source frame.
			k := int((last - pos + step - 1) / step)
			k = min(k, (len(acc)-i)/2)
			gl, gr := curL>>15, curR>>15
			if stereo {
				pos = fastStereo(acc[i:i+2*k], data, pos, step, gl, gr)
			} else {
				pos = fastMono(acc[i:i+2*k], data, pos, step, gl, gr)
			}
			i += 2 * k
			continue
		}
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
		i += 2
	}
	vc.pos, vc.curL, vc.curR, vc.ramp = pos, curL, curR, ramp
	switch {
	case ended, vc.stopping && ramp == 0:
		*vc = voice{}
	case ramp == 0 && m.paused && !vc.ignorePause && curL == 0 && curR == 0:
		vc.frozen = true
	}
}

// fastMono mixes len(acc)/2 frames of a mono sound at constant gains,
// every position's next frame inside the sound; it returns the position
// after them.
func fastMono(acc []int32, data []int16, pos, step uint64, gl, gr int32) uint64 {
	for i := 0; i+1 < len(acc); i += 2 {
		idx := pos >> 32
		fr := int32(pos>>18) & 0x3FFF
		a, b := int32(data[idx]), int32(data[idx+1])
		v := a + (b-a)*fr>>14
		acc[i] += v * gl >> 15
		acc[i+1] += v * gr >> 15
		pos += step
	}
	return pos
}

// fastStereo is fastMono for a stereo sound.
func fastStereo(acc []int32, data []int16, pos, step uint64, gl, gr int32) uint64 {
	for i := 0; i+1 < len(acc); i += 2 {
		j := 2 * (pos >> 32)
		fr := int32(pos>>18) & 0x3FFF
		a, b := int32(data[j]), int32(data[j+2])
		c, d := int32(data[j+1]), int32(data[j+3])
		acc[i] += (a + (b-a)*fr>>14) * gl >> 15
		acc[i+1] += (c + (d-c)*fr>>14) * gr >> 15
		pos += step
	}
	return pos
}

// master2 applies the master gain and the soft clipper to acc into dst.
func (m *Mixer) master2(acc []int32, dst []int16) {
	for i := 0; i < len(acc); i += 2 {
		if m.mramp > 0 {
			m.mcur += m.mstep
			m.mramp--
			if m.mramp == 0 {
				m.mcur = m.master << 8
			}
		}
		g := int64(m.mcur >> 8)
		dst[i] = m.soft(int64(acc[i]) * g >> 15)
		dst[i+1] = m.soft(int64(acc[i+1]) * g >> 15)
	}
}

func (m *Mixer) soft(x int64) int16 {
	switch {
	case x > knee:
		m.stats.Clipped++
		t := x - knee
		return int16(knee + t*headroom/(t+headroom))
	case x < -knee:
		m.stats.Clipped++
		t := -x - knee
		return int16(-(knee + t*headroom/(t+headroom)))
	}
	return int16(x)
}
