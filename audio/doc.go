// Package audio is Diorama's sound: sounds loaded once from an fs.FS as
// resources (WAV, MP3, FLAC and Ogg Vorbis, decoded at load under a
// budget, [Limits]),
// and a [Mixer] that plays many voices at once, each with volume, pan,
// pitch, looping and fades, placed in the world's screen space relative to
// a listener ([Mixer.PlayAt]), with a master volume, soft clipping and
// pausing for a game's pause menu.
//
// The mixer is integer fixed-point from the decoded samples to the
// output, so its output is bit-identical on every CPU (amd64, 386, arm64,
// arm, wasm): a headless run's audio is testable by hash like a golden
// frame. It is pulled by the output device in blocks ([Mixer.Read], an
// io.Reader of 16-bit little-endian stereo) or stepped in lock-step with a
// game's fixed ticks ([Mixer.Tick]: exactly Rate/TPS frames per tick, the
// fraction carried), never both. It allocates nothing while playing.
// Sounds decode at load; music can stream instead ([LoadStream],
// [Mixer.PlayStream]): the file's bytes are held and each voice decodes a
// window ahead of the mix, sample for sample what the whole decode gives.
// A file cut short is refused at load (LoadStream too, where the header
// gives the length); a stream's decoding error met while it plays ends
// the voice and is kept for [Stream.Err].
//
// Playing on a device is the platform's business (platform/sound opens
// the output for a game that is a [platform.Sounder]; platform/headless
// writes the mix to a WAV file with [WAVWriter]).
//
// audio imports the standard library, mathx, internal/loadutil and the
// pure-Go decoders (github.com/hajimehoshi/go-mp3, github.com/mewkiz/flac,
// and its own audio/internal/vorbis);
// it must NOT import platform, scene, raster or any other Diorama package.
package audio
