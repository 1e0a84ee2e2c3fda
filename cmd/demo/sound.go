package main

import (
	"diorama/audio"
	"diorama/scene"
)

// demoSound is the demo's sound: its mixer, the sounds synthesised at
// start (like the sprite sheet, from code; in integers, so the mix is the
// same on every machine) and the music loop, which plays on under the
// pause menu.
type demoSound struct {
	m                                   *audio.Mixer
	shot, hit, wall, boom, pickup, door *audio.Sound
	music                               audio.Voice
}

// synth makes a mono 22.05 kHz sound: a square wave of the given period
// (0: noise) smoothed by a one-pole filter of strength k, its amplitude
// falling linearly to nothing, the period gliding by glide per 1024
// frames (a laser's fall, a pickup's rise).
func synth(name string, frames, period int, amp int32, k uint, glide int) *audio.Sound {
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
	s, _ := audio.NewSound(name, 22050, 1, d)
	return s
}

// musicLoop is an eight-second bass line: four bars of four notes.
func musicLoop() *audio.Sound {
	const bar = 22050 / 2
	var d []int16
	for _, p := range []int{84, 84, 63, 75, 84, 84, 56, 63, 94, 94, 63, 75, 84, 75, 63, 56} {
		d = append(d, synth("note", bar, p/2, 4000, 3, 0).Samples()...)
	}
	s, _ := audio.NewSound("music", 22050, 1, d)
	return s
}

func newDemoSound() *demoSound {
	m, err := audio.NewMixer(audio.Config{Rate: 44100, TPS: tps})
	if err != nil {
		panic(err) // a fixed, valid configuration
	}
	s := &demoSound{m: m,
		shot:   synth("shot", 2600, 12, 7000, 1, 20),
		hit:    synth("hit", 3000, 30, 11000, 2, 8),
		wall:   synth("wall", 1800, 0, 6000, 2, 0),
		boom:   synth("boom", 14000, 0, 15000, 4, 0),
		pickup: synth("pickup", 5000, 40, 6000, 1, -14),
		door:   synth("door", 9000, 90, 9000, 3, 30),
	}
	s.music = m.Play(musicLoop(), audio.Options{Loop: true, Volume: 0.35, IgnorePause: true})
	return s
}

// Mixer makes the demo a platform.Sounder: the backend plays this mixer
// (or, headless with -sound, writes it to a WAV file tick by tick).
func (g *game) Mixer() *audio.Mixer { return g.snd.m }

// listen gives level L's world its event sounds, heard from the player.
func (g *game) listen(L *level) {
	s := g.snd
	L.w.Audio().Enable(s.m, scene.Sounds{Fire: s.shot, Hit: s.hit, Wall: s.wall, Death: s.boom, Pickup: s.pickup, Door: s.door,
		Volume: 0.8, Listener: L.player, Vary: 0.06})

	L.w.Audio().SetListener(L.w.Pos(L.player))
}

// syncSound pauses the world's sounds under the pause menu and the level
// select (the music plays on).
func (g *game) syncSound() {
	if p := g.scr != screenPlay; p != g.snd.m.Paused() {
		if p {
			g.snd.m.Pause()
		} else {
			g.snd.m.Resume()
		}
	}
}
