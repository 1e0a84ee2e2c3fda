// Command example is the Android backend's demonstration app: the
// platform test pattern with the twin thumbsticks under your fingers. Its
// pattern seed comes from assets/seed.txt, read through x/mobile's asset
// package. `make android` packages it into an APK with gomobile.
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
