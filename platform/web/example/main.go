// Command example is the web backend's demonstration and test page: it
// presents the platform test pattern (with a cursor cross and the twin
// thumbsticks) in the browser. `make web` builds it into out/web/.
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
