//go:build cgo && !android && !js && !ios

package desktop_test

import (
	"errors"
	"fmt"
	"image/color"
	"os"

	"diorama/platform"
	"diorama/platform/desktop"
	"diorama/raster"
)

type spinner struct{ t int }

func (s *spinner) Update(in *platform.Input) error {
	if in.KeyPressed(platform.KeyEscape) {
		return platform.ErrQuit
	}
	s.t++
	return nil
}

func (s *spinner) Draw(f *raster.Frame, alpha float64) { f.Clear(color.RGBA{uint8(s.t), 0, 64, 255}) }

// Run opens an 800×480 window scaled 2× (integer letterboxing when
// resized; F11 toggles fullscreen) and runs the game until Escape or the
// window closes. Call it from main.
func ExampleRun() {
	err := desktop.Run(&spinner{}, platform.Config{Title: "Spinner", Width: 800, Height: 480, WindowScale: 2})
	if errors.Is(err, desktop.ErrNoDisplay) {
		fmt.Fprintln(os.Stderr, "no display; see platform/auto for the headless fallback")
	}
}
