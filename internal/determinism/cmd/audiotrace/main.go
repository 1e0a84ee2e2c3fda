// Command audiotrace prints the audio determinism trace of
// [determinism.AudioTrace]: one line per tick, "tick hash", the running
// hash of the mix. The determinism test builds it for every target
// platform and compares the outputs line by line.
//
// Usage:
//
//	go run ./internal/determinism/cmd/audiotrace [-ticks 1200] [-seed 1]
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"

	"diorama/internal/determinism"
)

func main() {
	ticks := flag.Int("ticks", 1200, "ticks to mix")
	seed := flag.Uint64("seed", 1, "random seed")
	flag.Parse()
	if *ticks < 0 || *ticks > 1_000_000 {
		fmt.Fprintf(os.Stderr, "audiotrace: -ticks %d out of range (0..1000000)\n", *ticks)
		os.Exit(2)
	}
	out := bufio.NewWriter(os.Stdout)
	err := determinism.AudioTrace(*seed, *ticks, func(tick int, h uint64) { fmt.Fprintf(out, "%d %016x\n", tick, h) })
	if ferr := out.Flush(); err == nil {
		err = ferr
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "audiotrace:", err)
		os.Exit(1)
	}
}
