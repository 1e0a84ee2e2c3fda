// Package vorbis decodes Ogg Vorbis audio in pure Go, written from the
// Vorbis I specification (xiph.org) and RFC 3533 (Ogg).
//
// It owns the Ogg page layer (capture pattern, CRC-32, lacing, packets
// across pages, the first logical stream only: pages of multiplexed
// streams are skipped and a chained stream ends the input at the first
// one's end-of-stream page) and the Vorbis decoder: the three headers
// (codebooks with lookup types 0, 1 and 2, floors 0 and 1, residues 0, 1
// and 2, mappings with channel coupling, modes), audio packet decode,
// the FFT-based inverse MDCT, windowing and overlap-add, and the exact
// end trim given by the last page's granule position.
//
// [Decode] decodes a whole file held in memory to interleaved int16
// samples; [NewReader] returns a [Reader] that decodes block by block
// (one Vorbis block held at a time) for music. Samples are in the
// channel order Vorbis defines (spec 4.3.9: mono; L R; L C R; FL FR RL
// RR; FL C FR RL RR; FL C FR RL RR LFE; FL C FR SL SR RL LFE... as the
// stream says). Every size read from a header is checked against
// [Limits] before it is allocated; a truncated or corrupt stream is an
// error ("vorbis: ..."; the caller adds the file name), never a panic,
// a hang or unbounded memory.
//
// Windows follow the blocks' actual sizes, as libvorbis applies them;
// a long block's previous/next window flags, which agree with the sizes
// in any well-formed stream, are read and not trusted. A residue format
// 0 partition cut short by the end of its packet adds nothing, as in
// libvorbis (the specification leaves that case unsaid).
//
// Not supported: chained and multiplexed streams beyond the first
// logical stream, and trimming the start of a stream whose first
// granule position says samples are to be dropped (libvorbis's
// vorbisfile honours it; encoders such as oggenc never write it).
//
// It imports only the standard library: it is machinery of the audio
// package, which wires it in and adds file names and the engine's
// error kinds; it must not import any other package of the module.
package vorbis
