// Package determinism owns the engine's cross-platform determinism check:
// [Sim], a headless simulation that exercises scene, physics (bodies of
// every shape, rotation, bullets, ray casts), ai/steer, ai/tactics and
// mathx's elementary functions with a fixed seed and scripted input, and
// [Trace], its state hash after every tick.
//
// The package's test cross-builds cmd/trace (which prints that trace) for
// amd64 with GOAMD64=v3, 386, arm64 and 32-bit arm (run under qemu-user)
// and js/wasm (run under node) and requires every target's trace to equal
// the native one
// tick by tick; a target whose runner is missing is skipped with a
// message, except under CI=true, where it fails. Another test compiles the
// simulation packages for arm64 with -d=fmahash and fails on any multiply
// that the compiler fused into an FMA in mathx, physics, ai/steer,
// ai/tactics, scene/step.go, this package, or the sound (audio and its
// Vorbis decoder, scene/sound.go): on arm64 and amd64 v3 a
// fused a*b+c rounds once instead of twice, and one changed bit is enough
// for two machines to play different games.
//
// The sound has two traces: [AudioTrace], a seeded mixer script's
// per-tick hash, and [DecodeFile], which the decode test runs on every
// target over WAV, FLAC, Ogg Vorbis and MP3 files made by sox, flac,
// oggenc and lame, comparing the samples with the native decode.
//
// It imports audio, scene, physics, ai/steer, ai/tactics, iso and mathx; nothing
// but its own command imports it.
package determinism
