package main

import (
	"diorama/audio"
)

// The game's sounds are made here from code, like its sprite sheet, and
// written as 16-bit mono WAV files under art/sfx/ (which the game embeds
// and loads with audio.Load, as any game loads its sound files) by
// genSounds, which TestAssets runs: with -update it rewrites the files,
// without it checks them. The game never runs this code. Everything is
// integer arithmetic, so the files are the same on every machine.

// sfxRate is the sounds' sample rate.
const sfxRate = 22050

// synth makes a mono sound: a square wave of the given period (0: noise)
// smoothed by a one-pole filter of strength k, its amplitude falling
// linearly to nothing, the period gliding by glide per 1024 frames (a
// laser's fall, a pickup's rise).
func synth(frames, period int, amp int32, k uint, glide int) []int16 {
	d := make([]int16, frames)
	var y int32
	seed := uint32(2463534242)
	phase := 0
	for i := range d {
		x := amp
		if period == 0 {
			seed ^= seed << 13
			seed ^= seed >> 17
			seed ^= seed << 5
			x = (int32(seed>>17) - 16384) * amp >> 14
		} else {
			p := max(2, period+glide*i/1024)
			if phase++; phase >= 2*p {
				phase = 0
			}
			if phase >= p {
				x = -amp
			}
		}
		y += (x - y) >> k
		d[i] = int16(int64(y) * int64(frames-i) / int64(frames))
	}
	return d
}

// musicLoop is an eight-second bass line: four bars of four notes.
func musicLoop() []int16 {
	const note = sfxRate / 2
	var d []int16
	for _, p := range []int{84, 84, 63, 75, 84, 84, 56, 63, 94, 94, 63, 75, 84, 75, 63, 56} {
		d = append(d, synth(note, p/2, 4000, 3, 0)...)
	}
	return d
}

// genSounds returns the sound files by path (art/sfx/<name>.wav, the
// names sound.go loads).
func genSounds() (map[string][]byte, error) {
	out := map[string][]byte{}
	for name, d := range map[string][]int16{
		"shot":   synth(2600, 12, 7000, 1, 20),
		"hit":    synth(3000, 30, 11000, 2, 8),
		"wall":   synth(1800, 0, 6000, 2, 0),
		"boom":   synth(14000, 0, 15000, 4, 0),
		"pickup": synth(5000, 40, 6000, 1, -14),
		"door":   synth(9000, 90, 9000, 3, 30),
		"music":  musicLoop(),
	} {
		s, err := audio.NewSound(name, sfxRate, 1, d)
		if err != nil {
			return nil, err
		}
		out["art/sfx/"+name+".wav"] = audio.EncodeWAV(s)
	}
	return out, nil
}
