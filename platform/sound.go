package platform

import "diorama/audio"

// Sounder is an optional interface a [Game] implements to be heard:
// Mixer returns the mixer it plays its sounds on (the same one for the
// whole run). A window's backend opens the sound output for it (through
// platform/sound; a machine without a sound device plays silently, with
// one line saying why), and the headless backend steps the mixer once per
// tick ([audio.Mixer.Tick]) and writes the mix to a WAV file when asked,
// in step with the frames.
type Sounder interface {
	Mixer() *audio.Mixer
}

// MixerOf returns g's mixer when g is a [Sounder], else nil.
func MixerOf(g Game) *audio.Mixer {
	if s, ok := g.(Sounder); ok {
		return s.Mixer()
	}
	return nil
}
