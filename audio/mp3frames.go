package audio

import (
	"encoding/binary"
	"fmt"
)

// checkMP3 walks an MP3 file's frames by their headers (no decoding) and
// refuses a truncated file: one whose last frame is cut (the stream ends
// inside it), or which holds fewer frames than its Xing/Info header (the
// first frame LAME and most encoders write) says it has (cut on a frame
// boundary). go-mp3 decodes what is there and stops quietly, so without
// this a third of a file would load as a shorter sound. The walk stops,
// judging nothing, at a tag after the audio (ID3v1, APE, Lyrics3) or at
// bytes that are not a Layer III frame header (go-mp3 skips such junk).
func checkMP3(name string, data []byte) error {
	pos := 0
	if len(data) >= 10 && string(data[:3]) == "ID3" {
		size := int(data[6]&0x7f)<<21 | int(data[7]&0x7f)<<14 | int(data[8]&0x7f)<<7 | int(data[9]&0x7f)
		pos = 10 + size
		if data[5]&0x10 != 0 {
			pos += 10 // footer
		}
	}
	frames, declared := 0, -1
	for pos+4 <= len(data) {
		h := data[pos : pos+4]
		n, side := mp3FrameLen(h)
		if n == 0 {
			break // a tag, junk, or a free-format frame: not judged
		}
		if pos+n > len(data) {
			return &Error{File: name, Msg: fmt.Sprintf("truncated MP3 stream: frame %d at byte %d is %d bytes, the file ends %d bytes after its start", frames+1, pos, n, len(data)-pos), Kind: ErrSyntax}
		}
		if frames == 0 {
			declared = xingFrames(data[pos:pos+n], side)
		}
		frames++
		pos += n
	}
	// The Xing/Info frame holds no audio and does not count itself
	// (LAME's and FFmpeg's writers, and the players that compute a
	// duration from the count, agree).
	if declared > 0 && frames-1 < declared {
		return &Error{File: name, Msg: fmt.Sprintf("truncated MP3 stream: %d audio frames, its Xing/Info header declares %d", frames-1, declared), Kind: ErrSyntax}
	}
	return nil
}

// mp3FrameLen returns the length in bytes of the MPEG-1/2/2.5 Layer III
// frame whose header is h, and the size of its side information; 0 when
// h is not such a header (or a free-format one, whose length it does not
// carry).
func mp3FrameLen(h []byte) (n, side int) {
	if h[0] != 0xFF || h[1]&0xE0 != 0xE0 {
		return 0, 0
	}
	version := h[1] >> 3 & 3 // 3 MPEG-1, 2 MPEG-2, 0 MPEG-2.5
	if version == 1 || h[1]>>1&3 != 1 {
		return 0, 0 // reserved version, or not Layer III
	}
	bi, si := int(h[2]>>4), int(h[2]>>2&3)
	if bi == 0 || bi == 15 || si == 3 {
		return 0, 0
	}
	mono := h[3]>>6 == 3
	if version == 3 {
		rate := [3]int{44100, 48000, 32000}[si]
		br := [15]int{0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320}[bi]
		side = 32
		if mono {
			side = 17
		}
		return 144000*br/rate + int(h[2]>>1&1), side
	}
	rate := [3]int{22050, 24000, 16000}[si]
	if version == 0 {
		rate /= 2
	}
	br := [15]int{0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160}[bi]
	side = 17
	if mono {
		side = 9
	}
	return 72000*br/rate + int(h[2]>>1&1), side
}

// xingFrames returns the frame count of a Xing or Info header in frame f
// (after its 4-byte header and side information), or -1 without one.
func xingFrames(f []byte, side int) int {
	at := 4 + side
	if len(f) < at+12 {
		return -1
	}
	if tag := string(f[at : at+4]); tag != "Xing" && tag != "Info" {
		return -1
	}
	if binary.BigEndian.Uint32(f[at+4:])&1 == 0 {
		return -1 // no frame count
	}
	return int(binary.BigEndian.Uint32(f[at+8:]))
}
