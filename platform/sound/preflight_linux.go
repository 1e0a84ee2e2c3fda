//go:build linux && !android

package sound

import (
	"errors"
	"os"
	"path/filepath"
)

// preflight refuses early, with one clear reason, a Linux machine that has
// neither a sound card (/dev/snd) nor a sound server's socket
// (PulseAudio, PipeWire): ALSA would otherwise try every device it knows
// and print its own errors for each.
func preflight() error {
	if _, err := os.Stat("/dev/snd"); err == nil {
		return nil
	}
	if os.Getenv("PULSE_SERVER") != "" {
		return nil
	}
	run := os.Getenv("XDG_RUNTIME_DIR")
	for _, p := range []string{filepath.Join(run, "pulse", "native"), filepath.Join(run, "pipewire-0"), "/run/pulse/native", "/var/run/pulse/native"} {
		if run == "" && !filepath.IsAbs(p) {
			continue
		}
		if _, err := os.Stat(p); err == nil {
			return nil
		}
	}
	return errors.New("no sound device: no /dev/snd and no PulseAudio or PipeWire server")
}
