package vorbis_test

import (
	"bytes"
	"fmt"
	"io"
	"os"

	"diorama/audio/internal/vorbis"
)

// tone.ogg is one second of a 440 Hz tone, 8 kHz mono, encoded with
// oggenc (vorbis-tools 1.4.2: oggenc -s 1 -r -B 16 -C 1 -R 8000 -q 3).

func Example() {
	data, err := os.ReadFile("testdata/tone.ogg")
	if err != nil {
		fmt.Println(err)
		return
	}
	snd, err := vorbis.Decode(data, vorbis.Limits{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%d channel at %d Hz, %d frames\n", snd.Channels, snd.Rate, snd.Frames())
	// Output: 1 channel at 8000 Hz, 8000 frames
}

func ExampleNewReader() {
	data, err := os.ReadFile("testdata/tone.ogg")
	if err != nil {
		fmt.Println(err)
		return
	}
	r, err := vorbis.NewReader(bytes.NewReader(data), vorbis.Limits{})
	if err != nil {
		fmt.Println(err)
		return
	}
	buf := make([]int16, 1024*r.Channels)
	frames := 0
	for {
		n, err := r.Read(buf)
		frames += n / r.Channels // buf[:n] would go to the mixer here
		if err == io.EOF {
			break
		}
		if err != nil {
			fmt.Println(err)
			return
		}
	}
	fmt.Println(frames, "frames")
	// Output: 8000 frames
}

func ExampleDecode_errors() {
	// Errors say what is wrong, prefixed "vorbis: "; the caller adds
	// the file name.
	_, err := vorbis.Decode([]byte("not an ogg file"), vorbis.Limits{MaxChannels: 2})
	fmt.Println(err)
	// Output: vorbis: not an Ogg file (no OggS capture pattern)
}
