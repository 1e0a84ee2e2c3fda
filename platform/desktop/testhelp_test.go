//go:build cgo && !android && !js && !ios

package desktop

import (
	"image/color"

	"diorama/raster"

	"github.com/go-gl/gl/v3.3-core/gl"
)

func glFinish() { gl.Finish() }

// reallocTexture re-specifies the window's texture with the frame's
// pixels (glTexImage2D), the path the backend avoids.
func reallocTexture(w *window, f *raster.Frame) {
	gl.BindTexture(gl.TEXTURE_2D, w.tex)
	gl.TexImage2D(gl.TEXTURE_2D, 0, gl.RGBA8, int32(f.W()), int32(f.H()), 0, gl.RGBA, gl.UNSIGNED_BYTE, gl.Ptr(f.Pix))
}

func rgba(r, g, b uint8) color.RGBA { return color.RGBA{r, g, b, 255} }
