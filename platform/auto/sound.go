package auto

import (
	"fmt"
	"os"
	"path/filepath"

	"diorama/platform"
	"diorama/platform/headless"
	"diorama/platform/sound"
)

// startSound opens the sound output for a platform.Sounder game (one
// line on the log when the machine has none) and returns what stops it.
func startSound(g platform.Game, opt Options) func() {
	m := platform.MixerOf(g)
	if m == nil {
		return func() {}
	}
	out := sound.Start(m, logTo(opt))
	return func() { out.Close() }
}

// soundFile opens path for a headless run's WAV (nothing when empty).
func soundFile(h *headless.Options, path string) (func() error, error) {
	if path == "" {
		return func() error { return nil }, nil
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, fmt.Errorf("auto: %w", err)
	}
	f, err := os.Create(path)
	if err != nil {
		return nil, fmt.Errorf("auto: %w", err)
	}
	h.Sound = f
	return func() error {
		if err := f.Close(); err != nil {
			return fmt.Errorf("auto: %w", err)
		}
		return nil
	}, nil
}
