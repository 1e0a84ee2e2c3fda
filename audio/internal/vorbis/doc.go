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
// (one Vorbis block held at a time) for music. Channels are not
// reordered: they come in the stream's order, which Vorbis defines for
// one to eight channels (spec 4.3.9): mono; L R; L C R; FL FR RL RR;
// FL C FR RL RR; FL C FR RL RR LFE; FL C FR SL SR RC LFE; FL C FR SL SR
// RL RR LFE. Every size read from a header is checked against
// [Limits] before it is allocated; a truncated or corrupt stream is an
// error ("vorbis: ..."; the caller adds the file name), never a panic,
// a hang or unbounded memory.
//
// Where the specification leaves a case open, the package does what
// libvorbis (the reference decoder, oggdec) does, and the tests compare
// with oggdec: windows follow the blocks' actual sizes (a long block's
// previous/next window flags, which agree with the sizes in any
// well-formed stream, are read and not trusted); a residue format 0
// partition cut short by the end of its packet adds nothing; a
// classification word past classes^dims ends a residue; the first
// granule position seen sets the stream's position and, when it is
// less than the frames decoded so far, cuts the difference from the
// start of that packet's output; the last page's cuts the last block.
//
// Not supported: logical streams after the first (chained files, the
// other streams of a multiplexed file); header packets among audio
// packets (an error, where libvorbis skips them).
//
// It imports only the standard library: it is machinery of the audio
// package, which wires it in and adds file names and the engine's
// error kinds; it must not import any other package of the module.
package vorbis
