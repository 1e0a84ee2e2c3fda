// Package sound plays an [audio.Mixer] on the machine's sound output:
// [Start] opens the default device and lets it pull the mixer in blocks.
// It uses github.com/ebitengine/oto/v3: ALSA on Linux (cgo, libasound2),
// Core Audio on macOS and WASAPI on Windows (no cgo), WebAudio in the
// browser. On Android it uses AAudio through a small cgo layer of its own
// (aaudio_android.go: libaaudio.so opened with dlopen, so the app still
// loads on API 23-25, silent there; oto's Android driver is C++ Oboe,
// which the project's bionic sysroot does not build). On a machine
// without a sound device (no /dev/snd, no sound server) and in a build
// without cgo, Start returns a silent output and writes one line saying
// why: the game runs the same, unheard.
//
// sound imports audio and oto; platform's backends and platform/auto
// import it, never games directly (a game is a platform.Sounder).
package sound
