//go:build !js

package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"

	"diorama/perf/webbench"
)

func main() {
	rings := flag.String("rings", "18,72", "comma-separated ring sizes (bullets per round)")
	warmup := flag.String("warmup", "300", "ticks before measuring (300 fill the rings)")
	frames := flag.String("frames", "600", "frames measured per ring size")
	seed := flag.String("seed", "1", "world seed")
	flag.Parse()
	rep := run(webbench.Parse(*rings, *warmup, *frames, *seed))
	b, err := json.Marshal(rep)
	if err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
	os.Stdout.Write(append(b, '\n'))
	if rep.Err != "" {
		fmt.Fprintln(os.Stderr, "bench:", rep.Err)
		os.Exit(1)
	}
}
