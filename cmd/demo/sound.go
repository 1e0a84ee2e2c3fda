package main

import (
	"errors"

	"diorama/audio"
	"diorama/scene"
)

// demoSound is the demo's sound: its mixer, the sounds (art/sfx/*.wav,
// made from code by the art tests like the sprite sheet, loaded here like
// any game's sound files) and the music loop, which plays on under the
// pause menu.
type demoSound struct {
	m                                   *audio.Mixer
	shot, hit, wall, boom, pickup, door *audio.Sound
	music                               audio.Voice
}

// newDemoSound makes the mixer, loads the sounds and starts the music. A
// sound that fails to load is left out (nil: scene plays nothing for it)
// and its error returned, which stops the game as broken art does; the
// mixer is always there.
func newDemoSound() (*demoSound, error) {
	m, err := audio.NewMixer(audio.Config{Rate: 44100, TPS: tps})
	if err != nil {
		panic(err) // a fixed, valid configuration
	}
	s := &demoSound{m: m}
	var errs []error
	load := func(name string) *audio.Sound {
		snd, err := audio.Load(artFiles, "art/sfx/"+name+".wav", audio.Limits{})
		errs = append(errs, err)
		return snd
	}
	s.shot, s.hit, s.wall, s.boom, s.pickup, s.door = load("shot"), load("hit"), load("wall"), load("boom"), load("pickup"), load("door")
	if music := load("music"); music != nil {
		s.music = m.Play(music, audio.Options{Loop: true, Volume: 0.35, IgnorePause: true})
	}
	return s, errors.Join(errs...)
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
