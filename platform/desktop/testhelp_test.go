//go:build cgo && !android && !js && !ios

package desktop

import (
	"image/color"

	"github.com/go-gl/gl/v3.3-core/gl"
)

func glFinish() { gl.Finish() }

func rgba(r, g, b uint8) color.RGBA { return color.RGBA{r, g, b, 255} }
