//go:build !android

package main

import (
	"fmt"
	"os"

	"diorama/platform"
	"diorama/platform/headless"
)

// run off Android writes the first frame to example.png.
func run(g platform.Game, cfg platform.Config) error {
	res, err := headless.Run(g, cfg, headless.Options{Ticks: 1})
	if err != nil {
		return err
	}
	fmt.Println("not on Android: wrote example.png (make android builds the APK)")
	return res.Frame.SavePNG("example.png")
}

func loadSeed() uint64 {
	var seed uint64 = 1
	if b, err := os.ReadFile("assets/seed.txt"); err == nil {
		fmt.Sscan(string(b), &seed)
	}
	return seed
}
