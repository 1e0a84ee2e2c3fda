//go:build !(js && wasm)

package main

import (
	"fmt"

	"diorama/platform"
	"diorama/platform/headless"
)

// run outside a browser writes the first frame to example.png.
func run(g platform.Game, cfg platform.Config) error {
	res, err := headless.Run(g, cfg, headless.Options{Ticks: 1})
	if err != nil {
		return err
	}
	fmt.Println("not in a browser: wrote example.png (build with GOOS=js GOARCH=wasm for the page)")
	return res.Frame.SavePNG("example.png")
}
