package main

import (
	"fmt"
	"os"

	"diorama/platform"
	"diorama/platform/internal/testgame"
)

// Width, Height and Seed fix the pattern; the Chromium test renders the
// same pattern natively and compares.
const (
	Width  = 320
	Height = 240
	Seed   = 2026
)

func main() {
	g := testgame.New(Width, Height, Seed)
	if err := run(g, platform.Config{Title: "Diorama web example", Width: Width, Height: Height}); err != nil {
		fmt.Fprintln(os.Stderr, "example:", err)
		os.Exit(1)
	}
}
