//go:build !js && !android

package auto_test

import (
	"fmt"
	"image/color"
	"os"

	"diorama/platform"
	"diorama/platform/auto"
	"diorama/raster"
)

type blink struct{ t int }

func (b *blink) Update(in *platform.Input) error {
	b.t++
	if in.KeyPressed(platform.KeyEscape) {
		return platform.ErrQuit
	}
	return nil
}

func (b *blink) Draw(f *raster.Frame, alpha float64) {
	f.Clear(color.RGBA{uint8(b.t * 4), 40, 90, 255})
}

// A main package needs one call: a window when there is a display,
// otherwise out/blink.png and out/blink.gif with a message on stderr. The
// same code runs in the browser (GOOS=js) and on Android (gomobile).
func ExampleRun() {
	err := auto.Run(&blink{}, platform.Config{Title: "Blink", Width: 320, Height: 240},
		auto.Options{Name: "blink", Ticks: 120})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
