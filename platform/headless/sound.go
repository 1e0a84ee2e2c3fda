package headless

import (
	"errors"
	"fmt"
	"io"

	"diorama/audio"
	"diorama/platform"
)

// sound steps a Sounder game's mixer once per tick into a WAV file.
type sound struct {
	m *audio.Mixer
	w *audio.WAVWriter
}

func startSound(g platform.Game, w io.WriteSeeker) (*sound, error) {
	if w == nil {
		return nil, nil
	}
	m := platform.MixerOf(g)
	if m == nil {
		return nil, errors.New("headless: Options.Sound is set but the game is not a platform.Sounder (it has no mixer)")
	}
	ww, err := audio.NewWAVWriter(w, m.Rate())
	if err != nil {
		return nil, fmt.Errorf("headless: %w", err)
	}
	return &sound{m: m, w: ww}, nil
}

func (s *sound) tick() error {
	if s == nil {
		return nil
	}
	if err := s.w.Write(s.m.Tick()); err != nil {
		return fmt.Errorf("headless: %w", err)
	}
	return nil
}

func (s *sound) close(res *Result) error {
	if s == nil {
		return nil
	}
	res.SoundHash, res.SoundFrames = s.w.Hash(), s.w.Frames()
	if err := s.w.Close(); err != nil {
		return fmt.Errorf("headless: %w", err)
	}
	return nil
}
