//go:build android

package main

import (
	"fmt"
	"io"
	"log"

	"diorama/platform"
	"diorama/platform/android"
)

func run(g platform.Game, cfg platform.Config) error { return android.Run(g, cfg) }

func loadSeed() uint64 {
	f, err := android.OpenAsset("seed.txt")
	if err != nil {
		log.Print(err)
		return 1
	}
	defer f.Close()
	b, _ := io.ReadAll(io.LimitReader(f, 64))
	var seed uint64
	if _, err := fmt.Sscan(string(b), &seed); err != nil {
		log.Printf("seed.txt: %v", err)
		return 1
	}
	return seed
}
