// Command trace prints a determinism trace: one line per tick, "tick
// hash" with the hash in hex. By default the simulation's
// ([determinism.Trace] of [determinism.Sim], from tick 0 before the first
// step to -ticks); with -audio the mix's running hash
// ([determinism.AudioTrace]). With -decode dir it decodes each sound file
// named after the flags ([determinism.DecodeFile]) and writes its samples
// to dir/<file's name>.raw (16-bit little-endian, interleaved), printing
// "name frames hash" for each. The determinism tests build it for every
// target platform and compare the outputs.
//
// Usage:
//
//	go run ./internal/determinism/cmd/trace [-ticks 2000] [-seed 1] [-audio]
//	go run ./internal/determinism/cmd/trace -decode dir file...
package main

import (
	"bufio"
	"encoding/binary"
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"diorama/audio"

	"diorama/internal/determinism"
)

func main() {
	ticks := flag.Int("ticks", 2000, "ticks to simulate (or mix)")
	seed := flag.Uint64("seed", 1, "random seed")
	audio := flag.Bool("audio", false, "trace the audio mix instead of the simulation")
	decode := flag.String("decode", "", "decode the sound files named after the flags, writing their samples to this directory")
	flag.Parse()
	if *decode != "" {
		if err := decodeFiles(*decode, flag.Args()); err != nil {
			fmt.Fprintln(os.Stderr, "trace:", err)
			os.Exit(1)
		}
		return
	}
	if *ticks < 0 || *ticks > 1_000_000 {
		fmt.Fprintf(os.Stderr, "trace: -ticks %d out of range (0..1000000)\n", *ticks)
		os.Exit(2)
	}
	trace := determinism.Trace
	if *audio {
		trace = determinism.AudioTrace
	}
	out := bufio.NewWriter(os.Stdout)
	err := trace(*seed, *ticks, func(tick int, h uint64) { fmt.Fprintf(out, "%d %016x\n", tick, h) })
	if ferr := out.Flush(); err == nil {
		err = ferr
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "trace:", err)
		os.Exit(1)
	}
}

// decodeFiles decodes each file and writes its samples to dir.
func decodeFiles(dir string, files []string) error {
	for _, f := range files {
		s, err := determinism.DecodeFile(f)
		if err != nil {
			return err
		}
		raw := make([]byte, 0, 2*len(s.Samples()))
		for _, x := range s.Samples() {
			raw = binary.LittleEndian.AppendUint16(raw, uint16(x))
		}
		name := filepath.Base(f)
		if err := os.WriteFile(filepath.Join(dir, name+".raw"), raw, 0o644); err != nil {
			return err
		}
		fmt.Printf("%s %d %016x\n", name, s.Frames(), audio.HashSamples(audio.HashStart, s.Samples()))
	}
	return nil
}
