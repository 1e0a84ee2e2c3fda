package main

import (
	"fmt"
	"os"

	"diorama/platform"
	"diorama/platform/internal/testgame"
)

func main() {
	seed := loadSeed()
	g := testgame.New(480, 270, seed)
	if err := run(g, platform.Config{Title: "Diorama", Width: 480, Height: 270}); err != nil {
		fmt.Fprintln(os.Stderr, "example:", err)
		os.Exit(1)
	}
}
