// Package platform is the small contract between a Diorama game and the
// machine it runs on. It owns the [Game] interface, the [Config] a game asks
// for, the input events and per-tick [Input] state shared by every backend
// (keyboard, mouse, gamepads, touch), the [ScaleMode] that fits the fixed
// logical frame into a window (integer scaling and letterboxing by
// default), dead zones, on-screen twin [Thumbstick]s (movement and
// aiming), and the [Driver] that runs fixed ticks and one draw per
// presented frame.
//
// Replays: a [Recorder] in [Config.Record] writes every tick's input (the
// events and gamepad states the backend fed in) to a small versioned file
// whose header names the tick rate, the frame size, the game's seed and the
// build ([BuildFingerprint]); a [Replay] ([LoadReplay], [ParseReplay]) in
// [Config.Replay] feeds that input back instead of live input and checks
// the game's state hash ([StateHasher]) at the recorded checkpoints and
// at the end, so a diverging build or CPU is reported ([ReplayError])
// rather than playing on silently. Any backend replays, since the [Driver] does it.
//
// The backends live in sub-packages and all drive a game through [Driver]:
// platform/desktop (GLFW and OpenGL), platform/web (js/wasm canvas),
// platform/android (golang.org/x/mobile) and platform/headless (no window;
// PNG and GIF output, scripted input). platform/auto picks one at run time.
//
// A game that is a [Sounder] is heard: platform/sound plays its mixer on
// the machine's output, platform/headless writes it to a WAV file.
//
// platform may import raster, loop, mathx, audio and internal/loadutil
// (reading a replay file), and never scene, physics, ai, iso or atlas. It
// contains no cgo; cgo lives only in the backends (and platform/sound).
package platform
