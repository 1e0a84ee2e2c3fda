//go:build android

package main

import (
	"fmt"
	"io"
	"log"
	"os"

	"diorama/audio"
	"diorama/platform"
	"diorama/platform/android"
	"diorama/platform/sound"
)

// run runs g with the sound output open (a mixer that plays nothing: the
// APK checks then cover the AAudio layer's imports).
func run(g platform.Game, cfg platform.Config) error {
	m, err := audio.NewMixer(audio.Config{})
	if err != nil {
		return err
	}
	out := sound.Start(m, os.Stderr)
	defer out.Close()
	return android.Run(g, cfg)
}

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
