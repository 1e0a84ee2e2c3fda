//go:build linux && cgo && !android

package sound

// #cgo pkg-config: alsa
// #include <alsa/asoundlib.h>
//
// static void diorama_alsa_quiet(const char *file, int line, const char *fn, int err, const char *fmt, ...) {}
// static void diorama_alsa_silence(int on) { snd_lib_error_set_handler(on ? diorama_alsa_quiet : NULL); }
import "C"

// quietly runs open with libasound's error messages off: when no device
// opens (a stale PULSE_SERVER, a /dev/snd without a usable card), ALSA
// prints a line to stderr for each device it tries, two dozen of them,
// where the engine prints its one line saying why it plays silently
// (oto's error names every device tried). The default handler is back
// afterwards.
func quietly(open func()) {
	C.diorama_alsa_silence(1)
	defer C.diorama_alsa_silence(0)
	open()
}
