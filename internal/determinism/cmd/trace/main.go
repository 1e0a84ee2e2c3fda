// Command trace prints a determinism trace: one line per tick, "tick
// hash" with the hash in hex. By default the simulation's
// ([determinism.Trace] of [determinism.Sim], from tick 0 before the first
// step to -ticks); with -audio the mix's running hash
// ([determinism.AudioTrace]). The determinism tests build it for every
// target platform and compare the outputs line by line.
//
// Usage:
//
//	go run ./internal/determinism/cmd/trace [-ticks 2000] [-seed 1] [-audio]
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"

	"diorama/internal/determinism"
)

func main() {
	ticks := flag.Int("ticks", 2000, "ticks to simulate (or mix)")
	seed := flag.Uint64("seed", 1, "random seed")
	audio := flag.Bool("audio", false, "trace the audio mix instead of the simulation")
	flag.Parse()
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
