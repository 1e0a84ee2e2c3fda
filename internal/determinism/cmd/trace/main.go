// Command trace prints the determinism trace of [determinism.Sim]: one
// line per tick, "tick hash" with the hash in hex, from tick 0 (before
// the first step) to -ticks. The determinism test builds it for every
// target platform and compares the outputs line by line.
//
// Usage:
//
//	go run ./internal/determinism/cmd/trace [-ticks 2000] [-seed 1]
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"

	"diorama/internal/determinism"
)

func main() {
	ticks := flag.Int("ticks", 2000, "ticks to simulate")
	seed := flag.Uint64("seed", 1, "random seed")
	flag.Parse()
	if *ticks < 0 || *ticks > 1_000_000 {
		fmt.Fprintf(os.Stderr, "trace: -ticks %d out of range (0..1000000)\n", *ticks)
		os.Exit(2)
	}
	out := bufio.NewWriter(os.Stdout)
	err := determinism.Trace(*seed, *ticks, func(tick int, h uint64) { fmt.Fprintf(out, "%d %016x\n", tick, h) })
	if ferr := out.Flush(); err == nil {
		err = ferr
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "trace:", err)
		os.Exit(1)
	}
}
